"""HTML pieces shared by several gallery pages: tile cards, the tile filter, a tile's rotations,
a tile code block. The markup is in the overridable templates (`tile_card.html.j2`,
`tile_filter.html.j2`, `tile_variants.html.j2`); this module gathers what they show."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import Markup

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.paths import download_stem, rel
from gallery.pagetext import front_matter
from gallery.svgtext import inline_svg
from gallery.templates import Templates
from tile_lang import Layout, describe, is_layout, parse
from tile_lang.color_names import color_words
from tile_lang.markdown import playground_query
from tile_lang.model import City, Offboard, Town
from tile_lang.render_cache import RenderCache, RenderKey


@dataclass(frozen=True)
class TileFacts:
    """What the tile filter needs to know about a tile."""

    city: bool
    town: bool
    offboard: bool
    revenue: int
    label: str


def tile_facts(code: str, renders: RenderCache | None = None) -> TileFacts:
    """The filter's facts of a tile; a code that does not parse has none."""
    try:
        tile = renders.tile(code) if renders is not None else parse(code)
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


def tile_words(code: str, color: str, layout: str, rotation: int = 0,
               name: str | None = None, *, renders: RenderCache | None = None) -> str:  # fmt: skip
    """A tile image's alt text: what it shows in words (`tile_lang.describe`, the drawing's own
    SVG title: with the build's `renders`, computed once for both); an `<img>` of an SVG file
    does not expose the SVG's own title to screen readers."""
    try:
        shape: Layout = layout if is_layout(layout) else "flat"
        if renders is not None:
            return renders.words(code, color, shape, rotation, name)
        return describe(code, color=color, layout=shape, rotation=rotation, name=name)
    except ValueError as exc:
        return f"Tile error: {str(exc).splitlines()[0]}"


def code_block(templates: Templates, code: str) -> str:
    """A tile code shown as a block (`code_block.html.j2`): the very markup a ```text fence
    gets from the highlighter, made here. A fenced block costs MkDocs' process about a
    millisecond a page to highlight, nearly half of a tile page's conversion, on the 478
    catalog pages of every site; and a code from data is escaped HTML, one line like every
    printed text, never read as Markdown or as a snippets line."""
    html = templates.render("code_block.html.j2", code=code or "(blank)")
    return html.removesuffix("\n")


@dataclass(frozen=True)
class CountBadge:
    """A manifest card's count: the badge shown ("×2", "∞") and the words a screen reader
    says instead ("2 copies"): "×2" is read as "times 2", or not at all."""

    shown: str
    spoken: str


def count_badge(count: int | None) -> CountBadge:
    """The badge of a manifest count (None = unlimited)."""
    if count is None:
        return CountBadge("∞", "unlimited copies")
    return CountBadge(f"×{count}", f"{count} {'copy' if count == 1 else 'copies'}")


def game_page_head(build: GalleryBuild, page_title: str, heading: str, intro: str,
                   **context: object) -> list[str]:  # fmt: skip
    """The first lines of one of a game's pages: its front matter (`page_title`, escaped for
    the theme with `esc`), its heading (`heading`, Markdown text) and its intro (the template
    `intro` with `context` and the link back to the game's overview, one folder up)."""
    return [
        front_matter({"title": page_title}),
        f"# {heading}",
        "",
        build.templates.fragment(intro, overview_href=build.link("../index.md"), **context),
        "",
    ]


def skip_link(build: GalleryBuild, target: str, text: str) -> Markup:
    """A "Skip to ..." link to the element with id `target`. It sits where it is written (at
    the top of the content) and a11y.js moves it right after the theme's own skip link, so a
    keyboard reader meets it within the first Tab stops of the page, before the navigation."""
    return build.templates.fragment("skip_link.html.j2", target=target, text=text)


def filter_form(build: GalleryBuild, target: str, colors: Iterable[str],
                games: Iterable[Game] | None) -> Markup:  # fmt: skip
    """The filter form for the grid with id `target`; a game menu when `games` are given."""
    return build.templates.fragment(
        "tile_filter.html.j2",
        target=target,
        colors=[(c, color_words(c)) for c in colors],
        games=list(games or []),
    )


def tile_card(build: GalleryBuild, page: str, href: str | None, img: str, name: str,
              code: str, color: str, count: CountBadge | None, games: str = "",
              links: tuple[str, str] | None = None, alt: str = "") -> Markup:  # fmt: skip
    """A card of tile `name` on `page`; `links` (upgrades to, from) on a game's manifest.
    `alt` describes the drawing in words; empty, the image is decorative (the name is shown
    beside it, and an alt repeating it would be read twice)."""
    return build.templates.fragment(
        "tile_card.html.j2",
        href=href or "",
        img=rel(page, img),
        alt=alt,
        name=name,
        count=count,
        download=download_stem(page, name),
        search=name + " " + code,
        color=color,
        facts=tile_facts(code, build.renders),
        games=games,
        links=links,
    )


@dataclass(frozen=True)
class Variant:
    """One rotation of a tile on its page; `name_boxes` (a drawing made without a name) are
    where the renderer would put a one- and a two-line name, for `?n=`."""

    rotation: int
    img: str
    alt: str
    download: str
    hidden: bool
    name_boxes: tuple[str, str] | None = None
    #: The drawing itself, inline (then `img` is empty).
    svg: Markup | None = None


def _name_boxes(build: GalleryBuild, code: str, layout: Layout,
                rotation: int) -> tuple[str, str] | None:  # fmt: skip
    try:
        return build.renders.name_boxes(code, layout, rotation)
    except ValueError:  # a bad code is drawn as an error tile: no name to place
        return None


def variants(build: GalleryBuild, page: str, code: str, color: str, layout: Layout,
             rotatable: bool, name: str | None, size: int = 300,
             inline: bool = False) -> Markup:  # fmt: skip
    """Pre-rendered rotations shown or hidden by tiles.js from the query (`?r=`); `?grid`
    lays the shared region-grid overlay of this layout over each of them; `?n=` a name (the
    renderer's name box, placed per rotation) over a tile drawn without one. `inline` puts
    the drawings in the page instead of a file each (a catalog tile page shows twelve that no
    other page shows: files a site need not have)."""
    rotations = range(6) if rotatable else [0]
    named = rotatable and name is None

    def drawing(r: int) -> tuple[str, Markup | None]:
        if inline:
            return "", Markup(inline_svg(build.draw(RenderKey(code, color, layout, r, name))))
        return rel(page, build.svg_asset(code, color, layout, r, name)), None

    drawings = {r: drawing(r) for r in rotations}
    items = [
        Variant(
            rotation=r,
            img=drawings[r][0],
            svg=drawings[r][1],
            alt=tile_words(code, color, layout, r, name, renders=build.renders),
            download=download_stem(page, layout, f"r{r}"),
            hidden=r != 0,
            name_boxes=_name_boxes(build, code, layout, r) if named else None,
        )
        for r in rotations
    ]
    boxes = Markup(inline_svg(build.renders.name_box_samples(layout)))
    return build.templates.fragment(
        "tile_variants.html.j2",
        variants=items,
        grid=rel(page, f"assets/tile-atlas/grid-{layout}.svg"),
        size=size,
        preprinted=not rotatable,
        try_query=playground_query(code, color=color, layout=layout, name=name),
        name_boxes=boxes if named else "",
    )
