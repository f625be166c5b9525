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
