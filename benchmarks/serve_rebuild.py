"""Measure `mkdocs serve` warm rebuilds after a one-line edit of a page and of a game file.

Usage: python benchmarks/serve_rebuild.py [--dirty]
Starts `mkdocs serve` on 127.0.0.1, waits for the first build, appends a line to docs/index.md
(then restores it), and reports how long the rebuild took from the log; likewise for a comment
and a title change in a game file. With TILE_ATLAS_WORLD=<folder of games> it does the same on
the reference site built with those games (130 imported games: issue #21's warm figures).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def wait_for(proc: subprocess.Popen[str], pattern: str, timeout: float) -> tuple[str, float]:
    start = time.perf_counter()
    assert proc.stdout is not None
    while time.perf_counter() - start < timeout:
        line = proc.stdout.readline()
        if not line:
            time.sleep(0.05)
            continue
        if re.search(pattern, line):
            return line, time.perf_counter()
    raise TimeoutError(pattern)


def measure(proc: subprocess.Popen[str], path: Path, addition: str) -> float:
    original = path.read_text(encoding="utf-8")
    try:
        path.write_text(original + addition, encoding="utf-8")
        _, started = wait_for(proc, r"Detected file changes|Building documentation", 30)
        _, finished = wait_for(proc, r"Reloading browsers|Documentation built", 300)
        return finished - started
    finally:
        path.write_text(original, encoding="utf-8")
        wait_for(proc, r"Reloading browsers|Documentation built", 300)


def serve(root: Path, page: Path, game: Path, argv: list[str], label: str) -> None:
    """Start `mkdocs serve` in `root`, then edit `page` and `game` once each."""
    args = [sys.executable, "-m", "mkdocs", "serve", "-a", "127.0.0.1:8123", *argv]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.Popen(args, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env)  # fmt: skip
    try:
        wait_for(proc, r"Serving on", 900)
        page_s = measure(proc, page, "\nOne more line.\n")
        comment_s = measure(proc, game, "\n# a comment\n")
        original = game.read_text(encoding="utf-8")
        # inside the quotes when the title is quoted: `title: "1894" (edited)` is not YAML,
        # and the game would drop out of the site instead of being renamed
        title = re.sub(r"^title: ([\"']?)(.*?)\1$", r"title: \1\2 (edited)\1", original, count=1,
                       flags=re.M)  # fmt: skip
        game.write_text(title, encoding="utf-8")
        try:
            _, started = wait_for(proc, r"Detected file changes|Building documentation", 30)
            _, finished = wait_for(proc, r"Reloading browsers|Documentation built", 300)
            title_s = finished - started
        finally:
            game.write_text(original, encoding="utf-8")
            wait_for(proc, r"Reloading browsers|Documentation built", 300)
        print(f"serve ({label}) warm rebuild after a Markdown edit: {page_s:.2f} s")
        print(f"serve ({label}) warm rebuild after a game-file comment: {comment_s:.2f} s")
        print(f"serve ({label}) warm rebuild after a game's title changed: {title_s:.2f} s")
    finally:
        proc.terminate()
        proc.wait(10)


def main(argv: list[str]) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from site_bench import reference_seconds, world_site

    # how fast the machine is now (see site_bench.reference_seconds)
    print(f"serve: reference workload {reference_seconds():.2f} s CPU")
    serve(ROOT, ROOT / "docs" / "index.md", ROOT / "games" / "1889.yaml", argv, "default site")
    world = os.environ.get("TILE_ATLAS_WORLD")
    if world:
        # the reference site with a folder of imported games (site_bench.world_site)
        with tempfile.TemporaryDirectory() as tmp:
            games = Path(tmp) / "games"
            shutil.copytree(world, games)
            config = world_site(Path(tmp), games)
            edited = sorted(games.glob("*.yaml"))[len(list(games.glob("*.yaml"))) // 2]
            count = len(list(games.glob("*.yaml")))
            serve(config.parent, config.parent / "docs" / "index.md", edited, argv,
                  f"{count} games")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
