"""The file:// worker frame in a real Chromium: a URL fragment never chooses code to run (over
http and from file://, loaded directly or framed), while offline search still works."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browser_support import PageLog, build_site, serve

pytestmark = pytest.mark.browser
FRAME = "assets/tile-atlas/worker-frame.html"
#: Each payload reports that it ran: a dialog, and a global on the top page when it can reach it.
RAN = "alert('pwned');top.__pwned=1"
FRAGMENTS = [
    f"data:text/javascript,{RAN}",
    f"javascript:{RAN}",
    "blob:http://127.0.0.1:9/4f2c-evil",
    "//evil.example/worker.js",
    "https://evil.example/worker.js",
    "../javascripts/bundle.js",  # a script of the site, but not a worker
]


@pytest.fixture(scope="module")
def tiny_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("frame-site")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n\nHexagons and tracks.\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text(
        "site_name: Frame\nuse_directory_urls: false\ntheme: {name: material, font: false}\n"
        "plugins: [search, offline, {tiles: {gallery: false}}]\n",
        encoding="utf-8",
    )
    return build_site(root / "mkdocs.yml", root / "site")


@pytest.fixture(scope="module")
def tiny_url(tiny_site: Path) -> Iterator[str]:
    with serve(tiny_site) as url:
        yield url


def _assert_nothing_ran(pg: Any, log: PageLog) -> None:
    assert not log.dialogs, log.dialogs
    assert pg.evaluate("window.__pwned === undefined")
    assert not log.external_requests, log.external_requests


@pytest.mark.parametrize("fragment", FRAGMENTS)
def test_over_http_the_fragment_runs_nothing(
    page: tuple[Any, PageLog], tiny_url: str, fragment: str
) -> None:
    pg, log = page
    pg.goto(f"{tiny_url}{FRAME}#{fragment}")
    _assert_nothing_ran(pg, log)
    pg.goto(f"{tiny_url}{FRAME}#{quote(fragment, safe='')}")
    _assert_nothing_ran(pg, log)
    pg.goto(tiny_url + "index.html")
    pg.evaluate(
        "src => new Promise(done => { const f = document.createElement('iframe');"
        " f.onload = done; f.src = src; document.body.append(f); })",
        f"{FRAME}#{fragment}",
    )
    _assert_nothing_ran(pg, log)
    assert not log.page_errors, log.page_errors


def test_from_file_the_frame_refuses_every_script_it_does_not_list(
    page: tuple[Any, PageLog], tiny_site: Path
) -> None:
    pg, log = page
    base = tiny_site.as_uri() + "/"
    for fragment in FRAGMENTS:
        pg.goto(f"{base}{FRAME}#{fragment}")  # opened directly: no page to serve, does nothing
        _assert_nothing_ran(pg, log)
    pg.goto(base + "index.html")
    for fragment in FRAGMENTS + [base + "assets/javascripts/bundle.js"]:
        answer = pg.evaluate(
            """src => new Promise(done => {
                 const f = document.createElement('iframe');
                 addEventListener('message', e => {
                   if (e.source === f.contentWindow) done(e.data && e.data.tileAtlasWorker);
                 });
                 f.src = src; document.body.append(f);
               })""",
            f"{FRAME}#{quote(fragment, safe='')}",
        )
        assert answer == "error", fragment  # the frame says no instead of loading it
        _assert_nothing_ran(pg, log)


def test_from_file_offline_search_still_runs_the_shipped_worker(
    page: tuple[Any, PageLog], tiny_site: Path
) -> None:
    pg, log = page
    pg.goto(tiny_site.as_uri() + "/index.html")
    field = pg.locator(".md-search__input").first
    field.click()
    pg.wait_for_function(
        "!/Initializing/.test(document.querySelector('.md-search-result__meta').textContent)",
        timeout=15_000,
    )
    field.type("Hexagons", delay=20)
    pg.locator(".md-search-result__item").first.wait_for(timeout=10_000)
    assert "Hexagons" in pg.locator(".md-search-result").inner_text()
    _assert_nothing_ran(pg, log)
    assert not log.page_errors and not log.console_errors, (log.page_errors, log.console_errors)
