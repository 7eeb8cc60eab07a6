"""A game's upgrade chart, the way rulebooks print it: each tile followed by what it may become.

For every supply tile and every preprinted hex with upgrades, the chart draws the tiles that may
replace it at each of their legal rotations (`gallery.upgrades`). Rotations that give the same
picture are drawn once, with a note naming the others (tile 63 over 14 is one drawing, "also at
1-5"). Origins are grouped by colour, then by family: plain track, towns, cities, labelled
cities, off-boards. A preprinted hex is charted where it lies on the map (its map edges and
impassable sides count); identical hexes with identical upgrades are shown once.

The page is `games/<id>/upgrades/`, titled "upgrade chart" so it is never confused with the
reference's "Upgrades and terrain" page (the `upgrade=` cost part of a tile string).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gallery.game import Game
from gallery.pages.fragments import game_page_head
from gallery.pages.hexes import hex_links
from gallery.pages.order import color_rank, name_key
from gallery.pages.paths import rel, tile_slug
from gallery.pagetext import esc, md_text
from gallery.upgrades import Table, upgrade_tables_both
from tile_lang import TileSyntaxError, parse
from tile_lang.model import Tile
from tile_lang.upgrades import ShapeCache

if TYPE_CHECKING:
    from gallery.pages.context import GalleryBuild

FAMILIES = ("plain track", "towns", "cities", "labelled cities", "off-boards")


def chart_page(game_slug: str) -> str:
    """The docs path of a game's upgrade chart page."""
    return f"games/{game_slug}/upgrades/index.md"


def family(tile: Tile) -> str:
    """Which family a tile belongs to in the chart (a rulebook's grouping)."""
    if tile.offboards:
        return "off-boards"
    if tile.cities:
        return "labelled cities" if tile.labels else "cities"
    if tile.towns:
        return "towns"
    return "plain track"


@dataclass(frozen=True)
class Placement:
    """One drawing of a new tile: at `rotation`, standing also for `same` (same picture)."""

    rotation: int
    same: tuple[int, ...] = ()


def fold(rotations: tuple[int, ...], symmetry: tuple[int, ...]) -> tuple[Placement, ...]:
    """Legal rotations with those giving the same picture folded into one drawing each."""
    left = sorted(set(rotations))
    out = []
    while left:
        r = left.pop(0)
        same = sorted({(r + s) % 6 for s in symmetry} & set(left))
        left = [x for x in left if x not in same]
        out.append(Placement(r, tuple(same)))
    return tuple(out)


@dataclass(frozen=True)
class Target:
    name: str
    code: str
    color: str
    placements: tuple[Placement, ...]


@dataclass(frozen=True)
class Origin:
    """A supply tile (`kind` "tile") or preprinted hexes (`kind` "hex", `label` their coords)."""

    kind: str
    key: str
    label: str
    code: str
    color: str
    name: str | None
    family: str
    targets: tuple[Target, ...]


def chart_origins(
    game: Game,
    shapes: ShapeCache | None = None,
    tables: tuple[Table, Table] | None = None,
    read: Callable[[str], Tile] = parse,
) -> list[Origin]:
    """Every origin of the chart with its targets, in chart order (colour, family, name).
    `tables` are the game's tile-level and on-map tables when the caller has them; `shapes`
    (its symmetries memo) and `read` (a memoized `parse`, such as `RenderCache.tile`) may be
    shared by every game of a build: many games chart the same tiles."""
    shapes = shapes if shapes is not None else ShapeCache()
    if tables is None:
        both = upgrade_tables_both(game, shapes)
        tables = (both[0].legal, both[1].legal)
    tile_level, on_map = tables
    families: dict[str, str] = {}
    folds: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Placement, ...]] = {}

    def family_of(code: str) -> str:
        # a map repeats a few codes many times: each is read once here
        kind = families.get(code)
        if kind is None:
            try:
                kind = family(read(code))
            except TileSyntaxError:
                kind = "plain track"
            families[code] = kind
        return kind

    def targets(row: dict[str, tuple[int, ...]]) -> tuple[Target, ...]:
        out = []
        for name, rotations in sorted(row.items(), key=lambda kv: name_key(kv[0])):
            entry = game.tiles[name]
            key = (rotations, shapes.symmetries(entry.code))
            placements = folds.get(key)
            if placements is None:  # a few (rotations, symmetry) pairs recur all over a chart
                placements = folds[key] = fold(*key)
            out.append(Target(name, entry.code, entry.color, placements))
        return tuple(out)

    origins = [
        Origin("tile", name, name, e.code, e.color, None, family_of(e.code),
               targets(tile_level.get(name, {})))
        for name, e in game.tiles.items()
        if not e.hidden
    ]  # fmt: skip
    merged: dict[tuple[object, ...], list[str]] = {}
    for coord, h in game.hexes.items():
        row = on_map.get(coord, {})
        if row:
            key = (h.code, h.color, h.name, tuple(sorted(row.items())))
            merged.setdefault(key, []).append(coord)
    for (code, color, _name, _row), coords in merged.items():
        h = game.hexes[coords[0]]
        origins.append(
            Origin("hex", coords[0], ", ".join(coords), str(code), str(color), h.name,
                   family_of(h.code), targets(on_map[coords[0]]))
        )  # fmt: skip
    return sorted(
        origins,
        key=lambda o: (
            color_rank(o.color),
            FAMILIES.index(o.family),
            o.kind != "tile",
            name_key(o.key),
        ),
    )


