"""Shared pytest setup: make tests/ importable (corpus helpers) and register hypothesis profiles."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _load_helper(name: str, folder: Path = HERE) -> None:
    """Register <folder>/<name>.py as module `name` without putting tests/ on sys.path (where
    tests/tile_lang would shadow the real tile_lang package as a namespace package)."""
    if name in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


for _helper in ("corpus", "strategies", "playground_site"):
    _load_helper(_helper)
_load_helper("layout_helpers", HERE / "tile_lang" / "layout")
_load_helper("svggeom", HERE / "tile_lang" / "layout")
_load_helper("browser_support", HERE / "browser")
_load_helper("source_fixtures", HERE / "gallery")
_load_helper("game_fixtures", HERE / "gallery")
_load_helper("bounded", HERE / "gallery")
_load_helper("axe_support", HERE / "browser")

# One Chromium per test process, shared by every folder's browser tests: a second
# `sync_playwright()` in the same process fails while the first is running.
from browser_support import browser, page  # noqa: E402, F401

try:
    from hypothesis import HealthCheck, settings

    settings.register_profile("ci", max_examples=200, deadline=None)
    settings.register_profile(
        "fuzz", max_examples=20_000, deadline=None, suppress_health_check=list(HealthCheck)
    )
    settings.register_profile("dev", max_examples=100, deadline=None)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
except ImportError:  # pragma: no cover
    pass


@pytest.fixture(autouse=True)
def _own_part_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each test's in-process builds keep their parts (`gallery.partstore`) in a folder of
    the test's own, not the user's cache: a test counts what a build builds, and one test's
    parts must not be another's."""
    folder = tmp_path_factory.mktemp("part-cache")
    import gallery.cli.gallery
    import plugin.tiles

    monkeypatch.setattr(plugin.tiles, "default_parts_dir", lambda: folder)
    monkeypatch.setattr(gallery.cli.gallery, "default_parts_dir", lambda: folder)
