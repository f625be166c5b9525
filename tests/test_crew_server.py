"""A crew on a real server process, on SQLite and on PostgreSQL: twelve members with nine nights behind them
(played through the engine into the store: tests/crew_nights.py), then a tenth night over the network: a late
arrival who leaves and comes back from the same phone, a member claimed on a new phone with her crew code, a
match whose public result moves the standings by exactly what it says, a member's export, and a member who
deletes their history (from then on in no payload, and nowhere in the store)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from crew_nights import crew_of_nights
from gamenight.store import open_store
from server import running_server
from test_real_server import Player

NAMES = [f"{name} the Magnificent"[:20] for name in ("Anastasia", "Boris", "Chen", "Dina", "Emil", "Fay")]
NAMES += [f"Member {n:02d} of the crew"[:20] for n in range(6, 12)]
ANN, BORIS, CHEN, DINA = NAMES[:4]


def command(client: Player, kind: str, **args) -> dict:
    return client.call("command", {"kind": kind, "args": args})


def seated(url: str, code: str, name: str, token: str) -> Player:
    client = Player(url, name)
    answer = client.call("attach", {"code": code, "token": token})
    assert answer["ok"], answer
    client.token, client.player = token, answer["player"]
    client.wait(lambda s: s["lobby"]["crew"] is not None, "the crew")
    return client


def joined(url: str, code: str, name: str, device: str) -> Player:
    client = Player(url, name)
    answer = client.call("join_lobby", {"code": code, "name": name, "device": device})
    assert answer["ok"], answer
    client.token, client.player = answer["token"], answer["player"]
    return client


def export(url: str, code: str, token: str, what: str, form: str) -> tuple[int, str]:
    request = urllib.request.Request(
        f"{url}/l/{code}/crew/export?what={what}&format={form}", headers={"X-Seat-Token": token}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def standings(crew: dict) -> dict[str, dict]:
    return {row["member"]: row for row in crew["standings"]}


def play_a_spyfall_round(url_players: list[Player], host: Player, table: Player) -> dict:
    """One round of Spyfall: the spy names the first location of the list at once; the match's end as the
    table sees it."""
    assert command(host, "choose", game="spyfall", options={"rounds": 1})["ok"]
    assert command(host, "start")["ok"]

    def card(player: Player) -> dict:
        view = player.wait(lambda s: s["match"] and s["match"]["game_view"].get("card"), "the deal")
        return view["match"]["game_view"]["card"]

    spy = next(player for player in url_players if card(player)["spy"])
    guess = spy.latest["match"]["game_view"]["candidates"][0]["id"]
    spy.act("reveal", location=guess)
    host.wait(lambda s: s["match"]["phase"] == "round_over", "the round's end")
    host.act("next")
    return table.wait(lambda s: s["match"] and s["match"]["over"], "the match's end")["match"]


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_a_crews_tenth_night_on_a_real_server(store, tmp_path, request):
    location = str(tmp_path / "crew.sqlite") if store == "sqlite" else request.getfixturevalue("fresh_postgres_url")
    party = crew_of_nights(location, NAMES, 9)
    tokens, ids, code = dict(party.tokens), dict(party.ids), party.code
    before = party.view(None)["lobby"]["crew"]
    dina_code = party.view(DINA)["crew_you"]["code"]
    party.engine.store.close()
    clients: list[Player] = []

    with running_server(location) as url:
        table = Player(url, None)
        assert table.call("watch", {"code": code})["ok"]
        host = seated(url, code, ANN, tokens[ANN])
        clients += [table, host]
        assert table.wait(lambda s: s["lobby"]["crew"], "the crew")["lobby"]["crew"] == before
        assert command(host, "new_night")["ok"]
        opener = table.wait(lambda s: s["lobby"]["crew"]["opener"], "the opener")["lobby"]["crew"]["opener"]
        assert opener["night"] == 9
        assert opener["winners"] == [row["member"] for row in before["nights"][-1]["standings"] if row["place"] == 1]

        # A late arrival, who leaves and comes back from the same phone: the same member.
        larry = joined(url, code, "Late Larry", "larrys-phone")
        assert command(larry, "leave")["ok"]
        larry = joined(url, code, "Larry again", "larrys-phone")
        assert larry.player == table.wait(lambda s: True, "a view")["lobby"]["crew"]["members"][-1]["id"]
        assert len(table.latest["lobby"]["crew"]["members"]) == 13

        # Dina's seat went with her old phone; on a new one she claims her past self with her crew code.
        assert command(seated(url, code, DINA, tokens[DINA]), "leave")["ok"]
        dina = joined(url, code, "Dina on a new phone", "dinas-new-phone")
        assert command(dina, "crew_claim", member=ids[DINA], code="WRONG000")["error"]["code"] == "wrong_crew_code"
        claimed = command(dina, "crew_claim", member=ids[DINA], code=dina_code)
        assert claimed["ok"] and claimed["reply"]["member"] == ids[DINA]
        dina.wait(lambda s: s["you"] == ids[DINA], "her own seat again")
        dina.player = ids[DINA]
        boris, chen = seated(url, code, BORIS, tokens[BORIS]), seated(url, code, CHEN, tokens[CHEN])
        clients += [larry, dina, boris, chen]

        # The night's match: whoever is here plays; its public result moves the standings by what it says.
        here = [host, boris, chen, dina, larry]
        for member in set(ids.values()) - {p.player for p in here}:
            assert command(host, "sit_out", player=member, out=True)["ok"]
        result = play_a_spyfall_round(here, host, table)["result"]
        assert command(host, "close_night")["ok"]
        after = table.wait(lambda s: len(s["lobby"]["crew"]["nights"]) == 10, "the tenth night")["lobby"]["crew"]
        old, new = standings(before), standings(after)
        for entry in result["ranking"]:
            was = old.get(entry["player"], {"matches": 0, "wins": 0, "points": 0, "nights": 0})
            now = new[entry["player"]]
            assert now["matches"] == was["matches"] + 1
            assert now["wins"] == was["wins"] + (entry["place"] == 1)
            assert now["points"] == was["points"] + entry["total"]
            assert now["nights"] == was["nights"] + 1
        untouched = set(old) - {entry["player"] for entry in result["ranking"]}
        assert all(new[member] == {**old[member], "place": new[member]["place"]} for member in untouched)

        # Exports: a member's own history, and the whole crew for the host only.
        status, text = export(url, code, boris.token, "me", "json")
        mine = json.loads(text)
        assert status == 200 and mine["member"]["name"] == BORIS
        assert len(mine["nights"]) == new[ids[BORIS]]["nights"]
        status, text = export(url, code, boris.token, "me", "csv")
        assert status == 200 and text.splitlines()[0].startswith("section,member,name")
        assert sum(line.startswith("night,") for line in text.splitlines()) == 3 * len(mine["nights"])
        assert export(url, code, boris.token, "crew", "json")[0] == 400
        status, text = export(url, code, host.token, "crew", "csv")
        assert status == 200 and all(name in text for name in (BORIS, CHEN, "Dina on a new phone"))
        assert export(url, code, "not-a-token", "me", "json")[0] == 400

        # Boris deletes his history: from then on no payload names him, and the store forgets him.
        marks = {id(client): len(client.log) for client in clients}
        assert command(boris, "crew_forget_me")["ok"]
        gone = table.wait(lambda s: ids[BORIS] not in standings(s["lobby"]["crew"]), "Boris gone")["lobby"]["crew"]
        assert {m["id"]: m["name"] for m in gone["members"]}[ids[BORIS]] is None
        assert command(host, "new_night")["ok"]
        table.wait(lambda s: s["lobby"]["crew"]["opener"], "the next night's opener")
        for client in clients:
            if client is not boris:
                for event, text, _ in client.log[marks[id(client)] :]:
                    assert BORIS not in text, f"{client.name or 'the table'} was sent Boris's name in {event}"
        for client in clients:
            client.sio.disconnect()

    assert BORIS not in stored_text(location, code)
    assert CHEN in stored_text(location, code)


def stored_text(location: str, code: str) -> str:
    """What the store holds: the SQLite file's bytes (and its journal's), or PostgreSQL's lobby row and log."""
    if location.startswith("postgresql://"):
        store = open_store(location)
        try:
            return json.dumps([store.lobby(code), store.records(code)])
        finally:
            store.close()
    path = Path(location)
    return b"".join(p.read_bytes() for p in path.parent.glob(f"{path.name}*")).decode("latin-1")
