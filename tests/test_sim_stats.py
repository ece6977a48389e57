"""Statistics for balance reports, against published values."""

import pytest

from cardtools.sim import stats


@pytest.mark.parametrize("successes, n, low, high", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
    # method 3 (Wilson score interval without continuity correction)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0),
])
def test_wilson_interval_matches_published_values(successes, n, low, high):
    lo, hi = stats.wilson(successes, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_benjamini_hochberg_step_up():
    # sorted p: .005 ≤ .01, .01 ≤ .02, .03 ≤ .03, .04 ≤ .04, .2 > .05 -> the first four are rejected
    assert stats.benjamini_hochberg([0.01, 0.04, 0.03, 0.005, 0.2]) == [True, True, True, True, False]
    # step-up: .03 misses its own threshold (.025), but .035 ≤ .0375 is the largest passing rank, so
    # everything up to it is rejected
    assert stats.benjamini_hochberg([0.001, 0.03, 0.035, 0.5]) == [True, True, True, False]
    assert stats.benjamini_hochberg([0.02, 0.03, 0.04, 0.5]) == [False, False, False, False]


def test_copies_of_a_deal_add_no_precision():
    """Rows that are exact copies within a deal (as identical seatings would be) count once."""
    values = [1, 0, 0, 1, 1, 0, 1, 0, 0, 0] * 3
    deals = list(range(10)) * 3
    # 3 copies, times the small-sample corrections: 10 / 9 (clusters) and 29 / 30 (rows)
    deff = 3 * 10 / 9 * 29 / 30
    assert stats.design_effect(values, deals) == pytest.approx(deff, rel=1e-12)
    once = stats.rate(values[:10], list(range(10)))
    thrice = stats.rate(values, deals)
    assert thrice["rate"] == once["rate"] == 0.4
    assert thrice["n_effective"] == round(30 / deff, 1) == 9.3
    assert thrice["ci"] == pytest.approx(list(stats.wilson(0.4 * 30 / deff, 30 / deff)), rel=1e-12)
    assert thrice["ci"][1] - thrice["ci"][0] > once["ci"][1] - once["ci"][0]   # never narrower than one copy


def test_independent_rows_are_not_narrowed():
    values = [1, 0] * 50
    deals = list(range(100))
    assert stats.design_effect(values, deals) == 1.0
    assert stats.rate(values, deals)["ci"] == list(stats.wilson(50, 100))


def test_games_needed_for_an_interval():
    """simulation-notes §4.3.7: near 50%, ±3 pp needs ~1,070 games, ±2 pp ~2,400, ±1 pp ~9,600."""
    assert [stats.games_for(h) for h in (0.03, 0.02, 0.01)] == [1068, 2401, 9604]
    assert stats.games_for(0.02, 1 / 3) == 2135


def test_quantiles_and_histogram():
    assert stats.quantile([1, 2, 3, 4], 0.5) == 2.5
    assert stats.summary([3, 1, 2])["median"] == 2
    assert stats.histogram([0, 1, 1, 5]) == [[0, 1, 1], [1, 2, 2], [2, 3, 0], [3, 4, 0], [4, 5, 0], [5, 6, 1]]
    assert stats.histogram(list(range(100)), max_bins=20) == [[5 * i, 5 * i + 5, 5] for i in range(20)]


def test_p_values():
    assert stats.two_sided_p(1.959963984540054) == pytest.approx(0.05)
    r = stats.rate([1] * 60 + [0] * 40, list(range(100)))
    assert stats.score_test_p(r, 0.5) == pytest.approx(0.0455, abs=1e-4)      # z = 2


def test_a_sample_from_cluster_totals_is_the_sample_of_its_rows():
    """Rows 1, 0 | 1 | 0, 0, 1 (three deals), summed deal by deal or given row by row; and the rows
    outside a subset (the first row of each deal: 1 | 1 | 0) by subtraction."""
    values, deals = [1, 0, 1, 0, 0, 1], [0, 0, 1, 2, 2, 2]
    totals = stats.ClusterTotals()
    for deal, rows, total in ((0, 2, 1), (1, 1, 1), (2, 3, 1)):
        totals.append(deal, rows, total, total)
    direct, summed = stats.Sample.of(values, deals), totals.sample()
    # deal totals T = 1, 1, 1 over n = 2, 1, 3: Σ T² = 3, Σ T·n = 6, Σ n² = 14
    for s in (direct, summed):
        assert (s.n, s.total, s.squares, s.clusters, s.tt, s.tn, s.nn) == (6, 3, 3, 3, 3, 6, 14)
    # mean 1/2: Σ(T - n/2)² = 0 + 1/4 + 1/4 = 1/2 and Σ(v - 1/2)² = 6/4: clustered variance of the
    # mean 3/2 · (1/2) / 36 = 1/48 against (6/4) / (5 · 6) = 1/20: a design effect below 1 is 1
    assert summed.clustered_variance_of_mean() == pytest.approx(1 / 48, rel=1e-15)
    assert summed.design_effect() == 1.0
    first = stats.ClusterTotals()
    for deal, total in ((0, 1), (1, 1), (2, 0)):
        first.append(deal, 1, total, total)
    rest = stats.combined([(1, summed), (-1, first.sample())], {(0, 1): first.cross(totals.dense(3))},
                          summed.clusters - first.filling(totals.dense(3)[1]))
    # the rest: 0 | (none) | 0, 1: two deals, T = 0, 1 over n = 1, 2
    assert (rest.n, rest.total, rest.clusters, rest.tt, rest.tn, rest.nn) == (3, 1, 2, 1, 2, 5)
