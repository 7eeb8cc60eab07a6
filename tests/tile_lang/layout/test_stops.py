"""Stop placement (facts §3.1, §4, §5) against the facts and the spec vectors."""

from __future__ import annotations

import json

import corpus
import pytest
from layout_helpers import lay, tagged, translate

from tile_lang import parse, rotate
from tile_lang.layout.cities import slot_centres
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
    ],
)  # fmt: skip
def test_preferred_edges(code: str, rotation: int, expected: list[float | None]) -> None:
    assert _preferred(code, rotation) == expected


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


def test_slot_centres() -> None:
    assert slot_centres(2) == [(-25, 0), (25, 0)]
    assert slot_centres(3) == [(0, -29), (25.11, 14.5), (-25.11, 14.5)]
    assert slot_centres(4) == [(-25, -25), (25, -25), (25, 25), (-25, 25)]


def test_city_positions_and_revenue() -> None:
    ctx = lay("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3")
    circles = tagged(ctx, "cities", "circle")
    assert circles[0].attr("r") == 25
    revenue = [s for s in ctx.layers["cities"] if "translate(42 0)" in str(s.attr("transform"))]
    assert revenue
    ctx = lay("city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:2,b:_1")
    groups = [translate(g) for g in ctx.layers["cities"] if g.tag == "g"]
    assert (0, 50) in groups and (-43.3, -25) in groups
    assert (-41.36, 57.29) in groups  # revenue of the edge-0 city, candidate [19]


def test_mexico_city() -> None:
    ctx = lay(
        "city=revenue:60,slots:3,loc:center;town=revenue:10,loc:2;path=a:0,b:_0;path=a:1,b:_0;"
        "path=a:3,b:_0;path=a:2,b:_1;path=a:5,b:_0,lanes:2;path=a:_1,b:_0;label=MC"
    )
    groups = [translate(g) for g in ctx.layers["cities"] if g.tag == "g"]
    assert (32.5, -56.29) in groups
    bars = [translate(g) for g in ctx.layers["towns"] if g.tag == "g"]
    assert (-56.29, -32.5) in bars


@pytest.mark.parametrize(
    ("code", "position", "angle"),
    [
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:3", (0, 0), None),
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:1", (-25, 43.3), 120),
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:2", (-20.09, 11.6), -30),
    ],
)
def test_town_bars(code: str, position: tuple[float, float], angle: float | None) -> None:
    ctx = lay(code)
    bar = next(g for g in ctx.layers["towns"] if g.children and g.children[0].tag == "rect")
    assert translate(bar) == position
    from layout_helpers import rotate as rotation_of

    assert rotation_of(bar) == angle


def test_town_dots_and_revenue() -> None:
    ctx = lay("town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0")
    dot = tagged(ctx, "towns", "circle")[0]
    assert (dot.attr("r"), dot.attr("stroke"), dot.attr("stroke-width")) == (10.25, "white", 4)
    ctx = lay("town=revenue:0;town=revenue:0")
    dots = [(d.attr("cx"), d.attr("cy")) for d in tagged(ctx, "towns", "circle")]
    assert dots == [(-40, 20), (40, -20)]
