"""Reading the text of a game source file: one decoder for every format, positions for every byte
that cannot be read.

Game files are hand-edited in whatever editor a contributor has, so the bytes on disk are not
always what the format expects. The rules, applied per file:

1. A byte-order mark decides: UTF-8, UTF-16 LE/BE or UTF-32 LE/BE (the mark is dropped).
2. Without one, the file is UTF-8 when it decodes as UTF-8.
3. A file that does not decode is **still UTF-8** when it holds any valid multi-byte UTF-8
   sequence (`é` written as two bytes): such a file was saved as UTF-8 and got a stray byte
   from a paste. Re-reading it whole in a legacy encoding would turn every correct accented
   name into mojibake, so it is decoded as UTF-8 and each undecodable byte becomes U+FFFD with
   an **error** at its line, column and byte offset (the hint names the Windows-1252 character
   the byte would be, which is usually what the author typed).
4. Only a file with no valid UTF-8 sequence at all is read in the format's `legacy` encoding
   (board games: Windows-1252, what the original game's files were written in), with a
   **warning** naming the encoding; bytes that encoding does not define are errors. Formats
   without a legacy encoding (YAML is UTF-8/16/32 by its spec; tile lists) report rule 3's
   errors instead.

5. Hidden controls (`HIDDEN`: bidirectional overrides and isolates, zero-width characters)
   are removed from the text, each with a **warning** at its line and column: they would make
   a title read as something it is not, on every page, in search and in print.

Never a `UnicodeDecodeError`, never a silently replaced character.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from gallery.limits import FILE_BYTES
from tile_lang import Diagnostic

BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: it starts with the same two bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
ENCODING_NAMES = {
    "utf-8": "UTF-8",
    "utf-16-le": "UTF-16 LE",
    "utf-16-be": "UTF-16 BE",
    "utf-32-le": "UTF-32 LE",
    "utf-32-be": "UTF-32 BE",
    "cp1252": "Windows-1252",
}
MAX_REPORTED = 20
"""Undecodable bytes reported one by one per file; the rest are counted (a binary file must
not print a million lines)."""


NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""Characters no name, title or label may hold: C0/C1 controls other than tab and line breaks,
lone surrogates, and the two non-characters XML forbids (none can be written in an SVG)."""


_INVISIBLE = "\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\u180e\ufeff"
# a joiner's neighbour that lets it stay: a visible non-ASCII character (never another
# control, so that removing the controls leaves nothing to remove: the result is stable)
_VISIBLE = f"[^\\x00-\\x7f\\s{_INVISIBLE}]"
HIDDEN = re.compile(
    "[\u202a-\u202e\u2066-\u2069\u200b\u2060\u180e\ufeff]"
    f"|(?<!{_VISIBLE})[\u200c\u200d]|[\u200c\u200d](?!{_VISIBLE})"
)
"""Characters that change how text around them is shown while being invisible themselves:
the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069: an
unclosed U+202E shows the rest of a sentence backwards, `Railways<U+202E>gnp.exe` reads as
"Railwaysexe.png") and the zero-width characters (U+200B, U+2060, U+180E, a U+FEFF inside
the text). The joiners U+200C/U+200D are kept between two non-ASCII letters, where Persian,
Indic scripts and emoji need them, and are hidden text anywhere else. Ordinary right-to-left
text needs none of these (the browser orders Hebrew and Arabic by itself), and the marks
U+200E/U+200F, which only steer the punctuation beside them, are left alone."""


def hidden_text(text: str) -> list[tuple[int, str]]:
    """Where `text` holds hidden controls (`HIDDEN`): (offset, character) pairs."""
    if text.isascii():
        return []
    return [(m.start(), m.group()) for m in HIDDEN.finditer(text)]


def without_hidden(text: str) -> str:
    """`text` with every hidden control (`HIDDEN`) removed."""
    return text if text.isascii() else HIDDEN.sub("", text)


def hidden_message(char: str) -> str:
    """What a warning says about one hidden control."""
    name = unicodedata.name(char, "control")
    bidi = "\u202a" <= char <= "\u202e" or "\u2066" <= char <= "\u2069"
    effect = "it reorders the text after it" if bidi else "it is invisible"
    return f"hidden character U+{ord(char):04X} {name} in the text ({effect}): removed"


