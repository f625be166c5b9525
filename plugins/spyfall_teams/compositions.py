"""Who plays in which team: docs/rules's table for 5-9 players, or a custom composition."""

from __future__ import annotations

from gamenight import ActionError

# players -> [(team sizes, spies), ...]; where two are listed the host chooses, the first is the default.
# 9 players: "2 teams of 4 + 1 spy" (the rulebook's "4 locations of 4 cards" is a misprint) or 3 teams of 3.
TABLE: dict[int, list[tuple[tuple[int, ...], int]]] = {
    5: [((2, 2), 1)],
    6: [((3, 3), 0)],
    7: [((3, 3), 1)],
    8: [((4, 4), 0), ((3, 3), 2)],
    9: [((4, 4), 1), ((3, 3, 3), 0)],
}


def composition(players: int, choice: str, teams: int, spies: int) -> tuple[tuple[int, ...], int]:
    """Team sizes and the number of spies for ``players`` players."""
    if choice in ("table", "table_alt"):
        options = TABLE.get(players)
        if not options:
            raise ActionError("spyfall_teams.no_table_composition", players=players)
        if choice == "table_alt":
            if len(options) < 2:
                raise ActionError("spyfall_teams.no_alternative", players=players)
            return options[1]
        return options[0]
    agents = players - spies
    if agents < 2 * teams:
        raise ActionError("spyfall_teams.bad_custom", players=players, teams=teams, spies=spies)
    sizes = [agents // teams + (1 if i < agents % teams else 0) for i in range(teams)]
    return tuple(sizes), spies


def allies_to_name(team_size: int) -> int:
    """How many allies a non-spy points at: 1 in a team of 2, exactly 2 in a team of 3 or more."""
    return 1 if team_size == 2 else 2
