"""Typed configuration of the `tiles` MkDocs plugin (every option documented)."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c


class TilesConfig(base.Config):
    """Options under `plugins: - tiles:` in mkdocs.yml."""

    layout = c.Choice(("flat", "pointy"), default="flat")
    """Default hex layout of ```tile blocks (a block's `layout` option wins)."""

    color = c.Optional(c.Type(str))
    """Default tile colour of ```tile blocks (white when unset; a catalog tile keeps its own)."""

    color_cues = c.Choice((False, True, "toggle"), default=False)
    """Default of ```tile blocks' `color_cues`: a symbol marking each tile's colour without
    hue (`toggle`: drawn hidden, for a page switch to show). A block's option wins."""

    icon_dirs = c.ListOfItems(c.Type(str), default=[])
    """Folders searched for `icon=image:NAME` as NAME.svg (relative to mkdocs.yml). Watched by
    `mkdocs serve`. Without a match a neutral placeholder is drawn."""

    games_dirs = c.ListOfItems(c.Type(str), default=[])
    """Folders of game definitions (our YAML files, GE18XX folders, board games) turned into
    gallery pages under `games/` and `tiles/`. Watched by `mkdocs serve`."""

    imports = c.ListOfItems(c.Type(str), default=[])
    """18xx.games checkouts (folders holding `lib/engine/game/`) and GE18XX folders (holding
    `Tiles/`) whose every game is published, read statically at build time (no Ruby is run),
    beside the games of `games_dirs`. Relative to mkdocs.yml; `!ENV TILE_ATLAS_18XX` works.
    A game both sources hold is published twice, the later as `<id>-<source>`."""

    import_cache = c.Optional(c.Type(str))
    """Folder of the imported-games cache (games read once per content of their files).
    Unset: the user cache folder (`~/.cache/tile-atlas/imports` on Linux, via platformdirs).
    Relative to mkdocs.yml; keep such a folder out of git."""

    import_cache_mb = c.Type(int, default=256)
    """Upper bound of the import cache in MB (least recently used entries go first);
    0 turns the cache off."""

    part_cache = c.Optional(c.Type(str))
    """Folder of the built-parts cache: each game's pages and drawings, and the catalog's tile
    pages in runs, kept from a build for the next (`mkdocs build` or the first build of
    `mkdocs serve`), keyed by everything they are built from, Tile Atlas's own code included.
    Unset: the user cache folder (`~/.cache/tile-atlas/parts` on Linux, via platformdirs).
    Relative to mkdocs.yml; keep such a folder out of git (or keep it between CI runs)."""

    part_cache_mb = c.Type(int, default=512)
    """Upper bound of the part cache in MB (least recently used entries go first); 0 turns
    the cache off. A whole-world site (137 games and the catalog) keeps about 100 MB."""

    gallery = c.Type(bool, default=True)
    """Generate the gallery pages (tile catalog, games index, per-game pages)."""

    catalog_pages = c.Type(bool, default=True)
    """With `gallery`, also generate a page per generic catalog tile (`tiles/all/`,
    `tiles/<name>/`); turn off for small sites that only show their own games."""

    cache = c.Type(bool, default=True)
    """Keep rendered SVGs in memory across `mkdocs serve` rebuilds."""

    prune_theme_files = c.Type(bool, default=True)
    """Leave out of the built site the theme's files no page loads: source maps (read only by
    developer tools) and mkdocs-material's search language files for languages the site's
    search is not configured with (`plugin.theme_files`)."""

    workers = c.Type(int, default=0)
    """Processes that build the gallery's pages (each game, and the catalog in runs): 0 uses
    every core the build may use, 1 builds everything in MkDocs' own process. A pool is only
    started when there is enough work (a few hundred catalog tiles, or a dozen games)."""

    playground = c.Type(bool, default=True)
    """Turn `playground_page` into the playground (our tile_lang running in the reader's browser
    with Pyodide) and give every ```tile example and gallery tile a "Try it" link to it. Only
    that page loads the runtime."""

    playground_page = c.Type(str, default="playground.md")
    """The docs page (relative to docs_dir) that hosts the playground where it holds the marker
    `<!-- tile-atlas:playground -->`. A site without this page has no playground and no links."""

    pyodide = c.Optional(c.Type(str))
    """Where the playground loads the Pyodide runtime from. Unset: Pyodide's public CDN
    (jsDelivr, the version in plugin/playground_runtime.py), nothing shipped. An http(s) URL:
    that copy. A folder (relative to mkdocs.yml) holding the core files of the `pyodide` npm
    package: copied into the site (about 12 MB), for offline bundles and intranets;
    `python -m plugin.playground_runtime` fetches it into ~/.cache/tile-atlas and prints the
    folder."""
