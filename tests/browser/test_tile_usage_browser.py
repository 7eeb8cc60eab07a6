"""Tile usage across games (#40.4) in a real Chromium: a catalog tile page says how many copies
its games ship (total, median per game), and the catalog's filter orders each colour's tiles by
the number of games using them, and back."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from statistics import median
from typing import Any

import pytest
from browser_support import PageLog, build_site, serve

from gallery import load_game

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
GAMES = ("1889", "18_chesapeake")

CONFIG = """\
site_name: Usage test
theme:
  name: material
  font: false
plugins:
  - tiles:
      games_dirs: [games]
markdown_extensions:
  - attr_list
  - md_in_html
  - pymdownx.superfences
"""

#: Each grid's cards as (name, number of games using it), in the order shown.
GRIDS_JS = """() => [...document.querySelectorAll('#catalog-grid .tile-grid')].map(g =>
  [...g.querySelectorAll('[data-tile]')].map(c => [
    c.querySelector('.tile-name').textContent,
    (c.getAttribute('data-games') || '').split(' ').filter(Boolean).length]))"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("usage-site")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n", "utf-8")
    (root / "games").mkdir()
    for game in GAMES:
        shutil.copy(ROOT / "games" / f"{game}.yaml", root / "games")
    (root / "mkdocs.yml").write_text(CONFIG, "utf-8")
    with serve(build_site(root / "mkdocs.yml", root / "site")) as url:
        yield url


def _clean(log: PageLog) -> None:
    assert not log.page_errors, log.page_errors
    assert not log.console_errors, log.console_errors


def test_a_tile_page_gives_the_total_and_the_median(
    page: tuple[Any, PageLog], site_url: str
) -> None:
    pg, log = page
    counts = [load_game(ROOT / "games" / f"{g}.yaml").tiles["57"].count for g in GAMES]
    assert all(c is not None for c in counts)
    pg.goto(site_url + "tiles/57/")
    rows = pg.locator(".tile-used-by tbody tr, article table tbody tr")
    assert rows.count() == len(GAMES)
    middle = median(c for c in counts if c is not None)
    shown = str(int(middle)) if middle == int(middle) else f"{middle:.1f}"
    total = sum(c for c in counts if c is not None)
    expected = f"Used by 2 games: {total} copies in all, median {shown} per game."
    assert expected in pg.locator("article").inner_text()
    _clean(log)


def test_the_catalog_orders_tiles_by_use_and_back(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "tiles/all/")
    before = pg.evaluate(GRIDS_JS)
    pg.select_option("form.tile-filter select[name=sort]", "use")
    after = pg.evaluate(GRIDS_JS)
    for grid_before, grid_after in zip(before, after, strict=True):
        assert sorted(grid_after) == sorted(grid_before)  # the same cards
        uses = [n for _, n in grid_after]
        assert uses == sorted(uses, reverse=True)
        # ties keep the catalog's order
        for n in set(uses):
            assert [c for c in grid_after if c[1] == n] == [c for c in grid_before if c[1] == n]
    assert after != before  # some colour has tiles of different use
    assert "most used first" in pg.locator(".tile-filter__count").inner_text()
    # each card says how many games use it
    notes = pg.evaluate(
        "[...document.querySelectorAll('#catalog-grid .tile-grid')].map(g =>"
        " [...g.querySelectorAll('[data-tile] .tile-use')].map(n => n.textContent))"
    )
    words = {0: "no game", 1: "1 game", 2: "2 games"}
    assert notes == [[words[n] for _, n in grid] for grid in after]
    # the other filters still apply, and the catalog order comes back
    pg.select_option("form.tile-filter select[name=game]", "1889")
    visible = pg.locator("#catalog-grid [data-tile]:visible")
    assert 0 < visible.count() < sum(len(g) for g in before)
    pg.select_option("form.tile-filter select[name=sort]", "")
    assert pg.evaluate(GRIDS_JS) == before
    assert pg.locator("#catalog-grid .tile-use").count() == 0
    _clean(log)
