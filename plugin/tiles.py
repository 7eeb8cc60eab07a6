"""The `tiles` MkDocs plugin: thin glue between MkDocs and tile_lang / gallery.

It registers the ```tile fence with pymdownx.superfences (unless the site configured one),
adds the CSS/JS, turns fence problems into build warnings naming page and line (so `--strict`
fails), generates gallery pages, and watches game and icon folders during `mkdocs serve`.
Hooks only delegate.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from plugin.config import TilesConfig
from plugin.gallery_files import GalleryCache
from plugin.worker_frame import FRAME_URI, worker_frame_html
from tile_lang import markdown as fence

LOG = get_plugin_logger(__name__)
ASSETS = Path(__file__).parent / "assets"
ASSET_URIS = ("assets/tile-atlas/tiles.css", "assets/tile-atlas/tiles.js")
BOARD_CSS_URI = "assets/tile-atlas/boardgame.css"
EXTRA_ASSETS = ("grid-flat.svg", "grid-pointy.svg", "iframe-worker-shim.js")
#: Our own Worker shim for file:// pages; its name contains "iframe-worker", so
#: mkdocs-material's offline plugin does not add one from the network.
WORKER_SHIM = "assets/tile-atlas/iframe-worker-shim.js"
SUPERFENCES = "pymdownx.superfences"
LINES_EXTENSION = "tile_lang.markdown"


class TilesPlugin(BasePlugin[TilesConfig]):
    """Render ```tile blocks and build the gallery."""

    supports_multiple_instances = False

    def __init__(self) -> None:
        self._page: str | None = None
        self._front_lines = 0
        self._root = Path.cwd()

    # -- configuration ---------------------------------------------------------------------

    @event_priority(100)  # before mkdocs-material's offline plugin looks at the polyfills
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        polyfills = config.extra.setdefault("polyfills", [])
        if WORKER_SHIM not in polyfills:
            polyfills.append(WORKER_SHIM)
        self._root = Path(config.config_file_path or ".").resolve().parent
        register_fence(config)
        fence.configure(
            defaults=self._defaults(),
            cache=self.config.cache,
            icon_dirs=tuple(self._root / d for d in self.config.icon_dirs),
        )
        fence.set_reporter(self._report)
        for uri in ASSET_URIS:
            target = config.extra_css if uri.endswith(".css") else config.extra_javascript
            if uri not in target:
                target.append(uri)
        if BOARD_CSS_URI not in config.extra_css:
            config.extra_css.append(BOARD_CSS_URI)
        return config

    def _defaults(self) -> dict[str, str]:
        defaults = {"layout": self.config.layout}
        if self.config.color:
            defaults["color"] = self.config.color
        return defaults

    # -- files -------------------------------------------------------------------------------

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        for uri in ASSET_URIS:
            name = Path(uri).name
            files.append(File.generated(config, uri, abs_src_path=str(ASSETS / name)))
        from gallery.boardgame import BOARD_GAME_CSS

        files.append(File.generated(config, BOARD_CSS_URI, content=BOARD_GAME_CSS))
        for name in EXTRA_ASSETS:
            uri = f"assets/tile-atlas/{name}"
            files.append(File.generated(config, uri, abs_src_path=str(ASSETS / name)))
        frame = worker_frame_html(f.src_uri for f in files)
        files.append(File.generated(config, FRAME_URI, content=frame))
        if self.config.gallery:
            from plugin.gallery_files import add_gallery_files

            add_gallery_files(
                files,
                config,
                [self._root / d for d in self.config.games_dirs],
                log=LOG,
                catalog_pages=self.config.catalog_pages,
                cache=gallery_cache(self._root) if self.config.cache else None,
                cache_dir=self._root / ".cache" / "tile-atlas" if self.config.cache else None,
                icon_dirs=tuple(self._root / d for d in self.config.icon_dirs),
            )
        return files

    # -- pages -------------------------------------------------------------------------------

    def on_page_markdown(self, markdown: str, *, page: Page, **kwargs: Any) -> str:
        self._page = page.file.src_uri
        self._front_lines = front_matter_lines(page)
        return markdown

    def on_page_content(self, html: str, *, page: Page, **kwargs: Any) -> str:
        self._page = None
        return html

    def _report(self, message: str, line: int | None) -> None:
        where = self._page or "<markdown>"
        if line is None:
            LOG.warning(f"{where}: {message}")
        else:
            LOG.warning(f"{where}:{line + self._front_lines}: {message}")

    # -- serve -------------------------------------------------------------------------------

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        for folder in [*self.config.games_dirs, *self.config.icon_dirs]:
            path = self._root / folder
            if path.exists():
                server.watch(str(path))
        return server


def gallery_cache(root: Path) -> GalleryCache:
    """The gallery cache of one site. Module-level on purpose: `mkdocs serve` creates new plugin
    instances for every rebuild, so instance state would not survive."""
    return _GALLERY_CACHES.setdefault(str(root), GalleryCache())


_GALLERY_CACHES: dict[str, GalleryCache] = {}


def register_fence(config: MkDocsConfig) -> None:
    """Add superfences and the `tile` custom fence unless the site already defines one, and the
    extension that numbers tile fences (so warnings name their lines)."""
    extensions = config.markdown_extensions
    if SUPERFENCES not in extensions:
        extensions.append(SUPERFENCES)
    if LINES_EXTENSION not in extensions:
        extensions.append(LINES_EXTENSION)
    settings = config.mdx_configs.setdefault(SUPERFENCES, {})
    fences = settings.setdefault("custom_fences", [])
    if not any(f.get("name") == "tile" for f in fences):
        fences.append(fence.tile_fence())


def front_matter_lines(page: Page) -> int:
    """How many source lines precede the Markdown MkDocs renders (front matter and the blank
    lines after it), so fence line numbers name lines of the page's file."""
    try:
        source = page.file.content_string
    except (OSError, UnicodeDecodeError):
        return 0
    body, _ = get_data(source)
    if not body or not source.endswith(body):
        return 0
    return source[: len(source) - len(body)].count("\n")
