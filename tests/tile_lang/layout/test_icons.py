"""Icons and large icons (facts §6.8): placement, embedding, our own set, marks, placeholders,
safe names."""

from __future__ import annotations

import base64
import collections
import json
import re
from pathlib import Path

import corpus
import pytest
from layout_helpers import lay, rotate, svg_root

from tile_lang import parse, render_svg
from tile_lang.layout import layout_tile
from tile_lang.layout.icon_marks import mark_for
from tile_lang.layout.icons import find_icon, resolve_icon, safe_icon_path, unresolved_icons
from tile_lang.layout.shapes import Shape

PORT_SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>'


def centres(group: Shape) -> list[tuple[float, float]]:
    """Centres of the icons of a group (the outer circle of placeholders and marks)."""
    found = [(c.attr("cx"), c.attr("cy")) for c in group.walk() if c.tag == "circle"]
    return [(float(x), float(y)) for x, y in dict.fromkeys(found)]  # type: ignore[arg-type]


def test_single_icon_goes_to_the_right_corner() -> None:
    (group,) = lay("town=revenue:0;icon=image:castle").layers["icons"]
    assert centres(group) == [(75, 0)]


def test_several_icons_side_by_side_first_rightmost() -> None:
    (group,) = lay("icon=image:a;icon=image:b;icon=image:c").layers["icons"]
    assert centres(group) == [(34, -65), (0, -65), (-34, -65)]


def test_loc_corner_and_pointy_counter_rotation() -> None:
    (group,) = lay("icon=image:castle,loc:0.5").layers["icons"]
    assert centres(group) == [(-35, 60.62)]
    (pointy,) = lay("icon=image:castle,loc:0.5", layout="pointy").layers["icons"]
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
    (group,) = lay("icon=image:1846/lake_shore,name:Lake Shore Line").layers["icons"]
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
    "name",
    [
        "../icons/K",
        "../logos/../x",
        "a/../../etc/passwd",
        "/etc/passwd",
        "a\\b",
        "C:evil",
        "a//b",
        "./x",
        "",
    ],
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


def test_builtin_drawing_when_no_folder_has_it(tmp_path: Path) -> None:
    resolved = resolve_icon("port", (tmp_path,))
    assert resolved.kind == "builtin" and resolved.data
    svg = base64.b64decode(resolved.data).decode()
    assert svg.startswith("<svg") and "viewBox" in svg


def test_namespaced_and_priced_names_fall_back_to_the_generic_drawing() -> None:
    port = resolve_icon("port", ())
    assert resolve_icon("1866/port", ()) == port
    assert resolve_icon("18_india/spices-40", ()).data == resolve_icon("spices", ()).data


def test_icon_folders_win_over_our_set(tmp_path: Path) -> None:
    (tmp_path / "1866").mkdir()
    (tmp_path / "1866" / "port.svg").write_bytes(PORT_SVG)
    resolved = resolve_icon("1866/port", (tmp_path,))
    assert resolved.kind == "file"
    assert resolved.data == base64.b64encode(PORT_SVG).decode()


@pytest.mark.parametrize(
    ("name", "kind", "label"),
    [
        ("1846/20", "value", "20"),
        ("1822_pnw/minus_10", "value", "−10"),
        ("bonus_50", "value", "+50"),
        ("plus_100_black", "value", "+100"),
        ("18_zoo/TI", "company", "TI"),
        ("18_usa/gnr", "company", "GNR"),
        ("1822/LNWR_DEST", "company", "LNWR"),
        ("1824/b_lower_case", "company", "b"),
        ("1840/yellow_hex", "colour", ""),
        ("1847_ae/pink", "colour", ""),
    ],
)
def test_marks_are_read_from_the_name(name: str, kind: str, label: str) -> None:
    mark = mark_for(name)
    assert mark is not None and (mark.kind, mark.label) == (kind, label)


@pytest.mark.parametrize("name", ["castle", "lighthouse_keeper", "FECR_key_west", "abcdefgh"])
def test_words_are_not_mistaken_for_marks(name: str) -> None:
    assert mark_for(name) is None
    assert resolve_icon(name, ()).kind == "placeholder"


def test_value_mark_shows_its_number_and_hex_mark_is_a_hexagon() -> None:
    (group,) = lay("icon=image:1846/30").layers["icons"]
    assert [s.text for s in group.walk() if s.tag == "text"] == ["30"]
    (hexes,) = lay("icon=image:1840/green_hex").layers["icons"]
    (poly,) = [s for s in hexes.walk() if s.tag == "polygon"]
    assert len(str(poly.attr("points")).split()) == 6


def test_placeholder_is_dashed_and_listed_once() -> None:
    (group,) = lay("icon=image:castle").layers["icons"]
    (ring,) = [s for s in group.walk() if s.tag == "circle"]
    assert ring.attr("stroke-dasharray")
    tile = parse("icon=image:castle;icon=image:castle,loc:0.5;icon=image:port;icon=image:1846/20")
    assert unresolved_icons(tile) == ("castle",)


def test_logos_resolve_inside_the_checkouts_public_folder(tmp_path: Path) -> None:
    public = tmp_path / "public"
    (public / "icons").mkdir(parents=True)
    (public / "logos" / "18_rhl").mkdir(parents=True)
    (public / "logos" / "18_rhl" / "K.svg").write_bytes(PORT_SVG)
    (tmp_path / "logos").mkdir()
    (tmp_path / "logos" / "X.svg").write_bytes(PORT_SVG)
    assert resolve_icon("../logos/18_rhl/K", (public / "icons",)).kind == "file"
    # never our stand-in for a publisher's logo, and never a file outside `public/`
    assert resolve_icon("../logos/18_rhl/K", ()).kind == "placeholder"
    assert resolve_icon("../logos/X", (public / "icons",)).kind == "placeholder"
    assert find_icon("../logos/X", (public,)) is None


def _icon_usage() -> collections.Counter[str]:
    counts: collections.Counter[str] = collections.Counter()
    for path in corpus.game_files():
        text = path.read_text("utf-8")
        counts.update(re.findall(r"icon=image:([^,;\"]+)", text))
    return counts


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
def test_the_twenty_most_used_icon_names_are_drawn() -> None:
    top = [name for name, _ in _icon_usage().most_common(20)]
    assert len(top) == 20
    assert {name: resolve_icon(name, ()).kind for name in top if
            resolve_icon(name, ()).kind == "placeholder"} == {}  # fmt: skip


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
def test_most_corpus_icon_uses_are_drawn() -> None:
    usage = _icon_usage()
    drawn = sum(n for name, n in usage.items() if resolve_icon(name, ()).kind != "placeholder")
    assert drawn / sum(usage.values()) > 0.9
    json.dumps(drawn)
