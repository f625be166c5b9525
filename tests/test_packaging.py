"""Packaging: import names are namespaced under `gamenight`; nothing called core, web or plugins is installed."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_wheel_installs_only_the_gamenight_package(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("gamenight-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names}
    assert top == {"gamenight", next(t for t in top if t.endswith(".dist-info"))}
    assert "gamenight/hookspecs.py" in names
    assert "gamenight/plugins/__init__.py" in names
    assert "gamenight/locales/ru.json" in names
    # Everything a game night needs offline ships inside the package.
    for asset in [
        "gamenight/web/static/vendor/socket.io/socket.io.esm.min.js",
        "gamenight/web/templates/table.html",
        "gamenight/web/static/js/lobby.js",
        "gamenight/plugins/spyfall/locations/spyfall2.json",
        "gamenight/plugins/spyfall/client/screen.js",
        "gamenight/plugins/notahuman/deck/images/scene-144.svg",
        "gamenight/plugins/notahuman/client/strings/ru.json",
    ]:
        assert asset in names, asset
    entry_points = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "gamenight = gamenight.cli:main" in entry_points
    # A home night on SQLite pulls no PostgreSQL or Redis client: they come with the cluster extra.
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    requires = [line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    for driver in ("pg8000", "redis"):
        (line,) = [r for r in requires if r.startswith(driver)]
        assert 'extra == "cluster"' in line, line
    assert not [r for r in requires if "extra" not in r and r.split(">")[0].split("=")[0] in ("pg8000", "redis")]


def test_the_serve_lock_has_no_cluster_driver_and_the_test_lock_has_both():
    serve = (ROOT / "requirements" / "serve.txt").read_text(encoding="utf-8")
    test = (ROOT / "requirements" / "test.txt").read_text(encoding="utf-8")
    for driver in ("pg8000==", "redis=="):
        assert driver not in serve and driver in test, driver


def test_a_store_or_cluster_without_its_driver_says_what_to_install(tmp_path):
    """Run as if pg8000 and redis were not installed (a `pip install gamenight`)."""
    without = "import sys; sys.modules['pg8000'] = sys.modules['redis'] = None; from gamenight.cli import main; main()"
    for args in (
        ["--db", "postgresql://night@127.0.0.1:1/gamenight"],
        ["--db", "postgresql://night@127.0.0.1:1/gamenight", "--cluster", "redis://127.0.0.1:1/0"],
    ):
        run = subprocess.run(
            [sys.executable, "-c", without, "serve", "--async-mode", "threading", "--port", "1", *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 1, run.stderr
        assert 'pip install "gamenight[cluster]"' in run.stderr and "Traceback" not in run.stderr
        assert "pg8000" in run.stderr
        assert ("redis" in run.stderr) == ("--cluster" in args)
