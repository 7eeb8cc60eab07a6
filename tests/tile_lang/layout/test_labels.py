"""Labels (facts §6.4): candidate locations by stop count, claims, text style, escaping."""

from __future__ import annotations

import pytest
from layout_helpers import all_attributes, lay, rotate, svg_root, tagged, translate

from tile_lang import render_svg
from tile_lang.layout import labels
from tile_lang.model import Label, Tile

T439 = "city=revenue:60,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=H;upgrade=cost:80"
H6 = (
    "city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1;label=OO;"
    "upgrade=cost:40,terrain:water"
)
MC = (
    "city=revenue:60,slots:3,loc:center;town=revenue:10,loc:2;path=a:0,b:_0;path=a:1,b:_0;"
    "path=a:3,b:_0;path=a:2,b:_1;path=a:5,b:_0,lanes:2;path=a:_1,b:_0;label=MC"
)


def label_at(code: str, **kw: object) -> tuple[float, float]:
    ctx = lay(code, **kw)  # type: ignore[arg-type]
    (group,) = ctx.layers["labels"]
    return translate(group)


@pytest.mark.parametrize(
    ("code", "where"),
    [
        (T439, (-71.25, 0)),  # single multi-slot city: left corner only
        (H6, (0, -60)),  # several stops: top centre first
        (MC, (-40, -65)),  # top centre and edge 2 taken by track: upper-left corner
        ("label=Z", (-71.25, 0)),  # no stops, flat
        # One single-slot city in the centre: (-55, 0) costs 1 (half of the city's 7 and 14),
        # the right corner only 0.5 (the revenue circle's quarter claims on 11 and 18).
        ("city=revenue:20;path=a:0,b:_0;label=Y", (71.25, 0)),
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;label=Y", (71.25, 0)),
    ],
)
def test_flat_positions(code: str, where: tuple[float, float]) -> None:
    assert label_at(code) == where


def test_one_stop_candidates_in_engine_order() -> None:
    ctx = lay("town=revenue:10")
    options = labels.candidates(ctx)
    assert [(o.x, o.y) for o in options] == [(-55, 0), (55, 0), (71.25, 0)]
    assert options[0].weights == {(6, 13, 5, 12): 1, (7, 14): 0.5}
    pointy = labels.candidates(lay("town=revenue:10", layout="pointy"))
    assert [(o.x, o.y) for o in pointy] == [(-65, 0), (65, 0), (67, 0)]


def test_multi_stop_candidates_in_engine_order() -> None:
    flat = labels.candidates(lay(H6))
    assert [(o.x, o.y) for o in flat] == [
        (0, -60), (-50, -31), (50, 37), (-40, -65), (40, -65), (-71.25, 0), (71.25, 0),
        (-30, 65), (40, 65), (-50, 25), (0, 60),
    ]  # fmt: skip
    pointy = labels.candidates(lay(H6, layout="pointy"))
    assert [(o.x, o.y) for o in pointy] == [
        (0, -60), (-50, -31), (-30, -65), (-50, 25), (-67, 0), (-30, 61), (30, -65), (67, 0),
        (50, 37), (0, 60),
    ]  # fmt: skip


def test_pointy_positions_and_upright_text() -> None:
    ctx = lay(T439, layout="pointy")
    (group,) = ctx.layers["labels"]
    assert translate(group) == (-67, 0)
    assert rotate(group) == -30
    assert label_at("label=Z", layout="pointy") == (-67, 0)
    assert label_at("city=revenue:20;path=a:1,b:_0;label=Y", layout="pointy") == (-65, 0)


def test_second_label_avoids_the_first() -> None:
    ctx = lay("city=revenue:10;city=revenue:10;label=A;label=B")
    first, second = (translate(g) for g in ctx.layers["labels"])
    assert second != first


def test_label_claims_its_regions() -> None:
    ctx = lay("label=Z")
    assert ctx.regions.use[5] == 1 and ctx.regions.use[12] == 1


def test_text_style_matches_scaled_tile_text() -> None:
    ctx = lay(T439)
    (label,) = tagged(ctx, "labels", "text")
    assert label.text == "H"
    attrs = dict(label.attrs)
    # 16 px × 1.5 and the inherited 1-unit black stroke scaled with it.
    assert attrs["font-size"] == 24 and attrs["stroke-width"] == 1.5
    assert attrs["fill"] == "black" and attrs["dominant-baseline"] == "middle"


@pytest.mark.parametrize(
    "evil",
    ["<script>alert(1)</script>", '"><svg onload="alert(1)">', "x' onload='alert(1)", "&amp;"],
)
def test_label_text_is_escaped(evil: str) -> None:
    svg = render_svg(Tile(parts=(Label(evil),)))
    root = svg_root(svg)  # still well-formed XML
    assert "onload" not in all_attributes(root)
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    assert evil in [el.text for el in root.iter() if el.tag.endswith("text")]
