"""The project's one diagnostic type, its collector and the suggestion helper."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from tile_lang import Collector, Diagnostic, TileSyntaxError, check, closest, did_you_mean, parse
from tile_lang.diagnostic import TileCode


def test_file_diagnostic_prints_like_a_compiler() -> None:
    diag = Diagnostic(
        severity="error",
        message="expected a whole number",
        code="game-file",
        file="1889.yaml",
        line=14,
        column=9,
        field="tiles.57",
    )
    assert str(diag) == "1889.yaml:14:9: error: tiles.57: expected a whole number"
    # unknown positions are left out rather than printed as 0
    assert str(Diagnostic(severity="warning", message="m", code="x", file="f")) == "f: warning: m"
    assert (
        str(Diagnostic(severity="info", message="m", code="x", file="f", line=3)) == "f:3: info: m"
    )


def test_tile_diagnostic_is_located_in_its_file() -> None:
    (diag,) = check("path=a:0,b:3;citty=revenue:1")
    assert (diag.severity, diag.code, diag.column) == ("error", "unknown-part", 13)
    assert diag.file == "" and diag.line == 0
    placed = diag.located("map.rb", 40, 12)
    assert (placed.file, placed.line, placed.column) == ("map.rb", 40, 25)
    assert str(placed) == (
        "map.rb:40:25: error: unknown part type `citty` (hint: did you mean `city`?)"
    )


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("path=a:0,b:3;", ["trailing-semicolon"]),
        ("city=revenue:20,pos:2", ["ignored-key"]),
        ("city=revenue:x", ["bad-revenue"]),
        ("path=a:0,b:9", ["edge-range"]),
        ("path=a:0,b:_3", ["bad-node"]),
        ("upgrade=terrain:mountian", ["missing-cost", "unknown-terrain"]),
        ("city=revenue:20;;town", ["empty-part"]),
    ],
)
def test_check_names_each_problem_with_a_stable_code(code: str, expected: list[str]) -> None:
    found = [d.code for d in check(code)]
    assert found == expected
    assert set(found) <= set(get_args(TileCode))


def test_syntax_error_carries_its_code_and_survives_pickling() -> None:
    import pickle

    with pytest.raises(TileSyntaxError) as info:
        parse("citty=revenue:1")
    assert info.value.diagnostic_code == "unknown-part"
    again = pickle.loads(pickle.dumps(info.value))
    assert again.diagnostic_code == "unknown-part" and str(again) == str(info.value)
    assert info.value.to_diagnostic().code == "unknown-part"


def test_collector_codes_positions_and_a_bound() -> None:
    out = Collector("deck.tjt", code="board-game", limit=3)
    out.warn(2, "Card.Cost", "odd", 5)
    out.error(3, "", "bad", code="bad-number")
    assert [str(d) for d in out.diagnostics] == [
        "deck.tjt:2:5: warning: Card.Cost: odd",
        "deck.tjt:3: error: bad",
    ]
    assert [d.code for d in out.diagnostics] == ["board-game", "bad-number"]
    assert out.has_errors
    for line in range(10):
        out.warn(line + 10, "", "again")
    assert len(out.diagnostics) == 4
    assert str(out.diagnostics[-1]) == "deck.tjt: error: more than 3 problems; stopped listing"


def test_one_suggestion_matcher_ignores_case_and_keeps_spelling() -> None:
    assert closest("CITY", ["city", "town"]) == ["city"]
    assert closest("x1", ["X1", "X11", "57"], n=2) == ["X1", "X11"]
    assert closest("zzz", ["city"]) == []
    assert did_you_mean("twon", ("town", "city")) == "did you mean `town`?"
    assert did_you_mean("zzz", ("town",)) is None


def test_every_tile_code_is_documented_for_contributors() -> None:
    page = (Path(__file__).parents[2] / "docs" / "usage" / "contributors.md").read_text("utf-8")
    missing = [code for code in get_args(TileCode) if f"`{code}`" not in page]
    assert missing == []
