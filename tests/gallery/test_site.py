"""Gallery pages built from hostile game data: text stays text, front matter stays one title."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import markdown
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gallery.game import Game, MapHex, TileEntry
from gallery.site import _writable_games, build_gallery, code_block
from gallery.templates import Templates

EXTENSIONS = ["tables", "attr_list", "md_in_html", "toc", "admonition", "pymdownx.superfences"]
LINK = "[x](javascript:alert(1))"


def hostile_game(text: str, code: str = "city=revenue:20") -> Game:
    return Game(
        id="evil",
        title=text,
        designer=text,
        subtitle=text,
        tiles={"57": TileEntry("57", 2, "yellow", "city=revenue:20;path=a:0,b:_0", catalog=True)},
        hexes={"B2": MapHex("B2", "white", code, name=text), "C3": MapHex("C3", "white", code)},
        location_names={"B2": text},
    )


def pages(game: Game) -> dict[str, str]:
    files = build_gallery([game], catalog_pages=False)
    return {f.path: f.content for f in files if f.path.endswith(".md")}


def split(page: str) -> tuple[dict[str, object], str]:
    assert page.startswith("---\n")
    matter, body = page[4:].split("\n---\n", 1)
    return yaml.safe_load(matter), body


def render(body: str) -> str:
    return str(markdown.markdown(body, extensions=EXTENSIONS))


def test_markdown_link_in_title_designer_and_location_name_stays_text() -> None:
    for path, page in pages(hostile_game(LINK)).items():
        _, body = split(page)
        html = render(body)
        assert not re.search(r"<a [^>]*href=\"javascript", html), path
        if path.startswith("games/evil/"):
            assert "[x](javascript:alert(1))" in html, path  # shown as the text it is


def test_front_matter_title_with_newline_adds_no_keys() -> None:
    title = "T\nhide: [navigation, toc]\ntemplate: ../../../etc/passwd\nsearch: {exclude: true}"
    for page in pages(hostile_game(title)).values():
        matter, _ = split(page)
        assert set(matter) <= {"title", "hide", "search"}
        # only our own search boost, never keys from the title
        assert "template" not in matter and set(matter.get("search", {})) <= {"boost"}


def test_front_matter_keeps_titles_with_colon_space() -> None:
    title = "1849: Kingdom of the Two Sicilies"
    matter, body = split(pages(hostile_game(title))["games/evil/index.md"])
    assert matter["title"] == title and set(matter) <= {"title", "search"}
    assert "<h1" in render(body) and "1849: Kingdom of the Two Sicilies</h1>" in render(body)


def test_a_code_that_could_close_its_fence_is_shown_escaped() -> None:
    code = "x\n```\n" + LINK + "\n--8<-- 'mkdocs.yml'"
    block = code_block(Templates(), code)
    assert block.count("\n") == 1 and " --8&lt;-- &#39;mkdocs.yml&#39;" in block  # one line
    assert "<a " not in render(block) and "x ``` [x]" in render(block)
    _, body = split(pages(hostile_game("T", code))["games/evil/hexes/index.md"])
    assert "\n--8<--" not in body and "--8&lt;-- &#39;mkdocs.yml&#39;" in body  # data, as text
    assert not re.search(r"<a [^>]*href=\"javascript", render(body))


def test_a_code_block_is_the_highlighters_markup() -> None:
    """The block written as HTML is what a ```text fence gets from pymdownx.highlight."""
    fenced = markdown.markdown(
        "```text\ncity=revenue:20;path=a:0,b:_0\n```",
        extensions=["pymdownx.superfences", "pymdownx.highlight"],
    )
    assert code_block(Templates(), "city=revenue:20;path=a:0,b:_0") == fenced
    blank = code_block(Templates(), "")
    assert render(blank) == fenced.replace("city=revenue:20;path=a:0,b:_0", "(blank)")


_hostile = st.one_of(
    st.text(),
    st.sampled_from(
        [
            LINK,
            "<script>alert(1)</script>",
            "a\n\n" + LINK,
            "--8<-- 'x'",
            "\x01\x00",
            "\ud800",
            "*b* _i_ `c` # h",
            "| a | b |",
            "{: .x }",
        ]
    ),
)


@settings(max_examples=max(20, settings.default.max_examples // 4), deadline=None)
@given(_hostile)
def test_fuzz_gallery_text_fields_give_escaped_pages(text: str) -> None:
    """Any title/designer/location name: every page's front matter is one title, its body
    renders with no link, script or image the data asked for, and it encodes as UTF-8."""
    for page in pages(hostile_game(text)).values():
        page.encode("utf-8")
        matter, body = split(page)
        assert set(matter) <= {"title", "hide", "search"}
        assert set(matter.get("search", {})) <= {"boost"}
        html = render(body)
        # the script elements a page may carry are data, which browsers never run (the hexes
        # page's hexes, the map page's upgrade table); nothing in them can end them early
        data_script = (
            r'<script type="application/json" data-(?:hex-data|ta-where-data)>(.*?)</script>'
        )
        data = re.findall(data_script, html)
        assert all("<" not in d and isinstance(json.loads(d), list | dict) for d in data)
        html = re.sub(data_script, "", html)
        assert "<script" not in html
        assert not re.search(r"^\s*;*-+8<", page, re.M)  # no pymdownx.snippets line
        assert not re.search(r"<a [^>]*href=\"javascript", html)


def test_games_made_writable_are_kept_for_the_very_objects_read() -> None:
    clean, broken = Game("a", "A"), Game("b", "B\nsecond line")
    kept: dict[str, tuple[Game, Game]] = {}
    first = _writable_games([broken, clean], kept)
    assert first[0] is clean and first[1].title == "B second line"
    assert _writable_games([clean, broken], kept)[1] is first[1]  # not made again
    edited = replace(broken, title="C\rx")
    assert [g.title for g in _writable_games([edited], kept)] == ["C x"]
    assert set(kept) == {"b"}  # the games of the last call only
