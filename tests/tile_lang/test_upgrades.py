"""The base upgrade rules, one rule per test, on small hand-written tiles and catalog tiles.

The three shared games' full tables are checked in tests/gallery/test_upgrades.py; here each
rule of `corpus/upgrades/RULES.md` gets a case that passes and one that fails, so a regression
names the rule it broke.
"""

from __future__ import annotations

import pytest

from tile_lang import TileSyntaxError, catalog, legal_rotations, parse
from tile_lang.model import Tile
from tile_lang.rotation import rotate
from tile_lang.upgrades import (
    ShapeCache,
    check_rotations,
    colors_follow,
    picture,
    symmetries,
    turn_mask,
    upgrade_shape,
    upgrades_to,
)

STRAIGHT = "path=a:0,b:3"
SHARP = "path=a:0,b:1"


def cat(name: str) -> tuple[str, str]:
    tile = catalog.get(name)
    return tile.code, tile.color


def rotations(old: str, new: str) -> tuple[int, ...]:
    (oc, ocol), (nc, ncol) = cat(old), cat(new)
    return legal_rotations(oc, nc, old_color=ocol, new_color=ncol)


# --- colour order ------------------------------------------------------------------------


def test_colour_must_come_directly_after() -> None:
    assert legal_rotations("", STRAIGHT, old_color="white", new_color="yellow") == tuple(range(6))
    assert legal_rotations("", STRAIGHT, old_color="white", new_color="green") == ()
    assert legal_rotations(STRAIGHT, STRAIGHT, old_color="yellow", new_color="yellow") == ()
    assert colors_follow("gray", "blue")  # the engine's order continues past gray
    assert not colors_follow("red", "yellow")
    assert not colors_follow("mauve", "yellow")  # a colour outside the order never upgrades


def test_striped_groups_count_as_their_first_colour() -> None:
    # Catalog tile 119 is GREENBROWN: a green tile drawn with brown stripes.
    assert colors_follow("yellow", "greenbrown")
    assert colors_follow("browngray", "gray")
    assert upgrade_shape("", "browngray").color == "brown"


# --- keeping the old track ---------------------------------------------------------------


def test_catalog_yellow_to_green_plain_track() -> None:
    # 1830's own answers for these pairs (corpus/upgrades/1830.json).
    assert rotations("9", "18") == (0, 3)
    assert rotations("8", "16") == (0, 5)
    assert rotations("7", "18") == (5,)
    assert rotations("9", "16") == ()  # 16 has no straight


def test_gauge_must_fit() -> None:
    narrow = "path=a:0,b:3,track:narrow"
    dual = "path=a:0,b:3,track:dual;path=a:1,b:4,track:dual"
    broad_and_narrow = "path=a:0,b:3;path=a:1,b:4"
    assert legal_rotations(narrow, dual, old_color="yellow", new_color="green") != ()
    assert legal_rotations(narrow, broad_and_narrow, old_color="yellow", new_color="green") == ()
    assert (
        legal_rotations(
            "path=a:0,b:3,track:dual", broad_and_narrow, old_color="yellow", new_color="green"
        )
        == ()
    )


def test_cities_match_any_city_towns_any_town() -> None:
    old = "city=revenue:20;path=a:0,b:_0"
    new = "city=revenue:30;path=a:0,b:_0;path=a:3,b:_0"
    assert legal_rotations(old, new, old_color="yellow", new_color="green") == (0, 3)
    town = "town=revenue:10;path=a:0,b:_0;path=a:3,b:_0"
    assert legal_rotations(old, town, old_color="yellow", new_color="green") == ()


def test_to_city_town_may_become_a_city_path_and_halt_a_town() -> None:
    to_city = parse("town=revenue:10,to_city:1;path=a:0,b:_0")
    halt = parse("halt=symbol:H;path=a:0,b:_0")
    city = "city=revenue:20;path=a:0,b:_0;path=a:3,b:_0"
    town = "town=revenue:20;path=a:0,b:_0;path=a:3,b:_0"
    # The town count rule still applies to whole tiles, so compare the path rule on its own:
    old_to_city = upgrade_shape(to_city, "yellow").turns[0].tracks[0]
    new_city = upgrade_shape(city, "green").turns[0].tracks[0]
    assert all(need & new_city.ends for need in old_to_city.needs)
    old_halt = upgrade_shape(halt, "yellow").turns[0].tracks[0]
    new_town = upgrade_shape(town, "green").turns[0].tracks[0]
    assert all(need & new_town.ends for need in old_halt.needs)
    # ...but a plain town never matches a halt.
    new_halt = upgrade_shape("halt=symbol:H;path=a:0,b:_0", "green").turns[0].tracks[0]
    old_town = upgrade_shape(town, "yellow").turns[0].tracks[0]
    assert not all(need & new_halt.ends for need in old_town.needs)


