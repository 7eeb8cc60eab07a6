"""No URL chooses code to run: every shipped HTML page of a built site, loaded in a real Chromium
with `data:`, `javascript:`, `blob:`, `//host` and markup values in its query and fragment.

Pages: every hand-written page, every shipped asset page, the 404 page, and two of each kind of
generated page (kind = folder shape + the project's CSS classes on the page, or "redirect"), so
each template is loaded without loading thousands of tile pages. A payload that runs would open
a dialog and set `window.__pwned`; a payload that loads anything would request another host.
"""

from __future__ import annotations

import re
import shutil
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from browser_support import PageLog, build_site, serve

from plugin.playground_runtime import CDN_URL

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
RAN = "alert('pwned');top.__pwned=1"
#: Fragments: each is in the URL of a page load on some page, and set on every page afterwards
#: (the theme reacts to `hashchange` too).
FRAGMENTS = [
    f"data:text/javascript,{RAN}",
    f"javascript:{RAN}",
    "blob:http://127.0.0.1:9/0-evil",
    "//evil.example/frag.js",
    f'<img src=x onerror="{RAN}">',
]
#: Two queries, each with every kind of value in a key our scripts or the theme read (r, n,
#: grid: our routes; code, name, color: the playground; q, h: the theme's search and highlight)
#: or that a redirect might.
QUERIES = [
    {"r": f"javascript:{RAN}", "n": f"<img src=x onerror=\"{RAN}\">",
     "q": "//evil.example/q.js", "h": f"data:text/javascript,{RAN}", "grid": "",
     "src": "blob:http://127.0.0.1:9/0-evil", "redirect": "https://evil.example/",
     "code": f"label=<script>{RAN}</script>", "name": f"javascript:{RAN}"},
    {"r": f"data:text/javascript,{RAN}", "n": f"</title><script>{RAN}</script>",
     "q": f"javascript:{RAN}", "h": "blob:http://127.0.0.1:9/0-evil",
     "src": "//evil.example", "url": f"data:text/html,<script>{RAN}</script>",
     "code": f"data:text/javascript,{RAN}", "color": "//evil.example/c.js"},
]  # fmt: skip
PROJECT_CLASS = re.compile(r"^(?:tile|game|board|hex|catalog)[a-z-]*$")


def _kind(html: str) -> str:
    """Which template made a page: redirect, or the project's classes in its article."""
    if 'http-equiv="refresh"' in html:
        return "redirect"
    article = re.search(r"<article.*?</article>", html, re.S)
    classes = re.findall(r'class="([^"]+)"', article.group(0) if article else html)
    tokens = {t for c in classes for t in c.split() if PROJECT_CLASS.match(t) and "--" not in t}
    return " ".join(sorted(tokens))


def _hand_written(rel: str, docs: Path) -> bool:
    stem = rel.removesuffix("index.html").removesuffix(".html").strip("/") or "index"
    return (docs / f"{stem}.md").is_file() or (docs / stem / "index.md").is_file()


def shipped_pages(site: Path, docs: Path) -> list[str]:
    """Every page a reader can open, with generated pages sampled two per kind."""
    chosen: list[str] = []
    kinds: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith("assets/") or rel == "404.html" or _hand_written(rel, docs):
            chosen.append(rel)
            continue
        parts = rel.split("/")
        shape = "/".join([parts[0], *["*"] * (len(parts) - 2), parts[-1]])
        kinds[(shape, _kind(path.read_text(encoding="utf-8")))].append(rel)
    for members in kinds.values():
        chosen.extend(dict.fromkeys([members[0], members[-1]]))
    return chosen


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's site with one 18xx game and one board game (catalog pages on)."""
    root = tmp_path_factory.mktemp("injection-site")
    shutil.copytree(ROOT / "docs", root / "docs")
    (root / "games").mkdir()
    shutil.copy(ROOT / "games" / "18_chesapeake.yaml", root / "games")
    shutil.copytree(ROOT / "games" / "madrid", root / "games" / "madrid")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    return build_site(root / "mkdocs.yml", root / "site")


