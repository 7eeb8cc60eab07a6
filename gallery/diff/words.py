"""What each change says in words, shared by the text, Markdown and HTML outputs (each escapes
the words for its own medium; nothing here is escaped)."""

from __future__ import annotations

from gallery.diff.model import GameDiff, HexChange, TileChange
from gallery.game import MapHex, TileEntry
from gallery.pagetext import one_line

#: How a value that is not set is written.
NONE = "none"


def count_text(count: int | None) -> str:
    return "unlimited" if count is None else str(count)


def _value(value: object) -> str:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    return one_line(value)


def hex_value(h: MapHex, name: str) -> str:
    return _value(getattr(h, name))


def tile_value(t: TileEntry, name: str) -> str:
    if name == "count":
        return count_text(t.count)
    return _value(getattr(t, name))


FIELD_WORDS = {
    "color": "colour",
    "name": "name",
    "tile": "catalog tile",
    "count": "count",
    "hidden": "hidden",
    "code": "code",
}


def field_changes(change: HexChange | TileChange) -> list[tuple[str, str, str]]:
    """`(field in words, before, after)` for each changed field but the code (whose parts are
    listed on their own lines)."""
    if change.old is None or change.new is None:
        return []
    out = []
    for name in change.fields:
        if name == "code":
            continue
        if isinstance(change, HexChange):
            before, after = hex_value(change.old, name), hex_value(change.new, name)
        else:
            before, after = tile_value(change.old, name), tile_value(change.new, name)
        out.append((FIELD_WORDS[name], before, after))
    return out


def code_note(change: HexChange | TileChange) -> str:
    """What a code change amounts to, when it is only a rewriting."""
    return "same tile, written differently" if change.same_tile else ""


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} {word}es" if word.endswith("x") else f"{n} {word}s"


def game_counts(game: GameDiff) -> str:
    """`2 hexes changed, 1 added; 3 tiles changed` (only what is not zero)."""
    parts = []
    for changes, word in ((game.hexes, "hex"), (game.tiles, "tile")):
        kinds = [c.change for c in changes]
        counts = [f"{kinds.count(k)} {k}" for k in ("added", "removed", "changed") if k in kinds]
        if counts:
            parts.append(f"{plural(len(kinds), word)}: " + ", ".join(counts))
    if game.settings:
        parts.append(", ".join(f"{key} changed" for key, _, _ in game.settings))
    if game.notes:
        parts.append("changed code builds the map or tiles: not read")
    return "; ".join(parts) or "no hex or tile changed"


def hex_place(h: MapHex | None) -> str:
    """A hex's location name in words, or ''."""
    return one_line(h.name) if h is not None and h.name else ""


def map_note(game: GameDiff) -> str:
    """What to say instead of a line per hex when a game or its map is new or gone."""
    if game.status == "added":
        return "A new game: every hex and tile is new. Its map and tiles as they are now."
    if game.status == "removed":
        return "The game is gone: every hex and tile with it. Its map and tiles as they were."
    if game.whole_map == "added":
        return "The map is new (no hex was read before): every hex is added."
    if game.whole_map == "removed":
        return "The map is gone (no hex is read now): every hex is removed."
    return ""


STATUS_WORDS = {
    "added": "new game",
    "removed": "game removed",
    "changed": "changed",
    "same": "the same",
    "unreadable": "could not be compared",
}
