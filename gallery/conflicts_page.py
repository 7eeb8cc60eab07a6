"""The gallery's "Tile number conflicts" page (`tiles/conflicts/`).

Every tile number that means different tiles among the catalog and the site's games, each tile
drawn in its colour with its code and the games that use it, side by side (see
`gallery.conflicts` for what counts as the same tile). The HTML comes from the templates
`conflicts.html.j2` (the page) and `conflict.html.j2` (each tile number), which a site may
override.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup

from gallery.conflicts import CATALOG, Conflict, find_conflicts
from gallery.game import Game
from gallery.pages.paths import rel, tile_slug
from gallery.pagetext import front_matter
from tile_lang import catalog

if TYPE_CHECKING:
    from gallery.pages.context import GalleryBuild

PAGE = "tiles/conflicts/index.md"
#: Each conflict's HTML by what it shows (`build_conflicts_page`'s `rows`).
Rows = dict[tuple[object, ...], Markup]


def build_conflicts_page(build: GalleryBuild, games: list[Game],
                         conflicts: list[Conflict] | None = None,
                         rows: Rows | None = None) -> None:  # fmt: skip
    """Write the conflicts page (also when there is none: it then says so); `conflicts` are
    `find_conflicts` of `games`, when the caller has them. `rows`: the HTML of each conflict
    made by an earlier call, taken when the conflict and its games' titles are the same (and
    left holding this call's): during `mkdocs serve` a renamed game redraws only the rows that
    name it."""
    titles = {g.id: g.title for g in games}
    if conflicts is None:
        conflicts = page_conflicts(build, games)
    known = rows if rows is not None else {}
    made: Rows = {}
    for conflict in conflicts:
        key = (build.directory_urls, build.catalog_pages, conflict,
               tuple(titles.get(u, u) for v in conflict.variants for u in v.users))  # fmt: skip
        html = known.get(key)
        if html is None:
            row = _row(build, conflict, titles)
            html = Markup(build.templates.render("conflict.html.j2", c=row))
        else:
            conflict_drawings(build, [conflict])
        made[key] = html
    if rows is not None:
        rows.clear()
        rows.update(made)
    intro = {0: "No tile number means", 1: "One tile number means"}.get(
        len(conflicts), f"{len(conflicts)} tile numbers mean"
    ) + " different tiles"
    out = [
        front_matter({"title": "Tile number conflicts"}),
        "# Tile number conflicts",
        "",
        f"{intro} among the generic catalog and the games of this site. Two tiles of one number "
        "are the same tile when they have the same colour and look the same at some rotation "
        "(where a city sits is a drawing detail); anything else — other track, revenue, label, "
        "slots or colour — is a different tile, shown here side by side with the games that use "
        "it. Run `tile-atlas conflicts GAMES_DIR` for the same list as text.",
        "",
        build.raw(build.templates.render("conflicts.html.j2", rows=list(made.values()))),
    ]
    build.page(PAGE, "\n".join(out) + "\n")


def _row(build: GalleryBuild, conflict: Conflict, titles: dict[str, str]) -> dict[str, object]:
    """What `conflict.html.j2` shows of one conflict (its drawings made on the way)."""
    variants = []
    for v in conflict.variants:
        img = rel(PAGE, build.svg_asset(v.code, v.color, "flat"))
        users = []
        for user in v.users:
            if user == CATALOG:
                target = f"tiles/{tile_slug(conflict.name)}/index.md"
                has_page = build.catalog_pages and catalog.lookup(conflict.name) is not None
                href = build.link(rel(PAGE, target)) if has_page else ""
                users.append({"title": "catalog", "href": href})
            else:
                target = f"games/{tile_slug(user)}/index.md"
                href = build.link(rel(PAGE, target))
                users.append({"title": titles.get(user, user), "href": href})
        variants.append({"img": img, "color": v.color, "code": v.code, "users": users})
    return {"name": conflict.name, "anchor": tile_slug(conflict.name), "variants": variants}


def page_conflicts(build: GalleryBuild, games: list[Game]) -> list[Conflict]:
    """The conflicts the page shows: among the games, and the catalog when it has pages."""
    return find_conflicts(games, with_catalog=build.catalog_pages, identities=build.identities)


def conflict_drawings(build: GalleryBuild, conflicts: list[Conflict]) -> None:
    """Make sure each drawing the page shows is among the build's files (the page asks for
    them as it is built; a page taken from an earlier build asks again through this)."""
    for conflict in conflicts:
        for v in conflict.variants:
            build.svg_asset(v.code, v.color, "flat")
