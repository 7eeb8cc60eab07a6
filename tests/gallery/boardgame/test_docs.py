"""docs/board-games.md stays in step with the code: every type, column and action is there."""

from __future__ import annotations

from pathlib import Path

from gallery.boardgame.actions import ACTIONS
from gallery.boardgame.model import SQUARE_TYPES

DOC = (Path(__file__).resolve().parents[3] / "docs" / "board-games.md").read_text("utf-8")


def test_square_types_and_columns_are_documented() -> None:
    for kind, cls in SQUARE_TYPES.items():
        columns = " ".join(f"`{s.label}`" for s in cls.field_specs())
        assert f"| `{kind}` |" in DOC and f"| {columns} |" in DOC, kind


def test_actions_are_documented() -> None:
    for name in ACTIONS:
        assert f"| `{name}` |" in DOC, name
