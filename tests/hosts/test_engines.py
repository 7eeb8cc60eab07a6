"""The reference built by MkDocs' successors: ProperDocs (a MkDocs 1.x fork that loads MkDocs
plugins) with our plugin, and Zensical (no MkDocs plugins) with the fence given to
pymdownx.superfences by dotted path and the galleries written first by `tile-atlas gallery`.

These are the set-ups docs/usage/engines.md documents; the configuration for Zensical is derived
here from the repository's mkdocs.yml by exactly the edits that page lists.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from gallery.site_assets import SCRIPTS, STYLESHEETS

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

pytestmark = pytest.mark.slow


def _env(home: Path) -> dict[str, str]:
    return {
        "PATH": f"{BIN}:/usr/bin:/bin",
        "HOME": str(home),
        "NO_MKDOCS_2_WARNING": "1",
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
    }


def _tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.fail(f"{name} is not installed beside {sys.executable} (pip install -e '.[test]')")
    return str(path)


def _copy_project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copytree(ROOT / "games", project / "games")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    return project


def _tile_figures(page: Path) -> int:
    return len(re.findall(r'<figure class="tile-figure', page.read_text(encoding="utf-8")))


def test_properdocs_builds_the_site_with_the_plugin(tmp_path: Path) -> None:
    project = _copy_project(tmp_path)
    result = subprocess.run(
        [_tool("properdocs"), "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=project, env=_env(tmp_path), capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    site = tmp_path / "site"
    assert 'content="mkdocs-ProperDocs' in (site / "index.html").read_text(encoding="utf-8")
    assert _tile_figures(site / "language" / "path" / "index.html") >= 10
    # the plugin ran: gallery pages, the catalog and the assets exist
    assert (site / "games" / "1889" / "index.html").is_file()
    assert (site / "tiles" / "57" / "index.html").is_file()
    assert (site / "assets" / "tile-atlas" / "tiles.css").is_file()


def zensical_config(mkdocs_yml: str) -> str:
    """mkdocs.yml made into a Zensical configuration: the MkDocs-only plugins removed, the fence
    registered by dotted path, the styles and script that `tile-atlas gallery` wrote listed."""
    lines = mkdocs_yml.splitlines()
    out: list[str] = []
    skip = False
    for line in lines:
        if re.match(r"  - (tiles|offline):", line):
            skip = True
            continue
        if skip and line.startswith("      "):
            continue
        skip = False
        if line == "  - pymdownx.superfences":
            out += [
                "  - pymdownx.superfences:",
                "      custom_fences:",
                "        - name: tile",
                "          class: tile",
                "          validator: !!python/name:tile_lang.markdown.validator",
                "          format: !!python/name:tile_lang.markdown.formatter",
            ]
            continue
        # Zensical reads no `!ENV` tags: keep their defaults.
        out.append(re.sub(r"!ENV \[\w+, (\w+)\]", r"\1", line))
    out += ["extra_css:", *(f"  - {uri}" for uri in STYLESHEETS)]
    out += ["extra_javascript:", *(f"  - {uri}" for uri in SCRIPTS)]
    return "\n".join(out) + "\n"


class _NamesAsText(yaml.SafeLoader):
    """A safe loader that reads `!!python/name:X` as the text X (nothing is imported)."""


_NamesAsText.add_multi_constructor(
    "tag:yaml.org,2002:python/name:", lambda loader, suffix, node: suffix
)


def test_zensical_config_keeps_everything_but_the_plugins() -> None:
    original = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    converted = yaml.load(zensical_config(original), Loader=_NamesAsText)
    assert [p for p in converted["plugins"] if p == "search" or "search" in p]
    assert not [p for p in converted["plugins"] if isinstance(p, dict) and "tiles" in p]
    fences = next(
        e["pymdownx.superfences"]["custom_fences"]
        for e in converted["markdown_extensions"]
        if isinstance(e, dict) and "pymdownx.superfences" in e
    )
    assert fences[0]["format"] == "tile_lang.markdown.formatter"
    plain = re.sub(r"!ENV \[\w+, (\w+)\]", r"\1", original)
    assert converted["nav"] == yaml.safe_load(plain)["nav"]
    assert converted["theme"] == yaml.safe_load(plain)["theme"]


def test_zensical_builds_the_reference_and_a_written_gallery(tmp_path: Path) -> None:
    project = _copy_project(tmp_path)
    env = _env(tmp_path)
    written = subprocess.run(
        [_tool("tile-atlas"), "gallery", "games", "docs"],
        cwd=project, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert written.returncode == 0, written.stderr[-3000:]
    config = project / "zensical.yml"
    config.write_text(zensical_config((project / "mkdocs.yml").read_text("utf-8")), "utf-8")
    result = subprocess.run(
        [_tool("zensical"), "build", "--strict", "-f", str(config)],
        cwd=project, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    site = project / "site"
    path_page = site / "language" / "path" / "index.html"
    assert _tile_figures(path_page) >= 10
    text = path_page.read_text(encoding="utf-8")
    assert "assets/tile-atlas/tiles.css" in text and "<svg" in text
    assert (site / "games" / "1889" / "index.html").is_file()
    assert (site / "tiles" / "57" / "index.html").is_file()
    assert (site / "assets" / "tile-atlas" / "tiles.js").is_file()
    # a bad block still shows a visible error box (the fence catches its own errors)
    errors = (site / "language" / "errors" / "index.html").read_text(encoding="utf-8")
    assert "tile-error" in errors
