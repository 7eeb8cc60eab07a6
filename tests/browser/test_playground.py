"""The playground in real Chromium with the real Pyodide runtime (npm's `pyodide` package,
fetched once into ~/.cache/tile-atlas and reused), on a small site:

* online: the runtime comes from another origin (a stand-in for the CDN, with CORS headers as
  jsDelivr sends them) through the plugin's `pyodide: <URL>` option;
* the offline bundle: built with mkdocs-material's offline plugin and a local runtime, zipped,
  unzipped and served on 127.0.0.1, with every request leaving the machine aborted; opened as a
  file it explains how to serve it.

Every drawing is compared with the server-side `tile_lang.render_svg` output, text for text.
"""

from __future__ import annotations

import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from browser_support import serve
from playground_site import mkdocs_build, write_site

from gallery.bundle import zip_site
from plugin.playground_runtime import ensure_runtime
from tile_lang import render_svg

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 240_000
ROOT_SEL = '[data-tpg="root"]'
#: A tile string written nowhere in the site: the drawing of it can only come from the browser.
FRESH = "town=revenue:37;path=a:1,b:_0;path=a:_0,b:4;label=Q7"
BAD = "city=revenue:20;path=a:0,b:_0;citty=revenue:10"
LINKED = {
    "code": "city=revenue:40;path=a:0,b:_0;path=a:2,b:_0;upgrade=cost:40",
    "color": "green",
    "layout": "pointy",
    "rotation": "2",
    "name": "T<b>o & co",
    "grid": "1",
    "scale": "1.5",
}


def server_svg(code: str) -> str:
    return render_svg(code, color="green", layout="pointy", rotation=2, name="T<b>o & co",
                      grid=True, scale=1.5)  # fmt: skip


@pytest.fixture(scope="module")
def runtime() -> Path:
    try:
        return ensure_runtime()
    except RuntimeError as exc:
        if "npm is needed" in str(exc):
            pytest.skip(str(exc))
        raise


def shown_svg(pg: Any) -> str:
    """The SVG text behind the large drawing (an <img> of a blob: URL)."""
    return str(
        pg.evaluate(
            """async () => {
              const img = document.querySelector('[data-tpg="main-img"]');
              return img && img.src ? await (await fetch(img.src)).text() : "";
            }"""
        )
    )


