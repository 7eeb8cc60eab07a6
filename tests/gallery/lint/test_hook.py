"""The pre-commit hook: a valid manifest, the right files, a command that works, and an install
that brings the Ruby reader along."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MANIFEST = ROOT / ".pre-commit-hooks.yaml"


def _hook() -> dict[str, object]:
    clientlib = pytest.importorskip("pre_commit.clientlib")
    (hook,) = clientlib.load_manifest(str(MANIFEST))  # pre-commit's own schema check
    return dict(hook)


def test_manifest_is_valid_for_pre_commit() -> None:
    hook = _hook()
    assert hook["id"] == "tile-atlas-lint"
    assert hook["language"] == "python"
    assert hook["pass_filenames"] is True
    assert shlex.split(str(hook["entry"])) == ["tile-atlas", "lint", "."]
    deps = " ".join(str(d) for d in hook["additional_dependencies"])  # type: ignore[attr-defined]
    assert "tree-sitter>=" in deps and "tree-sitter-ruby>=" in deps


def test_files_pattern_selects_game_files_only() -> None:
    pattern = re.compile(str(_hook()["files"]))
    assert pattern.search("lib/engine/game/g_1893/game.rb")
    assert pattern.search("lib/engine/game/g_18_co.rb")
    assert pattern.search("lib/engine/config/tile.rb")
    for other in ("spec/lib/engine/game/g_1893_spec.rb", "lib/engine/step/buy.rb", "README.md",
                  "lib/engine/game/g_1893/game.rb.orig"):  # fmt: skip
        assert not pattern.search(other), other


def test_hook_command_on_changed_fixture_files(checkout: Path) -> None:
    """What pre-commit runs: the entry, then the staged files that match `files`, from the root
    of the 18xx checkout."""
    hook = _hook()
    executable = shutil.which("tile-atlas")
    if executable is None:
        pytest.skip("the tile-atlas command is not installed (pip install -e .)")
    pattern = re.compile(str(hook["files"]))
    changed = sorted(p.relative_to(checkout).as_posix() for p in checkout.rglob("*") if p.is_file())
    staged = [name for name in changed if pattern.search(name)]
    assert staged == [
        "lib/engine/config/tile.rb",
        "lib/engine/game/g_fixture.rb",
        "lib/engine/game/g_fixture/game.rb",
        "lib/engine/game/g_fixture/map.rb",
    ]
    command = [executable, *shlex.split(str(hook["entry"]))[1:], *staged]
    run = subprocess.run(command, cwd=checkout, capture_output=True, text=True, check=False)
    assert run.returncode == 1, run.stderr
    assert "lib/engine/game/g_fixture/map.rb:31:42: error:" in run.stdout
    # a commit touching only a clean file passes
    run = subprocess.run(
        [executable, "lint", ".", "lib/engine/game/g_fixture.rb"],
        cwd=checkout, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.slow
def test_a_plain_install_has_the_linter_and_the_ruby_reader(tmp_path: Path) -> None:
    """pre-commit installs the package with `pip install .` (not editable): the wheel must carry
    every subpackage and pull in tree-sitter."""
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in ("tile_lang", "gallery", "plugin"):
        shutil.copytree(
            ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    out = tmp_path / "wheel"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = next(archive.read(n) for n in names if n.endswith("METADATA")).decode()
    for module in ("gallery/lint/runner.py", "gallery/lint/scan.py", "gallery/ruby/source.py",
                   "tile_lang/layout/__init__.py", "gallery/cli/lint.py"):  # fmt: skip
        assert module in names, module
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    core = {line.split(":", 1)[1].strip() for line in requires if "extra ==" not in line}
    assert {"tree-sitter>=0.23", "tree-sitter-ruby>=0.23"} <= core
