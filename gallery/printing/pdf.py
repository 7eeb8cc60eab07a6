"""Pages (SVG in millimetres) -> one vector PDF, written only where we may write.

Why cairosvg + pypdf: cairosvg draws SVG through cairo's PDF backend, so paths stay paths
and text stays text (fonts embedded as subsets, nothing rasterised), and it is already how
`tile-atlas render -o x.png` works. One cairosvg call makes one single-page PDF; pypdf, a
maintained pure-Python PDF library, concatenates those pages without re-encoding their
content and lets us set the document's metadata. Setting it ourselves (no creation time)
keeps the output byte-identical for the same input, and the `/Creator` mark is how a later
run recognises a file it wrote and may replace without `--force`.
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

CREATOR = "Tile Atlas (tile-atlas print)"

Progress = Callable[[int, int], None]


def pages_to_pdf(pages: Sequence[str], *, title: str, progress: Progress | None = None) -> bytes:
    """One PDF with a page per SVG document, in order."""
    try:
        import cairosvg
    except OSError as exc:  # cairocffi: the system's cairo library is missing
        raise ValueError(f"PDF output needs the cairo library (libcairo2): {exc}") from None
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for number, svg in enumerate(pages, start=1):
        single = cairosvg.svg2pdf(bytestring=svg.encode("utf-8"), unsafe=False)
        for page in PdfReader(io.BytesIO(single)).pages:
            writer.add_page(page)
        if progress:
            progress(number, len(pages))
    writer.add_metadata({"/Title": title, "/Creator": CREATOR, "/Producer": CREATOR})
    writer.compress_identical_objects()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


class OutputExists(Exception):
    """The output file exists and was not written by us (the message says what to do)."""


def written_by_us(path: Path) -> bool:
    """True when `path` is a PDF this command wrote (its /Creator says so)."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        with path.open("rb") as handle:
            if handle.read(5) != b"%PDF-":
                return False
            handle.seek(0)
            info = PdfReader(handle).metadata
    except (OSError, PyPdfError, ValueError):
        return False
    return info is not None and info.get("/Creator") == CREATOR


def write_output(path: Path, data: bytes, *, force: bool) -> None:
    """Write `data` to `path` atomically (a temporary file renamed over it).

    An existing file is replaced only when we wrote it or `force` is set; otherwise
    OutputExists. A crash never leaves half a PDF behind under the real name.
    """
    if path.is_dir():
        raise OutputExists(f"{path} is a folder; give a file name ending in .pdf")
    if path.exists() and not force and not written_by_us(path):
        raise OutputExists(f"{path} exists and was not written by tile-atlas; use --force")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
