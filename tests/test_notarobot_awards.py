"""I'm Not a Robot's awards on the night's recap go to the true leaders: never to most of the table."""

from __future__ import annotations

from gamenight.awards import MatchRecord, Night
from gamenight.plugins.notarobot.awards import EYE, FULL, MASTER, night_awards

NINE = [f"p{n}" for n in range(1, 10)]


def night_of(*rounds: list[tuple[str, str]]) -> Night:
    """One finished match of nine players whose rounds give each (player, reason) one entry."""
    ledger = tuple(
        tuple({"player": p, "points": 1, "reason": f"notarobot.reason.{reason}", "params": {}} for p, reason in entries)
        for entries in rounds
    )
    record = MatchRecord(
        id="m1",
        game="notarobot",
        variants=(),
        players=tuple(NINE),
        names={p: p.upper() for p in NINE},
        ranking=tuple({"player": p, "place": 1, "total": 0} for p in NINE),
        ledger=ledger,
    )
    return Night(matches=(record,))


def given(night: Night) -> dict[str, tuple[list[str], int]]:
    return {award.key: (list(award.players), award.figure) for award in night_awards(night)}


def test_an_award_most_of_the_table_would_share_is_not_given():
    # Seven of nine artists won a CAPTCHA token each (and kept it); two guessers had a sharp eye.
    night = night_of([(p, "captcha") for p in NINE[:7]], [("p8", "robot"), ("p9", "robot")])
    awards = given(night)
    assert MASTER not in awards
    assert awards[EYE] == (["p8", "p9"], 1)


def test_the_captcha_master_is_the_artist_who_kept_the_most_tokens():
    # Seven artists won one token, p3 a second; p5's was taken back by a bug report.
    night = night_of([(p, "captcha") for p in NINE[:7]], [("p3", "captcha"), ("p5", "captcha_lost")])
    assert given(night)[MASTER] == (["p3"], 2)


def test_leaders_up_to_half_the_table_share_an_award():
    night = night_of([(p, "captcha") for p in NINE[:4]], [(p, "full_pad") for p in NINE[:5]])
    awards = given(night)
    assert awards[MASTER] == (["p1", "p2", "p3", "p4"], 1)  # four of nine
    assert FULL not in awards  # five of nine
