"""The upgrade chart and the manifest highlight in a real Chromium.

A small site (one game, no catalog pages) is built with `mkdocs build --strict` and served on
127.0.0.1: the chart renders, the rotations it draws for a pair equal the inferred table's, and
the manifest highlight works by mouse and by keyboard, in light and dark mode, without console
errors or any request leaving the machine.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageLog, build_site, serve

from gallery.native import load_game
from gallery.upgrades import upgrade_table

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "games" / "18_chesapeake.yaml"

CONFIG = """\
site_name: Upgrade charts
theme:
  name: material
  font: false
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      toggle: {icon: material/weather-night, name: Dark}
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      toggle: {icon: material/weather-sunny, name: Light}
plugins:
  - search
  - tiles:
      catalog_pages: false
      games_dirs: [games]
markdown_extensions:
  - pymdownx.superfences
"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("upgrade-site")
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (root / "games").mkdir()
    shutil.copy(GAME, root / "games")
    with serve(build_site(root / "mkdocs.yml", root / "site")) as url:
        yield url


def _assert_clean(log: PageLog) -> None:
    assert not log.page_errors, log.page_errors
    assert not log.console_errors, log.console_errors
    assert not log.external_requests, log.external_requests


def test_chart_draws_the_tables_rotations(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/18_chesapeake/upgrades/")
    assert pg.locator(".upgrade-chart__row").count() > 20
    first = pg.locator(".upgrade-chart__row img").first
    first.wait_for()
    assert pg.evaluate("(img) => img.complete && img.naturalWidth > 0", first.element_handle())
    table = upgrade_table(load_game(GAME))
    for old, new in (("57", "14"), ("9", "20"), ("X2", "X6")):
        # each drawing is labelled under it: "r4", or "r0" and "also r1, 2 (same picture)"
        labels = pg.locator(f"#tile-{old} [data-upgrade-to='{new}'] > span")
        drawn: set[int] = set()
        for i in range(labels.count()):
            label = labels.nth(i)
            assert (
                label.locator("img").evaluate("(img) => img.alt").startswith(f"{new} at rotation")
            )
            drawn.update(int(r) for r in re.findall(r"\d", label.inner_text()))
        assert drawn == set(table[old][new]), (old, new)
    # X6 looks the same at every rotation: one drawing, the others named in a note.
    assert pg.locator("#tile-X2 [data-upgrade-to='X6'] img").count() == 1
    # No download bar under each of the chart's many small drawings (the tile pages have them).
    pg.wait_for_function("document.getElementById('tile-downloads-css') !== null")
    assert pg.locator(".upgrade-chart .tile-downloads").count() == 0
    _assert_clean(log)


def _classes(pg: Any, name: str) -> str:
    return str(
        pg.locator(f"[data-manifest-view]:not([hidden]) [data-name='{name}']").get_attribute(
            "class"
        )
    )


def test_manifest_highlight_by_mouse_and_keyboard(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/18_chesapeake/")
    table = upgrade_table(load_game(GAME))
    pg.locator("[data-manifest-view]:not([hidden]) [data-name='57']").click()
    assert "is-selected" in _classes(pg, "57")
    for new in table["57"]:
        assert "is-upgrade-to" in _classes(pg, new), new
    froms = [old for old, row in table.items() if "57" in row and old in load_game(GAME).tiles]
    for old in froms:
        assert "is-upgrade-from" in _classes(pg, old)
    unrelated = pg.locator("[data-manifest-view]:not([hidden]) [data-name='1']")
    assert (
        float(pg.evaluate("(e) => getComputedStyle(e).opacity", unrelated.element_handle())) < 0.5
    )
    assert "57 upgrades to" in pg.locator(".upgrade-status").inner_text()
    pg.keyboard.press("Escape")
    assert "is-selected" not in _classes(pg, "57")
    # Keyboard: Tab from one card to the next selects it (a card's own buttons, if a site adds
    # any, keep their card selected on the way).
    pg.locator("[data-manifest-view]:not([hidden]) [data-name='7']").focus()
    assert "is-selected" in _classes(pg, "7")
    focused = "7"
    for _ in range(6):
        pg.keyboard.press("Tab")
        focused = pg.evaluate("document.activeElement.getAttribute('data-name')") or focused
        if focused != "7":
            break
    assert focused != "7" and "is-selected" in _classes(pg, focused)
    assert "is-selected" not in _classes(pg, "7")
    _assert_clean(log)


def test_highlight_in_dark_mode(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.emulate_media(color_scheme="dark")
    pg.goto(site_url + "games/18_chesapeake/")
    assert pg.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    pg.locator("[data-manifest-view]:not([hidden]) [data-name='57']").click()
    new = next(iter(upgrade_table(load_game(GAME))["57"]))
    card = pg.locator(f"[data-manifest-view]:not([hidden]) [data-name='{new}']")
    color = pg.evaluate("(e) => getComputedStyle(e).outlineColor", card.element_handle())
    assert color == "rgb(129, 199, 132)"  # the light green kept readable on slate
    _assert_clean(log)


def test_manifest_groups_by_family(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/18_chesapeake/")
    pg.locator(".manifest-grouping input[value=family]").check()
    view = pg.locator("[data-manifest-view=family]")
    assert view.is_visible() and not pg.locator("[data-manifest-view=number]").is_visible()
    headings = view.locator("h3").all_inner_texts()
    assert headings[:3] == ["Plain track", "Towns", "Cities"]
    cities = view.locator("h3:text-is('Cities') + .tile-grid [data-name]")
    assert "57" in [cities.nth(i).get_attribute("data-name") for i in range(cities.count())]
    view.locator("[data-name='57']").click()  # the highlight works in this view too
    assert "is-upgrade-to" in str(view.locator("[data-name='14']").get_attribute("class"))
    # one set of cards, moved between the views: none left behind, all back on switching back
    total = pg.locator("[data-upgrade-manifest] [data-name]").count()
    assert pg.locator("[data-manifest-view=number] [data-name]").count() == 0
    pg.locator(".manifest-grouping input[value=number]").check()
    assert pg.locator("[data-manifest-view=number] [data-name]").count() == total
    assert view.locator("[data-name]").count() == 0
    _assert_clean(log)
