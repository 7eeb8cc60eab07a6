"""Text from game data made safe for HTML, Markdown and front matter."""

from __future__ import annotations

import markdown
import yaml
from hypothesis import given
from hypothesis import strategies as st

from gallery.pagetext import clean, esc, front_matter, md_text

EXTENSIONS = ["tables", "attr_list", "md_in_html", "toc", "admonition", "pymdownx.superfences"]


def render(text: str) -> str:
    return str(markdown.markdown(text, extensions=EXTENSIONS))


def test_md_text_makes_a_javascript_link_text() -> None:
    html = render(f"# {md_text('[x](javascript:alert(1))')}\n\n**Designer:** {md_text('*b* `c`')}")
    assert "<a " not in html and "<em>" not in html and "<code>" not in html
    assert "[x](javascript:alert(1))" in html and "*b* `c`" in html


def test_md_text_renders_ordinary_titles_unchanged() -> None:
    for title in ("Shikoku 1889", "18Chesapeake", "1849: Kingdom of the Two Sicilies",
                  "1830: Railways & Robber Barons", "18Mex - Mexico (2nd ed.)"):  # fmt: skip
        assert render(f"# {md_text(title)}") == render(f"# {esc(title)}")


def test_md_text_keeps_one_line() -> None:
    assert md_text("a\n\n--8<-- 'x'\r\n# b") == "a \\-\\-8&lt;\\-\\- 'x' \\# b"


def test_esc_turns_line_breaks_into_references() -> None:
    assert esc('a"\n\n<b>\r') == "a&quot;&#10;&#10;&lt;b&gt;&#13;"


def test_clean_replaces_what_xml_cannot_hold() -> None:
    assert clean("Bad\x01Name\x00 \ud800 \ufffe ok\té") == "Bad\ufffdName\ufffd \ufffd \ufffd ok\té"


def test_front_matter_title_with_newline_adds_no_keys() -> None:
    title = "T\nhide: [navigation]\ntemplate: ../../../etc/passwd"
    text = front_matter({"title": title})
    assert text.startswith("---\n") and text.endswith("---\n")
    assert yaml.safe_load(text.split("---\n")[1]) == {"title": title}


def test_front_matter_title_with_colon_space_keeps_its_title() -> None:
    text = front_matter({"title": "1849: Kingdom of the Two Sicilies"})
    assert yaml.safe_load(text.split("---\n")[1]) == {"title": "1849: Kingdom of the Two Sicilies"}


@given(st.text())
def test_fuzz_gallery_text_fields_stay_text(text: str) -> None:
    """Any title: front matter holds exactly it (cleaned), a heading holds no live markup."""
    matter = yaml.safe_load(front_matter({"title": text}).split("---\n", 2)[1])
    assert matter == {"title": clean(text)}
    html = render(f"# {md_text(text)}\n\n<p>{esc(text)}</p>")
    assert "<a " not in html and "<script" not in html and "<img" not in html
    assert html.count("<h1") == 1 and html.count("<p>") == 1
    html.encode("utf-8")
