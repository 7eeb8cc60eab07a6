"""One PDF from many pages; reproducible bytes; never overwriting a file we did not write."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from gallery.printing.pdf import CREATOR, OutputExists, pages_to_pdf, write_output, written_by_us

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
    assert written_by_us(path)


def test_write_output_refuses_foreign_files_and_replaces_its_own(tmp_path: Path) -> None:
    ours = pages_to_pdf([PAGE.format(n=1)], title="t")
    foreign = tmp_path / "foreign.pdf"
    foreign.write_bytes(b"%PDF-1.4 somebody else's file")
    with pytest.raises(OutputExists, match="not written by tile-atlas; use --force"):
        write_output(foreign, ours, force=False)
    assert foreign.read_bytes().startswith(b"%PDF-1.4 somebody")
    write_output(foreign, ours, force=True)
    assert written_by_us(foreign)
    write_output(foreign, pages_to_pdf([PAGE.format(n=2)], title="t"), force=False)  # ours now
    assert PdfReader(foreign).pages[0].extract_text() == "page 2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["foreign.pdf"]  # no temp files left
    with pytest.raises(OutputExists, match="is a folder"):
        write_output(tmp_path, ours, force=True)
