"""A MkDocs site's configuration read the way MkDocs reads it, without importing MkDocs:
`!ENV NAME` and `!ENV [NAME, ..., default]` from the environment, `!relative` paths, an
`INHERIT`ed parent merged under it, and `!!python/name:x.y` kept as the dotted name (what
Zensical's configuration takes in its place). Then the `tiles` plugin's options, checked."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml


class PrepareError(ValueError):
    """The site cannot be prepared: the message names the file and the setting."""


@dataclass(frozen=True)
class PythonName:
    """A `!!python/name:` value: the dotted name, never imported here."""

    dotted: str


class _SiteLoader(yaml.SafeLoader):
    """MkDocs' tags on a safe loader (nothing is constructed but plain data)."""

    config_dir: Path = Path()


def _env(loader: _SiteLoader, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    elif isinstance(node, yaml.SequenceNode) and node.value:
        items = [loader.construct_object(n) for n in node.value]
        names, default = items[:-1], items[-1]
        if len(items) == 1:
            names, default = items, None
    else:
        raise yaml.constructor.ConstructorError(None, None, "!ENV needs a name", node.start_mark)
    for name in names:
        value = os.environ.get(str(name))
        if value is not None:
            # MkDocs reads the value as YAML (`true`, `12`), so does this
            return yaml.safe_load(value) if value.strip() else value
    return default


def _relative(loader: _SiteLoader, node: yaml.Node) -> str:
    value = loader.construct_scalar(node) if isinstance(node, yaml.ScalarNode) else ""
    return str(loader.config_dir / str(value or ""))


_SiteLoader.add_constructor("!ENV", _env)
_SiteLoader.add_constructor("!relative", _relative)
_SiteLoader.add_multi_constructor(
    "tag:yaml.org,2002:python/name:", lambda loader, suffix, node: PythonName(suffix)
)
_SiteLoader.add_multi_constructor(
    "tag:yaml.org,2002:python/object/apply:",
    lambda loader, suffix, node: PythonName(suffix),
)


def read_yaml(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The configuration in `path` with its `INHERIT` parent merged in (MkDocs' deep merge)."""
    if path in seen:
        raise PrepareError(f"{path}: INHERIT loops back to itself")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise PrepareError(f"{path}: cannot read the configuration ({exc})") from None
    loader = _SiteLoader(text)
    loader.config_dir = path.parent
    try:
        data = loader.get_single_data()
    except yaml.YAMLError as exc:
        raise PrepareError(f"{path}: not valid YAML: {exc}") from None
    finally:
        loader.dispose()
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise PrepareError(f"{path}: expected a mapping of settings at the top")
    parent = data.pop("INHERIT", None)
    if parent is None:
        return data
    return _merged(read_yaml((path.parent / str(parent)).resolve(), (*seen, path)), data)


def _merged(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merged(dict(out[key]), value)
        else:
            out[key] = value
    return out


@dataclass(frozen=True)
class TilesOptions:
    """The `tiles` plugin's options that decide what a prepared site holds (their meaning is
    the plugin's: docs/usage/options.md); paths are relative to mkdocs.yml."""

    layout: str = "flat"
    color: str | None = None
    color_cues: bool | str = False
    icon_dirs: tuple[str, ...] = ()
    games_dirs: tuple[str, ...] = ()
    imports: tuple[str, ...] = ()
    import_cache: str | None = None
    import_cache_mb: int = 256
    part_cache: str | None = None
    part_cache_mb: int = 512
    gallery: bool = True
    catalog_pages: bool = True
    playground: bool = True
    playground_page: str = "playground.md"
    pyodide: str | None = None
    workers: int = 0


#: Plugin options that only matter inside a MkDocs build (accepted, not used here).
MKDOCS_ONLY = frozenset({"cache", "prune_theme_files", "enabled"})
_LISTS = frozenset({"icon_dirs", "games_dirs", "imports"})
_CHOICES: dict[str, tuple[object, ...]] = {
    "layout": ("flat", "pointy"),
    "color_cues": (False, True, "toggle"),
}


def _option(path: Path, key: str, value: Any, default: Any) -> Any:
    where = f"{path}: plugins: tiles: {key}"
    if key in _CHOICES:
        if value not in _CHOICES[key]:
            raise PrepareError(f"{where}: expected one of {_CHOICES[key]}, not {value!r}")
        return value
    if key in _LISTS:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise PrepareError(f"{where}: expected a list of folder names, not {value!r}")
        return tuple(value)
    expected: type = type(default) if default is not None else str
    if value is None and default is None:
        return None
    if (isinstance(value, bool) and expected is int) or not isinstance(value, expected):
        raise PrepareError(f"{where}: expected {expected.__name__}, not {value!r}")
    return value


def plugin_entries(config: Mapping[str, Any]) -> list[tuple[Any, Any]]:
    """Each plugin of `plugins:` (a list of names and one-key mappings, or a mapping) as
    (name, options)."""
    plugins = config.get("plugins") or []
    if isinstance(plugins, Mapping):
        return list(plugins.items())
    return [
        next(iter(p.items())) if isinstance(p, Mapping) and p else (p, {})
        for p in plugins
        if isinstance(p, Mapping | str)
    ]


def tiles_options(path: Path, config: Mapping[str, Any]) -> TilesOptions | None:
    """The `tiles` plugin's options, or None when the site does not use the plugin."""
    for name, options in plugin_entries(config):
        if name not in ("tiles", "tile-atlas"):
            continue
        options = options or {}
        if not isinstance(options, Mapping):
            raise PrepareError(f"{path}: plugins: tiles: expected a mapping of options")
        defaults = TilesOptions()
        known = set(defaults.__dataclass_fields__)
        values: dict[str, Any] = {}
        for key, value in options.items():
            if key in MKDOCS_ONLY:
                continue
            if key not in known:
                raise PrepareError(f"{path}: plugins: tiles: unknown option {key!r}")
            values[key] = _option(path, key, value, getattr(defaults, key))
        return TilesOptions(**values)
    return None


@dataclass(frozen=True)
class Site:
    """A site to prepare: where its configuration is, the configuration as read, the plugin's
    options and the folders they name (resolved)."""

    config_file: Path
    config: dict[str, Any]
    options: TilesOptions
    docs_dir: Path = field(init=False)

    def __post_init__(self) -> None:
        docs = str(self.config.get("docs_dir") or "docs")
        object.__setattr__(self, "docs_dir", (self.root / docs).resolve())

    @property
    def root(self) -> Path:
        return self.config_file.parent

    def folders(self, names: tuple[str, ...]) -> tuple[Path, ...]:
        return tuple((self.root / n).resolve() for n in names)

    @property
    def offline(self) -> bool:
        """Whether the offline plugin is on (an entry without `enabled` is on)."""
        for name, options in plugin_entries(self.config):
            if name in ("offline", "material/offline"):
                enabled = options.get("enabled", True) if isinstance(options, Mapping) else True
                return bool(enabled)
        return False

    @property
    def directory_urls(self) -> bool:
        """The site's URL form; an offline bundle's pages are `page.html` files (Zensical
        turns directory URLs off for it, as MkDocs' offline plugin asks)."""
        return bool(self.config.get("use_directory_urls", True)) and not self.offline

    @property
    def custom_dir(self) -> Path | None:
        theme = self.config.get("theme")
        custom = theme.get("custom_dir") if isinstance(theme, Mapping) else None
        return (self.root / str(custom)).resolve() if custom else None


def read_site(config_file: Path) -> Site:
    """The site configured by `config_file` (mkdocs.yml)."""
    path = config_file.resolve()
    config = read_yaml(path)
    options = tiles_options(path, config)
    if options is None:
        raise PrepareError(f"{path}: the site does not use the `tiles` plugin (plugins: - tiles)")
    site = Site(path, config, options)
    if not site.docs_dir.is_dir():
        raise PrepareError(f"{path}: docs_dir {site.docs_dir} is not a folder")
    return site
