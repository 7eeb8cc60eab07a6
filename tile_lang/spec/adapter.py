"""The reference adapter: this implementation answering the conformance protocol.

    python -m tile_lang.spec.adapter < requests.jsonl > answers.jsonl

The protocol (the Specification's "Run the suite" page): one JSON request per input line, one
JSON answer per output line, in order. Requests and their answers:

* `{"op": "parse", "code"}` -> `{"tile": <tile model>}` or `{"error": {"code", "column"}}`
* `{"op": "check", "code"}` -> `{"diagnostics": [{"severity", "code", "column"}, ...]}`
* `{"op": "exits", "code"}` -> `{"exits": [[edges at rotation 0], ..., [at rotation 5]]}`
* `{"op": "revenue_circles", "code"}` -> `{"stops": [node indices], "tile": null|"circle"|"phases"}`
* `{"op": "lane_offsets", "code"}` -> `{"paths": [{"a": shift, "b": shift}, ...]}`
* `{"op": "legal_rotations", "old", "old_color", "new", "new_color"}` -> `{"rotations": [...]}`

A request about a string that does not parse gets the `error` answer whatever its op.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TextIO

from tile_lang.check import check
from tile_lang.errors import TileSyntaxError
from tile_lang.layout import layout_tile
from tile_lang.layout.revenue_common import displayed_revenues
from tile_lang.layout.track import STYLES, lane_shift
from tile_lang.model import NodeRef, Offboard, Tile
from tile_lang.parse import parse
from tile_lang.rotation import rotate
from tile_lang.spec.model_json import JsonObject, JsonValue, tile_json
from tile_lang.upgrades import legal_rotations

Answer = JsonObject


def exits(tile: Tile) -> Answer:
    """The edges real track leaves through (future track excluded), sorted, at each rotation."""
    return {"exits": [sorted(rotate(tile, r).exits()) for r in range(6)]}


def revenue_circles(tile: Tile) -> Answer:
    """Which stops draw their own revenue circle (or a halt its symbol), and whether the tile
    draws one tile-level revenue instead (one shared circle, or phase boxes)."""
    ctx = layout_tile(tile)
    kind = None
    if ctx.tile_level_revenue and ctx.layers["revenue"]:
        with_paths = {i for i, s in ctx.stops.items() if s.paths}
        first = displayed_revenues(tile, with_paths)[0]
        kind = "phases" if isinstance(first, tuple) else "circle"
    return {"stops": sorted(ctx.own_revenue), "tile": kind}


def lane_offsets(tile: Tile) -> Answer:
    """For each lane-expanded path, the sideways shift of each end in hex units (circumradius
    100): 0 for a single lane; an offboard's taper uses its own spacing."""
    out: list[JsonValue] = []
    for path in tile.paths:
        width = STYLES[path.track][1]
        offboard = any(
            isinstance(end, NodeRef) and isinstance(tile.nodes[end.index], Offboard)
            for end in (path.a, path.b)
        )
        out.append(
            {
                "a": round(lane_shift(path.a_lane, width, offboard=offboard), 2),
                "b": round(lane_shift(path.b_lane, width, offboard=offboard), 2),
            }
        )
    return {"paths": out}


def _check(code: str) -> Answer:
    return {
        "diagnostics": [
            {"severity": d.severity, "code": d.code, "column": d.column} for d in check(code)
        ]
    }


_ON_TILE: dict[str, Callable[[Tile], Answer]] = {
    "parse": lambda tile: {"tile": tile_json(tile)},
    "exits": exits,
    "revenue_circles": revenue_circles,
    "lane_offsets": lane_offsets,
}


def answer(request: JsonObject) -> Answer:
    """This implementation's answer to one protocol request (`{"unsupported": op}` for a
    request it does not understand)."""
    op = request.get("op")
    texts = {k: v for k, v in request.items() if isinstance(v, str)}
    try:
        if op == "check" and "code" in texts:
            return _check(texts["code"])
        if op == "legal_rotations" and texts.keys() >= {"old", "new", "old_color", "new_color"}:
            rotations = legal_rotations(
                texts["old"],
                texts["new"],
                old_color=texts["old_color"],
                new_color=texts["new_color"],
            )
            return {"rotations": list(rotations)}
        if isinstance(op, str) and op in _ON_TILE and "code" in texts:
            return _ON_TILE[op](parse(texts["code"]))
    except TileSyntaxError as exc:
        return {"error": {"code": exc.diagnostic_code, "column": exc.column}}
    return {"unsupported": op}


def serve(stdin: TextIO, stdout: TextIO) -> None:
    """Answer every request line of `stdin` on `stdout`, one line each, flushed per line."""
    for line in stdin:
        if line.strip():
            request = json.loads(line)
            reply = answer(request) if isinstance(request, dict) else {"unsupported": None}
            stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
            stdout.flush()


if __name__ == "__main__":  # pragma: no cover - exercised through the runner's subprocess
    serve(sys.stdin, sys.stdout)
