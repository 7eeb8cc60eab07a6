"""`tile-atlas print` throughput: tile and map sheets of real games, pages per second and an
estimate for a 130-game batch (`tile-atlas print tiles GAMES_DIR -o DIR`). Figures, not
assertions.

Usage: python benchmarks/print_bench.py [N|all]   (N corpus games, default 12; needs ../shared)
Games come from the 18xx corpus (../shared/corpus/18xx/games, or TILE_ATLAS_SHARED), spread
over the alphabet so big and small games both count.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from gallery.corpus import game_from_corpus
from gallery.printing import (
    MapSheetOptions,
    TileSheetOptions,
    map_sheet_pages,
    pages_to_pdf,
    tile_sheet_pages,
)

ROOT = Path(__file__).resolve().parents[1]
BATCH = 130


def _corpus() -> Path | None:
    shared = Path(os.environ.get("TILE_ATLAS_SHARED", ROOT.parent / "shared"))
    folder = shared / "corpus" / "18xx" / "games"
    return folder if folder.is_dir() else None


def main(argv: list[str]) -> None:
    folder = _corpus()
    if folder is None:
        print("print: skipped (no ../shared corpus)")
        return
    files = sorted(folder.glob("*.json"))
    wanted = len(files) if argv[:1] == ["all"] else int(argv[0]) if argv else 12
    step = max(1, len(files) // max(1, wanted))
    sample = files[::step][:wanted]
    for kind in ("tiles", "map"):
        pages = 0
        wall = cpu = 0.0
        for path in sample:
            game = game_from_corpus(path)
            if kind == "map" and not game.hexes:
                continue
            start, start_cpu = time.perf_counter(), time.process_time()
            if kind == "tiles":
                svgs = tile_sheet_pages(game, TileSheetOptions())
            else:
                svgs = map_sheet_pages(game, MapSheetOptions())
            pages_to_pdf(svgs, title=game.title)
            wall += time.perf_counter() - start
            cpu += time.process_time() - start_cpu
            pages += len(svgs)
        games = len(sample)
        print(
            f"print {kind}: {games} corpus games, {pages} A4 pages in {wall:.1f} s wall "
            f"({cpu:.1f} s CPU) = {pages / wall:.1f} pages/s, {wall / games:.2f} s/game; "
            f"a {BATCH}-game batch ≈ {wall / games * BATCH / 60:.1f} min here "
            f"({cpu / games * BATCH / 60:.1f} min of CPU)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
