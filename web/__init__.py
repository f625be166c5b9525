"""The web server and the browser client: ``gamenight serve``.

``gamenight.web.app.create_app`` builds the Flask app and its Socket.IO server
around an engine; everything the browser needs is served from ``static/``.
This package imports nothing on purpose: ``gamenight serve`` must patch the
standard library for eventlet before Flask is imported.
"""
