from __future__ import annotations

from dataclasses import replace

import pytest
from markupsafe import Markup

from gallery.game import Game
from gallery.pages.catalog_memo import CatalogMemo
from gallery.pages.context import GalleryBuild
from gallery.pages.games_index import GameCards, build_games_index


def test_a_card_per_game_sorted_by_title_with_escaped_text(mini: Game) -> None:
    other = Game(id="a", title="Zed <x>", designer="D & co")
    build = GalleryBuild()
    build_games_index(build, [other, mini])
    page = next(f.content for f in build.files if f.path == "games/index.md")
    assert page.index("<h2>Mini</h2>") < page.index("<h2>Zed &lt;x&gt;</h2>")
    assert "<p>D &amp; co</p>" in page and 'href="../games/mini/"' in page
    assert 'alt=""' in page and "map of" not in page  # the title is beside the thumbnail


def _pages(build: GalleryBuild) -> dict[str, str]:
    return {f.path: f.content for f in build.files if f.path.endswith(".md")}


def test_cards_of_an_earlier_build_are_taken_while_they_show_the_same(
    mini: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    # thirty games: the index and its runs by title (`gallery.pages.groups`) each show cards
    games = [Game(id=f"g{i:02d}", title=f"Game {i}") for i in range(30)] + [mini]
    cards: GameCards = {}
    build_games_index(GalleryBuild(), games, cards=cards)
    renamed = [replace(g, title="Game 5 <edited>") if g.id == "g05" else g for g in games]
    again = GalleryBuild()
    made: list[object] = []
    fragment = again.templates.fragment

    def counted(name: str, /, **context: object) -> Markup:
        if name == "game_card.html.j2":
            made.append(context["title"])
        return fragment(name, **context)

    monkeypatch.setattr(again.templates, "fragment", counted)
    build_games_index(again, renamed, cards=cards)
    alone = GalleryBuild()
    build_games_index(alone, renamed)
    assert _pages(again) == _pages(alone)  # the same pages as a build that kept nothing
    assert made == ["Game 5 <edited>"] * 2  # its card on the index and on its run's page
    assert len(cards) == 2 * len(games)  # this build's cards only


def test_the_memo_drops_its_cards_when_the_templates_change(mini: Game) -> None:
    memo = CatalogMemo()
    memo.games_index(GalleryBuild(), [mini], None, "templates A")
    card = next(iter(memo.cards.values()))
    memo.cards = {key: Markup("<p>stale</p>") for key in memo.cards}
    again = GalleryBuild()
    memo.games_index(again, [mini], None, "templates B")  # an override was edited
    page = next(f.content for f in again.files if f.path == "games/index.md")
    assert "stale" not in page and list(memo.cards.values()) == [card]
