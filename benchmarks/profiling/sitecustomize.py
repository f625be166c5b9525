"""Profiling a server that netload.py starts: put this folder on PYTHONPATH and name an output.

    PYTHONPATH=benchmarks/profiling GAMENIGHT_PROFILE=/tmp/serve.prof \\
        .venv/bin/python benchmarks/netload.py --servers real --lobbies 40 --modes eventlet
    python -c "import pstats, glob; pstats.Stats(glob.glob('/tmp/serve.prof.*')[0]).sort_stats('tottime').print_stats(30)"

netload.py passes its environment to the server it starts, and Python imports a
``sitecustomize`` module from the path at start. In a ``gamenight serve`` process
(or the relay's) this one starts cProfile (``GAMENIGHT_PROFILE``) and/or records the
garbage collector's pauses (``GAMENIGHT_GC_LOG``), and writes them out when the
benchmark ends the server with SIGTERM, to ``<path>.<pid>``. cProfile counts every
greenthread, about doubles the cost of Python code and leaves C code as it is:
read its shares as relative.
"""

import os
import sys

_PROFILE = os.environ.get("GAMENIGHT_PROFILE")
_GC_LOG = os.environ.get("GAMENIGHT_GC_LOG")
_COMMAND = " ".join(sys.argv)

if (_PROFILE or _GC_LOG) and (" serve" in _COMMAND or "relay.py" in _COMMAND):
    import collections
    import cProfile
    import gc
    import signal
    import time

    _profiler = cProfile.Profile() if _PROFILE else None
    _pauses: dict[int, list[float]] = collections.defaultdict(list)
    _collected: collections.Counter = collections.Counter()
    _started = [0.0]

    def _on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            _started[0] = time.perf_counter()
        else:
            _pauses[info["generation"]].append(time.perf_counter() - _started[0])
            _collected[info["generation"]] += info["collected"]

    def _write_out(*_: object) -> None:
        pid = os.getpid()
        if _profiler is not None:
            _profiler.disable()
            _profiler.dump_stats(f"{_PROFILE}.{pid}")
        if _GC_LOG:
            with open(f"{_GC_LOG}.{pid}", "w", encoding="utf-8") as out:
                for generation, pauses in sorted(_pauses.items()):
                    pauses.sort()
                    out.write(
                        f"generation {generation}: {len(pauses)} collections, {sum(pauses) * 1000:.0f} ms in all, "
                        f"longest {pauses[-1] * 1000:.1f} ms, {_collected[generation]} objects collected\n"
                    )
        os._exit(0)

    if _GC_LOG:
        gc.callbacks.append(_on_gc)
    signal.signal(signal.SIGTERM, _write_out)
    if _profiler is not None:
        _profiler.enable()
