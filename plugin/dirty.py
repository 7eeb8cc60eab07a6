"""What a `mkdocs serve --dirty` rebuild needs so that it serves what a clean build writes.

MkDocs' dirty mode renders again only the pages whose file changed. That leaves four kinds of
staleness, each handled here:

* **navigation**: every page shows the whole navigation (titles, order, previous/next). The
  pages a dirty build does not read have no title, so those it renders would name them
  wrongly; and when the navigation itself changed (a game renamed, a page added, a heading
  edited), the pages it does not render keep the old one. Titles and metadata of pages not
  read are restored from the last build; when the navigation, the configuration file or the
  theme's overrides differ from the last build's, every page is read and rendered again.
* **removed files**: a deleted game's pages and drawings, a deleted page's HTML stay in the
  site folder; whatever the last build had there and this one has not is removed.
* **search**: the search plugin indexes only the pages a build renders; the index is made
  whole again from each page's entries as last rendered, in the order a clean build gives.
* **configuration**: part of the navigation's signature above.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mkdocs.commands.build import _populate_page
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Link, Navigation, Section
from mkdocs.structure.pages import Page

from gallery.templates import template_state


class DirtyBuilds:
    """The facts of the last dirty build that the next one needs (one per plugin)."""

    def __init__(self) -> None:
        #: Each page's title and metadata as last read, by source path.
        self._read: dict[str, tuple[str | None, dict[str, Any]]] = {}
        #: Each page's search entries as last rendered, by source path.
        self._entries: dict[str, list[Any]] = {}
        self._rendered: set[str] = set()
        self._taken = 0
        self._signature = ""
        #: The files (site-relative) the last build left in the site folder.
        self._paths: set[str] = set()

    def build_started(self) -> None:
        self._rendered = set()
        self._taken = 0

    def pages_read(self, config: MkDocsConfig, files: Files, nav: Navigation | None) -> None:
        """After MkDocs read the pages it found changed (`on_env`): give the others their
        title back, and render every page when the navigation or configuration changed."""
        pages = [f.page for f in files.documentation_pages() if f.page is not None]
        unread = [p for p in pages if p.markdown is None]
        for page in unread:
            known = self._read.get(page.file.src_uri)
            if known is not None:
                page.title, page.meta = known[0], dict(known[1])
        signature = _signature(config, nav)
        if self._signature and signature != self._signature:
            for page in unread:
                _populate_page(page, config, files, dirty=False)
            for page in pages:
                _stale(page.file)
        self._signature = signature
        self._read = {p.file.src_uri: (p.title, dict(p.meta)) for p in pages}

    def page_rendered(self, page: Page, entries: list[Any]) -> None:
        """After the search plugin indexed `page` (its entries are `entries[taken:]`)."""
        self._entries[page.file.src_uri] = entries[self._taken :]
        self._taken = len(entries)
        self._rendered.add(page.file.src_uri)

    def whole_index(self, files: Files) -> list[Any]:
        """The search entries of every page, in the order a clean build indexes them."""
        found: list[Any] = []
        pages = [f.src_uri for f in files.documentation_pages()]
        for uri in pages:
            found += self._entries.get(uri, [])
        self._entries = {uri: self._entries[uri] for uri in pages if uri in self._entries}
        return found

    def remove_stale(self, site_dir: Path, paths: Iterable[str]) -> list[str]:
        """Remove from `site_dir` what the last build left there and this one did not make
        (`paths`); what was removed."""
        now = set(paths)
        gone = sorted(self._paths - now) if self._paths else []
        self._paths = now
        for path in gone:
            target = site_dir / path
            if target.is_file():
                target.unlink()
            _prune(target.parent, site_dir)
        return gone


def _stale(file: File) -> None:
    """Make MkDocs render `file`'s page again in this dirty build."""
    if hasattr(file, "changed"):  # a gallery file (`plugin.gallery_files.GalleryFile`)
        file.changed = True
    else:  # MkDocs renders a page whose output is missing
        Path(file.abs_dest_path).unlink(missing_ok=True)


def _prune(folder: Path, site_dir: Path) -> None:
    while folder != site_dir and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def _signature(config: MkDocsConfig, nav: Navigation | None) -> str:
    """What every page shows of the others and of the configuration: the navigation's
    titles, addresses and page metadata, the configuration file, the theme's overrides."""
    digest = hashlib.sha256()
    if config.config_file_path:
        digest.update(Path(config.config_file_path).read_bytes())
    custom = config.theme.custom_dir
    digest.update(template_state([Path(custom)] if custom else []).encode())
    digest.update(repr(_outline(nav.items if nav is not None else [])).encode())
    return digest.hexdigest()


def _outline(items: Iterable[Any]) -> list[object]:
    out: list[object] = []
    for item in items:
        if isinstance(item, Section):
            out.append(("section", item.title, _outline(item.children)))
        elif isinstance(item, Link):
            out.append(("link", item.title, item.url))
        elif isinstance(item, Page):
            meta = sorted((str(k), repr(v)) for k, v in item.meta.items())
            out.append(("page", item.title, item.url, meta))
    return out
