"""Team Spyfall: an unofficial variant with two teams in two locations, maybe spies, and secret picks."""

from __future__ import annotations

from pathlib import Path

from gamenight import ClientAssets, Game, Variant, hookimpl
from gamenight.plugins.spyfall.board import EightLocations
from gamenight.plugins.spyfall.packs import PackLocations
from gamenight.plugins.spyfall_teams import rules
from gamenight.plugins.spyfall_teams.awards import gamenight_awards as gamenight_awards  # the recap's awards
from gamenight.plugins.spyfall_teams.hookspecs import TeamHooks

NAMES = {"en": "Team Spyfall", "ru": "Командная «Находка для шпиона»"}


@hookimpl
def gamenight_games() -> list[Game]:
    return [
        Game(
            id="spyfall_teams",
            names=NAMES,
            min_players=rules.MIN_PLAYERS,
            max_players=rules.MAX_PLAYERS,
            rules=(rules, PackLocations()),
            hookspecs=TeamHooks,
            points=rules.POINTS,
            dealt=rules.DEALT,
        )
    ]


@hookimpl
def gamenight_variants() -> list[Variant]:
    return [
        Variant(
            id="teams_eight_locations",
            game="spyfall_teams",
            names={"en": "Eight locations", "ru": "Восемь локаций"},
            rules=EightLocations(rules.next_round),
        )
    ]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("spyfall_teams", Path(__file__).parent / "client")]
