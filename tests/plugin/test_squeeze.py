"""plugin.squeeze: the theme's blank lines around the article shortened, nothing else."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from plugin.squeeze import squeeze_chrome

PAGE = (
    "<html>\n  <head>\n    <script>\n  var x = 1;\n\n  </script>\n  </head>\n  <body>\n"
    "    <nav>\n      <a href='#'>\n        Home\n      </a>\n    </nav>\n"
    '    <article class="md-content__inner md-typeset">\n<pre>a\n\n  b</pre>\n\n\n  text\n'
    "    </article>\n    <textarea>\n\n  keep\n</textarea>\n  </body>\n</html>\n"
)


def test_chrome_whitespace_runs_become_one_line_break() -> None:
    out = squeeze_chrome(PAGE)
    assert "<nav>\n<a href='#'>\nHome\n</a>\n</nav>" in out
    assert len(out) < len(PAGE)


def test_the_article_and_whitespace_sensitive_elements_are_untouched() -> None:
    out = squeeze_chrome(PAGE)
    start = PAGE.index("<article")
    end = PAGE.index("</article>")
    assert PAGE[start:end] in out
    assert "<script>\n  var x = 1;\n\n  </script>" in out
    assert "<textarea>\n\n  keep\n</textarea>" in out


def test_a_page_without_the_themes_article_is_left_alone() -> None:
    other = "<html>\n\n  <body>\n\n  x</body></html>"
    assert squeeze_chrome(other) == other


def test_no_break_spaces_are_text() -> None:
    page = '<p>\u00a0\n\u00a0</p><article class="md-content__inner">x</article>'
    assert squeeze_chrome(page).startswith("<p>\u00a0\n\u00a0</p>")


@given(st.text(alphabet="ab> \t\r\f\n\u00a0", max_size=40))
def test_every_run_with_a_line_break_is_one_line_break(chrome: str) -> None:
    """Line by line, the same as the rule's own definition as a pattern."""
    page = f'{chrome}<article class="md-content__inner">x</article>'
    expected = re.sub(r"[ \t\r\f]*\n[ \t\r\n\f]*", "\n", chrome)
    assert squeeze_chrome(page) == f'{expected}<article class="md-content__inner">x</article>'
