"""The whole 18xx corpus: every distinct code parses or raises TileSyntaxError, nothing else.

Also a fuzz test: random and mutated corpus strings never raise any other exception.
"""

from __future__ import annotations

import collections
import json
import xml.etree.ElementTree as ET

import corpus
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import mutated_codes

from tile_lang import TileSyntaxError, check, parse
from tile_lang.svg import render_svg

pytestmark = pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)


def test_every_corpus_code_parses_or_fails_precisely(capsys: pytest.CaptureFixture[str]) -> None:
    codes = corpus.all_codes()
    counts: collections.Counter[str] = collections.Counter()
    for code in codes:
        try:
            parse(code)
            counts["parsed"] += 1
        except TileSyntaxError as exc:
            counts["TileSyntaxError"] += 1
            assert 0 <= exc.column <= len(code)
            assert exc.part_index is not None
            assert "^" in str(exc)
        warnings = [d for d in check(code) if d.severity == "warning"]
        counts["codes with warnings"] += bool(warnings)
    with capsys.disabled():
        print(f"\n18xx corpus: {len(codes)} distinct codes: {dict(counts)}")
    # The only refusals are the upstream typos where a `;` is missing.
    assert counts["TileSyntaxError"] <= 5
    assert counts["parsed"] + counts["TileSyntaxError"] == len(codes)
    assert len(codes) > 5000


def test_parse_revenue_spec_vectors() -> None:
    data = json.loads((corpus.CORPUS_18XX / "spec-vectors.json").read_text("utf-8"))
    vectors = [v for v in data["vectors"] if v["category"] == "parse_revenue"]
    assert vectors
    for vector in vectors:
        revenue = parse(f"city=revenue:{vector['input']['revenue']}").cities[0].revenue
        expected = vector["expected"]["revenue_by_phase"]
        if revenue.is_phased:
            assert dict(revenue.phases) == expected
        else:
            assert set(expected.values()) == {revenue.flat}


def _no_other_exception(code: str) -> None:
    """Parse fails precisely, or the tile renders to well-formed, encodable XML."""
    try:
        tile = parse(code)
    except TileSyntaxError as exc:
        assert 0 <= exc.column <= len(code)
        str(exc).encode("utf-8")
    else:
        svg = render_svg(tile, layout="pointy", rotation=len(code) % 6)
        ET.fromstring(svg.encode("utf-8"))
    for diag in check(code):
        assert 0 <= diag.column <= len(code)


@given(st.text(max_size=80))
def test_random_text_never_crashes(code: str) -> None:
    _no_other_exception(code)


@settings(max_examples=300)
@given(st.data())
def test_mutated_corpus_codes_never_crash(data: st.DataObject) -> None:
    seeds = corpus.all_codes()[::25]
    _no_other_exception(data.draw(mutated_codes(seeds)))


@pytest.mark.slow
def test_every_corpus_code_renders_in_both_layouts() -> None:
    """No exception but TileSyntaxError (the known typos), ever: refused icon names are now
    parse errors, so whatever parses renders."""
    counts: collections.Counter[str] = collections.Counter()
    for code in corpus.all_codes():
        for layout in ("flat", "pointy"):
            try:
                svg = render_svg(code, layout=layout, name="Somewhere")  # type: ignore[arg-type]
                assert svg.startswith("<svg") and svg.endswith("</svg>")
                counts["rendered"] += 1
            except TileSyntaxError:
                counts["syntax error"] += 1
    assert counts["rendered"] > 9900
