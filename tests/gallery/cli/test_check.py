"""The `tile-atlas check` command as a user runs it (click's runner, real files)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from gallery.cli import main


def test_check_stdin_reports_file_line_col_and_exits_1() -> None:
    result = CliRunner().invoke(
        main, ["check", "-"], input="city=revenue:20;path=a:0,b:_0\npath=a:0,b:3;citty=revenue:1\n"
    )
    assert result.exit_code == 1
    assert "<stdin>:2:14: error: unknown part type `citty` (hint: did you mean `city`?)" in (
        result.output
    )


def test_check_files_with_warnings_only_exit_0(tmp_path: Path) -> None:
    tiles = tmp_path / "tiles.txt"
    tiles.write_text("# comment\n\npath=a:0,b:3;\ncity=revenue:20,pos:2\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tiles)])
    assert result.exit_code == 0, result.output
    assert f"{tiles}:3:13: warning: trailing `;`" in result.output
    assert f"{tiles}:4:17: warning: the engine ignores `pos` on `city`" in result.output


def test_check_game_file(tmp_path: Path) -> None:
    game = tmp_path / "bad.yaml"
    game.write_text(
        'id: bad\ntitle: Bad\ntiles:\n  "57": lots\n'
        'hexes:\n  white:\n    "citty=revenue:1": [A1]\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["check", str(game)])
    assert result.exit_code == 1
    assert f"{game}:4:9: error: tiles.57: expected a whole number or 'unlimited'" in result.output
    assert "unknown part type `citty`" in result.output and f"{game}:7:" in result.output


def test_check_latin1_tile_list_is_a_clear_error_with_position(tmp_path: Path) -> None:
    tiles = tmp_path / "list.txt"
    tiles.write_bytes("city=revenue:20\n# tiles of Zürich\n".encode("latin-1"))
    result = CliRunner().invoke(main, ["check", str(tiles)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"{tiles}:2:13: error: byte 0xFC at offset 28 is not UTF-8" in result.output
    assert "1 error(s)" in result.output


def test_check_stdin_that_is_not_utf8_is_a_clear_error() -> None:
    result = CliRunner().invoke(main, ["check", "-"], input=b"city=revenue:20 # \xe9\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "<stdin>:1:19: error: byte 0xE9 at offset 18 is not UTF-8" in result.output
