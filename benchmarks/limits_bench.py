"""How long the worst tile strings the parser accepts take to draw (issue #15, finding 2).

The limits in `tile_lang/limits.py` promise that anything the parser accepts renders quickly.
This builds strings that push every limit at once (most parts, nodes, lane-expanded paths,
longest values, largest numbers) and prints the slowest render next to a typical tile's.
Figures, not assertions.
"""

from __future__ import annotations

import statistics
import time

from tile_lang import LAYOUTS, Layout, parse
from tile_lang.limits import COUNTS, MAX_VALUE_LENGTH, NUMBERS
from tile_lang.svg import render_svg


def _high(key: str) -> int:
    return int(NUMBERS[key].high)


def worst_codes() -> dict[str, str]:
    """Strings at the limits that the parser accepts (each is parsed below to prove it)."""
    nodes, paths, parts = COUNTS["nodes"].high, COUNTS["paths"].high, COUNTS["parts"].high
    lanes = _high("path.lanes")
    big = _high("revenue")
    phases = "|".join(f"p{i}_{big}" for i in range(COUNTS["phases"].high))
    cities = [f"city=revenue:{phases},slots:{_high('city.slots')}" for _ in range(nodes)]
    lane_paths = [f"path=a:_{i % nodes},b:_{(i * 7) % nodes},lanes:{lanes}"
                  for i in range(paths // lanes)]  # fmt: skip
    towns = ["town=revenue:99999"] * nodes
    town_paths = [f"path=a:_{i % nodes},b:_{(i + 5) % nodes}" for i in range(parts - nodes)]
    offboards = ["junction"] + ["offboard=revenue:1"] * (nodes - 1)
    tapers = [f"path=a:{i % 6},b:_{i % nodes},lanes:2,terminal:1" for i in range(paths // 2)]
    edge_lanes = [f"path=a:{i % 6},b:{(i + 2) % 6},lanes:{lanes}" for i in range(paths // lanes)]
    narrow = [f"path=a:{i % 6},b:{(i + 3) % 6},track:narrow" for i in range(paths)]
    labels = ["label=" + "W" * MAX_VALUE_LENGTH] * 18
    return {
        "cities, phases, lanes": ";".join(cities + lane_paths),
        "towns and paths": ";".join(towns + town_paths),
        "offboard tapers": ";".join(offboards + tapers),
        "edge-to-edge lanes": ";".join(edge_lanes),
        "narrow track": ";".join(narrow),
        "long labels": ";".join(labels),
    }


def _time(code: str, layout: Layout) -> float:
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        render_svg(code, layout=layout, rotation=1, name="N" * 120, grid=True)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    typical = "city=revenue:20;path=a:0,b:_0;path=a:3,b:_0;label=OO"
    print(f"limits: a typical tile renders in {_time(typical, 'flat') * 1000:.1f} ms")
    for label, code in worst_codes().items():
        parse(code)  # accepted: these are within every limit
        ms = max(_time(code, layout) for layout in LAYOUTS) * 1000
        print(f"limits: worst case '{label}' ({len(code):,} chars): {ms:.1f} ms")


if __name__ == "__main__":
    main()
