"""`tile-atlas prepare`'s reading of mkdocs.yml and writing of zensical.toml."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gallery.nav import NavLink, NavSection
from gallery.nav_config import added_sections
from gallery.prepare import toml
from gallery.prepare.siteconfig import PrepareError, PythonName, read_site, read_yaml

SITE = """\
site_name: S
use_directory_urls: !ENV [PREP_DIRS, PREP_OTHER, true]
plugins:
  - search
  - tiles:
      layout: !ENV PREP_LAYOUT
      games_dirs: [games]
markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: mermaid
          format: !!python/name:pymdownx.superfences.fence_code_format
"""


def _site(tmp_path: Path, text: str = SITE) -> Path:
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "mkdocs.yml").write_text(text, "utf-8")
    return tmp_path / "mkdocs.yml"


def test_env_tags_are_read_as_mkdocs_reads_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _site(tmp_path)
    monkeypatch.delenv("PREP_DIRS", raising=False)
    monkeypatch.setenv("PREP_OTHER", "false")
    monkeypatch.setenv("PREP_LAYOUT", "pointy")
    site = read_site(path)
    assert site.directory_urls is False  # the second name, read as YAML
    assert site.options.layout == "pointy" and site.options.games_dirs == ("games",)
    fence = site.config["markdown_extensions"][0]["pymdownx.superfences"]["custom_fences"][0]
    assert fence["format"] == PythonName("pymdownx.superfences.fence_code_format")
    monkeypatch.delenv("PREP_OTHER")
    assert read_site(path).directory_urls is True  # the default


def test_inherit_merges_the_parent_under_the_child(tmp_path: Path) -> None:
    (tmp_path / "base.yml").write_text("site_name: B\ntheme: {name: material, x: 1}\n", "utf-8")
    child = tmp_path / "child.yml"
    child.write_text("INHERIT: base.yml\ntheme: {x: 2}\n", "utf-8")
    assert read_yaml(child) == {"site_name": "B", "theme": {"name": "material", "x": 2}}


def test_a_bad_option_names_the_file_and_the_option(tmp_path: Path) -> None:
    path = _site(tmp_path, "plugins:\n  - tiles:\n      catalog_pages: maybe\n")
    with pytest.raises(PrepareError, match=r"mkdocs.yml: plugins: tiles: catalog_pages"):
        read_site(path)


def test_gallery_sections_are_appended_unless_the_site_lists_them() -> None:
    games = NavSection("Games", (NavLink("", "games/index.md"), NavLink("A <b>", "games/a.md")))
    tiles = NavSection("Tiles", (NavLink("", "tiles/all/index.md"),))
    nav = ["index.md", {"Catalog": "tiles/all/index.md"}]
    assert added_sections(nav, (games, tiles)) == [
        {"Games": ["games/index.md", {"A &lt;b&gt;": "games/a.md"}]}
    ]


_KEYS = st.text(min_size=1, max_size=8)
_LEAVES = st.one_of(st.booleans(), st.integers(-(2**40), 2**40), st.text(max_size=12))
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_KEYS, inner, max_size=4)),
    max_leaves=20,
)


@given(st.dictionaries(_KEYS, _VALUES, max_size=6))
def test_toml_reads_back_as_written(values: dict[str, object]) -> None:
    text = toml.dumps("project", values)
    assert tomllib.loads(text)["project"] == values
