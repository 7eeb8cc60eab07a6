"""`tile-atlas print` (gallery/cli/print_.py) as a user runs it: one game, a folder, mistakes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from gallery.cli import main

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "print_mini.yaml"


@pytest.fixture
def mini_game_file(tmp_path: Path) -> Path:
    """The print tests' small game (two-sheet map, one unlimited tile), in a fresh folder."""
    folder = tmp_path / "games"
    folder.mkdir()
    return Path(shutil.copy(MINI, folder / "mini.yaml"))


def test_print_tiles_and_map_of_one_game(mini_game_file: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "out" / "tiles.pdf"
    result = runner.invoke(
        main,
        ["print", "tiles", str(mini_game_file), "-o", str(out), "--paper", "letter", "--backs",
         "--color-cues"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert f"wrote {out} (2 pages)" in result.output
    assert len(PdfReader(out).pages) == 2
    result = runner.invoke(main, ["print", "tiles", str(mini_game_file), "-o", str(out)])
    assert result.exit_code == 0, result.output  # our own file: replaced without --force
    out.write_bytes(out.read_bytes() + b"% a note added by hand")
    result = runner.invoke(main, ["print", "tiles", str(mini_game_file), "-o", str(out)])
    assert result.exit_code == 1 and "edited since tile-atlas wrote it" in result.output
    result = runner.invoke(main, ["print", "tiles", str(mini_game_file), "-o", str(out), "--force"])
    assert result.exit_code == 0 and "overwritten (--force)" in result.output
    result = runner.invoke(
        main, ["print", "map", str(mini_game_file), "-o", str(tmp_path / "m.pdf")]
    )
    assert result.exit_code == 0, result.output
    assert len(PdfReader(tmp_path / "m.pdf").pages) == 3


def test_print_a_folder_of_games_reports_progress(mini_game_file: Path, tmp_path: Path) -> None:
    second = mini_game_file.parent / "other.yaml"
    second.write_text(mini_game_file.read_text().replace('id: "mini"', 'id: "other"'))
    out = tmp_path / "pdfs"
    result = CliRunner().invoke(
        main, ["print", "tiles", str(mini_game_file.parent), "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert f"[1/2] mini: 1 pages -> {out / 'mini-tiles.pdf'}" in result.output
    assert "[2/2] other: 1 pages" in result.output
    assert sorted(p.name for p in out.iterdir()) == [
        ".tile-atlas-manifest.json",  # gallery.output's record of what we wrote
        "mini-tiles.pdf",
        "other-tiles.pdf",
    ]


def test_mistakes_are_messages_not_tracebacks(mini_game_file: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    foreign = tmp_path / "mine.pdf"
    foreign.write_bytes(b"precious")
    result = runner.invoke(main, ["print", "tiles", str(mini_game_file), "-o", str(foreign)])
    assert result.exit_code == 1
    assert f"{foreign}: not written by tile-atlas: not overwritten" in result.output
    assert "--force" in result.output and "Traceback" not in result.output
    assert foreign.read_bytes() == b"precious"

    result = runner.invoke(
        main, ["print", "tiles", str(mini_game_file), "-o", "x.pdf", "--hex-mm", "500"]
    )
    assert (
        result.exit_code == 2 and "--hex-mm must be between 10 and 120 mm, not 500" in result.output
    )

    bad = tmp_path / "bad.yaml"
    bad.write_text(
        'id: "b"\ntitle: "B"\ntiles:\n  "Q": {count: 1, color: yellow, code: "citty=1"}\n'
    )
    result = runner.invoke(main, ["print", "tiles", str(bad), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 1
    assert f"cannot print {bad}" in result.output and "bad.yaml:4" in result.output
    assert "Traceback" not in result.output

    text = tmp_path / "tiles.txt"
    text.write_text("57\n")
    result = runner.invoke(main, ["print", "map", str(text), "-o", str(tmp_path / "m.pdf")])
    assert (
        result.exit_code == 1
        and "expected a game file (.yaml) or a folder of games" in result.output
    )


def test_a_batch_never_overwrites_files_it_did_not_write(
    mini_game_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "pdfs"
    out.mkdir()
    (out / "mini-map.pdf").write_bytes(b"someone's notes")
    runner = CliRunner()
    result = runner.invoke(main, ["print", "map", str(mini_game_file.parent), "-o", str(out)])
    assert result.exit_code == 1
    assert "mini-map.pdf: not written by tile-atlas: not overwritten" in result.output
    assert (out / "mini-map.pdf").read_bytes() == b"someone's notes"
    result = runner.invoke(
        main, ["print", "map", str(mini_game_file.parent), "-o", str(out), "--force"]
    )
    assert result.exit_code == 0, result.output
    assert "overwritten (--force)" in result.output
    assert len(PdfReader(out / "mini-map.pdf").pages) == 3
    result = runner.invoke(main, ["print", "map", str(mini_game_file.parent), "-o", str(out)])
    assert result.exit_code == 0, result.output  # ours now (the folder's manifest says so)
