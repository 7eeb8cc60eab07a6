"""A game's preprinted hexes on one light page, `games/<id>/hexes/`: every distinct hex as a
card (identical hexes once, with all their coordinates and place name), and a viewer that shows
one hex large with its code when the address names it: `hexes/?hex=B2` (or `hexes/#B2`), with
`?grid` and `?n=` as on tile pages.

One page per game instead of one per hex: a 130-game site had some 13,000 hex pages, each
carrying the whole theme. The viewer (`assets/tile-atlas/hexview.js`) reads the coordinate as
data only: it looks it up among the hexes this page lists (JSON in a `<script
type="application/json">`, which browsers never run, with `<`, `>` and `&` written as escapes
so no text in it can end the element) and fills the viewer with their text and their drawing's
file; nothing from the address becomes markup, a URL or code. The data leaves out what the
script can derive (an empty field, the playground query) to keep pages of big maps light.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields
from urllib.parse import quote

from markupsafe import Markup

from gallery.game import Game, MapHex
from gallery.pages.context import GalleryBuild
from gallery.pages.fragments import game_page_head, tile_card, tile_words
from gallery.pages.order import color_rank
from gallery.pages.paths import download_stem, rel, tile_slug
from gallery.pagetext import esc, md_text
from tile_lang import catalog
from tile_lang.markdown import playground_query


@dataclass(frozen=True)
class HexView:
    """What the viewer shows of one distinct hex (all paths relative to the hexes page)."""

    coords: list[str]
    name: str
    color: str
    code: str
    img: str
    tile: str
    tile_href: str
    download: str


def script_json(value: object) -> Markup:
    """`value` as JSON to sit inside a `<script type="application/json">`: ASCII, with `<`, `>`
    and `&` as JSON escapes, so no string in it can close the element or start markup."""
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def merged_hexes(game: Game) -> list[tuple[MapHex, list[str]]]:
    """Each distinct hex (code, colour, name) with all its coordinates, in colour order."""
    groups: dict[tuple[str, str, str | None], list[str]] = {}
    first: dict[tuple[str, str, str | None], MapHex] = {}
    for coord, h in game.hexes.items():
        key = (h.code, h.color, h.name)
        groups.setdefault(key, []).append(coord)
        first.setdefault(key, h)
    merged = [(first[k], coords) for k, coords in groups.items()]
    return sorted(merged, key=lambda hc: (color_rank(hc[0].color), hc[1][0]))


def hexes_page(game: Game) -> str:
    """The docs path of the game's hexes page."""
    return f"games/{tile_slug(game.id)}/hexes/index.md"


def hex_link(build: GalleryBuild, from_page: str, game: Game, coord: str) -> str:
    """The stable address of one hex, from `from_page`: the hexes page with `?hex=<coord>`."""
    return hex_links(build, from_page, game)(coord)


def hex_links(build: GalleryBuild, from_page: str, game: Game) -> Callable[[str], str]:
    """`hex_link` for each hex of `game` from `from_page`: the hexes page's address worked
    out once (a map links each of its 1,500 hexes)."""
    base = build.link(rel(from_page, hexes_page(game))) + "?hex="
    return lambda coord: base + quote(coord, safe="")


#: A `HexView`'s fields, in order: its viewer data (not `dataclasses.asdict`, which copies
#: each value deeply, a tenth of the hexes page of a big map).
_VIEW_FIELDS = tuple(f.name for f in fields(HexView))


@dataclass(frozen=True)
class HexesBody:
    """What the hexes page shows of the hexes, all of it independent of the game's title:
    the cards' grid, how many cards, the viewer's data and its first hex."""

    grid: str
    count: int
    data: Markup
    first: HexView | None


def build_hexes_page(build: GalleryBuild, game: Game) -> None:
    """`games/<id>/hexes/`: the cards, the viewer, and the hexes' data for the viewer."""
    page = hexes_page(game)
    places = place_index(game)
    body = build.piece("hexes", lambda: _hexes_body(build, game, page, places))
    first = body.first
    viewer = build.templates.fragment(
        "hex_viewer.html.j2",
        game=game.title,
        layout=game.layout,
        data=body.data,
        grid=rel(page, f"assets/tile-atlas/grid-{game.layout}.svg"),
        first=first,
        first_try=(
            playground_query(first.code, color=first.color, layout=game.layout,
                             name=first.name or None)
            if first
            else ""
        ),
    )  # fmt: skip
    out = [
        *game_page_head(
            build,
            f"{esc(game.title)} · map hexes",
            f"Map hexes of {md_text(game.title)}",
            "hexes_intro.html.j2",
            title=game.title,
            map_href=build.link("../map/index.md"),
        ),
        build.raw(str(viewer)),
        "",
        # the game's name in the heading: a search result shows the section's heading alone
        f"## All {body.count} distinct hexes of {md_text(game.title)}",
        "",
    ]
    if places:
        # what search finds a place by (the cards are set aside from the index), and a
        # reader's index of the map's names
        out += [f"**Places:** {places}", ""]
    out.append(build.raw(body.grid))
    build.page(page, "\n".join(out) + "\n")


def _hexes_body(build: GalleryBuild, game: Game, page: str, places: str) -> HexesBody:
    """The cards (drawing each distinct hex) and the viewer's data of the hexes page."""
    cards = []
    views = []
    link = hex_links(build, page, game)
    slug = tile_slug(game.id)
    for h, coords in merged_hexes(game):
        if h.color == "empty":
            continue
        img = build.svg_asset(h.code, h.color, game.layout, name=h.name)
        label = ", ".join(coords) + (f" · {h.name}" if h.name else "")
        href = link(coords[0])
        words = tile_words(h.code, h.color, game.layout, name=h.name, renders=build.renders)
        cards.append(
            tile_card(build, page, href, img, label, h.code, h.color, None, game.id, alt=words)
        )
        has_tile_page = bool(h.tile and catalog.lookup(h.tile) and build.catalog_pages)
        views.append(
            HexView(
                coords=coords,
                name=h.name or "",
                color=h.color,
                code=h.code,
                img=rel(page, img),
                tile=h.tile or "",
                tile_href=(
                    build.link(rel(page, f"tiles/{tile_slug(h.tile or '')}/index.md"))
                    if has_tile_page
                    else ""
                ),
                # the name the hex's own page gave its download: <game>-<coord>-<layout>-r0
                download=download_stem(
                    f"games/{slug}/{tile_slug(coords[0])}/index.md",
                    game.layout,
                    "r0",
                ),
            )
        )
    grid = build.templates.render("tile_grid.html.j2", cards=cards, indexed=not places)
    return HexesBody(
        grid=grid.rstrip("\n"),
        count=len(cards),
        # a hex's words are not repeated here: they are its card's image text (hexview.js)
        data=script_json([{k: v for k in _VIEW_FIELDS if (v := getattr(h, k))} for h in views]),
        first=views[0] if views else None,
    )


def place_index(game: Game) -> str:
    """The map's place names in alphabetical order, each with its coordinates (Markdown
    text): `Albany (E19) · Baltimore (I15)`. Empty when no hex is named."""
    coords: dict[str, list[str]] = {}
    for coord, h in game.hexes.items():
        if h.name and h.color != "empty":
            coords.setdefault(h.name, []).append(coord)
    return " · ".join(
        f"{md_text(name)} ({md_text(', '.join(where))})"
        for name, where in sorted(coords.items(), key=lambda kv: (kv[0].casefold(), kv[0]))
    )
