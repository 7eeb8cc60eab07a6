"""The colour-vision figures of docs/usage/accessibility.md: the simulation and the colour
difference behave as their papers say, and cues separate the tiles that fills do not."""

from __future__ import annotations

import numpy as np
import pytest

from tools.color_vision import (
    SIMULATIONS,
    ciede2000,
    clear_pixels,
    fill_difference,
    simulate,
    to_lab,
)

pytest.importorskip("cairosvg")


def test_greys_stay_grey_and_white_stays_white() -> None:
    for kind in SIMULATIONS:
        for level in (0.0, 0.3, 1.0):
            grey = np.array([level] * 3)
            assert np.allclose(simulate(grey, kind), grey, atol=2e-3), kind


def test_ciede2000_matches_sharmas_published_pairs() -> None:
    # two pairs of the test data of Sharma, Wu and Dalal (2005)
    lab1 = np.array([[50.0, 2.6772, -79.7751], [50.0, 2.5, 0.0]])
    lab2 = np.array([[50.0, 0.0, -82.7485], [58.0, 24.0, 15.0]])
    assert np.allclose(ciede2000(lab1, lab2), [2.0425, 19.4535], atol=1e-3)
    assert float(ciede2000(to_lab(np.array([1.0, 1, 1])), to_lab(np.array([0.0, 0, 0])))) == (
        pytest.approx(100, abs=0.1)
    )


def test_red_green_confusion_shows_for_green_and_brown_tiles() -> None:
    normal = fill_difference("green", "brown", "normal")
    deuteranopia = fill_difference("green", "brown", "deuteranopia")
    assert normal > 40 and deuteranopia < 10
    # blue-yellow confusion: the map's beige and yellow tiles
    assert fill_difference("white", "yellow", "tritanopia") < 10


def test_cues_make_the_confused_tiles_differ_plainly() -> None:
    assert clear_pixels("green", "brown", "deuteranopia", cues=False) == 0
    assert clear_pixels("green", "brown", "deuteranopia", cues=True) > 20
