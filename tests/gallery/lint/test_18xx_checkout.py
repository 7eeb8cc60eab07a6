"""The known tile-string bugs of a real 18xx.games checkout, at their Ruby lines.

Run with TILE_ATLAS_18XX=/path/to/18xx (tobymao/18xx at commit 111f7f69 or near it).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gallery.lint.files import select_files
from gallery.lint.runner import lint_files

CHECKOUT = os.environ.get("TILE_ATLAS_18XX")
pytestmark = pytest.mark.skipif(
    not CHECKOUT, reason="set TILE_ATLAS_18XX to a checkout of tobymao/18xx"
)


def _where(findings: object, code: str) -> set[tuple[str, int]]:
    return {(f.file, f.line) for f in findings if f.code == code}  # type: ignore[attr-defined]


def test_known_missing_semicolons_and_trailing_commas() -> None:
    checkout = Path(str(CHECKOUT))
    games = ["g_1893", "g_18_ny_1e", "g_22_mars", "g_1840", "g_18_co", "g_18_cuba", "g_1880"]
    result = lint_files(select_files(checkout, [Path(g) for g in games]))
    errors = {(f.file, f.line) for f in result.findings if f.severity == "error"}
    game = "lib/engine/game"
    missing = {
        (f"{game}/g_1893/game.rb", 1385),  # D9, in the private base_map method
        (f"{game}/g_18_ny_1e/map.rb", 188),  # A17
        (f"{game}/g_22_mars/map.rb", 267),  # B3
        (f"{game}/g_1840/map.rb", 303),  # F8
        (f"{game}/g_1840/map.rb", 305),  # F10
    }
    assert _where(result.findings, "missing-semicolon") == missing
    assert errors == missing  # and no other error in these games (1880: negative revenues)
    trailing = _where(result.findings, "trailing-comma")
    assert trailing == {(f"{game}/g_18_co/game.rb", 151), (f"{game}/g_18_cuba/map.rb", 405)}
    assert all(f.severity == "warning" for f in result.findings if f.code == "trailing-comma")
