"""The `tile-atlas parse` command as a user runs it (click's runner, real files)."""

from __future__ import annotations

from click.testing import CliRunner

from gallery.cli import main


def test_parse_shows_canonical_form() -> None:
    result = CliRunner().invoke(main, ["parse", "city=slots:2,revenue:30;path=a:0,b:_0;"])
    assert result.exit_code == 0
    assert "canonical: city=revenue:30,slots:2;path=a:0,b:_0" in result.output
