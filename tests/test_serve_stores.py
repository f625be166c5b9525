"""``gamenight serve`` on each store, and the ways of sharing a store it refuses instead of splitting a lobby."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
import socketio
from conftest import subprocess_env
from gamenight.web.services import PostgresServer
from server import free_port, running_server
from waiting import Worker, wait_until

REFUSAL_SECONDS = 60


def serve_refused(*args: str, cwd=None) -> str:
    """Run ``gamenight serve ARGS`` that must refuse to start; returns what it printed."""
    finished = subprocess.run(
        [sys.executable, "-m", "gamenight", "serve", "--host", "127.0.0.1", "--port", str(free_port()), *args],
        capture_output=True,
        text=True,
        timeout=REFUSAL_SECONDS,
        env=subprocess_env(),
        cwd=cwd,
    )
    assert finished.returncode != 0, f"it started: {finished.stdout}"
    return finished.stdout + finished.stderr


def play_a_little(url: str) -> str:
    client = socketio.Client()
    client.connect(url, transports=["websocket"], wait_timeout=10)
    try:
        made = client.call("create_lobby", {"name": "Ann"})
        assert made["ok"], made
        joined = client.call("join_lobby", {"code": made["code"], "name": "Boris"})
        assert joined["ok"], joined
        return made["code"]
    finally:
        client.disconnect()


def test_two_servers_on_one_sqlite_file_refuse_to_split_a_lobby(tmp_path):
    db = tmp_path / "night.sqlite"
    with running_server(db) as url:
        play_a_little(url)
        printed = serve_refused("--db", str(db))
        assert f"{db} is in use by another gamenight server" in printed
        assert "--cluster" in printed  # and it says what to do instead
    with running_server(db) as url:  # once the first has stopped, the file is free
        play_a_little(url)


def test_serve_keeps_everything_in_postgresql(fresh_postgres_url, tmp_path):
    with running_server(fresh_postgres_url) as url:
        code = play_a_little(url)
    # A restart on the same database finds the lobby and both seats.
    with running_server(fresh_postgres_url) as url:
        client = socketio.Client()
        client.connect(url, transports=["websocket"], wait_timeout=10)
        try:
            watched = client.call("watch", {"code": code})
            assert watched["ok"], watched
        finally:
            client.disconnect()
    assert not any(tmp_path.iterdir())


def test_a_postgresql_url_that_does_not_answer_is_an_error_not_a_folder(tmp_path):
    dead = f"postgresql://postgres@127.0.0.1:{free_port()}/gamenight"
    printed = serve_refused("--db", dead, cwd=tmp_path)
    assert "cannot connect to PostgreSQL" in printed
    assert list(tmp_path.iterdir()) == []  # no folder named "postgresql:", no SQLite file


@pytest.mark.parametrize("location", ["redis://127.0.0.1:6379/0", "mysql://db/gamenight"])
def test_a_store_it_does_not_know_is_refused(location, tmp_path):
    printed = serve_refused("--db", location, cwd=tmp_path)
    assert "not a store this server knows" in printed
    assert list(tmp_path.iterdir()) == []


def test_two_servers_on_one_database_without_a_cluster_refuse(fresh_postgres_url, redis_url):
    with running_server(fresh_postgres_url) as url:
        play_a_little(url)
        assert "is in use by another gamenight server" in serve_refused("--db", fresh_postgres_url)
        # Nor may a cluster's node join a database a lone server is using.
        printed = serve_refused("--db", fresh_postgres_url, "--cluster", redis_url, "--node-id", "n1")
        assert "not part of a cluster" in printed
    with running_server(fresh_postgres_url, extra=("--cluster", redis_url, "--node-id", "n1")):
        assert "is in use by another gamenight server" in serve_refused("--db", fresh_postgres_url)


def test_a_cluster_needs_postgresql(tmp_path, redis_url):
    printed = serve_refused("--db", str(tmp_path / "night.sqlite"), "--cluster", redis_url)
    assert "share PostgreSQL" in printed


SLOW_COMMIT = """CREATE FUNCTION slow_disk() RETURNS trigger AS $$
    BEGIN
        IF NEW.code = '{code}' THEN PERFORM pg_sleep({seconds}); END IF;
        RETURN NEW;
    END $$ LANGUAGE plpgsql"""


@pytest.mark.parametrize("async_mode", ["eventlet", "gevent", "threading"])
def test_a_slow_commit_in_one_lobby_holds_no_other_lobby_up(fresh_postgres_url, async_mode):
    """Lobby A's move waits seconds on the database; meanwhile lobby B's moves are answered, one after another."""
    from stores import postgres_rows, run_sql

    with running_server(fresh_postgres_url, async_mode=async_mode) as url:
        clients = {}
        for lobby in ("A", "B"):
            client = socketio.Client()
            client.connect(url, transports=["websocket"], wait_timeout=10)
            made = client.call("create_lobby", {"name": f"Host {lobby}"})
            assert made["ok"], made
            clients[lobby] = (client, made["code"])
        run_sql(fresh_postgres_url, SLOW_COMMIT.format(code=clients["A"][1], seconds=3))
        run_sql(
            fresh_postgres_url,
            "CREATE TRIGGER slow_disk BEFORE INSERT ON log FOR EACH ROW EXECUTE FUNCTION slow_disk()",
        )
        answered = []

        def move(lobby: str, locked: bool) -> None:
            client, _ = clients[lobby]
            answer = client.call("command", {"kind": "lock", "args": {"locked": locked}}, timeout=30)
            answered.append((lobby, answer["ok"]))

        slow = Worker(move, "A", True, name="lobby A's move")
        slow.start()
        sleeping = "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'"
        while postgres_rows(fresh_postgres_url, sleeping) != [[1]]:  # A's commit is under way, and waits
            if not slow.is_alive():
                slow.finish(0)  # raises what the move raised
            assert slow.is_alive() and not answered, answered
            time.sleep(0.02)
        for n in range(5):  # five moves in lobby B, each acknowledged while A's commit still waits
            move("B", n % 2 == 0)
        slow.finish(30)
        assert answered == [("B", True)] * 5 + [("A", True)]
        for client, _ in clients.values():
            client.disconnect()


def health(url: str) -> tuple[int, str]:
    """``GET /healthz``: the status and what it says."""
    try:
        with urllib.request.urlopen(f"{url}/healthz", timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_a_server_whose_database_restarts_tells_its_proxy_then_plays_on_and_keeps_its_lock(tmp_path):
    """While its PostgreSQL is down the server's /healthz says so (a proxy sends its players elsewhere); once
    the database is back, the server plays on and still keeps a second server off the database."""
    with PostgresServer(tmp_path / "postgres") as database, running_server(database.url) as url:
        play_a_little(url)
        assert health(url) == (200, "ok")
        database.stop()
        assert wait_until(lambda: health(url) == (503, "store unavailable"), "/healthz to tell the store is down")
        database.start()
        assert wait_until(lambda: health(url) == (200, "ok"), "/healthz to tell the store is back")
        play_a_little(url)
        assert "is in use by another gamenight server" in serve_refused("--db", database.url)
