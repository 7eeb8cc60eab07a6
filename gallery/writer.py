"""Files written into a site folder by a process of their own.

Writing a whole-world site's 11,500 drawings is almost all system calls, but each file still
needs a few steps of Python, and a thread of MkDocs' process gets those only when the busy
main thread lets go of the interpreter lock: a writing thread beside a build that renders
pages took seconds longer than the build itself. A separate process (a fresh interpreter
running this module, like the gallery's workers) writes them at full speed on another core.
The caller's side (`FileWriter`) pickles each batch (data between our own processes) and a
thread of its own feeds them to the process, so a full pipe never holds up the caller.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path

#: One batch: the folder, and each file's path below it with its text.
Batch = tuple[str, tuple[tuple[str, str], ...]]


def child_environment() -> dict[str, str]:
    """The environment of a process of ours (`python -m gallery.…`): this one's, with the
    module search path this process has, so the child imports the very same packages."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}


def write_text(target: Path, text: str, folders: set[Path]) -> None:
    """Write `text` to `target` as MkDocs writes a file, making its folder first unless
    `folders` (the caller's, kept across its files) says it was made already."""
    if target.parent not in folders:
        target.parent.mkdir(parents=True, exist_ok=True)
        folders.add(target.parent)
    with open(target, "w", encoding="utf-8") as out:
        out.write(text)


class WriterError(RuntimeError):
    """The writing process failed (its message says which file and why)."""


class FileWriter:
    """Writes batches of text files in a process of its own, in the order given; `finish`
    waits until all are written and raises `WriterError` when one could not be."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._errors: tempfile._TemporaryFileWrapper[bytes] | None = None
        self._queue: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._feeder: threading.Thread | None = None

    def write(self, folder: Path, files: Sequence[tuple[str, str]]) -> None:
        """Write each `(path, text)` of `files` under `folder` (soon, not now)."""
        if not files:
            return
        if self._proc is None:
            self._errors = tempfile.NamedTemporaryFile()  # noqa: SIM115 (closed in finish)
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "gallery.writer"],
                stdin=subprocess.PIPE,
                stderr=self._errors,
                env=child_environment(),
            )
            self._feeder = threading.Thread(target=self._feed, daemon=True)
            self._feeder.start()
        batch: Batch = (str(folder), tuple(files))
        self._queue.put(pickle.dumps(batch, protocol=pickle.HIGHEST_PROTOCOL))

    def _feed(self) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        stdin = self._proc.stdin
        with contextlib.suppress(OSError):  # a failed process: `finish` says why
            while (data := self._queue.get()) is not None:
                stdin.write(data)
            stdin.close()

    def finish(self) -> None:
        """Wait until every file is written (nothing when none was given)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        self._queue.put(None)
        assert self._feeder is not None and self._errors is not None
        self._feeder.join()
        with contextlib.suppress(OSError):
            assert proc.stdin is not None
            proc.stdin.close()
        status = proc.wait()
        self._errors.seek(0)
        said = self._errors.read().decode("utf-8", "replace").strip()
        self._errors.close()
        if status != 0:
            raise WriterError(said.splitlines()[-1] if said else f"status {status}")


def _main() -> None:
    """`python -m gallery.writer`: batches on standard input until it ends."""
    given = sys.stdin.buffer
    folders: set[Path] = set()
    while True:
        try:
            root, files = pickle.load(given)
        except EOFError:
            return
        for path, text in files:
            target = Path(root) / path
            try:
                write_text(target, text, folders)
            except OSError as exc:
                print(f"could not write {target}: {exc}", file=sys.stderr)
                sys.exit(1)


if __name__ == "__main__":
    _main()
