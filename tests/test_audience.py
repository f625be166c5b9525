"""The audience: people without a seat who watch a lobby and play along with its games' prompts.

In-process (the hub's test client on a real SQLite store): joining and coming back, the host's door, picks
counted once the reveal shows the answer, the crowd's tally in every view, each member's points and place,
and the night's podium in the recap.
"""

from __future__ import annotations

import pytest
from test_web_socket import Browser, seated

SPY_DEAL = {"location": "s2.stadium", "spies": ["Dina"]}


class Member(Browser):
    """An audience member's connection."""

    def join(self, code: str, name: str) -> dict:
        answer = self.call("join_audience", {"code": code, "name": name})
        self.token = answer.get("token")
        return answer

    def own(self) -> dict:
        return self.events("audience_you")[-1]

    def prompts(self) -> list[dict]:
        return self.state()["match"]["prompts"]


def spyfall_table(web, engine):
    code, players = seated(web, "Ann", "Boris", "Chen", "Dina")
    ann = players[0]
    assert ann.command("choose", game="spyfall")["ok"]
    outcome = engine.submit(code, "start", token=ann.token, extra={"forced_deals": [SPY_DEAL] * 5})
    assert outcome.ok
    ann.forget()
    ann.command("lock", locked=True)  # any accepted command delivers fresh views
    return code, players


@pytest.fixture
def web(engine):
    from gamenight.web.app import create_app

    return create_app(engine, hub_options={"ticker": False})


def test_an_audience_member_watches_the_public_view_and_names_the_spy(web, engine):
    code, (ann, boris, chen, dina) = spyfall_table(web, engine)
    fan = Member(web)
    answer = fan.join(code, "Fan")
    assert answer["ok"] and answer["door"] == "in" and answer["token"].startswith(answer["member"])
    view = fan.state()
    assert view["you"] is None and view["match"]["game"] == "spyfall"
    spy_prompt = next(p for p in fan.prompts() if p["question"] == "spyfall.audience.who_is_spy")
    assert spy_prompt["open"] and spy_prompt["answer"] is None
    assert [c["player"] for c in spy_prompt["choices"]] == [ann.player, boris.player, chen.player, dina.player]
    assert fan.call("predict", {"prompt": spy_prompt["id"], "choice": dina.player}) == {
        "ok": True,
        "prompt": spy_prompt["id"],
        "choice": dina.player,
    }
    assert fan.call("predict", {"prompt": spy_prompt["id"], "choice": "p99"})["error"]["code"] == "bad_choice"
    assert fan.call("predict", {"prompt": "nope", "choice": dina.player})["error"]["code"] == "no_such_prompt"
    assert fan.call("command", {"kind": "lock", "args": {"locked": False}})["error"]["code"] == "not_attached"


def test_the_reveal_counts_the_crowd_and_each_member_learns_their_points_and_place(web, engine):
    code, (ann, boris, chen, dina) = spyfall_table(web, engine)
    fans = [Member(web) for _ in range(3)]
    for number, fan in enumerate(fans):
        assert fan.join(code, f"Fan {number}")["ok"]
    spy = fans[0].prompts()[0]["id"]
    # two name the spy (one changes their mind to her), one names Boris
    assert fans[0].call("predict", {"prompt": spy, "choice": boris.player})["ok"]
    assert fans[0].call("predict", {"prompt": spy, "choice": dina.player})["ok"]
    assert fans[1].call("predict", {"prompt": spy, "choice": dina.player})["ok"]
    assert fans[2].call("predict", {"prompt": spy, "choice": boris.player})["ok"]
    assert dina.act("reveal", location="s2.stadium")["ok"]  # the spy names the location: right
    for watcher in (ann, chen, fans[2]):
        crowd = watcher.state()["lobby"]["audience"]["results"]
        by_prompt = {r["prompt"]["id"]: r for r in crowd}
        assert by_prompt[spy]["tally"] == {dina.player: 2, boris.player: 1}
        assert by_prompt[spy]["prompt"]["answer"] == [dina.player]
    guess = next(p for p in fans[0].prompts() if p["question"] == "spyfall.audience.guess_right")
    assert guess["answer"] == ["yes"] and not guess["open"]
    assert fans[0].call("predict", {"prompt": spy, "choice": boris.player})["error"]["code"] == "prompt_closed"
    own = [fan.own() for fan in fans]
    assert [(o["points"], o["place"], o["of"]) for o in own] == [(2, 1, 3), (2, 1, 3), (0, 3, 3)]
    assert "picks" not in own[0], "a tally changes no pick: its update leaves them out"
    again = Member(web)  # a member coming back gets their picks
    assert again.call("attach_audience", {"code": code, "token": fans[0].token})["ok"]
    assert again.own()["picks"] == {spy: dina.player}


