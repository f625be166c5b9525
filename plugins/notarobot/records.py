"""I'm Not a Robot's stats in a crew's record book (``gamenight.records``): drawings made, CAPTCHA tokens
won as the artist, tiles found and found first (head to head, against the artist), bug reports filed and
passed; and every drawing of the match, which the crew may keep in its hall of fame (replayed from its line)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import Keepsake, Stat, Tally

if TYPE_CHECKING:
    from gamenight.match import Match

STATS = {
    "drawn": Stat(),
    "captcha": Stat(),  # some but not all guessers were right
    "found_tile": Stat(),
    "found_first": Stat(),  # the first right checkmark of a turn: head to head, against the artist
    "bug_reports": Stat(),
    "bug_reports_passed": Stat(),
}


def round_tallies(match: Match) -> list[Tally]:
    found: list[Tally] = []
    for turn in match.data["turns"]:
        if turn["round"] != match.round:
            continue
        artist = turn["artist"]
        found.append(Tally(artist, "drawn"))
        if turn["captcha"]:
            found.append(Tally(artist, "captcha"))
        found += [Tally(player, "found_tile") for player in turn["right"]]
        first = next((c["player"] for c in turn["checks"] if c["player"] in turn["right"]), None)
        if first is not None:
            found.append(Tally(first, "found_first", against=artist))
        reporter = turn.get("reported_by")
        if reporter is not None:
            found.append(Tally(reporter, "bug_reports"))
            if turn["bug_report"]:
                found.append(Tally(reporter, "bug_reports_passed"))
    return [tally for tally in found if tally.player in match.players]


def keepsakes(match: Match) -> list[Keepsake]:
    """Every drawing of the match, with the line and marks that replay it."""
    return [
        Keepsake(
            kind="drawing",
            by=drawing["artist"],
            label="notarobot.keepsake.drawing",
            params={"word": drawing["word"]},
            # artist and round: a drawing the host hides is hidden here too (gamenight.hiding)
            content={
                "figure": drawing["figure"],
                "decorations": drawing["decorations"],
                "artist": drawing["artist"],
                "round": drawing["round"],
            },
        )
        for drawing in match.data.get("gallery", [])
    ]
