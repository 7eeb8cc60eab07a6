"""The `tile-atlas gallery` command as a user runs it (click's runner, real files)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gallery.cli import main
from gallery.loader import load_gallery
from gallery.parts import PartResult
from gallery.partstore import PartStore
from gallery.site import build_gallery

ROOT = Path(__file__).parents[3]


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
    assert (out / "games" / "mini" / "hexes" / "index.md").is_file()
    assert any((out / "assets" / "tiles").glob("*.svg"))


def test_gallery_command_names_placeholder_icons_once(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "mini.yaml").write_text(
        'id: mini\ntitle: Mini\nhexes:\n  white:\n    "icon=image:nobody_draws_this": [A1, A3]\n'
        '    "icon=image:port": [B2]\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        main, ["gallery", str(games), str(tmp_path / "out"), "--no-catalog"]
    )
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if "drawn as placeholders" in line]
    assert len(lines) == 1 and "nobody_draws_this" in lines[0] and "port (" not in lines[0]


def test_gallery_never_overwrites_a_page_it_did_not_write(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "mini.yaml").write_text('id: mini\ntitle: Mini\ntiles:\n  "57": 1\n', "utf-8")
    docs = tmp_path / "docs"
    (docs / "games").mkdir(parents=True)
    (docs / "games" / "index.md").write_text("# My games page\n", "utf-8")
    result = CliRunner().invoke(main, ["gallery", str(games), str(docs), "--no-catalog"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "index.md: not written by tile-atlas: not overwritten" in result.output
    assert (docs / "games" / "index.md").read_text("utf-8") == "# My games page\n"
    assert not (docs / "games" / "mini").exists()  # nothing written
    again = CliRunner().invoke(main, ["gallery", str(games), str(docs), "--no-catalog", "--force"])
    assert again.exit_code == 0, again.output
    assert "overwritten (--force): not written by tile-atlas" in again.output
    rerun = CliRunner().invoke(main, ["gallery", str(games), str(docs), "--no-catalog"])
    assert rerun.exit_code == 0 and "unchanged" in rerun.output


def test_gallery_command_builds_what_the_plugin_builds_board_games_included(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    shutil.copytree(ROOT / "games" / "madrid", games / "madrid")
    (games / "mini.yaml").write_text('id: mini\ntitle: Mini\ntiles:\n  "57": 1\n', "utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["gallery", str(games), str(out), "--no-catalog"])
    assert result.exit_code == 0, result.output
    loaded = load_gallery([games])  # what the plugin loads, and builds with build_gallery
    expected = build_gallery(
        list(loaded.games), board_games=loaded.board_games, catalog_pages=False
    )
    assert {f.path for f in expected} >= {"games/madrid/index.md", "games/mini/index.md"}
    for generated in expected:
        assert (out / generated.path).read_text("utf-8") == generated.content, generated.path


def test_gallery_command_keeps_its_parts_unless_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run keeps each game's part in the part cache and the next takes it (the same files);
    `--no-cache` neither takes nor keeps any."""
    import gallery.cli.gallery as command

    cache = tmp_path / "cache"
    monkeypatch.setattr(command, "default_parts_dir", lambda: cache)
    taken: list[str] = []

    class Counting(PartStore):
        def load(self, key: str) -> PartResult | None:
            found = super().load(key)
            if found is not None:
                taken.append(key)
            return found

    monkeypatch.setattr(command, "PartStore", Counting)
    games = tmp_path / "games"
    shutil.copytree(ROOT / "games", games)
    runs = {}
    for name, flags in (("none", ["--no-cache"]), ("first", []), ("again", [])):
        if name == "none":
            assert not cache.exists()
        out = tmp_path / name
        result = CliRunner().invoke(main, ["gallery", str(games), str(out), "--no-catalog", *flags])
        assert result.exit_code == 0, result.output
        runs[name] = {
            str(p.relative_to(out)): p.read_bytes()
            for p in out.rglob("*")
            if p.is_file() and p.name != ".tile-atlas-manifest.json"
        }
        if name == "none":
            assert not cache.exists()
    stored = len(list(cache.glob("*.part")))
    assert stored >= 4  # one per game of the folder
    assert len(taken) == stored  # all taken by the last run, none by the first
    assert runs["none"] == runs["first"] == runs["again"]
