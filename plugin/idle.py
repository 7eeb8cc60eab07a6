"""Work done while `mkdocs serve` waits for an edit, given way to as soon as a build starts.

A served build's gallery made most of its games in worker processes, so the MkDocs process
knows little of them: the first game edited after the server started took 0.3 to 0.7 s more
than the next (`gallery.parts.warm_pieces`). That work is done here, in a thread, once the
browsers have reloaded. The next build's first plugin event stops it and waits for the game
being made: a build and the work share the gallery's caches, which are not made for two
threads at once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

#: Seconds after a served build before the work starts: after the browsers' reload (the pages
#: they ask for are served from this process, whose other threads the work slows).
WORK_DELAY = 1.0

#: The work: told to stop by the event (it checks it between its steps), says how much it did.
Work = Callable[[threading.Event], int]


class IdleWork:
    """Runs one `Work` in a daemon thread `delay` seconds after `start`; `halt` stops it and
    waits for its current step."""

    def __init__(self, log: logging.Logger | logging.LoggerAdapter[logging.Logger],
                 delay: float = WORK_DELAY) -> None:  # fmt: skip
        self._log = log
        self._delay = delay
        self._stop = threading.Event()
        self._thread: threading.Timer | None = None

    def start(self, work: Work, what: str) -> None:
        """Run `work` shortly (what was running is halted first); `what` names it in the log."""
        self.halt()
        stop = self._stop = threading.Event()
        thread = threading.Timer(self._delay, self._run, (work, what, stop))
        thread.daemon = True  # never keeps `mkdocs serve` from ending
        thread.start()
        self._thread = thread

    def halt(self) -> None:
        """Stop the work (not started yet: never) and wait until it has stopped."""
        thread, self._thread = self._thread, None
        if thread is None:
            return
        self._stop.set()
        thread.cancel()
        if thread is not threading.current_thread():
            thread.join()

    def _run(self, work: Work, what: str, stop: threading.Event) -> None:
        started = time.perf_counter()
        try:
            done = work(stop)
        except Exception as exc:  # the next build does this work itself: say why, at debug
            self._log.debug(f"{what} while idle stopped: {type(exc).__name__}: {exc}")
            return
        if done:
            seconds = time.perf_counter() - started
            self._log.debug(f"{what} while idle: {done} ({seconds:.1f} s)")
