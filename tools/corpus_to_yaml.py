"""Write games from the ../shared 18xx corpus as our YAML (how games/*.yaml were made).

The corpus JSON holds the engine's own values (`constants`: TILES, HEXES, LOCATION_NAMES,
LAYOUT, AXES as the Game class sees them; `meta`: title, designer, ...), so a converted game is
exactly what 18xx.games shows. Each written file is read back with `load_game` and compared.

Usage: python tools/corpus_to_yaml.py [--out games] [GAME_ID ...]   (default: the demo games)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gallery.corpus import game_from_corpus  # noqa: E402
from gallery.native import load_game, write_game  # noqa: E402

SHARED = Path(os.environ.get("TILE_ATLAS_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "corpus" / "18xx" / "games"
DEMO_GAMES = ("1889", "18_chesapeake", "18_mex")


def convert(game_id: str, out: Path) -> Path:
    """Convert one corpus game to `out/<id>.yaml`; AssertionError if it does not read back."""
    game = game_from_corpus(CORPUS / f"{game_id}.json")
    path = write_game(game, out / f"{game.id}.yaml")
    again = load_game(path)
    assert (again.tiles, again.hexes, again.location_names) == (
        game.tiles,
        game.hexes,
        game.location_names,
    ), f"{path} does not read back to the corpus game"
    return path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "games")
    parser.add_argument("games", nargs="*", default=list(DEMO_GAMES))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for game_id in args.games:
        path = convert(game_id, args.out)
        game = load_game(path)
        print(f"{path}: {len(game.tiles)} tiles, {len(game.hexes)} hexes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
