"""gallery.templates: fragments are one line of HTML, whatever line breaks a template (ours or
a site's override) puts between and inside its tags."""

from __future__ import annotations

import random
import re
from pathlib import Path

from gallery.templates import Templates, one_line_html

# The rule as two substitutions (what fragments did before `one_line_html`): the reference.
_BETWEEN_TAGS = re.compile(r">[ \t]*(?:\r?\n[ \t]*)+<")
_SPACE = re.compile(r"[ \t]*(?:\r?\n[ \t]*)+")


def _reference(html: str) -> str:
    return _SPACE.sub(" ", _BETWEEN_TAGS.sub("><", html)).strip()


def test_breaks_between_tags_go_and_other_breaks_become_one_space() -> None:
    assert one_line_html("<a>\n  <b>x</b>\n</a>\n") == "<a><b>x</b></a>"
    assert one_line_html("<p>one\n   two\r\n\n three</p>") == "<p>one two three</p>"
    assert one_line_html("  <i>a</i>  ") == "<i>a</i>"
    # a lone carriage return is not a line break; tabs around a break are part of it
    assert one_line_html("a\rb\t\n\tc") == "a\rb c"


def test_the_same_as_the_two_substitutions_on_any_text() -> None:
    pieces = ["<", ">", " ", "\t", "\n", "\r", "\r\n", "a", "\x0c", "<a>", "</b>", "é"]
    rng = random.Random(21)
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 16)))
        assert one_line_html(text) == _reference(text), repr(text)


def test_a_site_override_with_blank_lines_is_still_one_line(tmp_path: Path) -> None:
    (tmp_path / "skip_link.html.j2").write_text(
        '<a class="x"\n   href="#{{ target }}">\n\n  {{ text }}\n</a>\n', encoding="utf-8"
    )
    html = Templates([tmp_path]).fragment("skip_link.html.j2", target="t", text="Skip")
    assert html == '<a class="x" href="#t"> Skip </a>'
