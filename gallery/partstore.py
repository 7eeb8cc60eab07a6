"""Built gallery parts kept on disk, so that a new build does not build them again.

A part (a game's pages and drawings, or a run of catalog tile pages: `gallery.parts`) depends
only on its inputs, and its key is a digest of them. The same key in a later build, in
another process, means the same files, provided the code that builds them is the same too:
so an entry's name is a digest of the part's key, of every file of the `gallery` and
`tile_lang` packages (their code, templates, stylesheets and tile catalog) and of the versions
of Python and of the libraries that write the files (`parts_code`). Any change there,
or to a game, a template override or an icon file, is a new name, never a stale page.

Why: a whole-world site is 145 parts, and building them is half of its cold build on two
cores; a site rebuilt with few changed games (a CI job whose cache folder is kept, a second
`mkdocs build` after editing one game) builds only those. The folder is the user's cache
folder by default (`~/.cache/tile-atlas/parts` on Linux, via platformdirs), bounded in bytes
like the import cache (`gallery.cachefolder`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path, PurePosixPath

import platformdirs

from gallery.cachefolder import CacheFolder, code_digest, package_files
from gallery.pages.context import GeneratedFile
from gallery.parts import PartResult

FORMAT = 1
"""Bumped when the stored layout changes (old entries are then simply not found)."""

DEFAULT_MAX_BYTES = 512 * 2**20


def default_parts_dir() -> Path:
    """The user's cache folder for built parts (`~/.cache/tile-atlas/parts` on Linux)."""
    return platformdirs.user_cache_path("tile-atlas") / "parts"


def parts_code() -> str:
    """What builds a part: every file of the `gallery` and `tile_lang` packages (their code,
    templates, stylesheets and tile catalog), Python's and the libraries' versions."""
    return code_digest(package_files("gallery", "tile_lang"), salt=f"parts {FORMAT}")


class PartStore:
    """Finished parts by key, in a bounded folder. The code digest is taken once, when the
    store is made (the plugin makes one per `mkdocs` command)."""

    def __init__(self, folder: Path, max_bytes: int = DEFAULT_MAX_BYTES,
                 version: str | None = None) -> None:  # fmt: skip
        self.files = CacheFolder(folder, max_bytes, suffix=".part")
        self.version = version if version is not None else parts_code()

    def _name(self, key: str) -> str:
        return hashlib.sha256(f"{self.version}\0{key}".encode()).hexdigest()

    def load(self, key: str) -> PartResult | None:
        """The part stored under `key`, or None (absent, unreadable, of another format, or
        naming a path outside the site: then it is dropped)."""
        name = self._name(key)
        text = self.files.read_text(name)
        if text is None:
            return None
        result = _decode(text)
        if result is None:
            self.files.drop(name, "not a part this code wrote")
            return None
        return result

    def save(self, results: dict[str, PartResult]) -> int:
        """Keep the finished ones of `results` (by key; a result whose drawings are still
        being made, `PartResult.later`, is not finished), then trim the folder once. Returns
        how many were kept."""
        kept = 0
        for key, result in results.items():
            if not result.later:
                self.files.write_text(self._name(key), _encode(result), trim=False)
                kept += 1
        if kept:
            self.files.trim()
        return kept


# An entry is one line of JSON (the part's structure, each text by its length), then every
# text of the part (each file's content, then each of its blocks' HTML) one after the other,
# as they are. Why not all JSON: a whole world's parts are 100 MB, most of it SVG full of
# quotes, and escaping them to write and unescaping them to read took a second each way, in
# the process the whole build waits for.


def _encode(result: PartResult) -> str:
    texts: list[str] = []
    files = []
    for f in result.files:
        texts.append(f.content)
        blocks = []
        for mark, html in f.blocks:
            texts.append(html)
            blocks.append([mark, len(html)])
        files.append([f.path, len(f.content), blocks])
    head = {
        "format": FORMAT,
        "files": files,
        "svgs": [[list(key), path] for key, path in result.svgs],
        "written": list(result.written),
        "missing_icons": [list(pair) for pair in result.missing_icons],
        "length": sum(len(t) for t in texts),
    }
    return json.dumps(head, ensure_ascii=False, separators=(",", ":")) + "\n" + "".join(texts)


def _decode(text: str) -> PartResult | None:
    """The part `_encode` wrote, or None for anything else (another format, a cut file)."""
    cut = text.find("\n")  # the texts are sliced out of `text` itself: no copy of the body
    try:
        head = json.loads(text[:cut] if cut >= 0 else text)
        if not isinstance(head, dict) or head["format"] != FORMAT or cut < 0:
            return None
        if head["length"] != len(text) - cut - 1:
            return None
        at = cut + 1

        def take(length: int) -> str:
            nonlocal at
            if not isinstance(length, int) or length < 0 or at + length > len(text):
                raise ValueError("a length past the end")
            at += length
            return text[at - length : at]

        files = []
        for path, length, blocks in head["files"]:
            content = take(length)
            taken = tuple((str(mark), take(size)) for mark, size in blocks)
            files.append(GeneratedFile(site_path(path), content, taken))
        return PartResult(
            files=tuple(files),
            svgs=tuple((_key(key), site_path(path)) for key, path in head["svgs"]),
            written=tuple(site_path(w) for w in head["written"]),
            missing_icons=tuple((str(name), int(n)) for name, n in head["missing_icons"]),
        )
    except (KeyError, TypeError, ValueError, RecursionError):
        return None


def site_path(value: object) -> str:
    """`value` when it is a path inside the site folder (relative, no `..`, no empty or
    hidden-dot part, no backslash or control character); ValueError otherwise: a path an
    entry names is data, and the build writes there."""
    if not isinstance(value, str) or not value or len(value) > 1024:
        raise ValueError("not a path")
    if "\\" in value or ":" in value or not value.isprintable():
        raise ValueError(f"not a site path: {value!r}")
    parts = PurePosixPath(value).parts
    if value.startswith("/") or any(p in ("", ".", "..") for p in parts):
        raise ValueError(f"not a site path: {value!r}")
    if value != "/".join(parts):
        raise ValueError(f"not a site path: {value!r}")
    return value


def _key(value: object) -> tuple[object, ...]:
    """A drawing's render inputs as stored: a list of strings, numbers and nulls."""
    if not isinstance(value, list) or len(value) > 64:
        raise ValueError("not render inputs")
    if not all(v is None or isinstance(v, str | int | float | bool) for v in value):
        raise ValueError("not render inputs")
    return tuple(value)
