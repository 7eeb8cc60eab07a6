"""A game's overview page `games/<id>/`: facts, the map thumbnail linking to the map page, the
tile manifest (grouped by colour or by family, with upgrade highlighting), and the link to its
hexes; then the game's other pages (`pages.hexes`, `pages.map_page`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from markupsafe import Markup

from gallery.game import Game, TileEntry
from gallery.pages.context import GalleryBuild
from gallery.pages.fragments import count_badge, filter_form, skip_link, tile_card, tile_words
from gallery.pages.hexes import build_hexes_page
from gallery.pages.map_page import build_map_page, map_thumbnail
from gallery.pages.order import color_rank, name_key
from gallery.pages.paths import rel, tile_slug
from gallery.pages.sections import ManifestView, TileSection
from gallery.pagetext import esc, front_matter, md_text
from gallery.upgrade_chart import FAMILIES, family, upgrade_links
from tile_lang import Tile, parse


def build_game_pages(build: GalleryBuild, game: Game) -> None:
    """The overview, the hexes page (with its hex viewer) and the map page."""
    slug = tile_slug(game.id)
    page = f"games/{slug}/index.md"
    out = [
        front_matter({"title": esc(game.title), "search": {"boost": 3}}),
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
    skip = skip_link(build, f"manifest-{slug}-filter", "Skip to the tiles")
    out += [" · ".join(facts) + " " + skip, ""]
    link = build.templates.fragment(
        "game_map_link.html.j2",
        href=build.link(rel(page, f"games/{slug}/map/index.md")),
        img=rel(page, build.piece("thumbnail", lambda: map_thumbnail(build, game))),
        title=game.title,
    )
    out += ["## Map", "", link, ""]
    out += [
        "## Tile manifest",
        "",
        build.templates.fragment(
            "manifest_intro.html.j2",
            chart_href=build.link("upgrades/index.md"),
            print_href=build.link("print/index.md"),
        ),
        "",
        filter_form(build, f"manifest-{slug}", _colors(game.tiles.values()), None),
        "",
        build.templates.fragment("manifest_grouping.html.j2", slug=slug),
        build.raw(build.piece("manifest", lambda: _manifest(build, game, page)).rstrip("\n")),
    ]
    # a Markdown link: MkDocs checks and rewrites the .md path (a built-page URL would break
    # `use_directory_urls: false` builds under --strict)
    hexes_href = rel(page, f"games/{slug}/hexes/index.md")
    out += ["", "## Map hexes", "", f"Every preprinted hex of the map: [hexes]({hexes_href}).", ""]
    build.page(page, "\n".join(out) + "\n")
    build_hexes_page(build, game)
    build_map_page(build, game)


def _manifest(build: GalleryBuild, game: Game, page: str) -> str:
    """The manifest's cards, grouped by number, and the family grouping's names
    (`manifest.html.j2`)."""
    slug = tile_slug(game.id)
    to, back = upgrade_links(build.upgrade_tables(game).legal)

    def card(e: TileEntry) -> Markup:
        try:
            img = build.svg_asset(e.code, e.color, game.layout)
        except ValueError:
            img = build.svg_asset("", "white", game.layout, name="error")
        count = count_badge(e.count)
        href = (
            build.link(rel(page, f"tiles/{tile_slug(e.name)}/index.md"))
            if e.catalog and build.catalog_pages
            else None
        )
        froms = [name for name in back.get(e.name, []) if name in game.tiles]
        links = (" ".join(to.get(e.name, [])), " ".join(froms))
        words = tile_words(e.code, e.color, game.layout, renders=build.renders)
        return tile_card(build, page, href, img, e.name, e.code, e.color, count, game.id, links,
                         alt=words)  # fmt: skip

    views = tuple(
        ManifestView(
            name=view,
            hidden=view != "number",
            sections=tuple(
                TileSection(
                    title,
                    tuple(card(e) for e in entries) if view == "number" else (),
                    names=tuple(e.name for e in entries),
                )
                for title, entries in groups
            ),
        )
        for view, groups in manifest_views(game, build.renders.tile).items()
    )
    return build.templates.render("manifest.html.j2", slug=slug, views=views)


def manifest_views(
    game: Game, read: Callable[[str], Tile] = parse
) -> dict[str, list[tuple[str, list[TileEntry]]]]:
    """The manifest grouped two ways: by colour then number (the default), and by family
    (plain track, towns, cities, labelled cities, off-boards) then colour, as rulebooks do."""
    by_color: dict[str, list[TileEntry]] = {}
    by_family: dict[str, list[TileEntry]] = {}
    for entry in game.tiles.values():
        by_color.setdefault(entry.color, []).append(entry)
        try:
            kind = family(read(entry.code))
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


def _colors(entries: Iterable[TileEntry]) -> list[str]:
    return sorted({e.color for e in entries}, key=color_rank)
