"""The printable-tiles pages (`games/<id>/print/`) of a whole gallery: what they cost.

Builds the gallery of the given import folders (an 18xx.games checkout, a GE18XX XML folder)
with `gallery.site.build_gallery`, timing every `build_print_page` call (wall and CPU
seconds: the machine may be shared) and summing the files and bytes of the print pages and
of `assets/print/`. Figures, not assertions (issue #21's size and time targets).

Usage: python benchmarks/print_page_bench.py IMPORT [IMPORT ...]
The games are read through the import cache (`~/.cache/tile-atlas/imports`), so only the first
run pays for importing them.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import gallery.pages.print_page
import gallery.site
from gallery.game import Game
from gallery.importcache import ImportCache, default_cache_dir
from gallery.loader import load_gallery
from gallery.pages.context import GalleryBuild


def main(argv: list[str]) -> None:
    imports = [Path(a) for a in argv]
    if not imports:
        print(__doc__)
        return
    loaded = load_gallery([], imports=imports, cache=ImportCache(default_cache_dir()))
    games = list(loaded.games)
    timed = {"wall": 0.0, "cpu": 0.0, "calls": 0}
    real = gallery.pages.print_page.build_print_page
    # the page builders find it in its module (gallery.parts) or imported by name (older sites)
    holders = [
        m for m in (gallery.pages.print_page, gallery.site) if hasattr(m, "build_print_page")
    ]

    def build_print_page(build: GalleryBuild, game: Game) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        real(build, game)
        timed["wall"] += time.perf_counter() - wall
        timed["cpu"] += time.process_time() - cpu
        timed["calls"] += 1

    for module in holders:
        module.build_print_page = build_print_page
    try:
        start = time.perf_counter()
        files = gallery.site.build_gallery(games)  # in this process: every call is timed
        total = time.perf_counter() - start
    finally:
        for module in holders:
            module.build_print_page = real
    pages = [f for f in files if f.path.startswith("games/") and "/print/" in f.path]
    # a page whose HTML was set aside carries it beside the Markdown
    blocks = sum(len(html.encode()) for f in pages for _, html in getattr(f, "blocks", ()))
    sheets = [f for f in files if f.path.startswith("assets/print/")]

    def size(group: list[gallery.site.GeneratedFile]) -> float:
        return sum(len(f.content.encode("utf-8")) for f in group) / 1e6

    print(f"games: {len(games)}, build_gallery: {total:.1f} s")
    print(
        f"build_print_page: {timed['calls']} calls, {timed['wall']:.1f} s wall, "
        f"{timed['cpu']:.1f} s CPU"
    )
    print(f"games/*/print/ pages: {len(pages)} files, {size(pages) + blocks / 1e6:.2f} MB")
    print(f"assets/print/: {len(sheets)} files, {size(sheets):.2f} MB")


if __name__ == "__main__":
    main(sys.argv[1:])
