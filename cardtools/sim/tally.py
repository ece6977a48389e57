"""The deal totals a balance report is computed from, in one pass over a run's rows.

Rows of one deal are alike (the same cards, seats rotated), so every interval of the report is
clustered by deal (``stats``), and a statistic needs, per set of rows (the players of a seat, those
who had a card, who had two cards together …), each deal's rows and total only. ``Tally`` folds the
rows deal by deal into those totals (``stats.ClusterTotals``); the sets the report compares with
their complement (players without a card, with only one card of a pair, with neither) follow by
inclusion-exclusion from the totals of the sets that hold them (``stats.combined``), without a
second look at the rows. The work is linear in rows, times the cards and pairs of cards a row
holds; the memory, the totals per set and deal.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby
from operator import add, eq, sub
from typing import TextIO

from cardtools.sim import stats
from cardtools.sim.progress import shown


class Tally:
    """One pass over the rows, deal by deal: per set of rows the report looks at (a seat, an agent,
    the holders of a card, of a card in one seat, of two cards together …) the rows, win shares and
    scores of each deal (``stats.ClusterTotals``). Every statistic of the report is computed from
    these totals, so the work is linear in rows (times the cards and pairs of cards a row holds),
    not rows × cards × cards. Keys: ``()`` every row, ``("seat", s)``, ``("agent", a)``,
    ``("card", column, card)``, ``("card-agent", column, card, a)`` (mixed runs), ``("held", card)``
    (in any list), ``("pair", a, b)`` (a < b, both held), ``("in-seat", kind, name, s)``."""

    def __init__(self, rows: list[dict], columns: list[str], progress: TextIO | None = None):
        self.columns = columns
        self.win: dict[tuple, stats.ClusterTotals] = defaultdict(stats.ClusterTotals)
        self.score: dict[tuple, stats.ClusterTotals] = defaultdict(stats.ClusterTotals)
        self.games: dict[tuple, int] = defaultdict(int)      # per card: the games it was had in
        mixed = len({r["agent"] for r in rows}) > 1
        self.agents = sorted({r["agent"] for r in rows}) if mixed else []
        self.seats = sorted({r["seat"] for r in rows})
        ordered = sorted(rows, key=lambda r: (r["deal"], r["game"]))
        deal_rows = [list(group) for _, group in groupby(ordered, key=lambda r: r["deal"])]
        for deal, group in enumerate(shown(deal_rows, progress, "deals")):
            self._add_deal(deal, group, mixed)
        self.deals = len(deal_rows)
        self._samples: dict[tuple, stats.Sample] = {}
        self._dense: dict[tuple, tuple[list[float], list[int]]] = {}
        self._crosses: dict[tuple, tuple[float, float, float, float]] = {}

    def _add_deal(self, deal: int, rows: list[dict], mixed: bool) -> None:
        """The totals of one deal's rows: per set, [rows, wins, wins², scores, scores²]; scores are
        kept for the sets the report gives a score of (everyone, seats, agents, each list's cards)."""
        sums: dict[tuple, list] = {}
        scored: dict[tuple, set] = {(): set()}              # such a set: the games of the deal it is in
        for r in rows:
            win, score, seat, agent = r["win"], r["score"], r["seat"], r["agent"]
            cards = [("card", column, card) for column in self.columns for card in dict.fromkeys(r[column])]
            for key in [(), ("seat", seat), ("agent", agent)] + cards:
                scored.setdefault(key, set()).add(r["game"])
            keys = [(), ("seat", seat), ("agent", agent), ("in-seat", "agent", agent, seat)] + cards
            if mixed:
                keys += [("card-agent", column, card, agent) for _, column, card in cards]
            held = sorted({c for column in self.columns for c in r[column]})
            for i, a in enumerate(held):
                keys += [("held", a), ("in-seat", "card", a, seat)]
                keys += [("pair", a, b) for b in held[i + 1:]]
            for key in keys:
                s = sums.get(key)
                if s is None:
                    sums[key] = [1, win, win * win, score, score * score]
                else:
                    s[0] += 1
                    s[1] += win
                    s[2] += win * win
                    s[3] += score
                    s[4] += score * score
        for key, (n, win, win2, score, score2) in sums.items():
            self.win[key].append(deal, n, win, win2)
            if key in scored:
                self.score[key].append(deal, n, score, score2)
                self.games[key] += len(scored[key])

    def sample(self, key: tuple, score: bool = False) -> stats.Sample | None:
        """The win (or score) sample of a set; None for a set no row is in."""
        if score:
            return self.score[key].sample() if key in self.score else None
        if key not in self._samples and key in self.win:
            self._samples[key] = self.win[key].sample()
        return self._samples.get(key)

    def dense(self, key: tuple) -> tuple[list[float], list[int]]:
        """The win totals and rows of every deal of a set (kept: the sets that contain others)."""
        if key not in self._dense:
            self._dense[key] = self.win[key].dense(self.deals)
        return self._dense[key]

    def cross(self, part: tuple, whole: tuple) -> tuple[float, float, float, float]:
        """The cross sums of the win totals of ``part`` with those of ``whole``, a set holding it."""
        if (part, whole) not in self._crosses:
            self._crosses[part, whole] = self.win[part].cross(self.dense(whole))
        return self._crosses[part, whole]

    def _between(self, a: tuple, b: tuple) -> tuple[float, float, float, float]:
        """The cross sums of two sets' win totals, over the deals of the rarer one (elsewhere the
        products are 0)."""
        if len(self.win[a].index) > len(self.win[b].index):
            a, b = b, a
        return self.win[a].cross(self.dense(b))

    def without(self, whole: tuple, part: tuple) -> stats.Sample:
        """The win sample of the rows of ``whole`` that are not in ``part`` (a subset of it)."""
        outer = self.sample(whole)
        return stats.combined([(1, outer), (-1, self.sample(part))], {(0, 1): self.cross(part, whole)},
                              outer.clusters - self.win[part].filling(self.dense(whole)[1]))

    def pair_cells(self, a: str, b: str) -> list[stats.Sample]:
        """The win samples of the players with both cards, only ``a``, only ``b`` and neither:
        both - (a - both) - (b - both) + (everyone - a - b + both), from the deal totals of the
        pair, of each card's holders and of everyone."""
        key, held_a, held_b = ("pair", a, b), ("held", a), ("held", b)
        pair = self.win[key]
        dense_all, dense_a, dense_b = self.dense(()), self.dense(held_a), self.dense(held_b)
        everyone, with_a, with_b, both = (self.sample(k) for k in ((), held_a, held_b, key))
        both_a, both_b = self.cross(key, held_a), self.cross(key, held_b)
        only_a = stats.combined([(1, with_a), (-1, both)], {(0, 1): both_a}, with_a.clusters - pair.filling(dense_a[1]))
        only_b = stats.combined([(1, with_b), (-1, both)], {(0, 1): both_b}, with_b.clusters - pair.filling(dense_b[1]))
        neither = stats.combined(
            [(1, everyone), (-1, with_a), (-1, with_b), (1, both)],
            {(0, 1): self.cross(held_a, ()), (0, 2): self.cross(held_b, ()), (0, 3): self.cross(key, ()),
             (1, 2): self._between(held_a, held_b), (1, 3): both_a, (2, 3): both_b},
            everyone.clusters - _covered(dense_all[1], dense_a[1], dense_b[1], pair))
        return [both, only_a, only_b, neither]


def _covered(rows: list[int], rows_a: list[int], rows_b: list[int], pair: stats.ClusterTotals) -> int:
    """The deals in which every player had card a or card b (holders of a + holders of b - holders
    of both = players), where no player is left with neither. ``rows*``: per deal (dense)."""
    add_up = sum(map(eq, map(add, rows_a, rows_b), rows))          # as if none had both …
    union = [rows_a[d] + rows_b[d] for d in pair.index]              # … corrected where some did
    whole = [rows[d] for d in pair.index]
    return add_up - sum(map(eq, union, whole)) + sum(map(eq, map(sub, union, pair.rows), whole))
