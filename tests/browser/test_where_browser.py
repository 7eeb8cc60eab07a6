"""Where can this tile go, on a game's map page in a real Chromium: `?tile=` and the picker mark
exactly the hexes (and rotations) the game's on-map table gives, the keyboard reaches and turns
everything, the address is only ever data, the page passes axe-core in light and dark, and the
published `upgrades.json` is the one the schema describes."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jsonschema
import pytest
from axe_support import ensure_axe, run_axe
from browser_support import PageLog, build_site, serve

from gallery import load_game, upgrade_table
from gallery.game import Game

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
GAMES = ("1889", "18_chesapeake")
SCHEMA = json.loads((ROOT / "gallery" / "schema" / "upgrades.schema.json").read_text("utf-8"))

#: The published site's theme and palette (toggles, brown and amber, its stylesheet).
CONFIG = """\
site_name: Where test
theme:
  name: material
  font: false
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      primary: brown
      accent: amber
      toggle:
        icon: material/weather-night
        name: Switch to dark mode
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      primary: brown
      accent: amber
      toggle:
        icon: material/weather-sunny
        name: Switch to light mode
extra_css:
  - stylesheets/palette.css
plugins:
  - tiles:
      games_dirs: [games]
      catalog_pages: false
markdown_extensions:
  - attr_list
  - md_in_html
  - pymdownx.superfences
"""

#: Every marked hex with its rotations, as the page says it.
MARKED_JS = """() => Object.fromEntries(
  [...document.querySelectorAll('.ta-hex[data-can-lay]')].map(
    h => [h.getAttribute('data-hex'), h.getAttribute('data-can-lay')]))"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("where-site")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n", "utf-8")
    shutil.copytree(ROOT / "docs" / "stylesheets", root / "docs" / "stylesheets")
    (root / "games").mkdir()
    for game in GAMES:
        shutil.copy(ROOT / "games" / f"{game}.yaml", root / "games")
    (root / "mkdocs.yml").write_text(CONFIG, "utf-8")
    built = build_site(root / "mkdocs.yml", root / "site")
    with serve(built) as url:
        yield url, built


def _game(game_id: str) -> Game:
    return load_game(ROOT / "games" / f"{game_id}.yaml")


def expected(game: Game, tile: str) -> dict[str, str]:
    """The hexes the on-map table lets `tile` go on, with its rotations (drawn hexes only)."""
    table = upgrade_table(game, on_map=True)
    return {
        coord: " ".join(map(str, sorted(row[tile])))
        for coord, row in table.items()
        if tile in row and game.hexes[coord].color != "empty"
    }


#: Whether every marked hex's centre lies in the map's current view.
ALL_IN_VIEW_JS = """() => {
  const svg = document.querySelector('.ta-map__viewport svg');
  const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  return [...document.querySelectorAll('.ta-hex[data-can-lay] use')].every(u => {
    const cx = Number(u.getAttribute('x')) + 100, cy = Number(u.getAttribute('y')) + 100;
    return cx >= x && cx <= x + w && cy >= y && cy <= y + h;
  });
}"""


def _by_coordinate(coord: str) -> tuple[str, int]:
    letters = coord.rstrip("0123456789")
    return letters, int(coord[len(letters) :] or 0)


def _open(pg: Any, url: str, game: str, query: str = "") -> None:
    pg.goto(f"{url}games/{game}/map/{query}")
    pg.wait_for_selector("[data-ta-map][data-zoom]")


def _assert_clean(log: PageLog) -> None:
    assert not log.page_errors, log.page_errors
    assert not log.console_errors, log.console_errors
    assert not log.external_requests, log.external_requests
    assert not log.dialogs, log.dialogs


