"""Secret isolation, as clients receive it, for every built-in game.

Everything each client receives over Socket.IO is recorded while a match is
played twice with the same moves but two different deals, differing only in
what a given player may not know. Up to the moment the game reveals it, that
player's recorded payloads must be identical, byte for byte: no payload told
them anything about it. An audience member watches each match too, picking the
first choice of every prompt that opens: their payloads (the public view, the
prompts, their own picks and standing) are held to the same test.
"""

from __future__ import annotations

import json

from gamenight.clock import ManualClock, advance
from gamenight.engine import Engine
from gamenight.store_sqlite import SQLiteStore
from gamenight.web.app import create_app
from helpers import HeldView

AUDIENCE = "an audience member"


class Recorded:
    """A lobby played through real Socket.IO test clients, with every payload each client received."""

    def __init__(self, plugins, names, game, options, deal, steps, variants=()):
        self.clock = ManualClock()
        self.engine = Engine(SQLiteStore(":memory:"), plugins, self.clock)
        app, socketio = create_app(self.engine, hub_options={"ticker": False})
        self.hub = app.extensions["gamenight"]["hub"]
        self.built = {}  # recipient -> the newest view the server built for it
        self.hub.listeners.append(lambda outcome: self.built.update(outcome.views))
        self.clients, self.tokens, self.ids = {}, {}, {}
        for index, name in enumerate(names):
            client = socketio.test_client(app)
            if index == 0:
                answer = client.emit("create_lobby", {"name": name}, callback=True)
                self.code = answer["code"]
            else:
                answer = client.emit("join_lobby", {"code": self.code, "name": name}, callback=True)
            self.clients[name], self.tokens[name], self.ids[name] = client, answer["token"], answer["player"]
        self.clients[None] = socketio.test_client(app)
        self.clients[None].emit("watch", {"code": self.code}, callback=True)
        self.clients[AUDIENCE] = socketio.test_client(app)
        assert self.clients[AUDIENCE].emit("join_audience", {"code": self.code, "name": "Fan"}, callback=True)["ok"]
        self.picked: set[str] = set()
        host = names[0]
        self.clients[host].emit(
            "command",
            {"kind": "choose", "args": {"game": game, "variants": list(variants), "options": options}},
            callback=True,
        )
        self.held = {name: HeldView() for name in self.clients}
        for name, client in self.clients.items():  # only the match is recorded; the lobby's views are kept
            for packet in client.get_received():
                if packet["name"] in ("state", "patch"):
                    self.held[name].receive(packet["name"], packet["args"][0])
        extra = {"forced_deals": [deal], "seed": "same-seed-for-both-deals"}
        self.hub.publish(self.engine.submit(self.code, "start", token=self.tokens[host], extra=extra))
        self.log = {name: [] for name in self.clients}
        self.collect()
        for step in steps:
            if "advance" in step:
                for outcome in advance(self.engine, self.clock, step["advance"]):
                    self.hub.publish(outcome)
            elif "kick" in step:  # the host removes a player mid-match: a departure everyone sees
                body = {"kind": "kick", "args": {"player": self.ids[step["kick"]]}}
                assert self.clients[host].emit("command", body, callback=True)["ok"]
                del self.clients[step["kick"]]
            else:
                args = {
                    k: (self.ids[v[1:]] if isinstance(v, str) and v.startswith("@") else v)
                    for k, v in step["args"].items()
                }
                version = self.engine.lobbies[self.code].match.version  # the state every client was just sent
                body = {"kind": "act", "args": {"action": step["action"], "args": args, "version": version}}
                self.clients[step["player"]].emit("command", body, callback=True)
            self.collect()

    def collect(self) -> None:
        """Record each client's payloads as received (states and patches), each with the view it made."""
        for name, client in self.clients.items():
            for packet in client.get_received():
                event, payload = packet["name"], packet["args"][0] if packet["args"] else None
                view = self.held[name].receive(event, payload) if event in ("state", "patch") else None
                assert view is not None or event not in ("state", "patch"), f"{name}'s {event} made no view"
                self.log[name].append((event, payload, view))
            # what the patches made is exactly the view the server last built for this client
            assert self.held[name].view == self.built[self.ids.get(name)], f"{name}'s view differs"
        self.pick()

    def choose(self, prompt: dict) -> str:
        """The audience member's pick: the first choice."""
        return prompt["choices"][0]["id"]

    def pick(self) -> None:
        """The audience member picks (``choose``) in each prompt that opened since."""
        match = (self.held[AUDIENCE].view or {}).get("match") or {}
        for prompt in match.get("prompts", []):
            if prompt["open"] and prompt["id"] not in self.picked:
                self.picked.add(prompt["id"])
                body = {"prompt": prompt["id"], "choice": self.choose(prompt)}
                assert self.clients[AUDIENCE].emit("predict", body, callback=True)["ok"]
                self.collect()

    def payloads_until(self, viewer, revealed) -> list[str]:
        """The viewer's payloads as text, up to the first in whose view ``revealed(game_view, match)`` holds."""
        shown = []
        for event, payload, view in self.log[viewer]:
            if view and view.get("match") and revealed(view["match"]["game_view"], view["match"]):
                break
            shown.append(json.dumps([event, payload], sort_keys=True).replace(self.code, "CODE"))
        return shown