def test_junction_ends_are_the_ends_they_lead_to() -> None:
    lawson = "junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"
    assert legal_rotations(STRAIGHT.replace("3", "2"), lawson, old_color="yellow",
                           new_color="green") == (0, 2, 4)  # fmt: skip
    # Lawson to Lawson: stage 1 compares exits only; stage 2 still checks every path.
    four = "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0"
    assert legal_rotations(lawson, four, old_color="yellow", new_color="green") == (0, 2, 4)


# --- counts and labels -------------------------------------------------------------------


def test_town_count_must_stay() -> None:
    # A town never becomes a city, two towns never merge (catalog 1 -> 59-like single towns).
    assert rotations("3", "5") == ()
    one_town = "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3"
    two = "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1"
    assert legal_rotations(one_town, two, old_color="yellow", new_color="green") == ()


def test_city_count_must_stay_unless_labelled() -> None:
    one = "city=revenue:20;path=a:0,b:_0"
    two = "city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:3,b:_1"
    assert legal_rotations(one, two, old_color="yellow", new_color="green") == ()
    # 18Chesapeake: a green OO tile with two cities becomes a brown OO with one city.
    oo_green = (
        "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:3,b:_1;"
        "path=a:_1,b:4;label=OO"
    )
    oo_brown = (
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=OO"
    )
    assert legal_rotations(oo_green, oo_brown, old_color="green", new_color="brown") == (0, 3)


def test_white_oo_hex_needs_two_cities() -> None:
    hex_oo = "city=revenue:0;city=revenue:0;label=OO"
    one_city = "city=revenue:20;path=a:0,b:_0;label=OO"
    two_cities = "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:3,b:_1;label=OO"
    assert legal_rotations(hex_oo, one_city, old_color="white", new_color="yellow") == ()
    assert legal_rotations(hex_oo, two_cities, old_color="white", new_color="yellow") != ()


def test_labelled_city_keeps_a_city() -> None:
    old = "city=revenue:20;path=a:0,b:_0;label=B"
    plain = "path=a:0,b:3;label=B"
    assert legal_rotations(old, plain, old_color="yellow", new_color="green") == ()


def test_labels_must_match() -> None:
    old = "city=revenue:20;path=a:0,b:_0;label=B"
    same = "city=revenue:30;path=a:0,b:_0;path=a:3,b:_0;label=B"
    other = "city=revenue:30;path=a:0,b:_0;path=a:3,b:_0;label=NY"
    bare = "city=revenue:30;path=a:0,b:_0;path=a:3,b:_0"
    assert legal_rotations(old, same, old_color="yellow", new_color="green") == (0, 3)
    assert legal_rotations(old, other, old_color="yellow", new_color="green") == ()
    assert legal_rotations(old, bare, old_color="yellow", new_color="green") == ()
    assert legal_rotations(bare, same, old_color="yellow", new_color="green") == ()


def test_future_label_wins_at_its_colour() -> None:
    hex_code = "city=revenue:0;future_label=label:Z,color:green"
    yellow = "city=revenue:20;path=a:0,b:_0"
    assert legal_rotations(hex_code, yellow, old_color="white", new_color="yellow") != ()
    old = upgrade_shape("city=revenue:20;path=a:0,b:_0;future_label=label:Z,color:green", "yellow")
    z = upgrade_shape("city=revenue:30;path=a:0,b:_0;path=a:3,b:_0;label=Z", "green")
    bare = upgrade_shape("city=revenue:30;path=a:0,b:_0;path=a:3,b:_0", "green")
    assert upgrades_to(old, z)
    assert not upgrades_to(old, bare)


# --- rotations: cities, map edges, the lay-time check -----------------------------------


def test_multi_city_each_old_city_inside_one_new_city() -> None:
    old = "city=revenue:40;city=revenue:40;path=a:3,b:_0;path=a:0,b:_1;label=NY"
    new = (
        "city=revenue:80;city=revenue:80;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_1;"
        "path=a:4,b:_1;label=NY"
    )
    assert legal_rotations(old, new, old_color="yellow", new_color="green") == (0, 2, 3, 5)
    # One old city with exits 0 and 1 cannot be split over two new cities at any rotation.
    joined = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_1"
    split = (
        "city=revenue:80;city=revenue:80;path=a:0,b:_0;path=a:3,b:_0;path=a:1,b:_1;path=a:4,b:_1"
    )
    assert legal_rotations(joined, split, old_color="yellow", new_color="green") == ()


def test_new_exits_must_have_a_neighbour() -> None:
    city = "city=revenue:0"
    new = "city=revenue:20;path=a:0,b:_0;path=a:3,b:_0"
    assert legal_rotations(city, new, old_color="white", new_color="yellow") == tuple(range(6))
    assert legal_rotations(city, new, old_color="white", new_color="yellow",
                           open_edges=[0, 1, 3]) == (0, 3)  # fmt: skip
    assert legal_rotations(city, new, old_color="white", new_color="yellow", open_edges=[]) == ()


def test_a_tile_without_exits_is_never_offered() -> None:
    assert legal_rotations("", "city=revenue:10", old_color="white", new_color="yellow") == ()


