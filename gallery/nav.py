"""The gallery's part of a site's navigation: a "Games" section with every game and its pages,
and a "Tiles" section with the catalog.

Every game gets a section (overview, map, upgrade chart, printable tiles, hexes) but never an
entry per hex or per tile: thousands of those would make every page render a huge navigation.
A large site's games sit in runs by title under "Games by title" (`gallery.pages.groups`), one
level below what the theme's `navigation.sections` keeps open: with `navigation.prune` a page
then carries the runs, its own run's games and its own game's pages (about 10 KB), not every
game's pages (360 KB with 137 games).

Entries are plain typed values; the MkDocs plugin turns them into MkDocs' `nav` configuration.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from gallery.game import Game
from gallery.pages.groups import Titled, game_groups, title_order
from gallery.site import tile_slug


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
#: The section that holds a large site's runs of games (`gallery.pages.groups`).
BY_TITLE = "Games by title"
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


def _nav_titles(games: Sequence[Titled]) -> dict[str, str]:
    """Each game's title in the nav: two games of one title (18xx.games' 1830 and GE18XX's)
    are told apart by their source."""
    counts: dict[str, int] = {}
    for game in games:
        counts[game.title] = counts.get(game.title, 0) + 1
    titles = {}
    for game in games:
        origin = getattr(game, "origin", None)
        repeated = counts[game.title] > 1 and origin
        titles[game.id] = f"{game.title} ({origin})" if repeated else game.title
    return titles


def gallery_nav(
    games: Iterable[Game], board_games: Iterable[Titled], pages: Collection[str]
) -> tuple[NavItem, ...]:
    """The Games and Tiles sections for the pages that were generated (`pages`: docs paths).
    A large site's games are grouped in runs by title (`gallery.pages.groups`)."""
    sections: list[NavItem] = []
    if GAMES_INDEX in pages:
        shown = [g for g in [*games, *board_games]
                 if f"games/{tile_slug(g.id)}/index.md" in pages]  # fmt: skip
        titles = _nav_titles(shown)

        def section(game: Titled) -> NavSection:
            return _game_section(tile_slug(game.id), titles[game.id], pages)

        entries: list[NavItem] = [NavLink("", GAMES_INDEX)]
        groups = [g for g in game_groups(shown) if g.page in pages]
        if groups:
            runs = tuple(
                NavSection(g.label, (NavLink("", g.page), *(section(m) for m in g.members)))
                for g in groups
            )
            entries.append(NavSection(BY_TITLE, runs))
        else:
            entries += [section(g) for g in title_order(shown)]
        sections.append(NavSection("Games", tuple(entries)))
    tiles = [p for p in (TILES_INDEX, "tiles/conflicts/index.md") if p in pages]
    if tiles:
        names = {TILES_INDEX: "", "tiles/conflicts/index.md": "Number conflicts"}
        sections.append(NavSection("Tiles", tuple(NavLink(names[p], p) for p in tiles)))
    return tuple(sections)