@pytest.mark.parametrize("game_id", GAMES)
def test_the_address_marks_exactly_the_on_map_table(
    page: tuple[Any, PageLog], site: tuple[str, Path], game_id: str
) -> None:
    pg, log = page
    game = _game(game_id)
    # a yellow city tile, a plain yellow track, and a tile of each game that fits nowhere
    nowhere = next(n for n, e in game.tiles.items() if not e.hidden and not expected(game, n))
    for tile in ("57", "8", nowhere):
        _open(pg, site[0], game_id, f"?tile={quote(tile)}")
        marked = pg.evaluate(MARKED_JS)
        assert marked == expected(game, tile), tile
        status = pg.text_content("[data-ta-where-status]")
        if marked:
            many = f"{len(marked)} hexes" if len(marked) > 1 else "1 hex"
            assert status == f"Tile {tile} can go on {many}."
            dimmed = pg.evaluate(
                "getComputedStyle(document.querySelector("
                "'.ta-hex:not([data-can-lay]) use')).opacity"
            )
            assert float(dimmed) < 0.5
            # the first hexes in map order are listed (a big map's blank hexes are not)
            listed = pg.locator("[data-ta-where-hex]").all_text_contents()
            assert listed == sorted(marked, key=_by_coordinate)[:24]
            # the view shows them all
            assert pg.evaluate(ALL_IN_VIEW_JS)
        else:
            assert status.startswith(f"Tile {tile} can go on no hex of the starting map.")
        assert pg.is_checked(f'input[name="ta-where-tile"][value="{tile}"]')
    _assert_clean(log)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_picker_marks_every_tile_as_its_table_says(
    page: tuple[Any, PageLog], site: tuple[str, Path], game_id: str
) -> None:
    pg, log = page
    game = _game(game_id)
    _open(pg, site[0], game_id)
    assert pg.evaluate(MARKED_JS) == {}
    picker = [n for n, e in game.tiles.items() if not e.hidden]
    for tile in picker:
        pg.check(f'input[name="ta-where-tile"][value="{tile}"]')
        assert pg.evaluate(MARKED_JS) == expected(game, tile), tile
        # the address follows the choice, so the view can be shared
        assert pg.evaluate("new URLSearchParams(location.search).get('tile')") == tile
        count = pg.text_content(f'label:has(input[value="{tile}"]) .ta-where__count')
        assert count.split()[0] == (
            str(len(expected(game, tile))) if expected(game, tile) else "no"
        )
    pg.check('input[name="ta-where-tile"][value=""]')
    assert pg.evaluate(MARKED_JS) == {}
    assert pg.evaluate("document.querySelector('.ta-map--choosing')") is None
    _assert_clean(log)


def test_keyboard_chooses_a_tile_reaches_its_hexes_and_turns_it(
    page: tuple[Any, PageLog], site: tuple[str, Path]
) -> None:
    pg, log = page
    url, _ = site
    game = _game("1889")
    _open(pg, url, "1889")
    pg.focus('input[name="ta-where-tile"][value=""]')
    names = [n for n, e in game.tiles.items() if not e.hidden]
    # arrow keys move the choice along the picker (tiles in the picker's order)
    order = pg.evaluate(
        "[...document.querySelectorAll('input[name=ta-where-tile]')].map(i => i.value)"
    )
    assert sorted(order[1:]) == sorted(names)
    target = order.index("57")
    for _ in range(target):
        pg.keyboard.press("ArrowRight")
    assert pg.evaluate("document.activeElement.value") == "57"
    status = pg.text_content("[data-ta-where-status]")
    assert status == f"Tile 57 can go on {len(expected(game, '57'))} hexes."
    assert pg.get_attribute("[data-ta-where-status]", "role") == "status"
    # Tab leaves the picker for "show them all" and the list of marked hexes; Enter on one
    # focuses that hex on the map
    pg.keyboard.press("Tab")
    assert pg.evaluate("document.activeElement.hasAttribute('data-ta-where-fit')")
    pg.keyboard.press("Tab")
    first = pg.evaluate("document.activeElement.getAttribute('data-ta-where-hex')")
    assert first in expected(game, "57")
    pg.keyboard.press("Enter")
    assert pg.evaluate("document.activeElement.getAttribute('data-coord')") == first
    label = pg.evaluate("document.activeElement.getAttribute('aria-label')")
    assert "Tile 57 may go here at rotation" in label
    card = pg.text_content("[data-ta-card-where]")
    assert card.startswith("Tile 57 here") and "May become:" in card
    # the tile is drawn on the hex at its first legal rotation, then each other in turn
    rotations = [int(r) for r in expected(game, "57")[first].split()]
    shown = pg.locator(".ta-map__card-placement").count()
    assert 1 <= shown <= len(rotations)
    ghost = pg.get_attribute(".ta-map__ghost image", "href")
    assert ghost
    if shown > 1:
        pg.keyboard.press("r")
        assert pg.get_attribute(".ta-map__ghost image", "href") != ghost
        assert pg.locator(".ta-map__card-placement.is-shown").nth(0).text_content() == (
            pg.locator(".ta-map__card-placement").nth(1).text_content()
        )
    # the arrow keys still move between neighbouring hexes, leaving the choice as it is
    pg.keyboard.press("ArrowDown")
    assert pg.evaluate(MARKED_JS) == expected(game, "57")
    _assert_clean(log)