def hidden_diagnostic(char: str, file: str, line: int, column: int) -> Diagnostic:
    """The warning about one hidden control at `file`:`line`:`column`."""
    return Diagnostic(
        severity="warning",
        message=hidden_message(char),
        code="hidden-text",
        file=file,
        line=line,
        column=column,
    )


def _hidden_diagnostics(text: str, file: str) -> list[Diagnostic]:
    """A warning at the line and column of each hidden control of a file (the first
    `MAX_REPORTED`, then how many more)."""
    found = hidden_text(text)
    out = []
    for offset, char in found[:MAX_REPORTED]:
        line = text.count("\n", 0, offset) + 1
        column = offset - text.rfind("\n", 0, offset)
        out.append(hidden_diagnostic(char, file, line, column))
    if len(found) > MAX_REPORTED:
        message = f"{len(found) - MAX_REPORTED} more hidden characters, all removed"
        out.append(Diagnostic(severity="warning", message=message, code="hidden-text", file=file))
    return out


def bad_character(text: str) -> str | None:
    """Why `text` cannot be a name: the first forbidden character and its 1-based column in
    the value, or None when it is fine."""
    found = NOT_TEXT.search(text)
    if found is None:
        return None
    char = found.group()
    return (
        f"control or non-text character U+{ord(char):04X} at character {found.start() + 1} "
        "of the value: names and titles are text"
    )


@dataclass(frozen=True)
class DecodedText:
    """A file's text, the encoding it was read in, and what went wrong reading it."""

    text: str
    encoding: str
    diagnostics: tuple[Diagnostic, ...] = ()


@dataclass(frozen=True)
class _Bad:
    start: int  # byte offset in the file
    end: int
    line: int  # 1-based
    column: int  # 1-based, in characters of the decoded line


def _decode(data: bytes, encoding: str, skip: int) -> tuple[str, list[_Bad], bool]:
    """`data[skip:]` decoded, each undecodable run replaced by U+FFFD; the first
    `MAX_REPORTED` runs remembered with their positions, and whether there were more."""
    pieces: list[str] = []
    bad: list[_Bad] = []
    line, line_start_len, length = 1, 0, 0  # decoded length before the current line
    pos = skip
    while True:
        try:
            piece = data[pos:].decode(encoding)
            error = None
        except UnicodeDecodeError as exc:
            piece = data[pos : pos + exc.start].decode(encoding)
            error = exc
        pieces.append(piece)
        newlines = piece.count("\n")
        if newlines:
            line += newlines
            line_start_len = length + piece.rindex("\n") + 1
        length += len(piece)
        if error is None:
            return "".join(pieces), bad, False
        start, end = pos + error.start, pos + max(error.end, error.start + 1)
        if len(bad) == MAX_REPORTED:  # the rest in one go: no quadratic walk over a binary file
            pieces.append(data[start:].decode(encoding, errors="replace"))
            return "".join(pieces), bad, True
        bad.append(_Bad(start, end, line, length - line_start_len + 1))
        pieces.append("\ufffd")
        length += 1
        pos = end


def _has_utf8_sequence(data: bytes) -> bool:
    """True when some non-ASCII bytes form a valid UTF-8 character (the file is UTF-8)."""
    text = data.decode("utf-8", errors="replace")
    return any(ord(ch) > 127 and ch != "\ufffd" for ch in text)


def _cp1252(byte: int) -> str:
    try:
        return bytes([byte]).decode("cp1252")
    except UnicodeDecodeError:
        return ""


def _diagnostics(
    file: str, data: bytes, encoding: str, bad: list[_Bad], more: bool
) -> list[Diagnostic]:
    name = ENCODING_NAMES[encoding]
    out: list[Diagnostic] = []
    for b in bad:
        shown = " ".join(f"0x{x:02X}" for x in data[b.start : b.end])
        message = f"byte {shown} at offset {b.start} is not {name}"
        guess = _cp1252(data[b.start]) if encoding == "utf-8" and b.end - b.start == 1 else ""
        if guess and ord(guess) > 127:
            message += f" (in Windows-1252 it would be {guess!r}); save the file as {name}"
        elif encoding == "utf-8":
            message += f"; save the file as {name}"
        out.append(
            Diagnostic(
                severity="error",
                message=message,
                code="encoding",
                file=file,
                line=b.line,
                column=b.column,
            )
        )
    if more:
        last = bad[-1]
        out.append(
            Diagnostic(
                severity="error",
                message=f"more undecodable bytes after offset {last.start}: "
                f"is this a text file in {name}?",
                code="encoding",
                file=file,
                line=last.line,
                column=last.column,
            )
        )
    return out


