"""When the garbage collector walks the whole heap during a build: never; after it, or never.

A served site with a big gallery keeps millions of objects alive from build to build (the
gallery's pages, drawings and parts). Python's collector walks all of them in each full
collection, and one came in every other rebuild, a third of a second inside a rebuild that
should take well under one. So a build runs with everything alive at its start frozen (out of
the collector's sight: young collections of what the build itself makes still run), and the
full collection is made once the build is over and the browsers have reloaded, while the
server waits for the next edit. The frozen objects include the previous build's garbage; it is
kept one build longer, never more (each served build ends by unfreezing, and the collection
that follows frees it).

A build that is not served (`mkdocs build`) ends frozen: its process ends next, and Python's
last collections, as it shuts down, walked a whole world's heap for 0.7 s. A process that
builds again (a script, a test run) collects what the last build left when the next starts.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable

#: Seconds after a served build before the full collection (a third of a second for a whole
#: world's heap): the browsers' reload (pages read from this process) comes first, and an
#: edit made straight after the last one (a save, an undo) does not wait for it.
IDLE_DELAY = 2.5


class Collector:
    """Freezes the heap during a build and collects it after a served one (`IDLE_DELAY`);
    `collect` is what collects (tests watch it)."""

    def __init__(self, delay: float = IDLE_DELAY, collect: Callable[[], object] = gc.collect):
        self._delay = delay
        self._collect = collect
        self._timer: threading.Timer | None = None

    def build_started(self) -> None:
        """Everything alive now is left out of collections until `build_ended`; what an
        earlier build of this process left frozen (whichever plugin object ran it: a script
        or a test run loads its configuration again for each build) is collected first."""
        self._cancel()
        if gc.get_freeze_count():
            gc.unfreeze()
            self._collect()
        gc.freeze()

    def build_ended(self, *, serving: bool) -> None:
        """Back in the collector's sight and collected in full shortly when serving; a build
        not served leaves the heap frozen (its process ends: see the module's docstring)."""
        if not serving:
            return
        gc.unfreeze()
        self._cancel()
        timer = threading.Timer(self._delay, self._collect)
        timer.daemon = True  # never keeps `mkdocs serve` from ending
        timer.start()
        self._timer = timer

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
