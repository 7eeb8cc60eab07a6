from __future__ import annotations

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.fragments import (
    count_badge,
    filter_form,
    skip_link,
    tile_card,
    tile_facts,
    variants,
)


def test_tile_facts_for_the_filter() -> None:
    facts = tile_facts("city=revenue:20;city=revenue:40;label=OO")
    assert facts.city and not facts.town and facts.revenue == 40 and facts.label == "OO"
    assert tile_facts("not a tile").revenue == 0


def test_card_is_one_line_with_escaped_data() -> None:
    build = GalleryBuild()
    two = count_badge(2)
    card = tile_card(build, "games/g/index.md", "x/", "assets/tiles/a.svg", '<i>"n"</i>',
                     "town=revenue:10", "yellow", two, "g", ("5 6", ""), alt="a\nb")  # fmt: skip
    assert "\n" not in card and "<i>" not in card
    assert card.startswith('<a class="tile-card" href="x/"')
    assert 'src="../../assets/tiles/a.svg"' in card and 'alt="a b"' in card
    assert 'data-town="1"' in card and 'data-upgrades-to="5 6"' in card
    # the badge is seen as "×2" and read as "2 copies"
    assert (
        '<span class="tile-count"><span aria-hidden="true">×2</span>'
        '<span class="ta-sr">2 copies</span></span>' in card
    )
    plain = tile_card(build, "tiles/all/index.md", None, "a.svg", "9", "", "white", None)
    assert plain.startswith('<div class="tile-card"')
    assert 'alt=""' in plain  # no alt repeating the name shown beside the drawing


def test_count_badges_are_read_in_words() -> None:
    assert count_badge(1) == count_badge(1) and count_badge(1).spoken == "1 copy"
    assert (count_badge(3).shown, count_badge(3).spoken) == ("×3", "3 copies")
    assert (count_badge(None).shown, count_badge(None).spoken) == ("∞", "unlimited copies")


def test_skip_link_points_at_its_target() -> None:
    link = skip_link(GalleryBuild(), "manifest-g-filter", "Skip to the tiles")
    assert link == '<a class="ta-skip" data-ta-skip href="#manifest-g-filter">Skip to the tiles</a>'


def test_filter_lists_colours_and_games_only_when_given() -> None:
    build = GalleryBuild()
    form = filter_form(build, "grid", ["yellow", "green"], None)
    # a named form with an id to skip to, not a second (unnamed) search landmark
    assert 'id="grid-filter"' in form and 'aria-label="Filter the tiles"' in form
    assert 'role="search"' not in form
    assert '<option value="green">green</option>' in form and 'name="game"' not in form
    with_games = filter_form(build, "grid", [], [Game(id="g1", title="<G>")])
    assert '<option value="g1">&lt;G&gt;</option>' in with_games


def test_variants_show_rotation_zero_first() -> None:
    build = GalleryBuild()
    row = variants(build, "tiles/57/index.md", "city=revenue:20;path=a:0,b:_0", "yellow",
                   "flat", True, None)  # fmt: skip
    assert row.count("<figure") == 6 and row.count(" hidden data-download") == 5
    preprinted = variants(build, "games/g/B2/index.md", "", "white", "pointy", False, "X")
    assert preprinted.count("<figure") == 1 and "data-preprinted" in preprinted
