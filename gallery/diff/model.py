"""What changed between two versions of one game: the model every output format is made from.

Two games are compared as the gallery reads them (`gallery.game.Game`), so what a reviewer sees
is what the engine's data says, whatever the Ruby looks like: a hex moved from one colour group
to another is one hex whose colour changed, a string split over two lines differently is no
change at all. Hexes are matched by coordinate, tiles by name.

A hex or tile is `added`, `removed` or `changed`; a change names its fields (`code`, `color`,
`name`, `tile` for a hex; `code`, `color`, `count`, `hidden` for a tile). A code change whose
two strings parse to the same tile (parts in another order, a key spelled the canonical way)
is still a change of the data, flagged `same_tile` so the reader knows the drawing is the same.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal, TypeVar

from gallery.game import Game, MapHex, TileEntry
from tile_lang import Diagnostic, TileSyntaxError, parse
from tile_lang.serialise import serialise_part

Change = Literal["added", "removed", "changed"]
GameStatus = Literal["added", "removed", "changed", "same", "unreadable"]
HexField = Literal["code", "color", "name", "tile"]
TileField = Literal["code", "color", "count", "hidden"]
HEX_FIELDS: tuple[HexField, ...] = ("color", "code", "name", "tile")
TILE_FIELDS: tuple[TileField, ...] = ("color", "code", "count", "hidden")

#: A game-wide setting that changed (`title`, `layout`, `axes`, `id`), as text before and after.
Setting = tuple[str, str, str]


@dataclass(frozen=True)
class PartLine:
    """One `;`-part of a tile string in a code change: `-` only before, `+` only after."""

    sign: Literal["-", "+"]
    text: str


class _CodeParts:
    """What a hex change and a tile change share: the parts of their code that differ."""

    fields: tuple[str, ...]
    same_tile: bool
    old: MapHex | TileEntry | None
    new: MapHex | TileEntry | None

    @property
    def parts(self) -> tuple[PartLine, ...]:
        """The parts of the tile string that differ (none unless the code changed, and none
        listed when the new code is the same tile written in another order)."""
        if "code" not in self.fields or self.same_tile or self.old is None or self.new is None:
            return ()
        return code_parts(self.old.code, self.new.code)


@dataclass(frozen=True)
class HexChange(_CodeParts):
    """One map hex that is new, gone, or different."""

    coord: str
    change: Change
    old: MapHex | None
    new: MapHex | None
    fields: tuple[HexField, ...] = ()
    same_tile: bool = False


@dataclass(frozen=True)
class TileChange(_CodeParts):
    """One tile of the supply that is new, gone, or different."""

    name: str
    change: Change
    old: TileEntry | None
    new: TileEntry | None
    fields: tuple[TileField, ...] = ()
    same_tile: bool = False


@dataclass(frozen=True)
class GameDiff:
    """Everything that differs in one game. `old`/`new` are None when the game is on one side
    only (or could not be read there: `problems` say why)."""

    id: str
    status: GameStatus
    old: Game | None
    new: Game | None
    settings: tuple[Setting, ...] = ()
    hexes: tuple[HexChange, ...] = ()
    tiles: tuple[TileChange, ...] = ()
    problems: tuple[Diagnostic, ...] = ()
    #: What the diff cannot see: a file holding code that builds the map or tiles changed.
    notes: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        game = self.new or self.old
        return game.title if game is not None else self.id

    @property
    def changes(self) -> tuple[HexChange | TileChange, ...]:
        """Every hex change, then every tile change."""
        return (*self.hexes, *self.tiles)

    @property
    def whole_map(self) -> Literal["added", "removed"] | None:
        """Whether the map as a whole is new or gone (a game added or removed, or a map only one
        side has): then its hexes are not worth listing one by one, the map says it all."""
        before = self.old is not None and bool(self.old.hexes)
        after = self.new is not None and bool(self.new.hexes)
        if after and not before:
            return "added"
        if before and not after:
            return "removed"
        return None

    @property
    def listed(self) -> tuple[HexChange | TileChange, ...]:
        """The changes worth a line each: none for a game added or removed; the tiles only when
        the whole map is new or gone."""
        if self.status != "changed":
            return ()
        return self.tiles if self.whole_map else self.changes

    def count(self, what: Literal["hexes", "tiles"], change: Change) -> int:
        changes: tuple[HexChange | TileChange, ...] = self.hexes if what == "hexes" else self.tiles
        return sum(1 for c in changes if c.change == change)


@dataclass(frozen=True)
class DiffReport:
    """The comparison of two sides: every game on either side that differs, the number that
    are the same, and the problems that stopped a comparison (a side or game not readable)."""

    old_label: str
    new_label: str
    games: tuple[GameDiff, ...]
    same: int = 0
    problems: tuple[Diagnostic, ...] = ()

    @property
    def changed(self) -> tuple[GameDiff, ...]:
        return tuple(g for g in self.games if g.status not in ("same", "unreadable"))

    @property
    def exit_code(self) -> int:
        """`diff`'s convention: 0 the same, 1 different, 2 trouble (even when also different)."""
        if self.problems or any(g.status == "unreadable" for g in self.games):
            return 2
        return 1 if self.changed else 0


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts `5` before `57` before `619` before `X1`, and `E9` before `E10`."""
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in re.split(r"(\d+)", text) if p)


def code_parts(old: str, new: str) -> tuple[PartLine, ...]:
    """The `;`-parts only in `old` (`-`) or only in `new` (`+`), in the strings' order."""
    before, after = _split(old), _split(new)
    lines: list[PartLine] = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        lines.extend(PartLine("-", p) for p in before[i1:i2])
        lines.extend(PartLine("+", p) for p in after[j1:j2])
    return tuple(lines)


