"""The `tile-atlas` command: check, render and import tiles and games.

It lives in gallery (not tile_lang) because `check` and `import` understand game files; the
tile-only commands use nothing but tile_lang.

One module per command. `COMMANDS` maps each command name to the module that defines it as
`command`; adding a command means adding its module and one line here. A command's module is
imported only when that command runs (or when `--help` lists them all): `tile-atlas check -` in an
editor hook should not pay for svgwrite, Jinja2 and the board-game reader.
"""

from __future__ import annotations

import importlib

import click

COMMANDS: dict[str, str] = {
    "check": "gallery.cli.check",
    "conflicts": "gallery.cli.conflicts",
    "conformance": "gallery.cli.conformance",
    "diff": "gallery.cli.diff",
    "export": "gallery.cli.export",
    "gallery": "gallery.cli.gallery",
    "import": "gallery.cli.import_",
    "lint": "gallery.cli.lint",
    "parse": "gallery.cli.parse",
    "print": "gallery.cli.print_",
    "render": "gallery.cli.render",
    "render-catalog": "gallery.cli.render_catalog",
}


class _CommandTable(click.Group):
    """A click group whose subcommands come from `COMMANDS`, imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module_name = COMMANDS.get(cmd_name)
        if module_name is None:
            return None
        command = importlib.import_module(module_name).command
        if not isinstance(command, click.Command):  # pragma: no cover - a wiring mistake
            raise TypeError(f"{module_name}.command is not a click command")
        return command


@click.group(cls=_CommandTable, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tile-atlas")
def main() -> None:
    """Tile Atlas: the 18xx tile language — check, render, import."""


__all__ = ["COMMANDS", "main"]


if __name__ == "__main__":  # pragma: no cover
    main()
