"""Preparing a site (`Preparer.run`): its gallery built by the plugin's engine, written with the
assets and the engine configuration, only what changed.

Where things go (all relative to mkdocs.yml's folder):

* the gallery's pages, drawings and assets into `docs_dir` at the paths the plugin gives
  them (`games/`, `tiles/`, `assets/tiles/`, `assets/tile-atlas/`), so every link and
  address is the MkDocs site's; they are recorded in `docs_dir/.tile-atlas-manifest.json`;
* the pages' set-aside blocks into `.tile-atlas/blocks/` (outside the docs: not copied into
  the built site; `gallery.prepare.markdown_ext` reads them);
* `zensical.toml` beside mkdocs.yml (the first file Zensical looks for).

Writing goes through `gallery.output`: never over a file tile-atlas did not write, or wrote
and someone edited since, without `force`. A run in which nothing changed writes nothing, not
even a manifest, so a running `zensical serve` sees no change; files a previous run wrote
and this one no longer makes (a game removed) are deleted when still as written.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from gallery.importcache import ImportCache, default_cache_dir
from gallery.loader import LoadMemo, load_gallery
from gallery.nav import NavItem, gallery_nav
from gallery.output import Conflict, WriteResult, read_manifest, write_file, write_files
from gallery.pages.catalog_memo import CatalogMemo
from gallery.pages.generated import GeneratedFile
from gallery.parts import PartsCache, default_workers
from gallery.partstore import PartStore, default_parts_dir
from gallery.prepare import toml
from gallery.prepare.blocks import block_digest, split_blocks
from gallery.prepare.engine_config import PagesSetup, engine_config
from gallery.prepare.markdown_ext import block_file
from gallery.prepare.offline import offline_files
from gallery.prepare.siteconfig import Site, read_site
from gallery.site import build_gallery
from gallery.site_assets import site_assets
from gallery.templates import site_template_dirs
from tile_lang import Diagnostic
from tile_lang.render_cache import RenderCache

CONFIG_NAME = "zensical.toml"
BLOCKS_DIR = ".tile-atlas/blocks"


@dataclass(frozen=True)
class Prepared:
    """What a run did: files written and removed (relative to the site's folder), how many
    were left as they were, and the games' diagnostics."""

    written: tuple[str, ...]
    removed: tuple[str, ...]
    unchanged: int
    diagnostics: tuple[Diagnostic, ...]
    games: int
    watched: tuple[Path, ...]
    #: Files overwritten only because of `force` (not ours, or edited since).
    forced: tuple[Conflict, ...] = ()


#: What a file was when this process last wrote or compared it: content digest, mtime, size.
Seen = dict[Path, tuple[str, int, int]]


@dataclass
class _Caches:
    """What one `prepare --watch` keeps between runs (the plugin keeps the same across
    `mkdocs serve` rebuilds)."""

    renders: RenderCache = field(default_factory=RenderCache)
    parts: PartsCache = field(default_factory=PartsCache)
    memo: LoadMemo = field(default_factory=LoadMemo)
    catalog: CatalogMemo = field(default_factory=CatalogMemo)
    first: bool = True
    #: The import cache by its folder and bound (its code digest is taken once).
    imports: dict[tuple[Path, int], ImportCache] = field(default_factory=dict)
    seen: Seen = field(default_factory=dict)


@dataclass(frozen=True)
class _Playground:
    page: str
    url: str
    files: dict[str, bytes]
    markup: str


def _site_url(path: str, directory_urls: bool) -> str:
    """The site path of the page at docs path `path` (`playground.md` -> `playground/`)."""
    stem = path[: -len(".md")] if path.endswith(".md") else path
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/" if directory_urls else stem + ".html"


def _playground(site: Site) -> _Playground | None:
    """The playground's files and markup, when the site has the page (the plugin's rule)."""
    options = site.options
    if not (options.playground and (site.docs_dir / options.playground_page).is_file()):
        return None
    from plugin import playground  # no MkDocs import in these two modules
    from plugin.playground_package import build_package

    runtime = playground.resolve_runtime(options.pyodide, site.root)
    package = build_package()
    url = _site_url(options.playground_page, site.directory_urls)
    files = {uri: source.read_bytes() for uri, source in playground.asset_files(runtime)}
    files[playground.PACKAGE_URI] = package.data
    custom = str(site.custom_dir) if site.custom_dir else None
    # The engine rewrites the links of tags in a page as links of its Markdown file (from the
    # file's folder) but leaves the script's JSON alone, which the browser reads from the
    # page's URL: the tags are made for the one, the JSON for the other.
    folder = options.playground_page.rpartition("/")[0]
    tags = playground.page_html(page_url=folder + "/" if folder else "./", runtime=runtime,
                                package=package, custom_dir=custom)  # fmt: skip
    real = playground.page_html(page_url=url, runtime=runtime, package=package,
                                custom_dir=custom)  # fmt: skip
    markup = _CONFIG.sub(lambda _: _CONFIG.search(real).group(0), tags, count=1)  # type: ignore[union-attr]
    return _Playground(options.playground_page, url, files, markup)


_CONFIG = re.compile(r'data-tpg="config">.*?</script>', re.S)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _as_bytes(content: str | bytes) -> bytes:
    return content.encode("utf-8") if isinstance(content, str) else content


def _same(path: Path, digest: str, content: bytes, seen: Seen) -> bool:
    """Whether `path` holds `content` (of `digest`): read and compared unless it is as this
    process last saw it (same size and modification time, same digest)."""
    try:
        stat = path.stat()
    except OSError:
        return False
    state = (digest, stat.st_mtime_ns, stat.st_size)
    if seen.get(path) == state:
        return True
    same = stat.st_size == len(content) and path.read_bytes() == content
    if same:
        seen[path] = state
    return same


def write_owned(out_dir: Path, files: Mapping[str, str | bytes], *, force: bool,
                seen: Seen | None = None) -> tuple[WriteResult, tuple[str, ...]]:  # fmt: skip
    """The files of `files` that differ from what `out_dir` holds written by `gallery.output`'s
    rules (none differs: nothing at all is written, not even the manifest); files of the
    folder's manifest no longer made, and still as written, removed. `seen` (kept by the
    caller) spares reading again a file unchanged since the last call. Returns what was
    written and what was removed."""
    seen = seen if seen is not None else {}
    data = {name: _as_bytes(c) for name, c in files.items()}
    manifest = read_manifest(out_dir)
    removed = []
    for name in (n for n in manifest if n not in data):
        path = out_dir / name
        if path.is_file() and _digest(path.read_bytes()) == manifest[name]:
            path.unlink()
            removed.append(name)
    changed = {}
    for name, content in data.items():
        digest = _digest(content)
        if manifest.get(name) != digest or not _same(out_dir / name, digest, content, seen):
            changed[name] = content
    unchanged = tuple(sorted(set(data) - set(changed)))
    if not changed:
        return WriteResult((), unchanged, ()), tuple(removed)
    result = write_files(out_dir, changed, force=force)
    for name, content in changed.items():
        _same(out_dir / name, _digest(content), content, seen)
    return WriteResult(result.written, unchanged, result.forced), tuple(removed)


class Preparer:
    """Prepares one site, as often as asked (`prepare --watch` keeps it, and its caches)."""

    def __init__(self, config_file: Path, *, force: bool = False, strict: bool = False) -> None:
        self.config_file = config_file
        self.force = force
        self.strict = strict
        self._caches = _Caches()

    def _gallery(
        self, site: Site
    ) -> tuple[list[GeneratedFile], tuple[NavItem, ...], tuple[Diagnostic, ...], int]:
        options, caches = site.options, self._caches
        if not options.gallery:
            return [], (), (), 0
        loaded = load_gallery(
            list(site.folders(options.games_dirs)),
            imports=site.folders(options.imports),
            cache=self._import_cache(site),
            memo=caches.memo,
        )
        games, board_games = list(loaded.games), list(loaded.board_games)
        files = build_gallery(
            games,
            icon_dirs=site.folders(options.icon_dirs),
            directory_urls=site.directory_urls,
            catalog_pages=options.catalog_pages,
            board_games=board_games,
            template_dirs=site_template_dirs(site.custom_dir),
            renders=caches.renders,
            set_aside=True,
            svg_scripts=site.offline,  # drawings a file:// page can load
            workers=options.workers or default_workers(),
            parts=caches.parts,
            memo=caches.catalog,
            store=self._part_store(site) if caches.first else None,
        )
        caches.first = False
        nav = gallery_nav(games, board_games, {f.path for f in files})
        return files, nav, loaded.diagnostics, len(games) + len(board_games)

    def _import_cache(self, site: Site) -> ImportCache | None:
        options = site.options
        if options.import_cache_mb <= 0:
            return None
        where = site.root / options.import_cache if options.import_cache else default_cache_dir()
        key = (where, options.import_cache_mb)
        if key not in self._caches.imports:
            self._caches.imports[key] = ImportCache(where, max_bytes=key[1] * 2**20)
        return self._caches.imports[key]

    @staticmethod
    def _part_store(site: Site) -> PartStore | None:
        options = site.options
        if options.part_cache_mb <= 0:
            return None
        where = site.root / options.part_cache if options.part_cache else default_parts_dir()
        return PartStore(where, max_bytes=options.part_cache_mb * 2**20)

    def run(self) -> Prepared:
        """Build and write everything (see the module docstring)."""
        site = read_site(self.config_file)
        files, nav, diagnostics, count = self._gallery(site)
        split = split_blocks(files)
        docs: dict[str, str | bytes] = {f.path: f.content for f in split.files}
        docs.update({a.uri: a.content for a in site_assets()})
        blocks: dict[str, str | bytes] = dict(split.blocks)
        blocks_dir = site.root / BLOCKS_DIR
        pages = PagesSetup(blocks=blocks_dir)
        playground = _playground(site)
        if playground is not None:
            docs.update(playground.files)
            digest = block_digest(playground.markup)
            blocks[block_file(Path(), digest).name] = playground.markup
            pages = PagesSetup(blocks_dir, playground.page, digest, playground.url)
        if site.offline:
            docs.update(offline_files())
        config = engine_config(site, nav, pages, strict=self.strict)
        text = toml.dumps("project", config)
        # blocks first: a page naming a new block is written after the block exists
        wrote_blocks, gone_blocks = write_owned(
            blocks_dir, blocks, force=self.force, seen=self._caches.seen
        )
        wrote_docs, gone_docs = write_owned(
            site.docs_dir, docs, force=self.force, seen=self._caches.seen
        )
        wrote_config = write_file(site.root / CONFIG_NAME, text, force=self.force)
        written = _under(site, blocks_dir, wrote_blocks.written)
        written += _under(site, site.docs_dir, wrote_docs.written)
        written += _under(site, site.root, wrote_config.written)
        removed = _under(site, blocks_dir, gone_blocks) + _under(site, site.docs_dir, gone_docs)
        unchanged = len(wrote_blocks.unchanged) + len(wrote_docs.unchanged)
        unchanged += len(wrote_config.unchanged)
        forced = wrote_blocks.forced + wrote_docs.forced + wrote_config.forced
        return Prepared(written, removed, unchanged, tuple(diagnostics), count, _watched(site),
                        forced)  # fmt: skip


def _under(site: Site, folder: Path, names: tuple[str, ...]) -> tuple[str, ...]:
    prefix = Path(os.path.relpath(folder, site.root)).as_posix()
    return tuple(n if prefix == "." else f"{prefix}/{n}" for n in names)


def _watched(site: Site) -> tuple[Path, ...]:
    """What `prepare --watch` watches: the configuration, game, import and icon folders and
    the template overrides (the plugin's `on_serve` list)."""
    options = site.options
    folders = [site.config_file, *site.folders(options.games_dirs)]
    folders += [*site.folders(options.imports), *site.folders(options.icon_dirs)]
    if site.custom_dir is not None:
        folders.append(site.custom_dir)
    return tuple(folders)
