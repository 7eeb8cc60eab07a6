"""Stop placement (facts §3.1, §4, §5) against the facts and the spec vectors."""

from __future__ import annotations

import json

import corpus
import pytest

from tile_lang import parse, rotate
from tile_lang.layout.stops import compute_stops


def _preferred(code: str, rotation: int = 0) -> list[float | None]:
    stops = compute_stops(rotate(parse(code), rotation))
    cities = [s for s in stops.values() if s.is_city]
    towns = [s for s in stops.values() if not s.is_city]
    return [s.preferred for s in cities + towns]


@pytest.mark.parametrize(
    ("code", "rotation", "expected"),
    [
        ("town=revenue:10;town=revenue:10;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4",
         0, [1, 4]),
        ("city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:2,b:_1", 0, [0, 2]),
        ("city=revenue:30;city=revenue:0;path=a:1,b:_0;label=C", 0, [1, 4]),
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:1", 0, [1]),
        ("city=revenue:20,loc:center;town=revenue:10,loc:4.5;path=a:_0,b:_1", 1, [None, 5.5]),
        ("city=revenue:0;city=revenue:0;city=revenue:0;city=revenue:0", 0, [0, 1.5, 3, 4.5]),
        # Rule 1: no paths, two cities and two towns.
        ("city=revenue:0;town=revenue:0;city=revenue:0;town=revenue:0", 0, [0, 3, 0, 3]),
        # Rule 2: pathless cities spread evenly (5 -> fractional positions); towns centred.
        ("city=revenue:0;city=revenue:0;city=revenue:0;town=revenue:0", 0, [0, 2, 4, None]),
        (";".join(["city=revenue:0"] * 5), 0, [0, 1.2, 2.4, 3.6, 4.8]),
        # Rule 3: one city, no towns -> centred, unless it has a numeric loc.
        ("city=revenue:20;path=a:0,b:_0;path=a:_0,b:1", 0, [None]),
        ("city=revenue:20,loc:1;path=a:0,b:_0", 2, [3]),
        # Rule 4: one town without exactly two exits -> centred.
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:2;path=a:_0,b:4", 0, [None]),
        ("town=revenue:10;path=a:0,b:_0", 0, [None]),
        # Rule 6: the pathless one of two stops goes opposite the first placed one...
        ("city=revenue:20;town=revenue:0;path=a:2,b:_0", 0, [2, 5]),
        # ...rule 7: unless it has a numeric loc of its own.
        ("city=revenue:20;town=revenue:0,loc:1;path=a:2,b:_0", 0, [2, 1]),
        # Counters: c[0] starts at 0.1, so ties between 0 and another edge avoid 0.
        ("city=revenue:20;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:_1,b:_0", 0,
         [3, None]),
        # A path touching a city and a town counts for the city.
        ("city=revenue:20;town=revenue:10;path=a:0,b:_0;path=a:_0,b:_1;path=a:3,b:_1", 0,
         [0, 3]),
    ],
)  # fmt: skip
def test_preferred_edges(code: str, rotation: int, expected: list[float | None]) -> None:
    assert _preferred(code, rotation) == pytest.approx(expected)


def _vectors() -> list[dict]:  # type: ignore[type-arg]
    if not corpus.available():
        return []
    data = json.loads((corpus.CORPUS_18XX / "spec-vectors.json").read_text("utf-8"))
    return [v for v in data["vectors"] if v["category"] == "preferred_city_town_edges"]


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
@pytest.mark.parametrize("vector", _vectors(), ids=lambda v: v["id"])
def test_spec_vectors(vector: dict) -> None:  # type: ignore[type-arg]
    expected = vector["expected"]["edge_per_city_by_rotation"]
    for rotation, edges in expected.items():
        assert _preferred(vector["input"]["code"], int(rotation)) == edges
