"""The conformance runner: feed the vectors to an implementation and judge its answers.

The implementation is any command that reads protocol requests (one JSON object per line) on
stdin and writes one JSON answer per line on stdout (see `tile_lang.spec.adapter`, the
reference). All requests go in one run: starting a process per vector would cost more than the
answers.

Judging is by value, per vector kind: numbers compare with a tolerance of 0.005 (lane offsets
are rounded to 2 decimals), `true` is never equal to `1`, key order does not matter, and the
diagnostics of a `check` compare as a set of (severity, code, column).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tile_lang.spec import Vector
from tile_lang.spec.model_json import JsonValue

#: The reference implementation: this package's adapter, run by the current interpreter.
REFERENCE = (sys.executable, "-m", "tile_lang.spec.adapter")

_TOLERANCE = 0.005


@dataclass(frozen=True)
class Outcome:
    """One vector's verdict: `difference` is None when it passed, else what differed."""

    id: str
    kind: str
    difference: str | None

    @property
    def passed(self) -> bool:
        return self.difference is None


def difference(expected: JsonValue, got: JsonValue, where: str = "") -> str | None:
    """The first place where `got` differs from `expected` (by value), or None."""
    at = where or "answer"
    if isinstance(expected, bool) or isinstance(got, bool):
        same = type(expected) is type(got) and expected == got
    elif isinstance(expected, int | float) and isinstance(got, int | float):
        same = abs(expected - got) <= _TOLERANCE
    elif isinstance(expected, dict) and isinstance(got, dict):
        if set(expected) != set(got):
            missing = sorted(set(expected) - set(got))
            extra = sorted(set(got) - set(expected))
            return f"{at}: keys differ (missing {missing}, unexpected {extra})"
        for key in expected:
            found = difference(expected[key], got[key], f"{where}.{key}" if where else key)
            if found:
                return found
        return None
    elif isinstance(expected, list) and isinstance(got, list):
        if len(expected) != len(got):
            return f"{at}: expected {len(expected)} items, got {len(got)}"
        for index, (e, g) in enumerate(zip(expected, got, strict=True)):
            found = difference(e, g, f"{where}[{index}]")
            if found:
                return found
        return None
    else:
        same = expected == got
    return None if same else f"{at}: expected {_short(expected)}, got {_short(got)}"


def _short(value: JsonValue) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def _normalised(kind: str, answer: JsonValue) -> JsonValue:
    """The answer as it is compared: a check's diagnostics as a sorted list (order is free)."""
    if kind == "warn" and isinstance(answer, dict):
        items = answer.get("diagnostics")
        if isinstance(items, list):
            ordered = sorted(items, key=lambda d: json.dumps(d, sort_keys=True))
            return {**answer, "diagnostics": ordered}
    return answer


def judge(vector: Vector, answer: JsonValue) -> Outcome:
    kind = vector["kind"]
    found = difference(_normalised(kind, vector["expected"]), _normalised(kind, answer))
    return Outcome(vector["id"], kind, found)


def run(
    command: Sequence[str], vectors: Sequence[Vector], *, timeout: float = 600
) -> list[Outcome]:
    """Every vector's outcome against `command` (one process for all of them).

    A command that cannot start, exits non-zero, times out or answers fewer lines fails the
    vectors it did not answer, each saying why; it never raises.
    """
    requests = "".join(json.dumps(v["request"], ensure_ascii=False) + "\n" for v in vectors)
    try:
        done = subprocess.run(
            list(command),
            input=requests.encode("utf-8"),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return [Outcome(v["id"], v["kind"], f"implementation did not run: {exc}") for v in vectors]
    lines = done.stdout.decode("utf-8", "replace").splitlines()
    why = f"no answer (the implementation exited with status {done.returncode})"
    outcomes = []
    for index, vector in enumerate(vectors):
        if index >= len(lines):
            outcomes.append(Outcome(vector["id"], vector["kind"], why))
            continue
        try:
            answer = json.loads(lines[index])
        except ValueError:
            outcomes.append(Outcome(vector["id"], vector["kind"], "the answer is not JSON"))
            continue
        outcomes.append(judge(vector, answer))
    return outcomes


def summary(outcomes: Sequence[Outcome]) -> dict[str, tuple[int, int]]:
    """(passed, total) per vector kind, kinds sorted."""
    total = Counter(o.kind for o in outcomes)
    passed = Counter(o.kind for o in outcomes if o.passed)
    return {kind: (passed[kind], total[kind]) for kind in sorted(total)}
