"""The catalog pages: `tiles/all/` (every catalog tile by colour, with the filter) and
`tiles/<name>/` (one tile large, its six rotations flat and pointy, the games using it), with
`tiles/<name>-<r>/` redirecting to `tiles/<name>/?r=<r>` (18xx.games' `/tiles/9-1` form)."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import partial
from statistics import median

from markupsafe import Markup

from gallery.conflicts import IdentityCache, same_tile
from gallery.game import Game, TileEntry
from gallery.pages.context import GalleryBuild, GeneratedFile
from gallery.pages.fragments import (
    code_block,
    filter_form,
    skip_link,
    tile_card,
    tile_words,
    variants,
)
from gallery.pages.order import COLOR_ORDER, color_rank, name_key
from gallery.pages.paths import rel, tile_slug
from gallery.pages.sections import TileSection
from gallery.pagetext import esc, front_matter, md_text
from gallery.templates import Templates
from tile_lang import Layout, catalog
from tile_lang.color_names import color_title

INDEX = "tiles/all/index.md"


def catalog_usage(
    games: list[Game], identities: IdentityCache | None = None
) -> dict[str, list[tuple[Game, TileEntry]]]:
    """Games using each catalog tile: naming it, or defining the same tile (up to rotation)
    under its number, as GE18XX games do with their own drawings."""
    usage: dict[str, list[tuple[Game, TileEntry]]] = {}
    for game in games:
        for entry in game.tiles.values():
            found = None if entry.catalog else catalog.lookup(entry.name)
            if entry.catalog or (
                found is not None
                and same_tile(entry.code, entry.color, found.code, found.color, identities)
            ):
                usage.setdefault(entry.name, []).append((game, entry))
    return usage


Usage = dict[str, list[tuple[Game, TileEntry]]]


def build_tiles_index(build: GalleryBuild, games: list[Game], usage: Usage | None = None) -> None:
    """`tiles/all/`: every catalog tile as a card, grouped by colour, and the filter with a
    menu of `games` (`usage`: the games using each tile, when the caller has it)."""
    if usage is None:
        usage = catalog_usage(games, build.identities)
    build_tiles_index_page(build, usage)
    build.files[-1] = fill_game_filter(build, build.files[-1], games)


#: Where the tiles index's filter goes when the index is built without it (`fill_game_filter`).
GAME_FILTER_MARK = "<!--tile-atlas:game-filter-->"


def _catalog_groups() -> dict[str, list[catalog.CatalogTile]]:
    """The catalog's tiles by colour group, in the index's order."""
    tiles = sorted(catalog.all_tiles(), key=lambda t: (color_rank(t.group), name_key(t.name)))
    groups: dict[str, list[catalog.CatalogTile]] = {}
    for t in tiles:
        groups.setdefault(t.group, []).append(t)
    return groups


def build_tiles_index_page(build: GalleryBuild, usage: Usage) -> None:
    """`tiles/all/` with its filter left as a mark for `fill_game_filter` (the page is the
    last file added). Why apart: the cards depend on the games only through which of them
    use each tile (their ids), the filter's game menu on their titles too; a game renamed
    during `mkdocs serve` then refills the menu and keeps the 476 cards."""
    page = INDEX
    groups = _catalog_groups()
    count = sum(len(members) for members in groups.values())
    out = [
        "---\ntitle: All catalog tiles\nhide: [toc]\n---\n",
        "# All catalog tiles",
        "",
        f"The {count} generic tiles of 18xx.games' catalog, by colour (the two-colour tiles "
        "included). Click a tile for its page: rotations, code, and the games that use it. "
        "Numbers that mean different tiles in different games are listed in "
        "[Tile number conflicts](../conflicts/index.md). "
        + skip_link(build, "catalog-grid-filter", "Skip to the tiles"),
        "",
        GAME_FILTER_MARK,
        "",
    ]
    sections = []
    for group, members in groups.items():
        cards = []
        for t in members:
            img = build.svg_asset(t.code, t.color, "flat")
            href = rel(page, f"tiles/{tile_slug(t.name)}/index.md")
            used = " ".join(sorted(g.id for g, _ in usage.get(t.name, [])))
            words = tile_words(t.code, t.color, "flat", renders=build.renders)
            card = tile_card(build, page, build.link(href), img, t.name, t.code, t.color,
                             None, used, alt=words)  # fmt: skip
            cards.append(card)
        title = f"{color_title(group)} ({len(members)})"
        sections.append(TileSection(title, tuple(cards), anchor=group))
    out.append(build.templates.render("catalog_grid.html.j2", sections=sections).rstrip("\n"))
    build.page(page, "\n".join(out) + "\n")


def fill_game_filter(build: GalleryBuild, file: GeneratedFile,
                     games: list[Game]) -> GeneratedFile:  # fmt: skip
    """The tiles index built by `build_tiles_index_page` with its filter (colours, and a
    menu of `games` by title). Set aside when the build sets blocks aside: a renamed game
    then changes the page's block, not its Markdown, and `mkdocs serve` swaps the menu in the
    built page instead of rendering the index again (and search has no game titles to index
    from a menu)."""
    colors = [g for g in _catalog_groups() if g in COLOR_ORDER]
    form = filter_form(build, "catalog-grid", colors, games)
    return build.with_block(file, GAME_FILTER_MARK, str(form))


def search_boost(name: str) -> float:
    """A tile page's search boost: higher for shorter names. The theme's search matches what
    is typed as a prefix (`57` finds 57 and 570-579), and a longer number is a rarer word, so
    it scores higher (on the default site by a third); of the names a prefix matches the
    shortest is the exact one, so each character less doubles the boost (57: 4, 579: 2, any
    name of four characters or more: 1, as other pages)."""
    return float(2 ** max(0, 4 - len(name)))


#: Where a tile page's "Used by" table goes when the page is built without it (`fill_used_by`).
USED_BY_MARK = "<!--tile-atlas:used-by-->"


def used_by(usage: list[tuple[Game, TileEntry]]) -> str:
    """A tile page's "Used by" table (Markdown): each game, its copies, its upgrade chart;
    then how many copies all the games ship (`usage_summary`)."""
    if not usage:
        return "No game of this site uses this tile."
    out = ["| Game | Copies | Upgrades |", "|---|---|---|"]
    for game, entry in sorted(usage, key=lambda ge: ge[0].title.lower()):
        count = "∞" if entry.count is None else str(entry.count)
        game_dir = f"../../games/{tile_slug(game.id)}"
        chart = f"[upgrade chart]({game_dir}/upgrades/index.md#tile-{tile_slug(entry.name)})"
        out.append(f"| [{md_text(game.title)}]({game_dir}/index.md) | {count} | {chart} |")
    return "\n".join(out) + "\n\n" + usage_summary([e.count for _, e in usage])


def usage_summary(counts: list[int | None]) -> str:
    """How many copies of a tile the games using it ship, in words: the total and the median
    per game over the games that give a number (a count of None is an unlimited supply)."""
    games = "1 game" if len(counts) == 1 else f"{len(counts)} games"
    known = [c for c in counts if c is not None]
    unlimited = len(counts) - len(known)
    parts = []
    if known:
        middle = median(known)
        shown = str(int(middle)) if middle == int(middle) else f"{middle:.1f}"
        parts.append(f"{sum(known)} copies in all, median {shown} per game")
    if unlimited:
        parts.append(f"unlimited in {unlimited}" if known else "unlimited in each")
    return f"Used by {games}: " + "; ".join(parts) + "."


def tile_routes(templates: Templates) -> str:
    """The markup the site's 404 page carries so that `tiles/<name>-<r>/` reaches
    `tiles/<name>/?r=<r>` without a redirect page per rotation (2,856 files for the catalog):
    the catalog's page names as JSON, read by tiles.js."""
    names = sorted(tile_slug(t.name) for t in catalog.all_tiles())
    data = json.dumps(names, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c")
    return templates.render("tile_routes.html.j2", slugs=data)


def tile_page_path(name: str) -> str:
    return f"tiles/{tile_slug(name)}/index.md"


#: Rows of "Used by" tables by what they show (`fill_used_by`'s `rows`).
UsedByRows = dict[tuple[object, ...], Markup]


def fill_used_by(build: GalleryBuild, file: GeneratedFile, usage: list[tuple[Game, TileEntry]],
                 rows: UsedByRows | None = None) -> GeneratedFile:  # fmt: skip
    """A tile page built without its "Used by" table (`build_tile_page(..., None)`) with it.
    Why apart: the rest of a tile page depends on the tile alone, so it is built once and
    kept while games come and go; the table, which names games, is made for every build.
    When the build sets HTML aside the table is HTML out of the search index: a tile used by
    a hundred games would otherwise index a hundred game names (the games have their pages).
    `rows`: table rows made before (for any tile page), taken when they show the same, and
    given this call's."""
    if USED_BY_MARK not in file.content:
        return file
    if not (build.set_aside and usage):
        return replace(file, content=file.content.replace(USED_BY_MARK, used_by(usage), 1))
    known = rows if rows is not None else {}
    depth = file.path.count("/")
    html = []
    for game, entry in sorted(usage, key=lambda ge: ge[0].title.lower()):
        key = (build.directory_urls, depth, game.id, game.title, entry.name, entry.count)
        row = known.get(key)
        if row is None:
            games = rel(file.path, f"games/{tile_slug(game.id)}")
            shown = {
                "title": game.title,
                "href": build.link(f"{games}/index.md"),
                "count": "∞" if entry.count is None else str(entry.count),
                "chart": build.link(f"{games}/upgrades/index.md")
                + f"#tile-{tile_slug(entry.name)}",
            }
            row = known[key] = Markup(build.templates.render("used_by_row.html.j2", row=shown))
        html.append(row)
    summary = usage_summary([e.count for _, e in usage])
    table = build.templates.render("used_by.html.j2", rows=html, summary=summary).rstrip("\n")
    return build.with_block(file, USED_BY_MARK, table)


def _drawn_variants(build: GalleryBuild, page: str, t: catalog.CatalogTile, layout: Layout,
                    size: int) -> str:  # fmt: skip
    """A tile page's six rotations in `layout`, drawn into the page. Made afterwards in a
    first build's worker (`GalleryBuild.raw_later`): the twelve drawings of each of the
    catalog's tile pages are a fifth of the work MkDocs waits for before its first page, and
    MkDocs renders the tile pages last."""
    return str(variants(build, page, t.code, t.color, layout, True, None, size, inline=True))


def build_tile_page(build: GalleryBuild, t: catalog.CatalogTile,
                    usage: list[tuple[Game, TileEntry]] | None) -> None:  # fmt: skip
    """`tiles/<name>/` and its six rotation redirects; with `usage` None the "Used by" table
    is left as a mark for `fill_used_by`."""
    slug = tile_slug(t.name)
    page = f"tiles/{slug}/index.md"
    out = [
        front_matter({"title": f"Tile {esc(t.name)}", "search": {"boost": search_boost(t.name)}}),
        f"# Tile {md_text(t.name)}",
        "",
        f"**Colour:** {md_text(t.color)}"
        + (f" (catalog group {md_text(t.group)})" if t.group != t.color else ""),
        "",
        "**Code:**",
        "",
        code_block(build.templates, t.code),
        "",
        str(build.templates.fragment("tile_address_hint.html.j2")),
        "",
        build.raw_later(partial(_drawn_variants, build, page, t, "flat", 300)),
        "",
        "## Pointy layout",
        "",
        build.raw_later(partial(_drawn_variants, build, page, t, "pointy", 220)),
        "",
        "## Used by",
        "",
        USED_BY_MARK if usage is None else used_by(usage),
    ]
    build.page(page, "\n".join(out) + "\n")
    if not build.redirect_pages:  # the site's 404 page sends tiles/<name>-<r>/ on instead
        return
    for r in range(6):
        build.redirect(
            f"tiles/{slug}-{r}/index.html",
            slug,
            f"Tile {t.name} rotation {r}",
            f"Tile {t.name}, rotation {r}",
            query=f"?r={r}",
        )