def same_for(viewer, first: Recorded, second: Recorded, revealed) -> None:
    a, b = first.payloads_until(viewer, revealed), second.payloads_until(viewer, revealed)
    assert len(a) > 3, "the comparison must cover the play, not just the start"
    assert a == b, f"{viewer or 'the table'} received something that depends on a secret"
    if viewer == AUDIENCE:
        assert first.picked, "the audience member picked along"


# -- Spyfall 2 ------------------------------------------------------------------------------------------

SPYFALL = ["Ann", "Boris", "Chen", "Dina"]
SPYFALL_STEPS = [
    {"player": "Ann", "action": "asked", "args": {"player": "@Boris"}},
    {"player": "Boris", "action": "cross", "args": {"location": "s2.museum", "crossed": True}},
    {"player": "Dina", "action": "accuse", "args": {"player": "@Boris"}},
    {"player": "Ann", "action": "vote", "args": {"ballot": "accusation", "choice": "no"}},
    {"player": "Chen", "action": "vote", "args": {"ballot": "accusation", "choice": "no"}},
    {"advance": 400},
    {"player": "Boris", "action": "vote", "args": {"ballot": "final:p1", "choice": "no"}},
]


def over(game_view, match) -> bool:
    return match["phase"] in ("round_over", "over")


def test_spyfall_the_spy_learns_nothing_of_the_location(plugins):
    here = Recorded(
        plugins, SPYFALL, "spyfall", {"rounds": 1}, {"location": "s2.wedding", "spies": ["Chen"]}, SPYFALL_STEPS
    )
    there = Recorded(
        plugins, SPYFALL, "spyfall", {"rounds": 1}, {"location": "s2.port", "spies": ["Chen"]}, SPYFALL_STEPS
    )
    for viewer in ("Chen", None, AUDIENCE):
        same_for(viewer, here, there, over)


def test_spyfall_nobody_learns_who_the_spy_is(plugins):
    one = Recorded(
        plugins, SPYFALL, "spyfall", {"rounds": 1}, {"location": "s2.wedding", "spies": ["Chen"]}, SPYFALL_STEPS
    )
    other = Recorded(
        plugins, SPYFALL, "spyfall", {"rounds": 1}, {"location": "s2.wedding", "spies": ["Dina"]}, SPYFALL_STEPS
    )
    for viewer in ("Ann", "Boris", None, AUDIENCE):
        same_for(viewer, one, other, over)


def test_spyfall_a_departure_tells_nobody_who_the_spy_is(plugins):
    steps = [
        {"kick": "Boris"},
        {"player": "Ann", "action": "asked", "args": {"player": "@Chen"}},
        {"player": "Chen", "action": "cross", "args": {"location": "s2.museum", "crossed": True}},
        {"player": "Dina", "action": "accuse", "args": {"player": "@Chen"}},
        {"player": "Ann", "action": "vote", "args": {"ballot": "accusation", "choice": "no"}},
    ]
    one = Recorded(plugins, SPYFALL, "spyfall", {"rounds": 1}, {"location": "s2.wedding", "spies": ["Chen"]}, steps)
    other = Recorded(plugins, SPYFALL, "spyfall", {"rounds": 1}, {"location": "s2.wedding", "spies": ["Dina"]}, steps)
    for viewer in ("Ann", None, AUDIENCE):
        same_for(viewer, one, other, over)


