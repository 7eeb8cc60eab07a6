"""Tiles have worded accessible names, read from Chromium's own accessibility tree (CDP
`Accessibility.getFullAXTree`), not from the markup: a fence tile on a reference page, a catalog
tile, and a tile card of a game gallery (an `<img>` of an SVG file, named by its alt text)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageLog, build_site, serve

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
PAGE = """# Cities

```tile color="yellow" label="1"
city=revenue:20;path=a:0,b:_0;path=a:3,b:_0;label=T
```

```tile
57
```
"""
GAME = """id: mini
title: Mini
tiles:
  "57": 1
hexes:
  white:
    "city=revenue:10;path=a:0,b:_0": [A1]
"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("a11y-site")
    (root / "docs" / "language").mkdir(parents=True)
    (root / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (root / "docs" / "language" / "cities.md").write_text(PAGE, encoding="utf-8")
    (root / "games").mkdir()
    (root / "games" / "mini.yaml").write_text(GAME, encoding="utf-8")
    shutil.copy(ROOT / "games" / "18_chesapeake.yaml", root / "games")
    (root / "mkdocs.yml").write_text(
        "site_name: A11y\ntheme: {name: material, font: false}\n"
        "plugins: [{tiles: {games_dirs: [games], catalog_pages: false}}]\n",
        encoding="utf-8",
    )
    with serve(build_site(root / "mkdocs.yml", root / "site")) as url:
        yield url


def _image_names(pg: Any) -> list[str]:
    """Accessible names of every image node in Chromium's accessibility tree."""
    session = pg.context.new_cdp_session(pg)
    tree = session.send("Accessibility.getFullAXTree")
    return [
        str(node["name"]["value"])
        for node in tree["nodes"]
        if node.get("role", {}).get("value") in ("image", "img")
        and node.get("name", {}).get("value")
        and not node.get("ignored")
    ]


def test_a_fence_tile_is_named_in_words(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "language/cities/")
    names = _image_names(pg)
    assert (
        "Yellow tile. City with 1 slot, revenue 20. Track from the bottom edge (0) to the city; "
        "from the top edge (3) to the city. Label T." in names
    ), names
    catalog = [n for n in names if n.startswith("Yellow tile 57.")]
    assert catalog and "revenue 20" in catalog[0] and "the top edge (3)" in catalog[0], names
    assert not any("=" in n for n in names), names  # no raw code as a name
    # The code itself stays visible in the caption.
    caption = pg.locator("figcaption.tile-code").first.inner_text()
    assert caption == "city=revenue:20;path=a:0,b:_0;path=a:3,b:_0;label=T"
    assert not log.page_errors


def test_gallery_tile_images_are_named_in_words(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/mini/")
    names = _image_names(pg)
    assert any(n.startswith("Yellow tile. City with 1 slot, revenue 20.") for n in names), names
    pg.goto(site_url + "games/mini/hexes/")
    names = _image_names(pg)
    assert any(n.startswith("White tile. City with 1 slot, revenue 10.") for n in names), names
    pg.goto(site_url + "games/18_chesapeake/hexes/")
    names = _image_names(pg)
    assert any("Named Baltimore" in n for n in names), names
    assert not log.page_errors
