"""Team Spyfall: an unofficial variant with two teams in two locations, maybe spies, and secret picks."""

from __future__ import annotations

from pathlib import Path

from gamenight import ClientAssets, Game, Variant, hookimpl
from gamenight.plugins.spyfall.board import eight_locations
from gamenight.plugins.spyfall_teams import rules


@hookimpl
def gamenight_games() -> list[Game]:
    return [rules.GAME]


@hookimpl
def gamenight_variants() -> list[Variant]:
    return [eight_locations("teams_eight_locations", "spyfall_teams", rules.next_round)]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("spyfall_teams", Path(__file__).parent / "client")]
