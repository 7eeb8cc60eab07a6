"""Every command, given bad input a user could type, ends in a clear message and a non-zero
exit code: never a traceback (#15.10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gallery.cli import COMMANDS, main


def _inputs(tmp: Path) -> list[list[str]]:
    """Bad inputs, each a command line; `tmp` holds the files they name."""
    (tmp / "latin1.txt").write_bytes("city=revenue:20 # Zürich\n".encode("latin-1"))
    (tmp / "garbage.yaml").write_bytes(b"\x00\xff\xfe{[")
    (tmp / "deep.yaml").write_text("a: " + "[" * 5000 + "]" * 5000 + "\n", "utf-8")
    (tmp / "list.yaml").write_text("- 1\n- 2\n", "utf-8")
    (tmp / "bad.tjt").write_text("[x numero=1 {pagar 1};\n[y] numero=1 {pagar 1};\n", "utf-8")
    (tmp / "bad.tab").write_text("salida | 0 | S | S | 99999999999999 |\n", "utf-8")
    (tmp / "games").mkdir()
    (tmp / "games" / "bad.yaml").write_text("id: [\n", "utf-8")
    (tmp / "empty").mkdir()
    (tmp / "file.txt").write_text("x", "utf-8")
    missing = str(tmp / "missing")
    return [
        ["check", str(tmp / "latin1.txt")],
        ["check", str(tmp / "garbage.yaml"), str(tmp / "deep.yaml"), str(tmp / "list.yaml")],
        ["check", str(tmp / "bad.tjt"), str(tmp / "bad.tab")],
        ["check", missing],
        ["check", str(tmp / "empty")],
        ["render", "57", "-o", str(tmp / "nodir" / "x.svg")],
        ["render", "57", "--color", "purpleish"],
        ["render", "57", "-o", str(tmp / "x.jpg")],
        ["render", "9999"],
        ["render", "city=revenue:20,slots:999999999"],
        ["render", "city=revenue:x"],
        ["render", "57", "--rotation", "9"],
        ["render", "57", "--scale", "nan"],
        ["render", "57", "--icons", str(tmp / "file.txt")],
        ["render", "57", "-o", str(tmp / "empty")],
        ["render-catalog", str(tmp / "file.txt")],
        ["parse", "9999"],
        ["parse", "path=a:0,b:x"],
        ["parse", "Bad\x01Name"],
        ["parse", "city=revenue:x", "--json"],
        ["conformance", "--vectors", str(tmp / "list.yaml")],
        ["conformance", "--vectors", str(tmp / "garbage.yaml")],
        ["conformance", "--implementation", missing, "--kind", "reject"],
        ["conformance", "--implementation", "unclosed 'quote"],
        ["import", "18xx", str(tmp / "empty"), str(tmp / "out")],
        ["import", "18xx", str(tmp / "empty"), str(tmp / "out"), "--game", "nosuch"],
        ["import", "18xx", missing, str(tmp / "out")],
        ["import", "ge18xx", str(tmp / "empty"), str(tmp / "out")],
        ["import", "ge18xx", str(tmp / "games"), str(tmp / "file.txt")],
        ["gallery", str(tmp / "games"), str(tmp / "file.txt")],
        ["gallery", missing, str(tmp / "out")],
        ["conflicts", missing],
        ["export", "ge18xx-tileset", str(tmp / "garbage.yaml")],
        ["export", "ge18xx-tileset", missing],
        ["print", "tiles", str(tmp / "garbage.yaml"), "-o", str(tmp / "x.pdf")],
        ["print", "map", missing, "-o", str(tmp / "x.pdf")],
        ["print", "tiles", str(tmp / "games" / "bad.yaml"), "-o", str(tmp / "nodir" / "x.pdf")],
        ["lint", missing],
        ["lint", str(tmp / "empty"), "--format", "xml"],
        ["diff", missing, str(tmp / "games")],
        ["diff", str(tmp / "garbage.yaml"), str(tmp / "deep.yaml")],
        ["diff", str(tmp / "file.txt"), str(tmp / "file.txt")],
        ["diff", str(tmp / "empty"), str(tmp / "empty")],
        ["diff", str(tmp / "games"), str(tmp / "games"), "-o", str(tmp / "empty")],
        ["diff", missing, str(tmp / "empty")],
        ["diff", str(tmp / "empty"), str(tmp / "empty"), "--format", "xml"],
        ["diff", str(tmp / "games"), str(tmp / "games"), "-o", str(tmp / "file.txt")],
        ["nosuchcommand"],
    ]


def test_every_command_is_covered(tmp_path: Path) -> None:
    inputs = _inputs(tmp_path)
    assert set(COMMANDS) <= {args[0] for args in inputs}
    assert len(inputs) == COUNT


@pytest.fixture(scope="module")
def bad_inputs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[list[str]]]:
    tmp = tmp_path_factory.mktemp("bad")
    return tmp, _inputs(tmp)


COUNT = 48


@pytest.mark.parametrize("index", range(COUNT))
def test_no_command_ends_in_a_traceback_on_user_error(
    bad_inputs: tuple[Path, list[list[str]]], index: int
) -> None:
    _, inputs = bad_inputs
    args = inputs[index]
    result = CliRunner().invoke(main, args)
    assert result.exit_code != 0, (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        repr(result.exception),
    )
    assert "Traceback" not in result.output
    assert result.output.strip(), args  # something says what went wrong
