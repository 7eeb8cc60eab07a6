"""The printable tile sheets page printed by a real Chromium (its own print-to-PDF, the same
engine as the print dialog), then measured with a PDF reader: one A4 page per sheet, nothing
before the first, a hex 38 mm between flats as in `tile-atlas print`'s PDF, and every tile's
number printed on its tile (the sheets are inline SVG over the site's tile drawings)."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from browser_support import PageLog, build_site, serve

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
MM_PER_PT = 25.4 / 72
YELLOW = (0xFD / 255, 0xE9 / 255, 0.0)
GREEN = (0x71 / 255, 0xBF / 255, 0x44 / 255)

CONFIG = """\
site_name: Printing
theme: {name: material, font: false, features: [navigation.path]}
plugins:
  - search
  - tiles:
      catalog_pages: false
      games_dirs: [games]
"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The print tests' small game with 32 copies of tile 9: 35 tiles, two A4 sheets."""
    root = tmp_path_factory.mktemp("print-site")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (root / "games").mkdir()
    mini = (ROOT / "tests" / "gallery" / "fixtures" / "print_mini.yaml").read_text("utf-8")
    (root / "games" / "mini.yaml").write_text(mini.replace('"9": 3', '"9": 32'), "utf-8")
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    with serve(build_site(root / "mkdocs.yml", root / "site")) as url:
        yield url


def _close(a: Any, b: tuple[float, ...]) -> bool:
    return (
        isinstance(a, tuple)
        and len(a) == len(b)
        and all(abs(x - y) < 0.01 for x, y in zip(a, b, strict=True))
    )


def _tile_bodies(page: Any) -> list[dict[str, Any]]:
    """Filled six-corner paths in a tile colour: one per printed tile."""
    return [
        c
        for c in page.curves
        if c.get("fill")
        and (
            _close(c.get("non_stroking_color"), YELLOW)
            or _close(c.get("non_stroking_color"), GREEN)
        )
        and len({(round(x, 1), round(y, 1)) for x, y in c["pts"]}) == 6
    ]


def test_printed_page_is_one_true_size_a4_page_per_sheet(
    page: tuple[Any, PageLog], site_url: str
) -> None:
    pg, log = page
    pg.goto(site_url + "games/mini/print/")
    sheets = pg.locator(".print-sheets svg.print-sheet")
    assert sheets.count() == 2
    pg.wait_for_load_state("networkidle")  # the sheets' tile drawings (SVG <image>s)
    # on screen: previews, the whole sheet in view at the preview's width
    box = sheets.first.bounding_box()
    assert box is not None and box["height"] == pytest.approx(box["width"] * 297 / 210, abs=1)
    assert "tile-atlas print tiles mini.yaml -o mini-tiles.pdf" in pg.inner_text("article")
    data = pg.pdf(prefer_css_page_size=True, print_background=True)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 2  # the page's text and the theme print nothing of their own
        for sheet in pdf.pages:
            size = (sheet.width * MM_PER_PT, sheet.height * MM_PER_PT)
            assert size == (pytest.approx(210, abs=0.3), pytest.approx(297, abs=0.3))
        per_page = [_tile_bodies(p) for p in pdf.pages]
        assert [len(b) for b in per_page] == [30, 5]  # the 35 copies, 30 to a full sheet
        for body in per_page[0]:
            assert body["height"] * MM_PER_PT == pytest.approx(38.0, abs=0.2)
        # the numbers, as text, each on a tile: 32 x 9, 2 x 57, X1 (manifest order)
        numbers = [
            [w for w in p.extract_words() if w["text"] in ("9", "57", "X1")] for p in pdf.pages
        ]
        assert Counter(w["text"] for w in numbers[0]) == {"9": 30}
        assert Counter(w["text"] for w in numbers[1]) == {"9": 2, "57": 2, "X1": 1}
        for words, bodies in zip(numbers, per_page, strict=True):
            for w in words:
                x, y = (w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2
                assert any(b["x0"] < x < b["x1"] and b["top"] < y < b["bottom"] for b in bodies), w
        assert "Mini <&> Test · tiles, sheet 1 of 2" in pdf.pages[0].extract_text()
    assert not log.page_errors and not log.console_errors and not log.external_requests