def wait_for_svg(pg: Any, expected: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while shown_svg(pg) != expected:
        if time.monotonic() > deadline:
            raise AssertionError(f"the drawing did not become the expected SVG:\n{shown_svg(pg)}")
        pg.wait_for_timeout(100)


def open_playground(pg: Any, url: str) -> None:
    pg.goto(url)
    pg.wait_for_selector(f"{ROOT_SEL}[data-draws]", timeout=LOAD_TIMEOUT_MS, state="attached")


def cli_check(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "from gallery.cli import main; main()", "check", "-"],
        input=code + "\n", capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 1 and done.stdout.startswith("<stdin>:1:"), done.stderr
    return done.stdout.rstrip("\n").replace("<stdin>:", "<tile>:")


def test_playground_draws_with_pyodide(
    page: tuple[Any, Any], runtime: Path, tmp_path: Path
) -> None:
    pg, log = page
    with serve(runtime, cors=True) as runtime_url:
        config = write_site(tmp_path, pyodide=runtime_url)
        done = mkdocs_build(config, tmp_path / "site")
        assert done.returncode == 0, done.stderr
        site = tmp_path / "site"
        for path in site.rglob("*"):
            if path.is_file():
                assert FRESH.encode() not in path.read_bytes(), path
        with serve(site) as base:
            # A shared link reproduces the drawing exactly (same SVG text as the server's).
            open_playground(pg, f"{base}playground/?{urlencode(LINKED, quote_via=quote)}")
            root = pg.locator(ROOT_SEL)
            assert root.get_attribute("data-engine").startswith("pyodide ")
            assert shown_svg(pg) == server_svg(LINKED["code"])
            assert "T&lt;b&gt;o &amp; co" in shown_svg(pg)
            assert pg.locator('[data-tpg="rotations"] img').count() == 6

            # Typing redraws (debounced, key by key) with the string nobody drew before.
            code = pg.locator('[data-tpg="code"]')
            code.fill("")
            code.press_sequentially(FRESH, delay=5)
            wait_for_svg(pg, server_svg(FRESH))
            assert ">37<" in shown_svg(pg)
            assert f"code={quote(FRESH, safe='')}" in pg.url
            assert pg.locator('[data-tpg="canonical"]').inner_text() == FRESH
            assert root.get_attribute("data-engine").startswith("pyodide ")

            # An error shows check's own text with the caret; the last drawing stays, dimmed.
            code.fill(BAD)
            pg.wait_for_selector(".tpg-diag--error", timeout=30_000)
            assert pg.locator('[data-tpg="diagnostics"] pre').inner_text() == cli_check(BAD)
            assert "tpg-main--stale" in (pg.locator('[data-tpg="main"]').get_attribute("class"))
            assert shown_svg(pg) == server_svg(FRESH)
    assert log.external_requests == []
    assert log.page_errors == []


def test_offline_bundle_playground_runs_without_network(
    page: tuple[Any, Any], runtime: Path, tmp_path: Path
) -> None:
    pg, log = page
    config = write_site(tmp_path, pyodide=str(runtime), offline=True)
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode == 0, done.stderr
    archive = tmp_path / "bundle.zip"
    zip_site(tmp_path / "site", archive)
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(tmp_path / "unzipped")
    folder = tmp_path / "unzipped" / "tile-atlas-site"

    # Opened as a file, the page says how to open it instead of failing silently.
    pg.goto((folder / "playground.html").as_uri())
    pg.wait_for_selector(f'{ROOT_SEL}[data-state="file"]')
    notice = pg.locator('[data-tpg="file-notice"]')
    assert notice.is_visible()
    assert "python -m http.server --bind 127.0.0.1 8000" in notice.inner_text()
    assert not pg.locator('[data-tpg="code"]').is_visible()

    with serve(folder) as base:
        open_playground(pg, f"{base}playground.html?{urlencode(LINKED, quote_via=quote)}")
        assert pg.locator(ROOT_SEL).get_attribute("data-engine").startswith("pyodide ")
        assert shown_svg(pg) == server_svg(LINKED["code"])
        pg.locator('[data-tpg="code"]').fill(FRESH)
        wait_for_svg(pg, server_svg(FRESH))
    assert log.external_requests == []
    assert log.page_errors == []


#: A worker that starts but never answers a drawing: what a pathological string would do.
HUNG_WORKER = """
self.onmessage = function (event) {
  if (event.data.type === "init") {
    self.postMessage({ type: "ready", engine: "stub", ms: 1, stages: {} });
  }
};
"""


def test_a_drawing_that_never_ends_is_stopped(page: tuple[Any, Any], tmp_path: Path) -> None:
    """The page's time limit: the worker is terminated, a fresh one started, the reader told,
    and the tab stays responsive (no Pyodide needed: the worker script is replaced)."""
    pg, log = page
    config = write_site(tmp_path, pyodide="https://cdn.invalid/pyodide/")
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode == 0, done.stderr
    started: list[str] = []

    def hung(route: Any) -> None:
        started.append(route.request.url)
        route.fulfill(status=200, content_type="text/javascript", body=HUNG_WORKER)

    pg.route("**/playground-worker.js", hung)
    with serve(tmp_path / "site") as base:
        pg.goto(base + "playground/?code=path%3Da%3A0%2Cb%3A3")
        pg.wait_for_selector(f'{ROOT_SEL}[data-timeouts="1"]', timeout=30_000, state="attached")
        pg.wait_for_function("() => document.querySelector('[data-tpg=\"status-text\"]')"
                             ".textContent.includes('ready again')")  # fmt: skip
        status = pg.locator('[data-tpg="status-text"]').inner_text()
        assert status.startswith("Stopped: drawing this tile took longer than 5 s")
        assert pg.evaluate("1 + 1") == 2  # the page still answers
        pg.wait_for_timeout(6_000)  # the string that timed out is not sent again by itself
        assert pg.locator(ROOT_SEL).get_attribute("data-timeouts") == "1"
        assert len(started) == 2  # the hung worker, then its replacement
        pg.locator('[data-tpg="code"]').fill("path=a:1,b:4")  # an edit draws again
        pg.wait_for_selector(f'{ROOT_SEL}[data-timeouts="2"]', timeout=30_000, state="attached")
    assert len(started) == 3
    assert log.page_errors == []
