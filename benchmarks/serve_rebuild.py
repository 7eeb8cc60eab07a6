"""Measure `mkdocs serve` warm rebuilds after a one-line edit of a page and of a game file.

Usage: python benchmarks/serve_rebuild.py [--dirty]
Starts `mkdocs serve` on 127.0.0.1, waits for the first build, appends a line to docs/index.md
(then restores it), and reports how long the rebuild took from the log; likewise for a game file.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
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


def main(argv: list[str]) -> None:
    args = [sys.executable, "-m", "mkdocs", "serve", "-a", "127.0.0.1:8123", *argv]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env)  # fmt: skip
    try:
        wait_for(proc, r"Serving on", 300)
        page = measure(proc, ROOT / "docs" / "index.md", "\nOne more line.\n")
        game = measure(proc, ROOT / "games" / "1889.yaml", "\n# a comment\n")
        print(f"serve warm rebuild after a Markdown edit: {page:.2f} s")
        print(f"serve warm rebuild after a game-file edit: {game:.2f} s")
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main(sys.argv[1:])
