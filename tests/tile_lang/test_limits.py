"""Bounds on every number and count of a tile string (issue #15, finding 2).

`city=revenue:20,slots:999999999` and `path=a:0,b:3,lanes:999999999` once passed `check` and
then hung the renderer. Every bound is now an error at the column of the number; the largest
allowed value parses and renders; no real corpus code is refused; the docs table is the code's.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import corpus
import pytest

from tile_lang import TileSyntaxError, check, parse
from tile_lang.limits import COUNTS, MAX_NAME_LENGTH, NUMBERS, Bound
from tile_lang.svg import render_svg

DOCS = Path(__file__).resolve().parents[2] / "docs" / "language" / "errors.md"

#: One tile string per bound, `{}` standing for the number under test.
TEMPLATES: dict[str, str] = {
    "revenue": "city=revenue:{}",
    "visit_cost": "city=revenue:10,visit_cost:{}",
    "city.slots": "city=revenue:10,slots:{}",
    "pass.slots": "pass=revenue:0,slots:{}",
    "pass.size": "pass=revenue:0,size:{}",
    "offboard.rows": "offboard=revenue:10,rows:{}",
    "loc": "city=revenue:10,loc:{}",
    "path.edge": "path=a:{},b:0",
    "path.lanes": "path=a:0,b:3,lanes:{}",
    "path.lane_width": "path=a:0,b:3,a_lane:{}.0",
    "stub.edge": "stub=edge:{}",
    "upgrade.cost": "upgrade=cost:{}",
    "upgrade.size": "upgrade=cost:10,size:{}",
    "border.edge": "border=edge:{}",
    "border.cost": "border=edge:0,type:mountain,cost:{}",
    "partition.length": "partition=a:0,b:3,type:water,length:{}",
}


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _refused_at(code: str, column: int) -> TileSyntaxError:
    with pytest.raises(TileSyntaxError) as info:
        parse(code)
    assert info.value.column == column, str(info.value)
    [error] = [d for d in check(code) if d.severity == "error"]
    assert error.column == column
    return info.value


def test_slots_bound_rejects_999999999_with_column() -> None:
    code = "city=revenue:20,slots:999999999"
    error = _refused_at(code, code.index("999999999"))
    assert "`slots` must be at most 12, found 999999999" in error.message


def test_lanes_bound_rejects_999999999_with_column() -> None:
    code = "path=a:0,b:3,lanes:999999999"
    error = _refused_at(code, code.index("999999999"))
    assert "`lanes` must be at most 12" in error.message


def test_a_number_longer_than_nine_digits_is_out_of_range_not_a_non_number() -> None:
    code = "city=revenue:20,slots:99999999999999"
    error = _refused_at(code, code.index("9"))
    assert "must be at most" in error.message


def test_every_numeric_bound_has_a_test_template() -> None:
    assert set(TEMPLATES) == set(NUMBERS)


@pytest.mark.parametrize("key", sorted(NUMBERS))
def test_the_largest_allowed_value_parses_and_renders_to_xml(key: str) -> None:
    code = TEMPLATES[key].format(_number(NUMBERS[key].high))
    ET.fromstring(render_svg(parse(code)))


@pytest.mark.parametrize("key", sorted(NUMBERS))
def test_one_past_each_bound_is_an_error_at_the_number(key: str) -> None:
    bound = NUMBERS[key]
    step = 1 if bound.high == int(bound.high) else 0.5
    for value in (_number(bound.high + step), "123456789"):
        code = TEMPLATES[key].format(value)
        error = _refused_at(code, len(TEMPLATES[key].split("{}")[0]))
        assert "at most" in error.message and "Limits" in (error.hint or "")


@pytest.mark.parametrize("key", [k for k, b in NUMBERS.items() if b.low > 0])
def test_below_a_positive_lower_bound_is_an_error(key: str) -> None:
    code = TEMPLATES[key].format("0")
    error = _refused_at(code, len(TEMPLATES[key].split("{}")[0]))
    assert "at least" in error.message


def test_a_negative_revenue_is_allowed_as_by_the_engine() -> None:
    # 1880 (tobymao/18xx lib/engine/game/g_1880/map.rb): offboards that cost 10 to reach
    assert check("offboard=revenue:-10,hide:1;path=a:3,b:1") == []
    error = _refused_at("city=revenue:-100000", len("city=revenue:"))
    assert "at least -99,999" in error.message


def test_phase_revenue_values_are_bounded_at_their_item() -> None:
    code = "city=revenue:yellow_20|green_100000"
    error = _refused_at(code, code.index("green"))
    assert "`revenue` must be at most 99,999" in error.message


def test_too_many_parts_is_an_error_at_the_first_part_over_the_limit() -> None:
    limit = COUNTS["parts"].high
    code = ";".join(["border=edge:0"] * (limit + 1))
    error = _refused_at(code, (len("border=edge:0") + 1) * limit)
    assert error.part_index == limit


def test_too_many_nodes_is_an_error() -> None:
    limit = COUNTS["nodes"].high
    code = ";".join(["junction"] * (limit + 1))
    _refused_at(code, (len("junction") + 1) * limit)


def test_lanes_count_towards_the_path_limit() -> None:
    limit = COUNTS["paths"].high
    per = NUMBERS["path.lanes"].high
    whole = int(limit // per)
    ok = ";".join([f"path=a:0,b:3,lanes:{int(per)}"] * whole)
    assert len(parse(ok).paths) == limit
    code = ok + ";path=a:1,b:4"
    error = _refused_at(code, len(ok) + 1)
    assert "after lane expansion" in error.message


def test_groups_terrains_and_phases_are_counted() -> None:
    groups = "|".join(f"G{i}" for i in range(COUNTS["groups"].high + 1))
    _refused_at(f"city=revenue:10,groups:{groups}", len("city=revenue:10,groups:"))
    terrains = "|".join(["water"] * (COUNTS["terrains"].high + 1))
    _refused_at(f"upgrade=cost:10,terrain:{terrains}", len("upgrade=cost:10,terrain:"))
    phases = "|".join(f"p{i}_10" for i in range(COUNTS["phases"].high + 1))
    code = f"city=revenue:{phases}"
    _refused_at(code, code.rindex("|") + 1)


def test_a_value_longer_than_the_limit_is_an_error_at_the_value() -> None:
    code = "label=" + "W" * (COUNTS["value_length"].high + 1)
    error = _refused_at(code, len("label="))
    assert "too long" in error.message
    parse("label=" + "W" * COUNTS["value_length"].high)


def test_a_code_longer_than_the_limit_is_an_error() -> None:
    with pytest.raises(TileSyntaxError, match="too long"):
        parse("label=A;" * (COUNTS["code_length"].high // 8 + 1))


def test_an_overlong_name_is_cut_visibly_not_refused() -> None:
    svg = render_svg("city=revenue:20;city=revenue:20", name="ab " * 30_000)
    root = ET.fromstring(svg)
    texts = "".join(root.itertext())
    assert "…" in texts
    assert texts.count("ab") <= 2 * MAX_NAME_LENGTH


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
def test_no_real_corpus_code_is_refused_by_a_limit() -> None:
    limit_words = re.compile(r"must be at (most|least)|too (many|long)|is not allowed")
    refused = []
    for code in corpus.all_codes():
        try:
            parse(code)
        except TileSyntaxError as exc:
            if limit_words.search(exc.message):
                refused.append((code, exc.message))
    assert refused == []


def _docs_rows() -> list[str]:
    def bound_row(key: str, bound: Bound) -> str:
        return f"| `{key}` | {bound.describe()} | {bound.corpus} |"

    return [bound_row(k, b) for k, b in NUMBERS.items()] + [
        f"| {c.what} | {c.high:,} | {c.corpus:,} |" for c in COUNTS.values()
    ]


def test_the_docs_limits_table_is_the_code_table() -> None:
    text = DOCS.read_text("utf-8")
    section = text[text.index("## Limits") :]
    section = section[: section.index("\n## ", 1)]
    missing = [row for row in _docs_rows() if row not in section]
    assert missing == []
    documented = [line for line in section.splitlines() if re.match(r"\| .* \| .* \| .* \|$", line)]
    assert len(documented) == len(_docs_rows()) + 2  # plus the two header rows
