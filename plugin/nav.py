"""Glue: the gallery's nav sections (`gallery.nav`) added to a site's `nav` configuration.

They are appended to the `nav:` the site wrote, before MkDocs builds its navigation, so MkDocs
and the theme treat them like hand-written entries (tabs, section index pages, pruning). A site
without a `nav:` gets MkDocs' automatic navigation, which lists the gallery's nav pages by
itself. Titles from game data are escaped: the theme prints nav titles as they are.
"""

from __future__ import annotations

from typing import Any

from mkdocs.config.defaults import MkDocsConfig

from gallery.nav import NavItem, NavLink, NavSection
from gallery.pagetext import esc


def _mkdocs_entry(item: NavItem) -> Any:
    if isinstance(item, NavLink):
        return item.path if not item.title else {esc(item.title): item.path}
    return {esc(item.title): [_mkdocs_entry(e) for e in item.entries]}


def _listed(entries: Any) -> set[str]:
    """Every page path a `nav:` configuration already lists."""
    found: set[str] = set()
    if isinstance(entries, str):
        found.add(entries)
    elif isinstance(entries, dict):
        for value in entries.values():
            found |= _listed(value)
    elif isinstance(entries, list):
        for value in entries:
            found |= _listed(value)
    return found


def extend_nav(config: MkDocsConfig, items: tuple[NavItem, ...]) -> None:
    """Append each gallery section whose index page the site's nav does not list already."""
    if config.nav is None:
        return
    listed = _listed(config.nav)
    for item in items:
        first = item.entries[0] if isinstance(item, NavSection) and item.entries else item
        if isinstance(first, NavLink) and first.path in listed:
            continue
        config.nav.append(_mkdocs_entry(item))
