"""The `tiles` MkDocs plugin: thin glue between MkDocs and tile_lang / gallery.

It registers the ```tile fence with pymdownx.superfences (unless the site configured one),
adds the CSS/JS, turns fence problems into build warnings naming page and line (so `--strict`
fails), generates gallery pages, and watches game and icon folders during `mkdocs serve`.
Hooks only delegate.
"""

from __future__ import annotations

import contextlib
import gc
from functools import partial
from pathlib import Path
from typing import Any

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from gallery.importcache import ImportCache, default_cache_dir, watched_folder
from gallery.parts import WorkerPool, default_workers
from gallery.partstore import PartStore, default_parts_dir
from gallery.site_assets import SCRIPTS, STYLESHEETS, site_assets
from gallery.writer import WriterError
from plugin import playground
from plugin.collector import Collector
from plugin.compiled_templates import CompiledTemplates
from plugin.config import TilesConfig
from plugin.dirty import DirtyBuilds
from plugin.gallery_files import GalleryCache, GalleryFile, put_back, warm_gallery
from plugin.idle import IdleWork
from plugin.nav import extend_nav
from plugin.playground_package import Package
from plugin.shared_markdown import share_converter
from plugin.squeeze import SqueezedTemplates, squeeze_chrome
from plugin.theme_files import search_languages, unused_theme_files
from plugin.theme_listing import list_visible
from plugin.worker_frame import FRAME_URI, worker_frame_html
from tile_lang import markdown as fence
from tile_lang.options import cue_mode
from tile_lang.render_cache import RenderCache

LOG = get_plugin_logger(__name__)
ASSETS = Path(__file__).parent / "assets"
#: The plugin's own files (offline search from file://); the pages' styles and scripts come
#: from `gallery.site_assets`, shared with `tile-atlas gallery`.
EXTRA_ASSETS = ("iframe-worker-shim.js",)
#: Our own Worker shim for file:// pages; its name contains "iframe-worker", so
#: mkdocs-material's offline plugin does not add one from the network.
WORKER_SHIM = "assets/tile-atlas/iframe-worker-shim.js"
SUPERFENCES = "pymdownx.superfences"
LINES_EXTENSION = "tile_lang.markdown"


