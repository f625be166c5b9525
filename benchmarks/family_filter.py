"""Benchmark: the family filter's cost per typed text.

    python benchmarks/family_filter.py [--rounds 20] [--texts 5000] [--quick]

Times gamenight.family_filter.check on each text alone, at moderate and at strict: over the filter's test
table (tests/family_filter_table.py: English and Russian swearing, its disguises and its traps), over random
innocent texts of 1-40 characters (names, associations, pack names: Russian and English words), and over the
same with a host's 20 own words. Reports the median and the 99th percentile per text, and the time to build
the filter's patterns on first import.

Then the door through the real engine (gamenight.filtering): a sticker a player proposes on Spyfall's board,
once more (the door passes it, the board refuses the repeat, so nothing is stored and the store's time is left
out), per command at each level: the difference to `off` is what the door adds to a typed text's command.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from family_filter_table import TABLE  # noqa: E402

VOCABULARY = (
    "кошка собака космическая станция пиратский корабль больница школа пляж ресторан банк театр самолёт поезд "
    "подводная лодка цирк посольство казино спа-салон университет зимний лагерь Дмитрий Анна Петров команда "
    "мандарин гребля рубля оскорблять хлебать застрахуй колебаться скипидар сукно мудрость жидкость хачапури "
    "cat dog space station pirate ship hospital school beach restaurant bank theatre plane train submarine "
    "circus embassy casino spa university winter camp Anna Dmitry Scunthorpe assassin class cocktail Dickens "
    "shiitake therapist Essex Hitchcock skyscraper document title arsenal passion button hello 42 2024 :) ! "
    "я Ян да ok I a"
)
WORDS = VOCABULARY.split()
HOST_WORDS = [f"слово{n}" for n in range(10)] + [f"word{n}" for n in range(10)]


def innocent_texts(rng: random.Random, count: int) -> list[str]:
    texts = []
    for _ in range(count):
        length = rng.randint(1, 40)
        text = rng.choice([word for word in WORDS if len(word) <= length])
        while True:
            word = rng.choice(WORDS)
            if len(text) + 1 + len(word) > length:
                break
            text += " " + word
        texts.append(text)
    return texts


def per_text(check, texts: list[str], level: str, rounds: int, host_words: list[str] | None = None) -> list[float]:
    host = host_words or []
    seconds = []
    for _ in range(rounds):
        for text in texts:
            start = time.perf_counter()
            check(text, level, host)
            seconds.append(time.perf_counter() - start)
    return seconds


def report(label: str, seconds: list[float]) -> None:
    ordered = sorted(seconds)
    median = statistics.median(ordered)
    p99 = ordered[int(len(ordered) * 0.99)]
    print(
        f"{label:44s} median {median * 1e6:6.1f} µs  p99 {p99 * 1e6:6.1f} µs  = {1 / median:,.0f} texts/s"
        f" ({len(ordered):,} timed)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="times over the table")
    parser.add_argument("--texts", type=int, default=5000, help="random innocent texts")
    parser.add_argument("--quick", action="store_true", help="2 rounds, 500 texts")
    options = parser.parse_args()
    if options.quick:
        options.rounds, options.texts = 2, 500

    importlib.import_module("gamenight")
    start = time.perf_counter()
    family_filter = importlib.import_module("gamenight.family_filter")
    built = time.perf_counter() - start
    check = family_filter.check

    rng = random.Random(7)
    table = [text for text, *_ in TABLE]
    innocent = innocent_texts(rng, options.texts)
    caught = [text for text in innocent if not check(text, "strict").clean]
    if caught:
        raise SystemExit(f"innocent texts refused: {caught[:5]}")

    print(f"family filter: {len(table)} table texts, {len(innocent):,} innocent texts of 1-40 characters")
    print(f"import and build the patterns: {built * 1e3:.1f} ms")
    for level in ("moderate", "strict"):
        report(f"{level}, the table", per_text(check, table, level, options.rounds))
        report(f"{level}, innocent texts", per_text(check, innocent, level, 1))
        report(f"{level}, innocent texts, 20 host words", per_text(check, innocent, level, 1, HOST_WORDS))
    report("off, innocent texts", per_text(check, innocent, "off", 1))
    door_through_the_engine(options.rounds * 100)


def door_through_the_engine(commands: int) -> None:
    from gamenight.engine import Engine
    from gamenight.registry import Plugins
    from gamenight.store_sqlite import SQLiteStore

    engine = Engine(SQLiteStore(":memory:"), Plugins())
    for level in ("off", "moderate", "strict"):
        engine.family_filter = level
        created, _ = engine.create_lobby("Ann")
        _, token = engine.join(created.code, "Boris")
        args = {"shelf": "spyfall.board", "action": "propose", "args": {"name": "Old mill by the river"}}
        assert engine.submit(created.code, "shelf", args, token=token).ok
        seconds = []
        for _ in range(commands):
            start = time.perf_counter()
            outcome = engine.submit(created.code, "shelf", args, token=token)
            seconds.append(time.perf_counter() - start)
            assert outcome.error["code"] == "spyfall.board_duplicate"
        report(f"{level}, a sticker's command through the engine", seconds)


if __name__ == "__main__":
    main()
