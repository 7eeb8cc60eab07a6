"""Shorter pages: the theme's blank lines and indentation made single line breaks.

mkdocs-material indents its templates for readability, so every built page would carry some
18 KB of blank lines and indentation around its content (45 % of a page's chrome; 22 MB on
the whole-world site). A run of whitespace that holds a line break renders exactly as one
line break outside `pre`-like elements, so:

- each theme template's text is squeezed once, as Jinja compiles it (`SqueezedTemplates`):
  the indentation never reaches a page, so no page pays to render, squeeze and write it;
- what is left in a built page's chrome (the line breaks around tags that output nothing)
  is shortened by one cheap pass (`squeeze_chrome`); the article, the page's own content,
  is never touched, nor is a page that does not look like the theme's (no article).

`pre`, `textarea`, `script` and `style` elements are kept as they are, and so are Jinja's
tags, comments, raw and `trans` blocks (a translation's text is its lookup key). Squeezing
every page afterwards with the whole rule took 1.4 s of the whole-world build; compiling the
rule into the templates leaves 0.4 s.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from jinja2.ext import Extension

#: Where the theme's article (the page's own content, never touched) begins and ends.
ARTICLE_START = '<article class="md-content__inner'
ARTICLE_END = "</article>"
#: Elements whose whitespace can matter, kept whole.
_ELEMENTS = r"<(?P<tag>pre|textarea|script|style)\b.*?</(?P=tag)\s*>"
_KEEP = re.compile(_ELEMENTS, re.S | re.I)
#: What a template keeps as written: those elements, and Jinja's own syntax (raw and trans
#: blocks first, whose insides are text Jinja uses as it stands; then tags and comments).
_TEMPLATE_KEEP = re.compile(
    r"\{%[-+]?\s*raw\s*[-+]?%\}.*?\{%[-+]?\s*endraw\s*[-+]?%\}"
    r"|\{%[-+]?\s*trans\b.*?\{%[-+]?\s*endtrans\s*[-+]?%\}"
    r"|\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|" + _ELEMENTS,
    re.S | re.I,
)
#: HTML's own whitespace but the line break (a no-break space is text, not whitespace).
_SPACES = " \t\r\f"
#: A line break and the whitespace after it. The pattern begins with a line break, so it is
#: tried only there (one that may begin with a space is tried at every space of a page).
_BREAKS = re.compile(r"\n[ \t\r\f\n]*")


class SqueezedTemplates(Extension):
    """Jinja extension: each template's text squeezed (`squeeze_template`) before it is
    compiled. Whitespace an expression outputs is left alone."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return squeeze_template(source)


def squeeze_template(source: str) -> str:
    """A Jinja template's text with each whitespace run that holds a line break made one
    line break, outside Jinja's syntax and the whitespace-sensitive elements. The run that
    ends the template stays as written: Jinja drops a template's last line break, so that
    run's other whitespace is what the template outputs there."""
    body = source.rstrip(_SPACES + "\n")
    return _outside(_TEMPLATE_KEEP, body, _runs) + source[len(body) :]


def squeeze_chrome(html: str) -> str:
    """`html` with each line break of its chrome (everything but the article) and the
    whitespace after it made one line break; the same page when it has no article."""
    start = html.find(ARTICLE_START)
    end = html.rfind(ARTICLE_END)
    if start < 0 or end < start:
        return html
    return _chrome(html[:start]) + html[start:end] + _chrome(html[end:])


def _chrome(part: str) -> str:
    return _outside(_KEEP, part, lambda text: _BREAKS.sub("\n", text))


def _outside(kept: re.Pattern[str], text: str, squeeze: Callable[[str], str]) -> str:
    """`text` with `squeeze` applied between the matches of `kept`."""
    out = []
    pos = 0
    for match in kept.finditer(text):
        out.append(squeeze(text[pos : match.start()]))
        out.append(match.group(0))
        pos = match.end()
    out.append(squeeze(text[pos:]))
    return "".join(out)


def _runs(text: str) -> str:
    """`text` with each run of whitespace that holds a line break made one line break. Line
    by line rather than with a pattern: a pattern that may begin with a space is tried at
    every space of the text, which took twice as long."""
    if "\n" not in text:
        return text
    first, *middle, last = text.split("\n")
    kept = [first.rstrip(_SPACES)]
    kept += [line for line in (m.strip(_SPACES) for m in middle) if line]
    kept.append(last.lstrip(_SPACES))
    return "\n".join(kept)
