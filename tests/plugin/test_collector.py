"""The garbage collector during `mkdocs serve`: nothing alive at a build's start is walked
during the build, and the full collection comes after a served build, not in the next one."""

from __future__ import annotations

import gc
import threading
from typing import Any

from plugin.collector import Collector


def test_a_build_runs_frozen_and_a_served_one_is_collected_afterwards() -> None:
    collected = threading.Event()

    def full(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == 2:
            collected.set()

    collector = Collector(delay=0.05)
    gc.callbacks.append(full)
    gc.disable()  # only the collector's own collections count here
    try:
        alive = [[i] for i in range(1000)]
        collector.build_started()
        assert gc.get_freeze_count() >= len(alive)
        collector.build_ended(serving=False)  # `mkdocs build`: no collection to come
        assert gc.get_freeze_count() == 0
        assert not collected.wait(0.2)
        collector.build_started()
        collector.build_ended(serving=True)
        assert gc.get_freeze_count() == 0
        assert collected.wait(5)
    finally:
        gc.enable()
        gc.callbacks.remove(full)
        gc.unfreeze()


def test_a_build_starting_before_the_collection_cancels_it() -> None:
    runs: list[int] = []

    def full(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == 2:
            runs.append(1)

    collector = Collector(delay=0.3)
    gc.callbacks.append(full)
    gc.disable()  # only the collector's own collections count here
    try:
        collector.build_started()
        collector.build_ended(serving=True)
        collector.build_started()  # the next edit came first: not collected mid-build
        threading.Event().wait(0.5)
        assert not runs
        collector.build_ended(serving=True)
        threading.Event().wait(0.8)
        assert runs
    finally:
        gc.enable()
        gc.callbacks.remove(full)
        gc.unfreeze()
