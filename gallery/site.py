"""Gallery pages: static equivalents of 18xx.games' tile routes, built without MkDocs.

`build_gallery(games)` returns generated files (Markdown pages, SVG assets, small HTML
redirects) that the plugin adds with `File.generated`, and that `write_gallery` can put on disk:

* `tiles/all/` — every catalog tile by colour, with a filter (colour, city/town/offboard,
  revenue range, label, game) that runs in the browser, offline too;
* `tiles/<name>/` — one tile large, its six rotations, with and without the region grid; the
  18xx.games parameters keep their meaning: `?r=1`, `?r=0+2`, `?r=all`, `?grid`, `?n=Name`;
  `tiles/<name>-<r>/` (the `/tiles/9-1` form) reaches `tiles/<name>/?r=<r>`: through the
  site's 404 page under the MkDocs plugin, through a small redirect page otherwise;
* `games/` — a card per game; `games/<id>/` — manifest, map thumbnail; `games/<id>/map/` — the
  whole map; `games/<id>/hexes/` — every distinct hex, and `hexes/?hex=<coord>` one hex large
  with its code.

Each kind of page has its module in `gallery.pages`; this module runs them in order over one
`GalleryBuild`. Every tile SVG is rendered once per build and written once as a file that pages
reference with lazy `<img>` tags; maps reuse one `<symbol>` per distinct hex. All text from
game data is escaped, and HTML comes from templates a site can override (`gallery.templates`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from gallery.boardgame import BoardGame
from gallery.conflicts import IdentityCache
from gallery.game import Game, TileEntry
from gallery.output import WriteResult, write_files
from gallery.pages.catalog import catalog_usage, tile_page_path
from gallery.pages.catalog_memo import CatalogMemo
from gallery.pages.context import (
    GalleryBuild,
    GeneratedFile,
    Progress,
    error_tile_svg,
    svg_script,
)
from gallery.pages.fragments import code_block, tile_words
from gallery.pages.games_index import build_board_game_pages
from gallery.pages.hexes import hex_link
from gallery.pages.order import color_rank, name_key
from gallery.pages.paths import download_stem, rel, tile_slug
from gallery.pagetext import one_line
from gallery.parts import (
    Afterwards,
    BuildSettings,
    PartResult,
    PartsCache,
    WorkerPool,
    build_parts,
    plan_parts,
)
from gallery.site_assets import site_assets
from gallery.templates import Templates, template_state
from tile_lang import catalog
from tile_lang.render_cache import RenderCache

if TYPE_CHECKING:
    from gallery.parts import Store

# Names other modules import from here (the page modules are the place to change them).
__all__ = [
    "GalleryBuild",
    "GeneratedFile",
    "Progress",
    "build_gallery",
    "code_block",
    "color_rank",
    "download_stem",
    "error_tile_svg",
    "hex_link",
    "name_key",
    "rel",
    "svg_script",
    "tile_slug",
    "tile_words",
    "writable_game",
    "write_gallery",
]


_catalog_usage = catalog_usage


def writable_game(game: Game) -> Game:
    """The game with every text field made `pagetext.one_line`: a lone surrogate, a control
    character or a line break (which the readers report as errors) must not stop a build,
    make a page or an SVG that cannot be written, or reach a template as a line of its own.
    The same object when nothing needed it."""

    if not _needs_one_line(game):
        return game

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


def _writable_games(games: list[Game], kept: dict[str, tuple[Game, Game]]) -> list[Game]:
    """`writable_game` of each game, by id; taken from `kept` for the very game object it was
    made from (the loader gives the same object for a game file that did not change), and
    `kept` left holding this call's: a rebuild goes over the text of the games that changed
    only."""
    made: dict[str, tuple[Game, Game]] = {}
    for game in games:
        known = kept.get(game.id)
        if known is None or known[0] is not game:
            known = (game, writable_game(game))
        made[game.id] = known
    kept.clear()
    kept.update(made)
    return sorted((w for _, w in made.values()), key=lambda g: g.id)


def _needs_one_line(game: Game) -> bool:
    """Whether any text field of `game` holds what `one_line` replaces (one scan of all of
    them: a site's games almost never do, and rebuilding each game to compare is slow)."""
    fields = [game.title, game.designer or "", game.subtitle or ""]
    for key, entry in game.tiles.items():
        fields += (key, entry.name, entry.code)
    for key, h in game.hexes.items():
        fields += (key, h.coord, h.code, h.name or "", h.tile or "")
    for key, name in game.location_names.items():
        fields += (key, name)
    joined = " ".join(fields)
    return one_line(joined) != joined


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
    renders: RenderCache | None = None,
    set_aside: bool = False,
    workers: int = 1,
    parts: PartsCache | None = None,
    identities: IdentityCache | None = None,
    templates: Templates | None = None,
    redirect_pages: bool = True,
    memo: CatalogMemo | None = None,
    arrived: Callable[[Sequence[GeneratedFile]], None] | None = None,
    pool: WorkerPool | None = None,
    afterwards: Afterwards | None = None,
    drawn: Mapping[str, GeneratedFile] | None = None,
    store: Store | None = None,
) -> list[GeneratedFile]:
    """Every generated file of the gallery (pages and tile drawings), deterministic.
    `template_dirs`: a site's template overrides (`gallery.templates`); `svg_scripts`: a
    `<tile>.svg.js` beside each drawing (offline bundles); `set_aside`: large HTML blocks kept
    out of the Markdown (`GalleryBuild.raw`); without `redirect_pages` no `tiles/<name>-<r>/`
    folders (the 404 page routes them, `gallery.pages.catalog.tile_routes`). The games' and
    the catalog's pages are built as `gallery.parts` (`build_parts` says what `workers`,
    `pool`, `afterwards`, `drawn` and `store` do), taken from `parts` when their inputs did
    not change; `renders`, `identities`, `templates` and `memo` (the catalog's game-dependent
    parts, `gallery.pages.catalog_memo`) may be kept by the caller too."""
    renders = renders if renders is not None else RenderCache()
    renders.refresh(icon_dirs)
    settings = BuildSettings(
        icon_dirs=tuple(icon_dirs),
        directory_urls=directory_urls,
        catalog_pages=catalog_pages,
        template_dirs=tuple(template_dirs),
        svg_scripts=svg_scripts,
        set_aside=set_aside,
        redirect_pages=redirect_pages,
        state=renders.icons.fingerprint + template_state(template_dirs),
    )
    build = GalleryBuild(
        renders=renders,
        directory_urls=directory_urls,
        catalog_pages=catalog_pages,
        templates=templates if templates is not None else Templates(template_dirs),
        svg_scripts=svg_scripts,
        set_aside=set_aside,
        identities=identities if identities is not None else IdentityCache(),
        redirect_pages=redirect_pages,
        drawn=drawn if drawn is not None else {},
    )
    memo = memo if memo is not None else CatalogMemo()
    memo.keyed_on(settings.state)
    games = _writable_games(games, memo.writable)
    usage: dict[str, list[tuple[Game, TileEntry]]] = {}
    # what depends on the games alone, made while a pool builds the parts: the conflicts
    # page, and which games use each catalog tile (they share the tiles' identities)
    meanwhile = partial(_games_alone, build, memo, games, settings.state, usage)
    told = (lambda result: arrived(result.files)) if arrived is not None else None
    results = build_parts(
        plan_parts(games, catalog_pages=catalog_pages), settings, renders=renders,
        cache=parts, workers=workers, progress=progress, templates=build.templates,
        arrived=told, meanwhile=meanwhile, pool=pool, afterwards=afterwards, drawn=drawn,
        store=store,
    )  # fmt: skip
    _adopt_parts(build, memo, results, usage)
    if catalog_pages:
        memo.tiles_index(build, games, usage, settings.state)
    build_board_game_pages(build, board_games or [])
    memo.games_index(build, games, board_games, settings.state)
    if extra_pages:
        extra_pages(build)
    return _unique(build.files)