def test_a_member_comes_back_with_their_token_and_keeps_their_picks(web, engine):
    code, _ = spyfall_table(web, engine)
    fan = Member(web)
    fan.join(code, "Fan")
    spy = fan.prompts()[0]["id"]
    choice = fan.prompts()[0]["choices"][1]["id"]
    fan.call("predict", {"prompt": spy, "choice": choice})
    member = fan.own()["member"]
    fan.client.disconnect()
    again = Member(web)
    answer = again.call("attach_audience", {"code": code, "token": fan.token})
    assert answer["ok"] and answer["member"] == member
    assert again.own()["picks"] == {spy: choice} and again.state()["you"] is None
    assert Member(web).call("attach_audience", {"code": code, "token": fan.token + "x"})["error"]["code"] == "bad_token"
    assert again.call("leave_audience", {}) == {"ok": True}
    assert Member(web).call("attach_audience", {"code": code, "token": fan.token})["error"]["code"] == "bad_token"


def test_the_host_closes_caps_or_keeps_the_door_of_the_audience(web, engine):
    code, (ann, boris, *_) = spyfall_table(web, engine)
    assert ann.command("audience", open=False)["ok"]
    assert Member(web).join(code, "Fan")["error"]["code"] == "audience_closed"
    assert ann.command("audience", open=True, cap=1)["ok"]
    assert Member(web).join(code, "First")["ok"]
    full = Member(web).join(code, "Second")
    assert full["error"]["code"] == "audience_full" and full["error"]["params"]["max"] == 1
    assert ann.command("audience", cap=None, by_host=True)["ok"]
    waiting, turned = Member(web), Member(web)
    assert waiting.join(code, "Wanda")["door"] == "waiting"
    assert turned.join(code, "Troll")["door"] == "waiting"
    assert waiting.events("state") == [], "nothing to watch before the host's leave"
    assert waiting.call("predict", {"prompt": "x", "choice": "y"})["error"]["code"] == "audience_waiting"
    door = ann.state()["audience_waiting"]
    assert [w["name"] for w in door] == ["Wanda", "Troll"]
    assert boris.command("answer_audience", member=door[0]["id"], admit=True)["error"]["code"] == "not_host"
    assert ann.command("answer_audience", member=door[0]["id"], admit=True)["ok"]
    assert ann.command("answer_audience", member=door[1]["id"], admit=False)["ok"]
    assert waiting.own()["door"] == "in" and waiting.state()["match"]["game"] == "spyfall"
    assert turned.own()["door"] == "refused" and turned.events("state") == []
    assert Member(web).call("attach_audience", {"code": code, "token": turned.token})["error"]["code"] in (
        "bad_token",
        "audience_refused",
    )


