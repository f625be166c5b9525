"""Who is in a match and where they sit (the facade's ``present``, ``is_present``, ``next_player``,
``seat_order_from``, ``player_named``), and ``depart``, a player leaving it (docs/rules: coming and going)."""

from __future__ import annotations

from gamenight.errors import BadDeal


class MatchPlayers:
    """``players`` keeps everyone who started, in seat order (clockwise); ``left`` those who have gone.

    A part of ``gamenight.match.Match``: the state it reads and changes is what ``Match.__init__`` sets.
    """

    @property
    def present(self) -> list[str]:
        """The players still in the match, in seat order (``players`` keeps everyone who started)."""
        return [p for p in self.players if p not in self.left]

    def is_present(self, player: str | None) -> bool:
        return player in self.players and player not in self.left

    def next_player(self, player: str, step: int = 1) -> str:
        """The present player ``step`` seats clockwise from ``player`` (who may have left)."""
        index = self.players.index(player)
        ring = self.players[index + 1 :] + self.players[: index + 1]
        present = [p for p in ring if p not in self.left]
        if not present:
            return player
        return present[(step - 1) % len(present)]

    def seat_order_from(self, player: str) -> list[str]:
        """The present players clockwise, starting with ``player`` (or the next present one)."""
        index = self.players.index(player)
        ring = self.players[index:] + self.players[:index]
        return [p for p in ring if p not in self.left]

    def player_named(self, name: str) -> str:
        """The id of the present player called ``name`` (for forced deals written with names)."""
        for pid in self.present:
            if self.names[pid].casefold() == str(name).casefold():
                return pid
        raise BadDeal(f"no player called {name!r} is in the match")

    def depart(self, player: str) -> None:
        """``player`` left the lobby or was kicked: they leave the match too (docs/rules: coming and going).

        They are no longer dealt, asked, waited for or counted as voters; their
        points stay. The game's ``player_left`` hook hands on what they held;
        below the game's minimum the match ends at once, scored.
        """
        if self.over or not self.is_present(player):
            return
        self.left.append(player)
        self.move_on(self.hook.player_left(match=self, player=player))
        self.drop_voter(player)
        self.announce("event.player_left", player=player)
        if self.over:
            return
        if len(self.present) < self.stack.game.min_players:
            self.announce("event.too_few_players", min=self.stack.game.min_players)
            self.finish(early=True)
            return
        self.check_phase_end()
