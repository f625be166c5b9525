"""The libraries' internals the server relies on (gamenight.web.internals), their bounds and their lock.

A release of python-socketio, python-engineio, eventlet or simple-websocket that renames or reshapes one of
them fails ``test_every_internal_is_as_the_server_expects``, naming the library, its version and the
attribute. The server itself checks them when it starts and goes the public way around a missing one:
the real servers below, each started with an internal taken away, still reach a real Socket.IO client.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import tomllib
from pathlib import Path

import pytest
import socketio
from gamenight.web import internals
from gamenight.web.frames import unmask
from helpers import HeldView
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version
from server import running_server

ROOT = Path(__file__).resolve().parent.parent
MODES = ("threading", "eventlet", "gevent")
WARNING = "gamenight's fast path goes without"


# -- every internal, on the installed libraries -----------------------------------------------------------


@pytest.fixture(scope="module")
def report() -> dict[tuple[str, str], str | None]:
    """The check of every internal in every async mode, made in a process of its own (eventlet is imported
    in its mode only: imported here, it would hook every fork the other tests make)."""
    code = (
        "import json\n"
        "from gamenight.web import internals\n"
        "print(json.dumps([[mode, i.name, problem] for mode, i, problem in internals.report()]))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return {(mode, name): problem for mode, name, problem in json.loads(run.stdout.splitlines()[-1])}


@pytest.mark.parametrize(
    ("mode", "internal"),
    [(mode, internal) for mode in MODES for internal in internals.EVERY if internals.applies(internal, mode)],
    ids=lambda value: str(value),
)
def test_every_internal_is_as_the_server_expects(report, mode, internal):
    if (mode, internal.name) not in report:
        pytest.skip(f"the {mode} mode is not installed")
    problem = report[mode, internal.name]
    assert problem is None, (
        f"{internal.library} {internals.installed(internal.library)} changed an internal gamenight relies on, "
        f"in the {mode} mode: {problem}"
    )


def test_unmask_is_rfc6455s_unmasking(report):
    # Checked by the eventlet report (its _apply_mask against frames.unmask); here against RFC 6455 itself.
    data, mask = bytes(range(256)), b"\x01\x80\xfe\x37"
    for length, offset in ((None, 0), (256, 0), (17, 3), (1, 5), (0, 0)):
        n = len(data) if length is None else length
        expected = bytes(data[i] ^ mask[(offset + i) % 4] for i in range(n))
        assert unmask(data, mask, length, offset) == expected, (length, offset)
    assert report["eventlet", internals.APPLY_MASK.name] is None


# -- the bounds, and the lock ---------------------------------------------------------------------------


def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)


def declared() -> dict[str, list[Requirement]]:
    project = pyproject()["project"]
    every = [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]
    requirements: dict[str, list[Requirement]] = {}
    for requirement in map(Requirement, every):
        requirements.setdefault(canonicalize_name(requirement.name), []).append(requirement)
    return requirements


def test_pyproject_bounds_the_libraries_to_the_tested_releases():
    requirements = declared()
    for library, tested in internals.TESTED.items():
        specifiers = {str(r.specifier) for r in requirements.get(canonicalize_name(library), [])} - {""}
        assert specifiers == {str(SpecifierSet(tested))}, (
            f"pyproject.toml bounds {library} to {' and '.join(specifiers) or 'nothing'}; "
            f"the internals' check (gamenight.web.internals.TESTED) to {tested}"
        )


def test_the_installed_libraries_are_tested_releases():
    for library, tested in internals.TESTED.items():
        version = internals.installed(library)
        if version == "(not installed)":
            assert library == "gevent", f"{library} is not installed"
            continue
        assert Version(version) in SpecifierSet(tested), (
            f"{library} {version} is installed; the server was tested with {tested}: "
            "install the lock (bash scripts/test.sh) or test the new release and raise the bound"
        )


def locked(name: str) -> dict[str, tuple[str, str, list[str]]]:
    """requirements/<name>.txt: package -> (version, marker, hashes)."""
    text = (ROOT / "requirements" / f"{name}.txt").read_text(encoding="utf-8")
    entries = {}
    for entry in re.sub(r"\\\n", " ", text).splitlines():
        entry = entry.split("#", 1)[0].strip()
        if not entry:
            continue
        pin, _, marker = entry.partition(";")
        marker, *hashes = marker.split("--hash=") if marker else ("", *pin.split("--hash=")[1:])
        pin = pin.split("--hash=")[0].strip()
        assert re.fullmatch(r"[A-Za-z0-9._-]+==[^=\s]+", pin), f"{name}.txt: {pin!r} is not one exact version"
        package, version = pin.split("==")
        hashes = [h.strip() for h in hashes]
        assert hashes and all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in hashes), f"{name}.txt: {pin} hashes"
        entries[canonicalize_name(package)] = (version, marker.strip(), hashes)
    return entries


def test_the_locks_pin_every_package_with_its_hashes():
    serve, test, pip = locked("serve"), locked("test"), locked("pip")
    assert list(pip) == ["pip"]
    # serve.txt is test.txt's versions (an install from the test lock serves too: scripts/bootstrap.sh)
    for package, (version, _, hashes) in serve.items():
        assert package in test, f"{package} is locked to serve, not to test"
        assert test[package][0] == version and test[package][2] == hashes, package
    project = pyproject()["project"]
    for requirement in map(Requirement, project["dependencies"]):
        assert canonicalize_name(requirement.name) in serve, f"requirements/serve.txt lacks {requirement.name}"
    for extra in ("test", "gevent", "cluster"):
        for requirement in map(Requirement, project["optional-dependencies"][extra]):
            if requirement.name == "gamenight":  # the test extra names the cluster extra
                continue
            assert canonicalize_name(requirement.name) in test, f"requirements/test.txt lacks {requirement.name}"
    # a cluster's node: what serves, and PostgreSQL's and Redis's clients, at test.txt's versions
    cluster = locked("cluster")
    for requirement in map(Requirement, project["optional-dependencies"]["cluster"]):
        assert canonicalize_name(requirement.name) in cluster, f"requirements/cluster.txt lacks {requirement.name}"
        assert canonicalize_name(requirement.name) not in serve, f"a home night installs {requirement.name}"
    for package, (version, _, hashes) in cluster.items():
        assert test[package][0] == version and test[package][2] == hashes, package
    assert set(serve) <= set(cluster)
    # The checkout is built with the locked backend (pip install --no-build-isolation).
    for requirement in map(Requirement, pyproject()["build-system"]["requires"]):
        for lock in (serve, test):
            assert requirement.specifier.contains(lock[canonicalize_name(requirement.name)][0])
    for library, tested in internals.TESTED.items():
        assert Version(test[canonicalize_name(library)][0]) in SpecifierSet(tested), library


def test_the_bootstrap_installs_the_lock_with_hashes():
    bootstrap = (ROOT / "scripts" / "bootstrap.sh").read_text(encoding="utf-8")
    assert '--require-hashes -r "$ROOT/requirements/$lock.txt"' in bootstrap
    assert '--require-hashes -r "$ROOT/requirements/pip.txt"' in bootstrap
    assert "--no-deps --no-build-isolation -e" in bootstrap
    assert "install_gamenight serve" in (ROOT / "scripts" / "serve.sh").read_text(encoding="utf-8")
    assert "install_gamenight cluster" in (ROOT / "scripts" / "node.sh").read_text(encoding="utf-8")
    assert "install_gamenight test" in (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")


# -- a missing internal, found and named -------------------------------------------------------------------


def test_a_missing_internal_is_named_in_one_warning_and_left_alone(monkeypatch, caplog):
    monkeypatch.delattr(socketio.Server, "_send_eio_packet")
    server = socketio.Server(async_mode="threading")
    with caplog.at_level("WARNING", logger="gamenight.web.internals"):
        missing = internals.check_fast_path(server)
    assert missing == {internals.SEND_EIO_PACKET}
    (record,) = caplog.records
    version = internals.installed("python-socketio")
    assert f"python-socketio {version} (tested: {internals.TESTED['python-socketio']})" in record.message
    assert "socketio.Server._send_eio_packet is missing" in record.message
    assert "engineio.Server.send" in record.message  # what it does instead


def test_a_changed_internal_is_named(monkeypatch):
    monkeypatch.setattr(socketio.Server, "_send_eio_packet", lambda self, packet: None)
    server = socketio.Server(async_mode="threading")
    (gap,) = internals.gaps([internals.SEND_EIO_PACKET], internals.Servers(server, server.eio))
    assert "socketio.Server._send_eio_packet takes (packet), not 2 positional arguments" in str(gap)


def test_an_engineio_server_without_its_table_keeps_its_own_websocket(monkeypatch, caplog):
    from gamenight.web.frames import DirectFrames

    server = socketio.Server(async_mode="threading")
    monkeypatch.delattr(server.eio, "_async")
    with caplog.at_level("WARNING", logger="gamenight.web.internals"):
        missing = internals.check_fast_path(server)
    assert missing == {internals.ASYNC_TABLE}
    assert f"python-engineio {internals.installed('python-engineio')}" in caplog.text
    assert "engineio.Server._async['websocket'] is missing" in caplog.text
    assert DirectFrames.install(server.eio, missing) is None
    assert not hasattr(server.eio, "_async")  # not touched


# -- the public path, to a real client ------------------------------------------------------------------

# Starts `gamenight serve` with the named attributes taken off their classes first, as a release without
# them would be: "module:Class.attribute,...", then the command's arguments.
LAUNCH = """
import importlib, sys, warnings
if "--async-mode" in sys.argv and sys.argv[sys.argv.index("--async-mode") + 1] == "eventlet":
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import eventlet
    eventlet.monkey_patch()  # first, as gamenight serve does, before the libraries are imported
