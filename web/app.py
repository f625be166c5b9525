"""The Flask app: pages, the JSON API the pages read, plugin assets, QR codes, security headers."""

from __future__ import annotations

import io
import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import gamenight
import segno
from flask import Flask, Response, abort, render_template, request, send_from_directory
from flask_socketio import SocketIO
from gamenight.engine import Engine
from gamenight.errors import ActionError
from gamenight.web.admin_requests import install_admin_requests
from gamenight.web.crew_export import register_crew_export
from gamenight.web.hub import Hub
from gamenight.web.logs import log_events, log_requests
from gamenight.web.metrics import install_metrics
from gamenight.web.packets import guard_packets
from gamenight.web.pictures import register_pictures
from gamenight.web.protocol import PacketJSON, TextPacket
from gamenight.web.settings import Settings
from gamenight.web.streamer_link import INVITE_SHAPE
from werkzeug.middleware.proxy_fix import ProxyFix

HERE = Path(__file__).parent
CORE_LOCALES = Path(gamenight.__file__).parent / "locales"
LANGUAGES = ("en", "ru")
MAX_EVENT_BYTES = 64 * 1024
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self' ws: wss:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def create_app(
    engine: Engine, settings: Settings | None = None, *, hub_options: dict[str, Any] | None = None
) -> tuple[Flask, SocketIO]:
    """The web app and its Socket.IO server around ``engine``, with the server's ``settings``.

    Without ``settings``: a home night's, in threading mode (a test's, a throwaway server's). Of the settings,
    the app uses ``async_mode``; ``public_url``, the address phones should use (join links and QR codes use
    it, whatever address the table screen itself used); ``uploads``, the folder for pictures uploaded in
    lobbies (without one, a temporary folder removed with the app); ``limits`` and ``upload_limits``
    (docs/protocol.md, "Limits" and "Picture uploads"); ``proxies``, how many reverse proxies in front of
    the server to trust for the client's address (``X-Forwarded-For``). ``hub_options`` go to the ``Hub``.
    """
    settings = settings if settings is not None else Settings(async_mode="threading")
    limits, public_url, uploads, proxies = settings.limits, settings.public_url, settings.uploads, settings.proxies
    app = Flask(__name__, static_folder="static", template_folder="templates")
    socketio = SocketIO(
        app,
        async_mode=settings.async_mode,
        max_http_buffer_size=MAX_EVENT_BYTES,
        json=PacketJSON,
        serializer=TextPacket,
        async_handlers=False,  # one connection's events are handled one after another, in the order sent
    )
    guard_packets(socketio.server)
    hub = Hub(engine, socketio, **({"limits": limits} | (hub_options or {})))
    app.wsgi_app = TransportGuard(app.wsgi_app, hub)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
    app.extensions["gamenight"] = {"engine": engine, "hub": hub, "limits": limits}
    if uploads is None:  # an app without a data folder (tests, a throwaway server): its pictures go when it does
        scratch = tempfile.TemporaryDirectory(prefix="gamenight-uploads-", ignore_cleanup_errors=True)
        app.extensions["gamenight"]["scratch"] = scratch
        uploads = Path(scratch.name)
    register_pictures(app, engine, hub, uploads, settings.upload_limits)
    register_crew_export(app, engine)
    install_admin_requests(engine, hub)
    if settings.log_format == "json":
        log_requests(app)
        log_events(hub)
    if settings.metrics:
        install_metrics(app, engine, hub, settings.metrics_allow)
    plugins = engine.plugins

    def base_url() -> str:
        return public_url or request.host_url

    def page(template: str, **context: Any) -> str:
        lang = request.accept_languages.best_match(LANGUAGES) or "en"
        return render_template(template, lang=lang, **context)

    @app.get("/healthz")
    def healthz() -> Response:
        """For a proxy's health checks: 200 while this server takes lobbies; 503, saying why, while it is shutting
        down or its store (or the cluster's directory) fails (what the last heartbeat found: no query here)."""
        problem = engine.health()
        return Response(problem or "ok", 503 if problem else 200, mimetype="text/plain")

    @app.get("/")
    def landing() -> str:
        return page("landing.html")

    @app.get("/l/<code>")
    def lobby_page(code: str) -> str:
        code = code.upper()[:16]
        return page("lobby.html", code=code, join_url=f"{base_url()}l/{code}")

    @app.get("/l/<code>/table")
    def table_page(code: str) -> str:
        code = code.upper()[:16]
        return page("table.html", code=code, join_url=f"{base_url()}l/{code}")

    @app.get("/l/<code>/audience")
    def audience_page(code: str) -> str:
        code = code.upper()[:16]
        return page("audience.html", code=code, join_url=f"{base_url()}l/{code}")

    # The lobby and table pages are the same page for any code (the browser asks the socket);
    # the QR code is the one page that tells a real code from a wrong one, so it is throttled.
    @app.get("/l/<code>/qr.svg")
    def join_qr(code: str) -> Response:
        address = request.remote_addr
        wait = hub.throttle.retry_after(address)
        if wait:
            return too_many_attempts(wait)
        try:
            known = engine.known(code)  # any node can draw it: the lobby need not be this node's
        except ActionError:
            abort(503)
        if known is None:
            hub.throttle.miss(address)
            abort(404)
        buffer = io.BytesIO()
        invite = request.args.get("invite", "")  # streamer mode's private link, drawn for the host's phone
        link = f"{base_url()}l/{known}" + (f"?invite={invite}" if INVITE_SHAPE.fullmatch(invite) else "")
        segno.make(link, error="m").save(buffer, kind="svg", scale=8, border=2, dark="#000", light="#fff")
        return Response(buffer.getvalue(), mimetype="image/svg+xml")

    @app.get("/rules/<game_id>")
    def rules_page(game_id: str) -> str:
        game = plugins.games.get(game_id)
        if game is None:
            abort(404)
        rules = {lang: _rules_html(plugins, game_id, lang) for lang in LANGUAGES}
        return page("rules.html", game=game, rules=rules)

    @app.get("/about")
    def about_page() -> str:
        return page("about.html", games=plugins.catalogue(), image_packs=list(plugins.image_packs.values()))

    @app.get("/api/games")
    def api_games() -> Response:
        catalogue = plugins.catalogue()
        for entry in [*catalogue, *(variant for game in catalogue for variant in game["variants"])]:
            assets = plugins.client_assets.get(entry["id"])  # a game's or a variant's own client files
            entry["screen"] = bool(assets and (assets.directory / "screen.js").is_file())
            entry["styles"] = bool(assets and (assets.directory / "screen.css").is_file())
        return _json(catalogue)

    @app.get("/api/strings/<lang>")
    def api_strings(lang: str) -> Response:
        if lang not in LANGUAGES:
            abort(404)
        return _json(_strings(plugins, lang))

    @app.get("/plugins/<asset_id>/<path:path>")
    def plugin_asset(asset_id: str, path: str) -> Response:
        assets = plugins.client_assets.get(asset_id)
        if assets is None or path.startswith(("strings/", "rules/")):
            abort(404)
        return send_from_directory(assets.directory, path)

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        return response

    return app, socketio


