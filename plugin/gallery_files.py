"""Glue: load the configured game folders and add the gallery's pages to the MkDocs build.

The generated files reach MkDocs from memory (nothing is written twice: a whole-world site
has 13,000 of them, and writing each to a cache folder for MkDocs to copy cost seconds of a
cold build). For fast `mkdocs serve` rebuilds they are kept between builds: the gallery is
only regenerated when a game file (or the options) changed, and each file tells MkDocs'
dirty mode whether its content changed since the previous build (`GalleryFile`), so
`mkdocs serve --dirty` skips the pages and drawings that did not.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel

from gallery.boardgame.model import BoardGame
from gallery.buildlog import LogLine, counts_line, log_lines
from gallery.conflicts import IdentityCache
from gallery.game import Game
from gallery.importcache import ImportCache, entry_stamp
from gallery.loader import GalleryGames, LoadMemo, load_gallery
from gallery.nav import NavItem, gallery_nav, nav_paths
from gallery.pages.catalog import tile_routes
from gallery.pages.catalog_memo import CatalogMemo
from gallery.pages.context import DRAWINGS, block_of, blocks_by_page, with_blocks
from gallery.parts import Afterwards, PartsCache, WorkerPool, fingerprint, warm_pieces
from gallery.partstore import PartStore
from gallery.site import GeneratedFile, build_gallery
from gallery.templates import Templates, site_template_dirs, template_state
from gallery.writer import FileWriter, write_text
from tile_lang import Diagnostic
from tile_lang.render_cache import RenderCache


@dataclass
class GalleryCache:
    """What the previous build generated, and the inputs it came from."""

    key: str = ""
    #: The part of `key` that is not the game files: options, templates, icons.
    options: str = ""
    games: list[Game] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: list[GeneratedFile] = field(default_factory=list)
    board_games: list[BoardGame] = field(default_factory=list)
    nav: tuple[NavItem, ...] = ()
    log: list[LogLine] = field(default_factory=list)
    #: Each game's and each catalog run's files, by the digest of their inputs: a rebuild
    #: after one game file changed builds that game again and nothing else.
    parts: PartsCache = field(default_factory=PartsCache)
    #: The set-aside HTML of each generated page (`gallery.pages.context.GalleryBuild.raw`).
    blocks: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    #: The blocks of a page that the workers are still making (a first build: each mark
    #: with its key, `gallery.pages.context.later_block`), by page; `page_blocks` waits.
    later_blocks: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    #: The games each folder entry gave, re-read only when its files change.
    memo: LoadMemo = field(default_factory=LoadMemo)
    #: MkDocs' File of each generated file by path, with the content and the inclusion it
    #: was given last: made once per `mkdocs serve` (with 13,000 files making them anew is a
    #: good part of a warm rebuild), told whether its content changed (a part taken from
    #: `parts` is the very same object, so most files are known unchanged without comparing
    #: them). They were made with the settings in `listing`.
    mkdocs_files: dict[str, Known] = field(default_factory=dict)
    #: Tile identities (catalog use, conflicts) and the compiled templates, kept too.
    identities: IdentityCache = field(default_factory=IdentityCache)
    #: The catalog's "Used by" tables and tiles index, refilled only where the games changed.
    catalog: CatalogMemo = field(default_factory=CatalogMemo)
    templates: tuple[tuple[tuple[Path, ...], str], Templates] | None = None
    #: What the site's 404 page adds so that `tiles/<name>-<r>/` still works ("" for none).
    routes: str = ""
    #: The drawings the workers are still making (a first build: `finish_gallery`).
    pending: Afterwards | None = None
    #: The drawings still being written into the site folder (`finish_gallery`).
    placing: Placer | None = None
    #: What MkDocs' files were given from the gallery in the last build (`add_gallery_files`),
    #: and what that depended on besides the gallery: the settings and the docs' own files.
    listed: list[GalleryFile] = field(default_factory=list)
    listing: tuple[object, ...] = ()
    #: The tile drawings among `files`, by path: a game built again takes its drawings from
    #: here rather than drawing them again (`gallery.pages.context.GalleryBuild.svg_asset`).
    drawn: dict[str, GeneratedFile] = field(default_factory=dict)

    def page_blocks(self, path: str) -> tuple[tuple[str, str], ...]:
        """The set-aside blocks of page `path`, with those the workers were still making
        once they are made (MkDocs asks as it renders the page)."""
        blocks = self.blocks.get(path, ())
        marks = self.later_blocks.get(path)
        if not marks or self.pending is None:
            return blocks
        pending = self.pending
        return blocks + tuple((mark, pending.block(key)) for mark, key in marks)

    def take_blocks(self, made: dict[str, GeneratedFile]) -> None:
        """Put the page blocks the workers made afterwards (`made`, by key, with the files
        they drew) into the pages, as a build making them at once would have given them."""
        self.later_blocks = {}
        found = blocks_by_page(made.values())
        if not found:
            return
        self.files = [with_blocks(f, found[f.path]) if f.path in found else f for f in self.files]
        self.blocks = {f.path: f.blocks for f in self.files if f.blocks}
        for path, (file, item, inclusion) in list(self.mkdocs_files.items()):
            if path in found:  # what the next build compares with
                self.mkdocs_files[path] = (file, with_blocks(item, found[path]), inclusion)

    def same_gallery(self, site: _SiteGallery, loaded: GalleryGames) -> bool:
        """Whether `loaded` gives the gallery this cache holds: a game file changed but no
        game did (a comment, a blank line: the loader gives the very objects it gave before).
        Then only what was said about the files (their line numbers) is taken."""
        if not (
            site.options == self.options
            and _same(loaded.games, self.games)
            and _same(loaded.board_games, self.board_games)
        ):
            return False
        self.key, self.diagnostics = site.key, list(loaded.diagnostics)
        self.log = log_lines(loaded.reports)
        return True

    def keep_drawings(self) -> None:
        """Note the tile drawings among `files` (after they changed)."""
        self.drawn = {f.path: f for f in self.files if f.path.startswith(DRAWINGS)}


def _later_blocks(parts: PartsCache) -> dict[str, tuple[tuple[str, str], ...]]:
    """The page blocks the last build's parts left for the workers (mark and key), by page."""
    found: dict[str, list[tuple[str, str]]] = {}
    for result in parts.results.values():
        for key in result.later:
            block = block_of(key)
            if block is not None:
                found.setdefault(block[0], []).append((block[1], key))
    return {page: tuple(marks) for page, marks in found.items()}


