"""A bounded folder of cache entries: the on-disk caches' common ground (imported games as
JSON, built gallery parts as `gallery.partstore` writes them).

Each entry is one text file named by its key, written whole and then renamed (a reader never
sees half a file, and two builds writing the same key leave one of the two whole). Reading an
entry marks it recently used; after a write the least recently used entries are removed until
the folder fits its bound. Entries are data (JSON, or text with a JSON header), never pickles:
loading one runs no code. A cache that cannot be read or written is no error: the caller
builds again.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class CacheFolder:
    """Entries by key in `folder` (files ending in `suffix`), at most `max_bytes` of them."""

    folder: Path
    max_bytes: int
    suffix: str = ".json"

    def path(self, key: str) -> Path:
        return self.folder / f"{key}{self.suffix}"

    def read_text(self, key: str) -> str | None:
        """The text stored under `key`, or None (absent or unreadable)."""
        path = self.path(key)
        try:
            # as written: no line break translated (an entry may hold texts with \r\n)
            with open(path, encoding="utf-8", newline="") as entry:
                text = entry.read()
            os.utime(path)  # recently used: evicted last
        except (OSError, ValueError):
            return None
        return text

    def write_text(self, key: str, text: str, *, trim: bool = True) -> None:
        """Keep `text` under `key`, then (with `trim`; a caller storing many entries at once
        trims once, after the last) trim the folder to `max_bytes`, oldest first."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # a name of this process's own: two builds storing the same key do not collide
            temporary = self.folder / f"{key}.{os.getpid()}.tmp"
            temporary.write_text(text, "utf-8", newline="")
            temporary.replace(self.path(key))
        except OSError:
            return
        if trim:
            self.trim()

    def read(self, key: str) -> dict[str, Any] | None:
        """The JSON object stored under `key`, or None (absent, unreadable, not an object)."""
        text = self.read_text(key)
        try:
            data = json.loads(text) if text is not None else None
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def write(self, key: str, data: object, *, trim: bool = True) -> None:
        """Keep `data` as JSON under `key` (see `write_text`)."""
        self.write_text(key, json.dumps(data, ensure_ascii=False, separators=(",", ":")), trim=trim)

    def trim(self) -> None:
        """Remove the least recently used entries until the folder holds at most
        `max_bytes` of them."""
        try:
            entries = []
            for path in self.folder.glob(f"*{self.suffix}"):
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
