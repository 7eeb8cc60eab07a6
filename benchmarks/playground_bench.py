"""Playground speed in real Chromium with the real Pyodide runtime. Figures, never asserted.

Usage: python benchmarks/playground_bench.py [--tiles N]

Builds the small test site with the cached local runtime (fetched once with npm), serves it on
127.0.0.1 and drives Debian's chromium through Playwright with one persistent profile, so the
second visit is a warm cache (HTTP cache and V8's compiled-WebAssembly cache), as for a returning
reader. Measured in the page with performance.now():

* runtime ready: worker start -> Pyodide loaded, our zip unpacked, tile_lang imported, warmed up;
* first draw: navigation start -> the first tile shown;
* redraw: the worker round trip of one request (the page sends the form, Python checks, parses
  and renders the large tile and, with six rotations on, six small ones; the page shows them),
  over catalog tiles — what one keystroke costs after the 60 ms debounce.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _helper(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def _visit(pg: Any, url: str) -> dict[str, float]:
    pg.goto(url)
    pg.wait_for_selector('[data-tpg="root"][data-draws]', timeout=300_000, state="attached")
    data = pg.eval_on_selector('[data-tpg="root"]', "e => ({...e.dataset})")
    stages = json.loads(data.get("stages") or "{}")
    return {"ready": float(data["readyMs"]), "first": float(data["firstDrawMs"]),
            **{k: float(v) for k, v in stages.items()}}  # fmt: skip


def _redraws(pg: Any, codes: list[str], six: bool) -> tuple[list[float], list[float]]:
    box = pg.locator('input[name="six"]')
    if box.is_checked() != six:
        box.click()
    root = pg.locator('[data-tpg="root"]')
    pg.wait_for_timeout(300)
    trips, python = [], []
    for code in codes:
        before = int(root.get_attribute("data-draws") or 0)
        pg.locator('[data-tpg="code"]').fill(code)
        pg.wait_for_function(
            f"document.querySelector('[data-tpg=\"root\"]').dataset.draws > {before}"
        )
        pg.wait_for_timeout(80)  # let a debounced follow-up (none expected) settle
        trips.append(float(root.get_attribute("data-last-ms") or 0))
        python.append(float(root.get_attribute("data-python-ms") or 0))
    return trips, python


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiles", type=int, default=120, help="catalog tiles per series")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("playground: playwright is not installed; skipped")
        return 0
    support = _helper("browser_support", ROOT / "tests" / "browser" / "browser_support.py")
    site_helper = _helper("playground_site", ROOT / "tests" / "playground_site.py")
    from plugin.playground_runtime import PYODIDE_VERSION, ensure_runtime
    from tile_lang import catalog

    runtime = ensure_runtime()
    tiles = catalog.all_tiles()
    step = max(1, len(tiles) // args.tiles)
    codes = [t.code for t in tiles[::step]][: args.tiles]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        config = site_helper.write_site(work, pyodide=str(runtime))
        done = site_helper.mkdocs_build(config, work / "site")
        if done.returncode != 0:
            print(done.stderr)
            return 1
        with support.serve(work / "site") as base, sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                str(work / "profile"),
                executable_path=support.CHROMIUM,
                args=support.CHROMIUM_ARGS,
                viewport={"width": 1280, "height": 900},
            )
            pg = context.new_page()
            url = base + "playground/"
            cold = _visit(pg, url)
            warm = [_visit(pg, url) for _ in range(3)]
            six_trips, six_py = _redraws(pg, codes, six=True)
            one_trips, one_py = _redraws(pg, codes, six=False)
            engine = pg.locator('[data-tpg="root"]').get_attribute("data-engine")
            context.close()
    print(f"playground (Pyodide {PYODIDE_VERSION}, {engine}; Chromium, local server)")
    print(f"  cold visit: runtime ready {cold['ready'] / 1000:.1f} s, "
          f"first draw {cold['first'] / 1000:.1f} s after navigation")  # fmt: skip
    ready = statistics.median(w["ready"] for w in warm)
    first = statistics.median(w["first"] for w in warm)
    print(f"  warm visit (median of 3): runtime ready {ready / 1000:.1f} s, "
          f"first draw {first / 1000:.1f} s after navigation")  # fmt: skip
    stages = {
        k: statistics.median(w.get(k, 0.0) for w in warm) for k in ("runtime", "import", "warm")
    }
    print(
        f"    of which Pyodide start {stages['runtime'] / 1000:.1f} s, importing tile_lang "
        f"{stages['import'] / 1000:.1f} s, first drawing {stages['warm'] / 1000:.1f} s"
    )
    for label, trips, py in (
        ("large + six rotations", six_trips, six_py),
        ("large only", one_trips, one_py),
    ):
        print(
            f"  redraw per keystroke, {label}, {len(trips)} catalog tiles: round trip median "
            f"{statistics.median(trips):.0f} ms, p90 {_percentile(trips, 0.9):.0f} ms, max "
            f"{max(trips):.0f} ms (Python median {statistics.median(py):.0f} ms)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
