"""A bounded folder of JSON files: the on-disk caches' common ground (imported games, built
gallery parts).

Each entry is one file named by its key, written whole and then renamed (a reader never sees
half a file, and two builds writing the same key leave one of the two whole). Reading an
entry marks it recently used; after a write the least recently used entries are removed until
the folder fits its bound. JSON, not pickle: a cache file is data, and loading it runs no code.
A cache that cannot be read or written is no error: the caller builds again.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class JsonFolder:
    """Entries of JSON data by key in `folder`, at most `max_bytes` of them."""

    folder: Path
    max_bytes: int

    def path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def read(self, key: str) -> dict[str, Any] | None:
        """The object stored under `key`, or None (absent, unreadable, not an object)."""
        path = self.path(key)
        try:
            data = json.loads(path.read_text("utf-8"))
            os.utime(path)  # recently used: evicted last
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def write(self, key: str, data: object, *, trim: bool = True) -> None:
        """Keep `data` under `key`, then (with `trim`; a caller storing many entries at once
        trims once, after the last) trim the folder to `max_bytes`, oldest first."""
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # a name of this process's own: two builds storing the same key do not collide
            temporary = self.folder / f"{key}.{os.getpid()}.tmp"
            temporary.write_text(text, "utf-8")
            temporary.replace(self.path(key))
        except OSError:
            return
        if trim:
            self.trim()

    def trim(self) -> None:
        """Remove the least recently used entries until the folder holds at most
        `max_bytes` of them."""
        try:
            entries = []
            for path in self.folder.glob("*.json"):
                stat = path.stat()
                entries.append((stat.st_mtime, stat.st_size, path))
        except OSError:
            return
        total = sum(size for _, size, _ in entries)
        for _, size, path in sorted(entries):
            if total <= self.max_bytes:
                break
            path.unlink(missing_ok=True)
            total -= size