def test_the_table_counts_who_watches_and_the_recap_names_the_crowds_best(web, engine):
    code, (ann, boris, chen, dina) = spyfall_table(web, engine)
    hub = web[0].extensions["gamenight"]["hub"]
    fans = [Member(web) for _ in range(3)]
    for number, fan in enumerate(fans):
        fan.join(code, f"Fan {number}")
    hub.audience.count_watching()
    assert ann.state()["lobby"]["audience"]["watching"] == 3
    fans[2].client.disconnect()
    hub.audience.count_watching()
    assert ann.state()["lobby"]["audience"]["watching"] == 2
    spy = fans[0].prompts()[0]["id"]
    fans[0].call("predict", {"prompt": spy, "choice": dina.player})
    fans[1].call("predict", {"prompt": spy, "choice": chen.player})
    assert dina.act("reveal", location="s2.port")["ok"]  # a wrong guess: the agents win
    guess = next(r for r in ann.state()["lobby"]["audience"]["results"] if r["prompt"]["id"].endswith(".guess"))
    assert guess["prompt"]["answer"] == ["no"] and guess["tally"] == {}
    assert ann.command("end")["ok"]
    assert ann.command("close_night")["ok"]
    assert ann.state()["lobby"]["recap"]["audience"] == [{"name": "Fan 0", "points": 2}]
    assert ann.command("new_night")["ok"]
    assert ann.state()["lobby"]["audience"]["results"] == []
    assert fans[0].call("attach_audience", {"code": code, "token": fans[0].token})["ok"], "members stay"


def test_each_store_keeps_an_audience_counts_its_picks_and_forgets_it_with_its_lobby(store_at):
    from gamenight.audience_records import Pick
    from gamenight.store import open_store

    store = open_store(store_at)
    try:
        assert store.create_lobby("ABCD", 1.0)
        crowd = store.audience
        assert crowd.join("ABCD", "a1", "Fan", "h1", 2.0, cap=2)
        assert crowd.join("ABCD", "a2", "Other", "h2", 3.0, cap=2)
        assert not crowd.join("ABCD", "a3", "Late", "h3", 4.0, cap=2), "the cap holds"
        assert crowd.count("ABCD") == 2 and crowd.member("ABCD", "a1") == ("Fan", "h1")
        crowd.pick("ABCD", [Pick("a1", "m.spy", "p2", 5.0), Pick("a2", "m.spy", "p2", 5.0)])
        crowd.pick("ABCD", [Pick("a2", "m.spy", "p3", 6.0)])  # a change of mind replaces the pick
        crowd.pick("ABCD", [Pick(f"x{i}", "m.many", "yes", 7.0) for i in range(900)])  # batches of any size
        assert crowd.tally("ABCD", "m.spy") == {"p2": 1, "p3": 1}
        assert crowd.tally("ABCD", "m.many") == {"yes": 900}
        crowd.answer("ABCD", "m.spy", ["p2"], 2)
        crowd.answer("ABCD", "m.spy", ["p2"], 2)  # written again by a node that took the lobby over: the same
        assert [(s.member, s.points) for s in crowd.standings("ABCD")] == [("a1", 2), ("a2", 0)]
        crowd.new_night("ABCD")
        assert [(s.member, s.points) for s in crowd.standings("ABCD")] == [("a1", 0), ("a2", 0)]
        crowd.leave("ABCD", "a2")
        assert crowd.member("ABCD", "a2") is None and crowd.count("ABCD") == 1
        store.delete_lobby("ABCD")
        assert crowd.count("ABCD") == 0 and crowd.tally("ABCD", "m.many") == {}
    finally:
        store.close()


def test_a_game_without_prompts_still_has_an_audience_that_watches(web, engine):
    code, (ann, boris) = seated(web, "Ann", "Boris")
    assert ann.command("choose", game="highcard")["ok"]
    fan = Member(web)
    assert fan.join(code, "Fan")["ok"]
    assert engine.submit(code, "start", token=ann.token).ok
    ann.command("lock", locked=True)
    view = fan.state()
    assert view["match"]["game"] == "highcard" and view["match"]["prompts"] == []
    assert "my_card" not in view["match"]["game_view"], "the public view only"
    assert fan.call("predict", {"prompt": "any", "choice": "p1"})["error"]["code"] == "no_such_prompt"
