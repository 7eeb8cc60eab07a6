"""Pages (SVG in millimetres) -> one vector PDF (the command writes it through gallery.output).

Why cairosvg + pypdf: cairosvg draws SVG through cairo's PDF backend, so paths stay paths
and text stays text (fonts embedded as subsets, nothing rasterised), and it is already how
`tile-atlas render -o x.png` works. One cairosvg call makes one single-page PDF; pypdf, a
maintained pure-Python PDF library, concatenates those pages without re-encoding their
content and lets us set the document's metadata. Setting it ourselves (no creation time)
keeps the output byte-identical for the same input.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

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
