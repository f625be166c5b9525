"""The server's log on stderr: human text (the default), or one JSON object a line (``--log-format json``).

In JSON every line carries ``time``, ``level``, ``logger`` and ``message``, and, where there is one, the
``lobby`` code and the ``request_id`` of what was being handled: a Socket.IO event (an id made for it) or an
HTTP request (its ``X-Request-ID`` header when the proxy sends one, else an id made for it). An HTTP request
is logged once answered (``gamenight.web.access``: method, path, status, milliseconds), but for the proxy's
health checks. python-json-logger
writes the lines (JSON escaping, exceptions and ``extra`` fields as a maintained library does them).
"""

from __future__ import annotations

import contextvars
import logging
import re
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pythonjsonlogger.json import JsonFormatter

LOBBY: contextvars.ContextVar[str | None] = contextvars.ContextVar("lobby", default=None)
REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
FIELDS = ("time", "level", "logger", "message", "lobby", "request_id")
GIVEN_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")  # an X-Request-ID taken as it is; anything else is replaced

QUIET_PATHS = ("/healthz",)  # asked every second by each proxy: not logged
access = logging.getLogger("gamenight.web.access")


class Context(logging.Filter):
    """Adds the lobby and the request being handled to each record (unless the call gave its own)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "lobby", None) is None:
            record.lobby = LOBBY.get()
        if getattr(record, "request_id", None) is None:
            record.request_id = REQUEST_ID.get()
        return True


def json_handler(stream: Any = None) -> logging.Handler:
    """A handler writing JSON lines to ``stream`` (stderr)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(
        JsonFormatter(
            "{asctime}{levelname}{name}{message}{lobby}{request_id}",
            style="{",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            datefmt="%Y-%m-%dT%H:%M:%S%z",
            json_ensure_ascii=False,
        )
    )
    handler.addFilter(Context())
    return handler


def configure_logging(log_format: str) -> None:
    """Set the process's log up: ``json`` sends every record from INFO up to stderr as JSON lines; ``text``
    leaves Python's default (warnings and errors, as lines of text)."""
    if log_format != "json":
        return
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.addHandler(json_handler())
    root.setLevel(logging.INFO)
    logging.captureWarnings(True)


@contextmanager
def handling(lobby: str | None, request_id: str | None = None) -> Iterator[str]:
    """Within: log records carry ``lobby`` and a request id (``request_id``, or one made here); yields the id."""
    request_id = request_id or uuid.uuid4().hex[:16]
    lobby_token, request_token = LOBBY.set(lobby), REQUEST_ID.set(request_id)
    try:
        yield request_id
    finally:
        LOBBY.reset(lobby_token)
        REQUEST_ID.reset(request_token)


def set_lobby(code: str | None) -> None:
    """The lobby the request under way turned out to be about (a lobby just created)."""
    LOBBY.set(code)


def log_requests(app: Any) -> None:
    """Give each HTTP request an id (and its lobby, from the URL) in the log, and log it once answered."""
    from flask import Response, g, request  # not at import: ``gamenight serve`` imports this before its patches

    @app.before_request
    def begin() -> None:
        given = request.headers.get("X-Request-ID", "")
        g.log_request = handling(
            (request.view_args or {}).get("code", "").upper() or None,
            given if GIVEN_ID.fullmatch(given) else None,
        )
        g.log_request_id = g.log_request.__enter__()
        g.log_started = time.perf_counter()

    @app.after_request
    def answered(response: Response) -> Response:
        if "log_request" in g and request.path not in QUIET_PATHS:
            access.info(
                "%s %s %s",
                request.method,
                request.path,
                response.status_code,
                extra={
                    "method": request.method,
                    "path": request.path,
                    "status": response.status_code,
                    "ms": round((time.perf_counter() - g.log_started) * 1000, 1),
                },
            )
            response.headers["X-Request-ID"] = g.log_request_id
        return response

    @app.teardown_request
    def end(error: BaseException | None) -> None:
        scope = g.pop("log_request", None)
        if scope is not None:
            scope.__exit__(None, None, None)


def log_events(hub: Any) -> None:
    """Give each Socket.IO event the hub handles a request id (and its lobby: the connection's, else the one it
    names) in the log, by wrapping the handlers it registered (not connecting and disconnecting)."""
    handlers = hub.socketio.server.handlers["/"]
    for event, handler in list(handlers.items()):
        if event in ("connect", "disconnect", "*"):
            continue

        def scoped(sid: str, payload: Any = None, *extra: Any, _handler: Any = handler) -> Any:
            link = hub.links.get(sid)
            lobby = link.code if link is not None and link.code else None
            if lobby is None and isinstance(payload, dict) and isinstance(payload.get("code"), str):
                lobby = payload["code"][:16].upper()
            with handling(lobby):
                return _handler(sid, payload, *extra)

        handlers[event] = scoped
