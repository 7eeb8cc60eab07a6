from __future__ import annotations

from pytest import MonkeyPatch

from gallery.game import Game, MapHex, TileEntry
from gallery.pages import context
from gallery.pages.context import GalleryBuild, error_tile_svg, svg_script
from gallery.upgrades import UpgradeTables, upgrade_tables, upgrade_tables_both
from tile_lang import catalog
from tile_lang.upgrades import ShapeCache


def test_each_drawing_is_rendered_and_written_once() -> None:
    build = GalleryBuild()
    first = build.svg_asset("city=revenue:20", "white", "flat")
    assert build.svg_asset("city=revenue:20", "white", "flat") == first
    assert build.svg_asset("city=revenue:20", "white", "flat", rotation=1) != first
    assert [f.path for f in build.files].count(first) == 1


def test_an_earlier_builds_drawing_is_taken_not_drawn_again() -> None:
    """A drawing's path is a digest of its inputs, so a build given an earlier build's files
    (`drawn`) takes the very file instead of drawing it; a code with an icon depends on the
    icon files too, and is drawn again."""
    first = GalleryBuild()
    plain = first.svg_asset("city=revenue:20", "white", "flat")
    icon = first.svg_asset("icon=image:port", "white", "flat")
    drawn = {f.path: f for f in first.files}
    again = GalleryBuild(drawn=drawn)
    assert again.svg_asset("city=revenue:20", "white", "flat") == plain
    assert again.svg_asset("icon=image:port", "white", "flat") == icon
    (kept,) = [f for f in again.files if f.path == plain]
    assert kept is drawn[plain]
    assert again.renders.misses == 1  # the icon's drawing alone
    (redrawn,) = [f for f in again.files if f.path == icon]
    assert redrawn is not drawn[icon] and redrawn.content == drawn[icon].content


def test_a_bad_code_becomes_a_visible_error_tile() -> None:
    build = GalleryBuild()
    path = build.svg_asset("city=revenue:", "white", "flat")
    (svg,) = [f.content for f in build.files if f.path == path]
    assert "stroke-dasharray" in svg and ">!</text>" in svg


def test_redirect_page_escapes_its_text_and_follows_directory_urls() -> None:
    build = GalleryBuild(directory_urls=False)
    build.redirect("tiles/57-1/index.html", "57", 'T "<x>"', "<b>label</b>", query="?r=1")
    (page,) = build.files
    assert 'content="0; url=../57/index.html?r=1"' in page.content
    assert "<b>" not in page.content and "&lt;b&gt;label&lt;/b&gt;" in page.content
    assert "\n" not in page.content


def test_svg_script_cannot_close_its_script() -> None:
    script = svg_script(error_tile_svg("</script><script>alert(1)</script>"))
    assert "</script>" not in script and "<" not in script


def test_raw_html_stays_in_the_page_unless_the_build_sets_it_aside() -> None:
    inline = GalleryBuild()
    assert inline.raw("<section>x</section>") == "<section>x</section>"
    build = GalleryBuild(set_aside=True)
    first, second = build.raw("<section>a</section>"), build.raw("<p>b & c</p>")
    assert first != second and "<section>" not in first
    build.page("games/x/index.md", f"# X\n\n{first}\n\ntext\n\n{second}\n")
    (page,) = build.files
    assert page.blocks == ((first, "<section>a</section>"), (second, "<p>b & c</p>"))
    # a mark is an HTML comment: Markdown keeps it as it is
    assert first.startswith("<!--") and first.endswith("-->")


def test_a_page_without_marks_carries_no_blocks() -> None:
    build = GalleryBuild(set_aside=True)
    build.page("a/index.md", "# A\n<!--tile-atlas-raw:99-->\n")  # not a mark this build made
    assert build.files[0].blocks == ()


