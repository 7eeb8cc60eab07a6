"""The theme's files no page loads are left out; what the configured search loads stays."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from plugin.theme_files import lunr_files_needed


def test_the_files_the_search_worker_asks_for() -> None:
    assert lunr_files_needed(["en"]) == set()
    assert lunr_files_needed(["de"]) == {"min/lunr.de.min.js", "min/lunr.stemmer.support.min.js"}
    assert lunr_files_needed(["en", "ja"]) == {
        "tinyseg.js",
        "min/lunr.ja.min.js",
        "min/lunr.multi.min.js",
        "min/lunr.stemmer.support.min.js",
    }
    assert "wordcut.js" in lunr_files_needed(["th"])


def _site(tmp_path: Path, search: str) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    # a file of the site's own that looks like a theme file stays
    (tmp_path / "docs" / "assets").mkdir()
    (tmp_path / "docs" / "assets" / "notes.map").write_text("mine\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\ntheme: {name: material, font: false}\nplugins:\n"
        f"  - search{search}\n  - tiles: {{gallery: false}}\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return tmp_path / "site"


@pytest.mark.parametrize(("search", "kept"), [("", set()), (": {lang: [en, de]}", {"de", "multi"})])
def test_a_built_site_keeps_only_what_its_search_loads(
    tmp_path: Path, search: str, kept: set[str]
) -> None:
    site = _site(tmp_path, search)
    assert not list(site.rglob("*.js.map")) and not list(site.rglob("*.css.map"))
    assert (site / "assets" / "notes.map").is_file()
    lunr = {p.name for p in (site / "assets" / "javascripts" / "lunr").rglob("*.js")}
    assert lunr == {f"lunr.{k}.min.js" for k in kept} | (
        {"lunr.stemmer.support.min.js"} if kept else set()
    )
    assert (site / "search" / "search_index.json").is_file()
    assert list((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
