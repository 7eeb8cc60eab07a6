"""The `tile-atlas render` command as a user runs it (click's runner, real files)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from gallery.cli import main


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


def test_render_with_color_cues() -> None:
    runner = CliRunner()
    plain = runner.invoke(main, ["render", "119"])
    result = runner.invoke(main, ["render", "119", "--color-cues"])
    assert result.exit_code == 0, result.output
    assert 'data-color-cue="greenbrown"' in result.output
    assert "data-color-cue" not in plain.output
