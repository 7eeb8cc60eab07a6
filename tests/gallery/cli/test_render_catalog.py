"""The `tile-atlas render-catalog` command as a user runs it (click's runner, real files)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from gallery.cli import main


def test_render_catalog_writes_every_tile(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["render-catalog", str(tmp_path), "--layout", "pointy"])
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("pointy_*.svg"))
    assert len(files) == 476
    assert (tmp_path / "pointy_57.svg").is_file()
    text = (tmp_path / "pointy_57.svg").read_text(encoding="utf-8")
    assert "<title>Yellow tile 57. City with 1 slot, revenue 20. Track from the lower left" in text
