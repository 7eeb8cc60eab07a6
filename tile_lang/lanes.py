"""Lane expansion: turning `lanes:n` into n parallel paths, exactly as the engine does.

Why it matters: everything downstream (drawing offsets, exits, town styles) works on expanded
paths, and the index reversal between two edges is easy to get wrong (facts §1.5).
"""

from __future__ import annotations

from tile_lang.parts import EdgeRef, Lane, Path

DEFAULT_LANE: Lane = (1, 0)


def expand_path(path: Path) -> tuple[Path, ...]:
    """One written path -> the engine's list of paths, each with explicit lanes.

    `lanes:n` wins over `a_lane`/`b_lane`. Path k gets a-lane (n, k); its b-lane is (n, n-1-k)
    when both ends are edges (so parallel tracks keep their side: index 0 is the most clockwise
    slot seen from inside the hex, and clockwise is reversed on the far edge), else (n, k).
    """
    if path.lanes is not None:
        n = path.lanes
        both_edges = isinstance(path.a, EdgeRef) and isinstance(path.b, EdgeRef)
        return tuple(
            _with_lanes(path, None, (n, k), (n, n - 1 - k) if both_edges else (n, k))
            for k in range(n)
        )
    return (_with_lanes(path, None, path.a_lane or DEFAULT_LANE, path.b_lane or DEFAULT_LANE),)


def _with_lanes(path: Path, lanes: int | None, a_lane: Lane, b_lane: Lane) -> Path:
    """`path` with these lanes, built directly: `dataclasses.replace` costs several times more
    and every path of every drawn tile is expanded."""
    return Path(a=path.a, b=path.b, terminal=path.terminal, ignore=path.ignore, track=path.track,
                lanes=lanes, a_lane=a_lane, b_lane=b_lane)  # fmt: skip


def expand_paths(paths: tuple[Path, ...]) -> tuple[Path, ...]:
    """Expand every path in order (the engine keeps the written order)."""
    return tuple(p for written in paths for p in expand_path(written))