def decode_text(data: bytes, file: str, *, legacy: str | None = None) -> DecodedText:
    """Decode a file's bytes by the rules above; `legacy` is the format's pre-Unicode encoding
    (a Python codec name in `ENCODING_NAMES`, e.g. "cp1252"), or None when it has none.
    Hidden controls (`HIDDEN`) are removed from the text, each with a warning at its place."""
    decoded = _decode_bytes(data, file, legacy)
    hidden = _hidden_diagnostics(decoded.text, file)
    if not hidden:
        return decoded
    text = without_hidden(decoded.text)
    return DecodedText(text, decoded.encoding, (*decoded.diagnostics, *hidden))


def _decode_bytes(data: bytes, file: str, legacy: str | None) -> DecodedText:
    for bom, encoding in BOMS:
        if data.startswith(bom):
            text, bad, more = _decode(data, encoding, len(bom))
            found = _diagnostics(file, data, encoding, bad, more)
            return DecodedText(text, encoding, tuple(found))
    text, bad, more = _decode(data, "utf-8", 0)
    if not bad:
        return DecodedText(text, "utf-8")
    if legacy is None or _has_utf8_sequence(data):
        return DecodedText(text, "utf-8", tuple(_diagnostics(file, data, "utf-8", bad, more)))
    text, bad, more = _decode(data, legacy, 0)
    first = next(i for i, byte in enumerate(data) if byte > 127)
    line = data.count(b"\n", 0, first) + 1
    column = first - (data.rfind(b"\n", 0, first) + 1) + 1
    name = ENCODING_NAMES[legacy]
    warning = Diagnostic(
        severity="warning",
        message=f"not UTF-8 (first non-ASCII byte 0x{data[first]:02X} at offset {first}): read as "
        f"{name}; save the file as UTF-8 to be sure every name is read as written",
        code="encoding",
        file=file,
        line=line,
        column=column,
    )
    return DecodedText(text, legacy, (warning, *_diagnostics(file, data, legacy, bad, more)))


#: The largest file any game source reads (`gallery.limits.FILE_BYTES`): a bigger one is
#: refused before it is read.
MAX_FILE_BYTES = FILE_BYTES.high


_NOT_REGULAR = "not a regular file (a device, pipe or socket is never read)"


class RefusedFile(OSError):
    """A path that is not read: outside the folder it was named under, not a regular file,
    or too large."""


def outside_reason(path: Path, within: Path) -> str | None:
    """Why `path` may not be read as part of `within` (a symlink, or `..`, leading out of
    it), or None when it stays inside."""
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        return f"cannot be resolved ({exc})"
    if resolved.is_relative_to(within.resolve()):
        return None
    return f"leads outside {within} (to {resolved}); only files inside the folder are read"


def read_regular(path: Path, within: Path | None = None) -> bytes:
    """The bytes of `path`, which must be a regular file inside `within` (default: its own
    folder) of at most `MAX_FILE_BYTES`; `RefusedFile` (an OSError) saying why not."""
    reason = outside_reason(path, path.parent if within is None else within)
    if reason is not None:
        raise RefusedFile(reason)
    # looked at before opening (opening a pipe waits for a writer) and again once open
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise RefusedFile(_NOT_REGULAR)
    with open(path, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise RefusedFile(_NOT_REGULAR)
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise RefusedFile(f"larger than {MAX_FILE_BYTES:,} bytes: not a game file")
    return data


def read_text_file(
    path: str | Path,
    file: str | None = None,
    *,
    legacy: str | None = None,
    within: Path | None = None,
) -> tuple[str | None, list[Diagnostic]]:
    """The text of `path` (None when it cannot be read at all) and the diagnostics of reading
    it, reported under `file` (default: the path as given). Only a regular file inside
    `within` (default: its own folder) is read (`read_regular`)."""
    label = str(path) if file is None else file
    try:
        data = read_regular(Path(path), within)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return None, [
            Diagnostic(
                severity="error",
                message=f"cannot read the file: {reason}",
                code="encoding",
                file=label,
            )
        ]
    decoded = decode_text(data, label, legacy=legacy)
    return decoded.text, list(decoded.diagnostics)