def too_many_attempts(wait: int) -> Response:
    """429 for an address that tried too many wrong codes (the socket path's ``too_many_attempts``)."""
    error = ActionError("too_many_attempts", retry_after=wait)
    response = _json({"ok": False, "error": error.to_dict()})
    response.status_code = 429
    response.headers["Retry-After"] = str(wait)
    return response


class TransportGuard:
    """WSGI middleware in front of Socket.IO's: a connection handshake counts as an event of its address;
    websockets are never compressed.

    A handshake (``/socket.io/`` without a session id) draws on the address's event bucket,
    so reconnecting in a loop is rate-limited like any event; and no more than
    ``max_connections`` Engine.IO sessions are open at once. Refusals are 503 with a JSON
    ``{ok: false, error}`` and ``Retry-After``.
    """

    def __init__(self, app, hub: Hub) -> None:
        self.app = app
        self.hub = hub

    def __call__(self, environ: dict[str, Any], start_response):
        # No per-message deflate: patches are a few hundred bytes, where it saves nothing, and each
        # compressed connection keeps zlib buffers of its own (most of a connection's memory).
        environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
        socket = environ.get("PATH_INFO", "").startswith("/socket.io")
        if not socket and self.hub.bans is not None and self.hub.bans.banned(environ.get("REMOTE_ADDR")):
            return refuse_banned(start_response)  # a Socket.IO connection is refused by the hub, in words
        if socket and "sid" not in parse_qs(environ.get("QUERY_STRING", "")):
            error = None
            if len(self.hub.socketio.server.eio.sockets) >= self.hub.limits.max_connections:
                error = ActionError("server_busy", max=self.hub.limits.max_connections)
            elif not self.hub.buckets.allow(environ.get("REMOTE_ADDR")):
                error = ActionError("rate_limited")
            if error is not None:
                if self.hub.metrics is not None:
                    self.hub.metrics.refused(error.code)
                body = json.dumps({"ok": False, "error": error.to_dict()}).encode()
                status = "429 Too Many Requests" if error.code == "rate_limited" else "503 Service Unavailable"
                start_response(
                    status,
                    [
                        ("Content-Type", "application/json"),
                        ("Content-Length", str(len(body))),
                        ("Retry-After", "1" if error.code == "rate_limited" else "5"),
                    ],
                )
                return [body]
        return self.app(environ, start_response)


BANNED_PAGE = (
    "The host of this server has closed it to your address.\nХозяин этого сервера закрыл его для вашего адреса.\n"
).encode()


def refuse_banned(start_response) -> list[bytes]:
    """403 for an address the server's host banned (``gamenight admin ban``), in both languages."""
    start_response(
        "403 Forbidden", [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(BANNED_PAGE)))]
    )
    return [BANNED_PAGE]


def _json(data: Any) -> Response:
    return Response(json.dumps(data, ensure_ascii=False), mimetype="application/json")


def _read_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


@cache
def _catalogue_file(path: Path) -> dict[str, Any]:
    return _read_json(path)


def _strings(plugins, lang: str) -> dict[str, Any]:
    """Every string a browser may need in ``lang``: the engine's, the shell's, each game's and variant's."""
    strings: dict[str, Any] = {}
    strings.update(_catalogue_file(CORE_LOCALES / f"{lang}.json"))
    strings.update(_catalogue_file(HERE / "locales" / f"{lang}.json"))
    for game in plugins.games.values():
        strings[f"game.{game.id}"] = game.names.get(lang) or game.names.get("en", game.id)
    for variant in plugins.variants.values():
        strings[f"variant.{variant.id}"] = variant.names.get(lang) or variant.names.get("en", variant.id)
    for assets in plugins.client_assets.values():
        strings.update(_read_json(assets.directory / "strings" / f"{lang}.json"))
    return strings


def _rules_html(plugins, game_id: str, lang: str) -> str | None:
    assets = plugins.client_assets.get(game_id)
    if assets is None:
        return None
    path = assets.directory / "rules" / f"{lang}.html"
    return path.read_text(encoding="utf-8") if path.is_file() else None
