"""Find and load every game of the configured folders, whatever its format.

Each item of a games folder is offered to every source of `gallery.sources` (our YAML, GE18XX
folders, 18xx.games checkouts, board-game folders); the one that recognises it reads it. The
error policy is applied here, once, for all of them: a game with errors is kept (its bad tiles
and hexes are drawn as error tiles), every problem is returned as a diagnostic, and only a game
that could not be read at all is missing, with the errors that say why.

Two sources may hold the same game (18xx.games' 1830 and GE18XX's 1830): both are published,
the later one under an id that names its source (`1830-ge18xx`), with a diagnostic saying so,
and each game page names its source. Two files of one source with one id, or ids that would
share a page address (`foo`, `foo_`, `Foo`), are a mistake in the data: an error naming both
files, and the later game is published under a suffixed id (`gallery.addresses`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from gallery.addresses import Addresses, unique_tiles
from gallery.boardgame import BoardGame
from gallery.game import Game
from gallery.importcache import CachedGame, ImportCache, source_files
from gallery.sources import (
    BOARD_GAME_SOURCE,
    TILE_GAME_SOURCES,
    GameRef,
    Loaded,
    TileGameSource,
    entry_refused,
)
from tile_lang import Diagnostic, Severity


@dataclass(frozen=True)
class GameReport:
    """The diagnostics of one game (or, with an empty `game_id`, of a games folder itself),
    so that a build log can summarise them game by game."""

    game_id: str
    where: str
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True)
class GalleryGames:
    """Everything the gallery shows, from every games folder: 18xx games, board games, and the
    diagnostics of all of them (`diagnostics` in load order; `reports` the same, game by game)."""

    games: tuple[Game, ...]
    board_games: tuple[BoardGame, ...]
    diagnostics: tuple[Diagnostic, ...]
    reports: tuple[GameReport, ...] = ()


def _folder_problem(
    folder: Path, message: str, field: str = "", severity: Severity = "warning"
) -> Diagnostic:
    return Diagnostic(
        severity=severity, message=message, code="games-folder", file=str(folder), field=field
    )


def _ref_name(ref: GameRef) -> str:
    return ref.game_id or ref.path.stem


class _Collected:
    """What `load_gallery` gathers while walking the folders."""

    def __init__(self) -> None:
        self.games: list[Game] = []
        self.board_games: list[BoardGame] = []
        self.reports: list[GameReport] = []
        self.owners: dict[str, tuple[str, str]] = {}  # id -> (source name, where)
        self.addresses = Addresses()  # every game's `games/<slug>/`, board games' too

    def report(self, game_id: str, where: str, diagnostics: list[Diagnostic]) -> None:
        if diagnostics:
            self.reports.append(GameReport(game_id, where, tuple(diagnostics)))

    def add_game(self, game: Game, source: str, ref: GameRef) -> tuple[str, list[Diagnostic]]:
        """Publish `game` under an address of its own (`gallery.addresses`). Returns the id
        it is published under and what to say about it."""
        game, said = unique_tiles(game, game.source or str(ref.path))
        published, renamed = self._add_game(game, source, ref)
        return published, said + renamed

    def _add_game(self, game: Game, source: str, ref: GameRef) -> tuple[str, list[Diagnostic]]:
        """Publish `game`: a game another source already holds under its id is published as
        `<id>-<source>`; any other clash of addresses (one id twice in one source included)
        renames the later game with an error. Returns the id and what to say about it."""
        where = str(ref.path)
        owner = self.owners.get(game.id)
        if owner is not None and owner[0] != source:
            return self._other_source(game, source, where, owner[1])
        published, said = self.addresses.claim(game.id, game.source or where)
        self.owners.setdefault(published, (source, where))
        self.games.append(game if published == game.id else replace(game, id=published))
        return published, said

    def _other_source(
        self, game: Game, source: str, where: str, first: str
    ) -> tuple[str, list[Diagnostic]]:
        published, said = self.addresses.claim(f"{game.id}-{source}", where)
        self.owners[published] = (source, where)
        self.games.append(replace(game, id=published))
        message = (
            f"game id {game.id!r} is also a game of {first}; both are published, this one "
            f"as {published!r}"
        )
        renamed = Diagnostic(
            severity="info", message=message, code="id-renamed", file=where, field="id"
        )
        return published, [renamed, *said]


#: How a folder entry's games are read: `(source name, refs) -> what the source reads for
#: each ref, in order`. The caller's choice: a pool of worker processes (a cold build's
#: imports), or one after another here (`None`).
Reader = Callable[[str, Sequence[GameRef]], list[Loaded[Game]]]
#: Fewer games than this in an entry are read here, whatever the reader: sending them costs
#: more than it saves.
SPREAD_FROM = 8


def _read_entry(
    source: TileGameSource, entry: Path, cache: ImportCache | None, reader: Reader | None = None
) -> list[tuple[GameRef, Loaded[Game]]]:
    """Every game `source` finds in `entry`, from `cache` when its files are unchanged."""
    refs = source.find(entry)
    key = cache.key(source.name, entry) if cache is not None and refs else None
    if cache is not None and key is not None:
        cached = cache.load(key)
        if cached is not None:
            return [(GameRef(entry, c.game_id), Loaded(c.game, c.diagnostics)) for c in cached]
    if reader is not None and len(refs) >= SPREAD_FROM:
        read = list(zip(refs, reader(source.name, refs), strict=True))
    else:
        read = [(ref, source.read(ref)) for ref in refs]
    if cache is not None and key is not None:
        cache.store(key, [CachedGame(r.game_id, g.model, g.diagnostics) for r, g in read])
    return read


@dataclass(frozen=True)
class _EntryReads:
    """What one folder entry gave the last time it was read, and the state it was read in."""

    stamp: str
    tile_games: tuple[tuple[TileGameSource, GameRef, Loaded[Game]], ...]
    board_games: tuple[tuple[GameRef, Loaded[BoardGame]], ...]


@dataclass
class LoadMemo:
    """The games each folder entry gave, by the entry's files' sizes and modification times:
    a `mkdocs serve` rebuild after one game file changed reads that file again, not all 130.
    Owned by the caller (the MkDocs plugin keeps one across rebuilds)."""

    entries: dict[Path, _EntryReads] = field(default_factory=dict)


def _stamp(entry: Path) -> str:
    """Sizes and modification times of what an entry's sources read (no reading)."""
    if entry.is_file():
        stat = entry.stat()
        return f"{stat.st_mtime_ns}:{stat.st_size}"
    files = source_files(entry) or sorted(p for p in entry.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for path in files:
        stat = path.stat()
        digest.update(f"{path}:{stat.st_mtime_ns}:{stat.st_size}".encode())
    return digest.hexdigest()


def _read_all(entry: Path, cache: ImportCache | None, memo: LoadMemo | None,
              reader: Reader | None = None) -> _EntryReads:  # fmt: skip
    """Every source's games in `entry`, from `memo` when the entry did not change."""
    stamp = _stamp(entry) if memo is not None else ""
    if memo is not None:
        known = memo.entries.get(entry)
        if known is not None and known.stamp == stamp:
            return known
    reads = _EntryReads(
        stamp,
        tuple(
            (source, ref, _with_origin(loaded, source.label))
            for source in TILE_GAME_SOURCES
            for ref, loaded in _read_entry(source, entry, cache, reader)
        ),
        tuple((ref, BOARD_GAME_SOURCE.read(ref)) for ref in BOARD_GAME_SOURCE.find(entry)),
    )
    if memo is not None:
        if known is not None:
            reads = _kept_models(reads, known)
        memo.entries[entry] = reads
    return reads


def _with_origin(loaded: Loaded[Game], label: str) -> Loaded[Game]:
    """The game named after the source it was read from (`label`; ours has none) when it
    does not name one itself: once, as it is read, so that the game kept in a `LoadMemo` is
    the very object published in every build."""
    game = loaded.model
    if game is None or not label or game.origin is not None:
        return loaded
    return replace(loaded, model=replace(game, origin=label))


def _kept_models(reads: _EntryReads, before: _EntryReads) -> _EntryReads:
    """`reads` with each game that reads the same as before as the very object read before.
    Why: a file edited without changing its game (a comment, a blank line) then changes
    nothing downstream, and what the gallery keeps across `mkdocs serve` rebuilds is known
    unchanged by identity, without comparing whole games again."""
    old = {(source.name, ref): loaded.model for source, ref, loaded in before.tile_games}
    games = []
    for source, ref, loaded in reads.tile_games:
        was = old.get((source.name, ref))
        if was is not None and loaded.model is not None and was == loaded.model:
            loaded = replace(loaded, model=was)
        games.append((source, ref, loaded))
    return replace(reads, tile_games=tuple(games))


def _add_entry(
    out: _Collected,
    entry: Path,
    cache: ImportCache | None,
    memo: LoadMemo | None = None,
    reader: Reader | None = None,
) -> bool:
    """Read the games of one entry (a file or folder) into `out`; False when no source
    recognised it."""
    recognised = False
    reads = _read_all(entry, cache, memo, reader)
    for source, ref, loaded in reads.tile_games:
        recognised = True
        found = list(loaded.diagnostics)
        name = _ref_name(ref)
        if loaded.model is not None:
            name, said = out.add_game(loaded.model, source.name, ref)
            found += said
        out.report(name, str(ref.path), found)
    for ref, board in reads.board_games:
        recognised = True
        found = list(board.diagnostics)
        name = _ref_name(ref)
        if board.model is not None:
            name, said = out.addresses.claim(board.model.id, str(ref.path))
            out.board_games.append(replace(board.model, id=name) if said else board.model)
            found += said
        out.report(name, str(ref.path), found)
    return recognised


def load_gallery(
    folders: list[Path],
    *,
    imports: Sequence[Path] = (),
    cache: ImportCache | None = None,
    memo: LoadMemo | None = None,
    reader: Reader | None = None,
) -> GalleryGames:
    """Every game of `folders` (in folder order then name order), then of `imports` (each an
    18xx.games checkout or a GE18XX folder itself), with all diagnostics. With `cache`, the
    games of a checkout or GE18XX folder are read once per content of its files; with `memo`,
    an entry whose files did not change since the last call is not read again; with `reader`,
    the games of an import are read that way (`Reader`; the result is the same)."""
    out = _Collected()
    for folder in folders:
        if not folder.is_dir():
            out.report("", str(folder), [_folder_problem(folder, "games folder not found")])
            continue
        for entry in sorted(folder.iterdir()):
            refused = entry_refused(entry, folder)
            if refused is not None:  # never read, never walked
                out.report("", str(entry), [_folder_problem(entry, refused, severity="error")])
                continue
            _add_entry(out, entry, cache, memo)
    for entry in imports:
        if not entry.is_dir():
            out.report("", str(entry), [_folder_problem(entry, "import folder not found")])
        elif not _add_entry(out, entry, cache, memo, reader):
            message = (
                "not an 18xx.games checkout (lib/engine/game/) or a GE18XX folder (Tiles/): "
                "nothing imported"
            )
            out.report("", str(entry), [_folder_problem(entry, message)])
    diagnostics = tuple(d for r in out.reports for d in r.diagnostics)
    return GalleryGames(tuple(out.games), tuple(out.board_games), diagnostics, tuple(out.reports))


def load_games_dirs(folders: list[Path]) -> tuple[list[Game], list[Diagnostic]]:
    """The 18xx games of `folders` and the diagnostics of every game (board games included),
    for commands that only handle 18xx games (`conflicts`, `print`)."""
    loaded = load_gallery(folders)
    return list(loaded.games), list(loaded.diagnostics)
