"""Parsing: every part type and key with the engine's defaults, and every error class."""

from __future__ import annotations

import pytest

from tile_lang import TileSyntaxError, parse
from tile_lang.model import (
    Border,
    City,
    EdgeRef,
    Frame,
    FutureLabel,
    Halt,
    Icon,
    Junction,
    Label,
    NodeRef,
    Offboard,
    Partition,
    Pass,
    Path,
    Revenue,
    Stripes,
    Stub,
    Town,
    Upgrade,
)


def test_empty_code_is_a_tile_without_parts() -> None:
    assert parse("").parts == ()


def test_tile_57() -> None:
    tile = parse("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3")
    assert tile.parts == (
        City(revenue=Revenue(20)),
        Path(EdgeRef(0), NodeRef(0)),
        Path(NodeRef(0), EdgeRef(3)),
    )
    assert tile.exits() == (0, 3)


def test_city_keys_and_defaults() -> None:
    (city,) = parse(
        "city=revenue:40,slots:3,groups:A|B,hide:1,visit_cost:0,route:optional,"
        "format:+%d,boom:1,outline:1,loc:1.5"
    ).parts
    assert city == City(
        revenue=Revenue(40),
        slots=3,
        groups=("A", "B"),
        hide=True,
        visit_cost=0,
        route="optional",
        format="+%d",
        boom=True,
        outline=True,
        loc=1.5,
    )
    default = parse("city=revenue:0").parts[0]
    assert (default.slots, default.visit_cost, default.route, default.loc) == (
        1,
        1,
        "mandatory",
        None,
    )


def test_pass_is_a_city_with_its_own_defaults() -> None:
    (p,) = parse("pass=revenue:0,size:2,color:brown").parts
    assert isinstance(p, Pass) and isinstance(p, City)
    assert (p.route, p.color, p.size, p.slots) == ("never", "brown", 2, 1)


def test_town_halt_offboard_junction() -> None:
    tile = parse(
        "town=revenue:10,style:dot,to_city:1,loc:center;halt=symbol:£,loc:2;"
        "offboard=revenue:yellow_30|brown_60|diesel_100,rows:2;junction"
    )
    town, halt, offboard, junction = tile.parts
    assert town == Town(revenue=Revenue(10), style="dot", to_city=True, loc="center")
    assert halt == Halt(symbol="£", loc=2.0)
    assert halt.revenue == Revenue(0) and halt.route == "optional"
    assert offboard == Offboard(
        revenue=Revenue(phases=(("yellow", 30), ("brown", 60), ("diesel", 100))), rows=2
    )
    assert junction == Junction()
    assert len(tile.nodes) == 4


def test_path_keys() -> None:
    (path,) = parse("path=a:0,b:3,terminal:2,ignore:1,track:narrow,a_lane:2.1,b_lane:3.2").parts
    assert path == Path(
        EdgeRef(0), EdgeRef(3), terminal="2", ignore=True, track="narrow", a_lane=(2, 1),
        b_lane=(3, 2),
    )  # fmt: skip


@pytest.mark.parametrize("track", ["broad", "narrow", "dual", "thin", "future"])
def test_every_track_gauge(track: str) -> None:
    assert parse(f"path=a:0,b:3,track:{track}").parts[0].track == track


def test_node_refs_count_only_nodes_in_written_order() -> None:
    tile = parse("label=X;city=revenue:20;upgrade=cost:20;town=revenue:10;path=a:_1,b:_0")
    path = tile.written_paths[0]
    assert path.a == NodeRef(1) and isinstance(tile.nodes[1], Town)


def test_other_parts() -> None:
    tile = parse(
        "label=OO;upgrade=cost:80,terrain:water|mountain,size:40,loc:5.5;"
        "border=edge:4,type:mountain,cost:60,color:red;"
        "icon=image:1846/20,name:twenty,sticky:1,blocks_lay:1,large:1,loc:0.5;stub=edge:2;"
        "partition=a:0-,b:3+,type:water,restrict:inner,length:0.5;frame=color:#ffa500,color2:red;"
        "stripes=color:brown;future_label=label:Z,color:gray"
    )
    assert tile.parts == (
        Label("OO"),
        Upgrade(cost=80, terrains=("water", "mountain"), size=40, loc=(5.5,)),
        Border(edge=4, type="mountain", cost=60, color="red"),
        Icon("1846/20", name="twenty", sticky=True, blocks_lay=True, large=True, loc="0.5"),
        Stub(2),
        Partition("0-", "3+", type="water", restrict="inner", length=0.5),
        Frame("#ffa500", "red"),
        Stripes("brown"),
        FutureLabel("Z", "gray"),
    )


def test_icon_name_defaults_to_last_image_segment() -> None:
    assert parse("icon=image:18_al/tree").parts[0].display_name == "tree"


def test_phase_revenue_keeps_written_order_and_hex_colours() -> None:
    (city,) = parse("city=revenue:#cb7743_50|brown_60").parts
    assert city.revenue.phases == (("#cb7743", 50), ("brown", 60))


def test_single_phase_with_trailing_pipe_is_a_phase_box() -> None:
    assert parse("offboard=revenue:yellow_40|").parts[0].revenue.phases == (("yellow", 40),)


def test_single_phase_without_pipe_is_zero_like_the_engine() -> None:
    assert parse("offboard=revenue:yellow_0").parts[0].revenue == Revenue(0)


