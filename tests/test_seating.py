"""Sitting out: a seat sits a match out on request, a game seats no more than it holds (the rest sit out,
fairly), a late arrival plays from the next match, and the night's standings count who sat out."""

from __future__ import annotations

from helpers import Night

TEN = ["Ann", "Boris", "Chen", "Dan", "Eva", "Fyodor", "Gala", "Hugo", "Ines", "Jon"]  # High Card seats 2-9


def finish(night: Night) -> None:
    """End the running match now, scored (the host's End)."""
    assert night.command(night.name_of(night.lobby.host), "end").ok


def players(night: Night) -> list[str]:
    return [night.name_of(pid) for pid in night.match.players]


def next_out(night: Night, viewer: str | None = None) -> list[str]:
    seating = night.view(viewer)["lobby"]["next_seating"]
    return [night.name_of(pid) for pid in seating["asked"] + seating["chosen"]]


def test_a_player_sits_out_the_next_match_and_plays_the_one_after(night):
    assert night.command("Boris", "sit_out", player=night.ids["Boris"], out=True).ok
    seat = next(s for s in night.view("Ann")["lobby"]["seats"] if s["name"] == "Boris")
    assert seat["sits_out"] is True
    assert night.start().ok
    assert players(night) == ["Ann", "Chen"]
    assert night.view(None)["lobby"]["sitting_out"] == [night.ids["Boris"]]
    # Boris watches: the public view, no hand of his own
    assert night.view("Boris")["match"]["game_view"].get("my_card") is None
    finish(night)
    assert night.view(None)["lobby"]["sitting_out"] == []
    assert night.start().ok
    assert players(night) == ["Ann", "Boris", "Chen"]


def test_sitting_out_can_be_taken_back_and_only_the_seat_or_the_host_may_ask(night):
    assert night.command("Chen", "sit_out", player=night.ids["Boris"], out=True).error["code"] == "not_host"
    assert night.command("Ann", "sit_out", player=night.ids["Boris"], out=True).ok  # the host, for him
    assert next_out(night) == ["Boris"]
    assert night.command("Boris", "sit_out", player=night.ids["Boris"], out=False).ok
    assert next_out(night) == []
    bad = night.engine.submit(
        night.code, "sit_out", {"player": night.ids["Boris"], "out": "yes"}, token=night.tokens["Boris"]
    )
    assert bad.error["code"] == "bad_request"


def test_too_few_left_after_sitting_out_is_refused_with_the_count(night):
    for name in ("Boris", "Chen"):
        assert night.command(name, "sit_out", player=night.ids[name], out=True).ok
    assert night.command("Ann", "choose", game="highcard").ok
    before = night.snapshot()
    assert night.command("Ann", "start").error["params"] == {"min": 2, "players": 1}
    assert night.snapshot() == before


def test_a_tenth_seat_at_a_nine_seat_game_sits_out_in_turn(engine, clock):
    night = Night(engine, clock, TEN)
    night.command("Ann", "choose", game="highcard")
    # before Start everybody sees who would sit out: the last in seat order, as nobody has sat out or played yet
    assert next_out(night, "Jon") == ["Jon"]
    sat_out = []
    for _ in range(4):
        assert night.start().ok
        assert len(night.match.players) == 9
        (out,) = [night.name_of(pid) for pid in night.lobby.sitting_out]
        sat_out.append(out)
        finish(night)
    assert len(set(sat_out)) == 4  # nobody sits out twice while others never have
    board = {row["name"]: row for row in night.view(None)["lobby"]["scoreboard"]}
    for name in TEN:
        assert board[name]["played"] + board[name]["sat_out"] == 4
        assert board[name]["sat_out"] == (1 if name in sat_out else 0)


def test_the_host_chooses_who_sits_out_by_asking_someone_else(engine, clock):
    night = Night(engine, clock, TEN)
    night.command("Ann", "choose", game="highcard")
    assert next_out(night) == ["Jon"]
    assert night.command("Ann", "sit_out", player=night.ids["Dan"], out=True).ok
    assert next_out(night) == ["Dan"]  # nobody else needs to sit out now
    assert night.start().ok
    assert "Jon" in players(night) and "Dan" not in players(night)


def test_a_late_arrival_plays_the_next_match_when_there_is_room(engine, clock):
    night = Night(engine, clock, TEN[:9])
    assert night.start().ok
    assert night.join("Late Larisa").reply["watching"] is True
    finish(night)
    assert night.start().ok
    # nine seats a game: the late arrival has played least, so someone who played sits out instead
    assert "Late Larisa" in players(night)
    assert len(night.lobby.sitting_out) == 1


def test_a_match_that_is_aborted_counts_nobody_as_sitting_out(night):
    night.command("Boris", "sit_out", player=night.ids["Boris"], out=True)
    night.start()
    assert night.command("Ann", "abort").ok
    assert night.lobby.scoreboard.rows == {}
