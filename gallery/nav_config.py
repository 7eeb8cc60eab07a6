"""The gallery's nav sections (`gallery.nav`) as entries of a site's `nav:` configuration,
the form MkDocs, ProperDocs and Zensical all read: `{title: path}`, `{title: [entries]}`, a
bare path for a section's index page.

They are appended to the `nav:` the site wrote, so the engine and the theme treat them like
hand-written entries (tabs, section index pages, pruning); a section whose index page the
site lists itself is left to the site. Titles from game data are escaped: themes print nav
titles as they are. A site without `nav:` gets its engine's automatic navigation.
"""

from __future__ import annotations

from typing import Any

from gallery.nav import NavItem, NavLink, NavSection
from gallery.pagetext import esc


def nav_entry(item: NavItem) -> Any:
    """One nav configuration entry for `item`."""
    if isinstance(item, NavLink):
        return item.path if not item.title else {esc(item.title): item.path}
    return {esc(item.title): [nav_entry(e) for e in item.entries]}


def listed_pages(entries: Any) -> set[str]:
    """Every page path a `nav:` configuration lists."""
    if isinstance(entries, str):
        return {entries}
    values = list(entries.values()) if isinstance(entries, dict) else entries
    found: set[str] = set()
    if isinstance(values, list):
        for value in values:
            found |= listed_pages(value)
    return found


def added_sections(nav: list[Any], items: tuple[NavItem, ...]) -> list[Any]:
    """The entries to append to `nav` for the gallery's sections (those whose index page
    `nav` does not list already)."""
    listed = listed_pages(nav)
    added = []
    for item in items:
        first = item.entries[0] if isinstance(item, NavSection) and item.entries else item
        if isinstance(first, NavLink) and first.path in listed:
            continue
        added.append(nav_entry(item))
    return added
