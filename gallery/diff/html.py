"""The diff as one standalone HTML page: every changed hex and tile drawn before and after, and
each game's map with the changed hexes marked (after, and before at the flick of a switch).

The page holds everything it shows (drawings inline, CSS in the page, no script, no external
asset), so a CI artifact opens offline. Its markup is the `diff_page.html.j2` template, which a
site may override like the gallery's. This module only prepares what the template shows.

The maps are the gallery's own (`gallery.map_view.map_svg`). The marks are a second SVG laid
over the map with the same view box: a map draws each distinct hex once and reuses it, so a
mark cannot live in a hex's drawing. A hex that is on one side only is put on the other side's
map as an `empty` hex (not drawn, but inside the frame), so both maps have the same frame and
the marks sit where the hex is, or was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

from markupsafe import Markup

from gallery.diff.model import Change, DiffReport, GameDiff, HexChange, PartLine, TileChange
from gallery.diff.text import summary_line
from gallery.diff.words import (
    STATUS_WORDS,
    code_note,
    count_text,
    field_changes,
    game_counts,
    map_note,
)
from gallery.game import Game, MapHex
from gallery.map_geometry import hex_centres, map_frame
from gallery.map_view import map_svg
from gallery.native import coord_position
from gallery.pages.context import drawing
from gallery.svgtext import inline_svg
from gallery.templates import Templates
from tile_lang import Layout
from tile_lang.render_cache import RenderCache, RenderKey

Side = Literal["before", "after"]
#: Pixels per tile unit of the maps as first shown (the page's CSS fits them to its width).
MAP_SCALE = 0.7
#: A mark is a hex outline this much smaller than the hex, so neighbouring marks do not touch.
MARK_SIZE = 0.84
_FLAT = ((100, 0), (50, 87), (-50, 87), (-100, 0), (-50, -87), (50, -87))
_POINTY = ((0, 100), (87, 50), (87, -50), (0, -100), (-87, -50), (-87, 50))


@dataclass(frozen=True)
class Card:
    """One changed hex or tile: what it is, what changed, its drawings before and after."""

    anchor: str
    kind: Literal["hex", "tile"]
    key: str
    place: str
    change: Change
    fields: tuple[tuple[str, str, str], ...]
    note: str
    parts: tuple[PartLine, ...]
    before: Markup | None
    after: Markup | None
    before_caption: str
    after_caption: str


@dataclass(frozen=True)
class Mark:
    """A changed hex on a map: its outline's points, its change, the card it links to."""

    points: str
    change: Change
    href: str
    label: str


@dataclass(frozen=True)
class MapPicture:
    """One map (before or after) and the marks over it."""

    side: Side
    svg: Markup
    view_box: str
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class GameView:
    anchor: str
    id: str
    title: str
    status: str
    status_words: str
    counts: str
    settings: tuple[tuple[str, str, str], ...]
    maps: tuple[MapPicture, ...]
    hexes: tuple[Card, ...]
    tiles: tuple[Card, ...]
    problems: tuple[str, ...]
    notes: tuple[str, ...] = ()
    map_note: str = ""


@dataclass
class Painter:
    """How the page draws: one render cache per side (each with that side's icon folders)."""

    before: RenderCache = field(default_factory=RenderCache)
    after: RenderCache = field(default_factory=RenderCache)

    def draw(self, side: Side, code: str, color: str, layout: Layout, name: str | None) -> str:
        renders = self.before if side == "before" else self.after
        return drawing(renders, RenderKey(code, color, layout, name=name))


