"""Characters a tile string may not hold (issue #15, finding 6).

Control characters and lone surrogates once passed `check` and produced malformed SVG (or a
UnicodeEncodeError). They are now a TileSyntaxError at their column; tab and line breaks, which
real 18xx.games data contains, still parse (with a warning).
"""

from __future__ import annotations

import pytest

from tile_lang import TileSyntaxError, check, parse

REFUSED = ["\x00", "\x01", "\x08", "\x0b", "\x0c", "\x1b", "\x1f", "\x7f", "\x85", "\x9f",
           "\ud800", "\udfff", "\ufffe", "\uffff"]  # fmt: skip


@pytest.mark.parametrize("char", REFUSED, ids=[f"U+{ord(c):04X}" for c in REFUSED])
def test_control_character_or_lone_surrogate_is_an_error_at_its_column(char: str) -> None:
    code = f"city=revenue:20;label=Bad{char}Name"
    with pytest.raises(TileSyntaxError) as info:
        parse(code)
    assert info.value.column == code.index(char)
    assert info.value.part_index == 1
    assert f"U+{ord(char):04X}" in info.value.message
    text = str(info.value)
    text.encode("utf-8")  # printable: no lone surrogate in the caret display
    assert "Bad\N{REPLACEMENT CHARACTER}Name" in text
    [error] = check(code)
    assert (error.severity, error.column) == ("error", code.index(char))


def test_name_with_nul_byte_is_refused_in_a_label() -> None:
    with pytest.raises(TileSyntaxError, match="U\\+0000"):
        parse("label=\x00")


@pytest.mark.parametrize("space", ["\t", "\n", "\r"])
def test_tab_and_line_breaks_still_parse_with_a_warning(space: str) -> None:
    code = f"city=revenue:20;{space}path=a:0,b:_0"
    assert len(parse(code).parts) == 2
    assert [d.severity for d in check(code)] == ["warning"]


def test_other_unicode_still_parses() -> None:
    assert parse("label=Zürich €5 \U0001f682").labels[0].text == "Zürich €5 \U0001f682"
