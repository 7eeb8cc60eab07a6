"""The diff as one JSON document, for scripts and bots.

`{"old", "new", "summary": {...}, "games": [{"id", "title", "status", "settings", "hexes",
"tiles", "problems"}], "problems"}`; a hex or tile change carries `change`, `fields` and the
entry `old` and `new` (null on the side it is missing from) with every value the model has.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from gallery.diff.model import DiffReport, GameDiff, HexChange, TileChange
from tile_lang import Diagnostic

#: Bumped when a field's meaning changes (new fields may come without it).
JSON_VERSION = 1


def _problem(d: Diagnostic) -> dict[str, Any]:
    return {"severity": d.severity, "message": d.message, "file": d.file, "line": d.line}


def _change(change: HexChange | TileChange) -> dict[str, Any]:
    key = {"coord": change.coord} if isinstance(change, HexChange) else {"name": change.name}
    return {
        **key,
        "change": change.change,
        "fields": list(change.fields),
        "same_tile": change.same_tile,
        "old": asdict(change.old) if change.old is not None else None,
        "new": asdict(change.new) if change.new is not None else None,
        "parts": [{"sign": p.sign, "text": p.text} for p in change.parts],
    }


def _game(game: GameDiff) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "status": game.status,
        "settings": [{"name": k, "old": a, "new": b} for k, a, b in game.settings],
        "hexes": [_change(c) for c in game.hexes],
        "tiles": [_change(c) for c in game.tiles],
        "problems": [_problem(d) for d in game.problems],
        "notes": list(game.notes),
    }


def summary(report: DiffReport) -> dict[str, int]:
    """Counts over the whole report: games by status, hexes and tiles by change."""
    counts = {"games_same": report.same}
    for status in ("changed", "added", "removed", "unreadable"):
        counts[f"games_{status}"] = sum(1 for g in report.games if g.status == status)
    for what in ("hexes", "tiles"):
        for change in ("added", "removed", "changed"):
            counts[f"{what}_{change}"] = sum(g.count(what, change) for g in report.games)
    return counts


def render_json(report: DiffReport) -> str:
    document = {
        "version": JSON_VERSION,
        "old": report.old_label,
        "new": report.new_label,
        "summary": summary(report),
        "games": [_game(g) for g in report.games],
        "problems": [_problem(d) for d in report.problems],
        "exit_code": report.exit_code,
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
