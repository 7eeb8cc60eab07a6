"""Text from game data, made safe for the place it lands in a generated page.

Titles, designers, location names and card texts are written by whoever wrote the game file,
so every one of them must reach the reader as the text it is, wherever it is put:

* `esc` — HTML element content, a quoted attribute, or SVG/XML text. Besides `<>&"'`, line
  breaks become character references: a raw line break inside an HTML block lets a blank line
  end the block and hands the rest to the Markdown parser (and to pymdownx.snippets, which
  reads any line starting with `--8<--`).
* `md_text` — a Markdown line (a heading, a `**Designer:**` line, a table cell, link text):
  HTML-escaped and every Markdown punctuation mark backslash-escaped, so `[x](javascript:…)`
  is text, not a link; whitespace runs (line breaks too) become one space.
* `front_matter` — the YAML front matter of a page, written by a YAML dumper so a title with
  `: ` or a line break stays one string and can add no keys. MkDocs themes print the title
  into `<title>` and the navigation unescaped, so titles go in HTML-escaped.

All three first replace what neither XML nor HTML can hold (C0/C1 controls other than tab and
line breaks, lone surrogates, U+FFFE/U+FFFF) with U+FFFD: a page or SVG is never malformed,
and never fails to be written as UTF-8; and they remove the hidden controls that would make
text read as something it is not (bidirectional overrides, zero-width characters). The
readers report such characters (errors; warnings for hidden controls, which they remove); this
is the last line of defence for every other path.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

import yaml

from gallery.textfile import NOT_TEXT, without_hidden

# exactly Python-Markdown's escapable characters (with `|` from the tables extension): a
# backslash before any other character would stay on the page
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|>])")


def clean(text: object) -> str:
    """The text with every character XML/HTML cannot hold replaced by U+FFFD, and every
    hidden control (`gallery.textfile.HIDDEN`: bidirectional overrides, zero-width
    characters) removed."""
    text = str(text)
    # printable text holds none of them (a check in C; most of a site's texts are printable)
    return text if text.isprintable() else without_hidden(NOT_TEXT.sub("\ufffd", text))


_LINE_BREAK = re.compile("\r\n|[\r\n\u2028\u2029]")


def one_line(text: object) -> str:
    """`clean`ed, each line break made a space: for fields that are one line by nature (titles,
    names, tile codes), so no template downstream can be handed a line break (a line starting
    with `--8<--` is read by pymdownx.snippets even inside an HTML block)."""
    text = str(text)
    if text.isprintable():  # no control character, no line break of any kind
        return text
    return _LINE_BREAK.sub(" ", clean(text))


def esc(text: object) -> str:
    """Text for HTML content, a quoted attribute or SVG text (line breaks as references)."""
    escaped = html.escape(clean(text), quote=True)
    return escaped.replace("\r", "&#13;").replace("\n", "&#10;")


def md_text(text: object) -> str:
    """Text for a Markdown line: one line, HTML-escaped, Markdown punctuation backslashed."""
    one_line = " ".join(clean(text).split())
    return _MD_SPECIAL.sub(r"\\\1", html.escape(one_line, quote=False))


def front_matter(fields: Mapping[str, object]) -> str:
    """`---` YAML `---` for a page, keys in the order given; string values are written as
    they are (pass titles through `esc` first: the theme prints them unescaped)."""
    cleaned = {k: clean(v) if isinstance(v, str) else v for k, v in fields.items()}
    body = yaml.safe_dump(cleaned, allow_unicode=True, sort_keys=False, width=2**16)
    return f"---\n{body}---\n"
