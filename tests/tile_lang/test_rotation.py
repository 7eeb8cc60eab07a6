"""Rotation: track and stop locs turn, decorations stay (facts §2.3), against spec vectors."""

from __future__ import annotations

import json

import corpus
import pytest

from tile_lang import parse, rotate
from tile_lang.model import Border, EdgeRef, Label, Stub


def test_rotation_turns_paths_and_locs_only() -> None:
    tile = parse("city=revenue:20,loc:1.5;path=a:0,b:_0;label=Z;border=edge:1;stub=edge:2")
    turned = rotate(tile, 2)
    assert turned.written_paths[0].a == EdgeRef(2)
    assert turned.cities[0].loc == 3.5
    assert turned.labels == (Label("Z"),)
    assert turned.borders == (Border(edge=1),) and turned.stubs == (Stub(2),)


def test_rotation_zero_wraps_edges_and_centre_stays() -> None:
    turned = rotate(parse("town=revenue:10,loc:center;path=a:6,b:_0"), 0)
    assert turned.written_paths[0].a == EdgeRef(0)
    assert turned.towns[0].loc == "center"
    assert rotate(parse("path=a:5,b:0"), 7).exits() == (0, 1)


def _spec(category: str) -> list[dict[str, object]]:
    if not corpus.available():
        return []
    data = json.loads((corpus.CORPUS_18XX / "spec-vectors.json").read_text("utf-8"))
    return [v for v in data["vectors"] if v["category"] == category]


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
@pytest.mark.parametrize("vector", _spec("exits"), ids=lambda v: v["id"])
def test_spec_exits(vector: dict) -> None:  # type: ignore[type-arg]
    tile = rotate(parse(vector["input"]["code"]), vector["input"].get("rotation", 0))
    exits = list(tile.exits())
    expected = vector["expected"]["exits"]
    if vector["expected"].get("order_matters"):
        assert exits == expected
    else:
        assert sorted(exits) == sorted(expected)


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
@pytest.mark.parametrize("vector", _spec("city_exits"), ids=lambda v: v["id"])
def test_spec_city_exits(vector: dict) -> None:  # type: ignore[type-arg]
    tile = parse(vector["input"]["code"])
    for key, expected in vector["expected"].items():
        turned = rotate(tile, int(key.split("_")[1]))
        per_city = []
        for index, node in enumerate(turned.nodes):
            if node in turned.cities:
                edges = [
                    end.edge
                    for p in turned.node_paths(index)
                    for end in (p.a, p.b)
                    if isinstance(end, EdgeRef)
                ]
                per_city.append(sorted(edges))
        assert per_city == [sorted(e) for e in expected]
