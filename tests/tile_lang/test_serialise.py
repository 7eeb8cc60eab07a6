"""The canonical serialiser round-trips every tile: parse(serialise(parse(x))) == parse(x)."""

from __future__ import annotations

import corpus
import pytest
from hypothesis import given
from strategies import tile_codes

from tile_lang import TileSyntaxError, parse, serialise


@pytest.mark.parametrize(
    ("code", "canonical"),
    [
        ("city=revenue:20;path=a:0,b:_0", "city=revenue:20;path=a:0,b:_0"),
        ("city=slots:1,revenue:20,hide:true", "city=revenue:20,hide:1"),
        ("offboard=revenue:yellow_40|", "offboard=revenue:yellow_40|"),
        ("town=revenue:10,loc:2.0", "town=revenue:10,loc:2"),
        ("halt=symbol:£,revenue:0", "halt=symbol:£"),
        ("path=a:0,b:3,track:broad;", "path=a:0,b:3"),
        ("label=OO;junction", "label=OO;junction"),
        ("pass=revenue:0,route:never,color:gray", "pass=revenue:0"),
    ],
)
def test_canonical_forms(code: str, canonical: str) -> None:
    assert serialise(parse(code)) == canonical


@given(tile_codes())
def test_round_trip_generated(code: str) -> None:
    tile = parse(code)
    assert parse(serialise(tile)) == tile


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
def test_round_trip_every_corpus_code() -> None:
    checked = 0
    for code in corpus.all_codes():
        try:
            tile = parse(code)
        except TileSyntaxError:
            continue
        again = serialise(tile)
        assert parse(again) == tile, code
        assert serialise(parse(again)) == again  # canonical form is a fixed point
        checked += 1
    assert checked > 5000
