from __future__ import annotations

from gallery.pages.order import COLOR_ORDER, color_rank, name_key


def test_engine_colour_order_with_unknown_colours_last() -> None:
    assert color_rank("yellow") < color_rank("green") < color_rank("brown") < color_rank("gray")
    assert color_rank("no-such-colour") == len(COLOR_ORDER)


def test_numbers_sort_by_value_then_names() -> None:
    names = ["57a", "X1", "8", "57", "120"]
    assert sorted(names, key=name_key) == ["8", "57", "57a", "120", "X1"]
