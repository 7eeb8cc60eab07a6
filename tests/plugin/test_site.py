"""Real MkDocs builds of small sites in tmp_path (strict), asserting on the produced HTML."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CONFIG = """\
site_name: Test site
theme:
  name: material
  font: false
plugins:
  - search
  - tiles:
      gallery: {gallery}
      catalog_pages: {catalog}
      games_dirs: [{games}]
markdown_extensions:
  - admonition
  - pymdownx.superfences
  - pymdownx.tabbed:
      alternate_style: true
"""


def build(tmp_path: Path, pages: dict[str, str], *, gallery: bool = False, catalog: bool = False,
          games: str = "") -> subprocess.CompletedProcess[str]:  # fmt: skip
    (tmp_path / "mkdocs.yml").write_text(
        CONFIG.format(gallery=str(gallery).lower(), catalog=str(catalog).lower(), games=games),
        encoding="utf-8",
    )
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    for name, text in pages.items():
        (docs / name).write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={
            "NO_MKDOCS_2_WARNING": "1",
            "PATH": "/usr/bin:/bin",
            "HOME": str(tmp_path),
            "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
        },
        check=False,
    )


def numeric_refs(page: str) -> str:
    """`page` with numeric character references read (set-aside gallery HTML writes every
    character beyond ASCII as one); `&lt;` and the other named ones stay as they are."""
    return re.sub(r"&#(\d+);", lambda m: chr(int(m.group(1))), page)


def html(tmp_path: Path, page: str = "index.html") -> str:
    return (tmp_path / "site" / page).read_text(encoding="utf-8")


def test_fences_render_in_a_strict_build(tmp_path: Path) -> None:
    result = build(
        tmp_path,
        {
            "index.md": "# Tiles\n\n```tile\n57\n```\n\n"
            '!!! note\n\n    ```tile layout="pointy"\n    9\n    ```\n\n'
            '=== "A"\n\n    ```tile\n    8\n    ```\n\n=== "B"\n\n    ```tile\n    7\n    ```\n\n'
            '```tile rotation="all"\npath=a:0,b:2\n```\n'
        },
    )
    assert result.returncode == 0, result.stderr
    page = html(tmp_path)
    assert page.count("<svg") >= 10
    assert re.search(r'class="admonition note">.*?<svg', page, re.S)
    assert re.search(r'class="tabbed-set.*?<svg', page, re.S)
    assert len(re.findall(r'<figure class="tile-figure" data-rotation="\d"', page)) == 10
    assert (tmp_path / "site" / "assets" / "tile-atlas" / "tiles.css").is_file()
    assert "assets/tile-atlas/tiles.css" in page


def test_bad_block_fails_strict_and_names_page_and_line(tmp_path: Path) -> None:
    result = build(tmp_path, {"index.md": "# Bad\n\nText.\n\n```tile\ncity=revenue:x\n```\n"})
    assert result.returncode != 0
    assert "index.md:6:" in result.stderr
    assert "revenue must be a whole number" in result.stderr


def test_bad_block_without_strict_shows_error_box(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    build(tmp_path, {"index.md": "```tile\ncitty=revenue:1\n```\n"})
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=tmp_path, check=True,
                   capture_output=True)  # fmt: skip
    page = html(tmp_path)
    assert 'class="tile-error"' in page and "did you mean `city`?" in page


def test_gallery_from_a_games_folder(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(ROOT / "games" / "1889.yaml", games / "1889.yaml")
    shutil.copytree(ROOT / "games" / "madrid", games / "madrid")
    (games / "mini.yaml").write_text(
        'id: mini\ntitle: "Mini <script>alert(1)</script>"\nlayout: pointy\n'
        'tiles:\n  "57": 2\n  "X1": {count: unlimited, color: green, code: "path=a:0,b:3"}\n'
        'location_names: {B2: "<b>Town</b>"}\n'
        'hexes:\n  white:\n    "city=revenue:0": [B2]\n    "": [A1, C1]\n',
        encoding="utf-8",
    )
    result = build(tmp_path, {"index.md": "# Home\n"}, gallery=True, games="games")
    assert result.returncode == 0, result.stderr
    index = html(tmp_path, "games/index.html")
    assert "Shikoku 1889" in index and "Mini &lt;script&gt;" in index
    assert "<script>alert(1)</script>" not in index
    game = html(tmp_path, "games/mini/index.html")
    shown = numeric_refs(game)
    assert "∞" in shown and "×2" in shown
    assert "mini-map.svg" in game  # the overview shows the map small, linking to its page
    assert 'class="game-map-svg"' in html(tmp_path, "games/mini/map/index.html")
    merged = numeric_refs(html(tmp_path, "games/mini/hexes/index.html"))
    assert "B2 · &lt;b&gt;Town&lt;/b&gt;" in merged  # the place name, as text
    assert "A1, C1" in merged  # identical blank hexes merged
    # every hex has its address on its game's one hexes page (no page per hex)
    assert 'href="../../../games/1889/hexes/?hex=F3"' in html(tmp_path, "games/1889/map/index.html")
    assert not (tmp_path / "site" / "games" / "1889" / "F3").exists()
    assert "Madrid" in index and "board game" in index  # board games beside the 18xx games
    board = html(tmp_path, "games/madrid/index.html")
    assert "Gran Vía" in board and "<svg" in board


@pytest.mark.slow
def test_repository_site_builds_strictly(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={
            "NO_MKDOCS_2_WARNING": "1",
            "PATH": "/usr/bin:/bin",
            "HOME": str(tmp_path),
            "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
        },
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "tiles" / "all" / "index.html").is_file()
    # 18xx.games' tiles/9-1 form: no folder per rotation, the 404 page routes it (its list
    # of tile names; tests/browser/test_site_browser.py follows one in Chromium)
    assert not (tmp_path / "site" / "tiles" / "9-1").exists()
    not_found = (tmp_path / "site" / "404.html").read_text(encoding="utf-8")
    routes = re.search(r'<script type="application/json" id="tile-atlas-routes">(.*?)</script>',
                       not_found)  # fmt: skip
    assert routes is not None and "9" in json.loads(routes.group(1))
    assert broken_links(tmp_path / "site") == []


_LINK = re.compile(r'\s(?:href|src)="([^"#?]*)[^"]*"')


def broken_links(site: Path) -> list[str]:
    """Internal links (href/src of every built page) whose target is not in the site, as
    `page -> link`. Queries and fragments are left aside: the file must exist."""
    broken = []
    root = site.resolve()
    for page in sorted(site.rglob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        # what scripts and templates hold is not a link of the page
        text = re.sub(r"<script\b.*?</script>|<template\b.*?</template>", "", text, flags=re.S)
        for link in set(_LINK.findall(text)):
            if not link or re.match(r"[a-z][a-z0-9+.-]*:|//", link, re.I):
                continue  # same page, or external (mailto:, https:, data:)
            base = root if link.startswith("/") else page.parent  # 404.html links from the root
            target = (base / link.lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            if root not in target.parents or not target.exists():
                broken.append(f"{page.relative_to(site)} -> {link}")
    return broken


def test_hostile_game_text_reaches_the_built_site_as_text(tmp_path: Path) -> None:
    """#15.3/#15.4 through a real strict build: a Markdown link in a title, designer and
    location name is text, a title's line break adds no front-matter key (`template:` would
    abort the build), and `1849: Kingdom …` keeps its page title."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "evil.yaml").write_text(
        'id: evil\ntitle: "[t](javascript:alert(1))\\ntemplate: ../../../etc/passwd"\n'
        'designer: "[d](javascript:alert(2))"\n'
        'location_names: {B2: "[n](javascript:alert(3))"}\n'
        'tiles:\n  "57": 1\nhexes:\n  white:\n    "city=revenue:0": [B2]\n',
        encoding="utf-8",
    )
    (games / "k.yaml").write_text(
        'id: k\ntitle: "1849: Kingdom of the Two Sicilies"\ntiles:\n  "57": 1\n', encoding="utf-8"
    )
    result = build(tmp_path, {"index.md": "# Home\n"}, gallery=True, games="games")
    assert result.returncode == 0, result.stderr
    for page in ("games/index.html", "games/evil/index.html", "games/evil/hexes/index.html"):
        text = html(tmp_path, page)
        assert not re.search(r"href=\"javascript", text), page
    evil = html(tmp_path, "games/evil/index.html")
    assert "[d](javascript:alert(2))" in evil and "[t](javascript:alert(1)) template:" in evil
    assert "<title>1849: Kingdom of the Two Sicilies" in html(tmp_path, "games/k/index.html")
