"""Colour cues: a symbol per tile colour, only when asked, never over what the tile shows."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tile_lang import catalog, render_svg
from tile_lang.layout import layout_tile
from tile_lang.layout.clearance import blobs, clearance
from tile_lang.layout.color_cue import (
    CUE_SPOTS,
    TOGGLE_STYLE,
    cue_colors,
    cue_spot,
)
from tile_lang.options import cue_mode
from tile_lang.parse import parse
from tile_lang.render_cache import RenderCache, RenderKey
from tile_lang.svg import with_cue_switch
from tile_lang.tile_number import free_spot

SVG = "{http://www.w3.org/2000/svg}"


def _cues(svg: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter() if "data-color-cue" in e.attrib]


def _catalog_sample() -> list[str]:
    # every colour and the two-colour tiles, plus the crowded ones
    return ["57", "8", "15", "63", "119", "166", "1200", "200", "455", "637", "591", "blank"]


@pytest.mark.parametrize("name", _catalog_sample())
@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_without_the_option_the_drawing_is_unchanged(name: str, layout: str) -> None:
    entry = catalog.lookup(name)
    assert entry is not None
    plain = render_svg(entry.code, color=entry.color, layout=layout)  # type: ignore[arg-type]
    for off in (False, None, "off"):
        assert render_svg(entry.code, color=entry.color, layout=layout, color_cues=off) == plain  # type: ignore[arg-type]
    assert "color-cue" not in plain


@pytest.mark.parametrize(
    ("name", "expected", "symbols"),
    [
        ("57", "yellow", ["circle", "circle"]),  # a ring on a white halo
        ("15", "green", ["polygon"]),
        ("63", "brown", ["rect"]),
        ("455", "gray", ["polygon"]),
        ("119", "greenbrown", ["polygon", "rect"]),
        ("166", "browngray", ["rect", "polygon"]),
        ("200", "brownsepia", ["rect", "polygon"]),
    ],
)
def test_each_tile_colour_gets_its_own_cue(name: str, expected: str, symbols: list[str]) -> None:
    entry = catalog.lookup(name)
    assert entry is not None
    svg = render_svg(entry.code, color=entry.color, color_cues=True)
    (cue,) = _cues(svg)
    assert cue.get("data-color-cue") == expected
    assert cue.get("class") == "color-cue" and cue.get("display") is None
    drawn = [e.tag.removeprefix(SVG) for e in cue.iter() if e.tag != f"{SVG}g"]
    assert drawn == symbols
    # the symbols are distinct shapes: the cross and the triangle are different polygons
    assert len({ET.tostring(e) for e in cue.iter() if e.tag != f"{SVG}g"}) == len(symbols)
    # a yellow cue is hollow: a filled black dot is a town
    assert all(e.get("fill") == "none" for e in cue.iter(f"{SVG}circle"))


def test_a_game_tile_with_stripes_of_another_colour_names_both() -> None:
    # 1858's green off-board tiles striped yellow
    code = "stripes=color:yellow;offboard=revenue:20;path=a:0,b:_0"
    (cue,) = _cues(render_svg(code, color="green", color_cues=True))
    assert cue.get("data-color-cue") == "greenyellow"
    assert cue_colors("greenbrown") == ("green", "brown")


def test_a_two_colour_cue_reads_left_to_right_tile_colour_first() -> None:
    for layout in ("flat", "pointy"):
        code = "stripes=color:brown;path=a:0,b:3"
        (cue,) = _cues(render_svg(code, color="green", layout=layout, color_cues=True))  # type: ignore[arg-type]
        pair = [g for g in cue if g.tag == f"{SVG}g"]
        xs = [float(g.get("transform", "")[len("translate(") :].split()[0]) for g in pair]
        assert [next(iter(g)).tag for g in pair] == [f"{SVG}polygon", f"{SVG}rect"]
        assert xs == sorted(xs) and xs[0] < xs[1]


@pytest.mark.parametrize("color", ["white", "red", "blue", "#123456", "purple"])
def test_colours_without_a_symbol_get_no_cue(color: str) -> None:
    assert _cues(render_svg("city=revenue:20", color=color, color_cues=True)) == []


def test_toggle_emits_the_cue_hidden_and_style_reveals_it_by_target() -> None:
    svg = render_svg("path=a:0,b:3", color="yellow", color_cues="toggle")
    (cue,) = _cues(svg)
    assert cue.get("display") == "none" and cue.get("class") == "color-cue"
    assert "#color-cues:target" in TOGGLE_STYLE and ".color-cue" in TOGGLE_STYLE
    standalone = with_cue_switch(svg)
    root = ET.fromstring(standalone)
    assert [e.tag.removeprefix(SVG) for e in root][:3] == ["defs", "style", "g"]
    assert root[2].get("id") == "color-cues" and len(root[2]) == 0


def test_pointy_cues_stay_upright() -> None:
    (cue,) = _cues(render_svg("path=a:0,b:3", color="green", layout="pointy", color_cues=True))
    assert cue.get("transform", "").endswith("rotate(-30)")


def test_the_cue_takes_the_least_used_corner() -> None:
    # straight track from edge 0 to 3 leaves the top-right corner free: the first choice
    ctx = layout_tile(parse("path=a:0,b:3"), color="yellow")
    assert cue_spot(ctx.regions).name == "top-right"
    # a label in the top-right corner pushes it elsewhere, to a corner nothing uses
    busy = layout_tile(parse("path=a:0,b:3;label=Z"), color="yellow")
    spot = cue_spot(busy.regions)
    assert busy.regions.cost(spot.weights) == 0
    assert spot == busy.regions.best(CUE_SPOTS)


def test_beside_a_printed_number_the_cue_takes_another_corner() -> None:
    for name in ("57", "8", "15", "63", "455"):
        entry = catalog.lookup(name)
        assert entry is not None
        ctx = layout_tile(parse(entry.code), color=entry.color)
        number = free_spot(ctx.regions)
        spot = cue_spot(ctx.regions, beside_number=True)
        assert set(number.weights).isdisjoint(set(spot.weights)), name  # type: ignore[arg-type]


def test_cue_modes() -> None:
    assert [cue_mode(v) for v in (True, False, None, "on", "toggle")] == [
        "on", "off", "off", "on", "toggle",
    ]  # fmt: skip
    with pytest.raises(ValueError, match="color_cues"):
        cue_mode("sometimes")
    with pytest.raises(ValueError, match="color_cues"):
        render_svg("path=a:0,b:3", color_cues="sometimes")  # type: ignore[arg-type]


def test_the_render_cache_keys_on_cues() -> None:
    cache = RenderCache()
    plain = cache.render(RenderKey("path=a:0,b:3", "yellow", "flat"))
    cued = cache.render(RenderKey("path=a:0,b:3", "yellow", "flat", color_cues="on"))
    assert plain != cued and "data-color-cue" in cued and "data-color-cue" not in plain
    assert cued == render_svg("path=a:0,b:3", color="yellow", color_cues=True)
    assert len(cache) == 2


def test_ids_do_not_change_with_cues() -> None:
    plain = render_svg("city=revenue:20;path=a:0,b:_0", color="yellow")
    cued = render_svg("city=revenue:20;path=a:0,b:_0", color="yellow", color_cues=True)
    assert re.findall(r'id="([^"]+)"', plain) == re.findall(r'id="([^"]+)"', cued)
    # the cue is the hex group's last element: the rest is the plain drawing, byte for byte
    start = cued.index('<g class="color-cue"')
    assert cued[:start] + cued[-len("</g></svg>") :] == plain


#: Catalog tiles on which every corner is used (two big cities, a label, a revenue): there
#: the drawing decides (tests/tile_lang/test_color_cue_pixels.py checks by pixels that the
#: cue covers nothing on any tile).
CROWDED = {"32", "48", "298LA", "62", "122", "583", "591"}


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_on_the_whole_catalog_the_cue_takes_a_corner_nothing_uses(layout: str) -> None:
    crowded = set()
    for name in catalog.names():
        entry = catalog.lookup(name)
        assert entry is not None
        ctx = layout_tile(parse(entry.code), color=entry.color, layout=layout)  # type: ignore[arg-type]
        if not cue_colors(entry.color, tuple(s.color for s in ctx.tile.stripes)):
            continue
        spot = cue_spot(ctx.regions)
        if ctx.regions.cost(spot.weights) > 0:
            crowded.add(name)
    assert crowded <= CROWDED


def test_on_a_crowded_tile_the_drawing_decides_and_a_full_size_cue_is_preferred() -> None:
    # 591: every corner is claimed; the `Chi` label sits in the top-left corner
    entry = catalog.lookup("591")
    assert entry is not None
    ctx = layout_tile(parse(entry.code), color=entry.color)
    by_regions = cue_spot(ctx.regions)
    by_drawing = cue_spot(ctx.regions, ctx=ctx)
    assert by_regions.name == "top-left deep" and by_drawing != by_regions
    drawn = list(blobs(ctx))
    assert clearance((by_drawing.x, by_drawing.y), drawn) > clearance(
        (by_regions.x, by_regions.y), drawn
    )
    # 120 (two cities, a label, two revenues) has room for a full-size cue
    entry = catalog.lookup("120")
    assert entry is not None
    ctx = layout_tile(parse(entry.code), color=entry.color)
    assert cue_spot(ctx.regions, ctx=ctx).scale == 1


def test_clearance_measures_circles_text_and_track() -> None:
    ctx = layout_tile(parse("city=revenue:20;path=a:0,b:_0;label=Z"), color="yellow")
    drawn = list(blobs(ctx))
    # the city's slot (radius 25 at the centre, with its 1-unit outline)
    assert clearance((0, 0), drawn) <= 0
    assert 4 < clearance((0, -31), drawn) < 6.5
    # track from the bottom edge: 9 wide with its white halo, 12
    assert clearance((0, 80), drawn) <= 0 and 13 < clearance((20, 80), drawn) < 15
    assert clearance((-36, -69), drawn) > 5  # an empty corner
    assert clearance((0, 0), []) == 1000.0
