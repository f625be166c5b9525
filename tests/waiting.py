"""Waiting for a condition instead of for a while: tests that hold on any machine, fast or loaded.

A test never sleeps to let something happen; it waits for the thing itself, with a limit that
fails with a message saying what never came. A thread a test starts is a ``Worker``: what it
raised is raised again in the test, and a thread that has not finished by its limit fails it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def wait_until(condition: Callable[[], T], what: str, timeout: float = 15, interval: float = 0.02) -> T:
    """Poll ``condition`` until it returns something true, and return that; after ``timeout`` seconds fail
    with ``what`` (the thing that never happened)."""
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(interval)


class Worker(threading.Thread):
    """A thread whose result, or exception, reaches the test that started it (``finish``)."""

    def __init__(self, target: Callable[..., Any], *args: Any, name: str | None = None) -> None:
        super().__init__(name=name, daemon=True)
        self._work = (target, args)
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        target, args = self._work
        try:
            self.result = target(*args)
        except BaseException as error:  # noqa: BLE001 - handed to the test in finish()
            self.error = error

    def finish(self, timeout: float = 60) -> Any:
        """Wait for the thread; fail if it is still running after ``timeout`` seconds, raise what it raised,
        else return what its target returned."""
        self.join(timeout)
        if self.is_alive():
            raise AssertionError(f"the thread {self.name} was still running after {timeout} s")
        if self.error is not None:
            raise self.error
        return self.result


def run_together(*workers: Worker, timeout: float = 60) -> list[Any]:
    """Start the workers, wait for all of them (``timeout`` in all) and return their results in order."""
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + timeout
    return [worker.finish(max(0.0, deadline - time.monotonic())) for worker in workers]
