"""An on-disk cache of imported games, keyed by the content of what they were read from.

Reading a whole 18xx.games checkout statically takes seconds (130 games, ~2,000 Ruby files);
a site that publishes it should not pay that on every build. So the games of one source entry
(a checkout, a GE18XX folder) are stored as JSON under a key that hashes every file the
importer may read there and the importer's own code: any edit upstream or here is a new key,
never a stale game. JSON, not pickle: a cache file is data, and loading it runs no code.

The cache is a folder the caller owns and passes down (platformdirs' user cache folder by
default: `~/.cache/tile-atlas/imports` on Linux), bounded in bytes: after a store the oldest
entries are removed until the folder fits (`gallery.cachefolder`).
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
from dataclasses import asdict, dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import platformdirs

from gallery.cachefolder import CacheFolder, code_digest, module_closure, package_files
from gallery.game import Axes, Game, MapHex, TileEntry, TileUpgrade
from tile_lang import Diagnostic

FORMAT = 1
"""Bumped when the stored layout changes (old entries are then simply not found)."""

DEFAULT_MAX_BYTES = 256 * 2**20

# the files an importer reads in one source entry, by source name
SOURCE_FILES = {
    "18xx": ("lib/engine/game/**/*.rb", "lib/engine/publisher.rb"),
    "ge18xx": ("**/*.xml",),
}


def default_cache_dir() -> Path:
    """The user's cache folder for imports (`platformdirs`: `~/.cache/tile-atlas/imports`)."""
    return platformdirs.user_cache_path("tile-atlas") / "imports"


def entry_key(source: str, entry: Path, code: str) -> str | None:
    """The content key of one source entry, or None for a source that is not cached. `code`
    is the digest of the code that reads and checks the games (`gallery.cachefolder.code_digest`:
    the importers, the game model, the tile language's checks, the native reader)."""
    patterns = SOURCE_FILES.get(source)
    if patterns is None:
        return None
    digest = hashlib.sha256(f"{FORMAT}\0{source}\0{entry.resolve()}\0{code}".encode())
    for path in _matching(entry, patterns):
        digest.update(str(path.relative_to(entry)).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def source_files(entry: Path) -> list[Path]:
    """The files an importer may read in `entry` (a checkout or a GE18XX folder)."""
    return sorted({p for patterns in SOURCE_FILES.values() for p in _matching(entry, patterns)})


def _matching(entry: Path, patterns: tuple[str, ...]) -> list[Path]:
    """The files of `entry` that `patterns` name, through symbolic links to folders too (an
    importer reads a game folder that is a link, so its key must cover it; pathlib's `**`
    does not follow links). A folder reached twice (a link loop) is walked once."""
    found: set[Path] = set()
    for pattern in patterns:
        base, _, tail = pattern.rpartition("**/")
        if not _:
            found.update(p for p in entry.glob(pattern) if p.is_file())
            continue
        top = entry / base if base else entry
        seen: set[str] = set()
        for folder, dirs, names in os.walk(top, followlinks=True):
            real = os.path.realpath(folder)
            if real in seen:
                dirs.clear()
                continue
            seen.add(real)
            dirs.sort()
            for name in fnmatch.filter(names, tail):
                path = Path(folder) / name
                if path.is_file():
                    found.add(path)
    return sorted(found)


def entry_stamp(entry: Path) -> str:
    """A cheap stand-in for `entry_key` (sizes and modification times, no reading), for a
    `mkdocs serve` rebuild to tell whether an import folder changed at all."""
    digest = hashlib.sha256(str(entry.resolve()).encode())
    for path in source_files(entry):
        stat = path.stat()
        digest.update(f"{path}:{stat.st_mtime_ns}:{stat.st_size}".encode())
    return digest.hexdigest()


def watched_folder(entry: Path) -> Path:
    """The part of an import folder `mkdocs serve` watches: a checkout's games, not its
    whole tree (its .git, assets and specs change for other reasons)."""
    games = entry / "lib" / "engine" / "game"
    return games if games.is_dir() else entry


# ------------------------------------------------------------------------ JSON forms


def game_to_json(game: Game) -> dict[str, Any]:
    data = asdict(game)
    data["tiles"] = list(data["tiles"].values())
    data["hexes"] = list(data["hexes"].values())
    return data


def game_from_json(data: dict[str, Any]) -> Game:
    upgrades = tuple(
        TileUpgrade(u["base"], u["to"], None if u["rotations"] is None else tuple(u["rotations"]))
        for u in data["upgrades"]
    )
    colors = data["phase_colors"]
    return Game(
        **{
            **data,
            "axes": Axes(**data["axes"]),
            "tiles": {t["name"]: TileEntry(**t) for t in data["tiles"]},
            "hexes": {h["coord"]: MapHex(**h) for h in data["hexes"]},
            "upgrades": upgrades,
            "phase_colors": None if colors is None else tuple(colors),
        }
    )


@dataclass(frozen=True)
class CachedGame:
    """One game of an entry as the cache keeps it: the id it was found under (None for a
    source with one game per entry), the game (None when it could not be read) and every
    diagnostic of reading it."""

    game_id: str | None
    game: Game | None
    diagnostics: tuple[Diagnostic, ...]


def _to_json(item: CachedGame) -> dict[str, Any]:
    return {
        "game_id": item.game_id,
        "game": None if item.game is None else game_to_json(item.game),
        "diagnostics": [asdict(d) for d in item.diagnostics],
    }


def _from_json(data: dict[str, Any]) -> CachedGame:
    game = data["game"]
    return CachedGame(
        data["game_id"],
        None if game is None else game_from_json(game),
        tuple(Diagnostic(**d) for d in data["diagnostics"]),
    )


def import_code() -> str:
    """What reads and checks the imported games: the modules `gallery.sources` reaches (the
    readers, the game model, the tile language's checks) and the tile catalog."""
    files = module_closure("gallery.sources", "gallery.importcache")
    return code_digest([*files, *package_files("tile_lang/data")], salt=f"imports {FORMAT}")


@dataclass(frozen=True)
class ImportCache:
    """A bounded folder of imported games, one JSON file per (source entry, content).
    `code`: the digest of the code that reads them (`import_code`, taken once per cache)."""

    folder: Path
    max_bytes: int = DEFAULT_MAX_BYTES

    @cached_property
    def code(self) -> str:
        """The readers' code digest, taken when a key is first needed (reading the modules
        takes a few tenths of a second; a site without imports never needs it)."""
        return import_code()

    def key(self, source: str, entry: Path) -> str | None:
        """`entry_key` with this cache's code digest."""
        return entry_key(source, entry, self.code)

    @property
    def _entries(self) -> CacheFolder:
        return CacheFolder(self.folder, self.max_bytes)

    def load(self, key: str) -> list[CachedGame] | None:
        """The games stored under `key`, or None (absent, unreadable or of another format:
        the caller then imports and stores again)."""
        data = self._entries.read(key)
        try:
            if data is None or data.get("format") != FORMAT:
                return None
            return [_from_json(item) for item in data["games"]]
        except (ValueError, KeyError, TypeError):
            return None

    def store(self, key: str, games: list[CachedGame]) -> None:
        """Keep `games` under `key`; the folder is then trimmed to `max_bytes`."""
        data = {"format": FORMAT, "games": [_to_json(g) for g in games]}
        self._entries.write(key, data)

    def trim(self) -> None:
        """Remove the least recently used entries until the folder fits `max_bytes`."""
        self._entries.trim()
