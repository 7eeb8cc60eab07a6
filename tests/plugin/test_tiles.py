"""The plugin's glue, through real strict MkDocs builds of small sites: fence warnings name the
page and the source line of the very fence or tile line (front matter counted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

CONFIG = """\
site_name: Lines
theme: {name: material, font: false}
plugins: [{tiles: {gallery: false}}]
markdown_extensions: [admonition, pymdownx.superfences, {pymdownx.tabbed: {alternate_style: true}}]
"""


def build(root: Path, pages: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of a site with these pages (the real command, in a subprocess)."""
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
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
