"""The gallery's part of a site's navigation: a "Games" section with every game and its pages,
and a "Tiles" section with the catalog.

Every game gets a section (overview, map, upgrade chart, hexes) but never an entry per hex or
per tile: thousands of those would make every page render a huge navigation. With the theme's
`navigation.prune` feature each page renders only its own branch, so a 130-game nav stays cheap.

Entries are plain typed values; the MkDocs plugin turns them into MkDocs' `nav` configuration.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Protocol

from gallery.game import Game
from gallery.site import tile_slug


class Titled(Protocol):
    """Anything with a gallery page: an 18xx game or a board game."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...


@dataclass(frozen=True)
class NavLink:
    """A page in the navigation: its title and its docs path (`games/1889/map/index.md`)."""

    title: str
    path: str


@dataclass(frozen=True)
class NavSection:
    """A section: its title and entries; a first entry titled "" is the section's index page."""

    title: str
    entries: tuple[NavLink | NavSection, ...]


NavItem = NavLink | NavSection

GAMES_INDEX = "games/index.md"
TILES_INDEX = "tiles/all/index.md"

#: A game's sub-pages, in nav order: (title, path under games/<slug>/).
GAME_PAGES = (
    ("Map", "map/index.md"),
    ("Upgrade chart", "upgrades/index.md"),
    ("Printable tiles", "print/index.md"),
    ("Hexes", "hexes/index.md"),
)


def nav_paths(items: Iterable[NavItem]) -> set[str]:
    """Every page path in these entries."""
    out: set[str] = set()
    for item in items:
        if isinstance(item, NavLink):
            out.add(item.path)
        else:
            out |= nav_paths(item.entries)
    return out


def _game_section(slug: str, title: str, pages: Collection[str]) -> NavSection:
    base = f"games/{slug}/"
    entries: list[NavItem] = [NavLink("", base + "index.md")]
    entries += [NavLink(name, base + sub) for name, sub in GAME_PAGES if base + sub in pages]
    return NavSection(title, tuple(entries))


def gallery_nav(
    games: Iterable[Game], board_games: Iterable[Titled], pages: Collection[str]
) -> tuple[NavItem, ...]:
    """The Games and Tiles sections for the pages that were generated (`pages`: docs paths)."""
    sections: list[NavItem] = []
    if GAMES_INDEX in pages:
        everything = sorted([*games, *board_games], key=lambda g: (g.title.lower(), g.id))
        entries: list[NavItem] = [NavLink("", GAMES_INDEX)]
        for game in everything:
            slug = tile_slug(game.id)
            if f"games/{slug}/index.md" in pages:
                entries.append(_game_section(slug, game.title, pages))
        sections.append(NavSection("Games", tuple(entries)))
    tiles = [p for p in (TILES_INDEX, "tiles/conflicts/index.md") if p in pages]
    if tiles:
        names = {TILES_INDEX: "", "tiles/conflicts/index.md": "Number conflicts"}
        sections.append(NavSection("Tiles", tuple(NavLink(names[p], p) for p in tiles)))
    return tuple(sections)
