"""The statistics behind balance reports (simulation-notes §4.3), in plain Python.

- ``wilson``: the Wilson score interval for a proportion; unlike "p ± 1.96·SE" it stays inside
  [0, 1] and is honest at 0% and 100% (a shutout gets an upper bound, not "± 0").
- ``design_effect``: rows of one deal are not independent (the same cards are played in every
  seating), so a proportion over them is less precise than its row count suggests. The design
  effect (Kish) is the variance of the mean computed from deal totals (cluster-robust) over the
  variance if rows were independent; intervals use ``n / design effect`` rows. It is never taken
  below 1, so clustering can only widen an interval.
- ``Sample``: what those intervals need of a set of rows — counts, sums and per-cluster sums —
  so that a report sums a run once (``ClusterTotals``, deal by deal) and derives every set it
  compares from the sums (``combined``) instead of gathering rows per card and pair of cards.
- ``benjamini_hochberg``: with dozens of cards tested at once, some look extreme by chance; the
  procedure keeps the expected share of false flags at ``q``.
- ``games_for``: how many games an interval of a given half-width needs (notes §4.3.7).
"""

from __future__ import annotations

import math
from array import array
from collections import defaultdict
from decimal import Context, Decimal, localcontext
from operator import eq, mul
from typing import Hashable, Mapping, Sequence

#: Enough digits for sums of products of floats to be exact, so that "Σx² - (Σx)²/n" loses nothing.
_EXACT = Context(prec=80)
_ZERO = Decimal(0)

