"""The playground page in real strict MkDocs builds of a small site: which pages load what, the
files it ships, the "Try it" links, and the options' errors."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playground_site import PLAYGROUND, mkdocs_build, write_site

from plugin import playground
from plugin.playground_package import build_package
from plugin.playground_runtime import CDN_URL, CORE_FILES


def fake_runtime(folder: Path) -> Path:
    """A folder shaped like the npm package's core files (contents are placeholders: these
    tests check what is copied where, the browser tests run the real runtime)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in CORE_FILES:
        (folder / name).write_text(f"placeholder {name}\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pgsite")
    runtime = fake_runtime(root / "runtime")
    config = write_site(root, pyodide=str(runtime), gallery=True)
    done = mkdocs_build(config, root / "site")
    assert done.returncode == 0, done.stderr
    return root / "site"


def try_links(html: str) -> list[str]:
    return [m.replace("&amp;", "&") for m in re.findall(r'class="tile-try" href="([^"]*)"', html)]


def test_only_the_playground_page_loads_the_runtime(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 4
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if page == site / "playground" / "index.html":
            assert '<script src="../assets/tile-atlas/playground/playground.js" defer>' in text
            assert playground.PAGE_MARKER not in text and "Some words after it." in text
        else:
            assert "playground.js" not in text and "pyodide" not in text.lower(), page


def test_the_page_points_at_its_files(site: Path) -> None:
    text = (site / "playground" / "index.html").read_text(encoding="utf-8")
    config = playground.config_json(text)
    package = build_package()
    assert config == {
        "runtime": "../assets/tile-atlas/pyodide/",
        "package": f"../assets/tile-atlas/playground/tile-atlas-py.zip?v={package.digest}",
        "worker": "../assets/tile-atlas/playground/playground-worker.js",
    }
    assert (site / "assets/tile-atlas/playground/tile-atlas-py.zip").read_bytes() == package.data
    for name in CORE_FILES:
        shipped = site / "assets/tile-atlas/pyodide" / name
        assert shipped.read_text(encoding="utf-8") == f"placeholder {name}\n"
    assert "Nothing is downloaded: the runtime is part of the site." in text
    for name in playground.SCRIPTS:
        assert (site / "assets/tile-atlas/playground" / name).is_file()


def test_examples_and_gallery_tiles_link_to_the_playground(site: Path) -> None:
    home = try_links((site / "index.html").read_text(encoding="utf-8"))
    assert len(home) == 1
    url = urlsplit(home[0])
    assert url.path == "playground/"
    assert parse_qs(url.query) == {
        "code": ["city=revenue:20;path=a:0,b:_0;path=a:3,b:_0"],
        "color": ["white"],
        "layout": ["flat"],
        "rotation": ["0"],
    }
    # the hexes page's viewer: a link for the hex it shows (hexview.js swaps in the query of
    # the hex the address names, from the page's data)
    hex_page = (site / "games" / "tiny" / "hexes" / "index.html").read_text(encoding="utf-8")
    (link,) = try_links(hex_page)
    url = urlsplit(link)
    assert url.path == "../../../playground/"
    assert "city%3Drevenue%3A10%3Bpath%3Da%3A0%2Cb%3A_0" in hex_page  # the first hex's query


def test_a_site_without_the_page_has_no_playground(tmp_path: Path) -> None:
    config = write_site(tmp_path, pages={"index.md": "# Home\n\n```tile\npath=a:0,b:3\n```\n"})
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode == 0, done.stderr
    assert "tile-try" not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert not (tmp_path / "site" / "assets" / "tile-atlas" / "playground").exists()


def test_page_without_marker_fails_a_strict_build(tmp_path: Path) -> None:
    pages = {"index.md": "# Home\n", "playground.md": "# Playground\n\nNo marker.\n"}
    done = mkdocs_build(write_site(tmp_path, pages=pages), tmp_path / "site")
    assert done.returncode != 0
    assert "playground.md: no `<!-- tile-atlas:playground -->` marker" in done.stderr


def test_offline_bundle_with_a_cdn_runtime_says_so(tmp_path: Path) -> None:
    pages = {"index.md": "# Home\n", "playground.md": PLAYGROUND}
    done = mkdocs_build(write_site(tmp_path, offline=True, pages=pages), tmp_path / "site")
    assert done.returncode == 0, done.stderr
    assert f"the offline bundle's playground loads Pyodide from {CDN_URL}" in done.stderr
    assert not (tmp_path / "site" / "assets" / "tile-atlas" / "pyodide").exists()


def test_a_bad_runtime_option_names_the_problem(tmp_path: Path) -> None:
    pages = {"index.md": "# Home\n", "playground.md": PLAYGROUND}
    done = mkdocs_build(write_site(tmp_path, pyodide="no-such-folder", pages=pages),
                        tmp_path / "site")  # fmt: skip
    assert done.returncode != 0
    assert "pyodide: 'no-such-folder' is neither an http(s) URL nor a folder" in done.stderr


def test_resolve_runtime(tmp_path: Path) -> None:
    assert playground.resolve_runtime(None, tmp_path) == playground.Runtime(url=CDN_URL)
    assert playground.resolve_runtime("https://example.org/py", tmp_path).url == (
        "https://example.org/py/"
    )
    partial = tmp_path / "partial"
    partial.mkdir()
    (partial / "pyodide.js").write_text("", encoding="utf-8")
    with pytest.raises(playground.PlaygroundError, match=r"lacks pyodide\.asm\.js"):
        playground.resolve_runtime("partial", tmp_path)
    runtime = playground.resolve_runtime("rt", fake_runtime(tmp_path / "rt").parent)
    assert runtime.local and runtime.folder == (tmp_path / "rt").resolve()


def test_cdn_runtime_in_the_markup() -> None:
    markup = playground.page_html(
        page_url="tools/playground.html",
        runtime=playground.Runtime(url=CDN_URL),
        package=build_package(),
    )
    config = playground.config_json(markup)
    assert config["runtime"] == CDN_URL
    assert config["worker"] == "../assets/tile-atlas/playground/playground-worker.js"
    assert "http://127.0.0.1:8000/tools/playground.html" in markup
    assert f"The runtime is then loaded from <code>{CDN_URL}</code>" in markup


def test_relative_links() -> None:
    assert playground.relative("playground/", "./") == "playground/"
    assert playground.relative("playground/", "language/path/") == "../../playground/"
    assert playground.relative("playground.html", "language/path.html") == "../playground.html"


def test_try_links_keep_the_query_escaped() -> None:
    link = (
        '<a class="tile-try" href="../playground/?code=a%22b&amp;name=%3Cx%3E" '
        'title="Open this tile in the playground">Try it</a>'
    )
    figure = '<figure class="tile-figure" data-tile-try="code=a%22b&amp;name=%3Cx%3E"><svg/>'
    out = playground.add_try_links(f"{figure}<figcaption>c</figcaption></figure><p>x</p>",
                                   "../playground/")  # fmt: skip
    assert out == f"{figure}<figcaption>c</figcaption>{link}</figure><p>x</p>"
    row = '<div class="tile-row" data-tile-try="code=a%22b&amp;name=%3Cx%3E">'
    out = playground.add_try_links(f"{row}<figure>f</figure></div>", "../playground/")
    assert out == f"{row}{link}<figure>f</figure></div>"


def test_try_links_go_only_after_tags_that_carry_the_attribute() -> None:
    """Among a drawing's many tags; text that merely mentions the attribute gets none."""
    row = '<div class="tile-row" data-grid="g" data-tile-try="code=x">'
    svg = '<svg><g><path d="M0 0"/><text>data-tile-try="no"</text></g></svg>'
    quoted = '<span title="a>b" data-tile-try="code=y">'
    out = playground.add_try_links(f"{svg}{row}{svg}</div>{quoted}</span>", "p/")
    link = '<a class="tile-try" href="p/?{}" title="Open this tile in the playground">Try it</a>'
    assert out == f"{svg}{row}{link.format('code=x')}{svg}</div>{quoted}</span>"
