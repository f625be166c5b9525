"""The eight-locations board between rounds, in both Spyfall games: a board left short holds the break (its
clock only reminds, it never ends the match), the round goes on once the board is full, and the last round's
break leads to the final results without asking for stickers nobody will play."""

from __future__ import annotations

import pytest
from helpers import Night
from test_spyfall_teams import board, fill_board, play_to_reveal

NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil", "Fay"]
GAMES = {"spyfall": "eight_locations", "spyfall_teams": "teams_eight_locations"}
BREAK = 30


def play_a_round(night: Night, game: str) -> None:
    """Play the round under way to its break: a spy reveals (Spyfall), or the host ends the play and every
    pick is made and shown (Team Spyfall)."""
    if game == "spyfall":
        state = night.match.round_state
        spy = night.name_of(state["spies"][0])
        assert night.move(spy, "reveal", location=state["locations"][0]["id"]).ok
    else:
        play_to_reveal(night)
        while night.match.phase == "reveal":
            night.move("Ann", "next_step")
    assert night.match.phase == "round_over"


def gaps(night: Night) -> int:
    return sum(1 for sticker in night.lobby.shelves["spyfall.board"]["stickers"] if sticker is None)


def start(night: Night, game: str, rounds: int, break_seconds: int = BREAK) -> None:
    fill_board(night, [f"Place {n}" for n in range(8)])
    options = {"rounds": rounds, "break_seconds": break_seconds}
    if game == "spyfall_teams":
        options["show_seconds"] = 0
    assert night.start(game=game, variants=[GAMES[game]], options=options).ok


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_short_board_holds_the_break_and_the_round_goes_on_once_it_is_full(engine, clock, game):
    night = Night(engine, clock, NAMES)
    start(night, game, rounds=3)
    play_a_round(night, game)
    missing = gaps(night)
    assert missing >= 1
    fill_board(night, [f"New {n}" for n in range(missing - 1)])  # one sticker short

    for _ in range(4):  # the clock runs out, again and again: it reminds, the match stays
        night.advance(BREAK * 20)
        assert not night.match.over, "a clock ended the match while the board waited"
        assert night.match.phase == "board_wait"
        shown = night.view(None)["match"]
        assert shown["timers"], "the wait has a clock"
        assert night.view("Ann")["match"]["phase"] == "board_wait"
    assert night.refused("Ann", "next") == "spyfall.board_incomplete"

    fill_board(night, ["The last sticker"])
    assert night.move("Ann", "next").ok
    assert night.match.phase == "play" and night.match.round == 2 and not night.match.over


@pytest.mark.parametrize("game", sorted(GAMES))
def test_once_the_board_is_full_the_waiting_clock_starts_the_round(engine, clock, game):
    night = Night(engine, clock, NAMES)
    start(night, game, rounds=3)
    play_a_round(night, game)
    night.advance(BREAK + 1)
    assert night.match.phase == "board_wait"
    fill_board(night, [f"New {n}" for n in range(gaps(night))])
    night.advance(BREAK * 2)
    assert night.match.phase == "play" and night.match.round == 2


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_full_board_lets_the_break_start_the_round_without_waiting(engine, clock, game):
    night = Night(engine, clock, NAMES)
    start(night, game, rounds=3)
    play_a_round(night, game)
    fill_board(night, [f"New {n}" for n in range(gaps(night))])
    night.advance(BREAK + 1)
    assert night.match.phase == "play" and night.match.round == 2


@pytest.mark.parametrize("game", sorted(GAMES))
def test_after_the_last_round_the_break_leads_to_the_results_whatever_the_board(engine, clock, game):
    night = Night(engine, clock, NAMES)
    start(night, game, rounds=1, break_seconds=1800)
    play_a_round(night, game)
    assert gaps(night) >= 1
    timers = night.view(None)["match"]["timers"]
    assert timers["break"]["duration"] < 1800, "the results do not wait a whole break for a round not coming"
    night.advance(1800)
    assert night.match.over and not night.match.result["ended_early"], "the match ends as its rules say"


def test_the_hosts_own_proposal_goes_straight_onto_an_empty_sticker(engine, clock):
    night = Night(engine, clock, NAMES[:4])

    def shown() -> tuple[list, list]:
        data = night.view("Chen")["lobby"]["shelves"]["spyfall.board"]
        return [s and s["name"] for s in data["stickers"]], [p["name"] for p in data["proposals"]]

    assert board(night, "Ann", "propose", name="Баня").ok
    assert shown() == (["Баня", *[None] * 7], [])
    assert board(night, "Boris", "propose", name="Дача").ok
    assert shown()[1] == ["Дача"], "another player's proposal waits for the host"
    fill_board(night, [f"Place {n}" for n in range(6)])
    assert None not in shown()[0]
    assert board(night, "Ann", "propose", name="Лес").ok
    assert shown()[1] == ["Лес"], "a full board keeps the host's own name as a proposal"