#: The 97.5% quantile of the standard normal distribution (95% two-sided intervals).
Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``n`` (both may be fractional)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def benjamini_hochberg(pvalues: Sequence[float], q: float = 0.05) -> list[bool]:
    """Which hypotheses to reject so that the expected false discovery rate is at most ``q``."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    cutoff = 0
    for rank, i in enumerate(order, start=1):
        if pvalues[i] <= q * rank / m:
            cutoff = rank
    rejected = [False] * m
    for i in order[:cutoff]:
        rejected[i] = True
    return rejected


def mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0


def variance(values: Sequence[float]) -> float:
    """The sample variance (n - 1 in the denominator)."""
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return math.fsum((v - m) ** 2 for v in values) / (len(values) - 1)


class Sample:
    """What the clustered statistics need of a set of rows, without the rows: their number, the
    total and the sum of squares of their values, and over the clusters (deals) the number that hold
    any of them and the sums of T·T, T·n and n·n (T a cluster's total, n its rows). Sums over rows
    fold cluster by cluster (``ClusterTotals``), and the sample of rows counted by a signed sum of
    nested sets (players with neither card = everyone - A - B + both) follows from the sets' samples
    (``combined``): a report is linear in rows, not rows × cards × cards."""

    __slots__ = ("n", "total", "squares", "clusters", "tt", "tn", "nn")

    def __init__(self, n=0, total=0.0, squares=0.0, clusters=0, tt=0.0, tn=0.0, nn=0):
        self.n, self.total, self.squares, self.clusters = n, total, squares, clusters
        self.tt, self.tn, self.nn = tt, tn, nn

    @classmethod
    def of(cls, values: Sequence[float], clusters: Sequence[Hashable]) -> Sample:
        by: dict[Hashable, list] = defaultdict(lambda: [0, []])
        for v, c in zip(values, clusters):
            by[c][0] += 1
            by[c][1].append(v)
        counts = [n for n, _ in by.values()]
        totals = [math.fsum(vs) for _, vs in by.values()]
        return cls(len(values), math.fsum(values), math.fsum(v * v for v in values), len(by),
                   math.fsum(map(mul, totals, totals)), math.fsum(map(mul, totals, counts)),
                   sum(map(mul, counts, counts)))

    def _spread(self) -> Decimal:
        """Σ over clusters of (T - mean·n)², from the sums without their cancellation."""
        with localcontext(_EXACT):
            n, total, tt, tn, nn = self.n, Decimal(self.total), Decimal(self.tt), Decimal(self.tn), Decimal(self.nn)
            return max((tt * n * n - 2 * n * total * tn + total * total * nn) / (n * n), _ZERO)

    def _deviations(self) -> Decimal:
        """Σ over rows of (value - mean)²."""
        with localcontext(_EXACT):
            return max(Decimal(self.squares) - Decimal(self.total) ** 2 / self.n, _ZERO)

    def clustered_variance_of_mean(self) -> float:
        """The variance of the mean when rows of one cluster may be correlated (the sandwich
        estimator over cluster totals, with the G / (G - 1) correction)."""
        g, n = self.clusters, self.n
        if g < 2:
            return 0.0
        with localcontext(_EXACT):
            return float(g * self._spread() / ((g - 1) * n * n))

    def independent_variance_of_mean(self) -> float:
        if self.n < 2:
            return 0.0
        with localcontext(_EXACT):
            return float(self._deviations() / ((self.n - 1) * self.n))

    def design_effect(self) -> float:
        """How many times the clustered variance of the mean exceeds the independent one (>= 1)."""
        g, n = self.clusters, self.n
        deviations = self._deviations() if n > 1 else _ZERO
        if deviations <= 0 or g < 2:
            return 1.0
        with localcontext(_EXACT):
            return max(1.0, float(g * self._spread() * (n - 1) / ((g - 1) * n * deviations)))


def combined(parts: Sequence[tuple[int, Sample]], cross: Mapping[tuple[int, int], Sequence[float]],
             clusters: int) -> Sample:
    """The sample of the rows counted by ``sum(sign * set)`` over ``parts`` (``(sign, sample)``,
    nested sets whose signed sum counts each row 0 or 1 times). ``cross[i, j]`` (i < j) holds the
    sums over clusters of T_i·T_j, T_i·n_j, n_i·T_j and n_i·n_j (``ClusterTotals.cross``);
    ``clusters`` is the number of clusters left holding any row (it does not add up)."""
    out = Sample(sum(s * p.n for s, p in parts), math.fsum(s * p.total for s, p in parts),
                 math.fsum(s * p.squares for s, p in parts), clusters)
    tt = [p.tt for _, p in parts]           # the squares of each set's own totals (sign² = 1) …
    tn = [p.tn for _, p in parts]
    nn = [p.nn for _, p in parts]
    for (i, j), (ti_tj, ti_nj, ni_tj, ni_nj) in cross.items():
        sign = parts[i][0] * parts[j][0]        # … and their products: (i, j) stands for (j, i) too
        tt.append(2 * sign * ti_tj)
        tn.append(sign * ti_nj)
        tn.append(sign * ni_tj)
        nn.append(2 * sign * ni_nj)
    out.tt, out.tn, out.nn = math.fsum(tt), math.fsum(tn), math.fsum(nn)
    return out


class ClusterTotals:
    """Rows and value total per cluster of a set of rows, cluster after cluster (numbered 0, 1, …
    in order), in compact arrays: a report keeps one per card, agent and pair."""

    __slots__ = ("index", "rows", "totals", "squares")

    def __init__(self):
        self.index, self.rows, self.totals, self.squares = array("q"), array("q"), array("d"), 0.0

    def append(self, cluster: int, rows: int, total: float, squares: float) -> None:
        """The rows of one more cluster (numbered above the last): their number, total and squares."""
        self.index.append(cluster)
        self.rows.append(rows)
        self.totals.append(total)
        self.squares += squares

    def sample(self) -> Sample:
        rows, totals = self.rows, self.totals
        return Sample(sum(rows), math.fsum(totals), self.squares, len(rows), math.fsum(map(mul, totals, totals)),
                      math.fsum(map(mul, totals, rows)), sum(map(mul, rows, rows)))

    def dense(self, clusters: int) -> tuple[list[float], list[int]]:
        """Totals and rows of every cluster 0 … clusters - 1 (0 where the set has no row)."""
        totals, rows = [0.0] * clusters, [0] * clusters
        for i, n, t in zip(self.index, self.rows, self.totals):
            totals[i], rows[i] = t, n
        return totals, rows

    def cross(self, whole: tuple[list[float], list[int]]) -> tuple[float, float, float, float]:
        """Sums over clusters of T·T_w, T·n_w, n·T_w, n·n_w with another set ``w`` (given densely)."""
        wt = list(map(whole[0].__getitem__, self.index))
        wn = list(map(whole[1].__getitem__, self.index))
        return (math.fsum(map(mul, self.totals, wt)), math.fsum(map(mul, self.totals, wn)),
                math.fsum(map(mul, self.rows, wt)), sum(map(mul, self.rows, wn)))

    def filling(self, whole_rows: list[int]) -> int:
        """The clusters where this set holds every row of ``whole_rows`` (dense): those its
        complement in the whole leaves empty."""
        return sum(map(eq, self.rows, map(whole_rows.__getitem__, self.index)))


def clustered_variance_of_mean(values: Sequence[float], clusters: Sequence[Hashable]) -> float:
    """The variance of the mean of ``values`` when rows of one cluster may be correlated."""
    return Sample.of(values, clusters).clustered_variance_of_mean()


def design_effect(values: Sequence[float], clusters: Sequence[Hashable]) -> float:
    """How many times the clustered variance of the mean exceeds the independent one (>= 1)."""
    return Sample.of(values, clusters).design_effect()


def rate(values: Sequence[float], clusters: Sequence[Hashable]) -> dict:
    """A proportion (values in [0, 1], e.g. win shares) with its Wilson 95% interval over the
    effective number of rows."""
    return rate_of(Sample.of(values, clusters))


def rate_of(sample: Sample) -> dict:
    n = sample.n
    p = sample.total / n if n else 0.0
    n_eff = n / sample.design_effect() if n else 0.0
    lo, hi = wilson(p * n_eff, n_eff)
    return {"n": n, "n_effective": round(n_eff, 1), "rate": p, "ci": [lo, hi]}


def mean_interval(values: Sequence[float], clusters: Sequence[Hashable]) -> dict:
    """A mean with its normal 95% interval from the cluster-robust variance."""
    return mean_interval_of(Sample.of(values, clusters))


def mean_interval_of(sample: Sample) -> dict:
    m = sample.total / sample.n if sample.n else 0.0
    half = Z95 * math.sqrt(max(sample.clustered_variance_of_mean(), sample.independent_variance_of_mean()))
    return {"n": sample.n, "mean": m, "ci": [m - half, m + half]}


def difference_p(a: dict, b: dict) -> float:
    """Two-sided p-value for "the rates ``a`` and ``b`` (from ``rate``) are equal", with each
    rate's variance taken over its effective rows."""
    pooled = (a["rate"] * a["n_effective"] + b["rate"] * b["n_effective"]) / (a["n_effective"] + b["n_effective"])
    se = math.sqrt(pooled * (1 - pooled) * (1 / a["n_effective"] + 1 / b["n_effective"])) if pooled not in (0, 1) else 0
    return two_sided_p((a["rate"] - b["rate"]) / se) if se > 0 else 1.0


def score_test_p(r: dict, expected: float) -> float:
    """Two-sided p-value for "the rate ``r`` (from ``rate``) is ``expected``" (the test the Wilson
    interval inverts: p < 0.05 exactly when the interval leaves ``expected`` out)."""
    if r["n_effective"] <= 0 or expected in (0, 1):
        return 1.0
    return two_sided_p((r["rate"] - expected) / math.sqrt(expected * (1 - expected) / r["n_effective"]))


def games_for(half_width: float, p: float = 0.5) -> int:
    """Games needed for a 95% interval of ± ``half_width`` on a rate near ``p``."""
    return math.ceil(Z95 * Z95 * p * (1 - p) / (half_width * half_width))


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between order statistics (numpy's default)."""
    if not sorted_values:
        return 0.0
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def summary(values: Sequence[float]) -> dict:
    ordered = sorted(values)
    return {"n": len(values), "mean": mean(values), "sd": math.sqrt(variance(values)),
            "min": ordered[0] if ordered else 0, "p10": quantile(ordered, 0.1), "p25": quantile(ordered, 0.25),
            "median": quantile(ordered, 0.5), "p75": quantile(ordered, 0.75), "p90": quantile(ordered, 0.9),
            "max": ordered[-1] if ordered else 0}


def histogram(values: Sequence[int | float], max_bins: int = 20) -> list[list]:
    """``[low, high, count]`` bins of whole-number width covering every value (low inclusive,
    high exclusive)."""
    if not values:
        return []
    lo, hi = math.floor(min(values)), math.floor(max(values))
    width = max(1, math.ceil((hi - lo + 1) / max_bins))
    counts = [0] * ((hi - lo) // width + 1)
    for v in values:
        counts[(math.floor(v) - lo) // width] += 1
    return [[lo + i * width, lo + (i + 1) * width, c] for i, c in enumerate(counts)]
