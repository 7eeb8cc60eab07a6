"""The garbage collector during `mkdocs serve`: nothing alive at a build's start is walked
during the build, and the full collection comes after a served build, not in the next one."""

from __future__ import annotations

import gc
import threading

import pytest

from plugin.collector import Collector


@pytest.fixture(autouse=True)
def _heap_not_frozen() -> None:
    """An in-process `mkdocs build` of an earlier test in this process left the heap frozen
    (as `mkdocs build` does, its process ending next): these tests start from a heap that is
    not."""
    gc.unfreeze()


def test_a_build_runs_frozen_and_a_served_one_is_collected_afterwards() -> None:
    collected = threading.Event()
    collector = Collector(delay=0.05, collect=collected.set)
    try:
        alive = [[i] for i in range(1000)]
        collector.build_started()
        assert gc.get_freeze_count() >= len(alive)
        collector.build_ended(serving=False)  # `mkdocs build`: its process ends next
        assert gc.get_freeze_count() >= len(alive)  # Python's last collections skip it
        assert not collected.wait(0.3)
        collector.build_started()  # a process that builds again collects first
        assert collected.is_set()
        collected.clear()
        collector.build_ended(serving=True)
        assert gc.get_freeze_count() == 0
        assert collected.wait(10)  # a loaded machine may be slow to run the timer
    finally:
        gc.unfreeze()


def test_a_build_starting_before_the_collection_cancels_it() -> None:
    collected = threading.Event()
    collector = Collector(delay=0.3, collect=collected.set)
    try:
        collector.build_started()
        collector.build_ended(serving=True)
        collector.build_started()  # the next edit came first: not collected mid-build
        assert not collected.wait(0.8)
        collector.build_ended(serving=True)
        assert collected.wait(10)
    finally:
        gc.unfreeze()


def test_the_collection_is_a_full_one() -> None:
    """What the collector runs by default walks the oldest generation."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(note)
    try:
        Collector()._collect()
    finally:
        gc.callbacks.remove(note)
    assert 2 in seen


def test_a_build_not_served_leaves_its_heap_to_the_next_builds_collector() -> None:
    """A script or a test run makes a new plugin (and collector) for each build: the next
    build's collector still collects what the last one left frozen, so nothing piles up."""
    first = Collector(collect=lambda: None)
    collected = threading.Event()
    second = Collector(collect=collected.set)
    try:
        first.build_started()
        first.build_ended(serving=False)
        assert gc.get_freeze_count() > 0
        second.build_started()
        assert collected.is_set()
    finally:
        gc.unfreeze()
