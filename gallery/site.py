"""Gallery pages: static equivalents of 18xx.games' tile routes, built without MkDocs.

`build_gallery(games)` returns generated files (Markdown pages, SVG assets, small HTML
redirects) that the plugin adds with `File.generated`, and that `write_gallery` can put on disk:

* `tiles/all/` — every catalog tile by colour, with a filter (colour, city/town/offboard,
  revenue range, label, game) that runs in the browser, offline too;
* `tiles/<name>/` — one tile large, its six rotations, with and without the region grid; the
  18xx.games parameters keep their meaning: `?r=1`, `?r=0+2`, `?r=all`, `?grid`, `?n=Name`;
  `tiles/<name>-<r>/` redirects to `tiles/<name>/?r=<r>` (the `/tiles/9-1` form);
* `games/` — a card per game; `games/<id>/` — manifest, merged map hexes, the whole map;
  `games/<id>/<coord>/` — one hex large with its code.

Every tile SVG is rendered once per build (a cache keyed by code, colour, layout, rotation,
name and grid) and written once as a file that pages reference with lazy `<img>` tags; maps
reuse one `<symbol>` per distinct hex. All text from game data is escaped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from gallery.boardgame import BoardGame, board_game_page, games_index_card
from gallery.conflicts import same_tile
from gallery.conflicts_page import build_conflicts_page
from gallery.game import Game, MapHex, TileEntry
from gallery.map_view import map_svg
from gallery.output import WriteResult, write_files
from gallery.pagetext import esc, front_matter, md_text, one_line
from gallery.site_assets import site_assets
from gallery.templates import Templates
from gallery.upgrade_chart import FAMILIES, build_upgrade_chart, family, upgrade_links
from gallery.upgrades import upgrade_tables
from tile_lang import Layout, catalog, describe, is_layout, parse
from tile_lang.markdown import playground_query
from tile_lang.model import City, Offboard, Town
from tile_lang.svg import render_svg

Progress = Callable[[str, int, int], None]
COLOR_ORDER = catalog.colors()


@dataclass(frozen=True)
class GeneratedFile:
    """A file of the generated site: `path` is relative to the docs root (`tiles/57/index.md`)."""

    path: str
    content: str


@dataclass
class GalleryBuild:
    files: list[GeneratedFile] = field(default_factory=list)
    _svgs: dict[tuple[object, ...], str] = field(default_factory=dict)
    icon_dirs: tuple[Path, ...] = ()
    directory_urls: bool = True
    catalog_pages: bool = True
    templates: Templates = field(default_factory=Templates)
    #: Paths of files written once per build whatever asks for them (map thumbnails).
    written: set[str] = field(default_factory=set)
    svg_scripts: bool = False

    def svg_asset(self, code: str, color: str, layout: Layout, rotation: int = 0,
                  name: str | None = None, grid: bool = False) -> str:  # fmt: skip
        """Path (from the docs root) of the SVG file for these inputs, rendered once."""
        key = (code, color, layout, rotation, name, grid)
        path = self._svgs.get(key)
        if path is None:
            digest = _digest(repr(key))
            path = f"assets/tiles/{digest}.svg"
            svg = _RENDERED.get(key + (self.icon_dirs,))
            try:
                svg = svg or render_svg(code, color=color, layout=layout, rotation=rotation,
                                 name=name, grid=grid, icon_dirs=self.icon_dirs)  # fmt: skip
            except ValueError as exc:  # a bad code or icon name: a visible error tile
                svg = error_tile_svg(str(exc).splitlines()[0])
            if len(_RENDERED) < 100_000:
                _RENDERED[key + (self.icon_dirs,)] = svg
            self.files.append(GeneratedFile(path, svg + "\n"))
            if self.svg_scripts:
                self.files.append(GeneratedFile(path + ".js", svg_script(svg + "\n")))
            self._svgs[key] = path
        return path

    def page(self, path: str, content: str) -> None:
        self.files.append(GeneratedFile(path, content))

    def redirect(self, path: str, sibling: str, title: str, label: str, query: str = "") -> None:
        """A tiny static page at `path` (…/index.html) sending the browser to the sibling
        folder's page; works over http and from file://."""
        target = f"../{sibling}/" if self.directory_urls else f"../{sibling}/index.html"
        url = esc(target + query)
        self.files.append(
            GeneratedFile(
                path,
                f'<!doctype html><meta charset="utf-8"><title>{esc(title)}</title>'
                f'<meta http-equiv="refresh" content="0; url={url}">'
                f'<a href="{url}">{esc(label)}</a>',
            )
        )


