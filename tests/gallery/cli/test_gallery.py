"""The `tile-atlas gallery` command as a user runs it (click's runner, real files)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from gallery.cli import main


def test_gallery_command_writes_pages(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "mini.yaml").write_text(
        'id: mini\ntitle: Mini\ntiles:\n  "57": 1\nhexes:\n  white:\n    "city": [A1]\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["gallery", str(games), str(out), "--no-catalog"])
    assert result.exit_code == 0, result.output
    assert (out / "games" / "mini" / "index.md").is_file()
    assert (out / "games" / "mini" / "A1" / "index.md").is_file()
    assert any((out / "assets" / "tiles").glob("*.svg"))
