"""The fence under any host: the factory a configuration names, reports with page and line,
`strict` failing the build, a picklable formatter; in plain Python-Markdown and in a real
`zensical build`."""

from __future__ import annotations

import logging
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import markdown
import pytest
from markdown.preprocessors import Preprocessor

from tile_lang.fence_host import TileFenceError, TileFormatter, tile_formatter
from tile_lang.markdown import validator
from tile_lang.page_context import front_matter_lines, page_of

BAD = "# Title\n\nText.\n\n```tile\n57\ncity=revenue:x\n```\n"


def convert(text: str, formatter: TileFormatter, *extra: Any) -> str:
    fences = [{"name": "tile", "class": "tile", "validator": validator, "format": formatter}]
    md = markdown.Markdown(
        extensions=["tile_lang.markdown", "pymdownx.superfences", *extra],
        extension_configs={"pymdownx.superfences": {"custom_fences": fences}},
    )
    return md.convert(text)


def test_the_site_defaults_reach_every_block() -> None:
    out = convert("```tile\n57\n```\n", tile_formatter(layout="pointy", color_cues=True))
    assert "rotate(30)" in out and 'data-color-cue="yellow"' in out
    # a block's own option wins over the site's default
    out = convert('```tile color_cues="0"\n57\n```\n', tile_formatter(color_cues=True))
    assert "data-color-cue" not in out and "#fde900" in out


def test_problems_name_the_document_and_line(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="tile_atlas.fence")
    out = convert(BAD, tile_formatter(source="guide.md"))
    assert "tile-error" in out and out.count("<svg") == 2  # the good tile and an error hex
    (message,) = [r.getMessage() for r in caplog.records]
    assert message.startswith("guide.md:7: tile fence: revenue must be a whole number")
    caplog.clear()
    convert(BAD, tile_formatter())
    assert caplog.records[0].getMessage().startswith("line 7: tile fence:")


def test_strict_fails_the_conversion_with_page_and_line() -> None:
    with pytest.raises(TileFenceError, match=r"^guide\.md:7: tile fence: revenue .*strict"):
        convert(BAD, tile_formatter(source="guide.md", strict=True))
    # a good page converts as usual
    assert "<svg" in convert("```tile\n57\n```\n", tile_formatter(strict=True))


class _Page:
    def __init__(self, path: str) -> None:
        self.path = path


class _Context(Preprocessor):
    """What Zensical registers on its Markdown: the page being rendered and the config."""

    def __init__(self, page: _Page, docs_dir: Path) -> None:
        super().__init__()
        self.page, self.config = page, {"docs_dir": str(docs_dir)}

    def run(self, lines: list[str]) -> list[str]:
        return lines


def test_a_host_page_context_names_the_page_with_front_matter_counted(tmp_path: Path) -> None:
    (tmp_path / "guide").mkdir()
    (tmp_path / "guide" / "bad.md").write_text("---\ntitle: Bad\n---\n" + BAD, "utf-8")
    md = markdown.Markdown()
    md.preprocessors.register(_Context(_Page("guide/bad.md"), tmp_path), "context", 0)
    page = page_of(md)
    assert page is not None and (page.name, page.offset) == ("guide/bad.md", 3)
    # a path leading out of the docs folder is not read
    md.preprocessors.register(_Context(_Page("../../etc/passwd"), tmp_path), "context", 0)
    assert page_of(md).offset == 0  # type: ignore[union-attr]
    assert front_matter_lines("---\na: 1\n...\ntext") == 3
    assert front_matter_lines("text\n---\n") == 0 and front_matter_lines("---\nno end") == 0


def test_the_formatter_pickles_without_its_drawings() -> None:
    formatter = tile_formatter(layout="pointy", color_cues="toggle", strict=True)
    convert("```tile\n57\n```\n", formatter)
    assert formatter.settings.renders is not None and len(formatter.settings.renders) == 1
    copy = pickle.loads(pickle.dumps(formatter))
    assert copy.strict and copy.settings.defaults == formatter.settings.defaults
    assert copy.settings.renders is not None and len(copy.settings.renders) == 0
    assert convert("```tile\n57\n```\n", copy) == convert("```tile\n57\n```\n", formatter)
    assert len(pickle.dumps(formatter)) < 2000


@pytest.mark.parametrize(
    ("kwds", "message"),
    [({"layout": "square"}, "layout"), ({"color_cues": "maybe"}, "color_cues"),
     ({"color": 3}, "color")],
)  # fmt: skip
def test_bad_site_options_fail_when_the_configuration_is_read(
    kwds: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=f"tile_formatter: {message}"):
        tile_formatter(**kwds)


ZENSICAL_CONFIG = """\
site_name: Fence test
markdown_extensions:
  - tile_lang.markdown
  - pymdownx.superfences:
      custom_fences:
        - name: tile
          class: tile
          validator: !!python/name:tile_lang.markdown.validator
          format:
            object: tile_lang.fence_host.tile_formatter
            kwds: {layout: pointy, color_cues: true, strict: %s}
"""


def _zensical(site: Path, strict: bool) -> subprocess.CompletedProcess[str]:
    zensical = Path(sys.executable).parent / "zensical"
    if not zensical.exists() and shutil.which("zensical") is None:
        pytest.skip("zensical is not installed")
    (site / "zensical.yml").write_text(ZENSICAL_CONFIG % str(strict).lower(), "utf-8")
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(site),
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
    }
    return subprocess.run(
        [str(zensical) if zensical.exists() else "zensical", "build", "-f", "zensical.yml"],
        cwd=site, env=env, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip


def test_a_real_zensical_build_names_the_page_and_fails_when_strict(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "guide").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n\n```tile\n57\n```\n", "utf-8")
    (docs / "guide" / "bad.md").write_text("---\ntitle: Bad\n---\n" + BAD, "utf-8")
    lenient = _zensical(tmp_path, strict=False)
    assert lenient.returncode == 0, lenient.stderr[-2000:]
    output = lenient.stdout + lenient.stderr
    assert "guide/bad.md:10: tile fence: revenue must be a whole number" in output
    home = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert 'data-color-cue="yellow"' in home and "rotate(30)" in home
    strict = _zensical(tmp_path, strict=True)
    assert strict.returncode != 0
    assert "guide/bad.md:10: tile fence: revenue must be a whole number" in strict.stderr


def test_the_dotted_path_formatter_names_the_host_page_too(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from tile_lang import markdown as fence

    (tmp_path / "bad.md").write_text("---\ntitle: Bad\n---\n" + BAD, "utf-8")
    md = markdown.Markdown(
        extensions=["tile_lang.markdown", "pymdownx.superfences"],
        extension_configs={"pymdownx.superfences": {"custom_fences": [fence.tile_fence()]}},
    )
    md.preprocessors.register(_Context(_Page("bad.md"), tmp_path), "context", 0)
    caplog.set_level(logging.WARNING, logger="tile_atlas.fence")
    md.convert(BAD)
    assert caplog.records[0].getMessage().startswith("bad.md:10: tile fence: revenue")
