"""Colour names as words: two-colour tiles, grey shades, and names left alone."""

from __future__ import annotations

import pytest

from tile_lang import catalog, describe
from tile_lang.color_names import color_title, color_words


@pytest.mark.parametrize(
    ("name", "words"),
    [("greenbrown", "green/brown"), ("browngray", "brown/gray"), ("brownsepia", "brown/sepia"),
     ("gray60", "gray 60"), ("none", "colourless"), ("yellow", "yellow"), ("#ff00aa", "#ff00aa"),
     ("light_blue", "light blue"), ("greenish", "greenish"), ("", "")],
)  # fmt: skip
def test_words(name: str, words: str) -> None:
    assert color_words(name) == words


def test_every_catalog_colour_reads_as_words() -> None:
    for name in catalog.colors():
        title = color_title(name)
        assert title[:1].isupper() and " " not in name
        # a compound or shaded name never reaches a page as one run-together word
        assert title.lower() in (name, "colourless") or "/" in title or " " in title, name


def test_descriptions_use_the_words() -> None:
    assert describe("city=revenue:20", color="greenbrown").startswith("Green/brown tile.")
