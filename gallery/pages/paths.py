"""Where generated pages and files live, and how one page links to another.

Generated pages are Markdown files under the docs root (`games/1889/index.md`); MkDocs rewrites
Markdown links but not links inside raw HTML, so links written into HTML must already point at
the built page, which depends on `use_directory_urls`.
"""

from __future__ import annotations

import re
import unicodedata


def rel(from_page: str, target: str) -> str:
    """Relative link from a generated page (`games/1889/index.md`) to a docs path."""
    depth = from_page.count("/")
    return "../" * depth + target


def built_link(href: str, directory_urls: bool) -> str:
    """A relative link to a Markdown page made a link to the page MkDocs builds from it (raw
    HTML links are not rewritten by MkDocs)."""
    if href.endswith("index.md"):
        base = href[: -len("index.md")]
        return base if directory_urls else base + "index.html"
    if href.endswith(".md"):
        return href[:-3] + ("/" if directory_urls else ".html")
    return href


def tile_slug(name: str) -> str:
    """A URL-safe folder name for a tile or game name: ASCII letters, digits, `_`, `.`, `-`.
    Accented Latin letters lose their accents (`café` and its decomposed spelling both give
    `cafe`); any other run of characters becomes `_`. Different names can share a slug:
    `gallery.addresses` keeps every published name's address its own."""
    if not name.isascii():
        decomposed = unicodedata.normalize("NFKD", name)
        name = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "tile"


def download_stem(page: str, *parts: str) -> str:
    """File name (without extension) for a download of something on `page`, read by the
    downloads script: `tiles/57/index.md`, "flat", "r2" -> `tile-57-flat-r2`;
    `games/1889/index.md`, "57" -> `1889-57`; the catalog index gives `tile-57`."""
    folders = page.removesuffix("index.md").strip("/").split("/")
    if folders[0] == "tiles":
        folders = ["tile"] + [f for f in folders[1:] if f != "all"]
    elif folders[0] == "games":
        folders = folders[1:]
    return "-".join(tile_slug(p) for p in [*folders, *parts] if p)