# -- I'm Not a Human --------------------------------------------------------------------------------------

HUMANS = ["Ann", "Boris", "Chen", "Dina"]
WORDS = [
    {"player": p, "action": "associate", "args": {"word": w}}
    for p, w in zip(HUMANS, ["cold", "winter", "night", "moon"], strict=True)
]
TO_VOTE = [
    {"advance": 5},
    *[{"player": p, "action": "explained", "args": {}} for p in HUMANS],
    {"player": "Ann", "action": "start_vote", "args": {}},
    {"player": "Ann", "action": "vote", "args": {"ballot": "human", "choice": "2"}},
    {"player": "Boris", "action": "vote", "args": {"ballot": "human", "choice": "3"}},
]
NAH = {"variants": ("defragmentation",)}


def discussion(game_view, match) -> bool:
    return game_view.get("answer") is not None


def vote_closed(game_view, match) -> bool:
    return game_view.get("outcome") is not None


def test_notahuman_the_human_learns_nothing_of_the_answer_before_the_discussion(plugins):
    steps = WORDS + TO_VOTE
    three = Recorded(plugins, HUMANS, "notahuman", {"rounds": 1}, {"answer": 3, "human": "Chen"}, steps, **NAH)
    seven = Recorded(plugins, HUMANS, "notahuman", {"rounds": 1}, {"answer": 7, "human": "Chen"}, steps, **NAH)
    for viewer in ("Chen", None, AUDIENCE):
        same_for(viewer, three, seven, discussion)


def test_notahuman_nobody_learns_who_holds_the_human_card_before_the_vote(plugins):
    steps = WORDS + TO_VOTE
    server = Recorded(plugins, HUMANS, "notahuman", {"rounds": 1}, {"answer": 3, "human": "server"}, steps, **NAH)
    dina = Recorded(plugins, HUMANS, "notahuman", {"rounds": 1}, {"answer": 3, "human": "Dina"}, steps, **NAH)
    for viewer in ("Ann", "Boris", "Chen", None, AUDIENCE):
        same_for(viewer, server, dina, vote_closed)


def test_notahuman_a_departure_tells_nobody_who_holds_the_human_card(plugins):
    steps = [WORDS[0], {"kick": "Boris"}, *WORDS[2:], {"advance": 5}]
    server = Recorded(plugins, HUMANS, "notahuman", {"rounds": 1}, {"answer": 3, "human": "server"}, steps, **NAH)
    dina = Recorded(plugins, HUMANS, "notahuman", {"rounds": 1}, {"answer": 3, "human": "Dina"}, steps, **NAH)
    for viewer in ("Ann", "Chen", None, AUDIENCE):
        same_for(viewer, server, dina, vote_closed)


# -- Team Spyfall -------------------------------------------------------------------------------------------

TEAMS = ["Ann", "Boris", "Chen", "Dina", "Emil", "Fay", "Gleb"]
TEAM_STEPS = [
    {"player": "Ann", "action": "asked", "args": {"player": "@Chen"}},
    {"player": "Ann", "action": "end_round", "args": {}},
    {"player": "Ann", "action": "name_location", "args": {"locations": ["s2.port"]}},
    {"player": "Boris", "action": "name_location", "args": {"locations": ["s2.mine"]}},
    {"player": "Ann", "action": "point", "args": {"players": ["@Boris", "@Chen"]}},
]


def reveal(game_view, match) -> bool:
    return bool(game_view.get("show"))


def test_team_spyfall_nobody_learns_other_teams_or_the_spy(plugins):
    # Ann's team and location stay; the others swap teams, locations and the spy.
    first = {"teams": {"s2.wedding": ["Ann", "Boris", "Chen"], "s2.port": ["Dina", "Emil", "Fay"]}, "spies": ["Gleb"]}
    second = {"teams": {"s2.wedding": ["Ann", "Emil", "Gleb"], "s2.mine": ["Boris", "Chen", "Fay"]}, "spies": ["Dina"]}
    one = Recorded(plugins, TEAMS, "spyfall_teams", {"rounds": 1}, first, TEAM_STEPS)
    two = Recorded(plugins, TEAMS, "spyfall_teams", {"rounds": 1}, second, TEAM_STEPS)
    same_for(None, one, two, reveal)
    same_for(AUDIENCE, one, two, reveal)
    # Ann's own view differs only in her pick list's... nothing: same card, same picks.
    same_for("Ann", one, two, reveal)