def _inputs_key(games_dirs: list[Path], *parts: object) -> str:
    """The options and the state of every file in the folders (sizes and times)."""
    return hashlib.sha256(f"{parts!r}\0{fingerprint(games_dirs)}".encode()).hexdigest()


def _same(now: Sequence[object], before: Sequence[object]) -> bool:
    """Whether `now` holds the very objects `before` holds, in the same order."""
    return len(now) == len(before) and all(a is b for a, b in zip(now, before, strict=True))


def _templates(cache: GalleryCache, template_dirs: tuple[Path, ...], state: str) -> Templates:
    """The gallery's templates for these override folders as they are (`state`), compiled
    once per state, all of them at once: worker processes build most pages of a first
    build, and a page rebuilt here later should not wait. A new environment for a new state:
    Jinja2 reloads a template whose file changed, not one an added override now hides."""
    if cache.templates is None or cache.templates[0] != (template_dirs, state):
        cache.templates = ((template_dirs, state), Templates(template_dirs))
        cache.templates[1].compile_all()
    return cache.templates[1]


def _inclusion(path: str, nav_pages: set[str]) -> InclusionLevel:
    """Pages of the gallery's nav sections (`gallery.nav`) are in the navigation; the
    thousands of tile and hex pages are built but kept out of it (otherwise every page renders
    a nav of every page, which makes a big gallery's build quadratic)."""
    if not path.endswith(".md") or path in nav_pages:
        return InclusionLevel.UNDEFINED
    return InclusionLevel.NOT_IN_NAV


class GalleryFile(File):
    """A generated file served from memory that knows whether it changed since the previous
    build of this process: MkDocs' dirty mode asks `is_modified` to decide what to rebuild and
    copy (its own answer for in-memory content is always yes). A file already written to the
    site by `Placer` while the gallery was being built is not written again."""

    changed: bool = True
    placed: bool = False
    #: Whether the site folder has it as it is: copied or placed by an earlier build of this
    #: process (a dirty rebuild then asks the disk nothing of the thousands of drawings).
    copied: bool = False

    @classmethod
    def made(cls, config: MkDocsConfig, path: str, content: str,
             inclusion: InclusionLevel) -> GalleryFile:  # fmt: skip
        file = cls.generated(config, path, content=content, inclusion=inclusion)
        assert isinstance(file, GalleryFile)  # File.generated makes an instance of `cls`
        return file

    def is_modified(self) -> bool:
        if self.changed:
            return True
        return not (self.copied or os.path.isfile(self.abs_dest_path))

    def copy_file(self, dirty: bool = False) -> None:
        if not self.placed and (not dirty or self.is_modified()):
            super().copy_file()  # (its own dirty check would ask `is_modified` again)
        self.copied = True


