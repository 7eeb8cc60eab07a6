"""Upgrade inference speed and agreement: printed by `nox -s bench` (figures, not assertions).

Catalog: every candidate pair of the generic catalog (old and new of consecutive colours, about
52,000), shapes included. Games: the three games whose engine answers are in
`corpus/upgrades/`, exact pairs over all pairs, tile level and on the map. World: with
`TILE_ATLAS_IMPORTS` set (as for `site_bench`), every imported game's tables (tile level and on
the map) and upgrade chart origins, as one build worker makes them: CPU seconds, median of 3.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from dataclasses import replace
from pathlib import Path

from tile_lang import catalog
from tile_lang.upgrades import ShapeCache, check_rotations


def bench_catalog() -> None:
    start = time.perf_counter()
    shapes = ShapeCache()
    tiles = [shapes.get(t.code, t.color) for t in catalog.all_tiles()]
    built = time.perf_counter()
    pairs = legal = 0
    for old in tiles:
        for new in tiles:
            if old.rank is not None and new.rank == old.rank + 1:
                pairs += 1
                legal += bool(check_rotations(old, new).legal)
    done = time.perf_counter()
    print(
        f"upgrades: {pairs:,} catalog candidate pairs ({len(tiles)} tiles) in "
        f"{done - start:.2f} s (shapes {built - start:.2f} s, checks {done - built:.2f} s); "
        f"{legal:,} legal pairs"
    )


def bench_strings() -> None:
    """`tile_lang.legal_rotations` as an API caller uses it: tile strings, every candidate pair
    of the catalog in one loop (its shapes remembered between calls)."""
    from tile_lang import legal_rotations
    from tile_lang.upgrades import _string_shape

    tiles = [(t.code, t.color) for t in catalog.all_tiles()]
    order = catalog.colors()
    pairs = [
        (old, new)
        for old in tiles
        for new in tiles
        if old[1] in order and new[1] in order and order.index(new[1]) == order.index(old[1]) + 1
    ]
    for run in ("first loop", "second loop"):
        if run == "first loop":
            _string_shape.cache_clear()
        start = time.perf_counter()
        for (old, old_color), (new, new_color) in pairs:
            legal_rotations(old, new, old_color=old_color, new_color=new_color)
        seconds = time.perf_counter() - start
        print(
            f"upgrades legal_rotations on strings ({run}): {len(pairs):,} catalog pairs in "
            f"{seconds:.2f} s = {seconds / len(pairs) * 1e6:.1f} µs per pair"
        )


def bench_games(shared: Path) -> None:
    from gallery.corpus import game_from_corpus
    from gallery.upgrades import upgrade_table

    for game_id in ("1830", "1889", "18_chesapeake"):
        answer = shared / "corpus" / "upgrades" / f"{game_id}.json"
        source = shared / "corpus" / "18xx" / "games" / f"{game_id}.json"
        if not answer.is_file() or not source.is_file():
            print(f"upgrades {game_id}: skipped (no ../shared corpus)")
            continue
        engine = json.loads(answer.read_text("utf-8"))
        game = game_from_corpus(source)
        supply = json.loads(source.read_text("utf-8"))["effective_default"].get(
            "tile_supply_init_tiles"
        )
        if supply:
            game = replace(game, tiles={k: v for k, v in game.tiles.items() if k in supply})
        figures = []
        for key, on_map in (("upgrades", False), ("upgrades_on_map", True)):
            start = time.perf_counter()
            ours = upgrade_table(game, on_map=on_map)
            seconds = time.perf_counter() - start
            theirs = {o: {t: r for t, r in row.items() if r} for o, row in engine[key].items()}
            pairs = {(o, t) for o, row in theirs.items() for t in row}
            pairs |= {(o, t) for o, row in ours.items() for t in row}
            exact = sum(
                1
                for o, t in pairs
                if list(ours.get(o, {}).get(t, ())) == theirs.get(o, {}).get(t, [])
            )
            figures.append(f"{key} {exact}/{len(pairs)} exact ({seconds * 1000:.0f} ms)")
        print(f"upgrades {game_id}: " + "; ".join(figures))


def bench_world() -> None:
    from gallery.importcache import ImportCache, default_cache_dir
    from gallery.loader import load_gallery
    from gallery.upgrade_chart import chart_origins
    from gallery.upgrades import upgrade_tables_both
    from tile_lang.render_cache import RenderCache

    given = os.environ.get("TILE_ATLAS_IMPORTS")
    if not given:
        print("upgrades world: skipped (TILE_ATLAS_IMPORTS not set)")
        return
    imports = [Path(p).resolve() for p in given.split(os.pathsep) if p]
    cache = ImportCache(default_cache_dir(), max_bytes=500 * 2**20)
    games = list(load_gallery([], imports=imports, cache=cache).games)

    def one_pass() -> tuple[float, float, int]:
        renders = RenderCache()  # a worker's caches, shared by all its games
        shapes = ShapeCache(read=renders.tile)
        start = time.process_time()
        tables = {g.id: upgrade_tables_both(g, shapes) for g in games}
        middle = time.process_time()
        origins = 0
        for g in games:
            tile_level, on_map = tables[g.id]
            origins += len(chart_origins(g, shapes, (tile_level.legal, on_map.legal), renders.tile))
        return middle - start, time.process_time() - middle, origins

    runs = [one_pass() for _ in range(3)]
    tables_s = statistics.median(r[0] for r in runs)
    chart_s = statistics.median(r[1] for r in runs)
    total = statistics.median(r[0] + r[1] for r in runs)
    print(
        f"upgrades world: {len(games)} games, {runs[0][2]:,} chart origins: tables (tile level "
        f"and on the map) {tables_s:.2f} s, chart origins {chart_s:.2f} s, total {total:.2f} s "
        "CPU (median of 3)"
    )


def main(shared: Path) -> None:
    bench_catalog()
    bench_strings()
    bench_games(shared)
    bench_world()
