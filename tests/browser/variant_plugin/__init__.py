"""A variant with a screen of its own, for the browser tests: "Table talk" for High Card.

It changes nothing in the rules; its client assets hold a screen.js whose ``extend(view, root, api)``
adds a note (with the round, and the number of claims so far) and a text field to High Card's screen.
Loaded by the test's own server with ``--plugin browser.variant_plugin``.
"""

from __future__ import annotations

from pathlib import Path

from gamenight import ClientAssets, Variant, hookimpl


@hookimpl
def gamenight_variants() -> list[Variant]:
    return [
        Variant(
            id="table_talk",
            game="highcard",
            names={"en": "Table talk", "ru": "Разговоры за столом"},  # no rule changes: it exists for its screen
        )
    ]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("table_talk", Path(__file__).parent / "client")]
