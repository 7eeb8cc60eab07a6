"""Fuzzing the whole tile pipeline with hostile input (issue #15: findings 2 and 6).

The property: for any string, `parse` either returns a Tile that renders, in both layouts and
at any rotation, whatever name it is given, to a well-formed and encodable SVG, or raises
TileSyntaxError with a column inside the string; `check` never raises. Nothing else, ever.
`nox -s fuzz` runs these with 20,000 examples each (HYPOTHESIS_PROFILE=fuzz).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import event, given
from hypothesis import strategies as st
from strategies import extreme_key_codes, hostile_codes, hostile_text

from tile_lang import TileSyntaxError, check, parse
from tile_lang.options import LAYOUTS
from tile_lang.svg import render_svg


def _parses_or_fails_precisely(code: str, name: str | None, rotation: int) -> None:
    for diagnostic in check(code):
        assert 0 <= diagnostic.column <= len(code)
    try:
        tile = parse(code)
    except TileSyntaxError as exc:
        assert 0 <= exc.column <= len(code)
        str(exc).encode("utf-8")  # the message is printable, whatever the code held
        event("refused with TileSyntaxError")
        return
    event("parsed and rendered")
    for layout in LAYOUTS:
        svg = render_svg(tile, layout=layout, rotation=rotation, name=name)
        svg.encode("utf-8")
        ET.fromstring(svg)


@given(extreme_key_codes(), st.integers(0, 5))
def test_fuzz_extreme_numbers_in_every_key_parse_or_fail_precisely(code: str, rot: int) -> None:
    _parses_or_fails_precisely(code, None, rot)


@given(hostile_codes(), st.one_of(st.none(), hostile_text), st.integers(0, 5))
def test_fuzz_hostile_codes_render_well_formed_or_fail_precisely(
    code: str, name: str | None, rotation: int
) -> None:
    _parses_or_fails_precisely(code, name, rotation)
