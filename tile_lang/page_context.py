"""Which page a Markdown text belongs to, for fence reports (`PAGE:LINE: message`).

Python-Markdown knows nothing of pages; a host that renders pages may say which one it is
rendering by registering a preprocessor that holds it (Zensical's rendering context does: a
`page` with a `path` relative to its `docs_dir`, and the `config`). Zensical strips a page's
front matter before Markdown sees it, so the page's file is read to count those lines and
report lines of the file, as the MkDocs plugin does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class PageRef:
    """Where a Markdown text comes from: the name reports use and how many lines of the file
    come before the text the host renders (front matter the host strips first)."""

    name: str
    offset: int = 0


_FRONT_MATTER_END = re.compile(r"^(?:---|\.\.\.)\s*$")


def front_matter_lines(text: str) -> int:
    """Lines a YAML front matter block (`---` … `---` or `...`) takes at the top of `text`."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return 0
    for index, line in enumerate(lines[1:], start=1):
        if _FRONT_MATTER_END.match(line):
            return index + 1
    return 0


def page_of(md: Any, fallback: str | None = None) -> PageRef | None:
    """The page `md` is rendering, from a host's page context: a preprocessor holding a
    `page` with a `path` (Zensical; relative to its `docs_dir`, read to count the front matter
    it strips) or a `file.src_uri` (a MkDocs page). None (or `fallback`) without one."""
    for processor in getattr(md, "preprocessors", ()):
        page = getattr(processor, "page", None)
        path = getattr(page, "path", None)
        if isinstance(path, str) and path:
            config = getattr(processor, "config", None)
            docs = config.get("docs_dir") if isinstance(config, Mapping) else None
            return PageRef(path, _offset(docs, path))
        src = getattr(getattr(page, "file", None), "src_uri", None)
        if isinstance(src, str) and src:
            return PageRef(src)
    return PageRef(fallback) if fallback else None


def _offset(docs_dir: object, path: str) -> int:
    """The front matter lines of `docs_dir/path`: read only when it is a regular file inside
    the docs folder (0 otherwise, or when it cannot be read)."""
    if not isinstance(docs_dir, str) or not docs_dir:
        return 0
    root = Path(docs_dir).resolve()
    file = (root / path).resolve()
    if not file.is_relative_to(root) or not file.is_file():
        return 0
    try:
        return front_matter_lines(file.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError):
        return 0


def where(page: PageRef | None, line: int | None) -> str:
    """`page.md:8: `, `page.md: `, `line 8: ` or nothing: the start of a report."""
    at = f"{line + page.offset}" if line and page else (f"{line}" if line else "")
    if page:
        return f"{page.name}:{at}: " if at else f"{page.name}: "
    return f"line {at}: " if at else ""
