"""The theme's listing without hidden folders: the same files for MkDocs, found faster."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import DictLoader, Environment, FileSystemLoader
from mkdocs.config import load_config
from mkdocs.structure.files import Files

from plugin.theme_listing import VisibleListing, list_visible

ROOT = Path(__file__).resolve().parents[2]


def _hidden(name: str) -> bool:
    return any(part.startswith(".") for part in name.split("/"))


def test_the_listing_is_jinjas_less_what_is_hidden(tmp_path: Path) -> None:
    first, second = tmp_path / "custom", tmp_path / "theme"
    for path in [
        first / "main.html",
        first / "assets" / "extra.css",
        first / ".hidden.txt",
        second / "main.html",  # the first folder's wins: listed once
        second / "assets" / "javascripts" / "bundle.js",
        second / ".icons" / "material" / "home.svg",
        second / "assets" / ".cache" / "x.js",
        second / "partials" / ".keep",
    ]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x", encoding="utf-8")
    dirs = [str(first), str(second)]
    everything = FileSystemLoader(dirs).list_templates()
    assert VisibleListing(dirs).list_templates() == [n for n in everything if not _hidden(n)]
    assert VisibleListing(dirs).list_templates() == [
        "assets/extra.css",
        "assets/javascripts/bundle.js",
        "main.html",
    ]


def test_a_hidden_template_still_loads_by_name(tmp_path: Path) -> None:
    (tmp_path / ".icons").mkdir()
    (tmp_path / ".icons" / "a.svg").write_text("<svg/>", encoding="utf-8")
    env = Environment(loader=VisibleListing([str(tmp_path)]))
    assert env.get_template(".icons/a.svg").render() == "<svg/>"
    assert env.list_templates() == []


def test_mkdocs_takes_the_same_theme_files(tmp_path: Path) -> None:
    """The project's own site (mkdocs-material, with its 14,500 hidden icons): MkDocs adds the
    very same theme files through either listing."""
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    before = Files([])
    before.add_files_from_theme(config.theme.get_env(), config)
    list_visible(config.theme)
    env = config.theme.get_env()
    assert isinstance(env.loader, VisibleListing)
    after = Files([])
    after.add_files_from_theme(env, config)
    assert len(before) > 20
    assert [(f.src_uri, f.abs_src_path) for f in after] == [
        (f.src_uri, f.abs_src_path) for f in before
    ]
    # the hidden icons are there for the theme's templates that include them
    assert env.get_template(".icons/material/home.svg").render().startswith("<svg")


def test_wrapping_twice_wraps_once_and_other_loaders_are_left_be(tmp_path: Path) -> None:
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    list_visible(config.theme)
    wrapped = config.theme.get_env
    list_visible(config.theme)
    assert config.theme.get_env is wrapped

    class Other:
        def get_env(self) -> Environment:
            return Environment(loader=DictLoader({"a.html": "a"}))

    other = Other()
    list_visible(other)  # type: ignore[arg-type]
    assert isinstance(other.get_env().loader, DictLoader)


@pytest.mark.parametrize("name", ["main.html", "404.html"])
def test_the_themes_templates_render_through_it(tmp_path: Path, name: str) -> None:
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    list_visible(config.theme)
    assert config.theme.get_env().get_template(name) is not None
