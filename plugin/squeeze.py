"""Shorter pages: the theme's blank lines around the article made single line breaks.

mkdocs-material indents its templates for readability, so every built page carries some 18 KB
of blank lines and indentation around its content (45 % of a page's chrome; 22 MB on the
whole-world site). A run of whitespace that holds a line break renders exactly as one line
break outside `pre`-like elements, so those runs are shortened in the page outside its
article; `pre`, `textarea`, `script` and `style` elements are left as they are, and so is a
page that does not look like the theme's (no article). The idea came from squeezing the
navigation alone (`navigation` work on #21); this is the same rule over the whole chrome.
"""

from __future__ import annotations

import re

#: Where the theme's article (the page's own content, never touched) begins and ends.
ARTICLE_START = '<article class="md-content__inner'
ARTICLE_END = "</article>"
#: Elements whose whitespace can matter, kept whole.
_KEEP = re.compile(r"<(pre|textarea|script|style)\b.*?</\1\s*>", re.S | re.I)
#: HTML's own whitespace but the line break (a no-break space is text, not whitespace).
_SPACES = " \t\r\f"


def squeeze_chrome(html: str) -> str:
    """`html` with the whitespace runs of its chrome (everything but the article) made one
    line break each; the same page when it has no article."""
    start = html.find(ARTICLE_START)
    end = html.rfind(ARTICLE_END)
    if start < 0 or end < start:
        return html
    return _squeeze(html[:start]) + html[start:end] + _squeeze(html[end:])


def _squeeze(part: str) -> str:
    out = []
    pos = 0
    for kept in _KEEP.finditer(part):
        out.append(_runs(part[pos : kept.start()]))
        out.append(kept.group(0))
        pos = kept.end()
    out.append(_runs(part[pos:]))
    return "".join(out)


def _runs(text: str) -> str:
    """`text` with each run of whitespace that holds a line break made one line break. Line
    by line rather than with a pattern: a pattern that may begin with a space is tried at
    every space of the page, which took twice as long."""
    if "\n" not in text:
        return text
    first, *middle, last = text.split("\n")
    kept = [first.rstrip(_SPACES)]
    kept += [line for line in (m.strip(_SPACES) for m in middle) if line]
    kept.append(last.lstrip(_SPACES))
    return "\n".join(kept)
