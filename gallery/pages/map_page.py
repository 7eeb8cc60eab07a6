"""A game's map: the full-width interactive page `games/<id>/map/` and the small picture of the
game overview and the games index (`assets/games/<id>-map.svg`, written once per build)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from gallery.game import Game, MapHex
from gallery.map_view import map_svg, printed_words
from gallery.pages.context import GalleryBuild, GeneratedFile
from gallery.pages.hexes import hex_links
from gallery.pages.paths import download_stem, rel, tile_slug
from gallery.pages.where import publish_upgrades, where_view
from gallery.pagetext import esc, front_matter, md_text
from gallery.templates import Templates
from tile_lang import Layout
from tile_lang.render_cache import RenderCache, RenderKey


def _draw_hex(build: GalleryBuild, game: Game) -> Callable[[MapHex], str]:
    """How the map draws one hex: rendered with the game's layout, or an error tile."""

    def draw(h: MapHex) -> str:
        key = RenderKey(h.code, h.color, game.layout, name=h.name)
        # a drawing an earlier build made as a file: a game made again during `mkdocs serve`
        # does not draw its thumbnail's hexes again (the first build drew them in workers)
        kept = build.kept_drawing(key)
        return kept if kept is not None else build.draw(key)

    return draw


def game_map_svg(build: GalleryBuild, game: Game, page: str | None, scale: float) -> str:
    """The game's map: interactive with hex links for the map page at `page`, a single picture
    when `page` is None (thumbnails)."""
    href: Callable[[str], str] | None = None
    picture: Callable[[MapHex], str] | None = None
    if page is not None:
        href = hex_links(build, page, game)

        def picture(h: MapHex) -> str:
            # the file the game's hexes page shows for this hex (the same drawing, one file)
            return rel(page, build.svg_asset(h.code, h.color, game.layout, name=h.name))

    def printed(h: MapHex, layout: Layout) -> str:
        return printed_words(h, layout, build.renders.words)

    return map_svg(game, templates=build.templates, draw=_draw_hex(build, game), href=href,
                   scale=scale, picture=picture, printed=printed)  # fmt: skip


def build_map_page(build: GalleryBuild, game: Game) -> None:
    """`games/<id>/map/`: the whole map, full width, with pan, zoom, the hex card and "where
    can this tile go" (`pages.where`); and the game's tables as data, `games/<id>/upgrades.json`."""
    slug = tile_slug(game.id)
    page = f"games/{slug}/map/index.md"
    where = build.piece("where", lambda: where_view(build, game, page)) if game.hexes else None
    body = build.templates.render(
        "map_page.html.j2",
        title=game.title,
        overview_href=build.link(rel(page, f"games/{slug}/index.md")),
        map_svg=build.piece("map", lambda: game_map_svg(build, game, page, scale=1.0)),
        has_numbers=any(h.tile for h in game.hexes.values()),
        download=download_stem(page),  # games/<id>/map/ -> "<id>-map"
        where=where,
        chart_href=build.link(rel(page, f"games/{slug}/upgrades/index.md")),
        data_href=rel(page, f"games/{slug}/upgrades.json"),
    )
    head = front_matter({"title": f"Map of {esc(game.title)}", "hide": ["navigation", "toc"]})
    build.page(page, f"{head}# Map of {md_text(game.title)}\n\n{build.raw(str(body))}\n")
    publish_upgrades(build, game)


def map_thumbnail(build: GalleryBuild, game: Game) -> str:
    """Path of the game's small map picture, written once per build."""
    thumb = f"assets/games/{tile_slug(game.id)}-map.svg"
    if thumb not in build.written:
        build.written.add(thumb)
        make = partial(_thumbnail_svg, build.renders, build.templates, game, build.drawn)
        build.file(thumb, make)
    return thumb


def _thumbnail_svg(renders: RenderCache, templates: Templates, game: Game,
                   drawn: Mapping[str, GeneratedFile]) -> str:  # fmt: skip
    """The thumbnail's content (made afterwards in a first build: `GalleryBuild.file`)."""
    build = GalleryBuild(renders=renders, templates=templates, drawn=drawn)
    return game_map_svg(build, game, None, 0.1)
