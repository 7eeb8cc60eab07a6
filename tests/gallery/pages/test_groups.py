"""gallery.pages.groups: a large site's games in runs by title, for a navigation that stays
small (and the games index's links to the runs)."""

from __future__ import annotations

from dataclasses import dataclass

from gallery.game import Game
from gallery.nav import BY_TITLE, NavLink, NavSection, gallery_nav, nav_paths
from gallery.pages.context import GalleryBuild
from gallery.pages.games_index import build_games_index
from gallery.pages.groups import (
    GROUP_ABOVE,
    RUN,
    family,
    game_groups,
    short_title,
    title_order,
)


@dataclass(frozen=True)
class Named:
    id: str
    title: str


def _games(count: int) -> list[Named]:
    return [Named(f"g{i:03d}", f"{1700 + i} Game") for i in range(count)]


def test_small_sites_are_not_grouped() -> None:
    assert game_groups(_games(GROUP_ABOVE)) == []


def test_runs_are_even_in_title_order_and_cover_every_game_once() -> None:
    games = _games(137)
    groups = game_groups(list(reversed(games)))
    sizes = [len(g.members) for g in groups]
    assert max(sizes) - min(sizes) <= 1 and max(sizes) <= RUN
    members = [m for g in groups for m in g.members]
    assert members == title_order(games)
    assert groups[0].label == "1700 Game – 1713 Game"
    pages = [g.page for g in groups][:2]
    assert pages == ["games/by-title/1/index.md", "games/by-title/2/index.md"]


def test_labels_use_the_short_part_of_a_title() -> None:
    assert short_title("18Chesapeake: Off the Rails") == "18Chesapeake"
    assert short_title("18ZOO - Map A") == "18ZOO"
    assert short_title("Uncle Lachlan's 18 Christmas Eve") == "Uncle Lachlan's…"
    assert short_title("1830") == "1830"


def _section(items: tuple[NavLink | NavSection, ...], title: str) -> NavSection:
    return next(i for i in items if isinstance(i, NavSection) and i.title == title)


def test_a_large_site_nav_has_runs_holding_every_game_and_its_pages() -> None:
    games = [Game(id=f"g{i:03d}", title=f"18{i:02d}") for i in range(60)]
    games.append(Game(id="g000-ge18xx", title="1800", origin="GE18XX"))
    build = GalleryBuild()
    build_games_index(build, games)
    pages = {f.path for f in build.files}
    pages |= {f"games/{g.id}/{sub}" for g in games for sub in ("index.md", "map/index.md")}
    nav = gallery_nav(games, [], pages)
    runs = _section(_section(nav, "Games").entries, BY_TITLE)
    assert all(isinstance(r, NavSection) for r in runs.entries)
    paths = nav_paths(nav)
    assert all(f"games/{g.id}/index.md" in paths and f"games/{g.id}/map/index.md" in paths
               for g in games)  # fmt: skip
    first = runs.entries[0]
    assert isinstance(first, NavSection)
    # the run's own page first (its index), then its games; one title twice: sources said
    assert first.entries[0] == NavLink("", "games/by-title/1/index.md")
    titles = [e.title for e in first.entries[1:]]
    assert titles[:2] == ["1800", "1800 (GE18XX)"]


def test_group_pages_list_their_games_and_the_index_links_them() -> None:
    games = [Game(id=f"g{i:03d}", title=f"18{i:02d} <b>") for i in range(30)]
    build = GalleryBuild()
    build_games_index(build, games)
    pages = {f.path: f.content for f in build.files}
    index = pages["games/index.md"]
    assert "[1800 &lt;b&gt; – 1809 &lt;b&gt;](../games/by-title/1/index.md)" in index
    first = pages["games/by-title/1/index.md"]
    assert first.count('class="game-card"') == 10 and "<b>" not in first
    assert 'href="../../../games/g000/"' in first


def test_a_family_is_kept_in_one_run_when_a_cut_can_move_to_keep_it() -> None:
    titles = [f"{1800 + i}" for i in range(8)]
    titles += [f"18AAA - Map {c}" for c in "ABCD"]  # positions 8-11; the even cut is 10
    titles += [f"18B{c}" for c in "BCDEFGHIJKLMNOPQRS"]  # 30 games: three runs of ten
    games = [Named(f"g{i:02d}", t) for i, t in enumerate(titles)]
    even = [[m.title for m in ordered] for ordered in ([games[i : i + 10] for i in (0, 10, 20)])]
    assert even[0][-1] == "18AAA - Map B"  # an even cut would split the family
    groups = game_groups(games)
    aaa = [n for n, g in enumerate(groups) for m in g.members if m.title.startswith("18AAA")]
    assert len(set(aaa)) == 1, [g.label for g in groups]
    assert sorted(m.title for g in groups for m in g.members) == sorted(titles)
    assert family("1822PNW") == family("1822CA") == "1822"
    assert family("18Chesapeake: Off the Rails") == "18chesapeake"
