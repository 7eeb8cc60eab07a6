"""A theme's files listed without what is in its hidden folders.

Before any plugin sees a build's files, MkDocs lists every file of the theme's folders through
the build's Jinja loader (`Files.add_files_from_theme`), then drops, name by name, those in a
hidden folder or matching a dozen patterns. mkdocs-material keeps some 14,500 icons in its
`.icons/` folder: walking them and testing each name against every pattern took 0.09–0.15 s of
every build, and of every `mkdocs serve` rebuild, to keep 43 files. The loader given here
does not go into hidden folders, nor list hidden files, when it lists (MkDocs drops all of
them anyway: its patterns `.*` and `*/.*`); a template asked for by name, hidden or not
(Material's `{% include ".icons/…" %}`), is found as before.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from jinja2 import Environment, FileSystemLoader
from mkdocs.theme import Theme


class VisibleListing(FileSystemLoader):
    """A `FileSystemLoader` whose listing leaves out hidden files and hidden folders."""

    def list_templates(self) -> list[str]:
        found: set[str] = set()
        for root in self.searchpath:
            for folder, subfolders, names in os.walk(root, followlinks=self.followlinks):
                subfolders[:] = [d for d in subfolders if not d.startswith(".")]
                where = os.path.relpath(folder, root)
                prefix = "" if where == "." else where.replace(os.sep, "/") + "/"
                found.update(prefix + name for name in names if not name.startswith("."))
        return sorted(found)


def list_visible(theme: Theme) -> None:
    """Have the environments `theme` makes (one per build) list through `VisibleListing`.
    MkDocs asks the theme for the environment before any plugin event that is given one, so
    the theme's method is wrapped (on this theme object only: each build has its own)."""
    make: Callable[[], Environment] = theme.get_env
    if getattr(make, "_visible_listing", False):
        return

    def get_env() -> Environment:
        env = make()
        loader = env.loader
        if type(loader) is FileSystemLoader:  # MkDocs' own: a loader of another kind is left be
            env.loader = VisibleListing(loader.searchpath, loader.encoding, loader.followlinks)
        return env

    get_env._visible_listing = True  # type: ignore[attr-defined]
    setattr(theme, "get_env", get_env)  # noqa: B010 (mypy refuses assigning to a method)
