"""The printable tile sheets page: the command's own sheets as files, the command named, data
escaped, and a clear line instead of sheets when there is nothing (or too much) to print."""

from __future__ import annotations

import re
from dataclasses import replace

from gallery.game import Game, TileEntry
from gallery.nav import GAME_PAGES
from gallery.pages.context import GalleryBuild
from gallery.pages.print_page import OPTIONS, build_print_page, print_page
from gallery.printing.tiles import number_spot, number_text, numbered_tile_svg, sheet_plans
from tile_lang.layout.shapes import fmt


def _files(game: Game) -> dict[str, str]:
    build = GalleryBuild()
    build_print_page(build, game)
    return {f.path: f.content for f in build.files}


def test_the_sheets_are_the_commands_own_layout_drawn_with_the_sites_drawings(mini: Game) -> None:
    game = replace(mini, title="Mini <&> *Test*", source="/somewhere/mini.yaml")
    files = _files(game)
    page = files[print_page("mini")]
    _, plans = sheet_plans(game, OPTIONS)
    sheets = re.findall(r'<svg [^>]*class="print-sheet".*?</svg>', page, re.S)
    assert len(sheets) == len(plans)
    assert 'width="210mm" height="297mm"' in sheets[0]  # true size, in the sheet itself
    # every copy of the manifest, each an <image> of a drawing file this build wrote
    hrefs = re.findall(r'<image href="([^"]+)"', page)
    assert len(hrefs) == sum(len(p.placements) for p in plans)
    assert len(hrefs) == sum(e.count or OPTIONS.unlimited for e in game.tiles.values())
    written = {path for path in files if path.startswith("assets/tiles/")}
    assert {h.removeprefix("../../../") for h in hrefs} <= written
    # the numbers, as many as tiles, where the PDF puts them; names and titles escaped
    numbers = re.findall(r'class="tile-number"[^>]*>([^<]*)</text>', page)
    assert sorted(numbers) == sorted(p.copy.name for plan in plans for p in plan.placements)
    assert "Mini &lt;&amp;&gt; *Test* · tiles, sheet 1 of 1" in page
    assert "$ tile-atlas print tiles mini.yaml -o mini-tiles.pdf" in page
    assert "title: Mini &lt;&amp;&gt; *Test* — printable tiles" in page
    assert "# Mini &lt;&amp;&gt; \\*Test\\* — printable tiles" in page
    assert "Mini &lt;&amp;&gt; *Test*: tile sheet 1 of 1" in page
    assert not [p for p in files if p.startswith("assets/print/")]  # no sheet files
    assert ("Printable tiles", "print/index.md") in GAME_PAGES


def test_numbers_stand_where_the_pdf_draws_them(mini: Game) -> None:
    """The page's number for a tile sits at the same spot of the same frame as the one
    `numbered_tile_svg` (the PDF's tile) draws."""
    for layout in ("flat", "pointy"):
        entry = mini.tiles["57"]
        spot = number_spot(entry.code, entry.color, layout)
        pdf_tile = numbered_tile_svg(entry.code, entry.color, layout, number="57", scale=1,
                                     id_prefix="x")  # fmt: skip
        place = f"translate({fmt(spot.x)} {fmt(spot.y)})"
        if spot.upright:
            place += f" rotate({fmt(spot.upright)})"
        assert f'<g transform="{place}"><text class="tile-number"' in pdf_tile
        page_number = number_text("57", spot, (50.0, 60.0), 0.2, layout)
        turn = " rotate(30)" if layout == "pointy" else ""
        assert f'transform="translate(50 60) scale(0.2){turn} {place}">57</text>' in page_number


def test_odd_file_names_and_other_sources_get_a_generic_command(mini: Game) -> None:
    odd = _files(replace(mini, source="/x/my game`;rm.yaml"))[print_page("mini")]
    assert "$ tile-atlas print tiles GAME_FILE.yaml -o mini-tiles.pdf" in odd
    ge = _files(replace(mini, source="/x/ge18xx/1830/1830-TileSet.xml"))[print_page("mini")]
    assert "$ tile-atlas print tiles GAMES_DIR -o prints/" in ge


def test_nothing_or_too_much_to_print_is_said(mini: Game) -> None:
    empty = _files(replace(mini, tiles={}))
    assert "This game has no tiles to print." in empty[print_page("mini")]
    huge = replace(mini, tiles={"9": TileEntry("9", 999_999, "yellow", "path=a:0,b:3")})
    page = _files(huge)[print_page("mini")]
    assert "more than" in page and "tiles to print" in page and "<image" not in page
