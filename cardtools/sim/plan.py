"""What a simulation run plays: its games, their seeds, who sits where, and how they are chunked.

Every number here is a function of the configuration and the game's index, never of which
process or machine plays it (DESIGN §3.5), so any backend and any number of workers produce the
same records.

- **Deals and seatings** (simulation-notes §4.3.7): game ``g`` is deal ``g // N`` in seating
  ``g % N`` (``N`` players). The deal's seed drives the engine (its shuffles), so the ``N`` games
  of a deal start from the same cards; in seating ``r`` the agent listed ``k``-th sits at seat
  ``(k + r) % N``, so each agent plays each seat once per deal and seat effects cancel out.
  A requested number of games is rounded up to whole deals.
- **Seeds**: ``derive(seed, "deal", d)`` for the engine, ``derive(seed, "agents", g)`` for the
  agents' streams (one per seat, ``cardtools.sim.play.agent_rng``): identical agents in the
  seatings of one deal still play different games.
- **Chunks**: games ``[k·C, (k+1)·C)`` form chunk ``k``, the unit of work a worker plays and
  the run stores (and resumes by).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass

from cardtools.sim.agents import AgentSpec

SEED_RULE = ("derive(seed, kind, i): the first 8 bytes of SHA-256 of the JSON text [seed, kind, i], "
             "as a big-endian integer shifted right by one bit (63 bits)")
SEATING_RULE = "game g is deal g // N in seating g % N; there the agent listed k-th sits at seat (k + g) % N"


def derive(seed: int, kind: str, index: int) -> int:
    digest = hashlib.sha256(json.dumps([seed, kind, index]).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class Plan:
    game: str
    variant: str | None
    bans: tuple[str, ...]
    players: int
    games: int            # whole deals: a multiple of ``players``
    seed: int
    chunk: int            # games per chunk
    lineup: tuple[AgentSpec, ...]
    changes: tuple[tuple[str, object], ...] = ()   # ``--set`` of a sweep: (path, value)

    @classmethod
    def whole_deals(cls, games: int, players: int, **kw) -> "Plan":
        """A plan for at least ``games`` games: rounded up to whole deals."""
        return cls(games=math.ceil(games / players) * players if games > 0 else 0, players=players, **kw)

    @property
    def deals(self) -> int:
        return self.games // self.players

    @property
    def chunks(self) -> int:
        return math.ceil(self.games / self.chunk)

    def games_of(self, chunk: int) -> range:
        return range(chunk * self.chunk, min((chunk + 1) * self.chunk, self.games))

    def deal_seed(self, game: int) -> int:
        return derive(self.seed, "deal", game // self.players)

    def agent_seed(self, game: int) -> int:
        return derive(self.seed, "agents", game)

    def seating(self, game: int) -> list[AgentSpec]:
        """The agent at each seat in game ``game``."""
        n, r = self.players, game % self.players
        return [self.lineup[(seat - r) % n] for seat in range(n)]

    def configuration(self) -> dict:
        """What determines the records (the backend and the number of workers do not)."""
        config = {"game": self.game, "variant": self.variant, "ban": list(self.bans), "players": self.players,
                  "games": self.games, "agents": [a.label for a in self.lineup], "seed": self.seed,
                  "chunk": self.chunk}
        if self.changes:
            config["set"] = {path: value for path, value in self.changes}
        return config
