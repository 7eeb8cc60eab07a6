"""gallery.parts: the gallery built in parts — the same files whether built here, by a pool of
processes or taken from the previous build, and only the parts whose inputs changed built
again."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest
from game_fixtures import small_game
from source_fixtures import write_ruby_games

import gallery.parts as parts_module
from gallery.game import TileEntry
from gallery.loader import load_gallery
from gallery.pages.context import GeneratedFile, later_block
from gallery.parts import (
    BLOCK_RUN,
    CATALOG_RUN,
    Afterwards,
    BuildSettings,
    Made,
    PartResult,
    PartsCache,
    WorkerError,
    WorkerPool,
    build_parts,
    part_key,
    plan_parts,
    run_workers,
    start_drawing,
)
from gallery.site import build_gallery
from gallery.sources import GameRef
from tile_lang import catalog
from tile_lang.render_cache import RenderCache, RenderKey
from tile_lang.upgrades import ShapeCache


def _by_path(files: list[GeneratedFile]) -> dict[str, str]:
    return {f.path: f.content for f in files}


def test_plan_has_a_part_per_game_and_the_catalog_in_runs() -> None:
    games = [small_game("aa"), small_game("bb")]
    parts = plan_parts(games, catalog_pages=True)
    assert [p.game.id for p in parts if p.game is not None] == ["aa", "bb"]
    runs = [p.tiles for p in parts if p.kind == "catalog"]
    assert all(len(r) <= CATALOG_RUN for r in runs)
    assert [n for r in runs for n in r] == [t.name for t in catalog.all_tiles()]
    assert plan_parts(games, catalog_pages=False)[-1].kind != "catalog"


def test_tile_pages_are_kept_while_games_change_and_name_their_users() -> None:
    """A tile page's part is the tile alone: a new game, or a game's new title, builds no
    catalog part again, and the "Used by" table still names the games as they are now."""
    cache = PartsCache()
    first = _by_path(build_gallery([small_game("aa")], parts=cache))
    assert "[AA](../../games/aa/index.md)" in first["tiles/57/index.md"]
    built = cache.built
    renamed = replace(small_game("aa"), title="Renamed")
    second = _by_path(build_gallery([renamed, small_game("bb")], parts=cache))
    assert cache.built == built + 2  # the two games, no catalog run
    page = second["tiles/57/index.md"]
    assert "[Renamed](../../games/aa/index.md)" in page and "[BB](../../games/bb/index.md)" in page
    assert "tile-atlas:used-by" not in page
    assert "No game of this site uses this tile." in second["tiles/1/index.md"]


def test_a_part_key_changes_with_its_game_and_the_settings() -> None:
    a = plan_parts([small_game("aa")], catalog_pages=False)[0]
    b = plan_parts([small_game("aa", revenue=30)], catalog_pages=False)[0]
    settings = BuildSettings()
    assert part_key(a, settings) == part_key(a, BuildSettings())
    assert part_key(a, settings) != part_key(b, settings)
    assert part_key(a, settings) != part_key(a, replace(settings, directory_urls=False))
    assert part_key(a, settings) != part_key(a, replace(settings, state="icons changed"))


def test_workers_take_the_next_part_when_free_and_every_part_arrives_once() -> None:
    """Parts are handed out one at a time: each arrives once, under the caller's index, and
    with more workers than parts only as many workers start as there are parts."""
    games = [small_game(f"g{i:02d}", revenue=10 + i) for i in range(5)]
    parts = plan_parts(games, catalog_pages=False)
    arrived: dict[int, list[str]] = {}
    events: list[str] = []

    def finished(index: int, result: PartResult) -> None:
        events.append("part")
        arrived.setdefault(index, []).extend(f.path for f in result.files)

    run_workers(
        [(10 + i, p) for i, p in enumerate(parts)],
        8,
        BuildSettings(),
        finished,
        meanwhile=lambda: events.append("meanwhile"),
    )
    # the caller's own work ran once while the workers built, before any result was taken
    assert events == ["meanwhile"] + ["part"] * 5
    assert sorted(arrived) == [10, 11, 12, 13, 14]
    for i, game in enumerate(games):
        assert f"games/{game.id}/index.md" in arrived[10 + i]


def test_only_the_edited_game_is_built_again() -> None:
    cache = PartsCache()
    games = [small_game("aa"), small_game("bb"), small_game("cc")]
    first = build_gallery(games, catalog_pages=False, parts=cache)
    assert (cache.built, cache.reused) == (3, 0)
    edited = [games[0], small_game("bb", revenue=40), games[2]]
    second = build_gallery(edited, catalog_pages=False, parts=cache)
    assert (cache.built, cache.reused) == (4, 2)
    before, after = _by_path(first), _by_path(second)
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
    assert changed  # the edited game's pages and its new drawing
    # (the conflicts page lists every game: bb's X1 now differs from the others')
    allowed = ("games/bb/", "assets/", "games/index.md", "tiles/conflicts/")
    assert all(p.startswith(allowed) for p in changed), changed


def test_the_upgrade_shapes_are_kept_for_the_next_build_and_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cache = PartsCache()
    games = [small_game("aa"), small_game("bb")]
    first = build_gallery(games, catalog_pages=False, parts=cache)
    kept = dict(cache.shapes.shapes)
    assert kept  # the games' tiles, charted
    # an edited game is charted with the shapes the first build found: none is made again,
    # and its pages are what a build knowing no shapes makes
    edited = [games[0], small_game("bb", revenue=40)]
    second = build_gallery(edited, catalog_pages=False, parts=cache)
    assert all(cache.shapes.shapes[k] is shape for k, shape in kept.items())
    fresh = build_gallery(edited, catalog_pages=False, parts=PartsCache())
    assert _by_path(second) == _by_path(fresh) and _by_path(second) != _by_path(first)
    # past the bound they are forgotten before the next parts are built
    monkeypatch.setattr(parts_module, "KEPT_SHAPES", 1)
    build_gallery([small_game("bb", revenue=50), games[0]], catalog_pages=False, parts=cache)
    assert all(cache.shapes.shapes.get(k) is not shape for k, shape in kept.items())


@pytest.mark.slow
def test_a_pool_builds_the_same_files_as_one_process() -> None:
    games = [small_game(f"g{i:02d}", revenue=10 + i) for i in range(12)]
    here = build_gallery(games, workers=1)
    pooled = build_gallery(games, workers=2)
    assert _by_path(here) == _by_path(pooled)
    assert [f.path for f in here] == [f.path for f in pooled]


def test_placeholder_icons_drawn_elsewhere_are_counted_once() -> None:
    game = replace(
        small_game("aa"),
        tiles={"I1": TileEntry("I1", 1, "yellow", "icon=image:nobody_draws_this;path=a:0,b:3")},
    )
    cache, renders = PartsCache(), RenderCache()
    build_gallery([game], catalog_pages=False, parts=cache, renders=renders)
    first = renders.missing_icons
    assert first.get("nobody_draws_this", 0) >= 1
    # the next build takes the part from the cache and still names the icon, as often
    build_gallery([game], catalog_pages=False, parts=cache, renders=renders)
    assert renders.missing_icons == first
    settings = BuildSettings()
    parts = plan_parts([game], catalog_pages=False)
    again = RenderCache()
    build_parts(parts, settings, renders=again, workers=1)
    assert again.missing_icons == {}  # refresh() starts counting; build_parts counts in place


def test_with_html_set_aside_the_used_by_table_is_a_block_out_of_the_index() -> None:
    files = {f.path: f for f in build_gallery([small_game("aa")], set_aside=True)}
    page = files["tiles/57/index.md"]
    assert "AA" not in page.content  # the Markdown (what search reads) names no game
    ((mark, html),) = [(m, b) for m, b in page.blocks if "tile-used-by" in b]
    assert mark in page.content and "data-search-exclude" in html
    assert '<a href="../../games/aa/">AA</a>' in html
    assert 'href="../../games/aa/upgrades/#tile-57"' in html


def test_a_worker_that_fails_says_why(tmp_path: Path) -> None:
    """A worker's error reaches the caller with the worker's own last lines (here: a site
    template override that does not compile)."""
    (tmp_path / "tile_card.html.j2").write_text("{% if %}", encoding="utf-8")
    games = [small_game(f"g{i:02d}") for i in range(2)]
    settings = BuildSettings(template_dirs=(tmp_path,))
    parts = plan_parts(games, catalog_pages=False)
    with pytest.raises(WorkerError, match="TemplateSyntaxError"):
        run_workers(list(enumerate(parts)), 2, settings, lambda index, result: None)


def test_part_keys_are_remembered_for_the_same_game_object() -> None:
    cache, settings = PartsCache(), BuildSettings()
    game = small_game("aa")
    part = plan_parts([game], catalog_pages=False)[0]
    assert cache.key(part, settings) == part_key(part, settings)
    again = plan_parts([game], catalog_pages=False)[0]  # a new plan, the same game object
    assert cache.key(again, settings) == part_key(part, settings)
    edited = replace(game, title="Edited")  # a game read again: a new object, a new key
    changed = plan_parts([edited], catalog_pages=False)[0]
    assert cache.key(changed, settings) == part_key(changed, settings) != part_key(part, settings)
    other = BuildSettings(directory_urls=False)
    assert cache.key(changed, other) == part_key(changed, other)


def test_workers_started_ahead_are_used_and_the_idle_ones_end() -> None:
    """A `WorkerPool` started before the work (the plugin starts one at `on_pre_build`) builds
    the parts; a worker the build did not need ends when the pool is closed."""
    games = [small_game(f"g{i:02d}") for i in range(2)]
    parts = plan_parts(games, catalog_pages=False)
    arrived: list[int] = []
    with WorkerPool(3) as pool:
        procs = list(pool.procs)
        run_workers(list(enumerate(parts)), 2, BuildSettings(), lambda i, r: arrived.append(i),
                    pool=pool)  # fmt: skip
        assert sorted(arrived) == [0, 1]
        assert procs[2].poll() is None  # not used: still waiting for work
    assert all(proc.returncode is not None for proc in procs)
    assert pool.procs == []


@pytest.mark.slow
def test_drawings_made_afterwards_are_written_once_into_the_site(tmp_path: Path) -> None:
    """With `Afterwards` the workers give their pages first and then make each drawing once
    (the first worker to name it takes it), writing it into the site folder; a file the site
    has itself is left alone. The parts, completed, hold what a build that drew at once
    holds."""
    games = [small_game(f"g{i:02d}", revenue=10 + i) for i in range(6)]
    at_once = _by_path(build_gallery(games, workers=1))
    drawings = sorted(p for p in at_once if p.startswith("assets/"))
    own = drawings[0]
    afterwards = Afterwards(tmp_path, skip=frozenset({own}))
    cache = PartsCache()
    with WorkerPool(2) as pool:
        pages = _by_path(build_gallery(games, workers=2, pool=pool, afterwards=afterwards,
                                       parts=cache))  # fmt: skip
        made, _ = afterwards.wait()
    # only the caller's own pages draw at once: here the conflicts page (six X1 tiles)
    assert len(made) > 50 and len([p for p in pages if p.startswith("assets/")]) == 6
    assert {**pages, **{p: f.content for p, f in made.items()}} == {
        p: c for p, c in at_once.items() if p != own
    }
    written = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert written == set(made) and own not in written
    assert all((tmp_path / p).read_text(encoding="utf-8") == f.content for p, f in made.items())
    cache.complete(made, {})
    completed = {
        f.path: f.content for r in cache.results.values() for f in r.files if f.path in made
    }
    assert completed == {p: f.content for p, f in made.items()}
    assert all(not r.later for r in cache.results.values())


def test_a_worker_failing_while_drawing_afterwards_is_reported(tmp_path: Path) -> None:
    """A worker that cannot write its drawings (here: the site folder is a file) fails
    `Afterwards.wait` with what it said, instead of leaving a site without them."""
    games = [small_game(f"g{i:02d}") for i in range(2)]
    parts = plan_parts(games, catalog_pages=False)
    blocked = tmp_path / "site"
    blocked.write_text("not a folder", encoding="utf-8")
    afterwards = Afterwards(blocked)
    with WorkerPool(2) as pool:
        run_workers(list(enumerate(parts)), 2, BuildSettings(), lambda i, r: None,
                    pool=pool, afterwards=afterwards)  # fmt: skip
        with pytest.raises(WorkerError, match="gallery worker failed"):
            afterwards.wait()


def test_a_second_worker_draws_once_the_pages_are_built(tmp_path: Path) -> None:
    """While MkDocs builds the pages only `at_once` workers draw; when the build waits for the
    drawings (its pages done) one more may start."""
    afterwards = Afterwards(tmp_path, at_once=1)
    second = threading.Event()

    def ask() -> None:
        with afterwards.turns.turn():
            second.set()

    with afterwards.turns.turn():  # the first worker draws
        asking = threading.Thread(target=ask)
        asking.start()
        assert not second.wait(0.2)  # the second waits for MkDocs
        afterwards.wait()
        assert second.wait(5)
    asking.join()


def test_workers_read_an_imports_games_and_then_build_parts(tmp_path: Path) -> None:
    """A cold build's imports read by the pool's workers, side by side, give what reading
    them here gives; the same workers then take their orders and parts."""
    checkout = write_ruby_games(tmp_path, 9)
    with WorkerPool(2) as pool:
        loaded = load_gallery([], imports=[checkout], reader=pool.read_games)
        assert loaded == load_gallery([], imports=[checkout])
        games = list(loaded.games[:3])
        files = build_gallery(games, workers=2, pool=pool, catalog_pages=True)
    assert files == build_gallery(games, workers=1, catalog_pages=True)


def test_a_worker_failing_to_read_a_game_says_so(tmp_path: Path) -> None:
    with WorkerPool(2) as pool:
        pool.procs[1].kill()
        pool.procs[1].wait()
        refs = [GameRef(tmp_path / f"g{i}.yaml") for i in range(4)]
        for ref in refs:
            ref.path.write_text("id: x\n", encoding="utf-8")
        with pytest.raises(WorkerError, match="gallery worker failed"):
            pool.read_games("yaml", refs)


def test_page_blocks_are_made_first_and_waited_for(tmp_path: Path) -> None:
    """A worker's page blocks come before its drawings, in runs of their own; MkDocs' process
    waits for a block (`Afterwards.block`) until a worker has made it, and hears of a failed
    worker instead of waiting for ever."""
    afterwards = Afterwards(tmp_path)
    blocks = [later_block(f"tiles/{i}/index.md", "<!--tile-atlas-raw:1-->") for i in range(60)]
    drawings = [f"assets/tiles/{i}.svg" for i in range(5)]
    afterwards.claim(0, [drawings[0], *blocks, *drawings[1:]])
    runs = afterwards.orders(0)
    assert [len(r.paths) for r in runs] == [BLOCK_RUN, 60 - BLOCK_RUN, 5]
    assert runs[0].weight > runs[2].weight * BLOCK_RUN  # a block is several drawings' work
    assert [p for r in runs for p in r.paths] == [*blocks, *drawings]
    with pytest.raises(KeyError):
        afterwards.block("tiles/none/index.md<!--tile-atlas-raw:1-->")
    got: list[str] = []
    waiting = threading.Thread(target=lambda: got.append(afterwards.block(blocks[3])))
    waiting.start()
    time.sleep(0.1)
    assert not got  # not made yet
    afterwards.add(Made((GeneratedFile(blocks[3], "<div>made</div>"),)))
    waiting.join(5)
    assert got == ["<div>made</div>"]
    afterwards.failed("a gallery worker failed:\nboom")
    with pytest.raises(WorkerError, match="boom"):
        afterwards.block(blocks[4])


def test_a_completed_part_has_its_blocks_in_its_pages() -> None:
    """The blocks a part's worker made afterwards go into the part's pages, in mark order;
    its drawings become files of the part."""
    page = GeneratedFile("tiles/t/index.md", "a <!--tile-atlas-raw:1--> b <!--tile-atlas-raw:2-->",
                         (("<!--tile-atlas-raw:1-->", "<p>1</p>"),))  # fmt: skip
    key = later_block(page.path, "<!--tile-atlas-raw:2-->")
    drawing = GeneratedFile("assets/tiles/x.svg", "<svg/>")
    result = PartResult((page,), (), (), (), later=(key, drawing.path))
    made = {key: GeneratedFile(key, "<p>2</p>"), drawing.path: drawing}
    done = result.completed(made, {})
    assert done.files[0].blocks == (("<!--tile-atlas-raw:1-->", "<p>1</p>"),
                                    ("<!--tile-atlas-raw:2-->", "<p>2</p>"))  # fmt: skip
    assert done.files[1:] == (drawing,) and not done.later


def test_a_worker_drawing_afterwards_keeps_recent_drawings() -> None:
    """Once a first build's worker draws what its parts left, a drawing asked for again (a
    thumbnail's hexes are its map page's files) is taken from the render cache, not drawn
    again. The cache was bounded at its size when drawing began: nothing, in a first build,
    whose parts draw nothing."""
    renders = RenderCache(max_chars=12 * 2**20)
    shapes = ShapeCache(read=renders.tile)
    shapes.get("city=revenue:20;path=a:0,b:_0", "yellow")
    start_drawing(renders, shapes)
    assert not shapes.shapes
    key = RenderKey("city=revenue:20;path=a:0,b:_0", "yellow", "flat", name="Tokyo")
    first = renders.render(key)
    assert renders.render(key) == first and (renders.misses, renders.hits) == (1, 1)
    assert 0 < renders.max_chars < 12 * 2**20