def test_the_manifest_links_a_selected_tile_to_where_it_goes(
    page: tuple[Any, PageLog], site: tuple[str, Path]
) -> None:
    pg, log = page
    pg.goto(site[0] + "games/18_chesapeake/")
    pg.locator("[data-manifest-view]:not([hidden]) [data-name='57']").click()
    link = pg.locator(".upgrade-status a")
    assert link.inner_text() == "where 57 goes on the map"
    link.click()
    pg.wait_for_selector("[data-ta-map][data-zoom]")
    assert pg.url.endswith("/games/18_chesapeake/map/?tile=57")
    assert pg.evaluate(MARKED_JS) == expected(_game("18_chesapeake"), "57")
    _assert_clean(log)


def test_a_hex_card_lists_the_tiles_that_may_replace_it(
    page: tuple[Any, PageLog], site: tuple[str, Path]
) -> None:
    pg, log = page
    game = _game("18_chesapeake")
    table = upgrade_table(game, on_map=True)
    _open(pg, site[0], "18_chesapeake")
    for coord in [c for c, row in table.items() if row][:3] + [
        next(c for c, row in table.items() if not row and game.hexes[c].color != "empty")
    ]:
        pg.focus(f'.ta-hex[data-coord="{coord}"]')
        text = pg.text_content("[data-ta-card-where]")
        if table[coord]:
            assert text == "May become: " + ", ".join(table[coord])
        else:
            assert text == "No tile may replace it on the starting map."
    _assert_clean(log)


@pytest.mark.parametrize(
    "asked",
    ["<img src=x onerror=alert(1)>", "__proto__", "constructor", "57\u202e", "x" * 500],
)
def test_the_address_is_only_data(
    page: tuple[Any, PageLog], site: tuple[str, Path], asked: str
) -> None:
    pg, log = page
    _open(pg, site[0], "1889", f"?tile={quote(asked)}")
    assert pg.evaluate(MARKED_JS) == {}
    status = pg.text_content("[data-ta-where-status]")
    assert status.startswith("This game has no tile \u201c") and len(status) < 80
    # text, never markup: the name sits alone in a <bdi> (a right-to-left mark stays inside)
    assert pg.evaluate(
        "[...document.querySelectorAll('[data-ta-where-status] *')].map(e => e.outerHTML)"
    ) == [pg.evaluate("document.querySelector('[data-ta-where-status] bdi').outerHTML")]
    assert (
        pg.evaluate("document.querySelector('[data-ta-where-status] bdi').attributes.length") == 0
    )
    assert pg.is_checked('input[name="ta-where-tile"][value=""]')
    _assert_clean(log)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_with_a_tile_chosen(
    browser: Any, site: tuple[str, Path], scheme: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        pg = context.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        _open(pg, site[0], "1889", "?tile=57")
        pg.focus(f'.ta-hex[data-coord="{sorted(expected(_game("1889"), "57"))[0]}"]')
        findings = run_axe(pg, ensure_axe())
        assert not findings, "\n".join(map(str, findings))
        assert not errors, errors
    finally:
        context.close()


def test_works_from_file_urls(page: tuple[Any, PageLog], site: tuple[str, Path]) -> None:
    """An offline copy opened from disk: the data is in the page, nothing is fetched."""
    pg, log = page
    _, built = site
    pg.goto((built / "games" / "1889" / "map" / "index.html").as_uri() + "?tile=57")
    pg.wait_for_selector("[data-ta-map][data-zoom]")
    assert pg.evaluate(MARKED_JS) == expected(_game("1889"), "57")
    assert not log.page_errors, log.page_errors


@pytest.mark.parametrize("game_id", GAMES)
def test_upgrades_json_is_published_and_valid(site: tuple[str, Path], game_id: str) -> None:
    _, built = site
    doc = json.loads((built / "games" / game_id / "upgrades.json").read_text("utf-8"))
    jsonschema.validate(doc, SCHEMA)
    rows = {r["from"]: {t["tile"]: tuple(t["rotations"]) for t in r["to"]}
            for r in doc["on_map"]["legal"]}  # fmt: skip
    assert rows == upgrade_table(_game(game_id), on_map=True)
