"""End-of-game ranking with its tie-breaks declared as data: ``Ranking(("score", "workers", "coins"))``
ranks seats by score, then most workers, then most coins; seats still tied share their place and
the victory. The values are the state's counters (one attribute per name, one entry per seat)
unless the state's ``rank_value(seat, name)`` says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

#: What ``decided_by`` says when the tie-breaks could not separate the winners.
SHARED = "shared"


@dataclass(frozen=True, slots=True)
class Ranking:
    order: tuple[str, ...]          # what ranks first, then each tie-break (the most is best)

    def keys(self, state) -> list[tuple[int, ...]]:
        return [tuple(state.rank_value(seat, name) for name in self.order) for seat in range(state.n)]

    def ranks(self, state) -> list[int]:
        """Each seat's place, 1 = winner; tied seats share a place."""
        keys = self.keys(state)
        return [1 + sum(1 for other in keys if other > mine) for mine in keys]

    def decided_by(self, state) -> str:
        """What separated the winner from the next seat: a name of ``order``, or ``SHARED``."""
        keys = sorted(self.keys(state), reverse=True)
        if len(keys) == 1:
            return self.order[0]
        return next((name for i, name in enumerate(self.order) if keys[0][i] != keys[1][i]), SHARED)

    @staticmethod
    def shares(ranks: list[int]) -> list[float]:
        """The winners share 1 (a shared victory splits it), the others get 0."""
        winners = ranks.count(1)
        return [1 / winners if r == 1 else 0.0 for r in ranks]
