"""Work done while `mkdocs serve` waits: it starts after its delay, a build halts it (waiting
for its current step, never leaving it running beside the build), and its failure is a debug
line, never a failed server."""

from __future__ import annotations

import logging
import threading
import time

import pytest

from plugin.idle import IdleWork

LOG = logging.getLogger("test-idle")


def test_the_work_runs_after_its_delay_and_says_what_it_did(
    caplog: pytest.LogCaptureFixture,
) -> None:
    done = threading.Event()

    def work(stop: threading.Event) -> int:
        done.set()
        return 3

    idle = IdleWork(LOG, delay=0.2)
    with caplog.at_level(logging.DEBUG, logger="test-idle"):
        started = time.perf_counter()
        idle.start(work, "things made")
        assert done.wait(10)
        assert time.perf_counter() - started >= 0.2
        idle.halt()  # waits for the thread: its log line is written
    assert any("things made while idle: 3" in r.getMessage() for r in caplog.records)


def test_halting_before_the_delay_runs_nothing() -> None:
    ran = threading.Event()
    idle = IdleWork(LOG, delay=0.3)
    idle.start(lambda stop: ran.set() or 1, "nothing")
    idle.halt()
    assert not ran.wait(0.6)


def test_halting_stops_the_work_between_its_steps_and_waits_for_it() -> None:
    steps: list[int] = []
    inside = threading.Event()

    def work(stop: threading.Event) -> int:
        for i in range(1000):
            if stop.is_set():
                break
            inside.set()
            time.sleep(0.02)
            steps.append(i)
        return len(steps)

    idle = IdleWork(LOG, delay=0.0)
    idle.start(work, "steps")
    assert inside.wait(10)
    idle.halt()
    count = len(steps)
    assert 0 < count < 1000  # it stopped, having finished the step it was in
    time.sleep(0.1)
    assert len(steps) == count  # and nothing runs any more


def test_a_failing_work_is_a_debug_line(caplog: pytest.LogCaptureFixture) -> None:
    def work(stop: threading.Event) -> int:
        raise ValueError("broken")

    idle = IdleWork(LOG, delay=0.0)
    with caplog.at_level(logging.DEBUG, logger="test-idle"):
        idle.start(work, "warming")
        idle._thread.join(10)  # type: ignore[union-attr]
        idle.halt()
    (record,) = [r for r in caplog.records if "warming" in r.getMessage()]
    assert record.levelno == logging.DEBUG and "ValueError: broken" in record.getMessage()


def test_starting_again_halts_what_was_running() -> None:
    first_stopped = threading.Event()
    inside = threading.Event()

    def first(stop: threading.Event) -> int:
        inside.set()
        stop.wait(10)
        first_stopped.set()
        return 0

    idle = IdleWork(LOG, delay=0.0)
    idle.start(first, "first")
    assert inside.wait(10)
    idle.start(lambda stop: 0, "second")
    assert first_stopped.is_set()
    idle.halt()
