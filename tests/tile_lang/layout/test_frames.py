"""Frames and stripes (facts §6.9)."""

from __future__ import annotations

from layout_helpers import lay

FRAME_POINTS = "93.68,0 46.84,81.5 -46.84,81.5 -93.68,0 -46.84,-81.5 46.84,-81.5"


def test_frame_polygon() -> None:
    (frame,) = lay("frame=color:#800080", color="green").layers["frame"]
    assert frame.attr("points") == FRAME_POINTS
    assert frame.attr("stroke") == "#800080" and frame.attr("stroke-width") == 10
    assert frame.attr("fill") == "#71bf44"  # the tile colour, as inherited on 18xx.games


def test_second_frame_colour_is_dashed_on_top() -> None:
    first, second = lay("frame=color:#ff7ffe,color2:#e2ceb6").layers["frame"]
    assert first.attr("stroke") == "#ff7ffe"
    assert second.attr("points") == FRAME_POINTS
    assert second.attr("stroke") == "#e2ceb6" and second.attr("stroke-width") == 10
    assert second.attr("fill-opacity") == 0 and second.attr("pathLength") == 576
    assert second.attr("stroke-dasharray") == 32 and second.attr("stroke-dashoffset") == 16


def test_only_the_last_frame_counts() -> None:
    (frame,) = lay("frame=color:red;frame=color:blue").layers["frame"]
    assert frame.attr("stroke") == "blue"


def test_stripes_flat_and_pointy() -> None:
    (group,) = lay("stripes=color:brown", color="green").layers["stripes"]
    assert group.attr("transform") == "rotate(60)"
    assert [p.attr("points") for p in group.children] == [
        "-16,-87 16,-87 16,87 -16,87",
        "48,-87 50,-87 80,-35 80,35 50,87 48,87",
        "-48,-87 -50,-87 -80,-35 -80,35 -50,87 -48,87",
    ]
    assert all(p.attr("fill") == "#cb7745" and p.attr("stroke") is None for p in group.children)
    (pointy,) = lay("stripes=color:brown", layout="pointy").layers["stripes"]
    assert pointy.attr("transform") is None


def test_catalog_two_colour_tile_has_stripes() -> None:
    from tile_lang import catalog

    entry = catalog.get("119")
    (group,) = lay(entry.code, color=entry.color).layers["stripes"]
    assert group.children[0].attr("fill") == "#cb7745"
