"""``gamenight serve``: start the server, tell the host where phones should go."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import click

ASYNC_MODES = ("eventlet", "gevent", "threading")


def default_db() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("gamenight")) / "gamenight.sqlite"


def patch_for(async_mode: str) -> None:
    """Cooperative servers need the standard library patched before anything else runs."""
    if async_mode == "eventlet":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # eventlet's deprecation banner means nothing to a host
            import eventlet

        eventlet.monkey_patch()
    elif async_mode == "gevent":
        try:
            from gevent import monkey
        except ImportError:
            raise click.ClickException("--async-mode gevent needs the gevent package: pip install gevent") from None
        monkey.patch_all()


def run(
    host: str,
    port: int,
    db: Path | None,
    async_mode: str,
    durability: str,
    plugin_modules: tuple[str, ...],
    image_packs: tuple[Path, ...] = (),
) -> None:
    patch_for(async_mode)
    import segno
    from gamenight.engine import Engine
    from gamenight.images import folder_pack
    from gamenight.registry import Plugins
    from gamenight.store import SQLiteStore
    from gamenight.web.app import create_app
    from gamenight.web.network import lan_address

    db = db or default_db()
    db.parent.mkdir(parents=True, exist_ok=True)
    plugins = Plugins(plugin_modules)
    for folder in image_packs:
        pack = folder_pack(folder, db.parent / "image-cache")
        plugins.add_image_pack(pack)
        click.echo(f"Picture pack {pack.id}: {len(pack.images)} pictures from {folder}")
    engine = Engine(SQLiteStore(str(db), durability=durability), plugins)
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown}:{port}/"
    app, socketio = create_app(engine, async_mode=async_mode, public_url=url, uploads=db.parent / "uploads")
    games = ", ".join(g.names.get("en", g.id) for g in engine.plugins.games.values()) or "none installed"
    click.echo(f"gamenight is up: open {url} on phones on this Wi-Fi (or scan the code).")
    click.echo(f"Games: {games}. Store: {db} ({len(engine.lobbies)} lobbies). Mode: {async_mode}.")
    segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    socketio.run(app, host=host, port=port, allow_unsafe_werkzeug=True, log_output=False)