#: Batches of at least this many files go to the writing process: a part with its drawings (from
#: the part cache, or built in this process). A worker's part in a first build brings a few
#: (its map), written here at once while the workers draw: a process more for those would
#: only add to the build's memory.
WRITER_BATCH = 64


@dataclass
class Placer:
    """Writes a part's drawings into the site folder as soon as the part arrives (from a
    gallery worker, or from the part cache): MkDocs would otherwise write the 11,000 drawings
    of a whole-world site one by one after every page is built.

    A part's drawings are written by a process of its own (`gallery.writer`, `WRITER_BATCH`),
    in arrival order, while MkDocs' process goes on (with every part taken from the part
    cache, writing them in turn held up the build for seconds). `finish` waits for it and
    raises what went wrong; nothing else reads the drawings before `finish_gallery`.

    Pages are left to MkDocs (their HTML is built later), as is any file the site has itself
    (it wins) and every file of a site that excludes or drafts documents (MkDocs decides
    which of those it writes)."""

    site_dir: Path
    skip: frozenset[str]
    enabled: bool = True
    #: What was given to write, by path: the very string the gallery gave.
    written: dict[str, str] = field(default_factory=dict)
    _writer: FileWriter = field(default_factory=FileWriter)
    _folders: set[Path] = field(default_factory=set)

    def __call__(self, files: Sequence[GeneratedFile]) -> None:
        if not self.enabled:
            return
        batch = [f for f in files if not f.path.endswith(".md") and f.path not in self.skip]
        if not batch:
            return
        for item in batch:
            self.written[item.path] = item.content
        if len(batch) >= WRITER_BATCH:
            self._writer.write(self.site_dir, [(f.path, f.content) for f in batch])
            return
        for item in batch:
            write_text(self.site_dir / item.path, item.content, self._folders)

    def finish(self) -> None:
        """Wait until every file given is written (`gallery.writer.WriterError` if one
        could not be)."""
        self._writer.finish()

    def placed(self, item: GeneratedFile) -> bool:
        """Whether `item` is in the site folder as it is now (or will be by `finish`)."""
        return self.written.get(item.path) == item.content  # (the same string, or equal)


def add_gallery_files(
    files: Files,
    config: MkDocsConfig,
    games_dirs: list[Path],
    *,
    log: logging.Logger | logging.LoggerAdapter[logging.Logger],
    icon_dirs: tuple[Path, ...] = (),
    catalog_pages: bool = True,
    cache: GalleryCache | None = None,
    renders: RenderCache | None = None,
    imports: tuple[Path, ...] = (),
    import_cache: ImportCache | None = None,
    workers: int = 1,
    place: bool = True,
    shown: Shown = lambda url, blocks: blocks,
    pool: WorkerPool | None = None,
    store: PartStore | None = None,
) -> GalleryCache:
    """Generate tiles/… and games/… pages; problems in game files become build warnings.
    Returns the gallery (its nav sections, and the HTML blocks set aside from its pages'
    Markdown, which `put_back` returns to the built pages; `shown` gives them as the plugin
    puts them back into the page at that URL). With `place` (a build into a cleaned site
    folder, not a dirty one, where MkDocs writes only what changed) drawings are written as
    their part arrives (`Placer`). `pool`: gallery workers started ahead (the caller closes
    them); in a build that places drawings they make them after the pages, while MkDocs
    renders those (`gallery.parts.Afterwards`): the caller must then keep the pool open until
    `finish_gallery`. `store`: the parts kept on disk by earlier builds
    (`gallery.partstore`)."""
    cache = cache if cache is not None else GalleryCache()
    renders = renders if renders is not None else RenderCache()
    renders.refresh(icon_dirs)
    site = _SiteGallery.of(config, files, games_dirs, imports, renders, catalog_pages)
    placer = Placer(
        Path(config.site_dir),
        site.existing,
        enabled=place and not (config.exclude_docs or config.draft_docs),
    )
    cache.pending = None
    cache.placing = placer
    regenerated = False
    if site.key != cache.key:
        # a cold build's imports read by the workers started ahead (idle until the parts)
        reader = pool.read_games if pool is not None and len(pool) > 1 else None
        loaded = load_gallery(
            games_dirs, imports=imports, cache=import_cache, memo=cache.memo, reader=reader
        )
        log.info(counts_line(len(loaded.games), len(loaded.board_games), loaded.reports))
        regenerated = not cache.same_gallery(site, loaded)
        if regenerated:
            build = _Regeneration(site, placer, pool, workers, renders, icon_dirs, store, log)
            build.run(cache, loaded, strict=bool(getattr(config, "strict", False)))
    for line in cache.log:
        # Errors and problems of the site's own game files are warnings, each with its
        # file:line (they fail `--strict`); notes about imported data are one line per game,
        # in full at debug level (gallery.buildlog).
        {"warning": log.warning, "info": log.info, "debug": log.debug}[line.level](line.text)
    _Listing(files, config, site, placer, shown, dirty=not place).give(cache, regenerated)
    return cache


