"""Bad input from a client gets a structured error and changes nothing."""

from __future__ import annotations

import pytest
from gamenight import names
from gamenight.engine import Engine


def rows(engine: Engine) -> dict[str, int]:
    db = engine.store._db
    return {table: db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in ("lobbies", "log")}


def test_a_seated_player_sending_join_as_a_command_is_refused_cleanly(night):
    before = night.snapshot()
    outcome = night.engine.submit(night.code, "join", {"name": "Mallory"}, token=night.tokens["Boris"])
    assert outcome.error["code"] == "not_allowed"
    assert night.snapshot() == before


@pytest.mark.parametrize("name", ["", "   ", None, 5, "x" * 200, "a\x00b"])
def test_a_refused_lobby_creation_leaves_nothing_behind(engine, name):
    before = rows(engine)
    outcome, token = engine.create_lobby(name)
    assert outcome.error["code"] == "name_invalid" and token is None
    assert rows(engine) == before and engine.lobbies == {}


def test_lobby_creation_gives_up_when_the_codes_run_out(engine, monkeypatch):
    outcome, _ = engine.create_lobby("Ann")
    monkeypatch.setattr(names, "CODE_ALPHABET", outcome.code[0])
    monkeypatch.setattr(names, "CODE_LENGTH", 1)
    taken, _ = engine.create_lobby("Boris")  # the one code left
    assert taken.ok
    before = rows(engine)
    full, token = engine.create_lobby("Chen")
    assert full.error["code"] == "no_free_code" and token is None
    assert rows(engine) == before


def test_a_choice_listed_twice_is_refused(night):
    outcome = night.command("Ann", "choose", game="spyfall", options={"packs": ["spyfall2", "spyfall2", "spyfall2"]})
    assert outcome.error["code"] == "invalid_options" and "packs" in outcome.error["params"]["errors"]
    assert night.lobby.setup is None


def test_a_turn_move_without_the_version_it_was_made_on_is_refused(night):
    night.command("Ann", "choose", game="highcard")
    assert night.start().ok
    before = night.snapshot()
    turn = night.name_of(night.match.turn)
    payload = {"action": "claim", "args": {"value": 5}}
    outcome = night.engine.submit(night.code, "act", payload, token=night.tokens[turn])
    assert outcome.error["code"] == "bad_request" and "version" in outcome.error["params"]["errors"]
    assert night.snapshot() == before
    stale = night.engine.submit(
        night.code, "act", payload | {"version": night.match.version - 1}, token=night.tokens[turn]
    )
    assert stale.error["code"] == "stale"
    assert night.move(turn, "claim", value=5).ok, "with the current version it goes through"


# -- one text policy -------------------------------------------------------------------------------------

HOSTILE = {
    "a lone surrogate": "Mu\ud800seum",
    "a bidi override": "Mu\u202eseum",
    "a zero-width space": "Mu\u200bseum",
    "a zero-width joiner": "Mu\u200dseum",
    "NUL": "Mu\x00seum",
    "a control character": "Mu\x1bseum",
    "private use": "Mu\ue000seum",
    "too long": "M" * 41,
}


def shelf(night, action: str, shelf_id: str, **args):
    return night.command("Ann", "shelf", shelf=shelf_id, action=action, args=args)


def proposed(night, name: str) -> str:
    """A player (not the host, whose names go straight onto the board) proposes a sticker: the name kept."""
    assert night.command("Boris", "shelf", shelf="spyfall.board", action="propose", args={"name": name}).ok
    return night.lobby.shelves["spyfall.board"]["proposals"][-1]["name"]


def pack(location: str = "Museum", role: str = "Guard", name: str = "Our pack") -> dict:
    return {"names": {"en": name}, "locations": [{"names": {"en": location}, "roles": [{"en": role}]}]}


@pytest.mark.parametrize("text", list(HOSTILE.values()), ids=list(HOSTILE))
@pytest.mark.parametrize(
    "send",
    [
        pytest.param(lambda night, t: shelf(night, "propose", "spyfall.board", name=t), id="sticker"),
        pytest.param(lambda night, t: shelf(night, "add_pack", "spyfall.packs", pack=pack(name=t)), id="pack name"),
        pytest.param(lambda night, t: shelf(night, "add_pack", "spyfall.packs", pack=pack(location=t)), id="location"),
        pytest.param(lambda night, t: shelf(night, "add_pack", "spyfall.packs", pack=pack(role=t)), id="role"),
        pytest.param(
            lambda night, t: shelf(night, "add_cards", "notarobot.cards", cards=[{"en": [t, "kite", "bell"]}]),
            id="word card",
        ),
        pytest.param(lambda night, t: night.join(t[:20] if len(t) < 41 else t), id="player name"),
    ],
)
def test_text_that_cannot_be_shown_as_typed_is_refused_everywhere(night, send, text):
    before = night.snapshot()
    outcome = send(night, text)
    assert not outcome.ok and outcome.error["code"] in ("bad_request", "name_invalid")
    assert night.snapshot() == before
    # What the policy lets through is kept normalized: inner white space folded, trimmed.
    assert proposed(night, "  Old\u00a0  mill ") == "Old mill"


def test_the_store_takes_every_text_the_policy_lets_through(night, db_path):
    from gamenight.store_sqlite import SQLiteStore

    assert shelf(night, "propose", "spyfall.board", name="Café «Ёлка» 🎄").ok
    again = SQLiteStore(db_path)
    assert any("Ёлка" in json for (json,) in again._db.execute("SELECT record FROM log"))


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\n", "\t\r\n"])
def test_line_breaks_and_separators_in_a_text_become_one_space(night, separator):
    """The text policy's rule (core/text.py): white space of any kind, the line and paragraph separators
    included, is folded into one space, never kept and never a reason to refuse."""
    assert proposed(night, f"Old{separator}mill") == "Old mill"
