"""Accessibility of the built site in a real Chromium, on one build of the repository's docs
and configuration with a tile game (1889) and the Madrid board game, catalog pages on:

* axe-core (npm's package, cached outside the repository: axe_support.py) on one page of each
  kind, light and dark: no critical or serious violation in our markup;
* contrast measured from Chromium's computed styles: body text, in-text links (and how they
  stand out from the text), tab links, the focus ring of every control, light and dark;
* the keyboard: the tile filter of a game page within 15 Tab stops of the top, every control
  of the filter and the map showing focus, the map skippable.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_support import ensure_axe, run_axe
from browser_support import PageLog, build_site, serve

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]

#: One page of each kind the site has.
PAGES = (
    "",  # home
    "language/cities/",  # a reference page with fence tiles
    "language/anatomy/",  # the annotated figures
    "tiles/all/",  # the catalog
    "tiles/57/",  # a tile page
    "games/",  # the games index
    "games/1889/",  # a game page: map thumbnail, tile manifest, filter
    "games/1889/hexes/",  # the hexes of a game
    "games/1889/map/",  # the map page
    "games/madrid/",  # a board game
    "playground/",
)
SCHEMES = ("light", "dark")


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("a11y-site")
    shutil.copytree(ROOT / "docs", root / "docs")
    games = root / "games"
    games.mkdir()
    shutil.copy(ROOT / "games" / "1889.yaml", games)
    shutil.copytree(ROOT / "games" / "madrid", games / "madrid")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    with serve(build_site(root / "mkdocs.yml", root / "site")) as url:
        yield url


@pytest.fixture(scope="module")
def axe_script() -> Path:
    return ensure_axe()


@pytest.fixture(params=SCHEMES)
def scheme_page(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Any, PageLog]]:
    """A page in the given colour scheme (Material follows prefers-color-scheme); requests
    leaving the machine are aborted (the playground's CDN runtime is not needed here)."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, color_scheme=request.param
    )
    log = PageLog()
    context.route(
        "**/*",
        lambda r: (
            r.continue_()
            if r.request.url.startswith("http://127.0.0.1")
            else (log.external_requests.append(r.request.url), r.abort())
        ),
    )
    pg = context.new_page()
    pg.on("pageerror", lambda e: log.page_errors.append(str(e)))
    yield pg, log
    context.close()


def test_axe_finds_no_serious_violation(
    scheme_page: tuple[Any, PageLog], site_url: str, axe_script: Path
) -> None:
    pg, log = scheme_page
    report = []
    for path in PAGES:
        pg.goto(site_url + path)
        report += [f"/{path}: {finding}" for finding in run_axe(pg, axe_script)]
    assert not report, "\n".join(report)
    assert not log.page_errors, log.page_errors


#: WCAG relative luminance and contrast of computed colours, composited over what is behind
#: them (an element's translucent colour, its opacity, the backgrounds of its ancestors).
CONTRAST_JS = """
(() => {
  function parse(value) {
    const nums = (value.match(/-?[\\d.]+/g) || []).map(Number);
    if (value.startsWith("color(srgb")) return [nums[0] * 255, nums[1] * 255, nums[2] * 255,
                                                nums.length > 3 ? nums[3] : 1];
    return [nums[0], nums[1], nums[2], nums.length > 3 ? nums[3] : 1];
  }
  function over(top, bottom) {
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat([1]);
  }
  function background(el) {
    const layers = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const c = parse(getComputedStyle(node).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let color = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) color = over(layers[i], color);
    return color;
  }
  function opacity(el) {
    let o = 1;
    for (let node = el; node && node.nodeType === 1; node = node.parentElement)
      o *= Number(getComputedStyle(node).opacity);
    return o;
  }
  function luminance(c) {
    const f = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  }
  function ratio(a, b) {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  }
  window.__contrast = {
    text(el) {
      const bg = background(el);
      const fg = parse(getComputedStyle(el).color);
      fg[3] *= opacity(el);
      return ratio(over(fg, bg), bg);
    },
    between(a, b) {
      const bg = background(a);
      return ratio(over(parse(getComputedStyle(a).color), bg),
                   over(parse(getComputedStyle(b).color), bg));
    },
    ring(el) {
      const s = getComputedStyle(el);
      if (s.outlineStyle === "none" || parseFloat(s.outlineWidth) < 2) return 0;
      const bg = background(el.parentElement || el);
      return ratio(over(parse(s.outlineColor), bg), bg);
    },
  };
})();
"""


def _measure(pg: Any, expression: str) -> float:
    pg.evaluate(CONTRAST_JS)
    return float(pg.evaluate(expression))