@dataclass(frozen=True)
class _SiteGallery:
    """What a site's configuration and files say of its gallery build."""

    directory_urls: bool
    catalog_pages: bool
    #: A theme custom_dir may override gallery templates in its tile-atlas/ folder.
    template_dirs: tuple[Path, ...]
    #: The overrides' contents (`gallery.templates.template_state`).
    state: str
    #: An offline bundle is opened from file://, where a page may not read its tile files:
    #: each gets a script copy so the download buttons can still save it
    #: (gallery.pages.context.svg_script).
    svg_scripts: bool
    #: The site's own files (they win over generated ones of the same path).
    existing: frozenset[str]
    #: A digest of the options, templates and icons (`options`), and of those and the game
    #: and import files (`key`).
    options: str
    key: str

    @classmethod
    def of(cls, config: MkDocsConfig, files: Files, games_dirs: list[Path],
           imports: tuple[Path, ...], renders: RenderCache,
           catalog_pages: bool) -> _SiteGallery:  # fmt: skip
        directory_urls = bool(config.use_directory_urls)
        template_dirs = site_template_dirs(config.theme.custom_dir)
        offline = config.plugins.get("material/offline") or config.plugins.get("offline")
        svg_scripts = bool(offline is not None and offline.config.get("enabled"))
        state = template_state(template_dirs)
        # the icon folders and their files' contents
        options = _inputs_key([], state, catalog_pages, directory_urls,
                              renders.icons.fingerprint, svg_scripts)  # fmt: skip
        key = _inputs_key(games_dirs, options, [(str(e), entry_stamp(e)) for e in imports])
        # Files.get_file_from_path rebuilds its index after every append: look up once
        # instead (with 27,000 generated files the difference is minutes)
        existing = frozenset(f.src_uri for f in files)
        return cls(directory_urls, catalog_pages, template_dirs, state, svg_scripts, existing,
                   options, key)  # fmt: skip


