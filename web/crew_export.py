"""Downloads of a crew's data: a member's own history, or the whole crew for its host, as JSON or CSV.

``GET /l/<code>/crew/export?what=me|crew&format=json|csv`` with the seat's token in ``X-Seat-Token``
(a phone fetches it and saves the answer as a file).
"""

from __future__ import annotations

from flask import Flask, Response, jsonify, request
from gamenight.crew_export import as_csv
from gamenight.engine import Engine
from gamenight.errors import ActionError
from gamenight.web.refusals import refusal


def register_crew_export(app: Flask, engine: Engine) -> None:
    @app.get("/l/<code>/crew/export")
    def crew_export(code: str) -> Response | tuple[Response, int]:
        what = request.args.get("what", "me")
        form = request.args.get("format", "json")
        errors = {
            **({} if what in ("me", "crew") else {"what": ["me or crew"]}),
            **({} if form in ("json", "csv") else {"format": ["json or csv"]}),
        }
        if errors:
            return refusal(ActionError("bad_request", errors=errors))
        try:
            data = engine.crew_export(code, request.headers.get("X-Seat-Token", ""), whole=what == "crew")
        except ActionError as exc:
            return refusal(exc)
        name = f"gamenight-{data['crew']}-{what}.{form}"
        response = jsonify(data) if form == "json" else Response(as_csv(data), mimetype="text/csv")
        response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
        response.headers["Cache-Control"] = "no-store"
        return response
