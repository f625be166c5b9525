"""The web server and the browser client: ``gamenight serve``.

``create_app`` builds the Flask app and its Socket.IO server around an
engine; everything the browser needs is served from ``static/``.
"""

from gamenight.web.app import create_app

__all__ = ["create_app"]