@dataclass(frozen=True)
class _Regeneration:
    """Building the gallery again from the games read (`run`), into the plugin's cache."""

    site: _SiteGallery
    placer: Placer
    pool: WorkerPool | None
    workers: int
    renders: RenderCache
    icon_dirs: tuple[Path, ...]
    store: PartStore | None
    log: logging.Logger | logging.LoggerAdapter[logging.Logger]

    def run(self, cache: GalleryCache, loaded: GalleryGames, *, strict: bool) -> None:
        site, pool = self.site, self.pool
        if self.placer.enabled and pool is not None and len(pool) and not site.svg_scripts:
            # one core is MkDocs' while the workers draw
            at_once = max(1, min(self.workers, len(pool)) - 1)
            cache.pending = Afterwards(Path(self.placer.site_dir), site.existing, at_once)
        templates = _templates(cache, site.template_dirs, site.state)
        games, board_games = list(loaded.games), list(loaded.board_games)
        cache.files = build_gallery(
            games,
            icon_dirs=self.icon_dirs,
            directory_urls=site.directory_urls,
            progress=None if strict else self._progress,
            catalog_pages=site.catalog_pages,
            board_games=board_games,
            template_dirs=site.template_dirs,
            svg_scripts=site.svg_scripts,
            renders=self.renders,
            set_aside=True,
            workers=self.workers,
            parts=cache.parts,
            identities=cache.identities,
            memo=cache.catalog,
            templates=templates,
            # a page opened from file:// has no 404 page to route it: offline bundles keep
            # the redirect pages
            redirect_pages=site.svg_scripts,
            arrived=self.placer,
            pool=pool,
            afterwards=cache.pending,
            drawn=cache.drawn,
            store=self.store,
        )
        cache.keep_drawings()
        cache.later_blocks = _later_blocks(cache.parts) if cache.pending is not None else {}
        routes = site.catalog_pages and not site.svg_scripts
        cache.routes = tile_routes(templates) if routes else ""
        cache.blocks = {f.path: f.blocks for f in cache.files if f.blocks}
        cache.games, cache.board_games = games, board_games
        cache.key, cache.options = site.key, site.options
        cache.diagnostics, cache.log = list(loaded.diagnostics), log_lines(loaded.reports)
        parts = cache.parts
        if parts.stored:
            self.log.info(f"gallery: {parts.stored} parts from the part cache, {parts.built} built")
        self.log.info(f"gallery: {len(cache.files)} files generated (pages and drawings)")
        cache.nav = gallery_nav(games, board_games, {f.path for f in cache.files})

    def _progress(self, what: str, done: int, total: int) -> None:
        if total > 50 and done % 25 == 0:
            self.log.info(f"gallery: {done}/{total} ({what})")


@dataclass
class _Listing:
    """Giving MkDocs the gallery's files (`give`): a `GalleryFile` each, told whether its
    content changed since the last build of this process."""

    files: Files
    config: MkDocsConfig
    site: _SiteGallery
    placer: Placer
    shown: Shown
    dirty: bool

    def give(self, cache: GalleryCache, regenerated: bool) -> None:
        nav_pages = nav_paths(cache.nav)
        # what a File depends on besides its own path
        config = self.config
        settings = (config.docs_dir, config.site_dir, self.site.directory_urls)
        listing = (settings, self.site.existing, frozenset(nav_pages))
        if not regenerated and self.dirty and cache.listing == listing:
            self._again(cache)
            return
        if cache.listing[:1] != (settings,):
            cache.mkdocs_files = {}
        # a dirty rebuild with the same docs files and navigation: a file the last build gave
        # MkDocs for the very same generated file is that File, unchanged (most of 13,000)
        same = self.dirty and cache.listing == listing
        cache.listing, cache.listed = listing, []
        made, cache.mkdocs_files = cache.mkdocs_files, {}
        for item in cache.files:
            known = made.get(item.path)
            if same and known is not None and known[1] is item:
                self._unchanged(cache, known)
            elif item.path not in self.site.existing:
                self._made(cache, item, known, _inclusion(item.path, nav_pages))

    def _again(self, cache: GalleryCache) -> None:
        """A dirty rebuild with the same gallery and docs files: what MkDocs was given last
        time, less what it has written since (tens of thousands of files need no look)."""
        for file in cache.listed:
            file.changed = False
        cache.listed = [f for f in cache.listed if not _in_site(f, dirty=True)]
        for file in cache.listed:
            file.page = None
            self.files.append(file)

    def _unchanged(self, cache: GalleryCache, known: Known) -> None:
        file = known[0]
        file.changed = file.placed = False
        file.page = None
        cache.mkdocs_files[known[1].path] = known
        if not _in_site(file, dirty=True):
            cache.listed.append(file)
            self.files.append(file)

    def _made(self, cache: GalleryCache, item: GeneratedFile, known: Known | None,
              inclusion: InclusionLevel) -> None:  # fmt: skip
        if known is None or known[2] is not inclusion:
            file = GalleryFile.made(self.config, item.path, item.content, inclusion)
        else:
            file, before, _ = known
            file.changed = before is not item and (
                before.content != item.content
                or (
                    before.blocks != item.blocks
                    and not _blocks_updated(file, before, item, self.shown)
                )
            )
            if file.changed:
                file.content_string = item.content
                file.copied = False
        file.placed = self.placer.enabled and self.placer.placed(item)
        file.page = None  # MkDocs gives each build's page its own Page
        cache.mkdocs_files[item.path] = (file, item, inclusion)
        if not _in_site(file, dirty=self.dirty):
            cache.listed.append(file)
            self.files.append(file)


