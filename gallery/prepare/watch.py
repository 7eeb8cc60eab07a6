"""`prepare --watch`: prepare again whenever a watched file changes.

Watching is polling: every `interval` seconds the watched files' names, sizes and modification
times are compared with the last look. A site's watched folders hold a few hundred files, so
a look costs a millisecond or two, it needs no library, and it behaves the same on every
system and file system (network drives and containers included, where change notifications
are unreliable). Folders are walked only as `gallery.sources` reads them: regular files, no
hidden entries, no links out.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

Snapshot = dict[str, tuple[int, int]]


def snapshot(paths: Iterable[Path]) -> Snapshot:
    """Each regular file under `paths` (files or folders): (modification time, size)."""
    found: Snapshot = {}
    for path in paths:
        if path.is_file():
            _add(found, path)
            continue
        for folder, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in names:
                if not name.startswith("."):
                    _add(found, Path(folder) / name)
    return found


def _add(found: Snapshot, path: Path) -> None:
    try:
        stat = path.stat()
    except OSError:
        return
    found[str(path)] = (stat.st_mtime_ns, stat.st_size)


def watch(watched: Callable[[], Iterable[Path]], on_change: Callable[[list[str]], None], *,
          interval: float = 0.25, stop: Callable[[], bool] = lambda: False) -> None:  # fmt: skip
    """Call `on_change(changed paths)` after each change under `watched()` (asked again after
    every change: the configuration may name other folders) until `stop()`."""
    last = snapshot(watched())
    while not stop():
        time.sleep(interval)
        now = snapshot(watched())
        if now == last:
            continue
        changed = sorted(k for k in set(now) | set(last) if now.get(k) != last.get(k))
        on_change(changed)
        last = snapshot(watched())
