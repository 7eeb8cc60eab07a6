"""The gallery's pages converted by one Markdown converter per build, reset between pages.

MkDocs makes a new Python-Markdown converter for every page it renders: every extension of the
site is built and registered again, 1 to 3 ms a page before a line is converted. A whole-world
site has 1,174 generated pages whose Markdown is small (their large HTML is set aside), so that
setting-up was a third of their conversion, in MkDocs' own process, which the whole build
waits for. Python-Markdown's converters are made to be reused (`Markdown.reset` clears what a
document left: its stash, references, table of contents), so the plugin gives the gallery's
pages one converter per build. MkDocs' own processors, which hold the page they work for (its
links, anchors and title), are made and registered for each page as MkDocs does, replacing the
previous page's. Pages written by the site's authors are left to MkDocs as they are.

A built site is the same, file for file, either way (`tests/plugin/test_shared_markdown.py`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import markdown
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import (
    Page,
    _ExtractAnchorsTreeprocessor,
    _ExtractTitleTreeprocessor,
    _RawHTMLPreprocessor,
    _RelativePathTreeprocessor,
)
from mkdocs.structure.toc import get_toc

LOG = logging.getLogger("mkdocs.structure.pages")


class SharedConverterPage(Page):
    """A page converted by a converter it shares with others (`converter`, set by
    `share_converter`)."""

    converter: markdown.Markdown

    def render(self, config: MkDocsConfig, files: Files) -> None:
        if self.markdown is None:
            raise RuntimeError("`markdown` field hasn't been set (via `read_source`)")
        md = self.converter
        md.reset()
        raw_html = _RawHTMLPreprocessor()
        anchors = _ExtractAnchorsTreeprocessor(self.file, files, config)
        links = _RelativePathTreeprocessor(self.file, files, config)
        title = _ExtractTitleTreeprocessor()
        for processor in (raw_html, anchors, links, title):
            processor._register(md)  # the same name as the previous page's: replaced
        self.content = md.convert(self.markdown)
        self.toc = get_toc(getattr(md, "toc_tokens", []))
        self._title_from_render = title.title
        self.present_anchor_ids = anchors.present_anchor_ids | raw_html.present_anchor_ids
        if LOG.getEffectiveLevel() > logging.DEBUG:
            self.links_to_anchors = links.links_to_anchors


def share_converter(pages: Iterable[Page], config: MkDocsConfig) -> int:
    """Give `pages` (plain MkDocs pages, not yet rendered) one converter, made with the site's
    Markdown extensions; returns how many were given it. Called once MkDocs has made the
    build's pages (`on_nav`): a page is the same object for the whole build, and only its
    class changes, to one that adds a method, no state."""
    md = markdown.Markdown(
        extensions=config.markdown_extensions,
        extension_configs=config.mdx_configs or {},
    )
    count = 0
    for page in pages:
        if type(page) is Page and page.content is None:
            page.__class__ = SharedConverterPage
            assert isinstance(page, SharedConverterPage)
            page.converter = md
            count += 1
    return count