def _games_alone(build: GalleryBuild, memo: CatalogMemo, games: list[Game], state: str,
                 usage: dict[str, list[tuple[Game, TileEntry]]]) -> None:  # fmt: skip
    memo.conflicts_page(build, games, state)
    usage.update(catalog_usage(games, build.identities))


def _adopt_parts(build: GalleryBuild, memo: CatalogMemo, results: list[PartResult],
                 usage: dict[str, list[tuple[Game, TileEntry]]]) -> None:  # fmt: skip
    """Put the parts' files into `build`, each catalog tile page with its "Used by" table
    filled in (`CatalogMemo.filled`)."""
    tile_pages = {tile_page_path(t.name): t.name for t in catalog.all_tiles()}
    for result in results:
        files = [
            memo.filled(build, f, usage.get(tile_pages[f.path], [])) if f.path in tile_pages else f
            for f in result.files
        ]
        build.adopt(files, dict(result.svgs), set(result.written))


def _unique(files: list[GeneratedFile]) -> list[GeneratedFile]:
    """Each path once: parts built apart draw some of the same tiles (the same file)."""
    seen: set[str] = set()
    out = []
    for f in files:
        if f.path not in seen:
            seen.add(f.path)
            out.append(f)
    return out


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
    renders: RenderCache | None = None,
    store: Store | None = None,
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
        renders=renders,
        store=store,
    )
    # The styles and scripts too, so hosts without the MkDocs plugin (Zensical) get them.
    files += [GeneratedFile(asset.uri, asset.content) for asset in site_assets()]
    return write_files(out_dir, {f.path: f.content for f in files}, force=force)
