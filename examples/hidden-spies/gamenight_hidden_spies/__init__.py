"""Hidden spy count: a Spyfall house rule, packaged on its own.

Each round has 0, 1 or 2 spies, drawn at random, and nobody is told how many
(two only from 5 players). An accusation always passes with the votes of all
but one voter from 5 players (all of them below 5), so the threshold gives
nothing away. With no spy dealt, the table scores if it keeps its nerve:
every player scores 1 if nobody is convicted; if someone is, that innocent
player alone scores 2 for having been framed. With spies, Spyfall scores as
usual.

The audience's question "who is the spy?" says how many spies there are in
Spyfall; here that is the secret, so the question does not say it, and "no
spy" is one of its choices (the right one in a round without a spy).

Written only against gamenight's documented hooks (docs/plugins.md): Spyfall's
own ``spyfall_spy_count``, ``spyfall_spy_counts``, ``spyfall_allowance`` and
``spyfall_score``, and wrappers of the game hooks ``public_view`` and
``audience_prompts``, all in the variant's ``hooks``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from gamenight import Choice, ClientAssets, Prompt, Variant, hookimpl

VARIANT = "hidden_spies"
NOBODY = "nobody"  # the audience's choice "no spy"


def most_spies(match) -> int:
    return 2 if len(match.present) >= 5 else 1


class HiddenSpies:
    """The variant's layer of hooks over Spyfall's."""

    @hookimpl
    def spyfall_spy_count(self, match) -> int:
        return match.rng.randint(0, most_spies(match))

    @hookimpl
    def spyfall_spy_counts(self, match) -> list[int]:
        return list(range(most_spies(match) + 1))

    @hookimpl
    def spyfall_allowance(self, match) -> int:
        return 1 if len(match.present) >= 5 else 0

    @hookimpl(wrapper=True)
    def public_view(self, match) -> dict[str, Any]:
        shown = yield
        shown.pop("spy_count", None)
        return shown

    @hookimpl(wrapper=True)
    def audience_prompts(self, match) -> list[list[Prompt]]:
        every = yield  # each implementation's list
        return [[self.uncounted(match, prompt) for prompt in prompts] for prompts in every]

    @staticmethod
    def uncounted(match, prompt: Prompt) -> Prompt:
        """Spyfall's prompt without the spy count; "who is the spy?" asked so that no spy is an answer."""
        params = {key: value for key, value in prompt.params.items() if key != "count"}
        if prompt.question != "spyfall.audience.who_is_spy":
            return replace(prompt, params=params)
        answer = prompt.answer
        if answer == () and not match.round_state.get("void"):  # the round is over and had no spy
            answer = (NOBODY,)
        return replace(
            prompt,
            question="hidden_spies.audience.who_is_spy",
            choices=(*prompt.choices, Choice(NOBODY, key="hidden_spies.audience.nobody")),
            answer=answer,
            params=params,
        )

    @hookimpl(tryfirst=True)
    def spyfall_score(self, match, outcome: dict[str, Any]) -> bool | None:
        if outcome["spies"]:
            return None  # Spyfall's own scoring
        if outcome["convicted"] is None:
            for player in match.present:
                match.award(player, 1, "hidden_spies.reason.nerve")
        else:
            match.award(outcome["convicted"], 2, "hidden_spies.reason.framed")
        return True


@hookimpl
def gamenight_variants() -> list[Variant]:
    return [
        Variant(
            id=VARIANT,
            game="spyfall",
            names={"en": "Hidden spy count", "ru": "Сколько шпионов — тайна"},
            hooks=HiddenSpies(),
            excludes=("known_spies",),
        )
    ]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets(VARIANT, Path(__file__).parent / "client")]
