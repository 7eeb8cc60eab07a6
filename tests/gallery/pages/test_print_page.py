"""The printable tile sheets page: the command's own sheets as files, the command named, data
escaped, and a clear line instead of sheets when there is nothing (or too much) to print."""

from __future__ import annotations

from dataclasses import replace

from gallery.game import Game, TileEntry
from gallery.nav import GAME_PAGES
from gallery.pages.context import GalleryBuild
from gallery.pages.print_page import OPTIONS, build_print_page, print_page
from gallery.printing.tiles import tile_sheet_pages


def _files(game: Game) -> dict[str, str]:
    build = GalleryBuild()
    build_print_page(build, game)
    return {f.path: f.content for f in build.files}


def test_the_sheets_are_the_commands_own(mini: Game) -> None:
    game = replace(mini, title="Mini <&> *Test*", source="/somewhere/mini.yaml")
    files = _files(game)
    page = files[print_page("mini")]
    sheets = tile_sheet_pages(game, OPTIONS)
    assert [files[f"assets/print/mini-tiles-{n}.svg"] for n in range(1, len(sheets) + 1)] == [
        s + "\n" for s in sheets
    ]
    assert page.count('<img src="../../../assets/print/mini-tiles-') == len(sheets)
    assert 'width="210mm" height="297mm"' in sheets[0]  # true size, in the file itself
    assert "$ tile-atlas print tiles mini.yaml -o mini-tiles.pdf" in page
    assert "title: Mini &lt;&amp;&gt; *Test* — printable tiles" in page
    assert "# Mini &lt;&amp;&gt; \\*Test\\* — printable tiles" in page
    assert 'alt="Mini &lt;&amp;&gt; *Test*: tile sheet 1 of 1"' in page
    assert ("Printable tiles", "print/index.md") in GAME_PAGES


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
    assert "more than" in page and "tiles to print" in page and "<img" not in page
