"""Moving the SQLite store's write-ahead log into the database file, off the server's loop.

SQLite's own way is for a commit that finds the log past 1,000 pages to copy it back and
sync the file before it returns. Under a cooperative server (eventlet, gevent) that commit
holds every lobby up for as long as the disk takes: 5-10 ms at 80 lobbies, and 50-100 ms
and more when the disk is busy. Here a thread of the operating system's own does it with a
connection of its own: a passive checkpoint never waits for the writer, and the writer never
waits for it. The log starts over from its beginning at the first commit after a checkpoint
that caught up with it. Only a log that keeps growing past ``LOG_LIMIT_PAGES`` (a writer
that never pauses for a tenth of a second) makes the writer wait, once, for a full one.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

log = logging.getLogger(__name__)

CHECKPOINT_SECONDS = 0.1
LOG_LIMIT_PAGES = 16_384  # 64 MB of 4 KB pages
BUSY_TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class NativeThreads:
    """How to run work in an operating-system thread, whatever the async mode patched.

    ``start(work)`` runs ``work`` in such a thread; ``sleep`` pauses that thread alone.
    """

    start: Callable[[Callable[[], None]], None]
    sleep: Callable[[float], None]


def threads_of(threading_module: ModuleType, sleep: Callable[[float], None]) -> NativeThreads:
    """Threads started by ``threading_module`` (the standard library's, or a copy an async mode left unpatched)."""

    def start(work: Callable[[], None]) -> None:
        threading_module.Thread(target=work, name="gamenight-checkpoint", daemon=True).start()

    return NativeThreads(start=start, sleep=sleep)


STANDARD_THREADS = threads_of(threading, time.sleep)


class Checkpointer:
    """Checkpoints a database's log every ``CHECKPOINT_SECONDS`` until ``stop``, or until ``owner`` is gone."""

    def __init__(self, path: str, owner: object, threads: NativeThreads = STANDARD_THREADS) -> None:
        self.path = path
        self.threads = threads
        self._owner = weakref.ref(owner)  # a store dropped without closing it stops its checkpointer too
        self._stopping = False
        self._stopped = False
        self._failing = False
        threads.start(self._run)

    def stop(self) -> None:
        """Stop, and wait until the thread has let go of the database (at most a few seconds)."""
        self._stopping = True
        deadline = time.monotonic() + 5
        while not self._stopped and time.monotonic() < deadline:
            self.threads.sleep(0.01)

    def _run(self) -> None:
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error:
            log.exception("the checkpointer could not open %s", self.path)
            self._stopped = True
            return
        try:
            db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            while True:
                self.threads.sleep(CHECKPOINT_SECONDS)
                if self._stopping or self._owner() is None:
                    break
                self._checkpoint(db)
        finally:
            db.close()
            self._stopped = True

    def _checkpoint(self, db: sqlite3.Connection) -> None:
        try:
            _, pages, _ = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if pages >= LOG_LIMIT_PAGES:
                db.execute("PRAGMA wal_checkpoint(RESTART)")
        except sqlite3.Error:  # the disk is full, say: the log waits, the next round tries again
            if not self._failing:  # said once, not ten times a second
                log.exception("checkpoint of %s failed; retrying", self.path)
            self._failing = True
        else:
            if self._failing:
                log.warning("checkpoint of %s works again", self.path)
            self._failing = False
