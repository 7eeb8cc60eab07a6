"""Icons and large icons (facts §6.8): placement, embedding, placeholders, safe names."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from layout_helpers import lay, rotate, svg_root

from tile_lang import parse, render_svg
from tile_lang.layout import layout_tile
from tile_lang.layout.icons import find_icon, safe_icon_path
from tile_lang.layout.shapes import Shape

PORT_SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>'


def centres(group: Shape) -> list[tuple[float, float]]:
    """Centres of the icons of a group (placeholder circles)."""
    return [(c.attr("cx"), c.attr("cy")) for c in group.walk() if c.tag == "circle"]  # type: ignore[misc]


def test_single_icon_goes_to_the_right_corner() -> None:
    (group,) = lay("town=revenue:0;icon=image:port").layers["icons"]
    assert centres(group) == [(75, 0)]


def test_several_icons_side_by_side_first_rightmost() -> None:
    (group,) = lay("icon=image:a;icon=image:b;icon=image:c").layers["icons"]
    assert centres(group) == [(34, -65), (0, -65), (-34, -65)]


def test_loc_corner_and_pointy_counter_rotation() -> None:
    (group,) = lay("icon=image:port,loc:0.5").layers["icons"]
    assert centres(group) == [(-35, 60.62)]
    (pointy,) = lay("icon=image:port,loc:0.5", layout="pointy").layers["icons"]
    assert centres(pointy) == [(-65, 37.5)] and rotate(pointy) == -30
    (wide,) = lay("icon=image:a,loc:0.5;icon=image:b,loc:0.5", layout="pointy").layers["icons"]
    assert centres(wide) == [(-35, 25), (-69, 25)]


def test_one_group_per_loc_in_order() -> None:
    ctx = lay("icon=image:a,loc:2.5;icon=image:b;icon=image:c,loc:2.5")
    first, second = ctx.layers["icons"]
    assert centres(first) == [(-18, -60.62), (-52, -60.62)]
    assert centres(second) == [(75, 0)]


def test_large_icons_share_one_place_on_white_circles() -> None:
    (group,) = lay("icon=image:x,large:1;icon=image:y,large:1").layers["icons"]
    backdrops = [c for c in group.walk() if c.tag == "circle" and c.attr("r") == 25]
    assert [(c.attr("cx"), c.attr("cy")) for c in backdrops] == [(-34, 0), (-86, 0)]
    assert all(c.attr("fill") == "white" for c in backdrops)


def test_placeholder_has_title_and_initials() -> None:
    (group,) = lay("icon=image:1846/lsl,name:Lake Shore Line").layers["icons"]
    titles = [s.text for s in group.walk() if s.tag == "title"]
    assert titles == ["Lake Shore Line"]
    assert [s.text for s in group.walk() if s.tag == "text"] == ["LS"]
    (other,) = lay("icon=image:18_india/ore-50").layers["icons"]
    assert [s.text for s in other.walk() if s.tag == "title"] == ["ore-50"]


def test_found_icon_is_embedded_as_data_uri(tmp_path: Path) -> None:
    (tmp_path / "1846").mkdir()
    (tmp_path / "1846" / "port.svg").write_bytes(PORT_SVG)
    ctx = layout_tile(parse("icon=image:1846/port"), icon_dirs=(tmp_path,))
    (group,) = ctx.layers["icons"]
    (image,) = [s for s in group.walk() if s.tag == "image"]
    href = str(image.attr("href"))
    assert href == "data:image/svg+xml;base64," + base64.b64encode(PORT_SVG).decode()
    assert (image.attr("x"), image.attr("y"), image.attr("width"), image.attr("height")) == (
        59,
        -16,
        32,
        32,
    )
    svg = render_svg("icon=image:1846/port", icon_dirs=[tmp_path])
    assert "data:image/svg+xml;base64," in svg
    svg_root(svg)


def test_first_folder_wins_and_missing_falls_back(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (b / "mine.svg").write_bytes(PORT_SVG)
    assert find_icon("mine", (a, b)) == base64.b64encode(PORT_SVG).decode()
    assert find_icon("port", (a, b)) is None


@pytest.mark.parametrize(
    "name", ["../logos/K", "a/../../etc/passwd", "/etc/passwd", "a\\b", "C:evil", "a//b", "./x", ""]
)
def test_names_that_could_leave_the_folder_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match="icon"):
        safe_icon_path(name)


def test_refusal_names_the_icon(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"\.\./secret"):
        layout_tile(parse("icon=image:../secret"), icon_dirs=(tmp_path,))


def test_symlink_out_of_the_folder_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.svg"
    outside.write_bytes(PORT_SVG)
    icons = tmp_path / "icons"
    icons.mkdir()
    (icons / "link.svg").symlink_to(outside)
    assert find_icon("link", (icons,)) is None


def test_ordinary_names_are_fine() -> None:
    assert str(safe_icon_path("1868_wy/-10")) == "1868_wy/-10.svg"
    assert str(safe_icon_path("18_usa/oil-derrick")) == "18_usa/oil-derrick.svg"


def test_icon_name_is_escaped() -> None:
    from tile_lang.model import Icon, Tile

    svg = render_svg(Tile(parts=(Icon(image="x", name='"><script>alert(1)</script>'),)))
    root = svg_root(svg)
    assert not [el for el in root.iter() if el.tag.endswith("script")]


def test_engine_icons_prefix_means_the_same_icon() -> None:
    assert str(safe_icon_path("/icons/port")) == "port.svg"
    with pytest.raises(ValueError, match="icon"):
        safe_icon_path("/icons/../x")
