"""Real-Chromium fixtures: the built site served on 127.0.0.1, and a page that records console
errors and any request that would leave the machine.

Debian's chromium is driven through Playwright's Python client with `executable_path`; no
browser is downloaded. Tests skip with a reason when chromium or playwright is missing.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("TILE_ATLAS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _playwright() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright (Python) is not installed")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"chromium not found at {CHROMIUM} (apt-get install chromium)")
    return sync_playwright


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    sync_playwright = _playwright()
    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@dataclass
class PageLog:
    """What a page did that a test may assert on."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    external_requests: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)


def _is_local(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("file", "data", "blob", "about"):
        return True
    return parsed.hostname in ("127.0.0.1", "localhost", "::1")


@pytest.fixture
def page(browser: Any) -> Iterator[tuple[Any, PageLog]]:
    """A fresh page; requests leaving the machine are recorded and aborted."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    log = PageLog()
    pg.on("console", lambda m: log.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: log.page_errors.append(str(e)))

    def on_dialog(dialog: Any) -> None:
        log.dialogs.append(dialog.message)
        dialog.dismiss()

    pg.on("dialog", on_dialog)

    def route(r: Any) -> None:
        if _is_local(r.request.url):
            r.continue_()
        else:
            log.external_requests.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    yield pg, log
    context.close()


def build_site(config: Path, out: Path, *extra: str) -> Path:
    """`mkdocs build --strict` of a config into `out` (a subprocess: the real command)."""
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d",
         str(out), *extra],
        check=True,
        cwd=config.parent,
        capture_output=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )  # fmt: skip
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """An unknown path gets the site's own 404.html with status 404, as static hosts
        (GitHub Pages, Netlify, Cloudflare Pages) and `mkdocs serve` answer."""
        page = Path(str(self.directory)) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class _CorsHandler(_QuietHandler):
    """Also sends `Access-Control-Allow-Origin: *`, as a CDN does (the playground's runtime)."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


class _QuietServer(http.server.ThreadingHTTPServer):
    """Drops a browser's aborted downloads silently.

    Chromium closes connections it no longer needs (a test that finished, a cancelled
    prefetch); the stock server prints the BrokenPipeError traceback to `sys.stderr` from
    its request thread, which lands in whatever test captures stderr next.
    """

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(directory: Path, *, cors: bool = False) -> Iterator[str]:
    """Serve `directory` on 127.0.0.1 (a free port); yields the base URL."""
    handler_class = _CorsHandler if cors else _QuietHandler
    handler = functools.partial(handler_class, directory=str(directory))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
