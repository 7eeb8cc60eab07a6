"""The plugin's glue, through real strict MkDocs builds of small sites: fence warnings name the
page and the source line of the very fence or tile line (front matter counted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

CONFIG = """\
site_name: Lines
theme: {name: material, font: false}
plugins: [{tiles: {gallery: false}}]
markdown_extensions: [admonition, pymdownx.superfences, {pymdownx.tabbed: {alternate_style: true}}]
"""


def build(
    root: Path, pages: dict[str, str], config: str = CONFIG
) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of a site with these pages (the real command, in a subprocess)."""
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    (root / "docs").mkdir()
    for name, text in pages.items():
        (root / "docs" / name).write_text(text, encoding="utf-8")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict"]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)


FRONT = "---\ntitle: With front matter\ndescription: |\n  two\n  lines\n---\n\n"


def _warnings(stderr: str) -> list[str]:
    return re.findall(r"(\S+\.md:\d+): tile fence", stderr)


def test_front_matter_is_counted_in_fence_line_numbers(tmp_path: Path) -> None:
    page = FRONT + "# Title\n\n```tile\ncity=revenue:x\n```\n"
    result = build(tmp_path, {"index.md": page})
    assert result.returncode != 0
    line = page.splitlines().index("city=revenue:x") + 1
    assert _warnings(result.stderr) == [f"index.md:{line}"], result.stderr


def test_a_repeated_bad_line_is_reported_at_each_occurrence(tmp_path: Path) -> None:
    page = FRONT + "```tile\ncitty=1\n```\n\nText.\n\n```tile\n57\n\ncitty=1\n```\n"
    result = build(tmp_path, {"index.md": page})
    lines = [n for n, text in enumerate(page.splitlines(), start=1) if text == "citty=1"]
    assert len(lines) == 2
    assert _warnings(result.stderr) == [f"index.md:{n}" for n in lines], result.stderr


def test_placeholder_icons_are_named_in_one_build_message(tmp_path: Path) -> None:
    page = "# Icons\n\n```tile\nicon=image:nobody_draws_this\nicon=image:port\n```\n"
    result = build(tmp_path, {"index.md": page})
    assert result.returncode == 0, result.stderr  # not a warning: --strict passes
    messages = [line for line in result.stderr.splitlines() if "drawn as placeholders" in line]
    assert len(messages) == 1 and "nobody_draws_this (1 drawing)" in messages[0]
    assert "port" not in messages[0].split(":", 2)[-1].split("Add")[0]


def test_option_errors_name_the_fence_line(tmp_path: Path) -> None:
    page = FRONT + 'Text.\n\n```tile rotation="9" colour="red"\n57\n```\n'
    result = build(tmp_path, {"index.md": page})
    line = next(n for n, t in enumerate(page.splitlines(), 1) if t.startswith("```tile"))
    assert _warnings(result.stderr) == [f"index.md:{line}"] * 2, result.stderr
    assert "unknown option `colour`" in result.stderr


def test_fences_in_admonitions_and_tabs_name_their_lines(tmp_path: Path) -> None:
    page = (
        "# Nested\n\n!!! note\n    ```tile\n    path=a:0\n    ```\n\n"
        '=== "Tab"\n\n    ```tile\n    city=revenue:x\n    ```\n'
    )
    result = build(tmp_path, {"other.md": page, "index.md": "# Home\n"})
    assert _warnings(result.stderr) == ["other.md:5", "other.md:11"], result.stderr


def test_a_documented_fence_example_is_neither_rendered_nor_reported(tmp_path: Path) -> None:
    page = FRONT + "````markdown\n```tile\ncitty=1\n```\n````\n"
    result = build(tmp_path, {"index.md": page})
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "tile_line" not in text and "citty=1" in text


ICON_SITE = """\
site_name: Icons
theme: {name: material, font: false}
plugins:
  - tiles: {catalog_pages: false, playground: false, icon_dirs: [icons], games_dirs: [games]}
"""

ICON_GAME = """\
id: iconic
title: Iconic
tiles:
  "57": 1
hexes:
  white:
    "city=revenue:20;icon=image:star": [B2]
"""


def _icon(fill: str) -> str:
    circle = f'<circle r="5" fill="{fill}"/>'
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{circle}</svg>'


def test_an_icon_edited_between_two_builds_of_one_plugin_instance_is_redrawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As `mkdocs serve` does: one plugin instance (kept because it has `on_startup`) builds
    twice; the icon file changes in between, with the same size (only its contents differ)."""
    import base64

    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    (tmp_path / "mkdocs.yml").write_text(ICON_SITE, encoding="utf-8")
    for folder in ("docs", "icons", "games"):
        (tmp_path / folder).mkdir()
    (tmp_path / "docs" / "index.md").write_text(
        "# Home\n\n```tile\ncity=revenue:20;icon=image:star\n```\n", encoding="utf-8"
    )
    (tmp_path / "games" / "iconic.yaml").write_text(ICON_GAME, encoding="utf-8")
    icon = tmp_path / "icons" / "star.svg"
    monkeypatch.chdir(tmp_path)

    def site_text() -> str:
        site = tmp_path / "site"
        pages = [site / "index.html", *sorted((site / "assets" / "tiles").glob("*.svg"))]
        return "".join(p.read_text(encoding="utf-8") for p in pages)

    plugins = []
    texts = []
    for fill in ("#ff0000", "#0000ff"):
        icon.write_text(_icon(fill), encoding="utf-8")
        config = load_config(str(tmp_path / "mkdocs.yml"))
        config.plugins.on_startup(command="serve", dirty=False)
        plugins.append(config.plugins["tiles"])
        mkdocs_build(config)
        texts.append(site_text())
    assert plugins[0] is plugins[1]  # the same instance, with the same caches
    for fill, text in zip(("#ff0000", "#0000ff"), texts, strict=True):
        data = base64.b64encode(_icon(fill).encode()).decode()
        # the fence on the home page and the gallery's hex drawing both show this icon
        assert text.count(data) >= 2, fill


def test_a_worker_failing_after_the_pages_leaves_nothing_of_the_build_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the drawings and page blocks the workers were making cannot be had (a worker
    failed), the build fails and the gallery kept for the next `mkdocs serve` build is a new
    one: its parts would lack them."""
    from mkdocs.config import load_config

    import plugin.gallery_files as gallery_files
    from gallery.parts import WorkerError

    (tmp_path / "mkdocs.yml").write_text(ICON_SITE, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    config = load_config(str(tmp_path / "mkdocs.yml"))
    tiles = config.plugins["tiles"]
    kept = tiles._gallery
    mark = "<!--tile-atlas-raw:1-->"
    kept.later_blocks = {"tiles/57/index.md": ((mark, f"tiles/57/index.md{mark}"),)}
    tiles._built = kept

    def failing(*args: object, **kwargs: object) -> None:
        raise WorkerError("a gallery worker failed:\nboom")

    monkeypatch.setattr(gallery_files, "finish_gallery", failing)
    with pytest.raises(WorkerError, match="boom"):
        tiles.on_post_build(config=config)
    assert tiles._gallery is not kept and not tiles._gallery.later_blocks


def test_the_site_default_for_colour_cues_reaches_every_fence(tmp_path: Path) -> None:
    config = CONFIG.replace("{gallery: false}", "{gallery: false, color_cues: true}")
    page = '# Cues\n\n```tile\n57\n```\n\n```tile color_cues="0"\n15\n```\n'
    result = build(tmp_path, {"index.md": page}, config)
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert html.count("data-color-cue=") == 1 and 'data-color-cue="yellow"' in html
