"""No clock ends a match the rules do not end: every installed game and variant, left alone by its players,
is walked from phase to phase by its clocks alone. A clock may move the match on (a turn passes, a vote
closes, the next round is dealt), or remind; the match ends only when its rules say (its last round is over),
never "ended early" by itself, and no phase waits without a clock."""

from __future__ import annotations

import pytest
from gamenight.registry import Plugins
from gamenight.testing import Party

PLUGINS = Plugins()
STEPS = 400  # clock expiries walked per match: enough for every game's default rounds left to its clocks
BOARD = [f"Place {n}" for n in range(1, 9)]
OPTIONS = {"known_spies": {"spies": "2"}}  # the variant plays with two spies


def cases() -> list[tuple[str, tuple[str, ...]]]:
    found = []
    for game in sorted(PLUGINS.games):
        found.append((game, ()))
        found.extend((game, (variant.id,)) for variant in PLUGINS.variants_of(game))
    return found


def fill_board(party: Party, host: str, names: list[str] = BOARD) -> None:
    """The eight-locations sticker board, named by the host (the mode's start needs it full)."""
    for name in names:
        assert party.command(host, "shelf", shelf="spyfall.board", action="propose", args={"name": name}).ok
        proposals = party.view(host)["lobby"]["shelves"]["spyfall.board"]["proposals"]
        for proposal in proposals:
            party.command(host, "shelf", shelf="spyfall.board", action="confirm", args={"proposal": proposal["id"]})


@pytest.mark.parametrize(("game", "variants"), cases(), ids=lambda c: "+".join(c) if isinstance(c, tuple) else c)
def test_left_to_its_clocks_a_match_ends_only_by_its_rules(game, variants):
    rules = PLUGINS.games[game]
    names = [f"Player {n}" for n in range(1, max(rules.min_players, 5) + 1)]
    party = Party(names, plugins=PLUGINS)
    try:
        options = {key: value for variant in variants for key, value in OPTIONS.get(variant, {}).items()}
        started = party.start(game, variants, options)
        if not started.ok and started.error["code"] == "spyfall.board_incomplete":
            fill_board(party, names[0])
            started = party.start(game, variants, options)
        assert started.ok, started.error
        match = party.match
        walked = []
        for _ in range(STEPS):
            if match.over:
                break
            deadline = match.next_deadline()
            assert deadline is not None, f"phase {match.phase!r} of round {match.round} waits with no clock"
            walked.append(match.phase)
            party.advance(max(deadline - party.clock.now, 0) + 0.5)
            match = party.match
        if match.over:
            assert not match.result.get("ended_early"), f"a clock ended the match early, after {walked[-6:]}"
            rounds = match.options.get("rounds")
            if rounds is not None:
                assert match.rounds_finished == rounds, (match.rounds_finished, rounds, walked[-6:])
    finally:
        party.close()


@pytest.mark.parametrize(("game", "variants"), cases(), ids=lambda c: "+".join(c) if isinstance(c, tuple) else c)
def test_with_no_clock_the_host_moves_every_phase_on(game, variants):
    """With no clock (extended time 0) nothing waits forever: a phase either runs on by a clock that only
    paces the show, or the host's ``skip`` moves it on; the match ends by its rules."""
    rules = PLUGINS.games[game]
    names = [f"Player {n}" for n in range(1, max(rules.min_players, 5) + 1)]
    host = names[0]
    party = Party(names, plugins=PLUGINS)
    try:
        options = {key: value for variant in variants for key, value in OPTIONS.get(variant, {}).items()}
        options["time_factor"] = 0
        started = party.start(game, variants, options)
        if not started.ok and started.error["code"] == "spyfall.board_incomplete":
            fill_board(party, host)
            started = party.start(game, variants, options)
        assert started.ok, started.error
        walked = []
        for _ in range(STEPS):
            match = party.match
            if match.over:
                break
            walked.append(match.phase)
            if match.phase == "board_wait":  # the group names the next stickers, as the mode asks
                stickers = party.view(host)["lobby"]["shelves"]["spyfall.board"]["stickers"]
                gaps = sum(1 for sticker in stickers if sticker is None)
                fill_board(party, host, [f"{name}, round {match.round}" for name in BOARD[:gaps]])
            deadline = match.next_deadline()
            if deadline is not None:
                assert all(t.pace for t in match.timers.values() if t.running), f"{match.phase!r} runs a clock"
                party.advance(max(deadline - party.clock.now, 0) + 0.5)
                continue
            party.advance(10_000)
            assert party.match.version == match.version, f"{match.phase!r} moved on by itself"
            skipped = party.move(host, "skip")
            assert skipped.ok, (match.phase, skipped.error)
        match = party.match
        assert match.over, f"still playing after {walked[-6:]}"
        assert not match.result.get("ended_early"), walked[-6:]
    finally:
        party.close()
