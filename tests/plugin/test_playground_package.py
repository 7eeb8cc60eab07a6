"""The zip of our Python that the playground runs in the browser."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from plugin import playground_package
from plugin.playground_package import build_package
from tile_lang import render_svg


def test_same_sources_give_the_same_bytes() -> None:
    first, second = build_package(), build_package()
    assert first.data == second.data and first.digest == second.digest
    with zipfile.ZipFile(io.BytesIO(first.data)) as zf:
        names = zf.namelist()
        assert {info.date_time for info in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    assert names == sorted(names) == list(first.files)
    for needed in ("tile_lang/__init__.py", "tile_lang/svg.py",
                   "plugin/__init__.py", "plugin/playground_api.py"):  # fmt: skip
        assert needed in names
    # tile_lang writes its SVG itself: no third-party package (or its licence) rides along.
    assert {n.split("/")[0] for n in names} == {"tile_lang", "plugin"}
    assert any(n.startswith("tile_lang/data/") and n.endswith(".json") for n in names)
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
    assert not any(n.startswith("plugin/") and "mkdocs" in n for n in names)


def test_a_package_is_packed_again_only_when_a_source_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "x.py"
    source.write_text("A = 1\n", encoding="utf-8")
    monkeypatch.setattr(playground_package, "_entries", lambda: [("tile_lang/x.py", source)])
    first = build_package()
    assert build_package(first) is first  # a `mkdocs serve` rebuild keeps it
    source.write_text("A = 22\n", encoding="utf-8")
    second = build_package(first)
    assert second is not first and second.data != first.data
    with zipfile.ZipFile(io.BytesIO(second.data)) as zf:
        assert zf.read("tile_lang/x.py") == b"A = 22\n"


def test_the_zip_alone_is_enough(tmp_path: Path) -> None:
    """In an isolated interpreter without site-packages, the unpacked zip draws a tile: it
    carries everything the browser needs (tile_lang needs no third-party package), and nothing
    imports mkdocs."""
    with zipfile.ZipFile(io.BytesIO(build_package().data)) as zf:
        zf.extractall(tmp_path / "py")
    script = (
        "import sys, json; sys.path.insert(0, sys.argv[1]);"
        "import plugin.playground_api as api;"
        "out = json.loads(api.run(json.dumps({'code': 'town=revenue:10;path=a:0,b:_0'})));"
        "print(json.dumps({'svg': out['svg'], 'mods': sorted(m.split('.')[0] for m in"
        " sys.modules)}))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script, str(tmp_path / "py")],
        capture_output=True, text=True, check=True, cwd=tmp_path,
    )  # fmt: skip
    result = json.loads(done.stdout)
    assert result["svg"] == render_svg("town=revenue:10;path=a:0,b:_0", scale=2.0)
    assert "mkdocs" not in result["mods"] and "yaml" not in result["mods"]
    assert "svgwrite" not in result["mods"]
