"""The Zensical configuration of a prepared site: the site's own settings, with what the
`tiles` plugin adds inside a MkDocs build written out instead (Zensical runs no plugin and
drops unknown ones silently):

* `nav`: the Games and Tiles sections appended as `on_nav` appends them (`gallery.nav_config`);
* `extra_css` / `extra_javascript`: the site's own list with the gallery's files added (one
  key each: a second key would replace the first);
* `markdown_extensions`: the fence (`tile_lang.fence_host.tile_formatter` with the plugin's
  defaults), the extension that numbers fence lines, and `gallery.prepare.markdown_ext`;
* `theme.variant: classic` unless the site chose one: Material's look, as under MkDocs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gallery.nav import NavItem
from gallery.nav_config import added_sections
from gallery.prepare.offline import SHIM_URI
from gallery.prepare.siteconfig import PythonName, Site
from gallery.site_assets import SCRIPTS, STYLESHEETS

SUPERFENCES = "pymdownx.superfences"
LINES_EXTENSION = "tile_lang.markdown"
PAGES_EXTENSION = "gallery.prepare.markdown_ext"
FORMATTER = "tile_lang.fence_host.tile_formatter"
VALIDATOR = "tile_lang.markdown.validator"
#: Plugins only a MkDocs build runs (ours): left out of the engine's configuration.
MKDOCS_PLUGINS = frozenset({"tiles", "tile-atlas"})


@dataclass(frozen=True)
class PagesSetup:
    """What `gallery.prepare.markdown_ext` is configured with (`TilesPages`' options)."""

    blocks: Path
    playground_page: str = ""
    playground_block: str = ""
    playground_url: str = ""


def _plain(value: Any) -> Any:
    """The configuration as plain data: `!!python/name:` values as their dotted names."""
    if isinstance(value, PythonName):
        return value.dotted
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _plugins(plugins: Any) -> list[Any]:
    entries = [{k: v} for k, v in plugins.items()] if isinstance(plugins, Mapping) else plugins
    kept = []
    for entry in entries or []:
        name = next(iter(entry)) if isinstance(entry, Mapping) and entry else entry
        if name not in MKDOCS_PLUGINS:
            kept.append(entry)
    return kept


def _with(items: Any, added: tuple[str, ...]) -> list[Any]:
    listed = list(items or [])
    return listed + [uri for uri in added if uri not in listed]


def fence_kwds(site: Site, *, try_links: bool, strict: bool) -> dict[str, Any]:
    """`tile_formatter`'s arguments from the plugin's options (icon folders absolute: the
    engine resolves them from wherever it runs)."""
    options = site.options
    kwds: dict[str, Any] = {
        "layout": options.layout,
        "color_cues": options.color_cues,
        "icon_dirs": [str(p) for p in site.folders(options.icon_dirs)],
        "try_links": try_links,
        "strict": strict,
    }
    if options.color:
        kwds["color"] = options.color
    return kwds


def _extension_name(entry: Any) -> str:
    return str(next(iter(entry))) if isinstance(entry, Mapping) and entry else str(entry)


def _extensions(entries: Any, fence: dict[str, Any], pages: PagesSetup) -> list[Any]:
    listed = [{k: v} for k, v in entries.items()] if isinstance(entries, Mapping) else entries
    out: list[Any] = []
    names = [_extension_name(e) for e in listed or []]
    for entry, name in zip(listed or [], names, strict=True):
        if name == SUPERFENCES:
            options = dict(entry[name] or {}) if isinstance(entry, Mapping) else {}
            fences = list(options.get("custom_fences") or [])
            if not any(isinstance(f, Mapping) and f.get("name") == "tile" for f in fences):
                fences.append(fence)
            entry = {SUPERFENCES: {**options, "custom_fences": fences}}
        out.append(entry)
    if SUPERFENCES not in names:
        out.append({SUPERFENCES: {"custom_fences": [fence]}})
    if LINES_EXTENSION not in names:
        out.append(LINES_EXTENSION)
    setup = {
        "blocks": str(pages.blocks),
        "playground_page": pages.playground_page,
        "playground_block": pages.playground_block,
        "playground_url": pages.playground_url,
    }
    out.append({PAGES_EXTENSION: setup})
    return out


def engine_config(site: Site, nav: tuple[NavItem, ...], pages: PagesSetup, *,
                  strict: bool) -> dict[str, Any]:  # fmt: skip
    """The Zensical configuration (plain data, the `[project]` table of zensical.toml)."""
    config: dict[str, Any] = dict(_plain(site.config))
    config["plugins"] = _plugins(config.get("plugins"))
    if isinstance(config.get("nav"), list):
        config["nav"] = config["nav"] + added_sections(config["nav"], nav)
    config["extra_css"] = _with(config.get("extra_css"), STYLESHEETS)
    config["extra_javascript"] = _with(config.get("extra_javascript"), SCRIPTS)
    fence = {
        "name": "tile",
        "class": "tile",
        "validator": VALIDATOR,
        "format": {
            "object": FORMATTER,
            "kwds": fence_kwds(site, try_links=bool(pages.playground_url), strict=strict),
        },
    }
    config["markdown_extensions"] = _extensions(config.get("markdown_extensions"), fence, pages)
    if site.offline:
        extra = dict(config.get("extra") or {})
        extra["polyfills"] = _with(extra.get("polyfills"), (SHIM_URI,))
        config["extra"] = extra
    theme = config.get("theme")
    if isinstance(theme, Mapping) and "variant" not in theme:
        config["theme"] = {**theme, "variant": "classic"}
    return config
