"""The small game of the print tests (tests/gallery/fixtures/print_mini.yaml), copied to a
temporary folder so that tests may write next to it.

Its title and a location name carry markup characters, so every test also shows text from game
data reaching the PDF as text, not as markup.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "print_mini.yaml"


@pytest.fixture
def mini_game_file(tmp_path: Path) -> Path:
    return Path(shutil.copy(MINI, tmp_path / "mini.yaml"))