#: What the last build gave MkDocs for a generated file: its File, the generated file, and
#: the inclusion it was given.
Known = tuple["GalleryFile", GeneratedFile, InclusionLevel]


def _in_site(file: GalleryFile, *, dirty: bool) -> bool:
    """Whether a dirty rebuild can leave `file` out of MkDocs' files: not a page (MkDocs
    needs every page, for the navigation and the search index), and in the site folder as it
    is. With a whole world's 11,000 drawings among its files, MkDocs spent a tenth of a second
    of every rebuild going over them (a dirty rebuild leaves the site folder's files be)."""
    return dirty and file.copied and not file.changed and not file.src_uri.endswith(".md")


def finish_gallery(cache: GalleryCache, renders: RenderCache,
                   store: PartStore | None = None) -> None:  # fmt: skip
    """Wait for the drawings the workers were making while MkDocs built the pages (nothing
    when none were left for later: only a first build that places its files leaves any) and
    put them with the rest of the gallery, in its files and parts, for the next build of
    `mkdocs serve` (which, not dirty, writes every file again). Their placeholder icons count
    in `renders`' message."""
    placing, cache.placing = cache.placing, None
    pending, cache.pending = cache.pending, None
    if placing is not None:
        placing.finish()
    if pending is None:
        return
    made, missing = pending.wait()
    for counts in missing.values():
        renders.add_missing(counts)
    cache.parts.complete(made, missing)
    if store is not None:
        cache.parts.save_finished(store)
    cache.take_blocks(made)
    have = {f.path for f in cache.files}
    cache.files.extend(f for f in made.values() if f.path not in have and block_of(f.path) is None)
    cache.keep_drawings()


def warm_gallery(cache: GalleryCache, renders: RenderCache, stop: threading.Event) -> int:
    """Make the title-free pieces of the last build's games in this process while
    `mkdocs serve` waits (`gallery.parts.warm_pieces`), with the templates and drawing files
    the builds use; how many games were made. Nothing while the gallery is being finished."""
    if cache.templates is None or cache.pending is not None or cache.placing is not None:
        return 0
    return warm_pieces(cache.parts, renders, cache.templates[1], drawn=cache.drawn, stop=stop)


#: A page's set-aside blocks as they are put back into the built page at the given URL (the
#: plugin adds the playground's "Try it" links to them).
Shown = Callable[[str, tuple[tuple[str, str], ...]], tuple[tuple[str, str], ...]]


def _blocks_updated(file: GalleryFile, before: GeneratedFile, item: GeneratedFile,
                    shown: Shown) -> bool:  # fmt: skip
    """Bring the page MkDocs built from `before` up to date in place when only its set-aside
    blocks changed, and say whether it was. Its Markdown is the same, so are its text, its
    headings, its links and its search entries; the blocks were put into the built page as
    they are (after Markdown and the search plugin; `plugin.squeeze` leaves the article
    alone), so each old block is swapped for the new one. Why: a game renamed during
    `mkdocs serve --dirty` changes the "Used by" table of every tile page that names it, and
    rendering those pages again (the theme and its navigation, some 20 ms each) was most of
    the rebuild. Not done (the page is rendered again) when the built page is not there
    (a first or a clean build) or does not hold each changed block exactly once. Like every
    page a dirty build leaves alone, the page keeps the navigation it was built with."""
    if item.content != before.content or not item.path.endswith(".md"):
        return False
    if [mark for mark, _ in item.blocks] != [mark for mark, _ in before.blocks]:
        return False
    changed = [(b, i) for b, i in zip(before.blocks, item.blocks, strict=True) if b != i]
    target = Path(file.abs_dest_path)
    try:
        html = target.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    # as they are in the page: only the changed ones (a tile page's rotations are most of it)
    was = shown(file.url, tuple(b for b, _ in changed))
    now = shown(file.url, tuple(i for _, i in changed))
    pairs = [(old, new) for (_, old), (_, new) in zip(was, now, strict=True) if old != new]
    if not all(html.count(old) == 1 for old, _ in pairs):
        return False
    for old, new in pairs:
        html = html.replace(old, new, 1)
    try:
        target.write_bytes(html.encode("utf-8"))
    except OSError:
        return False
    return True


def put_back(html: str, blocks: tuple[tuple[str, str], ...]) -> str:
    """A built page's HTML with its set-aside blocks in place of their marks."""
    for mark, block in blocks:
        html = html.replace(mark, block, 1)
    return html