@pytest.fixture(scope="module")
def base_url(built: Path) -> Iterator[str]:
    with serve(built) as url:
        yield url


#: Set the fragment in place, then let `hashchange` handlers and a frame run.
SET_HASH = """h => new Promise(done => {
  location.hash = h;
  requestAnimationFrame(() => setTimeout(done, 0));
})"""


def _url(base: str, rel: str, query: dict[str, str], fragment: str) -> str:
    path = rel.removesuffix("index.html")
    pairs = "&".join(f"{k}={quote(v, safe='')}" if v else k for k, v in query.items())
    return f"{base}{path}?{pairs}#{fragment}"


def _visit(pg: Any, url: str, redirect: bool) -> None:
    pg.goto(url, wait_until="load")
    if redirect:  # the page forwards to a fixed address: check the page we end up on
        path = urlsplit(url).path
        pg.wait_for_url(lambda now: urlsplit(now).path != path, wait_until="load")


def test_the_shipped_pages_cover_every_template(built: Path) -> None:
    pages = shipped_pages(built, built.parent / "docs")
    for expected in ("assets/tile-atlas/worker-frame.html", "404.html", "index.html",
                     "tiles/all/index.html", "tiles/57/index.html",
                     "games/index.html", "games/18_chesapeake/index.html",
                     "games/madrid/index.html", "language/cities/index.html"):  # fmt: skip
        kind = [p for p in pages if p.count("/") == expected.count("/")]
        assert expected in pages or len(kind) >= 2, expected
    assert len(pages) < 80  # sampled: the site has thousands of generated pages
    assert len(list(built.rglob("*.html"))) > 500


def test_no_query_or_fragment_runs_script_on_any_page(
    page: tuple[Any, PageLog], built: Path, base_url: str
) -> None:
    pg, log = page
    pages = shipped_pages(built, built.parent / "docs")
    checked: set[str] = set()
    for index, rel in enumerate(pages):
        redirect = _kind((built / rel).read_text(encoding="utf-8")) == "redirect"
        loads = [(QUERIES[0], FRAGMENTS[0]), (QUERIES[1], FRAGMENTS[1 + index % 4])]
        for query, fragment in loads:
            url = _url(base_url, rel, query, fragment)
            _visit(pg, url, redirect)
            for later in [fragment, *(f for f in FRAGMENTS if f != fragment)]:
                if later != fragment:
                    pg.evaluate(SET_HASH, later)
                where = f"{rel} loaded as {url[len(base_url) :]}, fragment now {later}"
                assert pg.url.startswith(base_url), where  # never sent to another address
                assert pg.evaluate("window.__pwned === undefined"), where
                assert not log.dialogs, (where, log.dialogs)
                assert not log.page_errors, (where, log.page_errors)
                assert not log.console_errors, (where, log.console_errors)
                # The one host a page may reach is the playground's configured runtime (the
                # site's choice, never the URL's); nothing else leaves the local server.
                leaving = [u for u in log.external_requests if not u.startswith(CDN_URL)]
                assert not leaving, (where, leaving)
        checked.add(rel)
    assert checked == set(pages)


def test_hostile_rotation_values_fall_back_to_rotation_0(
    page: tuple[Any, PageLog], base_url: str
) -> None:
    """The route script reads `?r=` and really ignores what is not a rotation (so the test above
    loads pages whose scripts did read the payloads)."""
    pg, log = page
    for query, fragment in zip(QUERIES, FRAGMENTS, strict=False):
        pg.goto(_url(base_url, "tiles/57/index.html", query, fragment))
        shown = pg.locator(".tile-variant:visible")
        assert {shown.nth(i).get_attribute("data-rotation") for i in range(shown.count())} == {"0"}
    assert not log.dialogs and not log.page_errors