@dataclass(frozen=True)
class ChartPlacement:
    """One drawing of a chart's target: its rotation, the others giving the same picture
    ("1, 3"), and its image (relative to the chart page)."""

    rotation: int
    same: str
    img: str


@dataclass(frozen=True)
class ChartTarget:
    name: str
    placements: tuple[ChartPlacement, ...]


@dataclass(frozen=True)
class ChartRow:
    """An origin of the chart (`upgrade_chart.html.j2`) with the tiles that may replace it:
    `targets` are indexes into the chart's distinct targets. Why indexes: most target boxes
    of a chart recur under other origins (55 of every 100 placements on the whole world's
    charts), and the template draws each distinct box once. Typed attributes rather than
    dicts: the template reads them a hundred thousand times on a large site, and an attribute
    is found at once where a dict key is looked for second."""

    anchor: str
    kind: str
    label: str
    name: str
    img: str
    href: str
    targets: tuple[int, ...]


@dataclass(frozen=True)
class ChartGroup:
    """The chart's rows of one colour and family (filled in chart order)."""

    title: str
    color: str
    rows: list[ChartRow]


@dataclass(frozen=True)
class FinalTile:
    name: str
    anchor: str


@dataclass(frozen=True)
class FinalGroup:
    """Tiles of one colour that nothing replaces."""

    color: str
    tiles: tuple[FinalTile, ...]


def upgrade_links(table: Table) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(upgrades to, upgrades from) between supply tiles, for the manifest highlight."""
    to: dict[str, list[str]] = {}
    back: dict[str, list[str]] = {}
    for origin, row in table.items():
        for name in row:
            to.setdefault(origin, []).append(name)
            back.setdefault(name, []).append(origin)
    return to, back


def build_upgrade_chart(build: GalleryBuild, game: Game) -> None:
    """Write `games/<id>/upgrades/` for `game`."""
    page = chart_page(tile_slug(game.id))
    chart = build.piece("upgrade chart", lambda: _chart(build, game, page))
    out = [
        *game_page_head(build, f"{esc(game.title)} — upgrade chart",
                        f"{md_text(game.title)} — upgrade chart", "upgrade_chart_intro.html.j2",
                        title=game.title, phase_colors=game.phase_colors),
        build.raw(chart),
    ]  # fmt: skip
    build.page(page, "\n".join(out) + "\n")


def _chart(build: GalleryBuild, game: Game, page: str) -> str:
    """The chart itself (`upgrade_chart.html.j2`), drawing its tiles: nothing of it depends on
    the game's title (`GalleryBuild.piece`)."""
    layout = game.layout
    groups: list[ChartGroup] = []
    finals: dict[str, list[str]] = {}
    targets: dict[ChartTarget, int] = {}  # each distinct target box, numbered as first met
    hex_link = hex_links(build, page, game)
    for origin in chart_origins(
        game,
        build.shapes,
        (build.upgrade_tables(game).legal, build.upgrade_tables(game, on_map=True).legal),
        build.renders.tile,
    ):
        if not origin.targets:
            if origin.kind == "tile":
                finals.setdefault(origin.color, []).append(origin.label)
            continue
        title = f"{origin.color.capitalize()} · {origin.family}"
        if not groups or groups[-1].title != title:
            groups.append(ChartGroup(title, origin.color, []))
        row = ChartRow(
            anchor=f"{origin.kind}-{tile_slug(origin.key)}",
            kind=origin.kind,
            label=origin.label,
            name=origin.name or "",
            img=rel(page, build.svg_asset(origin.code, origin.color, layout, name=origin.name)),
            href=hex_link(origin.key) if origin.kind == "hex" else "",
            targets=tuple(
                targets.setdefault(
                    ChartTarget(
                        t.name,
                        tuple(
                            ChartPlacement(
                                p.rotation,
                                ", ".join(map(str, p.same)),
                                rel(page, build.svg_asset(t.code, t.color, layout, p.rotation)),
                            )
                            for p in t.placements
                        ),
                    ),
                    len(targets),
                )
                for t in origin.targets
            ),
        )
        groups[-1].rows.append(row)
    no_upgrade = [
        FinalGroup(color, tuple(FinalTile(n, f"tile-{tile_slug(n)}") for n in names))
        for color, names in sorted(finals.items(), key=lambda kv: color_rank(kv[0]))
    ]
    return build.templates.render(
        "upgrade_chart.html.j2",
        groups=groups,
        targets=list(targets),
        no_upgrade=no_upgrade,
        layout=layout,
    )
