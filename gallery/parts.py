"""The gallery built in parts: each game's pages, and the catalog's tile pages in runs, are
independent of one another, so they can be built in other processes and kept between builds.

A *part* is a unit of work with everything it depends on in its inputs: a game (its pages,
map, hexes, upgrade chart and printable tiles depend on that game alone), or a run of catalog
tiles (a tile page's "Used by" table, the one thing on it that depends on the games, is filled
in by the caller). Its key is a digest of those
inputs and of the build's settings, so

* a cold build of a large site sends the parts to a pool of worker processes (rendering is
  pure Python: a process per core is the way to use the cores; see `build_parts`), and
* `mkdocs serve` keeps the parts of the last build (`PartsCache`): after one game file is
  edited only that game's part is built again; the pages that list every game (the tiles
  index, the games index, the conflicts page) are cheap and always rebuilt.

Workers are fresh interpreters running this module (`run_workers`), not forks of the caller:
the caller may be `mkdocs serve`, whose threads a fork would copy in any state.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import itertools
import os
import pickle
import queue
import subprocess
import sys
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Protocol

try:
    import fcntl
except ImportError:  # not on POSIX
    fcntl = None  # type: ignore[assignment]

from gallery.game import Game
from gallery.pages.catalog import build_tile_page
from gallery.pages.context import (
    GalleryBuild,
    GeneratedFile,
    Later,
    block_of,
    blocks_by_page,
    with_blocks,
)
from gallery.pages.game import build_game_pages
from gallery.pages.pieces import GamePieces, PieceMemo
from gallery.pages.print_page import build_print_page
from gallery.templates import Templates
from gallery.upgrade_chart import build_upgrade_chart
from gallery.writer import child_environment, write_text
from tile_lang import catalog
from tile_lang.render_cache import RenderCache
from tile_lang.upgrades import ShapeCache

if TYPE_CHECKING:
    from gallery.sources import GameRef, Loaded

#: Catalog tiles per part: small enough to spread over the workers, large enough that a part
#: is worth sending.
CATALOG_RUN = 60
#: Below this much work (in catalog tiles; a game counts as `GAME_WEIGHT`) a pool costs more
#: than it saves: starting a worker and importing the gallery takes about half a second.
POOL_THRESHOLD = 400
GAME_WEIGHT = 20
#: Upgrade shapes and symmetries a `PartsCache` keeps at most (a whole world's games have some
#: 1,700 distinct tiles).
KEPT_SHAPES = 20_000
#: Text the pieces made ahead hold at most (`warm_pieces`): the whole world's hold some 31
#: million characters (about 55 MB of the serving process); a bigger site has its biggest
#: games made ahead, the others when they are edited.
WARM_CHARS = 48_000_000


@dataclass(frozen=True)
class BuildSettings:
    """What every part is built with (all of it is part of every part's key)."""

    icon_dirs: tuple[Path, ...] = ()
    directory_urls: bool = True
    catalog_pages: bool = True
    template_dirs: tuple[Path, ...] = ()
    svg_scripts: bool = False
    set_aside: bool = False
    redirect_pages: bool = True
    #: The icon files' contents and the template overrides' state (`fingerprint`).
    state: str = ""


@dataclass(frozen=True)
class Part:
    """One unit of work: a game, or a run of catalog tiles."""

    kind: str  # "game" | "catalog"
    game: Game | None = None
    tiles: tuple[str, ...] = ()

    @property
    def weight(self) -> int:
        if self.game is not None:
            return GAME_WEIGHT + len(self.game.hexes) // 10 + len(self.game.tiles)
        return len(self.tiles)


@dataclass(frozen=True)
class PartResult:
    """What a part generated, and what the page builders of the whole site need to know of it:
    the drawings it made (render inputs to file) and the files written once per build."""

    files: tuple[GeneratedFile, ...]
    svgs: tuple[tuple[tuple[object, ...], str], ...]
    written: tuple[str, ...]
    missing_icons: tuple[tuple[str, int], ...]
    #: Files the part named and left for its worker to make afterwards (`Afterwards`), in
    #: the order they were named; not in `files` until `completed`.
    later: tuple[str, ...] = ()

    def completed(self, made: dict[str, GeneratedFile],
                  missing: dict[str, dict[str, int]]) -> PartResult:  # fmt: skip
        """The result with the files it left for later (`made`, by path; one the site has
        itself is not there) and their placeholder icons (`missing`, by path) in it."""
        if not self.later:
            return self
        paths = [path for path in dict.fromkeys(self.later) if path in made]
        icons = dict(self.missing_icons)
        for path in paths:
            for name, count in missing.get(path, {}).items():
                icons[name] = icons.get(name, 0) + count
        blocks = blocks_by_page(made[path] for path in paths)
        drawings = tuple(made[path] for path in paths if block_of(path) is None)
        return PartResult(
            tuple(with_blocks(f, blocks.get(f.path, {})) for f in self.files) + drawings,
            self.svgs,
            self.written,
            tuple(sorted(icons.items())),
        )


class Store(Protocol):
    """Finished parts kept on disk between builds (`gallery.partstore.PartStore`)."""

    def load(self, key: str) -> PartResult | None: ...

    def save(self, results: dict[str, PartResult]) -> int: ...


@dataclass
class PartsCache:
    """The parts of the last build by key (kept by the MkDocs plugin across rebuilds)."""

    results: dict[str, PartResult] = field(default_factory=dict)
    built: int = 0
    reused: int = 0
    #: Each part's key with the game object and settings it was computed from: a game read
    #: again only when its file changed is the very same object, so its key (a digest of its
    #: whole repr) need not be computed again on every `mkdocs serve` rebuild.
    keys: dict[tuple[str, str, tuple[str, ...]], tuple[Game | None, BuildSettings, str]] = field(
        default_factory=dict
    )
    #: Parts of the last build taken from the on-disk store (`gallery.partstore`).
    stored: int = 0
    #: Keys of parts built by the last build whose drawings were still being made: they go
    #: to the store once they are finished (`save_finished`).
    unsaved: set[str] = field(default_factory=set)
    #: Upgrade shapes of the tiles of the parts built in this process, for the next build's:
    #: a game edited during `mkdocs serve` charts the same tiles again (a big map's tables
    #: took 140 ms with no shapes known, 28 ms with them). At most `KEPT_SHAPES` of them.
    shapes: ShapeCache = field(default_factory=ShapeCache)
    #: The title-free pieces of the games built in this process (`gallery.pages.pieces`):
    #: a game renamed during `mkdocs serve` makes its pages again, not its manifest.
    pieces: PieceMemo = field(default_factory=PieceMemo)
    #: The last build's games (their parts) and settings: what `warm_pieces` goes over.
    games: tuple[tuple[Part, ...], BuildSettings] | None = None

    def key(self, part: Part, settings: BuildSettings) -> str:
        """`part_key(part, settings)`, remembered while the game and settings stay the same."""
        ident = (part.kind, part.game.id if part.game is not None else "", part.tiles)
        known = self.keys.get(ident)
        if known is not None and known[0] is part.game and known[1] == settings:
            return known[2]
        digest = part_key(part, settings)
        self.keys[ident] = (part.game, settings, digest)
        return digest

    def complete(self, made: dict[str, GeneratedFile],
                 missing: dict[str, dict[str, int]]) -> None:  # fmt: skip
        """Put the files the workers made afterwards (`Afterwards.wait`) into the results."""
        # a part one of whose drawings was not made (the site has a file of that path) is
        # complete for this site only: it is not stored for another
        partial = {k for k, r in self.results.items() if any(p not in made for p in r.later)}
        self.unsaved -= partial
        self.results = {k: r.completed(made, missing) for k, r in self.results.items()}

    def save_finished(self, store: Store) -> None:
        """Store the parts the last build left unfinished, now that they are finished."""
        store.save({k: self.results[k] for k in self.unsaved if k in self.results})
        self.unsaved.clear()


def fingerprint(folders: Sequence[Path]) -> str:
    """The state of every file in `folders` (template overrides, games folders): names, sizes
    and modification times, nothing read."""
    digest = hashlib.sha256()
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    stat = path.stat()
                    digest.update(f"{path}:{stat.st_mtime_ns}:{stat.st_size}".encode())
    return digest.hexdigest()


def plan_parts(games: Sequence[Game], *, catalog_pages: bool) -> list[Part]:
    """The site's parts: every game, then the catalog in runs of `CATALOG_RUN` tiles (a tile
    page's part is the tile alone: the games using it are filled in afterwards,
    `gallery.pages.catalog.fill_used_by`)."""
    parts = [Part("game", game=g) for g in games]
    if catalog_pages:
        names = [t.name for t in catalog.all_tiles()]
        for i in range(0, len(names), CATALOG_RUN):
            parts.append(Part("catalog", tiles=tuple(names[i : i + CATALOG_RUN])))
    return parts


def part_key(part: Part, settings: BuildSettings) -> str:
    """A digest of everything the part's files depend on (frozen dataclasses' reprs are
    complete and stable)."""
    return hashlib.sha256(repr((part, settings)).encode()).hexdigest()


def build_part(
    part: Part,
    settings: BuildSettings,
    renders: RenderCache | None = None,
    shapes: ShapeCache | None = None,
    templates: Templates | None = None,
    later: Later | None = None,
    drawn: Mapping[str, GeneratedFile] | None = None,
    pieces: GamePieces | None = None,
) -> PartResult:
    """Build one part (in this process or a worker's). `renders`, `shapes` and `templates`
    may be shared with the other parts built in the same process: many games draw the same
    tiles, and every game page fills the same templates (compiling them again for each part
    cost as much as filling them). With `later` the part's drawings are named, not made
    (`GalleryBuild.file`); `drawn` are an earlier build's drawing files, taken instead of
    drawing them again (`GalleryBuild.svg_asset`); `pieces` are the game's title-free pieces
    an earlier build made (`GalleryBuild.piece`)."""
    renders = renders if renders is not None else RenderCache()
    if renders.icon_dirs != settings.icon_dirs:
        renders.refresh(settings.icon_dirs)
    build = GalleryBuild(
        renders=renders,
        directory_urls=settings.directory_urls,
        catalog_pages=settings.catalog_pages,
        templates=templates if templates is not None else Templates(settings.template_dirs),
        svg_scripts=settings.svg_scripts,
        set_aside=settings.set_aside,
        redirect_pages=settings.redirect_pages,
        shapes=shapes if shapes is not None else ShapeCache(read=renders.tile),
        later=later,
        drawn=drawn if drawn is not None else {},
        pieces=pieces,
    )
    before = dict(renders.missing_icons)
    if part.game is not None:
        build_game_pages(build, part.game)
        build_upgrade_chart(build, part.game)
        build_print_page(build, part.game)
        if pieces is not None and later is None:
            pieces.whole = True  # every piece of the game was taken or made into `pieces`
    else:
        for name in part.tiles:
            tile = catalog.lookup(name)
            if tile is not None:
                build_tile_page(build, tile, None)
                # the tiles index's picture of it (`gallery.pages.catalog_memo`), drawn here
                # with the rest of the part rather than by the caller once the pool is done
                build.svg_asset(tile.code, tile.color, "flat")
    return PartResult(
        files=tuple(build.files),
        svgs=tuple(build.svg_paths().items()),
        written=tuple(sorted(build.written)),
        missing_icons=renders.missing_since(before),
        later=tuple(build.later_paths),
    )


class WorkerError(RuntimeError):
    """A worker process failed (its standard error says why)."""


@dataclass(frozen=True)
class Orders:
    """A worker's first message: the settings of every part, and whether it leaves its parts'
    drawings for afterwards (`Afterwards`)."""

    settings: BuildSettings
    later: bool = False


@dataclass(frozen=True)
class ReadGame:
    """A message a worker may get before its `Orders`: read one game of an import (an
    18xx.games checkout or a GE18XX folder) with the source named (`gallery.sources`). A cold
    build reads 137 games in 13 s on one core; the pool's workers, started ahead and idle
    until the parts are known, read them side by side (`WorkerPool.read_games`)."""

    source: str
    ref: GameRef


@dataclass(frozen=True)
class MakeLater:
    """A worker's last message in a build with `Orders.later`: make these of the files its
    parts left (the others are another worker's) and write them under `site_dir`."""

    site_dir: str
    paths: tuple[str, ...]

    @property
    def weight(self) -> int:
        """The work these are, in drawings (`Turns`)."""
        return sum(BLOCK_WEIGHT if block_of(path) is not None else 1 for path in self.paths)


@dataclass(frozen=True)
class Made:
    """What a worker made for `MakeLater`, and the placeholder icons each drawing used."""

    files: tuple[GeneratedFile, ...]
    missing_icons: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()


#: Drawings a worker makes in one turn (`Afterwards.orders`): about a fifth of a second.
DRAW_RUN = 300
#: Page blocks a worker makes in one turn: a tile page's block holds six drawings.
BLOCK_RUN = 48
#: A page block's work, in drawings (`MakeLater.weight`).
BLOCK_WEIGHT = 6


class Turns:
    """At most `count` holders at a time. Of those waiting, the one with the most work left
    goes first, and of equals the one that asked first (a worker that has just had a turn
    waits behind one already waiting: a plain semaphore lets the thread that releases it take
    it straight back).

    Why most work first: each worker makes what its own parts named, and one may have named
    far more than the other (the catalog's runs, light until their pages' drawings, can all
    go to one worker). While one draws at a time it had better be the one with more left, so
    that when MkDocs is done and both draw, their shares are even and they end together."""

    def __init__(self, count: int) -> None:
        self._free = count
        self._waiting: list[tuple[float, int]] = []
        self._asked = itertools.count()
        self._changed = threading.Condition()

    @contextlib.contextmanager
    def turn(self, left: float = 0.0) -> Iterator[None]:
        """Hold a turn, asked for with `left` work still to do (this turn's included)."""
        me = (-left, next(self._asked))
        with self._changed:
            self._waiting.append(me)
            while not self._free or min(self._waiting) != me:
                self._changed.wait()
            self._waiting.remove(me)
            self._free -= 1
            self._changed.notify_all()  # the next in line may take a turn still free
        try:
            yield
        finally:
            self._add_turn()

    def widen(self) -> None:
        """One holder more at a time from now on."""
        self._add_turn()

    def _add_turn(self) -> None:
        with self._changed:
            self._free += 1
            self._changed.notify_all()


class Afterwards:
    """The drawings of a first build that the workers make after their parts' pages, while
    MkDocs renders those pages in the calling process: the pages depend on the drawings' file
    names only (digests of the render inputs), and MkDocs' part of a build runs on one core,
    so the drawings take the cores it leaves. Each drawing is made once, by the first worker
    to name it, and written straight into the site folder (a file the site has itself, in
    `skip`, is left alone). `wait` returns them when they are done.

    Only for a build that writes into a cleaned site folder (MkDocs copies nothing the
    gallery gives it then) and with workers the caller started (`WorkerPool`), which must stay
    open until `wait` returns."""

    def __init__(self, site_dir: Path, skip: frozenset[str] = frozenset(),
                 at_once: int = 1) -> None:  # fmt: skip
        self.site_dir = site_dir
        self.skip = skip
        #: How many workers draw at a time: MkDocs' process, which the whole build waits
        #: for, needs a core of its own meanwhile (two workers drawing beside it on two
        #: cores made its pages take half as long again).
        self.turns = Turns(max(1, at_once))
        self._owner: dict[str, int] = {}
        self._mine: dict[int, list[str]] = {}
        self._lock = threading.Lock()
        self._made: list[Made] = []
        self._threads: list[threading.Thread] = []
        self._failure: str | None = None
        #: Page blocks made so far, by key (`gallery.pages.context.later_block`).
        self._blocks: dict[str, str] = {}
        self._arrived = threading.Condition(self._lock)

    def claim(self, worker: int, paths: Sequence[str]) -> None:
        """The paths a part of `worker` left: those no other worker named first are its own."""
        with self._lock:
            mine = self._mine.setdefault(worker, [])
            for path in paths:
                if path not in self._owner and path not in self.skip:
                    self._owner[path] = worker
                    mine.append(path)

    def orders(self, worker: int) -> list[MakeLater]:
        """What `worker` is to make: page blocks first (MkDocs waits for a page's blocks when
        it renders the page), in runs of `BLOCK_RUN`, then drawings in runs of `DRAW_RUN`.
        The workers take turns run by run (`Turns`), so each has about as much left when
        MkDocs' process is done and a second turn opens, and they end together (with one
        order each, the worker whose turn came second started its whole share then)."""
        with self._lock:
            mine = tuple(self._mine.get(worker, ()))
        site = str(self.site_dir)
        blocks = [path for path in mine if block_of(path) is not None]
        drawings = [path for path in mine if block_of(path) is None]
        return [
            MakeLater(site, tuple(paths[i : i + run]))
            for paths, run in ((blocks, BLOCK_RUN), (drawings, DRAW_RUN))
            for i in range(0, len(paths), run)
        ]

    def add(self, made: Made) -> None:
        with self._lock:
            self._made.append(made)
            for file in made.files:
                if block_of(file.path) is not None:
                    self._blocks[file.path] = file.content
            self._arrived.notify_all()

    def failed(self, message: str) -> None:
        with self._lock:
            self._failure = self._failure or message
            self._arrived.notify_all()

    def block(self, key: str) -> str:
        """The page block left for later under `key`, once a worker has made it (MkDocs'
        process asks as it renders the page); `WorkerError` when a worker failed, `KeyError`
        for a block no part left."""
        with self._lock:
            if key not in self._owner:
                raise KeyError(key)
            while key not in self._blocks:
                if self._failure is not None:
                    raise WorkerError(self._failure)
                if self._threads and not any(t.is_alive() for t in self._threads):
                    raise WorkerError(f"a gallery worker ended without making {key!r}")
                self._arrived.wait(timeout=1.0)
            return self._blocks[key]

    def follow(self, threads: Sequence[threading.Thread]) -> None:
        """The threads serving the workers, which end when the workers have made their files."""
        self._threads.extend(threads)

    def wait(self) -> tuple[dict[str, GeneratedFile], dict[str, dict[str, int]]]:
        """Every file made (by path) and the placeholder icons of each drawing that used any;
        `WorkerError` when a worker failed.

        The caller waits here once MkDocs has built its pages, so the core it held is free: one
        more worker may draw from now on (a worker still waiting for its turn starts at once)."""
        self.turns.widen()
        for thread in self._threads:
            thread.join()
        self._threads = []
        if self._failure is not None:
            raise WorkerError(self._failure)
        files = {f.path: f for made in self._made for f in made.files}
        missing = {path: dict(counts) for made in self._made for path, counts in made.missing_icons}
        return files, missing


#: A worker's render cache bound (characters): drawings shared between the parts of one
#: worker are mostly recent ones, and each worker's memory counts in the build's.
WORKER_RENDER_CHARS = 12 * 1024 * 1024
#: The bound once a worker draws what its parts left (`make_later`). A drawing is asked for
#: again soon after: a game's thumbnail draws the hexes its map page's files show, a catalog
#: tile page's rotations are drawn for another name of the same code. Replayed on the whole
#: world's requests, a bound of some 500 drawings saves 2,900 of 22,800 renders and 3,000
#: drawings (this bound) 3,650; none at all (the bound was the cache's size when drawing
#: began, nothing in a first build) re-rendered a fifth of them.
DRAWING_RENDER_CHARS = 4 * 1024 * 1024


class WorkerPool:
    """Worker processes (`python -m gallery.parts`), started before their work is known: a
    worker takes half a second to start Python and import the gallery, which it can do while
    MkDocs lists the site's files and the games are read. Closed by whoever started it
    (`close`, or as a context manager); the workers a build did not use then end.

    A worker's standard error goes to a file of its own: a full pipe would stop it."""

    def __init__(self, count: int) -> None:
        # the pool owns these files and closes them in `close`
        self.errors: list[IO[bytes]] = [
            tempfile.TemporaryFile()  # noqa: SIM115
            for _ in range(max(1, count))
        ]
        self.procs = [
            subprocess.Popen(
                [sys.executable, "-m", "gallery.parts"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                env=child_environment(),
                bufsize=PIPE_BYTES,
            )
            for err in self.errors
        ]
        for proc in self.procs:
            _widen_pipe(proc.stdout)

    def __len__(self) -> int:
        return len(self.procs)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def read_games(self, source: str, refs: Sequence[GameRef]) -> list[Loaded[Game]]:
        """What `source` (a `gallery.sources` name) reads for each of `refs`, in their order,
        read by the workers side by side, each taking the next game when it is free. Only
        before the workers are given their `Orders` (`run_workers`). `WorkerError` when a
        worker fails."""
        results: dict[int, Loaded[Game]] = {}
        left = deque(enumerate(refs))
        lock = threading.Lock()
        failures: list[str] = []

        def serve(w: int) -> None:
            proc = self.procs[w]
            assert proc.stdin is not None and proc.stdout is not None
            while not failures:
                with lock:
                    if not left:
                        return
                    index, ref = left.popleft()
                try:
                    _send(proc, ReadGame(source, ref))
                    results[index] = pickle.load(proc.stdout)
                except (EOFError, pickle.UnpicklingError, OSError) as exc:
                    failures.append(_failure(proc, self.errors[w], exc))

        threads = [threading.Thread(target=serve, args=(w,), daemon=True)
                   for w in range(len(self.procs))]  # fmt: skip
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if failures:
            raise WorkerError(failures[0])
        return [results[i] for i in range(len(refs))]

    def close(self) -> None:
        """End every worker (one still waiting for work ends when its input closes) and drop
        their error files."""
        for proc in self.procs:
            if proc.stdin is not None and not proc.stdin.closed:
                with contextlib.suppress(OSError):
                    proc.stdin.close()
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
        for err in self.errors:
            err.close()
        self.procs, self.errors = [], []


def run_workers(
    parts: Sequence[tuple[int, Part]],
    count: int,
    settings: BuildSettings,
    finished: Callable[[int, PartResult], None],
    *,
    meanwhile: Callable[[], None] | None = None,
    pool: WorkerPool | None = None,
    afterwards: Afterwards | None = None,
) -> None:
    """Build `parts` (each with the caller's index) in `count` processes of their own (those
    of `pool` when given: the caller's, started earlier, and left to the caller to close);
    `finished(index, result)` is called in this thread as each part arrives, after
    `meanwhile()` (the caller's own work while the workers build). With `afterwards` (and a
    `pool`) the parts' drawings are left out of their results and made by the workers once
    every part is built: this returns with the pages, `afterwards.wait()` with the drawings.

    Parts are handed out one at a time, in the order given (heaviest first is best), to
    whichever worker is free: a worker that drew small games takes more of them, so no core
    waits at the end for another's batch (weights known in advance are only estimates).

    Why not `multiprocessing`: its `spawn` start re-runs the caller's main script in every
    worker, which fails for a script that builds a site without an `if __name__` guard, and
    `fork` copies whatever threads `mkdocs serve` runs. A worker here is a fresh interpreter
    (`python -m gallery.parts`) that imports the gallery and nothing of its caller; it reads
    the settings and then one part at a time as pickles on standard input and writes each
    result as a pickle on standard output as soon as it is built, so neither side ever holds a
    whole site's pages twice (data between our own processes: nothing read from game files
    travels as a pickle)."""
    count = max(1, min(count, len(parts)))
    with contextlib.ExitStack() as stack:
        if pool is None or not len(pool):
            pool = stack.enter_context(WorkerPool(count))
            afterwards = None  # the workers end with this call
        # only the workers this build uses: the others end (they never get settings)
        _serve(parts, settings, pool.procs[:count], pool.errors[:count], finished, meanwhile,
               afterwards)  # fmt: skip


class Handout:
    """The parts not yet sent, handed to whichever worker is free (thread-safe), each worker
    keeping to one layout while it can: a worker draws each tile once for all its parts
    (its render cache), so games of one layout on one worker draw the shared tiles (7, 8, 9,
    57, … in that layout) once instead of on every worker (a tenth fewer drawings for the
    whole world on two workers). Parts come in the order given (heaviest first is best);
    catalog runs, which draw both layouts, go to any worker."""

    def __init__(self, parts: Sequence[tuple[int, Part]], workers: int) -> None:
        self._left = list(parts)
        self._lock = threading.Lock()
        weight: dict[str, int] = {}
        for _, part in parts:
            if part.game is not None:
                weight[part.game.layout] = weight.get(part.game.layout, 0) + part.weight
        kinds = sorted(weight, key=lambda k: (-weight[k], k))
        #: each worker's layout (round robin over the layouts, the heaviest first)
        self._prefers = [kinds[w % len(kinds)] if kinds else "" for w in range(workers)]

    def take(self, worker: int) -> tuple[int, Part] | None:
        """The next part for `worker`: the first of its layout, else the first catalog run,
        else the first left (None when none is)."""
        prefers = self._prefers[worker]
        with self._lock:
            if not self._left:
                return None
            at = next(
                (i for i, (_, p) in enumerate(self._left) if p.game and p.game.layout == prefers),
                None,
            )
            if at is None:
                at = next((i for i, (_, p) in enumerate(self._left) if p.game is None), 0)
            return self._left.pop(at)


def _serve(parts: Sequence[tuple[int, Part]], settings: BuildSettings,
           procs: list[subprocess.Popen[bytes]], errors: Sequence[IO[bytes]],
           finished: Callable[[int, PartResult], None],
           meanwhile: Callable[[], None] | None,
           afterwards: Afterwards | None = None) -> None:  # fmt: skip
    """One thread per worker hands it the next part and reads its result (a worker whose
    pipe is not read would wait); the results reach `finished` here, in the caller's thread.
    With `afterwards` each thread then has its worker make the files it claimed, and this
    returns without waiting for that (`Afterwards.wait` does).

    A part is sent only to a worker that has sent its last result and reads again, so a
    write never waits on a busy worker (who would be waiting, in turn, to write its result)."""
    todo = Handout(parts, len(procs))
    returned: queue.SimpleQueue[tuple[int, PartResult] | tuple[int, None]] = queue.SimpleQueue()

    def serve(w: int) -> None:
        proc = procs[w]
        assert proc.stdin is not None and proc.stdout is not None
        building = True
        try:
            _send(proc, Orders(settings, later=afterwards is not None))
            while True:
                item = todo.take(w)
                if item is None:
                    break
                index, part = item
                _send(proc, part)
                result: PartResult = pickle.load(proc.stdout)
                if afterwards is not None:
                    afterwards.claim(w, result.later)
                returned.put((index, result))
            building = False
            if afterwards is not None:
                orders = afterwards.orders(w)
                weights = [order.weight for order in orders]
                for i, order in enumerate(orders):
                    with afterwards.turns.turn(sum(weights[i:])):
                        _send(proc, order)
                        afterwards.add(pickle.load(proc.stdout))
            proc.stdin.close()  # the worker ends when its input does
            if proc.wait() != 0:
                raise OSError(f"status {proc.returncode}")
        except (EOFError, pickle.UnpicklingError, OSError) as exc:
            if building:
                returned.put((w, None))
            elif afterwards is not None:
                afterwards.failed(_failure(proc, errors[w], exc))

    threads = [threading.Thread(target=serve, args=(w,), daemon=True) for w in range(len(procs))]
    for thread in threads:
        thread.start()
    if meanwhile is not None:
        meanwhile()
    for _ in range(len(parts)):
        index, result = returned.get()
        if result is None:
            raise WorkerError(_failure(procs[index], errors[index], None))
        finished(index, result)
    if afterwards is not None:
        afterwards.follow(threads)
        return
    for w, proc in enumerate(procs):
        threads[w].join()
        if proc.wait() != 0:
            raise WorkerError(f"a gallery worker ended with status {proc.returncode}")


#: The pipes between the build and its workers, and the buffers that read them: a worker's
#: results (300 drawings, about a megabyte) cross in a few reads. Each read of a pipe gives
#: up Python's lock and must take it back from MkDocs' busy thread (up to 5 ms): with 64 KB
#: pipes, reading one result took a fifth of a second, while the worker waited to write.
PIPE_BYTES = 1024 * 1024


def _widen_pipe(pipe: IO[bytes] | None) -> None:
    """Make `pipe` hold up to `PIPE_BYTES` (Linux; elsewhere, or above the system's limit,
    it stays as it is)."""
    set_size = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
    if pipe is None or set_size is None:
        return
    with contextlib.suppress(OSError):
        fcntl.fcntl(pipe.fileno(), set_size, PIPE_BYTES)


def _send(proc: subprocess.Popen[bytes], item: object) -> None:
    """Give a worker its next message (a pickle: data between our own processes)."""
    assert proc.stdin is not None
    proc.stdin.write(pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL))
    proc.stdin.flush()


def _failure(proc: subprocess.Popen[bytes], errors: IO[bytes], exc: Exception | None) -> str:
    """What a failed worker said (the end of its standard error)."""
    proc.wait()
    errors.seek(0)
    tail = errors.read().decode("utf-8", "replace").strip().splitlines()[-12:]
    said = "\n".join(tail) or (f"{exc}" if exc is not None else f"status {proc.returncode}")
    return "a gallery worker failed:\n" + said


def _worker_main() -> None:
    """`python -m gallery.parts`: games to read, if any (`ReadGame`), then the settings, then
    parts one at a time on standard input until it ends, each result written as soon as it is
    built."""
    given = sys.stdin.buffer
    # Our results own standard output; anything else printed goes to standard error.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    try:
        first: ReadGame | Orders = pickle.load(given)
        while isinstance(first, ReadGame):  # a cold build's imports come first, if any
            pickle.dump(_read_game(first), out, protocol=pickle.HIGHEST_PROTOCOL)
            out.flush()
            first = pickle.load(given)
    except EOFError:  # a worker started ahead of a build that needed none
        return
    orders = first
    settings = orders.settings
    renders = RenderCache(max_chars=WORKER_RENDER_CHARS)
    shapes = ShapeCache(read=renders.tile)  # a tile drawn and charted is parsed once
    templates = Templates(settings.template_dirs, watch=False)  # lives for this build only
    later = Later() if orders.later else None
    drawing = False
    while True:
        try:
            message: Part | MakeLater = pickle.load(given)
        except EOFError:
            break
        reply: PartResult | Made
        if isinstance(message, MakeLater):
            assert later is not None
            if not drawing:  # the pages are all given: keep only what the drawings need
                drawing = True
                start_drawing(renders, shapes)
            reply = make_later(later, message, renders)
        else:
            reply = build_part(message, settings, renders, shapes, templates, later)
        pickle.dump(reply, out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()
        del reply
        # A worker lives for one build, and what a part leaves alive (the caches shared with
        # the next parts, the drawings left for later) stays to its end: frozen, the garbage
        # collector no longer walks it again and again (a tenth of a worker's time; what is
        # frozen is freed when the worker ends).
        gc.freeze()
    out.close()


def _read_game(message: ReadGame) -> Loaded[Game]:
    """A worker's reading of one imported game: the very reading of the caller's process
    (static, running nothing of the game's files)."""
    from gallery.sources import TILE_GAME_SOURCES

    source = next(s for s in TILE_GAME_SOURCES if s.name == message.source)
    return source.read(message.ref)


def start_drawing(renders: RenderCache, shapes: ShapeCache) -> None:
    """A worker's caches once it draws what its parts left: the upgrade shapes are of no
    more use, and the render cache keeps only recent drawings (`DRAWING_RENDER_CHARS`). A
    worker lives to the end of the build's drawings, and its memory counts in the build's."""
    shapes.clear()
    renders.cap(DRAWING_RENDER_CHARS)


def make_later(later: Later, orders: MakeLater, renders: RenderCache) -> Made:
    """Make the files `orders` names and write them under its site folder, as MkDocs would
    write them. Done at a lower priority: MkDocs' own process renders the pages meanwhile,
    and the whole build waits for it, not for the drawings."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(5)
    site = Path(orders.site_dir)
    folders: set[Path] = set()
    files, missing = [], []
    for path in orders.paths:
        before = dict(renders.missing_icons)
        content = later.make(path)
        used = renders.missing_since(before)
        if used:
            missing.append((path, used))
        if block_of(path) is None:  # a page's block goes to the page, in MkDocs' process
            write_text(site / path, content, folders)
        files.append(GeneratedFile(path, content))
    return Made(tuple(files), tuple(missing))


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def build_parts(
    parts: Sequence[Part],
    settings: BuildSettings,
    *,
    renders: RenderCache,
    cache: PartsCache | None = None,
    workers: int = 1,
    progress: Callable[[str, int, int], None] | None = None,
    templates: Templates | None = None,
    arrived: Callable[[PartResult], None] | None = None,
    meanwhile: Callable[[], None] | None = None,
    pool: WorkerPool | None = None,
    afterwards: Afterwards | None = None,
    drawn: Mapping[str, GeneratedFile] | None = None,
    store: Store | None = None,
) -> list[PartResult]:
    """Every part's result, in the order of `parts`: from `cache` when its key is known,
    otherwise built here (`workers` ≤ 1, or too little work for a pool) or by a pool of
    `workers` processes. Drawings made here go through `renders` and pages fill `templates`
    (the caller's, when it keeps them). `arrived(result)` is told of each part built now as
    soon as it is done (in this thread): while a pool builds the rest, the caller may put the
    part's files in place. `meanwhile()` (work of the caller's that needs no part) runs here
    while the pool works, or before the parts when they are built here. `pool`: workers the
    caller started ahead (`WorkerPool`), used when a pool is worth it; with `afterwards` its
    workers leave the drawings for later (`run_workers`): the results name them, and
    `cache.complete` puts them in once `afterwards.wait()` has them. `drawn`: an earlier
    build's drawing files, for the parts built here (`build_part`). `store`: parts kept on
    disk by earlier builds (`gallery.partstore`), taken before building and told of the parts
    built (those the workers are still drawing for once `cache.save_finished` is called)."""
    run = _Run(parts, settings, renders, cache, arrived, progress)
    run.take_kept(store)
    pooled = workers > 1 and run.work >= POOL_THRESHOLD and len(run.todo) > 1
    if pooled:
        count = min(workers, len(run.todo))
        if progress is not None:
            progress(f"gallery parts, {count} processes", 0, len(run.todo))
        heaviest_first = sorted(run.todo, key=lambda i: (-parts[i].weight, i))
        run_workers([(i, parts[i]) for i in heaviest_first], count, settings, run.finished,
                    meanwhile=meanwhile, pool=pool, afterwards=afterwards)  # fmt: skip
    else:
        if meanwhile is not None:
            meanwhile()
        run.build_here(templates, drawn)
    run.keep(store)
    # Placeholder icons of parts drawn elsewhere (a worker, an earlier build) count in this
    # build's message too; those drawn here were counted as they were drawn.
    here = set() if pooled else set(run.todo)
    for i, result in enumerate(run.ordered()):
        if i not in here:
            renders.add_missing(dict(result.missing_icons))
    return run.ordered()


@dataclass
class _Run:
    """One `build_parts` call: each part's key, the results found so far by index, and the
    parts left to build (`todo`)."""

    parts: Sequence[Part]
    settings: BuildSettings
    renders: RenderCache
    cache: PartsCache | None
    arrived: Callable[[PartResult], None] | None
    progress: Callable[[str, int, int], None] | None
    keys: list[str] = field(init=False)
    results: dict[int, PartResult] = field(init=False)
    todo: list[int] = field(init=False)
    #: Whether a build before this one left its parts (`__post_init__`).
    rebuild: bool = field(init=False, default=False)
    stored: int = 0
    done: int = 0

    def __post_init__(self) -> None:
        cache, settings = self.cache, self.settings
        self.keys = [cache.key(p, settings) if cache else part_key(p, settings) for p in self.parts]
        known = cache.results if cache is not None else {}
        self.results = {i: known[k] for i, k in enumerate(self.keys) if k in known}
        self.todo = [i for i in range(len(self.parts)) if i not in self.results]
        #: Whether a build before this one left its parts (pieces are kept for rebuilds only:
        #: a first build makes each game once, and keeping a world's pieces costs memory)
        self.rebuild = bool(known)

    @property
    def work(self) -> int:
        return sum(self.parts[i].weight for i in self.todo)

    def take_kept(self, store: Store | None) -> None:
        """Take the parts to build that `store` has."""
        if store is None:
            return
        for i in list(self.todo):
            result = store.load(self.keys[i])
            if result is not None:
                self.results[i] = result
                self.stored += 1
                if self.arrived is not None:
                    self.arrived(result)
        self.todo = [i for i in self.todo if i not in self.results]

    def finished(self, i: int, result: PartResult) -> None:
        self.results[i] = result
        self.done += 1
        if self.arrived is not None:
            self.arrived(result)
        if self.progress is not None:
            self.progress("gallery parts", self.done, len(self.todo))

    def build_here(self, templates: Templates | None,
                   drawn: Mapping[str, GeneratedFile] | None) -> None:  # fmt: skip
        shapes = _shapes(self.cache, self.renders)
        settings = self.settings
        templates = templates if templates is not None else Templates(settings.template_dirs)
        memo = self.cache.pieces if self.cache is not None and self.rebuild else None
        for i in self.todo:
            game = self.parts[i].game
            pieces = memo.of(game, settings) if memo is not None and game else None
            result = build_part(self.parts[i], settings, self.renders, shapes, templates,
                                drawn=drawn, pieces=pieces)  # fmt: skip
            self.finished(i, result)

    def ordered(self) -> list[PartResult]:
        return [self.results[i] for i in range(len(self.parts))]

    def keep(self, store: Store | None) -> None:
        """Tell `store` and the cache of this run's results."""
        cache, todo = self.cache, self.todo
        fresh = {self.keys[i]: self.results[i] for i in todo}
        if store is not None:
            store.save(fresh)
            if cache is not None:
                cache.unsaved = {k for k, r in fresh.items() if r.later}
        if cache is None:
            return
        cache.games = (tuple(p for p in self.parts if p.game is not None), self.settings)
        cache.built += len(todo)
        cache.reused += len(self.parts) - len(todo) - self.stored
        cache.stored = self.stored
        cache.results = {self.keys[i]: self.results[i] for i in range(len(self.parts))}


def warm_pieces(
    cache: PartsCache,
    renders: RenderCache,
    templates: Templates,
    *,
    drawn: Mapping[str, GeneratedFile] | None = None,
    stop: threading.Event | None = None,
    budget: int = WARM_CHARS,
) -> int:
    """Make here the title-free pieces (`gallery.pages.pieces`) of the last build's games
    that have none, the biggest first, and say how many games were made. What for: a first
    build makes its games in worker processes, so the first game renamed during
    `mkdocs serve` was made whole in MkDocs' process (a big map's part, 0.3 to 0.6 s more
    than the next rename), with every cache of this process cold for it (its drawings, their
    words, its upgrade shapes). The plugin calls this while the server waits for an edit, in
    another thread; `stop` is checked between games (a build about to start sets it and waits
    for the game being made). `templates` and `drawn` are those the builds use: the results
    are thrown away, the pieces and the warmed caches are kept. No game is made once all
    kept pieces hold `budget` characters of text."""
    if cache.games is None:
        return 0
    parts, settings = cache.games
    shapes = _shapes(cache, renders)
    made = 0
    held = cache.pieces.chars
    for part in sorted(parts, key=lambda p: -p.weight):
        if (stop is not None and stop.is_set()) or held >= budget:
            break
        assert part.game is not None
        pieces = cache.pieces.of(part.game, settings)
        if pieces.whole:
            continue
        build_part(part, settings, renders, shapes, templates, drawn=drawn, pieces=pieces)
        held += pieces.chars
        made += 1
    return made


def _shapes(cache: PartsCache | None, renders: RenderCache) -> ShapeCache:
    """The shapes for parts built here: the cache's (kept between builds, forgotten past
    `KEPT_SHAPES`: tiles edited again and again), reading tiles through `renders`."""
    if cache is None:
        return ShapeCache(read=renders.tile)
    shapes = cache.shapes
    if len(shapes.shapes) + len(shapes.symmetry) > KEPT_SHAPES:
        shapes.clear()
    shapes.read = renders.tile
    return shapes


if __name__ == "__main__":
    # Run as `python -m gallery.parts` this file is `__main__`; the results must be pickled as
    # `gallery.parts` objects, so the worker runs from the module imported under its name.
    from gallery.parts import _worker_main as worker_main

    worker_main()