def test_flags_are_on_with_any_value() -> None:
    assert parse("city=revenue:0,hide:0").parts[0].hide is True


def test_label_with_colon_keeps_its_text() -> None:
    assert parse("label=a:b").parts[0] == Label("a:b")


def test_whitespace_is_tolerated() -> None:
    tile = parse("city=revenue:40;path=a:0,b:_0\n       ;label=BGM")
    assert tile.labels == (Label("BGM"),)


def test_edges_at_six_or_more_parse() -> None:
    assert parse("path=a:6,b:3").parts[0].a == EdgeRef(6)


# --- errors ---------------------------------------------------------------------------------


def _error(code: str) -> TileSyntaxError:
    with pytest.raises(TileSyntaxError) as info:
        parse(code)
    return info.value


def test_unknown_part_type_suggests_the_closest() -> None:
    err = _error("city=revenue:20;citty=revenue:10")
    assert err.column == 16 and err.part_index == 1
    assert err.hint == "did you mean `city`?"
    assert "unknown part type `citty`" in str(err)
    assert str(err).splitlines()[2].index("^") == 2 + 16


def test_missing_required_key() -> None:
    err = _error("town")
    assert "`town` needs `revenue`" in err.message
    assert _error("path=a:0").message == "`path` needs `b`"
    assert "needs `image`" in _error("icon=name:x").message
    assert "needs `color`" in _error("frame=color2:red").message


def test_node_reference_past_the_defined_nodes() -> None:
    err = _error("path=a:0,b:_0;city=revenue:20")
    assert "no city" in err.message and err.column == 11
    err = _error("city=revenue:20;path=a:0,b:_1")
    assert "only 1 node(s)" in err.message


@pytest.mark.parametrize(
    ("code", "fragment"),
    [
        ("city=revenue:twenty", "revenue must be a whole number"),
        ("city=revenue:20,slots:two", "`slots` expects a whole number"),
        ("path=a:x,b:3", "`a` expects an edge number"),
        ("border=edge:1,cost:4o", "`cost` expects a whole number"),
        ("city=revenue:yellow_x|green_30", "revenue for phase `yellow`"),
        ("city=revenue:20|30", "phase revenue items are `phase_value`"),
    ],
)
def test_non_numeric_numbers(code: str, fragment: str) -> None:
    assert fragment in _error(code).message


def test_second_equals_points_at_the_missing_semicolon() -> None:
    code = "town=revenue:10;path=a:2,b:_0;path=a:3,b:_0border=edge:4"
    err = _error(code)
    assert "second `=`" in err.message
    assert code[err.column :].startswith("border")
    assert err.hint == "a `;` seems to be missing before `border`"


@pytest.mark.parametrize(
    ("code", "fragment"),
    [
        ("path=a:0,b:3,a_lane:2.5", "lane index (5) must be below the width (2)"),
        ("path=a:0,b:3,b_lane:x", "`b_lane` expects `width.index`"),
        ("path=a:0,b:3,lanes:0", "`lanes` must be at least 1"),
    ],
)
def test_bad_lane_specs(code: str, fragment: str) -> None:
    assert fragment in _error(code).message


def test_unknown_track_and_terrain_suggest() -> None:
    err = _error("path=a:0,b:3,track:narow")
    assert err.hint == "did you mean `narrow`?"
    err = _error("upgrade=cost:20,terrain:mountian")
    assert err.hint == "did you mean `mountain`?"


@pytest.mark.parametrize(
    ("code", "fragment"),
    [
        ("city=revenue:20;;label=A", "empty part"),
        ("city=revenue:20,,slots:2", "empty item"),
        ("city=revenue:20,slots", "with no `:`"),
        ("city=revenue:20,slots:2:3", "found 2 `:`"),
        ("city=revenue:", "missing value after `revenue:`"),
        ("city=20", "expects `key:value` items"),
        ("=revenue:20", "missing part type"),
        ("city=revenue:20,loc:left", "`loc` expects `center`"),
        ("partition=a:7,b:3", "corner 0-5"),
    ],
)
def test_lexical_and_shape_errors(code: str, fragment: str) -> None:
    assert fragment in _error(code).message


def test_error_is_a_value_error_and_picklable() -> None:
    import pickle

    err = _error("citty=revenue:1")
    assert isinstance(err, ValueError)
    again = pickle.loads(pickle.dumps(err))
    assert (again.column, again.hint, str(again)) == (err.column, err.hint, str(err))


def test_non_string_input_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "code",
    [
        "city=revenue:" + "9" * 5000,
        "path=a:0,b:3,a_lane:" + "1" * 5000 + ".1",
        "city=revenue:1;path=a:0,b:_" + "1" * 5000,
        "city=revenue:1;path=a:0,b:_²",
        "path=a:²,b:1",
        "city=revenue:٣",
        "label=" + "A" * 1_000_000,
        "path=a:0,b:3;" * 10_000,
    ],
    ids=[
        "huge-int",
        "huge-lane",
        "huge-node",
        "superscript-node",
        "superscript-edge",
        "non-ascii-digit",
        "1MB",
        "10000-parts",
    ],
)
def test_hostile_input_gives_a_clear_error(code: str) -> None:
    with pytest.raises(TileSyntaxError):
        parse(code)
