"""plugin.shared_markdown: the gallery's pages share one Markdown converter per build, and
the built site is the same, file for file, as when MkDocs makes one per page."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import plugin.tiles
from plugin.shared_markdown import SharedConverterPage

ROOT = Path(__file__).resolve().parents[2]

CONFIG = """\
site_name: Shared converter
theme: {name: material, font: false}
markdown_extensions:
  - admonition
  - attr_list
  - md_in_html
  - tables
  - toc: {permalink: true}
  - pymdownx.superfences
  - pymdownx.highlight
plugins:
  - search
  - tiles: {catalog_pages: false, playground: false, games_dirs: [games], workers: 1}
"""

PAGE = """\
# Notes

See [the games](games/index.md) and [1889's map](games/1889/map/index.md#map).

```tile
city=revenue:20;path=a:0,b:_0
```
"""


def _build(root: Path, out: Path) -> dict[str, bytes]:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(out))
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    return {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}


def test_the_site_is_the_same_with_one_converter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "site"
    (root / "docs").mkdir(parents=True)
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (root / "docs" / "index.md").write_text(PAGE, encoding="utf-8")
    shutil.copytree(ROOT / "games", root / "games")
    given: list[int] = []
    real = plugin.tiles.share_converter

    def counting(pages: object, config: object) -> int:
        count = real(pages, config)  # type: ignore[arg-type]
        given.append(count)
        return count

    monkeypatch.setattr(plugin.tiles, "share_converter", counting)
    shared = _build(root, tmp_path / "shared")
    assert len(given) == 1 and given[0] >= 20  # every game's pages, the games index
    monkeypatch.setattr(plugin.tiles, "share_converter", lambda pages, config: 0)
    alone = _build(root, tmp_path / "alone")
    assert shared.keys() == alone.keys()
    assert [p for p in shared if shared[p] != alone[p]] == []
    assert b'href="games/1889/map/#map"' in shared["index.html"]  # links still resolved


def test_only_plain_pages_not_yet_rendered_are_given_it() -> None:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File
    from mkdocs.structure.pages import Page

    from plugin.shared_markdown import share_converter

    config = MkDocsConfig()
    config.load_dict({"site_name": "x", "docs_dir": str(ROOT / "docs")})
    config.validate()
    pages = [Page(None, File(f"p{i}.md", "docs", "site", True), config) for i in range(3)]
    pages[1].content = "<p>rendered</p>"
    assert share_converter(pages, config) == 2
    assert [type(p) is SharedConverterPage for p in pages] == [True, False, True]
    assert pages[0].converter is pages[2].converter  # type: ignore[attr-defined]
