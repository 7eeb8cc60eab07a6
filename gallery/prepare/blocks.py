"""A gallery page's set-aside HTML (`GalleryBuild.raw`: maps, tile grids, charts) as files of
their own, named by the digest of their content, and the page's marks naming them
(`gallery.prepare.markdown_ext` puts them back). Under MkDocs the plugin puts the same blocks
back after the search plugin ran; here the engine's Markdown never sees them."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from gallery.pages.generated import GeneratedFile
from gallery.prepare.markdown_ext import BLOCK_MARK


@dataclass(frozen=True)
class SplitPages:
    """The gallery's files with each page's blocks replaced by marks, and the block files
    (file name -> HTML)."""

    files: tuple[GeneratedFile, ...]
    blocks: dict[str, str]


def block_digest(html: str) -> str:
    return hashlib.sha256(html.encode("utf-8")).hexdigest()[:32]


def split_blocks(files: Iterable[GeneratedFile]) -> SplitPages:
    """Each page's blocks out of its Markdown (`blocks` by digest)."""
    out: list[GeneratedFile] = []
    blocks: dict[str, str] = {}
    for file in files:
        content = file.content
        for mark, html in file.blocks:
            digest = block_digest(html)
            blocks[f"{digest}.html"] = html
            content = content.replace(mark, BLOCK_MARK.format(digest))
        out.append(GeneratedFile(file.path, content) if file.blocks else file)
    return SplitPages(tuple(out), blocks)