class TilesPlugin(BasePlugin[TilesConfig]):
    """Render ```tile blocks and build the gallery."""

    supports_multiple_instances = False

    def __init__(self) -> None:
        # MkDocs keeps a plugin that has `on_startup` across `mkdocs serve` rebuilds: these
        # caches (drawings for the fence and the gallery, the last gallery build) live as long
        # as the command, and nothing else holds them.
        self._renders = RenderCache()
        self._gallery = GalleryCache()
        self._page: str | None = None
        self._front_lines = 0
        self._root = Path.cwd()
        self._playground: File | None = None
        self._runtime = playground.Runtime()
        self._package: Package | None = None
        #: The gallery pages' HTML set aside from their Markdown, by page (`on_page_context`).
        self._blocks: dict[str, tuple[tuple[str, str], ...]] = {}
        #: What the 404 page adds to route `tiles/<name>-<r>/` (`on_post_template`).
        self._routes = ""
        #: The marked content of the page being rendered, until it is written.
        self._marked: dict[str, str] = {}
        #: The theme's compiled templates, given to each build's Jinja environment.
        self._compiled = CompiledTemplates()
        #: Whether builds write into a site folder that is not cleaned first (`--dirty`).
        self._dirty = False
        #: Gallery workers started at `on_pre_build` for a first build, closed after `on_files`
        #: or, when they make the drawings after the pages, at `on_post_build`.
        self._pool: WorkerPool | None = None
        #: The part cache (`gallery.partstore`), made at the first build that uses it.
        self._store: PartStore | None = None
        #: The import cache (`gallery.importcache`), kept while its options stay the same.
        self._imports: ImportCache | None = None
        #: Whether this build is a first one (nothing kept from an earlier build).
        self._first = True
        #: This build's gallery (`self._gallery` unless `cache: false`).
        self._built: GalleryCache | None = None
        #: Whether the command is `mkdocs serve` (rebuilds follow: `plugin.collector`).
        self._serving = False
        self._collector = Collector()
        #: What a served build leaves to do while the server waits (`plugin.idle`).
        self._idle = IdleWork(LOG)
        #: The server `mkdocs serve` runs, once it does (`on_serve`, after the first build).
        self._server: Any = None
        #: What a `mkdocs serve --dirty` rebuild takes from the last build (`plugin.dirty`).
        self._rebuilds = DirtyBuilds()
        self._files: Files | None = None
        self._nav: Navigation | None = None

    # -- configuration ---------------------------------------------------------------------

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Defined so that MkDocs keeps this instance (and its caches) across rebuilds."""
        self._dirty = dirty
        self._serving = command == "serve"
        self._server = None  # until `on_serve`

    @event_priority(100)  # before mkdocs-material's offline plugin looks at the polyfills
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # the first event of a build: what the last one left to do in the meantime stops (it
        # shares this plugin's caches)
        self._idle.halt()
        self._rebuilds.build_started()
        polyfills = config.extra.setdefault("polyfills", [])
        if WORKER_SHIM not in polyfills:
            polyfills.append(WORKER_SHIM)
        self._root = Path(config.config_file_path or ".").resolve().parent
        has_playground = (
            self.config.playground
            and (Path(config.docs_dir) / self.config.playground_page).is_file()
        )
        if has_playground:
            try:
                self._runtime = playground.resolve_runtime(self.config.pyodide, self._root)
            except playground.PlaygroundError as exc:
                raise PluginError(str(exc)) from None
        icon_dirs = tuple(self._root / d for d in self.config.icon_dirs)
        if not self.config.cache:
            self._renders = RenderCache()  # a fresh one every build: nothing is kept
        self._renders.refresh(icon_dirs)
        settings = fence.FenceSettings(
            defaults=self._defaults(),
            renders=self._renders,
            icon_dirs=icon_dirs,
            try_links=bool(has_playground),
            reporter=self._report,
        )
        if not register_fence(config, settings):
            # The site names the formatter itself (dotted path): it reads `configure`'s settings.
            fence.configure(defaults=settings.defaults, cache=self.config.cache,
                            icon_dirs=icon_dirs, try_links=settings.try_links)  # fmt: skip
            fence.set_reporter(self._report)
        list_visible(config.theme)
        for uri in STYLESHEETS:
            if uri not in config.extra_css:
                config.extra_css.append(uri)
        for uri in SCRIPTS:
            if uri not in config.extra_javascript:
                config.extra_javascript.append(uri)
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        """Start the gallery's workers now when this build will need them: a first build
        (nothing kept from an earlier one) with the catalog's pages, which alone are enough
        work for a pool. Starting Python and importing the gallery takes each worker half a
        second, which it spends while MkDocs lists the site's files and the games are read.
        What is alive now stays out of the garbage collector's sight until the build ends
        (`plugin.collector`)."""
        self._collector.build_started()
        self._close_pool()
        workers = self.config.workers or default_workers()
        first = not (self.config.cache and self._gallery.parts.results)
        self._first = first
        if self.config.gallery and self.config.catalog_pages and workers > 1 and first:
            self._pool = WorkerPool(workers)

    def _close_pool(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def on_build_error(self, *, error: Exception) -> None:
        self._close_pool()
        self._collector.build_ended(serving=self._serving)
        if self._built is not None and self._built.placing is not None:
            # no writing process left at work in a site folder the next build cleans
            placing, self._built.placing = self._built.placing, None
            with contextlib.suppress(WriterError):
                placing.finish()
        if self._built is not None and self._built.pending is not None:
            # its parts lack the drawings the workers were making: keep nothing of it
            self._built.pending = None
            self._gallery = GalleryCache()
        self._built = None

    def _defaults(self) -> dict[str, str]:
        defaults = {"layout": self.config.layout}
        if self.config.color:
            defaults["color"] = self.config.color
        if self.config.color_cues:
            defaults["color_cues"] = cue_mode(self.config.color_cues)
        return defaults

    # -- files -------------------------------------------------------------------------------

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        if self.config.prune_theme_files:
            languages = search_languages(config.plugins)
            for unused in unused_theme_files(files, config.theme.dirs, languages):
                files.remove(unused)
        for asset in site_assets():
            files.append(File.generated(config, asset.uri, content=asset.content))
        for name in EXTRA_ASSETS:
            uri = f"assets/tile-atlas/{name}"
            files.append(File.generated(config, uri, abs_src_path=str(ASSETS / name)))
        frame = worker_frame_html(f.src_uri for f in files)
        files.append(File.generated(config, FRAME_URI, content=frame))
        self._add_playground(files, config)
        self._blocks, self._routes = {}, ""
        if self.config.gallery:
            from plugin.gallery_files import add_gallery_files

            try:
                gallery = add_gallery_files(
                    files,
                    config,
                    [self._root / d for d in self.config.games_dirs],
                    log=LOG,
                    catalog_pages=self.config.catalog_pages,
                    cache=self._gallery if self.config.cache else None,
                    renders=self._renders,
                    icon_dirs=tuple(self._root / d for d in self.config.icon_dirs),
                    imports=tuple(self._root / d for d in self.config.imports),
                    import_cache=self._import_cache(),
                    workers=self.config.workers or default_workers(),
                    place=not self._dirty,
                    shown=self._shown,
                    pool=self._pool,
                    store=self._part_store() if self._first else None,
                )
            except BaseException:
                self._close_pool()
                raise
            self._built = gallery
            if gallery.pending is None:  # else its workers are still drawing: on_post_build
                self._close_pool()
            self._blocks, self._routes = gallery.blocks, gallery.routes
            extend_nav(config, gallery.nav)
            if self._first:
                # A first build's gallery (a whole world's is millions of objects) lives to
                # its end: frozen too, the garbage collector does not walk it again and again
                # while MkDocs renders the pages (`on_post_build` unfreezes it).
                gc.freeze()
        self._files = files
        return files

    def _import_cache(self) -> ImportCache | None:
        """The cache of imported games the options ask for (None when turned off), made once
        per plugin while the options stay the same (it digests the readers' code once)."""
        if self.config.import_cache_mb <= 0:
            return None
        folder = self.config.import_cache
        where = self._root / folder if folder else default_cache_dir()
        wanted = ImportCache(where, max_bytes=self.config.import_cache_mb * 2**20)
        if self._imports != wanted:
            self._imports = wanted
        return self._imports

    def _part_store(self) -> PartStore | None:
        """The on-disk cache of built parts the options ask for (None when turned off), made
        once per plugin (it digests Tile Atlas's code once). Only a first build uses it: a
        `mkdocs serve` rebuild keeps its parts in memory, and writing a rebuilt game to disk
        would lengthen the rebuild a reader waits for."""
        if self.config.part_cache_mb <= 0:
            return None
        if self._store is None:
            folder = self.config.part_cache
            where = self._root / folder if folder else default_parts_dir()
            self._store = PartStore(where, max_bytes=self.config.part_cache_mb * 2**20)
        return self._store

    def _add_playground(self, files: Files, config: MkDocsConfig) -> None:
        """The playground's scripts, the zip of our Python and (for a local runtime) Pyodide."""
        self._playground = None
        if not self.config.playground:
            return
        page = files.get_file_from_path(self.config.playground_page)
        if page is None:
            return
        from plugin.playground_package import build_package

        self._playground = page
        self._package = build_package(self._package if self.config.cache else None)
        files.append(File.generated(config, playground.PACKAGE_URI, content=self._package.data))
        for uri, source in playground.asset_files(self._runtime):
            files.append(File.generated(config, uri, abs_src_path=str(source)))
        offline = config.plugins.get("material/offline") or config.plugins.get("offline")
        if offline is not None and offline.config.get("enabled") and not self._runtime.local:
            # A lighter bundle whose playground needs the network: allowed, but said.
            LOG.info(
                f"the offline bundle's playground loads Pyodide from {self._runtime.url}; "
                "to ship the runtime in the bundle set the tiles plugin's `pyodide` option to a "
                "local copy (python -m plugin.playground_runtime fetches one and prints it)"
            )

    # -- pages -------------------------------------------------------------------------------

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        """The gallery's pages share one Markdown converter (`plugin.shared_markdown`)."""
        gallery = (f.page for f in files.documentation_pages() if isinstance(f, GalleryFile))
        share_converter((p for p in gallery if p is not None), config)
        self._nav = nav
        return nav

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        """Keep the theme's compiled templates for the next build (MkDocs makes a new
        environment each build; with `cache: false` nothing is kept), and compile them with
        their indentation squeezed (`plugin.squeeze`)."""
        if self.config.cache:
            env.bytecode_cache = self._compiled
        env.add_extension(SqueezedTemplates)
        if self._served_dirty():
            self._rebuilds.pages_read(config, files, self._nav)
        return env

    def _served_dirty(self) -> bool:
        """Whether builds are `mkdocs serve --dirty` ones (each knows the last one)."""
        return self._dirty and self._serving

    def on_page_markdown(self, markdown: str, *, page: Page, **kwargs: Any) -> str:
        self._page = page.file.src_uri
        self._front_lines = front_matter_lines(page)
        return markdown

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig,
                        **kwargs: Any) -> str:  # fmt: skip
        self._page = None
        target = self._playground
        if target is None:
            return html
        if page.file.src_uri == target.src_uri and self._package is not None:
            markup = playground.page_html(
                page_url=page.file.url,
                runtime=self._runtime,
                package=self._package,
                custom_dir=config.theme.custom_dir,
            )
            placed = playground.insert_playground(html, markup)
            if placed is None:
                LOG.warning(
                    f"{page.file.src_uri}: no `{playground.PAGE_MARKER}` marker, so the page "
                    "shows no playground"
                )
            html = placed or html
        href = playground.relative(target.url, page.file.url)
        return playground.add_try_links(html, href)

    def on_post_template(self, output_content: str, *, template_name: str,
                         config: MkDocsConfig) -> str:  # fmt: skip
        """The 404 page carries the catalog's tile names, so that 18xx.games' `tiles/9-1`
        addresses reach `tiles/9/?r=1` (static hosts serve 404.html for unknown paths)."""
        if template_name != "404.html" or not self._routes:
            return output_content
        head, body_end, tail = output_content.rpartition("</body>")
        if not body_end:
            return output_content
        return f"{head}{self._routes}</body>{tail}"

    @event_priority(-100)  # after the search plugin has indexed the page
    def on_page_context(self, context: Any, *, page: Page, config: MkDocsConfig,
                        **kwargs: Any) -> Any:  # fmt: skip
        """Put the gallery's set-aside HTML (maps, charts, tile grids) back into its page:
        neither Markdown nor the search index had to read it."""
        built = self._built
        uri = page.file.src_uri
        blocks = built.page_blocks(uri) if built is not None else self._blocks.get(uri)
        if blocks and page.content is not None:
            self._marked[page.file.src_uri] = page.content
            page.content = put_back(page.content, self._shown(page.file.url, blocks))
        entries = search_entries(config)
        if entries is not None and self._served_dirty():
            self._rebuilds.page_rendered(page, entries)
        return context

    def _shown(self, url: str, blocks: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
        """A gallery page's set-aside blocks as they go into the page at `url`: with the
        "Try it" links `on_page_content` gives the rest of the page."""
        target = self._playground
        if target is None:
            return blocks
        href = playground.relative(target.url, url)
        return tuple((m, playground.add_try_links(b, href)) for m, b in blocks)

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """The built page with the theme's blank lines shortened (`plugin.squeeze`). A gallery
        page's content goes back to its marked form: MkDocs keeps every page object to the end
        of the build, and with the gallery's HTML in each the whole site would be in memory
        twice (the blocks stay with the gallery's cache)."""
        marked = self._marked.pop(page.file.src_uri, None)
        if marked is not None:
            page.content = marked
        return squeeze_chrome(output)

    def _report(self, message: str, line: int | None) -> None:
        where = self._page or "<markdown>"
        if line is None:
            LOG.warning(f"{where}: {message}")
        else:
            LOG.warning(f"{where}:{line + self._front_lines}: {message}")

    # -- serve -------------------------------------------------------------------------------

    @event_priority(100)  # the drawings in the site folder before other plugins look at it
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        from plugin.gallery_files import finish_gallery

        built, self._built = self._built, None
        if self._served_dirty() and self._files is not None:
            self._whole_dirty_build(config, self._files, built)
        try:
            if built is not None:
                finish_gallery(built, self._renders, self._store if self._first else None)
        except BaseException:
            # a worker failed while drawing: the kept parts lack its drawings and page
            # blocks, so keep nothing of this build (as `on_build_error` would)
            self._gallery = GalleryCache()
            raise
        finally:
            self._close_pool()
            self._collector.build_ended(serving=self._serving)
        message = self._renders.missing_icons_message()
        if message:
            LOG.info(message)
        if self._server is not None:
            self._while_idle()

    def _whole_dirty_build(self, config: MkDocsConfig, files: Files,
                           built: GalleryCache | None) -> None:  # fmt: skip
        """A dirty build's search index and site folder as a clean build leaves them: the
        index made whole (before the search plugin writes it), stale files removed."""
        entries = search_entries(config)
        if entries is not None:
            entries[:] = self._rebuilds.whole_index(files)
            search = search_plugin(config)
            if hasattr(search, "search_index_prev"):  # mkdocs-material merges otherwise
                search.search_index_prev = None
        paths = {f.dest_uri for f in files}
        if built is not None:
            paths.update(f.path for f in built.files if not f.path.endswith(".md"))
        gone = self._rebuilds.remove_stale(Path(config.site_dir), paths)
        if gone:
            LOG.debug(f"removed {len(gone)} files no longer built: {', '.join(gone[:5])}")

    def _while_idle(self) -> None:
        """Once a served build is over: make what the next one may need while the server
        waits for an edit (`plugin.idle`)."""
        if self.config.cache and self.config.gallery:
            work = partial(warm_gallery, self._gallery, self._renders)
            self._idle.start(work, "gallery: games made in this process")

    def on_shutdown(self) -> None:
        self._idle.halt()

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        for folder in [*self.config.games_dirs, *self.config.icon_dirs]:
            path = self._root / folder
            if path.exists():
                server.watch(str(path))
        for folder in self.config.imports:
            path = watched_folder(self._root / folder)
            if path.exists():
                server.watch(str(path))
        # MkDocs watches the theme only with --watch-theme; the gallery's template overrides
        # live in the custom_dir, and the pages a preview shows must use them as they are
        custom = config.theme.custom_dir
        if custom and Path(custom).is_dir():
            server.watch(str(custom))
        # MkDocs serves from now on: the first build is over (`on_post_build` starts the idle
        # work of the builds that follow)
        self._server = server
        self._while_idle()
        return server


def register_fence(config: MkDocsConfig, settings: fence.FenceSettings) -> bool:
    """Add superfences and the `tile` custom fence bound to `settings` unless the site already
    defines one (then False), and the extension that numbers tile fences (so warnings name
    their lines)."""
    extensions = config.markdown_extensions
    if SUPERFENCES not in extensions:
        extensions.append(SUPERFENCES)
    if LINES_EXTENSION not in extensions:
        extensions.append(LINES_EXTENSION)
    superfences = config.mdx_configs.setdefault(SUPERFENCES, {})
    fences = superfences.setdefault("custom_fences", [])
    if any(f.get("name") == "tile" for f in fences):
        return False
    fences.append(fence.tile_fence(settings))
    return True


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


def search_plugin(config: MkDocsConfig) -> Any:
    """The site's search plugin (mkdocs-material's or MkDocs' own), or None."""
    return config.plugins.get("material/search") or config.plugins.get("search")


def search_entries(config: MkDocsConfig) -> list[Any] | None:
    """The entries the search plugin has indexed in this build, as the list it holds."""
    index = getattr(search_plugin(config), "search_index", None)
    for name in ("entries", "_entries"):  # mkdocs-material's, MkDocs' own
        found = getattr(index, name, None)
        if isinstance(found, list):
            return found
    return None