def test_text_links_and_tabs_meet_wcag_aa(scheme_page: tuple[Any, PageLog], site_url: str) -> None:
    pg, _ = scheme_page
    pg.goto(site_url + "games/1889/")
    body = _measure(pg, "__contrast.text(document.querySelector('article p'))")
    link = "document.querySelector('article p a[href*=upgrades]')"
    link_ratio = _measure(pg, f"__contrast.text({link})")
    link_vs_text = _measure(pg, f"__contrast.between({link}, {link}.parentElement)")
    underlined = pg.evaluate(f"getComputedStyle({link}).textDecorationLine")
    tabs = pg.evaluate(
        "[...document.querySelectorAll('.md-tabs__link')].map(e => __contrast.text(e))"
    )
    assert body >= 4.5, body
    assert link_ratio >= 4.5, link_ratio
    # a link in running text is told from the text without colour, or by 3:1 against it
    assert "underline" in underlined or link_vs_text >= 3, (underlined, link_vs_text)
    assert tabs and min(tabs) >= 4.5, tabs


def _tab_until(pg: Any, selector: str, limit: int) -> int:
    """Tab presses from the top of the page until the focus is in `selector`; a "Skip to
    the tiles" link met on the way is followed with Enter, as a keyboard reader would."""
    for presses in range(1, limit + 1):
        pg.keyboard.press("Tab")
        if pg.evaluate(f"!!document.activeElement.closest({selector!r})"):
            return presses
        if pg.evaluate("document.activeElement.textContent.trim() === 'Skip to the tiles'"):
            pg.keyboard.press("Enter")
            if pg.evaluate(f"!!document.activeElement.closest({selector!r})"):
                return presses
    raise AssertionError(f"{selector} not reached in {limit} Tab stops")


def test_the_tile_filter_is_within_15_tab_stops(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/1889/")
    assert _tab_until(pg, "form.tile-filter", 15) <= 15
    # the form is named, not a second unnamed search landmark
    form = pg.locator("form.tile-filter")
    assert form.get_attribute("aria-label") == "Filter the tiles"
    assert form.get_attribute("role") is None
    pg.goto(site_url + "tiles/all/")
    assert _tab_until(pg, "form.tile-filter", 15) <= 15
    assert not log.page_errors, log.page_errors


def test_every_control_shows_focus(scheme_page: tuple[Any, PageLog], site_url: str) -> None:
    """Each Tab stop in the content of a game page (filter, checkboxes, grouping, cards) and
    of the map page (buttons, toggles, the viewport, hexes) draws a ring of 3:1 or more."""
    pg, _ = scheme_page
    # the map page: the toolbar, the tile picker's radio group and its two links, the
    # downloads, the viewport, then the hexes
    for path, stops in (("games/1889/", 60), ("games/1889/map/", 18)):
        pg.goto(site_url + path)
        pg.evaluate(CONTRAST_JS)
        pg.locator("article h1").first.click()  # start the Tab order in the content
        seen = []
        for _ in range(stops):
            pg.keyboard.press("Tab")
            what = pg.evaluate(
                "(() => { const e = document.activeElement;"
                " return [e.tagName.toLowerCase() + '.' + (e.getAttribute('class') || '') + ' ' +"
                " (e.getAttribute('name') ||"
                " e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20)),"
                " e.closest('article') !== null, __contrast.ring(e)]; })()"
            )
            if what[1]:
                seen.append((what[0], round(what[2], 2)))
        weak = [s for s in seen if s[1] < 3]
        assert not weak, (path, weak)
        kinds = " ".join(s[0] for s in seen)
        if path == "games/1889/":
            for control in ("input.", "select.", "city", "a.tile-card"):
                assert control in kinds, (control, seen)
        else:
            assert "Zoom in" in kinds and "a.ta-hex" in kinds, seen
            assert "ta-where-tile" in kinds, seen


def test_the_map_can_be_skipped(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, _ = page
    pg.goto(site_url + "games/1889/map/")
    pg.locator("article h1").first.click()
    for _ in range(6):
        pg.keyboard.press("Tab")
        if pg.evaluate("document.activeElement.textContent.trim() === 'Skip the map'"):
            break
    else:
        raise AssertionError("no 'Skip the map' link before the map")
    assert pg.evaluate("document.activeElement.getBoundingClientRect().width") > 1  # visible
    pg.keyboard.press("Enter")
    pg.keyboard.press("Tab")
    after = pg.evaluate("document.activeElement.closest('.ta-map') === null")
    text = pg.evaluate("document.activeElement.textContent.trim()")
    assert after and text.startswith("Back to"), text
