"""Hooks Team Spyfall declares for its variants: the location hooks it shares with Spyfall."""

from __future__ import annotations

from gamenight.plugins.spyfall.hookspecs import LocationHooks


class TeamHooks(LocationHooks):
    """Team Spyfall's hookspecs: where locations come from (the eight-locations variant overrides it)."""
