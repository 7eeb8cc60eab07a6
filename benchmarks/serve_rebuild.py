"""Measure `mkdocs serve` warm rebuilds after a one-line edit of a page and of a game file.

Usage: python benchmarks/serve_rebuild.py [--dirty]
Starts `mkdocs serve` on 127.0.0.1, waits for the first build and then `SETTLE` seconds (a
reader looks at the site before editing; the server makes what the first rebuilds need
meanwhile: `plugin.idle`), appends a line to docs/index.md (then restores it), three times,
and reports how long each rebuild took from the log (MkDocs'
"Detected file changes" to "Reloading browsers", which includes the 0.1 s MkDocs waits for the
edits to settle); likewise for a comment and a title change in a game file. With
TILE_ATLAS_WORLD=<folder of games> it does the same on the reference site built with those
games (130 imported games: issue #21's warm figures), and changes the title of the largest
game file too, and one of its hexes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
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


#: Edits of each kind, each followed by putting the file back (a rebuild too, not counted): the
#: first rename after `mkdocs serve` starts costs more than the next ones (see Performance).
REPEATS = 3
#: Seconds between the server's start and the first edit (TILE_ATLAS_SETTLE sets it; 0 edits
#: at once, before the server has made anything ahead).
SETTLE = float(os.environ.get("TILE_ATLAS_SETTLE", "30"))


def rebuild_after(proc: subprocess.Popen[str], path: Path, text: str) -> float:
    """Seconds from MkDocs seeing `path` written with `text` to its reload."""
    path.write_text(text, encoding="utf-8")
    _, started = wait_for(proc, r"Detected file changes|Building documentation", 30)
    _, finished = wait_for(proc, r"Reloading browsers|Documentation built", 300)
    return finished - started


def measure(proc: subprocess.Popen[str], path: Path,
            edit: Callable[[str, int], str]) -> list[float]:  # fmt: skip
    """The rebuild after each of `REPEATS` edits of `path` (`edit(original, i)`)."""
    original = path.read_text(encoding="utf-8")
    times = []
    try:
        for i in range(REPEATS):
            times.append(rebuild_after(proc, path, edit(original, i)))
            rebuild_after(proc, path, original)
    finally:
        path.write_text(original, encoding="utf-8")
    return times


def _renamed(text: str, i: int) -> str:
    # inside the quotes when the title is quoted: `title: "1894" (edited)` is not YAML, and
    # the game would drop out of the site instead of being renamed
    return re.sub(r"^title: ([\"']?)(.*?)\1$", rf"title: \1\2 (edited {i})\1", text, count=1,
                  flags=re.M)  # fmt: skip


def _hex_changed(text: str, i: int) -> str:
    """One map hex's revenue changed (the first one the `hexes:` section gives): every piece
    of the game's pages is made again, not only those that show its title."""
    start = text.find("\nhexes:")
    head, hexes = text[:start], text[start:]
    changed = re.sub(r"revenue:(\d+)", lambda m: f"revenue:{int(m.group(1)) + 10 + i}", hexes,
                     count=1)  # fmt: skip
    assert start >= 0 and changed != hexes, "no hex revenue to change"
    return head + changed


def serve(root: Path, page: Path, game: Path, argv: list[str], label: str,
          largest: Path | None = None) -> None:  # fmt: skip
    """Start `mkdocs serve` in `root`, then edit `page` and `game` a few times each (and the
    title of `largest`, the biggest game file, whose pages take longest to make again)."""
    args = [sys.executable, "-m", "mkdocs", "serve", "-a", "127.0.0.1:8123", *argv]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.Popen(args, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env)  # fmt: skip
    try:
        wait_for(proc, r"Serving on", 900)
        time.sleep(SETTLE)
        kinds = {
            "a Markdown edit": measure(proc, page, lambda t, i: t + f"\nOne more line {i}.\n"),
            "a game-file comment": measure(proc, game, lambda t, i: t + f"\n# a comment {i}\n"),
            "a game's title changed": measure(proc, game, _renamed),
        }
        if largest is not None:
            kinds[f"the largest game's title changed ({largest.stem})"] = measure(
                proc, largest, _renamed
            )
            kinds[f"one of the largest game's hexes changed ({largest.stem})"] = measure(
                proc, largest, _hex_changed
            )
        for kind, times in kinds.items():
            shown = ", ".join(f"{t:.2f}" for t in times)
            print(f"serve ({label}) warm rebuild after {kind}: {shown} s (in order)")
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
            largest = max(games.glob("*.yaml"), key=lambda p: p.stat().st_size)
            serve(config.parent, config.parent / "docs" / "index.md", edited, argv,
                  f"{count} games", largest)  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
