"""A lobby created in a browser goes to the node holding fewer lobbies, whichever node the browser reached."""

from __future__ import annotations

from cluster_client import ClusterPhone
from conftest import subprocess_env
from gamenight.web.cluster_cli import LocalCluster
from gamenight.web.proxy import NODE_COOKIE
from server import LOOPBACK_LIMITS

from .test_browser_cluster import owner


def test_a_lobby_created_on_a_busier_node_is_made_on_the_other_and_the_host_is_seated_there(
    browser, shots, take_shots, tmp_path, fresh_postgres_url, fresh_redis_url
):
    from playwright.sync_api import expect

    from .conftest import Browsers

    with LocalCluster(
        2,
        directory=tmp_path / "cluster",
        db_url=fresh_postgres_url,
        redis_url=fresh_redis_url,
        env=LOOPBACK_LIMITS | subprocess_env(),
    ) as cluster:
        first = ClusterPhone(cluster.url, "Zoe", node="n1")
        first.create()  # n1 holds one lobby, n2 none: a second on n1 would make it two against none
        assert owner(cluster, first.code) == "n1"
        pages = Browsers(browser, cluster.url.rstrip("/"), shots, take_shots)
        try:
            context = pages.context()
            context.add_cookies([{"name": NODE_COOKIE, "value": "n1", "url": cluster.url}])  # the proxy sends it to n1
            host = pages.page("/", context=context)
            host.get_by_test_id("create-name").fill("Ann")
            host.get_by_test_id("create-submit").click()
            expect(host.get_by_test_id("seat")).to_have_count(1)
            code = host.get_by_test_id("lobby-code").inner_text().strip()
            assert owner(cluster, code) == "n2"
            host.get_by_test_id("lock").click()  # the host plays on there
            expect(host.get_by_test_id("locked-badge")).to_be_visible()
            assert not pages.problems, pages.problems
        finally:
            pages.close()
            first.close()