def test_lay_time_check_drops_a_city_split() -> None:
    # Catalog 401 (T, one city, exits 0 and 1) to 120 (T, two cities): at rotation 5 the old
    # city's two exits land in two new cities, which the engine rejects when the tile is laid.
    (oc, ocol), (nc, ncol) = cat("401"), cat("120")
    verdict = check_rotations(upgrade_shape(oc, ocol), upgrade_shape(nc, ncol))
    assert verdict.legal == (0, 4)
    assert verdict.lay_rejected == (5,)
    assert rotations("401", "120") == (0, 4)


def test_same_picture_rotations_are_all_listed() -> None:
    # Tile 63 looks the same at every rotation: all six are legal.
    assert rotations("14", "63") == (0, 1, 2, 3, 4, 5)


def test_turn_mask_turns_edges_only() -> None:
    assert turn_mask(0b000001, 1) == 0b000010
    assert turn_mask(0b100000, 1) == 0b000001
    assert turn_mask(0b1_000001, 5) == 0b1_100000


def test_parsed_tiles_and_strings_agree() -> None:
    assert legal_rotations(parse("path=a:0,b:3"), "path=a:0,b:3;path=a:1,b:4",
                           old_color="yellow", new_color="green") == (0, 2, 3, 5)  # fmt: skip


def test_bad_code_raises_the_syntax_error() -> None:
    from tile_lang import TileSyntaxError

    with pytest.raises(TileSyntaxError):
        legal_rotations("path=a:0", STRAIGHT, old_color="white", new_color="yellow")


def test_whole_catalog_lay_check_count() -> None:
    """RULES.md: in the catalog the lay-time check rejects 33 rotations (one city splitting)."""
    shapes = ShapeCache()
    tiles = [shapes.get(t.code, t.color) for t in catalog.all_tiles()]
    rejected = 0
    pairs = 0
    for old in tiles:
        for new in tiles:
            if old.rank is not None and new.rank == old.rank + 1:
                pairs += 1
                rejected += len(check_rotations(old, new).lay_rejected)
    assert pairs > 50_000
    assert rejected == 33


# --- shapes and symmetries, computed once ------------------------------------------------


def test_each_rotation_of_a_shape_is_the_turned_tile_at_rotation_0() -> None:
    """Rotations 1-5 are rotation 0's masks turned: the same as reading the turned tile."""
    for entry in catalog.all_tiles():
        tile = parse(entry.code)
        shape = upgrade_shape(tile, entry.color)
        for r in range(6):
            assert shape.turns[r] == upgrade_shape(rotate(tile, r), entry.color).turns[0], (
                entry.name,
                r,
            )


def test_symmetries_equal_comparing_every_rotations_picture() -> None:
    """Rotations that move the track's edges are not drawn; the answer is unchanged."""
    found = set()
    for entry in catalog.all_tiles():
        tile = parse(entry.code)
        base = picture(rotate(tile, 0))
        every = tuple(r for r in range(6) if r == 0 or picture(rotate(tile, r)) == base)
        assert symmetries(tile) == every, entry.name
        found.add(every)
    assert {(0,), (0, 3), (0, 1, 2, 3, 4, 5)} <= found
    assert symmetries("label=B") == (0, 1, 2, 3, 4, 5)  # no track: every picture is drawn


def test_shape_cache_symmetries_memo_reads_each_code_once() -> None:
    read: list[str] = []

    def counting(code: str) -> Tile:
        read.append(code)
        return parse(code)

    shapes = ShapeCache(read=counting)
    for name in ("63", "9", "57", "14"):
        code = catalog.get(name).code
        assert shapes.symmetries(code) == symmetries(code) == shapes.symmetries(code)
        assert shapes.get(code, "green") == upgrade_shape(code, "green")
        assert shapes.get(code, "green") is shapes.get(code, "green")
    assert len(read) == 8  # each code once for its symmetries, once for its one shape
    assert shapes.symmetries(catalog.get("63").code) == (0, 1, 2, 3, 4, 5)
    with pytest.raises(TileSyntaxError):
        shapes.symmetries("path=a:0")
    shapes.clear()  # its owner is done with pairs: every code is read again
    assert not shapes.shapes and not shapes.symmetry
    before, code = len(read), catalog.get("57").code
    assert shapes.get(code, "green") == upgrade_shape(code, "green") and len(read) == before + 1


def test_strings_and_tiles_give_the_same_rotations_and_bad_strings_raise_every_time() -> None:
    tiles = [t for t in catalog.all_tiles() if t.color in ("yellow", "green")][:40]
    for old in tiles:
        for new in tiles:
            by_string = legal_rotations(
                old.code, new.code, old_color=old.color, new_color=new.color
            )
            by_tile = legal_rotations(
                parse(old.code), parse(new.code), old_color=old.color, new_color=new.color
            )
            assert by_string == by_tile
    for _ in range(2):  # a remembered shape must not hide the error the second time
        with pytest.raises(TileSyntaxError):
            legal_rotations("city=revenue:x", STRAIGHT, old_color="white", new_color="yellow")
