"""The command table: every registered name resolves to the command its module defines."""

from __future__ import annotations

import click
from click.testing import CliRunner

from gallery.cli import COMMANDS, main


def test_every_registered_command_resolves_under_its_own_name() -> None:
    ctx = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert isinstance(command, click.Command)
        assert command.name == name


def test_help_lists_every_command_and_unknown_ones_fail() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert f"  {name} " in result.output
    result = CliRunner().invoke(main, ["nosuch"])
    assert result.exit_code == 2 and "No such command 'nosuch'" in result.output