#: Rendered SVGs by their inputs, kept for the life of the process so that `mkdocs serve`
#: rebuilds re-render only what changed.
_RENDERED: dict[tuple[object, ...], str] = {}


def svg_script(svg: str) -> str:
    """The SVG as a script that hands its text to the downloads script: a page opened from
    file:// may load a script beside it but not read the .svg file itself. The text is a JSON
    string (ASCII only, `<` escaped), so no content of it can end or escape the call."""
    literal = json.dumps(svg).replace("<", "\\u003c")
    return f"window.tileAtlasSvg && window.tileAtlasSvg(document.currentScript, {literal});\n"


def error_tile_svg(message: str) -> str:
    """A red dashed hex with `!` and the message as its title: never a blank."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="tile-svg" role="img" width="200" '
        'height="200" viewBox="-100 -100 200 200"><title>' + esc(message) + "</title>"
        '<polygon points="100,0 50,87 -50,87 -100,0 -50,-87 50,-87" fill="#fde2e2" '
        'stroke="#c62828" stroke-width="4" stroke-dasharray="10 6"/><text x="0" y="14" '
        'text-anchor="middle" font-size="44" font-weight="700" fill="#c62828">!</text></svg>'
    )


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


_FENCE_BREAKERS = re.compile(r"[`\n\r]|^\s*;*-+8<")


def code_block(code: str) -> str:
    """A tile code shown as a block: the usual ```text fence, or, for a code from data that
    could close the fence or be read as a pymdownx.snippets line (a backtick, a line break,
    a leading `--8<`), a `<pre>` block with the code escaped: shown as written, never read."""
    if _FENCE_BREAKERS.search(code):
        return f'<pre class="tile-code"><code>{esc(code)}</code></pre>'
    return f"```text\n{code or '(blank)'}\n```"


def rel(from_page: str, target: str) -> str:
    """Relative link from a generated page (`games/1889/index.md`) to a docs path."""
    depth = from_page.count("/")
    return "../" * depth + target


def download_stem(page: str, *parts: str) -> str:
    """File name (without extension) for a download of something on `page`, read by the
    downloads script: `tiles/57/index.md`, "flat", "r2" -> `tile-57-flat-r2`;
    `games/1889/index.md`, "57" -> `1889-57`; the catalog index gives `tile-57`."""
    folders = page.removesuffix("index.md").strip("/").split("/")
    if folders[0] == "tiles":
        folders = ["tile"] + [f for f in folders[1:] if f != "all"]
    elif folders[0] == "games":
        folders = folders[1:]
    return "-".join(tile_slug(p) for p in [*folders, *parts] if p)


def tile_slug(name: str) -> str:
    """A URL-safe folder name for a tile or game name."""
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "tile"
    return slug


def color_rank(color: str) -> int:
    return COLOR_ORDER.index(color) if color in COLOR_ORDER else len(COLOR_ORDER)


def name_key(name: str) -> tuple[int, int, str]:
    """The engine's order within a colour: integer value of the name, then the name."""
    match = re.match(r"\d+", name)
    return (0 if match else 1, int(match.group()) if match else 0, name)


@dataclass(frozen=True)
class TileFacts:
    """What the tile filter needs to know about a tile."""

    city: bool
    town: bool
    offboard: bool
    revenue: int
    label: str


def tile_facts(code: str) -> TileFacts:
    try:
        tile = parse(code)
    except ValueError:
        return TileFacts(False, False, False, 0, "")
    revenues = [
        v
        for node in tile.nodes
        if isinstance(node, City | Town | Offboard)
        for v in node.revenue.values()
    ]
    return TileFacts(
        bool(tile.cities),
        bool(tile.towns),
        bool(tile.offboards),
        max(revenues, default=0),
        tile.labels[0].text if tile.labels else "",
    )


def _filter_form(target: str, colors: Iterable[str], games: Iterable[Game] | None) -> str:
    color_options = "".join(f'<option value="{esc(c)}">{esc(c)}</option>' for c in colors)
    game_select = ""
    if games:
        options = "".join(f'<option value="{esc(g.id)}">{esc(g.title)}</option>' for g in games)
        game_select = (
            f'<label>Game <select name="game"><option value="">any</option>{options}</select>'
            "</label>"
        )
    return (
        f'<form class="tile-filter" data-target="{esc(target)}" role="search" '
        "data-search-exclude>"
        '<label>Find <input name="q" type="search" placeholder="name or code"></label>'
        f'<label>Colour <select name="color"><option value="">any</option>{color_options}'
        "</select></label>"
        '<label><input type="checkbox" name="city"> city</label>'
        '<label><input type="checkbox" name="town"> town</label>'
        '<label><input type="checkbox" name="offboard"> offboard</label>'
        '<label>Revenue <input name="min" type="number" min="0" step="10" style="width:4.5em">'
        ' – <input name="max" type="number" min="0" step="10" style="width:4.5em"></label>'
        '<label>Label <input name="label" size="4"></label>'
        f"{game_select}"
        '<span class="tile-filter__count" aria-live="polite"></span></form>'
    )


def tile_words(code: str, color: str, layout: str, rotation: int = 0,
               name: str | None = None) -> str:  # fmt: skip
    """A tile image's alt text: what it shows in words (`tile_lang.describe`); an `<img>` of an
    SVG file does not expose the SVG's own title to screen readers."""
    try:
        shape = layout if is_layout(layout) else "flat"
        return describe(code, color=color, layout=shape, rotation=rotation, name=name)
    except ValueError as exc:
        return f"Tile error: {str(exc).splitlines()[0]}"


def _card(page: str, href: str | None, img: str, name: str, code: str, color: str,
          count: str | None, games: str = "",
          links: tuple[str, str] | None = None, alt: str = "") -> str:  # fmt: skip
    facts = tile_facts(code)
    attrs = (
        f'data-download="{esc(download_stem(page, name))}" '
        f'data-tile data-search="{esc(name + " " + code)}" data-color="{esc(color)}" '
        f'data-city="{int(facts.city)}" data-town="{int(facts.town)}" '
        f'data-offboard="{int(facts.offboard)}" data-revenue="{facts.revenue}" '
        f'data-label="{esc(facts.label)}" data-games="{esc(games)}"'
    )
    if links is not None:  # a manifest card: its name and upgrades, for upgrades.js
        attrs += (
            f' data-name="{esc(name)}" data-upgrades-to="{esc(links[0])}" '
            f'data-upgrades-from="{esc(links[1])}" tabindex="0"'
        )
    badge = f'<span class="tile-count">{esc(count)}</span>' if count is not None else ""
    image = (
        f'<img src="{esc(rel(page, img))}" alt="{esc(alt or name)}" loading="lazy" '
        'width="136" height="136">'
    )
    inner = f'{badge}{image}<span class="tile-name">{esc(name)}</span>'
    if href:
        return f'<a class="tile-card" href="{esc(href)}" {attrs}>{inner}</a>'
    return f'<div class="tile-card" {attrs}>{inner}</div>'


# --------------------------------------------------------------------------------------------
# catalog pages


def _catalog_usage(games: list[Game]) -> dict[str, list[tuple[Game, TileEntry]]]:
    """Games using each catalog tile: naming it, or defining the same tile (up to rotation)
    under its number, as GE18XX games do with their own drawings."""
    usage: dict[str, list[tuple[Game, TileEntry]]] = {}
    for game in games:
        for entry in game.tiles.values():
            found = None if entry.catalog else catalog.lookup(entry.name)
            if entry.catalog or (
                found is not None and same_tile(entry.code, entry.color, found.code, found.color)
            ):
                usage.setdefault(entry.name, []).append((game, entry))
    return usage


def build_tiles_index(build: GalleryBuild, games: list[Game]) -> None:
    page = "tiles/all/index.md"
    usage = _catalog_usage(games)
    tiles = sorted(catalog.all_tiles(), key=lambda t: (color_rank(t.group), name_key(t.name)))
    groups: dict[str, list[catalog.CatalogTile]] = {}
    for t in tiles:
        groups.setdefault(t.group, []).append(t)
    out = [
        "---\ntitle: All catalog tiles\nhide: [toc]\n---\n",
        "# All catalog tiles",
        "",
        f"The {len(tiles)} generic tiles of 18xx.games' catalog, by colour (the two-colour tiles "
        "included). Click a tile for its page: rotations, code, and the games that use it. "
        "Numbers that mean different tiles in different games are listed in "
        "[Tile number conflicts](../conflicts/index.md).",
        "",
        _filter_form("catalog-grid", [g for g in groups if g in COLOR_ORDER], games),
        "",
        '<div id="catalog-grid" markdown="0">',
    ]
    for group, members in groups.items():
        out.append(f'<h2 id="{esc(group)}">{esc(group.capitalize())} ({len(members)})</h2>')
        out.append('<div class="tile-grid">')
        for t in members:
            img = build.svg_asset(t.code, t.color, "flat")
            href = rel(page, f"tiles/{tile_slug(t.name)}/index.md")
            used = " ".join(sorted(g.id for g, _ in usage.get(t.name, [])))
            words = tile_words(t.code, t.color, "flat")
            out.append(
                _card(page, _link(build, href), img, t.name, t.code, t.color, None, used, alt=words)
            )
        out.append("</div>")
    out.append("</div>")
    build.page(page, "\n".join(out) + "\n")


def _link(build: GalleryBuild, href: str) -> str:
    """Raw HTML links are not rewritten by MkDocs: point them at the built page."""
    if href.endswith("index.md"):
        base = href[: -len("index.md")]
        return base if build.directory_urls else base + "index.html"
    if href.endswith(".md"):
        return href[:-3] + ("/" if build.directory_urls else ".html")
    return href


def _variants(build: GalleryBuild, page: str, code: str, color: str, layout: Layout,
              rotatable: bool, name: str | None, size: int = 300) -> str:  # fmt: skip
    """Pre-rendered rotations shown or hidden by tiles.js from the query (`?r=`); `?grid`
    lays the shared region-grid overlay of this layout over each of them."""
    items = []
    rotations = range(6) if rotatable else [0]
    grid = rel(page, f"assets/tile-atlas/grid-{layout}.svg")
    for r in rotations:
        img = build.svg_asset(code, color, layout, r, name)
        hidden = "" if r == 0 else " hidden"
        items.append(
            f'<figure class="tile-variant tile-figure" data-rotation="{r}"{hidden} '
            f'data-download="{esc(download_stem(page, layout, f"r{r}"))}">'
            f'<span class="tile-stack" style="width:{size}px">'
            f'<img src="{esc(rel(page, img))}" '
            f'alt="Rotation {r}. {esc(tile_words(code, color, layout, r, name))}" width="{size}" '
            f'height="{size}" loading="lazy"><img class="tile-grid-overlay" src="{esc(grid)}" '
            f'alt="" width="{size}" height="{size}" hidden></span>'
            f'<figcaption class="tile-rotation">rotation {r}</figcaption></figure>'
        )
    flags = "" if rotatable else " data-preprinted"
    query = playground_query(code, color=color, layout=layout, name=name)
    return (
        f'<div class="tile-row" data-tile-variants{flags} data-tile-try="{esc(query)}" '
        "data-search-exclude>" + "".join(items) + "</div>"
    )


def build_tile_page(build: GalleryBuild, t: catalog.CatalogTile,
                    usage: list[tuple[Game, TileEntry]]) -> None:  # fmt: skip
    slug = tile_slug(t.name)
    page = f"tiles/{slug}/index.md"
    out = [
        front_matter({"title": f"Tile {esc(t.name)}"}),
        f"# Tile {md_text(t.name)}",
        "",
        f"**Colour:** {md_text(t.color)}"
        + (f" (catalog group {md_text(t.group)})" if t.group != t.color else ""),
        "",
        "**Code:**",
        "",
        code_block(t.code),
        "",
        "Add `?r=1`, `?r=0+2+4` or `?r=all` to the address for rotations and `?grid` for the "
        "region grid.",
        "",
        _variants(build, page, t.code, t.color, "flat", True, None),
        "",
        "## Pointy layout",
        "",
        _variants(build, page, t.code, t.color, "pointy", True, None, size=220),
        "",
        "## Used by",
        "",
    ]
    if usage:
        out.append("| Game | Copies | Upgrades |")
        out.append("|---|---|---|")
        for game, entry in sorted(usage, key=lambda ge: ge[0].title.lower()):
            count = "∞" if entry.count is None else str(entry.count)
            game_dir = f"../../games/{tile_slug(game.id)}"
            chart = f"[upgrade chart]({game_dir}/upgrades/index.md#tile-{tile_slug(entry.name)})"
            out.append(f"| [{md_text(game.title)}]({game_dir}/index.md) | {count} | {chart} |")
    else:
        out.append("No game of this site uses this tile.")
    build.page(page, "\n".join(out) + "\n")
    for r in range(6):
        build.redirect(
            f"tiles/{slug}-{r}/index.html",
            slug,
            f"Tile {t.name} rotation {r}",
            f"Tile {t.name}, rotation {r}",
            query=f"?r={r}",
        )


# --------------------------------------------------------------------------------------------
# games


def _draw_hex(build: GalleryBuild, game: Game) -> Callable[[MapHex], str]:
    """How the map draws one hex: rendered with the game's layout, or an error tile."""

    def draw(h: MapHex) -> str:
        try:
            return render_svg(h.code, color=h.color, layout=game.layout, name=h.name,
                              icon_dirs=build.icon_dirs)  # fmt: skip
        except ValueError as exc:
            return error_tile_svg(str(exc).splitlines()[0])

    return draw


def game_map_svg(build: GalleryBuild, game: Game, page: str | None, scale: float) -> str:
    """The game's map: interactive with hex links for the map page at `page`, a single picture
    when `page` is None (thumbnails)."""
    href: Callable[[str], str] | None = None
    if page is not None:
        pages_of = hex_page_of(game)
        slug = tile_slug(game.id)

        def href(coord: str) -> str:
            target = tile_slug(pages_of.get(coord, coord))
            return _link(build, rel(page, f"games/{slug}/{target}/index.md"))

    return map_svg(game, templates=build.templates, draw=_draw_hex(build, game), href=href,
                   scale=scale)  # fmt: skip


def build_map_page(build: GalleryBuild, game: Game) -> None:
    """`games/<id>/map/`: the whole map, full width, with pan, zoom and the hex card."""
    slug = tile_slug(game.id)
    page = f"games/{slug}/map/index.md"
    body = build.templates.render(
        "map_page.html.j2",
        title=game.title,
        overview_href=_link(build, rel(page, f"games/{slug}/index.md")),
        map_svg=game_map_svg(build, game, page, scale=1.0),
        has_numbers=any(h.tile for h in game.hexes.values()),
        download=download_stem(page),  # games/<id>/map/ -> "<id>-map"
    )
    head = front_matter({"title": f"Map of {esc(game.title)}", "hide": ["navigation", "toc"]})
    build.page(page, f"{head}# Map of {md_text(game.title)}\n\n{body}")


def _merged_hexes(game: Game) -> list[tuple[MapHex, list[str]]]:
    groups: dict[tuple[str, str, str | None], list[str]] = {}
    first: dict[tuple[str, str, str | None], MapHex] = {}
    for coord, h in game.hexes.items():
        key = (h.code, h.color, h.name)
        groups.setdefault(key, []).append(coord)
        first.setdefault(key, h)
    merged = [(first[k], coords) for k, coords in groups.items()]
    return sorted(merged, key=lambda hc: (color_rank(hc[0].color), hc[1][0]))


def build_game_pages(build: GalleryBuild, game: Game) -> None:
    slug = tile_slug(game.id)
    page = f"games/{slug}/index.md"
    out = [
        front_matter({"title": esc(game.title)}),
        f"# {md_text(game.title)}",
        "",
    ]
    facts = []
    if game.designer:
        facts.append(f"**Designer:** {md_text(game.designer)}")
    if game.origin:  # two versions of one game (18xx.games, GE18XX) are told apart by it
        facts.append(f"**Source:** {md_text(game.origin)}")
    facts.append(f"**Layout:** {game.layout}")
    facts.append(f"**Tiles:** {len(game.tiles)} kinds")
    facts.append(f"**Map:** {len(game.hexes)} hexes")
    out += [" · ".join(facts), ""]
    thumb = _map_thumbnail(build, game)
    map_href = _link(build, rel(page, f"games/{slug}/map/index.md"))
    out += [
        "## Map",
        "",
        f'<p class="game-map" data-search-exclude><a href="{esc(map_href)}">'
        f'<img src="{esc(rel(page, thumb))}" alt="" loading="lazy"> '
        f"Open the full map of {esc(game.title)}</a></p>",
        "",
    ]
    to, back = upgrade_links(upgrade_tables(game).legal)
    out += [
        "## Tile manifest",
        "",
        "Select a tile (click, or Tab to it) to highlight the tiles it upgrades to and from; "
        "click it again to open it, Esc to clear. Every upgrade with its rotations is on the "
        "[upgrade chart](upgrades/index.md).",
        "",
        _filter_form(f"manifest-{slug}", _colors(game.tiles.values()), None),
        "",
    ]
    out.append(
        f'<fieldset class="manifest-grouping" data-manifest-grouping="manifest-{esc(slug)}">'
        "<legend>Group tiles</legend>"
        f'<label><input type="radio" name="group-{esc(slug)}" value="number" checked> '
        "by colour and number</label>"
        f'<label><input type="radio" name="group-{esc(slug)}" value="family"> by family '
        "(plain track, towns, cities, labelled cities, off-boards)</label></fieldset>"
    )
    out.append(f'<div id="manifest-{esc(slug)}" data-upgrade-manifest>')

    def card(e: TileEntry) -> str:
        try:
            img = build.svg_asset(e.code, e.color, game.layout)
        except ValueError:
            img = build.svg_asset("", "white", game.layout, name="error")
        count = "∞" if e.count is None else f"×{e.count}"
        href = (
            _link(build, rel(page, f"tiles/{tile_slug(e.name)}/index.md"))
            if e.catalog and build.catalog_pages
            else None
        )
        froms = [name for name in back.get(e.name, []) if name in game.tiles]
        links = (" ".join(to.get(e.name, [])), " ".join(froms))
        words = tile_words(e.code, e.color, game.layout)
        return _card(page, href, img, e.name, e.code, e.color, count, game.id, links, alt=words)

    for view, groups in _manifest_views(game).items():
        hidden = "" if view == "number" else " hidden"
        out.append(f'<div data-manifest-view="{view}"{hidden}>')
        for title, entries in groups:
            out.append(f"<h3>{esc(title)}</h3>")
            out.append('<div class="tile-grid">')
            out.extend(card(e) for e in entries)
            out.append("</div>")
        out.append("</div>")
    out.append("</div>")
    # a Markdown link: MkDocs checks and rewrites the .md path (a built-page URL would break
    # `use_directory_urls: false` builds under --strict)
    hexes_href = rel(page, f"games/{slug}/hexes/index.md")
    out += ["", "## Map hexes", "", f"Every preprinted hex of the map: [hexes]({hexes_href}).", ""]
    build.page(page, "\n".join(out) + "\n")
    build_hexes_page(build, game)
    build_map_page(build, game)
    for h, coords in _merged_hexes(game):
        _hex_page(build, game, h, coords)


def build_hexes_page(build: GalleryBuild, game: Game) -> None:
    """`games/<id>/hexes/`: every distinct preprinted hex of the map as a card (identical hexes
    once, with all their coordinates), each linking to its hex page."""
    slug = tile_slug(game.id)
    page = f"games/{slug}/hexes/index.md"
    out = [
        front_matter({"title": f"{esc(game.title)} · map hexes"}),
        f"# Map hexes of {md_text(game.title)}",
        "",
        f"[← {md_text(game.title)}](../index.md) · [map](../map/index.md) · identical preprinted "
        "hexes are shown once with all their coordinates.",
        "",
        '<div class="tile-grid">',
    ]
    for h, coords in _merged_hexes(game):
        if h.color == "empty":
            continue
        try:
            img = build.svg_asset(h.code, h.color, game.layout, name=h.name)
        except ValueError:
            img = build.svg_asset("", "white", game.layout, name="error")
        label = ", ".join(coords)
        href = _link(build, rel(page, f"games/{slug}/{tile_slug(coords[0])}/index.md"))
        words = tile_words(h.code, h.color, game.layout, name=h.name)
        out.append(_card(page, href, img, label, h.code, h.color, None, game.id, alt=words))
    out.append("</div>")
    build.page(page, "\n".join(out) + "\n")


def _manifest_views(game: Game) -> dict[str, list[tuple[str, list[TileEntry]]]]:
    """The manifest grouped two ways: by colour then number (the default), and by family
    (plain track, towns, cities, labelled cities, off-boards) then colour, as rulebooks do."""
    by_color: dict[str, list[TileEntry]] = {}
    by_family: dict[str, list[TileEntry]] = {}
    for entry in game.tiles.values():
        by_color.setdefault(entry.color, []).append(entry)
        try:
            kind = family(parse(entry.code))
        except ValueError:
            kind = FAMILIES[0]
        by_family.setdefault(kind, []).append(entry)
    number = [
        (color.capitalize(), sorted(by_color[color], key=lambda e: name_key(e.name)))
        for color in sorted(by_color, key=color_rank)
    ]
    families = [
        (kind.capitalize(),
         sorted(by_family[kind], key=lambda e: (color_rank(e.color), name_key(e.name))))
        for kind in FAMILIES
        if kind in by_family
    ]  # fmt: skip
    return {"number": number, "family": families}


def hex_page_of(game: Game) -> dict[str, str]:
    """Coordinate -> the coordinate whose page shows it (identical hexes share one page)."""
    return {coord: coords[0] for _, coords in _merged_hexes(game) for coord in coords}


def _hex_page(build: GalleryBuild, game: Game, h: MapHex, coords: list[str]) -> None:
    """One themed page per distinct preprinted hex, at its first coordinate; the other
    coordinates get a tiny redirect page, so `games/<id>/<coord>/` works for every hex while a
    1,500-hex map builds a few hundred pages instead of 1,500."""
    slug = tile_slug(game.id)
    first = tile_slug(coords[0])
    hex_page = f"games/{slug}/{first}/index.md"
    title = ", ".join(coords) if len(coords) <= 6 else f"{coords[0]} and {len(coords) - 1} more"
    body = [
        front_matter({"title": f"{esc(game.title)} {esc(coords[0])}"}),
        f"# {md_text(title)}" + (f" — {md_text(h.name)}" if h.name else ""),
        "",
        f"[{md_text(game.title)}](../index.md) · colour **{md_text(h.color)}**"
        + (
            f" · catalog tile [{md_text(h.tile)}](../../../tiles/{tile_slug(h.tile)}/index.md)"
            if h.tile and catalog.lookup(h.tile) and build.catalog_pages
            else ""
        ),
        "",
    ]
    if len(coords) > 1:
        body += [f"Identical preprinted hexes: {md_text(', '.join(coords))}.", ""]
    if h.color != "empty":
        body.append(_variants(build, hex_page, h.code, h.color, game.layout, False, h.name))
    body += ["", code_block(h.code), ""]
    build.page(hex_page, "\n".join(body))
    for coord in coords[1:]:
        build.redirect(
            f"games/{slug}/{tile_slug(coord)}/index.html", first, f"{game.title} {coord}", coord
        )


def _colors(entries: Iterable[TileEntry]) -> list[str]:
    return sorted({e.color for e in entries}, key=color_rank)


def build_board_game_pages(build: GalleryBuild, board_games: Sequence[BoardGame]) -> None:
    """A page per board-and-card game (board, property table, card faces)."""
    for game in board_games:
        build.page(f"games/{tile_slug(game.id)}/index.md", board_game_page(game))


def _board_game_cards(
    build: GalleryBuild, page: str, board_games: Sequence[BoardGame]
) -> list[str]:
    cards = []
    for game in board_games:
        card = games_index_card(game)
        slug = tile_slug(card["id"])
        thumb = f"assets/games/{slug}-board.svg"
        build.files.append(GeneratedFile(thumb, card["thumbnail_svg"] + "\n"))
        href = _link(build, f"{slug}/index.md")
        cards.append(
            f'<a class="game-card" href="{esc(href)}" data-tile '
            f'data-search="{esc(card["search"])}">'
            f'<img src="{esc(rel(page, thumb))}" alt="board of {esc(card["title"])}" '
            'loading="lazy">'
            f"<h3>{esc(card['title'])}</h3><p>{esc(card['description'])}</p>"
            f"<p>board game · {card['squares']} squares · {card['cards']} cards</p></a>"
        )
    return cards


def _map_thumbnail(build: GalleryBuild, game: Game) -> str:
    """Path of the game's small map picture, written once per build."""
    thumb = f"assets/games/{tile_slug(game.id)}-map.svg"
    if thumb not in build.written:
        build.written.add(thumb)
        build.files.append(GeneratedFile(thumb, game_map_svg(build, game, None, scale=0.1)))
    return thumb


def build_games_index(
    build: GalleryBuild, games: list[Game], board_games: Sequence[BoardGame] | None = None
) -> None:
    page = "games/index.md"
    out = [
        "---\ntitle: Games\nhide: [toc]\n---\n",
        "# Games",
        "",
        '<form class="tile-filter" data-target="game-cards" role="search" data-search-exclude>'
        '<label>Find a game <input name="q" type="search" placeholder="title or designer">'
        '</label><span class="tile-filter__count"></span></form>',
        "",
        '<div class="game-cards" id="game-cards">',
    ]
    for game in sorted(games, key=lambda g: g.title.lower()):
        slug = tile_slug(game.id)
        thumb = _map_thumbnail(build, game)
        href = _link(build, f"{slug}/index.md")
        search = f"{game.title} {game.id} {game.designer or ''} {game.origin or ''}"
        origin = f" · {game.origin}" if game.origin else ""
        out.append(
            f'<a class="game-card" href="{esc(href)}" data-tile data-search="{esc(search)}">'
            f'<img src="{esc(rel(page, thumb))}" alt="map of {esc(game.title)}" loading="lazy">'
            f"<h3>{esc(game.title)}</h3>"
            f"<p>{esc(game.designer or '')}</p>"
            f"<p>{game.layout} · {len(game.tiles)} tiles · {len(game.hexes)} hexes"
            f"{esc(origin)}</p></a>"
        )
    out.extend(_board_game_cards(build, page, board_games or []))
    out.append("</div>")
    build.page(page, "\n".join(out) + "\n")


def writable_game(game: Game) -> Game:
    """The game with every text field made `pagetext.one_line`: a lone surrogate, a control
    character or a line break (which the readers report as errors) must not stop a build,
    make a page or an SVG that cannot be written, or reach a template as a line of its own.
    The same object when nothing needed it."""

    def text(value: str | None) -> str | None:
        return None if value is None else one_line(value)

    cleaned = replace(
        game,
        title=one_line(game.title),
        designer=text(game.designer),
        subtitle=text(game.subtitle),
        tiles={
            one_line(k): replace(e, name=one_line(e.name), code=one_line(e.code))
            for k, e in game.tiles.items()
        },
        hexes={
            one_line(k): replace(
                h,
                coord=one_line(h.coord),
                code=one_line(h.code),
                name=text(h.name),
                tile=text(h.tile),
            )
            for k, h in game.hexes.items()
        },
        location_names={one_line(k): one_line(v) for k, v in game.location_names.items()},
    )
    return game if cleaned == game else cleaned


def build_gallery(
    games: list[Game],
    *,
    icon_dirs: tuple[Path, ...] = (),
    directory_urls: bool = True,
    progress: Progress | None = None,
    extra_pages: Callable[[GalleryBuild], None] | None = None,
    catalog_pages: bool = True,
    board_games: Sequence[BoardGame] | None = None,
    template_dirs: tuple[Path, ...] = (),
    svg_scripts: bool = False,
) -> list[GeneratedFile]:
    """Every generated file of the gallery (pages and tile drawings), deterministic.
    `template_dirs` are a site's template override folders (see `gallery.templates`);
    `svg_scripts` adds `<tile>.svg.js` beside each tile drawing (offline bundles)."""
    build = GalleryBuild(
        icon_dirs=icon_dirs,
        directory_urls=directory_urls,
        catalog_pages=catalog_pages,
        templates=Templates(template_dirs),
        svg_scripts=svg_scripts,
    )
    games = sorted((writable_game(g) for g in games), key=lambda g: g.id)
    usage = _catalog_usage(games)
    tiles = catalog.all_tiles() if catalog_pages else ()
    if catalog_pages:
        build_tiles_index(build, games)
    total = len(tiles) + len(games)
    for i, t in enumerate(tiles, start=1):
        build_tile_page(build, t, usage.get(t.name, []))
        if progress and i % 25 == 0:
            progress("catalog tiles", i, total)
    for i, game in enumerate(games, start=len(tiles) + 1):
        build_game_pages(build, game)
        if progress:
            progress(f"game {game.id}", i, total)
    build_board_game_pages(build, board_games or [])
    build_games_index(build, games, board_games)
    build_conflicts_page(build, games)
    for game in games:
        build_upgrade_chart(build, game)
    if extra_pages:
        extra_pages(build)
    return build.files


def write_gallery(
    games: list[Game],
    out_dir: str | Path,
    *,
    force: bool = False,
    icon_dirs: tuple[Path, ...] = (),
    progress: Progress | None = None,
    catalog_pages: bool = True,
    board_games: Sequence[BoardGame] | None = None,
    template_dirs: tuple[Path, ...] = (),
) -> WriteResult:
    """Write the gallery's files under `out_dir` through `gallery.output.write_files`: never
    over a file it did not write or that was edited since (`OutputConflict`, nothing written)
    unless `force`; staged, then moved into place. The options are `build_gallery`'s."""
    files = build_gallery(
        games,
        icon_dirs=icon_dirs,
        progress=progress,
        catalog_pages=catalog_pages,
        board_games=board_games,
        template_dirs=template_dirs,
    )
    # The styles and scripts too, so hosts without the MkDocs plugin (Zensical) get them.
    files += [GeneratedFile(asset.uri, asset.content) for asset in site_assets()]
    return write_files(out_dir, {f.path: f.content for f in files}, force=force)
