"""The diff page in real Chromium, opened from file:// as a downloaded CI artifact is: nothing
fetched, the before/after switch works without script, a mark leads to its card, and axe
finds no serious accessibility problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from axe_support import ensure_axe, run_axe
from click.testing import CliRunner

from gallery.cli import main


def _page_file(checkouts: Any, tmp_path: Path) -> Path:
    target = tmp_path / "diff.html"
    args = ["diff", str(checkouts.old), str(checkouts.new), "--format", "html", "-o", str(target)]
    assert CliRunner().invoke(main, args).exit_code == 1
    return target


def test_switch_marks_and_offline(checkouts, tmp_path: Path, page: Any) -> None:
    pg, log = page
    pg.goto(_page_file(checkouts, tmp_path).as_uri())
    after = pg.locator("#g-mini .map-after")
    before = pg.locator("#g-mini .map-before")
    assert after.is_visible() and not before.is_visible()
    pg.click("label[for='g-mini-before']")
    assert before.is_visible() and not after.is_visible()
    # the removed hex C1 is on the before map, marked; the hex leads to its card
    pg.locator("#g-mini .map-before a.ta-hex[data-coord='C1']").click()
    assert pg.evaluate("location.hash") == "#g-mini-hex-C1"
    assert pg.locator("#g-mini-hex-C1").evaluate("e => e.matches(':target')")
    # the added hex B2 is not on the before map: its mark (filled, dashed) leads to its card
    pg.click("label[for='g-mini-before']")
    pg.locator("#g-mini .map-before svg.marks a[href='#g-mini-hex-B2']").click()
    assert pg.evaluate("location.hash") == "#g-mini-hex-B2"
    # each card's two drawings are drawn at the size the CSS gives them
    box = pg.locator("#g-mini-hex-A3 .pair svg").first.bounding_box()
    assert box is not None and round(box["width"]) == 140
    assert (log.console_errors, log.page_errors, log.external_requests) == ([], [], [])


def test_no_serious_accessibility_problem(checkouts, tmp_path: Path, page: Any) -> None:
    script = ensure_axe()
    pg, _ = page
    pg.goto(_page_file(checkouts, tmp_path).as_uri())
    assert [str(f) for f in run_axe(pg, script)] == []
