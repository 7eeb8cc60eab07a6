"""A game's preprinted hexes: `games/<id>/hexes/` (every distinct hex as a card) and one page
per distinct hex at its first coordinate, `games/<id>/<coord>/`; identical hexes share that page
and their other coordinates redirect to it, so a 1,500-hex map builds a few hundred pages."""

from __future__ import annotations

from gallery.game import Game, MapHex
from gallery.pages.context import GalleryBuild
from gallery.pages.fragments import code_block, tile_card, tile_words, variants
from gallery.pages.order import color_rank
from gallery.pages.paths import rel, tile_slug
from gallery.pagetext import esc, front_matter, md_text
from tile_lang import catalog


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


def hex_page_of(game: Game) -> dict[str, str]:
    """Coordinate -> the coordinate whose page shows it (identical hexes share one page)."""
    return {coord: coords[0] for _, coords in merged_hexes(game) for coord in coords}


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
    ]
    cards = []
    for h, coords in merged_hexes(game):
        if h.color == "empty":
            continue
        try:
            img = build.svg_asset(h.code, h.color, game.layout, name=h.name)
        except ValueError:
            img = build.svg_asset("", "white", game.layout, name="error")
        label = ", ".join(coords)
        href = build.link(rel(page, f"games/{slug}/{tile_slug(coords[0])}/index.md"))
        words = tile_words(h.code, h.color, game.layout, name=h.name, renders=build.renders)
        cards.append(
            tile_card(build, page, href, img, label, h.code, h.color, None, game.id, alt=words)
        )
    out.append(build.templates.render("tile_grid.html.j2", cards=cards).rstrip("\n"))
    build.page(page, "\n".join(out) + "\n")


def build_hex_page(build: GalleryBuild, game: Game, h: MapHex, coords: list[str]) -> None:
    """One themed page per distinct preprinted hex, at its first coordinate; the other
    coordinates get a tiny redirect page, so `games/<id>/<coord>/` works for every hex."""
    slug = tile_slug(game.id)
    first = tile_slug(coords[0])
    hex_page = f"games/{slug}/{first}/index.md"
    title = ", ".join(coords) if len(coords) <= 6 else f"{coords[0]} and {len(coords) - 1} more"
    body = [
        front_matter({"title": f"{esc(game.title)} {esc(coords[0])}"}),
        # the game's name in the heading: search results show the heading alone
        f"# {md_text(title)}"
        + (f" — {md_text(h.name)}" if h.name else "")
        + f" · {md_text(game.title)}",
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
        body.append(variants(build, hex_page, h.code, h.color, game.layout, False, h.name))
    body += ["", code_block(h.code), ""]
    build.page(hex_page, "\n".join(body))
    for coord in coords[1:]:
        build.redirect(
            f"games/{slug}/{tile_slug(coord)}/index.html", first, f"{game.title} {coord}", coord
        )
