"""The consistency checks of one tile string: a true case and a near miss each."""

from __future__ import annotations

import pytest

from gallery.lint.tilechecks import tile_findings


def _codes(code: str) -> list[tuple[str, int]]:
    return [(f.code, f.column) for f in tile_findings(code)]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # the second city has no path, though the tile has paths
        ("city=revenue:20;city=revenue:20;path=a:0,b:_0", [("unreached-stop", 16)]),
        # near miss: both reached (one through a node-to-node path)
        ("city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:_0,b:_1", []),
        # a town after an offboard: node _1 is the town
        ("offboard=revenue:20;town=revenue:10;path=a:0,b:_0", [("unreached-stop", 20)]),
        # near miss: no paths at all (a preprinted hex waiting for track)
        ("town=revenue:0;town=revenue:0", []),
        # the same path, the second time written the other way round
        ("city=revenue:20;path=a:0,b:_0;path=a:_0,b:0", [("repeated-path", 30)]),
        # near miss: same ends, other track gauge
        ("city=revenue:20;path=a:0,b:_0;path=a:0,b:_0,track:narrow", []),
        # two borders on edge 2 (8 wraps to 2)
        ("path=a:0,b:3;border=edge:2;border=edge:8,type:water,cost:40", [("border-twice", 27)]),
        # near miss: two edges
        ("path=a:0,b:3;border=edge:2;border=edge:5", []),
        # a string that does not parse is tile_lang.check's business
        ("city=revenue:20;path=a:0,b:_9", []),
    ],
)
def test_tile_findings(code: str, expected: list[tuple[str, int]]) -> None:
    assert _codes(code) == expected
