"""The full game's political actions beyond preparing an event (CoL § POLITICS PHASE; docs/rules/tta.md
§ 11.1): which are offered, and what each does. Preparing an event and colonization stay in
``rules.py`` (the first game plays them too).

Each action is offered only when the rule parameter `political_actions` names it (a variant may
leave some out) and the Code of Laws allows it at that moment.
"""

from __future__ import annotations

from cardtools.engine.abilities import Powers
from cardtools.engine.flow import CLOCKWISE
from cardtools.games.tta.vocabulary import Meanings

#: The game-ending age (CoL § END OF AN AGE): no resigning in it (CoL § RESIGN).
AGE_IV = 4


class Politics(Meanings):
    """Resigning (CoL § RESIGN)."""

    def political_moves(self, p: int) -> list[int]:
        """The political actions of the full game open to ``p`` now (CoL § POLITICS PHASE)."""
        ids, allowed = self.game.ids, self.game.rules["political_actions"]
        found = []
        if "resign" in allowed and self.age < AGE_IV:          # "Resign (not in Age IV)"
            found.append(ids["resign"])
        return found

    def round_opener(self) -> int:
        """Who opens each round: the starting player, or after they resigned the next player still in
        the game clockwise (*judgment*: CoL § GAME FLOW names only the starting player)."""
        return next(q for q in CLOCKWISE.order(self.starter, self.n) if q in self.active)

    # -- RESIGN (CoL § RESIGN; HB § RESIGNING) -----------------------------------------------------------
    def move_resign(self):
        """The player leaves the game and has lost: their hands are discarded, their cards leave play
        (their abilities stop; the board stays visible as it was), and the others go on without them.
        One player left: the game ends and they win. Their turn ends at once."""
        p = self.player
        game = self.game
        self.active = tuple(q for q in self.active if q != p)
        self.discards += tuple(c for c in self.mhand[p] if game.age[c] == self.age)
        self.hand[p], self.mhand[p] = (), ()
        self.exclusive = tuple(e for e in self.exclusive if e[0] != p)
        self.set_powers(p, Powers({}, (), self.powers[p].printed))      # no ability of theirs applies
        self.note(f"{self.who(p)} resigns")
        if len(self.active) == 1:
            self.note(f"  {self.who(self.active[0])} is the last civilization left and wins")
            self._over()
            return None
        self._next_turn()
        return None

    def ranks(self) -> list[int]:
        """Most culture wins, ties share (``RANKING``); a player who resigned has lost (CoL § RESIGN):
        every player who resigned shares the place after those still in the game."""
        ranks = super().ranks()
        if len(self.active) == self.n:
            return ranks
        culture = self.culture
        last = len(self.active) + 1
        return [1 + sum(1 for o in self.active if culture[o] > culture[q]) if q in self.active else last
                for q in range(self.n)]
