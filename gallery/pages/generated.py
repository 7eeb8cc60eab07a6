"""What a gallery build produces: files of the generated site (pages with their set-aside
HTML blocks, drawings). Its own module: the build context and the kept pieces both hold them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GeneratedFile:
    """A file of the generated site: `path` is relative to the docs root (`tiles/57/index.md`).

    `blocks` are the page's set-aside HTML blocks (`GalleryBuild.raw`): each mark in `content`
    and the HTML that replaces it once Markdown and the search index are done with the page."""

    path: str
    content: str
    blocks: tuple[tuple[str, str], ...] = ()