def test_both_upgrade_tables_are_made_at_the_first_request(monkeypatch: MonkeyPatch) -> None:
    tiles = {n: TileEntry(n, 1, catalog.get(n).color, catalog.get(n).code) for n in ("9", "57")}
    hexes = {c: MapHex(c, "white", "city=revenue:0") for c in ("A1", "A3", "B2")}
    game = Game("g", "G", tiles=tiles, hexes=hexes)
    calls: list[str] = []

    def both(game: Game, shapes: ShapeCache | None = None) -> tuple[UpgradeTables, ...]:
        calls.append(game.id)
        return upgrade_tables_both(game, shapes)

    monkeypatch.setattr(context, "upgrade_tables_both", both)
    build = GalleryBuild()
    tile_level = build.upgrade_tables(game)
    on_map = build.upgrade_tables(game, on_map=True)
    assert calls == ["g"]  # made together: the two share their checks
    assert build.upgrade_tables(game) is tile_level
    assert tile_level == upgrade_tables(game) and on_map == upgrade_tables(game, on_map=True)


def test_a_pages_marks_are_numbered_within_the_page() -> None:
    """The same page made after other set-aside blocks is the same text (a rebuild sees it
    unchanged); a block added to a made page is numbered after the page's own."""
    build = GalleryBuild(set_aside=True)
    build.raw("<p>elsewhere</p>")
    build.page("a.md", f"# A\n\n{build.raw('<p>1</p>')}\n\n{build.raw('<p>2</p>')}\n")
    alone = GalleryBuild(set_aside=True)
    alone.page("a.md", f"# A\n\n{alone.raw('<p>1</p>')}\n\n{alone.raw('<p>2</p>')}\n")
    assert build.files[0] == alone.files[0]
    marks = [mark for mark, _ in build.files[0].blocks]
    assert marks == ["<!--tile-atlas-raw:1-->", "<!--tile-atlas-raw:2-->"]
    filled = build.with_block(build.files[0].__class__("b.md", "x <!--here--> y"), "<!--here-->",
                              "<p>\u2192</p>")  # fmt: skip
    assert filled.content == "x <!--tile-atlas-raw:1--> y"
    assert filled.blocks == (("<!--tile-atlas-raw:1-->", "<p>&#8594;</p>"),)
    more = build.with_block(build.files[0], "# A", "<h1>A</h1>")
    assert [mark for mark, _ in more.blocks][-1] == "<!--tile-atlas-raw:3-->"
    inline = GalleryBuild().with_block(build.files[0], "# A", "<h1>A</h1>")
    assert inline.content.startswith("<h1>A</h1>") and inline.blocks == build.files[0].blocks


def test_a_block_left_for_later_is_a_job_and_comes_back_in_its_place() -> None:
    """`raw_later` in a build leaving work for later: the page carries the mark, not the block;
    the block is a job under the page and its mark, and folded back in (`with_blocks`) the
    page is the one a build making it at once gives. Without `later` it is made at once."""
    arrow = "<p>b \u2192</p>"
    later = context.Later()
    build = GalleryBuild(set_aside=True, later=later)
    text = f"# T\n\n{build.raw('<p>a</p>')}\n\n{build.raw_later(lambda: arrow)}\n"
    build.page("tiles/t/index.md", text)
    (page,) = build.files
    mark = "<!--tile-atlas-raw:2-->"
    key = context.later_block("tiles/t/index.md", mark)
    assert mark in page.content and page.blocks == (("<!--tile-atlas-raw:1-->", "<p>a</p>"),)
    assert build.later_paths == [key] and context.block_of(key) == ("tiles/t/index.md", mark)
    assert context.block_of("assets/tiles/0123.svg") is None
    # a block added to the page afterwards is numbered after the one still being made
    filled = build.with_block(page, "# T", "<h1>T</h1>")
    assert [m for m, _ in filled.blocks][-1] == "<!--tile-atlas-raw:3-->"
    at_once = GalleryBuild(set_aside=True)
    made_now = at_once.raw_later(lambda: arrow)
    at_once.page("tiles/t/index.md", f"# T\n\n{at_once.raw('<p>a</p>')}\n\n{made_now}\n")
    assert context.with_blocks(page, {mark: later.make(key)}) == at_once.files[0]
    assert not later.jobs
    assert GalleryBuild().raw_later(lambda: "<p>c</p>") == "<p>c</p>"
