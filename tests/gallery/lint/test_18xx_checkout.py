"""The known bugs of a real 18xx.games checkout, at their Ruby lines.

Run with TILE_ATLAS_18XX=/path/to/18xx (tobymao/18xx at commit 111f7f69 or near it). The
whole-checkout run prints its counts per code (`pytest -s`); every error it reports is listed
here with what it is (docs/usage/contributors.md says more).
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest

from gallery.lint.files import select_files
from gallery.lint.runner import LintResult, lint_files
from gallery.ruby import list_18xx_games

CHECKOUT = os.environ.get("TILE_ATLAS_18XX")
needs_checkout = pytest.mark.skipif(
    not CHECKOUT, reason="set TILE_ATLAS_18XX to a checkout of tobymao/18xx"
)
GAME = "lib/engine/game"


def _where(findings: object, code: str) -> set[tuple[str, int]]:
    return {(f.file, f.line) for f in findings if f.code == code}  # type: ignore[attr-defined]


@cache
def _whole() -> LintResult:
    checkout = Path(str(CHECKOUT))
    return lint_files(
        select_files(checkout, []), checkout=checkout, games=list_18xx_games(checkout)
    )


@needs_checkout
def test_known_missing_semicolons_and_trailing_commas() -> None:
    checkout = Path(str(CHECKOUT))
    games = ["g_1893", "g_18_ny_1e", "g_22_mars", "g_1840", "g_18_co", "g_18_cuba", "g_1880"]
    result = lint_files(select_files(checkout, [Path(g) for g in games]))
    errors = {(f.file, f.line) for f in result.findings if f.severity == "error"}
    missing = {
        (f"{GAME}/g_1893/game.rb", 1385),  # D9, in the private base_map method
        (f"{GAME}/g_18_ny_1e/map.rb", 188),  # A17
        (f"{GAME}/g_22_mars/map.rb", 267),  # B3
        (f"{GAME}/g_1840/map.rb", 303),  # F8
        (f"{GAME}/g_1840/map.rb", 305),  # F10
    }
    assert _where(result.findings, "missing-semicolon") == missing
    assert errors == missing  # and no other error in these games (1880: negative revenues)
    trailing = _where(result.findings, "trailing-comma")
    assert trailing == {(f"{GAME}/g_18_co/game.rb", 151), (f"{GAME}/g_18_cuba/map.rb", 405)}
    assert all(f.severity == "warning" for f in result.findings if f.code == "trailing-comma")


@needs_checkout
def test_whole_checkout_counts_and_every_error_explained() -> None:
    result = _whole()
    print("\nfindings per code on the whole checkout:")
    for code, count in result.by_code().items():
        print(f"  {code:22} {count}")
    errors = {(f.code, f.file, f.line) for f in result.findings if f.severity == "error"}
    assert errors == {
        # the five missing `;` above
        ("missing-semicolon", f"{GAME}/g_1893/game.rb", 1385),
        ("missing-semicolon", f"{GAME}/g_18_ny_1e/map.rb", 188),
        ("missing-semicolon", f"{GAME}/g_22_mars/map.rb", 267),
        ("missing-semicolon", f"{GAME}/g_1840/map.rb", 303),
        ("missing-semicolon", f"{GAME}/g_1840/map.rb", 305),
        # the private's extra lays name E17; the map has E16 and E18, no E17
        ("unknown-hex", f"{GAME}/g_1812/entities.rb", 77),
        # PORT_HEXES (unused) lists 18 hexes, none on 18KA's map: copied from another game
        ("unknown-hex", f"{GAME}/g_18_ka/game.rb", 621),
        # names for hexes the map does not have: Northampton (L33, a hex of 1822's map, not
        # of NRS's); Spokane twice more (E24, G24) besides its city F23; Boise at E6 (the
        # town is E5)
        ("name-off-map", f"{GAME}/g_1822_nrs/map.rb", 171),
        ("name-off-map", f"{GAME}/g_1822_pnw/map.rb", 20),
        ("name-off-map", f"{GAME}/g_1822_pnw/map.rb", 30),
        ("name-off-map", f"{GAME}/g_1862_usa_canada/map.rb", 23),
        # G5 twice (its border is lost to the second, plain city); G8 twice in 18Rhl, the
        # same slip as the E8 fixed in d6872960a
        ("hex-twice", f"{GAME}/g_1888/map.rb", 247),
        ("hex-twice", f"{GAME}/g_18_rhl/map.rb", 448),
        # a private lays 14 15 619 294 295 296 298 (1846's list): 294, 295 and 298 are
        # neither catalog tiles nor 18MO's
        ("unknown-tile", f"{GAME}/g_18_mo/entities.rb", 88),
    }


HISTORY = os.environ.get("TILE_ATLAS_18XX_GIT")

# The fixes the issue cites: (fix commit, folders the game needs, the finding on its parent)
HISTORIC = [
    ("6c54cb5e5", ["g_18_norway"], ("unknown-hex", "g_18_norway/companies.rb", 15), ""),
    ("d6872960a", ["g_18_rhl"], ("hex-twice", "g_18_rhl/map.rb", 433), "first on line 424"),
    (
        "65e5731a9",
        ["g_1861", "g_1867"],
        ("unnamed-city", "g_1861/map.rb", 170),
        "the neighbouring hex P0, which has no city or town, is named 'Perm'",
    ),
    ("58593a8f5", ["g_1848"], ("unknown-tile", "g_1848/game.rb", 329), ""),
    ("fd24be24d", ["g_1835"], ("never-laid", "g_1835/map.rb", 66), "label X"),
]


@pytest.mark.skipif(not HISTORY, reason="set TILE_ATLAS_18XX_GIT to a clone of tobymao/18xx")
@pytest.mark.parametrize(("fix", "folders", "expected", "says"), HISTORIC)
def test_historic_bugs_are_caught_before_their_fix(
    tmp_path: Path, fix: str, folders: list[str], expected: tuple[str, str, int], says: str
) -> None:
    import subprocess
    import tarfile
    from io import BytesIO

    paths = [f"{GAME}/{folder}" for folder in folders]
    archive = subprocess.run(
        ["git", f"--git-dir={HISTORY}", "archive", f"{fix}^", *paths],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(tmp_path, filter="data")
    game = folders[0].removeprefix("g_")
    result = lint_files(select_files(tmp_path, [Path(paths[0])]), checkout=tmp_path, games=[game])
    found = {(f.code, f.file.removeprefix(f"{GAME}/"), f.line): f for f in result.findings}
    assert expected in found
    assert says in f"{found[expected].message} {found[expected].hint}"
