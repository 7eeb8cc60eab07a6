"""GE18XX TileSet upgrades: the check against the inferred ones, and the export.

`corpus/upgrades/ge18xx-1830-agreement.json` says what the engine thinks of GE's 1830 TileSet:
53->61 lists two wrong rotations, 28->43 and 29->43 are missing, and five upgrades list one
rotation per distinct picture where the engine lists every rotation.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import corpus
import pytest
from click.testing import CliRunner

from gallery.cli import main
from gallery.corpus import game_from_corpus
from gallery.ge18xx.tiles import load_tile_definitions
from gallery.ge18xx.xmlread import parse_xml
from gallery.upgrades_ge18xx import (
    base_rotation,
    check_tileset_upgrades,
    export_tileset,
    read_tileset,
    tileset_xml,
)

GE = corpus.CORPUS_GE18XX
AGREEMENT = corpus.SHARED / "corpus" / "upgrades" / "ge18xx-1830-agreement.json"
needs_ge = pytest.mark.skipif(
    not (GE / "1830" / "1830-TileSet.xml").is_file() or not AGREEMENT.is_file(),
    reason=f"{corpus.SKIP_REASON}: no corpus/ge18xx or the agreement file",
)


@needs_ge
def test_ge_1830_reports_exactly_the_known_disagreements() -> None:
    findings = check_tileset_upgrades(GE, "1830")
    by_severity = {
        severity: sorted((f.base, f.to) for f in findings if f.severity == severity)
        for severity in ("error", "warning", "info")
    }
    agreement = json.loads(AGREEMENT.read_text("utf-8"))
    missing = sorted((p["from"], p["to"]) for p in agreement["engine_pairs_not_in_ge"])
    same_picture = sorted(
        (p["from"], p["to"])
        for p in agreement["pairs"]
        if p["verdict"] == "same_up_to_tile_symmetry"
    )
    assert by_severity == {"error": [("53", "61")], "warning": missing, "info": same_picture}
    assert missing == [("28", "43"), ("29", "43")]


@needs_ge
def test_each_finding_points_at_its_tileset_line() -> None:
    path = GE / "1830" / "1830-TileSet.xml"
    lines = path.read_text("utf-8").splitlines()
    for finding in check_tileset_upgrades(GE, "1830"):
        assert finding.file == str(path)
        text = lines[finding.line - 1]
        if finding.severity == "warning":  # a missing upgrade: the old tile's <Tile> line
            assert f'<Tile number="{finding.base}"' in text
        else:
            assert f'toNumber="{finding.to}"' in text
    wrong = next(f for f in check_tileset_upgrades(GE, "1830") if f.severity == "error")
    assert wrong.listed == (0, 1, 2, 4, 5) and wrong.inferred == (0, 2, 4)
    assert "rotation(s) 1, 5" in wrong.message


@needs_ge
def test_exported_1830_passes_the_check_with_ge_drawings(tmp_path: Path) -> None:
    """18xx.games' 1830, exported with GE's tile drawings, is a TileSet GE's check accepts."""
    shutil.copytree(GE / "Tiles", tmp_path / "Tiles")
    (tmp_path / "1830").mkdir()
    shutil.copy(GE / "1830" / "1830-Map.xml", tmp_path / "1830")
    game = game_from_corpus(corpus.CORPUS_18XX / "games" / "1830.json")
    result = export_tileset(game, load_tile_definitions(tmp_path / "Tiles"))
    assert result.notes == ()
    (tmp_path / "1830" / "1830-TileSet.xml").write_text(result.xml, encoding="utf-8")
    assert check_tileset_upgrades(tmp_path, "1830") == []
    # GE draws tile 7 turned: its base rotation is not ours, and the export accounts for it.
    tile = read_tileset(tmp_path / "1830" / "1830-TileSet.xml")
    seven = next(t for t in tile.tiles if t.number == "7")
    assert {u.to: u.rotations for u in seven.upgrades}["18"] == (4,)  # the engine says 5


def test_base_rotation_finds_the_turn_or_none() -> None:
    assert base_rotation("path=a:0,b:1", "path=a:1,b:2") == 1
    assert (
        base_rotation("city=revenue:20;path=a:0,b:_0", "city=revenue:30,loc:0.5;path=a:3,b:_0") == 3
    )
    assert base_rotation("path=a:0,b:1", "path=a:0,b:3") is None


def test_tileset_xml_escapes_and_groups_by_colour() -> None:
    xml = tileset_xml(
        'a"b',
        [("7", "yellow", 2), ("18", "green", None), ("X<1", "gray", 1)],
        {"7": {"18": (5,)}},
        layout="pointy",
    )
    root = parse_xml(xml.encode(), "t.xml")
    assert (root.get("game"), root.get("direction")) == ('a"b', "EW")
    assert '<TileSet color="Yellow">' in xml and '<TileSet color="Grey">' in xml
    assert '<Tile number="18" quantity="unlimited" />' in xml
    assert '<Upgrade toNumber="18" rotations="5" />' in xml
    assert 'number="X&lt;1"' in xml


@needs_ge
def test_cli_check_on_a_ge_folder_and_on_one_game(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(GE / "1830")])
    assert result.exit_code == 1
    assert "1830-TileSet.xml:110: error: 53->61: rotation(s) 1, 5" in result.output
    assert "1 error(s), 2 warning(s)" in result.output


def test_cli_export_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    game = Path(__file__).resolve().parents[2] / "games" / "1889.yaml"
    out = tmp_path / "1889-TileSet.xml"
    out.write_text("mine", encoding="utf-8")
    runner = CliRunner()
    refused = runner.invoke(main, ["export", "ge18xx-tileset", str(game), "-o", str(out)])
    assert refused.exit_code != 0 and "--force" in refused.output
    assert out.read_text("utf-8") == "mine"
    done = runner.invoke(main, ["export", "ge18xx-tileset", str(game), "-o", str(out), "--force"])
    assert done.exit_code == 0, done.output
    assert read_tileset(out).tiles[0].number == "3"
    again = runner.invoke(main, ["export", "ge18xx-tileset", str(game), "-o", str(out)])
    assert again.exit_code == 0, again.output  # ours now (gallery.output's manifest says so)
    bad = runner.invoke(main, ["export", "ge18xx-tileset", str(tmp_path / "nope.yaml")])
    assert bad.exit_code != 0 and "Traceback" not in bad.output


@needs_ge
def test_findings_are_shown_as_the_project_diagnostic() -> None:
    shown = {f.diagnostic().code for f in check_tileset_upgrades(GE, "1830")}
    assert shown == {"tileset-wrong-rotation", "tileset-missing-upgrade", "tileset-same-picture"}
    wrong = next(f for f in check_tileset_upgrades(GE, "1830") if f.severity == "error")
    assert str(wrong) == str(wrong.diagnostic())
    assert wrong.diagnostic().field == "53->61" and wrong.diagnostic().line == 110
