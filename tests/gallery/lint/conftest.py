"""The fixture checkout: a made-up game with typos of our own at known lines and columns."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURE = Path(__file__).parent / "fixtures" / "checkout"


@pytest.fixture
def checkout() -> Path:
    return FIXTURE