def _split(code: str) -> list[str]:
    return code.split(";") if code else []


def same_tile(old: str, new: str) -> bool:
    """Whether two different strings describe the same tile: the same parts in canonical form,
    perhaps in another order, with the nodes (cities, towns, …) in the same order, as paths
    name nodes by their place in it (`b:_0`)."""
    try:
        before, after = parse(old), parse(new)
    except (TileSyntaxError, ValueError):
        return False
    if [serialise_part(n) for n in before.nodes] != [serialise_part(n) for n in after.nodes]:
        return False
    return sorted(map(serialise_part, before.parts)) == sorted(map(serialise_part, after.parts))


Entry = TypeVar("Entry", MapHex, TileEntry)


def _changed_fields(old: Entry, new: Entry, fields: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f for f in fields if getattr(old, f) != getattr(new, f))


def _compare(
    old: Mapping[str, Entry],
    new: Mapping[str, Entry],
    fields: tuple[str, ...],
    make: Callable[..., object],
) -> list[object]:
    """One change per key added, removed or with a field that differs, in natural key order."""
    found: list[object] = []
    for key in sorted(set(old) | set(new), key=natural_key):
        before, after = old.get(key), new.get(key)
        if before is None:
            found.append(make(key, "added", None, after))
        elif after is None:
            found.append(make(key, "removed", before, None))
        else:
            changed = _changed_fields(before, after, fields)
            if changed:
                same = "code" in changed and same_tile(before.code, after.code)
                found.append(make(key, "changed", before, after, changed, same))
    return found


def compare_hexes(old: Game, new: Game) -> tuple[HexChange, ...]:
    changes = _compare(old.hexes, new.hexes, HEX_FIELDS, HexChange)
    return tuple(c for c in changes if isinstance(c, HexChange))


def compare_tiles(old: Game, new: Game) -> tuple[TileChange, ...]:
    changes = _compare(old.tiles, new.tiles, TILE_FIELDS, TileChange)
    return tuple(c for c in changes if isinstance(c, TileChange))


def compare_settings(old: Game, new: Game) -> tuple[Setting, ...]:
    """The game-wide values a reviewer must know to read the rest (a new layout redraws every
    hex; new axes move them)."""
    pairs = {
        "id": (old.id, new.id),
        "title": (old.title, new.title),
        "layout": (old.layout, new.layout),
        "axes": (f"x {old.axes.x}, y {old.axes.y}", f"x {new.axes.x}, y {new.axes.y}"),
        "phase tile colours": (_colours(old.phase_colors), _colours(new.phase_colors)),
    }
    found = [(key, a, b) for key, (a, b) in pairs.items() if a != b]
    return (*found, *_stray_names(old, new))


def _colours(colours: tuple[str, ...] | None) -> str:
    return ", ".join(colours) if colours is not None else "not said (every supply colour)"


def _stray_names(old: Game, new: Game) -> list[Setting]:
    """Location names of coordinates that are a hex on neither side: no hex shows them, but
    the data changed (a name meant for a hex next to it, often)."""
    hexes = set(old.hexes) | set(new.hexes)
    coords = (set(old.location_names) | set(new.location_names)) - hexes
    return [
        (f"location name of {c} (no hex there)", old.location_names.get(c) or "none",
         new.location_names.get(c) or "none")
        for c in sorted(coords, key=natural_key)
        if old.location_names.get(c) != new.location_names.get(c)
    ]  # fmt: skip


def compare_games(game_id: str, old: Game, new: Game) -> GameDiff:
    """The differences of one game read on both sides."""
    settings = compare_settings(old, new)
    hexes = compare_hexes(old, new)
    tiles = compare_tiles(old, new)
    status: GameStatus = "changed" if settings or hexes or tiles else "same"
    return GameDiff(game_id, status, old, new, settings, hexes, tiles)


def one_sided(game_id: str, old: Game | None, new: Game | None) -> GameDiff:
    """A game on one side only: every hex and tile of it added (or removed)."""
    empty = Game(id=game_id, title=game_id)
    if old is None and new is not None:
        whole = compare_games(game_id, replace_layout(empty, new), new)
        return GameDiff(game_id, "added", None, new, (), whole.hexes, whole.tiles)
    if old is not None and new is None:
        whole = compare_games(game_id, old, replace_layout(empty, old))
        return GameDiff(game_id, "removed", old, None, (), whole.hexes, whole.tiles)
    raise ValueError("one_sided needs exactly one game")


def replace_layout(empty: Game, like: Game) -> Game:
    """An empty game drawn like `like` (its layout and axes), to compare against."""
    return Game(id=empty.id, title=empty.title, layout=like.layout, axes=like.axes)
