"""The theme's files that no page of a built site loads, left out of it.

mkdocs-material copies every static file it has: source maps of its script and styles (read
only by a browser's developer tools, 1.3 MB) and its search's language support for every
language lunr knows (0.9 MB, among them a 660 KB Thai word splitter), though its search worker
loads only the files of the languages the search is configured with (none for English alone:
the worker asks for `lunr.<lang>.min.js` per other language, `tinyseg.js` for Japanese,
`wordcut.js` for Hindi and Thai, `lunr.multi.min.js` for more than one language and
`lunr.stemmer.support.min.js` whenever it asks for any). A whole-world site is judged by its
size, so the plugin drops these (option `prune_theme_files`). Only files that come from the
theme's own folders are considered: a site's own file of the same name stays.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mkdocs.plugins import PluginCollection
from mkdocs.structure.files import File

LUNR = "assets/javascripts/lunr/"


def lunr_files_needed(languages: Iterable[str]) -> set[str]:
    """The files (below `LUNR`) the theme's search worker loads for these languages."""
    langs = list(languages)
    needed: set[str] = set()
    for lang in langs:
        if lang == "ja":
            needed.add("tinyseg.js")
        if lang in ("hi", "th"):
            needed.add("wordcut.js")
        if lang != "en":
            needed.add(f"min/lunr.{lang}.min.js")
    if len(langs) > 1:
        needed.add("min/lunr.multi.min.js")
    if needed:
        needed.add("min/lunr.stemmer.support.min.js")
    return needed


def search_languages(plugins: PluginCollection) -> list[str] | None:
    """The languages mkdocs-material's search worker loads files for: none without a search
    plugin (its worker never runs), None for a search plugin that is not the theme's (its
    files are all kept)."""
    search = plugins.get("material/search") or plugins.get("search")
    if search is None:
        return []
    languages = getattr(getattr(search, "config", None), "lang", None)
    return languages if isinstance(languages, list) else None


def unused_theme_files(files: Iterable[File], theme_dirs: Iterable[str],
                       languages: Iterable[str] | None) -> list[File]:  # fmt: skip
    """The theme's source maps, and its search language files the site's search does not load
    (`languages` None: the search's languages are not known, so its files are all kept)."""
    roots = [Path(d).resolve() for d in theme_dirs]
    needed = lunr_files_needed(languages) if languages is not None else None
    out = []
    for file in files:
        uri = file.src_uri
        if not uri.startswith("assets/") or file.abs_src_path is None:
            continue
        if not any(Path(file.abs_src_path).resolve().is_relative_to(r) for r in roots):
            continue
        unused_lunr = needed is not None and uri.startswith(LUNR) and uri[len(LUNR) :] not in needed
        if uri.endswith(".map") or unused_lunr:
            out.append(file)
    return out