class Anchors:
    """Fragment ids for the page: readable (`g-1889-hex-F9`) and never used twice."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def make(self, *words: str) -> str:
        base = "-".join(re.sub(r"[^A-Za-z0-9_-]+", "_", w).strip("_") or "x" for w in words)
        anchor, n = base, 1
        while anchor in self.used:
            n += 1
            anchor = f"{base}-{n}"
        self.used.add(anchor)
        return anchor


def _inline(svg: str) -> Markup:
    # our renderer's SVG, with game text escaped by it: safe to place as markup
    return Markup(inline_svg(svg))


def _shown_parts(change: HexChange | TileChange) -> tuple[PartLine, ...]:
    """The parts a card lists: those that changed, or all of an added or removed entry."""
    if change.change == "changed":
        return change.parts
    entry = change.new or change.old
    sign: Literal["-", "+"] = "+" if change.change == "added" else "-"
    code = entry.code if entry is not None else ""
    return tuple(PartLine(sign, part) for part in code.split(";")) if code else ()


def _hex_card(change: HexChange, game: GameDiff, anchor: str, painter: Painter) -> Card:
    def side_of(h: MapHex | None, side: Side, layout: Layout) -> tuple[Markup | None, str]:
        if h is None:
            return None, "not on the map"
        drawn = painter.draw(side, h.code, h.color, layout, h.name)
        return _inline(drawn), h.color + (f" · tile {h.tile}" if h.tile else "")

    before, before_caption = side_of(change.old, "before", _layout(game.old, game.new))
    after, after_caption = side_of(change.new, "after", _layout(game.new, game.old))
    place = (change.new or change.old or MapHex("", "", "")).name or ""
    key = change.coord or '""'  # an empty coordinate is real data (18India once had one)
    return Card(anchor, "hex", key, place, change.change, tuple(field_changes(change)),
                code_note(change), _shown_parts(change), before, after, before_caption,
                after_caption)  # fmt: skip


def _tile_card(change: TileChange, game: GameDiff, anchor: str, painter: Painter) -> Card:
    def side_of(side: Side) -> tuple[Markup | None, str]:
        entry = change.old if side == "before" else change.new
        if entry is None:
            return None, "not in the game"
        layout = _layout(*((game.old, game.new) if side == "before" else (game.new, game.old)))
        drawn = painter.draw(side, entry.code, entry.color, layout, None)
        hidden = " · hidden" if entry.hidden else ""
        return _inline(drawn), f"{entry.color} · ×{count_text(entry.count)}{hidden}"

    before, before_caption = side_of("before")
    after, after_caption = side_of("after")
    return Card(anchor, "tile", change.name, "", change.change, tuple(field_changes(change)),
                code_note(change), _shown_parts(change), before, after, before_caption,
                after_caption)  # fmt: skip


def _layout(game: Game | None, other: Game | None) -> Layout:
    chosen = game or other
    return chosen.layout if chosen is not None else "flat"


def _with_frame_of(game: Game, others: dict[str, MapHex]) -> Game:
    """`game` with the other side's extra coordinates as `empty` hexes (kept out of the
    drawing, inside the frame)."""
    extra = {c: MapHex(c, "empty", "") for c in others if c not in game.hexes}
    return replace(game, hexes={**game.hexes, **extra}) if extra else game


def _placeable(coord: str, game: Game) -> bool:
    """Whether a coordinate has a place on the map (a map draws one it cannot read at the
    origin; a mark there would point at the wrong hex)."""
    try:
        coord_position(coord, game.axes)
    except ValueError:
        return False
    return True


def _mark_points(layout: Layout, x: float, y: float) -> str:
    corners = _POINTY if layout == "pointy" else _FLAT
    return " ".join(f"{x + cx * MARK_SIZE:.1f},{y + cy * MARK_SIZE:.1f}" for cx, cy in corners)


Marks = dict[str, tuple[Change, str, str]]


def _map_picture(side: Side, game: Game, other: Game | None, marks_of: Marks, home: str,
                 templates: Templates, painter: Painter) -> MapPicture:  # fmt: skip
    """One side's map: its hexes drawn, every changed hex marked and linked to its card (an
    unchanged hex links to the map itself, `home`)."""
    shown = _with_frame_of(game, other.hexes if other is not None else {})
    centres = hex_centres(shown)

    def draw(h: MapHex) -> str:
        return painter.draw(side, h.code, h.color, shown.layout, h.name)

    def href(coord: str) -> str:
        found = marks_of.get(coord)
        return f"#{found[1] if found else home}"

    svg = map_svg(shown, templates=templates, draw=draw, href=href, scale=MAP_SCALE,
                  symbol_prefix=f"{home}-{side}-h")  # fmt: skip
    marks = tuple(
        Mark(_mark_points(shown.layout, *centres[coord]), change, f"#{anchor}", label)
        for coord, (change, anchor, label) in marks_of.items()
        if coord in centres and _placeable(coord, shown)
    )
    return MapPicture(side, _inline(svg), map_frame(centres).view_box, marks)


def _mark_label(card: Card) -> str:
    """What a mark says when pointed at: `F9 (Kouchi): changed`."""
    place = f" ({card.place})" if card.place else ""
    return f"{card.key}{place}: {card.change}"


def _maps(game: GameDiff, cards: tuple[Card, ...], home: str, templates: Templates,
          painter: Painter) -> tuple[MapPicture, ...]:  # fmt: skip
    """The after map, then the before map (only the side a game has, when it has one)."""
    if not game.hexes:
        return ()  # only tiles changed: the map is the same
    marks_of = {
        change.coord: (card.change, card.anchor, _mark_label(card))
        for change, card in zip(game.hexes, cards, strict=False)
    }
    pictures = []
    if game.new is not None and game.new.hexes:
        pictures.append(
            _map_picture("after", game.new, game.old, marks_of, home, templates, painter)
        )
    if game.old is not None and game.old.hexes:
        pictures.append(
            _map_picture("before", game.old, game.new, marks_of, home, templates, painter)
        )
    return tuple(pictures)


def game_view(game: GameDiff, anchors: Anchors, templates: Templates, painter: Painter) -> GameView:
    anchor = anchors.make("g", game.id)
    # a whole game new or gone is its map, not a card for each of its (up to 5,000) hexes
    shown = tuple(c for c in game.listed if isinstance(c, HexChange))
    hexes = tuple(_hex_card(c, game, anchors.make(anchor, "hex", c.coord), painter) for c in shown)
    tiles = tuple(
        _tile_card(c, game, anchors.make(anchor, "tile", c.name), painter) for c in game.tiles
    )
    counts = game_counts(game) if game.status in ("changed", "added", "removed") else ""
    maps = _maps(game, hexes, f"{anchor}-map", templates, painter)
    return GameView(anchor, game.id, game.title, game.status, STATUS_WORDS[game.status], counts,
                    game.settings, maps, hexes, tiles,
                    tuple(str(d) for d in game.problems), game.notes,
                    map_note(game))  # fmt: skip


def render_html(
    report: DiffReport,
    *,
    templates: Templates | None = None,
    painter: Painter | None = None,
    title: str = "Map and tile changes",
) -> str:
    """The whole page (a complete HTML document)."""
    templates = templates or Templates(watch=False)
    painter = painter or Painter()
    anchors = Anchors()
    games = [game_view(g, anchors, templates, painter) for g in report.games]
    return templates.render(
        "diff_page.html.j2",
        title=title,
        old_label=report.old_label,
        new_label=report.new_label,
        summary=summary_line(report),
        games=games,
        problems=[str(d) for d in report.problems],
    )
