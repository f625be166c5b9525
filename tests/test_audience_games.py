"""The audience plays along in every built-in game: each game's prompts open while the round is played, are
answered by what the round reveals, and score the member who picked right.

Each match is played through real Socket.IO test clients (``test_payload_isolation.Recorded``) with an
audience member who picks as each test says; after the reveal the member's view holds the crowd's tally and
the answer, and their own ``audience_you`` their points and place.
"""

from __future__ import annotations

from test_payload_isolation import (
    AUDIENCE,
    FRAME,
    HUMANS,
    NAH,
    ROBOTS,
    TEAM_STEPS,
    TEAMS,
    TO_VOTE,
    WORDS,
    Recorded,
    robot_steps,
)


class Picking(Recorded):
    """A Recorded match whose audience member picks ``picks[question]`` (a choice id, or a player's name)."""

    def __init__(self, picks: dict[str, str], *args, **kwargs) -> None:
        self.picks = picks
        super().__init__(*args, **kwargs)

    def choose(self, prompt: dict) -> str:
        wanted = self.picks[prompt["question"]]
        return self.ids.get(wanted, wanted)

    def results(self) -> dict[str, dict]:
        """The crowd's results as the member's view holds them, by question."""
        crowd = self.held[AUDIENCE].view["lobby"]["audience"]["results"]
        return {result["prompt"]["question"]: result for result in crowd}

    def own(self) -> dict:
        return [payload for event, payload, _ in self.log[AUDIENCE] if event == "audience_you"][-1]


def test_im_not_a_human_the_crowd_names_the_human_and_scores_when_the_vote_shows_it(plugins):
    picks = {"notahuman.audience.who_is_human": "Chen"}
    deal = {"answer": 3, "human": "Chen"}
    match = Picking(
        picks, plugins, HUMANS, "notahuman", {"rounds": 1}, deal, [*WORDS, *TO_VOTE, {"advance": 300}], **NAH
    )
    who = match.results()["notahuman.audience.who_is_human"]
    assert who["prompt"]["answer"] == [match.ids["Chen"]]
    assert who["tally"] == {match.ids["Chen"]: 1}
    own = match.own()
    assert (own["points"], own["place"], own["of"]) == (2, 1, 1)


def test_im_not_a_human_a_wrong_guess_scores_nothing(plugins):
    picks = {"notahuman.audience.who_is_human": "Boris"}
    deal = {"answer": 3, "human": "Chen"}
    match = Picking(
        picks, plugins, HUMANS, "notahuman", {"rounds": 1}, deal, [*WORDS, *TO_VOTE, {"advance": 300}], **NAH
    )
    assert match.results()["notahuman.audience.who_is_human"]["tally"] == {match.ids["Boris"]: 1}
    assert match.own()["points"] == 0


def test_team_spyfall_the_crowd_names_a_teams_location_and_the_winning_side(plugins):
    picks = {"spyfall_teams.audience.where": "s2.port", "spyfall_teams.audience.who_wins": "spy"}
    deal = {"teams": {"s2.wedding": ["Ann", "Boris", "Chen"], "s2.port": ["Dina", "Emil", "Fay"]}, "spies": ["Gleb"]}
    steps = [*TEAM_STEPS, {"advance": 600}]  # the show runs to its end: the round's tally answers the prompts
    match = Picking(picks, plugins, TEAMS, "spyfall_teams", {"rounds": 1}, deal, steps)
    results = match.results()
    where, wins = results["spyfall_teams.audience.where"], results["spyfall_teams.audience.who_wins"]
    assert sorted(where["prompt"]["answer"]) == ["s2.port", "s2.wedding"]  # either team's location is right
    assert where["tally"] == {"s2.port": 1} and wins["tally"] == {"spy": 1}
    assert wins["prompt"]["answer"], "a round that was played has a winning side"
    spy_won = "spy" in wins["prompt"]["answer"]
    assert match.own()["points"] == 1 + (2 if spy_won else 0)


def test_im_not_a_robot_the_crowd_reads_the_drawing_and_marks_a_tile_inside(plugins):
    picks = {"notarobot.audience.which_word": "0", "notarobot.audience.mark_a_tile": "12"}
    deal = {"words": ["apple", "house", "fish"]}
    match = Picking(picks, plugins, ROBOTS, "notarobot", {"rounds": 1}, deal, robot_steps({"word": 0, "figure": FRAME}))
    results = match.results()
    word, tile = results["notarobot.audience.which_word"], results["notarobot.audience.mark_a_tile"]
    assert word["prompt"]["answer"] == ["0"] and word["tally"] == {"0": 1}
    assert "12" in tile["prompt"]["answer"] and "0" not in tile["prompt"]["answer"]  # the square's middle, no corner
    assert tile["prompt"]["params"] == {"player": match.ids["Ann"]}
    assert match.own()["points"] == 2


def test_im_not_a_robot_a_tile_outside_scores_nothing(plugins):
    picks = {"notarobot.audience.which_word": "2", "notarobot.audience.mark_a_tile": "24"}
    deal = {"words": ["apple", "house", "fish"]}
    match = Picking(picks, plugins, ROBOTS, "notarobot", {"rounds": 1}, deal, robot_steps({"word": 0, "figure": FRAME}))
    assert match.results()["notarobot.audience.mark_a_tile"]["tally"] == {"24": 1}
    assert match.own()["points"] == 0
