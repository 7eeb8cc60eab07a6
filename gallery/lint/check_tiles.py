"""The manifest: every tile name the game uses is a tile, game tiles do not reuse a catalog
name for something else, and no tile or hex is an upgrade dead end.

Tile names are read where they are written: the keys of TILES and ability `tiles:` lists.
Dead ends come from the upgrade rules the site implements (`gallery.upgrades`, the engine's base
rules): a manifest tile that no map hex and no manifest tile can become, and a buildable
preprinted hex (white with a city, town or label, or yellow or green) that no manifest tile can
replace. A game's own code may lay tiles the base rules do not (special abilities, steps): a
game with its own upgrade methods is not judged (one info line), and a tile or label the code
names (a quoted string in any of the game's Ruby files outside its map data) is left to that
code, so a dead end is a warning with its reason.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gallery.lint.findings import NEVER_LAID, NO_UPGRADE, NOT_DECIDED, TILE_CLASH, UNKNOWN_TILE
from gallery.lint.gamefiles import FileFacts
from gallery.lint.gameview import GameView, Written
from gallery.lint.rubytree import Word, strings, unwrap
from gallery.upgrades import Table, offered_colors, upgrade_tables_both
from tile_lang import Diagnostic, Tile, catalog, did_you_mean
from tile_lang.rotation import rotate
from tile_lang.upgrades import ShapeCache, UpgradeShape, check_rotations

Finding = tuple[Diagnostic, FileFacts]
_INSTANCE = re.compile(r"-\d+$")  # `P1-0`: a tile's first copy on the board
_QUOTED = re.compile(rb"""['"]([^'"\s\\#]{1,24})['"]|%w\[([^\]]*)\]""")


def _manifest_keys(view: GameView) -> Iterator[tuple[Word, Any]]:
    """(name written, its value node) for each entry of the TILES hash the game sees."""
    written = view.constants.get("TILES")
    if written is None:
        return
    node = unwrap(written.constant.node)
    for pair in node.named_children if node.type == "hash" else ():
        if pair.type != "pair":
            continue
        for word in strings(pair.child_by_field_name("key")):
            yield word, unwrap(pair.child_by_field_name("value"))


def _known(view: GameView, name: str) -> bool:
    base = _INSTANCE.sub("", name)
    tiles = view.game.tiles
    return any(n in tiles or catalog.lookup(n) is not None for n in (name, base))


def _unknown(view: GameView, word: Word, facts: FileFacts, where: str) -> Diagnostic:
    close = did_you_mean(word.value, sorted(view.game.tiles))
    return facts.spot(word.node).finding(
        "error",
        UNKNOWN_TILE,
        f"tile {word.value!r} ({where}) is neither in the catalog nor in the game's TILES "
        "({games})",
        close or "name a catalog tile or add it to TILES",
    )


def _clash(view: GameView, word: Word, value: Any, facts: FileFacts) -> Diagnostic | None:
    """A game tile (a hash with its own code) named like a different catalog tile."""
    listed = catalog.lookup(word.value)
    entry = view.game.tiles.get(word.value)
    if listed is None or entry is None or entry.catalog or value.type != "hash":
        return None
    own, theirs = view.checkout.tile(entry.code) if view.checkout else None, None
    if view.checkout is not None:
        theirs = view.checkout.tile(listed.code)
    if own is None or theirs is None:
        return None
    if entry.color == listed.color and same_tile(own, theirs):
        return None
    return facts.spot(word.node).finding(
        "warning",
        TILE_CLASH,
        f"tile {word.value} of this game is not the catalog's tile {word.value} "
        f"({listed.color}: {listed.code})",
        "a player reading the number expects the catalog tile: give the game's tile its own "
        "name (the engine uses the game's)",
    )


def _ability_tiles(view: GameView) -> Iterator[tuple[Word, Written, str]]:
    """Tile names in ability `tiles:` lists (constants that list tiles, `*_TILES` or
    `*_UPGRADES`, mix in labels and names the game's code makes up: they are not judged)."""
    for written in view.constants.values():
        for key, pair in written.file.syntax.pairs_in(written.constant.node):
            if key == "tiles":
                for word in strings(pair.child_by_field_name("value")):
                    yield word, written, "an ability's `tiles:`"


def same_tile(one: Tile, other: Tile) -> bool:
    """The same parts, in any order, at some rotation."""
    wanted = sorted(map(repr, other.parts))
    return any(sorted(map(repr, rotate(one, r).parts)) == wanted for r in range(6))


def tile_name_findings(view: GameView) -> Iterator[tuple[Diagnostic, FileFacts]]:
    """unknown-tile and tile-clash."""
    if view.tiles_undecided is not None:
        return
    manifest = view.constants.get("TILES")
    for word, value in _manifest_keys(view):
        assert manifest is not None
        if value.type != "hash" and catalog.lookup(word.value) is None:
            yield _unknown(view, word, manifest.file, "in TILES"), manifest.file
        clash = _clash(view, word, value, manifest.file)
        if clash is not None:
            yield clash, manifest.file
    colours = frozenset(catalog.colors())
    for word, written, where in _ability_tiles(view):
        if word.value in colours or not word.value or _known(view, word.value):
            continue
        yield _unknown(view, word, written.file, where), written.file


def _quoted(data: bytes) -> Counter[str]:
    found: Counter[str] = Counter()
    for match in _QUOTED.finditer(data):
        words = match.group(1) if match.group(2) is None else match.group(2)
        for word in (words or b"").split():
            found[_INSTANCE.sub("", word.decode("utf-8", "replace"))] += 1
    return found


def _mentions(directories: list[Path], cache: dict[Path, Counter[str]]) -> Counter[str]:
    """Every quoted string and `%w` word of the games' Ruby files (steps and rounds too)."""
    total: Counter[str] = Counter()
    for directory in directories:
        if directory not in cache:
            found: Counter[str] = Counter()
            for path in sorted(directory.rglob("*.rb")):
                for match in _QUOTED.finditer(path.read_bytes()):
                    words = match.group(1) or b""
                    found.update(
                        w.decode("utf-8", "replace")
                        for w in (
                            words.split() if match.group(2) is None else match.group(2).split()
                        )
                    )
            cache[directory] = found
        total.update(cache[directory])
    return total


# colours of preprinted hexes a game expects to be built on (a brown or gray preprinted hex
# is often final by design)
_BUILDABLE = ("white", "yellow", "green")


def _colour_at(rank: int | None, step: int) -> str:
    order = catalog.colors()
    index = (rank if rank is not None else -9) + step
    return order[index] if 0 <= index < len(order) else "?"


def _stops(shape: UpgradeShape) -> str:
    return f"{shape.cities} cit{'y' if shape.cities == 1 else 'ies'} and {shape.towns} town(s)"


def _why(shape: UpgradeShape, others: list[UpgradeShape], colour: str, role: str) -> str:
    """Why none of `others` (the other side of the upgrade, of `colour`) fits `shape`: the
    engine matches labels first, then counts of cities and towns, then track."""
    if not others:
        return f"there is no {colour} {role}"
    label = shape.label
    if label is not None:
        if not any(
            o.label == label or (o.future_label and o.future_label.label == label) for o in others
        ):
            return f"no {colour} {role} has the label {label}"
    else:
        counts = [o for o in others if (o.cities, o.towns) == (shape.cities, shape.towns)]
        if not counts:
            return f"no {colour} {role} has {_stops(shape)}"
        if all(o.label is not None for o in counts):
            return f"every {colour} {role} with {_stops(shape)} has a label, this one has none"
    return f"no {colour} {role} keeps its track and stops (at a rotation the map allows)"


class _DeadEnds:
    """The upgrade tables of one game and what its code names."""

    def __init__(self, view: GameView, mentions: Counter[str]) -> None:
        self.view = view
        self.mentions = mentions
        self.in_manifest: Counter[str] = Counter()
        for text in view.manifests:
            self.in_manifest.update(_quoted(text))
        self.shapes = view.checkout.shapes if view.checkout is not None else ShapeCache()
        game = view.game
        tile_level, on_map = _tables(game, self.shapes)
        self.on_map = on_map
        self.offered = offered_colors(game)
        self.tile_level = tile_level
        self.reached = self._reach()

    def _reach(self) -> set[str]:
        """Every supply tile some hex of the map can become, step by step. A hex's future
        label rides on the tiles laid on it until a tile of its colour comes (the engine's
        `Hex#lay`), so a chain from such a hex is followed with the label it carries."""
        game = self.view.game
        reached: set[str] = set()
        seen: set[tuple[str, str, str]] = set()
        todo: list[tuple[str, str, str]] = []
        for coord, row in self.on_map.items():
            h = game.hexes[coord]
            hex_shape = self.shape(h.code, h.color)
            future = hex_shape.future_label if hex_shape is not None else None
            for target, rotations in row.items():
                if rotations:
                    todo.append(self._state(target, future))
        while todo:
            state = todo.pop()
            if state in seen:
                continue
            seen.add(state)
            reached.add(state[0])
            todo.extend(self._next(state))
        return reached

    def _next(self, state: tuple[str, str, str]) -> list[tuple[str, str, str]]:
        """The states a tile (carrying a future label or not) can become."""
        name, label, colour = state
        tiles = self.view.game.tiles
        if not label:
            return [
                self._state(t, None)
                for t, rotations in self.tile_level.get(name, {}).items()
                if rotations and t in tiles
            ]
        entry = tiles[name]
        old = self.shape(f"{entry.code};future_label=label:{label},color:{colour}", entry.color)
        if old is None or old.rank is None:
            return []
        found = []
        for target, other in tiles.items():
            new = self.shape(other.code, other.color)
            if new is None or new.rank != old.rank + 1 or other.color not in self.offered:
                continue
            if check_rotations(old, new).legal:
                found.append(self._state(target, old.future_label))
        return found

    def _state(self, name: str, carried: Any) -> tuple[str, str, str]:
        """(tile, label, colour): a tile laid with the future label it carries on from the
        hex (none once a tile of that colour is laid; a tile's own future label wins)."""
        entry = self.view.game.tiles[name]
        tile = self.view.checkout.tile(entry.code) if self.view.checkout else None
        own = tile.future_labels[-1] if tile is not None and tile.future_labels else None
        future = own if own is not None else carried
        if future is None or future.label is None or future.color == entry.color:
            return (name, "", "")
        return (name, str(future.label), str(future.color))

    def shape(self, code: str, colour: str) -> UpgradeShape | None:
        try:
            return self.shapes.get(code, colour)
        except ValueError:
            return None

    def named(self, *names: str | None) -> bool:
        """Whether the game's code names any of `names` (outside its TILES hash)."""
        return any(n is not None and self.mentions[n] > self.in_manifest[n] for n in names)

    def never_laid(self) -> Iterator[Finding]:
        game = self.view.game
        spots = {w.value: w for w, _ in _manifest_keys(self.view)}
        manifest = self.view.constants.get("TILES")
        for name, entry in game.tiles.items():
            if name in self.reached or entry.hidden or entry.count == 0 or name not in spots:
                continue
            shape = self.shape(entry.code, entry.color)
            if shape is None or shape.rank is None or self.named(name, shape.label):
                continue
            if entry.color not in self.offered or manifest is None:
                continue
            before = _colour_at(shape.rank, -1)
            others = [s for s in self._origins() if s.rank == shape.rank - 1]
            reason = _why(shape, others, before, "hex or tile")
            yield (
                manifest.file.spot(spots[name].node).finding(
                    "warning",
                    NEVER_LAID,
                    f"tile {name} can never be laid: no hex or tile can become it ({reason})",
                    "check its label, cities and towns against the map and the manifest, or name "
                    "the rule that lays it in the game's code",
                ),
                manifest.file,
            )

    def _origins(self) -> list[UpgradeShape]:
        game = self.view.game
        found = [self.shape(h.code, h.color) for h in game.hexes.values()]
        found += [self.shape(e.code, e.color) for n, e in game.tiles.items() if n in self.reached]
        return [s for s in found if s is not None]

    def no_upgrade(self) -> Iterator[Finding]:
        game = self.view.game
        supply = [self.shape(e.code, e.color) for e in game.tiles.values()]
        for coord, row in self.on_map.items():
            h = game.hexes[coord]
            if any(row.values()) or h.color not in _BUILDABLE or self.named(coord):
                continue
            shape = self.shape(h.code, h.color)
            if shape is None or shape.rank is None or self.named(shape.label):
                continue
            if h.color == "white" and not (shape.cities or shape.towns or shape.label):
                continue
            after = _colour_at(shape.rank, 1)
            targets = [s for s in supply if s is not None and s.rank == shape.rank + 1]
            found = self.view.hex_spot(coord)
            if after not in self.offered or not targets or found is None:
                continue
            spot, facts = found
            reason = _why(shape, targets, after, "tile")
            yield (
                spot.finding(
                    "warning",
                    NO_UPGRADE,
                    f"no tile of the manifest can ever be laid on hex {coord}: {reason}",
                    "check the hex's label, cities and towns against the manifest's tiles",
                ),
                facts,
            )


def _tables(game: Any, shapes: ShapeCache) -> tuple[Table, Table]:
    """(tile level, on the map): what the engine offers, plus the tiles that block lays
    (a special ability lays those, so they are not dead ends)."""
    tile_level, on_map = upgrade_tables_both(game, shapes)
    blocked = {k: {**v, **tile_level.legal.get(k, {})} for k, v in tile_level.blocks_lay.items()}
    return tile_level.legal | blocked, on_map.legal


# methods by which a game lays tiles the base rules would not
CUSTOM_RULES = re.compile(
    rb"^[ \t]*def (upgrades_to\?|upgrades_to_correct_\w+\?|potential_tiles|upgradeable_tiles"
    rb"|tile_valid_for_phase\?|init_tiles)\b",
    re.M,
)


def _custom_rules(view: GameView) -> Diagnostic | None:
    """An info line at the first method by which the game's code lays tiles its own way."""
    for directory in view.directories:
        for path in sorted(directory.rglob("*.rb")):
            data = path.read_bytes()
            match = CUSTOM_RULES.search(data)
            if match is None:
                continue
            line = data.count(b"\n", 0, match.start()) + 1
            name = path.relative_to(view.checkout.root).as_posix() if view.checkout else str(path)
            return Diagnostic(
                severity="info",
                message=f"upgrade dead ends not checked: the game lays tiles by its own rules "
                f"(`def {match.group(1).decode()}`) ({view.id})",
                code=NOT_DECIDED,
                file=name,
                line=line,
                column=1,
                hint="only the engine's base upgrade rules are known without running Ruby",
            )
    return None


def dead_end_findings(view: GameView, cache: dict[Path, Counter[str]]) -> Iterator[Finding]:
    """never-laid and no-upgrade."""
    if view.map_undecided is not None or view.tiles_undecided is not None:
        return
    if not view.game.hexes or not view.game.tiles:
        return
    custom = _custom_rules(view)
    if custom is not None:
        yield custom, FileFacts.nowhere()
        return
    dead = _DeadEnds(view, _mentions(view.directories, cache))
    never = list(dead.never_laid())
    if len(never) > max(5, len(view.game.tiles) // 3):
        yield (
            _unlike_base_rules(view, len(never)),
            FileFacts.nowhere(),
        )
        return
    yield from never
    yield from dead.no_upgrade()


def _unlike_base_rules(view: GameView, count: int) -> Diagnostic:
    """One info line for a game the base rules clearly do not describe."""
    manifest = view.constants.get("TILES")
    return Diagnostic(
        severity="info",
        message=f"upgrade dead ends not checked: by the engine's base rules {count} of the "
        f"{len(view.game.tiles)} tiles could never be laid, so the game lays them its own "
        f"way ({view.id})",
        code=NOT_DECIDED,
        file=manifest.file.name if manifest else "",
        line=manifest.constant.line if manifest else 1,
        column=1,
        hint="only the engine's base upgrade rules are known without running Ruby",
    )
