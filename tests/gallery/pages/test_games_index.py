from __future__ import annotations

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.games_index import build_games_index


def test_a_card_per_game_sorted_by_title_with_escaped_text(mini: Game) -> None:
    other = Game(id="a", title="Zed <x>", designer="D & co")
    build = GalleryBuild()
    build_games_index(build, [other, mini])
    page = next(f.content for f in build.files if f.path == "games/index.md")
    assert page.index("<h2>Mini</h2>") < page.index("<h2>Zed &lt;x&gt;</h2>")
    assert "<p>D &amp; co</p>" in page and 'href="../games/mini/"' in page
    assert 'alt=""' in page and "map of" not in page  # the title is beside the thumbnail
