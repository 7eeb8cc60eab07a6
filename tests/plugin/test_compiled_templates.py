"""Compiled theme templates survive a new Jinja environment (what MkDocs makes every build)."""

from __future__ import annotations

from typing import Any

from jinja2 import DictLoader, Environment

from plugin.compiled_templates import CompiledTemplates


class _Counting(Environment):
    compiled = 0

    def compile(self, *args: Any, **kwargs: Any) -> Any:
        type(self).compiled += 1
        return super().compile(*args, **kwargs)


def test_a_second_environment_reuses_the_code_until_the_source_changes() -> None:
    kept = CompiledTemplates()
    sources = {"page.html": "<p>{{ x }}</p>"}
    first = _Counting(loader=DictLoader(sources), bytecode_cache=kept)
    assert first.get_template("page.html").render(x=1) == "<p>1</p>"
    assert _Counting.compiled == 1 and len(kept) == 1
    second = _Counting(loader=DictLoader(sources), bytecode_cache=kept)
    assert second.get_template("page.html").render(x=2) == "<p>2</p>"
    assert _Counting.compiled == 1  # taken from the cache, not compiled again
    edited = _Counting(loader=DictLoader({"page.html": "<b>{{ x }}</b>"}), bytecode_cache=kept)
    assert edited.get_template("page.html").render(x=3) == "<b>3</b>"
    assert _Counting.compiled == 2  # the source changed: compiled anew


def test_the_plugin_gives_each_build_its_kept_templates(tmp_path: Any) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\ntheme: {name: material, font: false}\nplugins:\n"
        "  - tiles: {gallery: false}\n",
        encoding="utf-8",
    )
    config = load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    config.plugins.on_startup(command="serve", dirty=True)
    build(config)
    kept = config.plugins["tiles"]._compiled
    assert len(kept) > 5  # the theme's base, partials, 404, sitemap...
