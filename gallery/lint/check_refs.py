"""Every coordinate a game names exists on its map.

Read from the constants the game's class sees (its own, its modules', its parent game's):
homes and `coordinates:`, destinations, ability `hexes:` and `hex:` (reservations, blockers,
tile lays), `city:` indexes next to a coordinate, constants that list hexes (`*_HEXES` as a
string, a `%w[…]` or an array, or a hash keyed by coordinates) and LOCATION_NAMES. Only strings
that read as coordinates (`E8`, `AA12`, `a1`) are judged; the map is the one the importer reads
plus every hex a map fragment in the game's own folder writes (so a variant's hexes count). A
constant written in another game's folder is judged only when the game's map comes from that
folder too: a game with a map of its own adapts its parent's entities in code.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gallery.lint.findings import CITY_INDEX, NAME_OFF_MAP, UNKNOWN_HEX
from gallery.lint.gameview import GameView, Written, is_coordinate
from gallery.lint.rubytree import Word, key_name, strings, text, unwrap
from gallery.native import COORD
from tile_lang import Diagnostic, did_you_mean

COORDINATE_KEYS = frozenset(
    {"coordinates", "hexes", "hex", "destination", "destination_coordinates"}
)
MAP_CONSTANTS = frozenset({"HEXES", "LOCATION_NAMES"})
Finding = tuple[Diagnostic, Written]


def _listed_in_hexes_constant(node: Any) -> list[Word]:
    """The coordinates a `*_HEXES` constant lists: its strings, or a hash's keys and list
    values. A constant holding a map fragment is the map itself, not a reference."""
    node = unwrap(node)
    if node.type != "hash":
        return strings(node)
    found: list[Word] = []
    for pair in node.named_children:
        if pair.type != "pair":
            continue
        key, value = pair.child_by_field_name("key"), unwrap(pair.child_by_field_name("value"))
        symbol = key is not None and key.type in ("hash_key_symbol", "simple_symbol")
        if symbol and value.type in ("hash", "string", "chained_string"):
            return []  # colour groups (`white: {…}`): a map fragment
        found.extend(strings(key) if key is not None else [])
        if value.type in ("array", "string_array"):
            found.extend(strings(value))
    return found


def _references(written: Written) -> Iterator[tuple[Word, Any]]:
    """(coordinate written, the hash pair it is the value of, or None) in one constant."""
    name, node = written.constant.name, written.constant.node
    if name.endswith("HEXES") and name not in MAP_CONSTANTS:
        for word in _listed_in_hexes_constant(node):
            yield word, None
        return
    for key, pair in written.file.syntax.pairs_in(node):
        if key not in COORDINATE_KEYS:
            continue
        for word in strings(pair.child_by_field_name("value")):
            yield word, pair


def _nearby(view: GameView, coord: str) -> list[str]:
    """Hexes of the map written like `coord` but one or two numbers away (`E16`, `E18` for
    `E17`): a slip of the number is the usual way to name a hex that does not exist."""
    found = COORD.fullmatch(coord)
    if found is None:
        return []
    letters, number = found["letters"], int(found["number"])
    near = [f"{letters}{number + step}" for step in (-1, 1, -2, 2)]
    return [c for c in near if c in view.game.hexes]


def _off_map(view: GameView, word: Word, written: Written, what: str) -> Diagnostic:
    near = _nearby(view, word.value)
    hint = (
        f"the map has {' and '.join(near)} next to it"
        if near
        else did_you_mean(word.value, sorted(view.coordinates))
    )
    return written.file.spot(word.node).finding(
        "error",
        UNKNOWN_HEX if what != "name" else NAME_OFF_MAP,
        f"{'a location name for ' if what == 'name' else ''}hex {word.value}, which is not on "
        f"the map of {{games}}",
        hint or "check the coordinate against the map's HEXES",
    )


def _city_index(view: GameView, word: Word, pair: Any, written: Written) -> Diagnostic | None:
    """`city: N` in the same hash as a single coordinate: N must be a city of that hex."""
    if len(strings(pair.child_by_field_name("value"))) != 1:
        return None  # several homes: which one the index is for is code's business
    owner = pair.parent
    for sibling in owner.named_children if owner is not None else ():
        if sibling.type != "pair" or key_name(sibling) != "city":
            continue
        value = sibling.child_by_field_name("value")
        tile = view.hex_tile(word.value)
        if value is None or value.type != "integer" or tile is None:
            return None
        index, cities = int(text(value)), len(tile.cities)
        if index < cities:
            return None
        if cities == 1:  # `Tile#add_reservation!` takes the only city whatever the index
            return written.file.spot(value).finding(
                "warning",
                CITY_INDEX,
                f"city {index} of hex {word.value}, which has one city on the map of "
                "{games} (the engine takes city 0)",
                "write `city: 0`, or leave `city:` out",
            )
        return written.file.spot(value).finding(
            "error",
            CITY_INDEX,
            f"city {index} of hex {word.value}, which has {cities} cities on the map of {{games}}",
            f"cities count from 0 in the order the hex's code writes them (0 to {cities - 1})"
            if cities
            else "the hex has no city",
        )
    return None


def _none_on_map(view: GameView, words: list[Word], written: Written) -> Diagnostic:
    return written.file.spot(words[0].node).finding(
        "error",
        UNKNOWN_HEX,
        f"none of the {len(words)} hexes {written.constant.name} lists is on the map of {{games}}",
        "a constant copied from another game? Check its coordinates against the map's HEXES",
    )


def _constant_findings(view: GameView, written: Written) -> Iterator[Diagnostic]:
    found = [(w, p) for w, p in _references(written) if is_coordinate(w.value)]
    missing = [w for w, _ in found if w.value not in view.coordinates]
    if not view.same_author(written):
        return  # another game's data for another map: the game adapts it in code
    if len(missing) >= 3 and len(missing) == len(found):
        yield _none_on_map(view, missing, written)
        return
    for word, pair in found:
        if word.value not in view.coordinates:
            yield _off_map(view, word, written, "ref")
        elif pair is not None and key_name(pair) in ("coordinates", "hex"):
            index = _city_index(view, word, pair, written)
            if index is not None:
                yield index


def reference_findings(view: GameView) -> Iterator[Finding]:
    """unknown-hex, city-index and name-off-map for one game."""
    if view.map_undecided is not None or not view.game.hexes:
        return
    for written in view.constants.values():
        for finding in _constant_findings(view, written):
            yield finding, written
    names = view.constants.get("LOCATION_NAMES")
    if names is None or not view.same_author(names):
        return  # another game's names for another map
    node = unwrap(names.constant.node)
    for pair in node.named_children if node.type == "hash" else ():
        key = pair.child_by_field_name("key") if pair.type == "pair" else None
        for word in strings(key) if key is not None else []:
            if is_coordinate(word.value) and word.value not in view.coordinates:
                yield _off_map(view, word, names, "name"), names
