"""The statistics behind balance reports (simulation-notes §4.3), in plain Python.

- ``wilson``: the Wilson score interval for a proportion; unlike "p ± 1.96·SE" it stays inside
  [0, 1] and is honest at 0% and 100% (a shutout gets an upper bound, not "± 0").
- ``design_effect``: rows of one deal are not independent (the same cards are played in every
  seating), so a proportion over them is less precise than its row count suggests. The design
  effect (Kish) is the variance of the mean computed from deal totals (cluster-robust) over the
  variance if rows were independent; intervals use ``n / design effect`` rows. It is never taken
  below 1, so clustering can only widen an interval.
- ``benjamini_hochberg``: with dozens of cards tested at once, some look extreme by chance; the
  procedure keeps the expected share of false flags at ``q``.
- ``games_for``: how many games an interval of a given half-width needs (notes §4.3.7).
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Hashable, Sequence

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


def clustered_variance_of_mean(values: Sequence[float], clusters: Sequence[Hashable]) -> float:
    """The variance of the mean of ``values`` when rows of one cluster may be correlated
    (the sandwich estimator over cluster totals, with the G / (G - 1) correction)."""
    n = len(values)
    m = mean(values)
    totals: dict[Hashable, float] = defaultdict(float)
    for v, c in zip(values, clusters):
        totals[c] += v - m
    g = len(totals)
    if g < 2:
        return 0.0
    return g / (g - 1) * math.fsum(t * t for t in totals.values()) / (n * n)


def design_effect(values: Sequence[float], clusters: Sequence[Hashable]) -> float:
    """How many times the clustered variance of the mean exceeds the independent one (>= 1)."""
    independent = variance(values) / len(values) if len(values) > 1 else 0.0
    if independent <= 0:
        return 1.0
    return max(1.0, clustered_variance_of_mean(values, clusters) / independent)


def rate(values: Sequence[float], clusters: Sequence[Hashable]) -> dict:
    """A proportion (values in [0, 1], e.g. win shares) with its Wilson 95% interval over the
    effective number of rows."""
    n = len(values)
    p = mean(values)
    n_eff = n / design_effect(values, clusters) if n else 0.0
    lo, hi = wilson(p * n_eff, n_eff)
    return {"n": n, "n_effective": round(n_eff, 1), "rate": p, "ci": [lo, hi]}


def mean_interval(values: Sequence[float], clusters: Sequence[Hashable]) -> dict:
    """A mean with its normal 95% interval from the cluster-robust variance."""
    m = mean(values)
    half = Z95 * math.sqrt(max(clustered_variance_of_mean(values, clusters), variance(values) / max(1, len(values))))
    return {"n": len(values), "mean": m, "ci": [m - half, m + half]}


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
