"""The `tile-atlas` CLI as a user runs it (click's runner, real files)."""

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


def test_render_catalog_name_to_svg_and_png(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["render", "57"])
    assert result.exit_code == 0 and result.output.startswith("<svg")
    assert "#fde900" in result.output  # catalog colour (yellow)
    png = tmp_path / "t.png"
    result = runner.invoke(main, ["render", "path=a:0,b:3", "--layout", "pointy", "-o", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_bad_code_is_a_clear_error() -> None:
    result = CliRunner().invoke(main, ["render", "city=revenue:x"])
    assert result.exit_code == 1
    assert "revenue must be a whole number" in result.output and "^" in result.output


def test_render_catalog_writes_every_tile(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["render-catalog", str(tmp_path), "--layout", "pointy"])
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("pointy_*.svg"))
    assert len(files) == 476
    assert (tmp_path / "pointy_57.svg").is_file()


def test_parse_shows_canonical_form() -> None:
    result = CliRunner().invoke(main, ["parse", "city=slots:2,revenue:30;path=a:0,b:_0;"])
    assert result.exit_code == 0
    assert "canonical: city=revenue:30,slots:2;path=a:0,b:_0" in result.output


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
