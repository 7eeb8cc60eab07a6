"""Access to the real-world corpus in ../shared (tests and benchmarks read it when present).

Every distinct tile code of 18xx.games' data: the catalog, every game's TILES and HEXES, and the
boards of default and variant game builds (`effective_default`, `map_variants`), which is where
some upstream typos live.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

SHARED = Path(
    os.environ.get("TILE_ATLAS_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared")
).resolve()
CORPUS_18XX = SHARED / "corpus" / "18xx"
CORPUS_GE18XX = SHARED / "corpus" / "ge18xx"
REFERENCE = SHARED / "reference" / "18xx-emulated"
SKIP_REASON = f"../shared corpus not found at {SHARED} (set TILE_ATLAS_SHARED)"


def available() -> bool:
    return (CORPUS_18XX / "tiles-catalog.json").is_file()


def _walk(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if node.get("catalog_tile") and isinstance(node.get("resolved_code"), str):
            yield node["resolved_code"]
        elif isinstance(node.get("code"), str):
            yield node["code"]
        for key, value in node.items():
            if key not in ("code", "resolved_code"):
                yield from _walk(value)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item)


@cache
def game_files() -> tuple[Path, ...]:
    return tuple(sorted((CORPUS_18XX / "games").glob("*.json")))


@cache
def all_codes() -> tuple[str, ...]:
    """Every distinct code string in the 18xx corpus, sorted."""
    codes: set[str] = set()
    catalog = json.loads((CORPUS_18XX / "tiles-catalog.json").read_text("utf-8"))
    for tile in catalog["tiles"]:
        codes.add(tile["code"])
        if "resolved_code" in tile:
            codes.add(tile["resolved_code"])
    for path in game_files():
        game = json.loads(path.read_text("utf-8"))
        for section in ("tiles_resolved", "constants", "effective_default", "map_variants"):
            codes.update(_walk(game.get(section)))
    return tuple(sorted(codes))
