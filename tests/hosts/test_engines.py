"""The reference built by MkDocs' successors: ProperDocs (a MkDocs 1.x fork that loads MkDocs
plugins) with our plugin, and Zensical (no MkDocs plugins) after `tile-atlas prepare`
(tests/hosts/test_prepare.py). These are the set-ups docs/usage/engines.md documents."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

pytestmark = pytest.mark.slow


def engine_env(home: Path) -> dict[str, str]:
    return {
        "PATH": f"{BIN}:/usr/bin:/bin",
        "HOME": str(home),
        "NO_MKDOCS_2_WARNING": "1",
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
    }


def tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.fail(f"{name} is not installed beside {sys.executable} (pip install -e '.[test]')")
    return str(path)


def copy_project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copytree(ROOT / "games", project / "games")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    return project


def tile_figures(page: Path) -> int:
    return len(re.findall(r'<figure class="tile-figure', page.read_text(encoding="utf-8")))


def test_properdocs_builds_the_site_with_the_plugin(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    result = subprocess.run(
        [tool("properdocs"), "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=project, env=engine_env(tmp_path), capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    site = tmp_path / "site"
    assert 'content="mkdocs-ProperDocs' in (site / "index.html").read_text(encoding="utf-8")
    assert tile_figures(site / "language" / "path" / "index.html") >= 10
    # the plugin ran: gallery pages, the catalog and the assets exist
    assert (site / "games" / "1889" / "index.html").is_file()
    assert (site / "tiles" / "57" / "index.html").is_file()
    assert (site / "assets" / "tile-atlas" / "tiles.css").is_file()


def _run(args: list[str], cwd: Path, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=cwd, env=engine_env(home), capture_output=True, text=True, check=False
    )


def _nav_links(page: Path) -> set[str]:
    """The targets of the navigation's links in a built page (the primary sidebar)."""
    text = page.read_text(encoding="utf-8")
    nav = text[text.index('<nav class="md-nav md-nav--primary') :]
    nav = nav[: nav.index('<div class="md-sidebar md-sidebar--secondary"')]
    links = re.findall(r'<a href="([^"]+)"[^>]*class="md-nav__link', nav)
    return {link.removeprefix("./") for link in links}


def test_zensical_builds_the_reference_after_prepare(tmp_path: Path) -> None:
    """`tile-atlas prepare` then `zensical build`: every gallery page in the navigation, the
    site's own styles and ours, the playground's files, the fence's "Try it" links."""
    project = copy_project(tmp_path)
    prepared = _run([tool("tile-atlas"), "prepare"], project, tmp_path)
    assert prepared.returncode == 0, prepared.stderr[-3000:]
    built = _run([tool("zensical"), "build", "--strict"], project, tmp_path)
    assert built.returncode == 0, (built.stdout + built.stderr)[-3000:]
    site = project / "site"
    home = (site / "index.html").read_text(encoding="utf-8")
    tabs = re.findall(r'class="md-tabs__link">\s*([^<]+?)\s*<', home)
    assert tabs[-2:] == ["Games", "Tiles"], tabs
    # every game is in the Games section, and its pages in the navigation of its overview
    games = sorted(p.parent.name for p in (site / "games").glob("*/index.html"))
    assert {"1889", "18_chesapeake", "18_mex"} <= set(games) and len(games) >= 5
    listed = _nav_links(site / "games" / "index.html")
    for game in games:
        assert f"{game}/" in listed, (game, sorted(listed))
        links = _nav_links(site / "games" / game / "index.html")
        subs = [s for s in ("map/", "upgrades/", "print/", "hexes/")
                if (site / "games" / game / s / "index.html").is_file()]  # fmt: skip
        assert all(s in links for s in subs), (game, subs, sorted(links))
        assert len(subs) == 4 or game == "madrid"  # a board game has its overview only
    tiles = _nav_links(site / "tiles" / "all" / "index.html")
    assert "../conflicts/" in tiles, sorted(tiles)
    # one extra_css key: the site's palette and the gallery's styles both reach the page
    for css in (
        "stylesheets/palette.css",
        "assets/tile-atlas/tiles.css",
        "assets/tile-atlas/a11y.css",
    ):
        assert f'href="./{css}"' in home, css
    for asset in ("playground/playground.js", "playground/tile-atlas-py.zip", "hexview.js"):
        assert (site / "assets" / "tile-atlas" / asset).is_file(), asset
    playground = (site / "playground" / "index.html").read_text(encoding="utf-8")
    assert 'data-tpg="config"' in playground and "tile-atlas:playground" not in playground
    path_page = site / "language" / "path" / "index.html"
    assert tile_figures(path_page) >= 10
    assert 'class="tile-try" href="../../playground/?' in path_page.read_text("utf-8")
    # the gallery's bulky HTML reached its page, not the marks that name it
    game_map = (site / "games" / "1889" / "map" / "index.html").read_text(encoding="utf-8")
    assert "<svg" in game_map and "tile-atlas-block" not in game_map
    errors = (site / "language" / "errors" / "index.html").read_text(encoding="utf-8")
    assert "tile-error" in errors


SMALL_SITE = """\
site_name: Small
theme:
  name: material
nav:
  - Home: index.md
plugins:
  - search
  - tiles:
      games_dirs: [games]
      catalog_pages: false
      layout: !ENV [SMALL_LAYOUT, flat]
"""


