"""Site-level benchmarks: full builds, a plain-MkDocs baseline, all corpus games, memory.

Printed by `nox -s bench` (through benchmarks/run.py). Figures, never assertions.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("TILE_ATLAS_SHARED", ROOT.parent / "shared"))
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def _build(config: Path, out: Path) -> tuple[float, float]:
    """Seconds and peak memory (MiB) of one `mkdocs build` in a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    command = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(out)]
    subprocess.run(command, check=True, cwd=config.parent, env=ENV, capture_output=True)
    seconds = time.perf_counter() - start
    peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    return seconds, peak


def _largest_page(site: Path) -> tuple[int, str]:
    pages = [(p.stat().st_size, str(p.relative_to(site))) for p in site.rglob("*.html")]
    return max(pages) if pages else (0, "")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        seconds, peak = _build(ROOT / "mkdocs.yml", tmp / "site")
        print(f"site: default site full build {seconds:.1f} s, peak memory {peak:.0f} MiB")
        # Baseline: the same Markdown built by plain MkDocs without the plugin (fences stay code).
        base = tmp / "baseline"
        shutil.copytree(ROOT / "docs", base / "docs")
        config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
        config = config.replace("  - tiles:\n      games_dirs:\n        - games\n", "")
        (base / "mkdocs.yml").write_text(config, encoding="utf-8")
        docs_only = tmp / "docs-only"
        shutil.copytree(ROOT / "docs", docs_only / "docs")
        (docs_only / "mkdocs.yml").write_text(
            config.replace("plugins:\n", "plugins:\n  - tiles:\n      gallery: false\n"),
            encoding="utf-8",
        )
        plain, _ = _build(base / "mkdocs.yml", base / "site")
        ours, _ = _build(docs_only / "mkdocs.yml", docs_only / "site")
        print(
            f"site: the docs alone {ours:.1f} s with the plugin vs {plain:.1f} s plain MkDocs "
            f"(ratio {ours / plain:.2f})"
        )
        corpus = SHARED / "corpus" / "18xx" / "games"
        if corpus.is_dir():
            from gallery.corpus import game_from_corpus
            from gallery.native import dump_game

            games_dir = tmp / "all" / "games"
            games_dir.mkdir(parents=True)
            for path in sorted(corpus.glob("*.json")):
                game = game_from_corpus(path)
                (games_dir / f"{game.id}.yaml").write_text(dump_game(game), encoding="utf-8")
            (tmp / "all" / "docs").mkdir()
            (tmp / "all" / "docs" / "index.md").write_text("# All games\n", encoding="utf-8")
            (tmp / "all" / "mkdocs.yml").write_text(
                "site_name: All games\ntheme: {name: material, font: false}\n"
                "plugins:\n  - search\n  - tiles:\n      games_dirs: [games]\n",
                encoding="utf-8",
            )
            seconds, peak = _build(tmp / "all" / "mkdocs.yml", tmp / "all" / "site")
            size, page = _largest_page(tmp / "all" / "site")
            count = len(list(games_dir.glob("*.yaml")))
            print(
                f"site: all {count} corpus games + catalog {seconds:.1f} s, peak {peak:.0f} MiB; "
                f"largest page {page} {size / 1e6:.2f} MB"
            )
        checkout = os.environ.get("TILE_ATLAS_18XX")
        if checkout:
            print(f"site: TILE_ATLAS_18XX={checkout}: import with `tile-atlas import 18xx` first")


if __name__ == "__main__":
    main()