def test_team_spyfall_a_departure_tells_nobody_whose_team_it_left(plugins):
    """Emil leaves: in one deal he was on Ann's team, in the other not. Ann's form must not change."""
    first = {"teams": {"s2.wedding": ["Ann", "Boris", "Chen"], "s2.port": ["Dina", "Emil", "Fay"]}, "spies": ["Gleb"]}
    second = {"teams": {"s2.wedding": ["Ann", "Emil", "Gleb"], "s2.mine": ["Boris", "Chen", "Fay"]}, "spies": ["Dina"]}
    steps = [{"kick": "Emil"}, *TEAM_STEPS]
    one = Recorded(plugins, TEAMS, "spyfall_teams", {"rounds": 1}, first, steps)
    two = Recorded(plugins, TEAMS, "spyfall_teams", {"rounds": 1}, second, steps)
    for viewer in ("Ann", None, AUDIENCE):
        same_for(viewer, one, two, reveal)


# -- I'm Not a Robot ---------------------------------------------------------------------------------------

ROBOTS = ["Ann", "Boris", "Chen", "Dina"]
FRAME = [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.6]]


def robot_steps(ann_draws: dict) -> list[dict]:
    """Ann draws her secret; the others draw alike; Ann uncovers tile 6, the guessers race, one checks late."""
    return [
        {"player": "Ann", "action": "draw", "args": ann_draws},
        *[{"player": p, "action": "draw", "args": {"word": 2, "figure": FRAME}} for p in ROBOTS[1:]],
        {"player": "Ann", "action": "uncover", "args": {"tile": 6}},
        {"player": "Boris", "action": "check", "args": {"tile": 12}},
        {"player": "Chen", "action": "check", "args": {"tile": 12}},  # taken: refused, and told so
        {"player": "Chen", "action": "check", "args": {"tile": 18}},
        {"advance": 30},
    ]


def robot_revealed(game_view, match) -> bool:
    return game_view.get("reveal") is not None


def test_notarobot_nobody_learns_a_drawing_its_word_or_its_inside_before_the_reveal(plugins):
    # The same ink in tile 6 (the corner of a square), but another word, another square, another inside, a decoration.
    small = {"word": 0, "figure": FRAME}
    large = {
        "word": 1,
        "figure": [[0.9, 0.9], [0.2, 0.9], [0.2, 0.2], [0.9, 0.2]],
        "decorations": [[[0.85, 0.85], [0.95, 0.95]], [[0.0, 0.9], [0.1, 0.99]]],
    }
    deal = {"words": ["apple", "house", "fish"]}
    one = Recorded(plugins, ROBOTS, "notarobot", {"rounds": 1}, deal, robot_steps(small))
    two = Recorded(plugins, ROBOTS, "notarobot", {"rounds": 1}, deal, robot_steps(large))
    for viewer in ("Boris", "Chen", "Dina", None, AUDIENCE):
        same_for(viewer, one, two, robot_revealed)
    # The comparison reached the uncovered tile, with the square's corner in it, and the checkmarks.
    shown = [v["match"]["game_view"] for _, _, v in one.log["Chen"] if v and v.get("match")]
    before = [v for v in shown if v.get("reveal") is None and v.get("checks")]
    assert before and before[-1]["uncovered"]["lines"] == [[[0.2, 0.4], [0.2, 0.2], [0.4, 0.2]]]


def test_notarobot_a_departure_tells_nobody_a_drawing_before_the_reveal(plugins):
    small = {"word": 0, "figure": FRAME}
    large = {"word": 1, "figure": [[0.9, 0.9], [0.2, 0.9], [0.2, 0.2], [0.9, 0.2]]}
    deal = {"words": ["apple", "house", "fish"]}

    def steps(ann_draws):
        return [robot_steps(ann_draws)[0], {"kick": "Dina"}, *robot_steps(ann_draws)[1:3]]

    one = Recorded(plugins, ROBOTS, "notarobot", {"rounds": 1}, deal, steps(small))
    two = Recorded(plugins, ROBOTS, "notarobot", {"rounds": 1}, deal, steps(large))
    for viewer in ("Boris", "Chen", None, AUDIENCE):
        same_for(viewer, one, two, robot_revealed)