def _small_site(tmp_path: Path, page: str = "# Home\n") -> Path:
    project = tmp_path / "small"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "index.md").write_text(page, "utf-8")
    (project / "mkdocs.yml").write_text(SMALL_SITE, "utf-8")
    (project / "games").mkdir()
    shutil.copy(ROOT / "games" / "1889.yaml", project / "games" / "1889.yaml")
    return project


def test_a_strict_prepare_makes_a_bad_fence_fail_the_build_with_page_and_line(
    tmp_path: Path,
) -> None:
    page = "---\ntitle: Home\n---\n\n# Home\n\n```tile\ncity=revenue:x\n```\n"
    project = _small_site(tmp_path, page)
    prepared = _run([tool("tile-atlas"), "prepare", "--strict"], project, tmp_path)
    assert prepared.returncode == 0, prepared.stderr[-3000:]
    built = _run([tool("zensical"), "build"], project, tmp_path)
    output = built.stdout + built.stderr
    assert built.returncode != 0, output[-3000:]
    assert "index.md:7: tile fence:" in output  # the fence's line in the file, output[-3000:]
    # without --strict the page shows the error box and the build passes
    again = _run([tool("tile-atlas"), "prepare"], project, tmp_path)
    assert again.returncode == 0, again.stderr[-3000:]
    assert _run([tool("zensical"), "build"], project, tmp_path).returncode == 0


def _files(folder: Path) -> dict[str, int]:
    return {str(p): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def test_prepare_writes_nothing_when_nothing_changed_and_never_over_others_files(
    tmp_path: Path,
) -> None:
    project = _small_site(tmp_path)
    first = _run([tool("tile-atlas"), "prepare"], project, tmp_path)
    assert first.returncode == 0, first.stderr[-3000:]
    before = _files(project)
    second = _run([tool("tile-atlas"), "prepare"], project, tmp_path)
    assert second.returncode == 0 and " 0 files written" in second.stderr, second.stderr
    assert _files(project) == before
    # an option read through !ENV changes the configuration (and the fence's default)
    env_changed = subprocess.run(
        [tool("tile-atlas"), "prepare"], cwd=project, capture_output=True, text=True,
        env={**engine_env(tmp_path), "SMALL_LAYOUT": "pointy"}, check=False,
    )  # fmt: skip
    assert env_changed.returncode == 0, env_changed.stderr
    assert 'layout = "pointy"' in (project / "zensical.toml").read_text("utf-8")
    # a page the user edited is theirs: refused without --force, nothing written
    page = project / "docs" / "games" / "1889" / "index.md"
    page.write_text("mine\n", "utf-8")
    (project / "games" / "1889.yaml").write_text(
        (ROOT / "games" / "1889.yaml").read_text("utf-8").replace("Shikoku 1889", "Shikoku"),
        "utf-8",
    )
    refused = _run([tool("tile-atlas"), "prepare"], project, tmp_path)
    assert refused.returncode == 1 and "edited since" in refused.stderr, refused.stderr
    assert page.read_text("utf-8") == "mine\n"
    forced = _run([tool("tile-atlas"), "prepare", "--force"], project, tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert "index.md: warning: overwritten (--force): edited since" in forced.stdout
    assert "Shikoku" in page.read_text("utf-8")


def test_prepare_watch_updates_a_game_page(tmp_path: Path) -> None:
    project = _small_site(tmp_path)
    assert _run([tool("tile-atlas"), "prepare"], project, tmp_path).returncode == 0
    page = project / "docs" / "games" / "1889" / "index.md"
    log = (tmp_path / "watch.log").open("w")
    watcher = subprocess.Popen(
        [tool("tile-atlas"), "prepare", "--watch"], cwd=project, env=engine_env(tmp_path),
        stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while "watching" not in (tmp_path / "watch.log").read_text("utf-8"):
            assert time.monotonic() < deadline and watcher.poll() is None
            time.sleep(0.1)
        game = project / "games" / "1889.yaml"
        game.write_text(game.read_text("utf-8").replace("Shikoku 1889", "Shikoku Edited"), "utf-8")
        deadline = time.monotonic() + 30
        config = project / "zensical.toml"  # the nav's title too, written after the pages
        while not all("Shikoku Edited" in f.read_text("utf-8") for f in (page, config)):
            assert time.monotonic() < deadline, (tmp_path / "watch.log").read_text("utf-8")
            time.sleep(0.1)
    finally:
        watcher.terminate()
        watcher.wait(10)
        log.close()


def test_an_offline_bundle_is_prepared_with_our_worker_shim(tmp_path: Path) -> None:
    """With the offline plugin on, Zensical's pages are `page.html` files and it would load a
    Worker shim from the network: the gallery links `.html` pages, draws tiles as scripts,
    and our shim is listed (Chromium checks of search from file:// are in the closing notes
    of docs/usage/engines.md)."""
    project = _small_site(tmp_path)
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8").replace("  - search\n", "  - search\n  - offline\n"), "utf-8"
    )
    assert _run([tool("tile-atlas"), "prepare"], project, tmp_path).returncode == 0
    built = _run([tool("zensical"), "build"], project, tmp_path)
    assert built.returncode == 0, (built.stdout + built.stderr)[-3000:]
    site = project / "site"
    home = (site / "index.html").read_text("utf-8")
    assert "assets/tile-atlas/iframe-worker-shim.js" in home and "unpkg.com" not in home
    assert (site / "assets" / "tile-atlas" / "worker-frame.html").is_file()
    assert (site / "search.js").is_file()
    game = (site / "games" / "1889" / "index.html").read_text("utf-8")
    assert 'href="./map/index.html"' in game
    assert list((site / "assets" / "tiles").glob("*.svg.js"))
