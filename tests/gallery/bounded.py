"""Running a hostile case in a child process with a memory ceiling and a deadline, and reading
back how long it took and how much memory it used at its peak.

The hostile cases of docs/security.md must stay small whatever the input asks for; a test that
ran them in the test process could only fail by taking the machine down with it. Here the
child has an address-space limit (a runaway allocation is a MemoryError in the child, not a
swapping machine) and a deadline, and prints its own peak resident size, which the test
compares with a bound far below what the unbounded code used.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The child's address-space ceiling: room for Python and the project (about 300 MB mapped),
#: far below what any of the hostile cases took before they were bounded (1.3 to 3.9 GB).
CEILING_BYTES = 1_500 * 2**20

_EPILOGUE = """
import json as _json, resource as _resource
print("BOUNDED:" + _json.dumps({"peak_mb": _resource.getrusage(_resource.RUSAGE_SELF).ru_maxrss
                                / 1024, "result": RESULT}))
"""


@dataclass(frozen=True)
class Bounded:
    """What the child printed as RESULT (JSON), its peak memory and its wall time."""

    result: object
    peak_mb: float
    seconds: float
    stderr: str


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CEILING_BYTES, CEILING_BYTES))


def run_bounded(code: str, cwd: Path, *, timeout: float = 60.0) -> Bounded:
    """Run `code` (which sets a JSON-able `RESULT`) in a child with the ceiling and the
    deadline; a child that fails or overruns fails the test with its error output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code) + _EPILOGUE],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_limit,
        check=False,
    )
    seconds = time.monotonic() - started
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(x for x in done.stdout.splitlines() if x.startswith("BOUNDED:"))
    data = json.loads(line.removeprefix("BOUNDED:"))
    return Bounded(data["result"], data["peak_mb"], seconds, done.stderr)
