"""`games/<id>/upgrades.json`: the published tables validate against the shipped schema and say
exactly what `gallery.upgrade_table` says."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from gallery import load_game, upgrade_table
from gallery.upgrades import upgrade_tables_both
from gallery.upgrades_data import upgrades_json

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "gallery" / "schema" / "upgrades.schema.json").read_text())
DEMO = sorted((ROOT / "games").glob("*.yaml"))


def _document(path: Path) -> dict:
    game = load_game(path)
    return json.loads(upgrades_json(game, *upgrade_tables_both(game)))


def _as_table(rows: list[dict]) -> dict[str, dict[str, tuple[int, ...]]]:
    return {r["from"]: {t["tile"]: tuple(t["rotations"]) for t in r["to"]} for r in rows}


@pytest.mark.parametrize("path", DEMO, ids=lambda p: p.stem)
def test_document_validates_and_matches_the_tables(path: Path) -> None:
    doc = _document(path)
    jsonschema.validate(doc, SCHEMA)
    game = load_game(path)
    assert doc["game"]["id"] == game.id
    assert _as_table(doc["tile_level"]["legal"]) == upgrade_table(game)
    assert _as_table(doc["on_map"]["legal"]) == upgrade_table(game, on_map=True)
    # the game's own order survives: rows come in supply order, then map order
    assert [r["from"] for r in doc["on_map"]["legal"]] == list(upgrade_table(game, on_map=True))


def test_text_is_deterministic() -> None:
    game = load_game(DEMO[0])
    assert upgrades_json(game, *upgrade_tables_both(game)) == upgrades_json(
        game, *upgrade_tables_both(game)
    )


def test_schema_rejects_a_rotation_out_of_range() -> None:
    doc = _document(DEMO[0])
    row = next(r for r in doc["on_map"]["legal"] if r["to"])
    row["to"][0]["rotations"] = [6]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, SCHEMA)


def _corpus_games() -> list[Path]:
    import corpus

    return list(corpus.game_files()) if corpus.available() else []


@pytest.mark.skipif(not _corpus_games(), reason="../shared corpus of 18xx.games games not found")
def test_every_corpus_game_publishes_a_valid_document() -> None:
    """The 110 games of 18xx.games (the world site's games) each give a document the shipped
    schema accepts, whose on-map rows are the game's on-map table."""
    from gallery.corpus import game_from_corpus

    validator = jsonschema.Draft202012Validator(SCHEMA)
    for path in _corpus_games():
        game = game_from_corpus(path)
        tile_level, on_map = upgrade_tables_both(game)
        doc = json.loads(upgrades_json(game, tile_level, on_map))
        errors = [e.message for e in validator.iter_errors(doc)]
        assert not errors, (game.id, errors[:3])
        assert _as_table(doc["on_map"]["legal"]) == on_map.legal, game.id
