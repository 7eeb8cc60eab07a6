"""One PDF from many pages, in order, with reproducible bytes and our metadata."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from gallery.printing.pdf import CREATOR, pages_to_pdf

PAGE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="50mm" viewBox="0 0 100 50">'
    '<text x="10" y="20" font-size="5">page {n}</text></svg>'
)


def test_pages_in_order_reproducible_and_marked(tmp_path: Path) -> None:
    data = pages_to_pdf([PAGE.format(n=1), PAGE.format(n=2)], title="Two <pages>")
    assert data == pages_to_pdf([PAGE.format(n=1), PAGE.format(n=2)], title="Two <pages>")
    path = tmp_path / "x.pdf"
    path.write_bytes(data)
    reader = PdfReader(path)
    assert [p.extract_text() for p in reader.pages] == ["page 1", "page 2"]
    assert float(reader.pages[0].mediabox.width) == pytest.approx(100 / 25.4 * 72, abs=0.01)
    assert reader.metadata is not None and reader.metadata["/Creator"] == CREATOR
