"""`tile-atlas lint` as a contributor runs it: exit codes, PATH limits, code filters."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gallery.cli import main


@pytest.fixture
def checkout() -> Path:
    """The lint tests' fixture checkout (a made-up game with typos at known positions)."""
    return Path(__file__).parents[1] / "lint" / "fixtures" / "checkout"


def _lint(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["lint", *args])
    return result.exit_code, result.stdout, result.stderr


def test_whole_checkout_has_errors_exit_1(checkout: Path) -> None:
    code, out, err = _lint(str(checkout))
    assert code == 1
    assert "lib/engine/game/g_fixture/game.rb:35:26: error:" in out
    assert "lib/engine/config/tile.rb:13:29: warning:" in out
    assert err.strip() == "6 error(s), 12 warning(s), 3 not checked, in 4 file(s)"


def test_warnings_only_exit_0_unless_strict(checkout: Path) -> None:
    config = "lib/engine/config/tile.rb"
    assert _lint(str(checkout), str(checkout / config))[0] == 0
    assert _lint(str(checkout), str(checkout / config), "--strict")[0] == 1
    # infos (strings built at run time) never fail, even with --strict
    only_info = ["--select", "not-checked", "--strict"]
    assert _lint(str(checkout), *only_info)[0] == 0


def test_paths_relative_to_the_checkout_and_game_folders(checkout: Path) -> None:
    code, out, _ = _lint(str(checkout), "lib/engine/config/tile.rb")
    assert (code, out.count(": warning:")) == (0, 1)
    code, out, err = _lint(str(checkout), "fixture")  # a game folder by its id
    assert code == 1 and "in 2 file(s)" in err
    assert "config/tile.rb" not in out


def test_select_and_ignore_by_code(checkout: Path) -> None:
    code, out, _ = _lint(str(checkout), "--select", "missing-semicolon,trailing-comma")
    assert code == 1
    assert {
        line.rsplit("[", 1)[1]
        for line in out.splitlines()
        if ": error:" in line or ": warning:" in line
    } == {
        "missing-semicolon]",
        "trailing-comma]",
    }
    code, out, _ = _lint(
        str(checkout),
        "--ignore",
        "missing-semicolon,unknown-part",
        "--ignore",
        "missing-required,bad-node",
    )
    assert code == 0 and ": error:" not in out


def test_user_errors_are_messages_not_tracebacks(checkout: Path, tmp_path: Path) -> None:
    code, _, err = _lint(str(checkout), "--select", "missing-semicolom")
    assert code == 2 and "unknown code(s) missing-semicolom" in err
    code, _, err = _lint(str(checkout), "no/such/file.rb")
    assert code == 2 and "no/such/file.rb: no such file or game folder" in err
    code, _, err = _lint(str(tmp_path))
    assert code == 2 and "not an 18xx.games checkout" in err
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    code, _, err = _lint(str(checkout), str(tmp_path / "notes.txt"))
    assert code == 2 and "not a Ruby file" in err


def test_every_format_from_the_command(checkout: Path) -> None:
    for fmt, start in (("github", "::"), ("json", "{"), ("sarif", "{"), ("text", "lib/")):
        code, out, _ = _lint(str(checkout), "--format", fmt)
        assert code == 1 and out.startswith(start), fmt
