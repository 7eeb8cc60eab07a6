"""Partitions (facts §6.7)."""

from __future__ import annotations

import pytest
from layout_helpers import lay

from tile_lang import parse
from tile_lang.layout.partitions import partition_path


def test_divider_from_vertex_1_to_4() -> None:
    (line,) = lay("partition=a:1,b:4,type:divider").layers["partitions"]
    assert line.attr("d") == "M -50 87 C -30 52.2 30 -52.2, 50 -87"
    assert line.attr("stroke") == "#000000" and line.attr("stroke-width") == 8
    assert line.attr("stroke-dasharray") is None


def test_province_half_length_is_dashed_orange() -> None:
    (line,) = lay("partition=a:0,b:3,type:province,length:0.5").layers["partitions"]
    assert line.attr("d") == "M 50 87 C 40 69.6 10 17.4, 0 0"
    assert line.attr("stroke") == "#FFA500" and line.attr("stroke-dasharray") == "20 20"


@pytest.mark.parametrize("type_", ["mountain", "water", "impassable", None])
def test_other_types_need_a_blocker_and_stay_invisible(type_: str | None) -> None:
    code = "partition=a:0,b:3" + (f",type:{type_}" if type_ else "")
    assert not lay(code).layers["partitions"]


def test_signed_ends_start_a_fifth_along_and_bend_through_the_vertex() -> None:
    d = partition_path(parse("partition=a:0+,b:3-,type:divider").partitions[0])
    # 0+ = 0.8·(50,87) + 0.2·(-50,87); 3- = 0.8·(-50,-87) + 0.2·(-100,0); controls 0.6·vertex
    assert d == "M 30 87 C 30 52.2 -30 -52.2, -60 -69.6"


def test_restrict_adds_a_magnet() -> None:
    d = partition_path(parse("partition=a:0+,b:2+,type:water,restrict:inner").partitions[0])
    assert d == "M 30 87 C 30 52.2, 59.29 -13.67, 25 -43.5 S -60 0, -90 -17.4"
    outer = partition_path(parse("partition=a:0,b:2,type:water,restrict:outer").partitions[0])
    assert ", -25 43.5 S" in outer  # magnet halfway to vertex 1
