"""A bounded folder of cache entries: the on-disk caches' common ground (imported games as
JSON, built gallery parts as `gallery.partstore` writes them).

Each entry is one text file named by its key, written whole and then renamed (a reader never
sees half a file, and two builds writing the same key leave one of the two whole). Reading an
entry marks it recently used; after a write the least recently used entries are removed until
the folder fits its bound. Entries are data (JSON, or text with a JSON header), never pickles:
loading one runs no code. A cache that cannot be read or written is no error: the caller
builds again.

Every entry starts with a line naming the digest and length of the rest; an entry whose rest
does not match (a flipped byte, a cut file, a file someone else wrote) is dropped with a debug
line and built again. What an entry says is still checked by its reader (paths, depth).
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import json
import logging
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

LOG = logging.getLogger(__name__)
#: The first line of every entry: this, the SHA-256 of the rest, its length in characters.
MAGIC = "tile-atlas-entry"
#: The code's root: the `gallery` and `tile_lang` packages are its folders.
SOURCE_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class CacheFolder:
    """Entries by key in `folder` (files ending in `suffix`), at most `max_bytes` of them."""

    folder: Path
    max_bytes: int
    suffix: str = ".json"

    def path(self, key: str) -> Path:
        return self.folder / f"{key}{self.suffix}"

    def read_text(self, key: str) -> str | None:
        """The text stored under `key`, or None (absent, unreadable, or not as written: then
        the entry is removed)."""
        path = self.path(key)
        try:
            # as written: no line break translated (an entry may hold texts with \r\n)
            with open(path, encoding="utf-8", newline="") as entry:
                text = entry.read()
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            self.drop(key, f"unreadable ({exc})")
            return None
        body = _checked(text)
        if body is None:
            self.drop(key, "its checksum does not match")
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: evicted last
        return body

    def drop(self, key: str, why: str) -> None:
        """Remove the entry under `key`, saying why at debug level (it is built again)."""
        LOG.debug(f"cache entry {self.path(key)} dropped: {why}")
        with contextlib.suppress(OSError):
            self.path(key).unlink(missing_ok=True)

    def write_text(self, key: str, text: str, *, trim: bool = True) -> None:
        """Keep `text` under `key`, then (with `trim`; a caller storing many entries at once
        trims once, after the last) trim the folder to `max_bytes`, oldest first."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # a name of this process's own: two builds storing the same key do not collide
            temporary = self.folder / f"{key}.{os.getpid()}.tmp"
            temporary.write_text(seal(text), "utf-8", newline="")
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
        except (ValueError, RecursionError):  # (nesting past the interpreter's bound)
            self.drop(key, "not JSON")
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


def seal(body: str) -> str:
    """`body` as an entry holds it: after a line with its digest and length."""
    digest = hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()
    return f"{MAGIC} {digest} {len(body)}\n{body}"


def _checked(text: str) -> str | None:
    """The body of a sealed entry when its digest and length match, else None."""
    head, newline, body = text.partition("\n")
    fields = head.split(" ")
    if not newline or len(fields) != 3 or fields[0] != MAGIC or fields[2] != str(len(body)):
        return None
    digest = hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()
    return body if digest == fields[1] else None


#: The libraries whose output an entry holds (templates filled, escaping, YAML read and
#: written): a new version of one may give other entries.
LIBRARIES = ("jinja2", "markupsafe", "pyyaml")


def code_digest(files: Iterable[Path], *, salt: str = "", root: Path = SOURCE_ROOT) -> str:
    """A digest of the code that makes an entry: `files` (their names below `root` and
    contents), the versions of Python and of `LIBRARIES`, and `salt` (a format)."""
    digest = hashlib.sha256(f"{salt}\0{sys.version}".encode())
    for library in LIBRARIES:
        try:
            digest.update(f"{library} {metadata.version(library)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{library} none\0".encode())
    for path in sorted(set(files)):
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def package_files(*packages: str) -> list[Path]:
    """Every file of the named packages below the code's root (compiled files aside)."""
    return [
        path
        for package in packages
        for path in (SOURCE_ROOT / package).rglob("*")
        if path.is_file() and path.suffix != ".pyc" and "__pycache__" not in path.parts
    ]


def module_closure(
    *modules: str, packages: tuple[str, ...] = ("gallery", "tile_lang")
) -> list[Path]:
    """The source files of `modules` and of every module of `packages` they import, directly
    or not (read with `ast`, nothing imported): the code whose output a cache entry holds."""
    seen: set[Path] = set()
    todo = list(modules)
    while todo:
        for path in _module_files(todo.pop(), packages):
            if path not in seen:
                seen.add(path)
                todo.extend(imported_modules(path, packages))
    return sorted(seen)


def _module_files(name: str, packages: tuple[str, ...]) -> list[Path]:
    """The file of module `name` and its packages' `__init__.py` (none outside `packages`)."""
    parts = name.split(".")
    if parts[0] not in packages:
        return []
    found = []
    for i in range(1, len(parts) + 1):
        folder = SOURCE_ROOT.joinpath(*parts[:i])
        for path in (folder / "__init__.py", folder.with_suffix(".py")):
            if path.is_file():
                found.append(path)
    return found


def imported_modules(path: Path, packages: tuple[str, ...]) -> list[str]:
    """The modules of `packages` that `path` (a file under `SOURCE_ROOT`) imports anywhere in
    it, in functions and under TYPE_CHECKING too (a `from a import b` may import module `a.b`
    too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = ".".join(path.relative_to(SOURCE_ROOT).with_suffix("").parts)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    package = package.removesuffix(".__init__")
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return [n for n in names if n.split(".")[0] in packages]