for dotted in filter(None, sys.argv[1].split(",")):
    module, _, path = dotted.partition(":")
    owner, _, name = path.rpartition(".")
    delattr(getattr(importlib.import_module(module), owner), name)
from gamenight.cli import main
sys.argv = ["gamenight", *sys.argv[2:]]
main()
"""


def server_without(removed: list[str], async_mode: str, db: Path, output: list[str]):
    """The real server, started with the ``removed`` internals deleted from their classes first."""
    launcher = [sys.executable, "-c", LAUNCH, ",".join(removed)]
    return running_server(db, async_mode, output=output, launcher=launcher)


class Client:
    """A python-socketio client holding its view as the browser does (states and patches)."""

    def __init__(self, url: str, transport: str) -> None:
        self.held = HeldView()
        self.view: dict | None = None
        self.changed = threading.Condition()
        self.sio = socketio.Client(reconnection=False)
        for event in ("state", "patch"):
            self.sio.on(event, self._recorder(event))
        self.sio.connect(url, transports=[transport], wait_timeout=10)
        assert self.sio.transport() == transport

    def _recorder(self, event: str):
        def record(payload):
            with self.changed:
                view = self.held.receive(event, payload)
                if view is not None:
                    self.view = view
                    self.changed.notify_all()

        return record

    def wait(self, predicate, what: str) -> dict:
        with self.changed:
            if not self.changed.wait_for(lambda: self.view is not None and predicate(self.view), timeout=15):
                raise AssertionError(f"never saw {what}; the last view: {json.dumps(self.view)[:300]}")
            return self.view


@pytest.mark.parametrize(
    ("async_mode", "removed", "transport", "named"),
    [
        # the queue's packet: Engine.IO's public send instead (polling: every message goes through the queue;
        # an eventlet websocket's mostly go straight onto it)
        ("eventlet", ["socketio:Server._send_eio_packet"], "polling", "socketio.Server._send_eio_packet"),
        ("threading", ["socketio:Server._send_eio_packet"], "websocket", "socketio.Server._send_eio_packet"),
        # no direct frames: every message through the connection's queue and writer
        ("eventlet", ["eventlet.queue:LightQueue.getting"], "websocket", "eventlet.queue.Queue.getting"),
        ("eventlet", [], "websocket", None),  # nothing missing: no warning
    ],
    ids=["eventlet-public-send", "threading-public-send", "eventlet-no-direct", "all"],
)
def test_without_an_internal_the_server_still_reaches_a_real_client(tmp_path, async_mode, removed, transport, named):
    output: list[str] = []
    with server_without(removed, async_mode, tmp_path / "night.sqlite", output) as url:
        ann, boris = Client(url, transport), Client(url, transport)
        try:
            created = ann.sio.call("create_lobby", {"name": "Ann"}, timeout=10)
            assert created["ok"], created
            ann.wait(lambda view: view["lobby"]["code"] == created["code"], "her lobby")  # a state
            joined = boris.sio.call("join_lobby", {"code": created["code"], "name": "Boris"}, timeout=10)
            assert joined["ok"], joined
            boris.wait(lambda view: len(view["lobby"]["seats"]) == 2, "his seat")
            ann.wait(lambda view: len(view["lobby"]["seats"]) == 2, "Boris joining")  # a patch
        finally:
            ann.sio.disconnect()
            boris.sio.disconnect()
    warnings = [line for line in output[0].splitlines() if WARNING in line]
    if named is None:
        assert warnings == [], output[0]
        return
    assert len(warnings) == 1, output[0]
    library = internals.SEND_EIO_PACKET.library if "socketio" in named else "eventlet"
    assert f"{library} {internals.installed(library)}" in warnings[0]
    assert f"{named} is missing" in warnings[0]
