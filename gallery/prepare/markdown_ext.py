"""The Python-Markdown extension a prepared site's engine runs (`tile-atlas prepare` names it in
zensical.toml): what the `tiles` plugin does to rendered pages under MkDocs, done by
Markdown itself since Zensical runs no plugin.

* **Blocks**: a gallery page's bulky HTML (maps, tile grids, charts) is a file of its own
  (`gallery.prepare.blocks`); the page's Markdown holds a mark naming it by digest. After
  Markdown has made the page's HTML, the mark is replaced by the file's content: Markdown
  never parses those megabytes, and as the mark names the content, a page whose block
  changed is a changed page to the engine's cache.
* **Playground**: on the playground page, the marker becomes the playground's markup (made
  by `prepare` for that page, a block too).
* **"Try it" links** after every tile that carries the playground query, relative to the page
  being rendered (its file from the engine's page context).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor

#: How a page's Markdown names a block file: `<!--tile-atlas-block:DIGEST-->`.
BLOCK_MARK = "<!--tile-atlas-block:{}-->"
_BLOCK_RE = re.compile(r"<!--tile-atlas-block:([0-9a-f]{16,64})-->")


def block_file(folder: Path, digest: str) -> Path:
    """Where the block of `digest` is kept."""
    return folder / f"{digest}.html"


class _Pages(Postprocessor):
    def __init__(self, md: Markdown, ext: TilesPages) -> None:
        super().__init__(md)
        self.ext = ext

    def run(self, text: str) -> str:
        folder = Path(self.ext.getConfig("blocks"))
        if "<!--tile-atlas-block:" in text:
            text = _BLOCK_RE.sub(lambda m: _read_block(folder, m.group(1)), text)
        page_path = _page(self.md)
        playground = self.ext.getConfig("playground_page")
        marker = self.ext.getConfig("playground_marker")
        if playground and page_path == playground and marker in text:
            markup = _read_block(folder, self.ext.getConfig("playground_block"))
            text = text.replace(marker, markup, 1)
        target = self.ext.getConfig("playground_url")
        if target and page_path is not None:
            from plugin.playground import add_try_links, relative

            # relative to the page's file, as a link written in its Markdown: Zensical
            # resolves every relative link that way (and rewrites it for the page's URL)
            home = page_path.rpartition("/")[0]
            text = add_try_links(text, relative(target, home + "/" if home else ""))
        return text


def _read_block(folder: Path, digest: str) -> str:
    try:
        return block_file(folder, digest).read_text(encoding="utf-8")
    except OSError:
        # a visible box, not a silent hole: run `tile-atlas prepare` again
        return (
            '<p class="tile-error">This part of the page is missing: run '
            "<code>tile-atlas prepare</code> again.</p>"
        )


def _page(md: Markdown) -> str | None:
    """The docs path of the page being rendered (the engine's page context)."""
    for processor in md.preprocessors:
        path = getattr(getattr(processor, "page", None), "path", None)
        if isinstance(path, str):
            return path
    return None


class TilesPages(Extension):
    """Puts a prepared site's set-aside HTML, playground and "Try it" links into its pages."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "blocks": ["", "the folder of the block files (absolute)"],
            "playground_page": ["", "docs path of the playground page ('' = none)"],
            "playground_marker": ["<!-- tile-atlas:playground -->", "the page's marker"],
            "playground_block": ["", "digest of the playground markup's block"],
            "playground_url": ["", "site path of the playground page ('' = no links)"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        # after the raw HTML (the marks) is back in the page (RawHtmlPostprocessor: 30)
        md.postprocessors.register(_Pages(md, self), "tile_atlas_pages", 5)


def makeExtension(**kwargs: Any) -> TilesPages:
    return TilesPages(**kwargs)
