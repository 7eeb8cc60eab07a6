"""Write demo games from the ../shared corpus as our YAML (used to make games/*.yaml).

Usage: python tools/corpus_to_yaml.py OUT_DIR GAME_ID [GAME_ID ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

from gallery.corpus import game_from_corpus
from gallery.native import dump_game

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "18xx" / "games"


def main(argv: list[str]) -> int:
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for game_id in argv[1:]:
        game = game_from_corpus(CORPUS / f"{game_id}.json")
        (out / f"{game_id}.yaml").write_text(dump_game(game), encoding="utf-8")
        print(f"{game_id}: {len(game.tiles)} tiles, {len(game.hexes)} hexes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
