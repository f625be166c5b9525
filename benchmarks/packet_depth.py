"""Benchmark: the cost of measuring a packet's nesting on hostile text, and how it grows with the text.

    python benchmarks/packet_depth.py [--tries 5] [--check]

Every inbound packet's nesting is measured (gamenight.web.protocol.nested_deeper_than) before it is decoded,
so a client sending text built to make that measure slow would slow every lobby on its process. Three hostile
texts (escaped quotes before brackets, a run of opening brackets, escaped backslashes before braces) at 1, 2, 4
and 8 times their base size (about 15,000 to 120,000 characters each): the best of ``--tries`` times per size,
and each size's cost over the base size's. Linear is 2x, 4x, 8x; quadratic would be 4x, 16x, 64x. With
``--check`` the run fails when 4x the text costs more than 8x as much.
"""

from __future__ import annotations

import argparse
import time

from gamenight.web.protocol import MAX_DEPTH, nested_deeper_than

SIZES = (1, 2, 4, 8)


def hostile(n: int) -> list[str]:
    """The hostile texts at ``n`` times the base size (the tests' own, tests/test_limits_payloads.py)."""
    return ['"' + '\\"' * 7500 * n + "[" * 40, "[" * 15000 * n, '"\\\\' * 5000 * n + "{" * 40]


def cost(texts: list[str], tries: int) -> float:
    """The best of ``tries`` times to measure all of ``texts``."""
    best = float("inf")
    for _ in range(tries):
        start = time.perf_counter()
        for text in texts:
            nested_deeper_than(text, MAX_DEPTH)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=5, help="times per size; the best counts")
    parser.add_argument("--check", action="store_true", help="fail when 4x the text costs over 8x as much")
    options = parser.parse_args()
    costs = {n: cost(hostile(n), options.tries) for n in SIZES}
    for n, seconds in costs.items():
        characters = sum(len(text) for text in hostile(n))
        print(
            f"{n}x ({characters:>7,} characters): {seconds * 1e3:7.2f} ms, {seconds / costs[1]:5.1f}x the base,"
            f" {characters / seconds / 1e6:6.1f} M characters/s"
        )
    growth = costs[4] / costs[1]
    if options.check and growth > 8:
        raise SystemExit(f"4x the text took {growth:.1f}x as long: the measure is not linear")


if __name__ == "__main__":
    main()
