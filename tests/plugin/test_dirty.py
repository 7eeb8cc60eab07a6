"""plugin.dirty's reading of the navigation: which titles a rebuild changed, entry by entry."""

from __future__ import annotations

from plugin.dirty import Entry, _renamed, _shape


def _nav(*titles: str) -> tuple[Entry, ...]:
    pages = tuple(Entry("page", t, f"p{i}/") for i, t in enumerate(titles))
    return (Entry("section", "Games", children=pages),)


def test_titles_swapped_between_two_pages_are_both_renamed() -> None:
    assert _renamed(_nav("A", "B"), _nav("B", "A")) == {"A", "B"}
    assert _renamed(_nav("A", "B"), _nav("A", "C")) == {"B"}
    assert _renamed(_nav("A", "B"), _nav("A", "B")) == set()


def test_the_shape_leaves_titles_out_but_not_addresses_or_sections() -> None:
    assert _shape(_nav("A", "B")) == _shape(_nav("X", "Y"))
    assert _shape(_nav("A", "B")) != _shape(_nav("A"))
    moved = (Entry("section", "Games", children=(Entry("page", "A", "elsewhere/"),)),)
    assert _shape(_nav("A")) != _shape(moved)
