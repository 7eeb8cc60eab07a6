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
import html
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import escape
from mkdocs.commands.build import _populate_page
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Link, Navigation, Section
from mkdocs.structure.pages import Page

from gallery.templates import template_state

#: Themes known to write each title they show as it is (escaped) into the page: for them an
#: edit that changes titles alone renders again only the pages that show an old one.
VERBATIM_THEMES = ("material", "mkdocs", "readthedocs")


class DirtyBuilds:
    """The facts of the last dirty build that the next one needs (one per plugin)."""

    def __init__(self) -> None:
        #: Each page's title and metadata as last read, by source path.
        self._read: dict[str, tuple[str | None, dict[str, Any]]] = {}
        #: Each page's search entries as last rendered, by source path.
        self._entries: dict[str, list[Any]] = {}
        self._rendered: set[str] = set()
        self._taken = 0
        #: The configuration file and the theme's overrides (`_setting`), and the
        #: navigation (`_outline`) the last build's pages show.
        self._setting = ""
        self._outline: tuple[Entry, ...] = ()
        #: The files (site-relative) the last build left in the site folder.
        self._paths: set[str] = set()

    def build_started(self) -> None:
        self._rendered = set()
        self._taken = 0

    def pages_read(self, config: MkDocsConfig, files: Files, nav: Navigation | None) -> None:
        """After MkDocs read the pages it found changed (`on_env`): give the others their
        title back, and render again every page that shows what changed of the navigation
        or configuration (`_stale_pages`)."""
        pages = [f.page for f in files.documentation_pages() if f.page is not None]
        unread = [p for p in pages if p.markdown is None]
        for page in unread:
            known = self._read.get(page.file.src_uri)
            if known is not None:
                page.title, page.meta = known[0], dict(known[1])
        setting, outline = _setting(config), _outline(nav.items if nav is not None else [])
        if self._setting:
            for page in self._stale_pages(config, pages, setting, outline):
                if page.markdown is None:
                    _populate_page(page, config, files, dirty=False)
                _stale(page.file)
        self._setting, self._outline = setting, outline
        self._read = {p.file.src_uri: (p.title, dict(p.meta)) for p in pages}

    def _stale_pages(self, config: MkDocsConfig, pages: list[Page], setting: str,
                     outline: tuple[Entry, ...]) -> list[Page]:  # fmt: skip
        """The pages a clean build would render otherwise than they are: every one when the
        configuration, the theme's overrides or the navigation's shape (addresses, sections,
        page metadata) changed; when only titles changed, those whose built page holds one of
        the old titles (a theme that shows a title writes it, escaped, into the page)."""
        if setting != self._setting or _shape(outline) != _shape(self._outline):
            return pages
        old = _renamed(self._outline, outline)
        if not old:
            return []
        if config.theme.name not in VERBATIM_THEMES:
            return pages
        # as written, and escaped as Jinja2 and Python escape it
        forms = (str, lambda t: str(escape(t)), html.escape, lambda t: html.escape(t, False))
        needles = {form(t).encode() for t in old for form in forms}
        chrome = config.theme.name == "material"
        return [p for p in pages if p.markdown is not None or _shows(p.file, needles, chrome)]

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


def _setting(config: MkDocsConfig) -> str:
    """A digest of what every page shows of the configuration: the configuration file and
    the theme's overrides (the theme's own files change only with its version)."""
    digest = hashlib.sha256()
    if config.config_file_path:
        digest.update(Path(config.config_file_path).read_bytes())
    custom = config.theme.custom_dir
    digest.update(template_state([Path(custom)] if custom else []).encode())
    return digest.hexdigest()


def _shows(file: File, needles: set[bytes], chrome: bool) -> bool:
    """Whether the built page of `file` holds one of `needles` (or is not there). With
    `chrome` (mkdocs-material, which writes a page's own content inside its one `<article>`
    and the navigation, tabs and footer around it), only what is around the article counts:
    a tile page's "Used by" table names games in its content, which the gallery keeps up to
    date itself."""
    try:
        built = Path(file.abs_dest_path).read_bytes()
    except OSError:
        return True
    if chrome:
        start, end = built.find(b"<article"), built.rfind(b"</article>")
        if 0 <= start < end:
            built = built[:start] + built[end:]
    return any(needle in built for needle in needles)


@dataclass(frozen=True)
class Entry:
    """One entry of the navigation as a page shows it: a section, a link or a page."""

    kind: str
    title: str | None
    url: str = ""
    meta: tuple[tuple[str, str], ...] = ()
    children: tuple[Entry, ...] = ()

    def shape(self) -> tuple[object, ...]:
        """The entry without its titles (nor its children's)."""
        return (self.kind, self.url, self.meta, tuple(c.shape() for c in self.children))


def _outline(items: Iterable[Any]) -> tuple[Entry, ...]:
    out: list[Entry] = []
    for item in items:
        if isinstance(item, Section):
            out.append(Entry("section", item.title, children=_outline(item.children)))
        elif isinstance(item, Link):
            out.append(Entry("link", item.title, item.url))
        elif isinstance(item, Page):
            # (a `title` in the metadata is the page's title, compared as a title)
            meta = tuple(sorted((str(k), repr(v)) for k, v in item.meta.items() if k != "title"))
            out.append(Entry("page", item.title, item.url, meta))
    return tuple(out)


def _shape(outline: tuple[Entry, ...]) -> tuple[object, ...]:
    return tuple(e.shape() for e in outline)


def _renamed(before: tuple[Entry, ...], after: tuple[Entry, ...]) -> set[str]:
    """The titles of `before` that `after` (of the same shape) shows otherwise, entry by
    entry (two pages that swapped titles count too)."""
    found: set[str] = set()
    for old, new in zip(before, after, strict=True):
        if old.title != new.title and old.title:
            found.add(old.title)
        found |= _renamed(old.children, new.children)
    return found
