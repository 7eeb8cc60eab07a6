"""A small MkDocs site with the playground, for the plugin, browser and benchmark runs.

Small on purpose (a home page with a ```tile block, the playground page, an optional tiny game;
no catalog pages): it builds in a few seconds, so the browser tests stay cheap in CI.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CONFIG = """\
site_name: Playground test
use_directory_urls: {directory_urls}
theme:
  name: material
  font: false
plugins:
  - search
  - offline:
      enabled: {offline}
  - tiles:
      gallery: {gallery}
      catalog_pages: false
      games_dirs: [games]
{runtime}markdown_extensions:
  - admonition
  - pymdownx.superfences
"""

HOME = """\
# Home

```tile
city=revenue:20;path=a:0,b:_0;path=a:3,b:_0
```

The [playground](playground.md).
"""

PLAYGROUND = """\
---
title: Playground
---

# Playground

<!-- tile-atlas:playground -->

Some words after it.
"""

GAME = """\
title: Tiny
hexes:
  white:
    "city=revenue:10;path=a:0,b:_0": [C3]
"""


def write_site(
    folder: Path,
    *,
    pyodide: str | None = None,
    offline: bool = False,
    gallery: bool = False,
    pages: dict[str, str] | None = None,
) -> Path:
    """Write mkdocs.yml, docs/ and games/ under `folder`; returns the config path."""
    runtime = f"      pyodide: {pyodide!r}\n" if pyodide else ""
    config = folder / "mkdocs.yml"
    config.write_text(
        CONFIG.format(
            directory_urls="false" if offline else "true",
            offline=str(offline).lower(),
            gallery=str(gallery).lower(),
            runtime=runtime,
        ),
        encoding="utf-8",
    )
    docs = folder / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    for name, text in (pages if pages is not None else
                       {"index.md": HOME, "playground.md": PLAYGROUND}).items():  # fmt: skip
        (docs / name).write_text(text, encoding="utf-8")
    games = folder / "games"
    games.mkdir(exist_ok=True)
    if gallery:
        (games / "tiny.yaml").write_text(GAME, encoding="utf-8")
    return config


def mkdocs_build(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` in a subprocess (the real command), not raising on failure."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)],
        cwd=config.parent,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
