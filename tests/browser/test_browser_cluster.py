"""Phones and the table in a cluster: they reach their lobby through the proxy, and follow it when its node dies."""

from __future__ import annotations

import signal

import redis
from conftest import subprocess_env
from gamenight.web.cluster_cli import LocalCluster
from gamenight.web.proxy import NODE_COOKIE
from server import LOOPBACK_LIMITS
from waiting import wait_until

from .helpers_browser import seat


def owner(cluster: LocalCluster, code: str) -> str | None:
    with redis.Redis.from_url(cluster.redis_url, decode_responses=True) as directory:
        held = directory.get(f"gamenight:lease:{code}")
    return held.split(" ")[0] if held else None


def test_phones_and_table_follow_their_lobby_when_its_node_is_killed(
    browser, shots, take_shots, tmp_path, fresh_postgres_url, fresh_redis_url
):
    from playwright.sync_api import expect

    from .conftest import Browsers

    with LocalCluster(
        2,
        directory=tmp_path / "cluster",
        db_url=fresh_postgres_url,
        redis_url=fresh_redis_url,
        serve_args=["--lease-seconds", "2"],
        env=LOOPBACK_LIMITS | subprocess_env(),
    ) as cluster:
        pages = Browsers(browser, cluster.url.rstrip("/"), shots, take_shots)
        try:
            host = pages.page("/")
            host.get_by_test_id("create-name").fill("Ann")
            host.get_by_test_id("create-submit").click()
            expect(host.get_by_test_id("seat")).to_have_count(1)
            code = host.get_by_test_id("lobby-code").inner_text().strip()
            # Boris's phone and the table were last on the other node (the proxy's cookie says so): that node
            # sends them on to the lobby's owner, and they follow without anyone doing anything.
            first = owner(cluster, code)
            other = next(node for node in cluster.nodes if node != first)
            elsewhere = [{"name": NODE_COOKIE, "value": other, "url": cluster.url}]
            phone, screen = pages.context(), pages.context()
            phone.add_cookies(elsewhere)
            screen.add_cookies(elsewhere)
            boris = pages.page(f"/l/{code}", context=phone)
            boris.get_by_test_id("join-name").fill("Boris")
            boris.get_by_test_id("join-submit").click()
            expect(seat(boris, "Boris")).to_have_class("seat online me")
            table = pages.page(f"/l/{code}/table?rotate=0", context=screen)
            expect(table.get_by_test_id("seat")).to_have_count(2)
            expect(host.locator("[data-testid=seat][data-connected=true]")).to_have_count(2)

            dead = owner(cluster, code)
            cluster.kill(dead, signal.SIGKILL)
            # The pages come back through the proxy to the other node, which takes the lobby over once the dead
            # node's lease has run out; every page finds it there by itself, with its whole view.
            wait_until(lambda: owner(cluster, code) not in (None, dead), "the lobby taken over", 30)
            for page in (host, boris, table):
                expect(page.get_by_test_id("offline")).to_be_hidden(timeout=30_000)
            expect(host.locator("[data-testid=seat][data-connected=true]")).to_have_count(2, timeout=30_000)
            expect(table.locator("[data-testid=seat][data-connected=true]")).to_have_count(2, timeout=30_000)
            host.get_by_test_id("lock").click()
            expect(boris.get_by_test_id("locked-badge")).to_be_visible()
            expect(table.get_by_test_id("locked-badge")).to_be_visible()
            expect(seat(boris, "Boris")).to_have_class("seat online me")
            pages.shot(boris, "cluster-after-failover", full_page=False)
            assert not pages.problems, pages.problems
        finally:
            pages.close()
