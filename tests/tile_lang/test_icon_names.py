"""An icon name that could leave the icon folder is refused by the parser, at its column, so a
tile the parser accepts always renders (it used to parse, then fail in the renderer)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tile_lang import TileSyntaxError, check, parse
from tile_lang.svg import render_svg


@pytest.mark.parametrize("name", ["../../etc/passwd", "/abs", "a//b", "./x", "~/x", "a\\b"])
def test_icon_name_leaving_the_folder_is_a_syntax_error_at_the_name(name: str) -> None:
    code = f"city=revenue:20;icon=image:{name},sticky:1"
    with pytest.raises(TileSyntaxError, match="refused") as info:
        parse(code)
    assert info.value.column == code.index(name)
    assert [d.column for d in check(code) if d.severity == "error"] == [code.index(name)]


@pytest.mark.parametrize("name", ["port", "/icons/port", "18_usa/oil-derrick", "../logos/18_rhl/K"])
def test_icon_names_18xx_games_uses_parse_and_render(name: str) -> None:
    ET.fromstring(render_svg(f"icon=image:{name}"))
