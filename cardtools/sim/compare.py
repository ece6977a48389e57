"""``cardtools compare``: what changes between two runs played on the same seeds.

Run A (say the base deck) and run B (a variant, or ``--ban CARD``) with the same seed and player
count play game ``i`` from the same deal seed and the same agent seeds. So each game of B has a
twin in A that shares its luck, as far as the change leaves the shuffle alone, and the effect
of the change is measured game by game: the difference ``B - A`` of each game, averaged, with a
95% interval from the spread of those differences (deals as clusters). Shared luck cancels
out, so the interval is narrower than the one two independently seeded runs would give; the
output says by how much (common random numbers, simulation-notes §4.3.5). Because only the
deck or the agents differ, the differences are effects of the change, not correlations.
"""

from __future__ import annotations

import math
from collections import defaultdict

from cardtools.sim import stats
from cardtools.sim.report import FDR, engine_columns, grid, heading, run_title

#: Metrics of one game, computed from its rows: name -> function of the rows (seat order).
GAME_METRICS = {
    "mean score": lambda rows: stats.mean([r["score"] for r in rows]),
    "winning score": lambda rows: max(r["score"] for r in rows),
    "game length (moves)": lambda rows: rows[0]["moves"],
    "score spread": lambda rows: max(r["score"] for r in rows) - min(r["score"] for r in rows),
}


HEADERS = ["", "A", "B", "B - A", "95% interval (paired)", "unpaired", "p"]


class ComparisonProblem(Exception):
    """Two runs that cannot be paired."""


def build_comparison(a: tuple[dict, list[dict]], b: tuple[dict, list[dict]]) -> dict:
    """Paired differences between run ``a`` and run ``b``, each ``(manifest, rows)``."""
    (ma, ra), (mb, rb) = a, b
    ca, cb = ma["configuration"], mb["configuration"]
    for key in ("game", "players", "seed"):
        if ca[key] != cb[key]:
            raise ComparisonProblem(f"the runs differ in {key} ({ca[key]} and {cb[key]}): only runs of the same "
                                    f"game, player count and seed are paired game by game")
    games_a, games_b = _by_game(ra), _by_game(rb)
    common = sorted(games_a.keys() & games_b.keys())
    if not common:
        raise ComparisonProblem("the runs have no game in common")
    deals = [games_a[g][0]["deal"] for g in common]
    metrics: list[dict] = []
    for name, metric in GAME_METRICS.items():
        metrics.append(_paired(name, "game", [metric(games_a[g]) for g in common], [metric(games_b[g]) for g in common], deals))
    for seat in range(ca["players"]):
        metrics.append(_paired(f"seat {seat} win rate", "seat", [games_a[g][seat]["win"] for g in common],
                               [games_b[g][seat]["win"] for g in common], deals, share=True))
    if ca["agents"] == cb["agents"] and len(set(ca["agents"])) > 1:
        for agent in sorted(set(ca["agents"])):
            metrics.append(_paired(f"{agent} win rate", "agent", [_agent_share(games_a[g], agent) for g in common],
                                   [_agent_share(games_b[g], agent) for g in common], deals, share=True))
    names = {**ma["deck"]["cards"], **mb["deck"]["cards"]}
    columns = [c for c in engine_columns(ra, list) if c in engine_columns(rb, list)]
    for column in columns:
        for card in [c for c in cb["ban"] if c not in ca["ban"]]:
            metrics += _holders_twins(card, names.get(card, {}).get("name", card), column, games_a, games_b, common)
    cards = []
    for column in columns:
        for card in sorted({c for r in ra + rb for c in r[column]}):
            entry = _paired(card, heading(column), [_holders(games_a[g], column, card) for g in common],
                            [_holders(games_b[g], column, card) for g in common], deals, share=True)
            entry["name"] = names.get(card, {}).get("name", card)
            cards.append(entry)
    for entry, flag in zip(cards, stats.benjamini_hochberg([e["p_value"] for e in cards], FDR)):
        entry["flagged"] = flag
    gains = sorted(m["pairing_gain"] for m in metrics if m["pairing_gain"] is not None)
    return {"a": _describe(ma, len(games_a)), "b": _describe(mb, len(games_b)), "games": len(common),
            "deals": len(set(deals)), "same_agents": ca["agents"] == cb["agents"], "metrics": metrics,
            "cards": cards, "pairing_gain": stats.quantile(gains, 0.5) if gains else None}


def _by_game(rows: list[dict]) -> dict[int, list[dict]]:
    games: dict[int, list[dict]] = defaultdict(list)
    for r in rows:
        games[r["game"]].append(r)
    for seats in games.values():
        seats.sort(key=lambda r: r["seat"])
    return games


def _agent_share(rows: list[dict], agent: str) -> float:
    return stats.mean([r["win"] for r in rows if r["agent"] == agent])


def _holders_twins(card: str, name: str, column: str, games_a: dict, games_b: dict, common: list[int]) -> list[dict]:
    """Who a ban costs: the win share of the players who had ``card`` in A, against the same seats'
    in B (their twins: same deal, seating and agents, without the card); the other seats gain it."""
    seats = {g: [s for s, r in enumerate(games_a[g]) if card in r[column]] for g in common}
    held = [g for g in common if seats[g]]
    if not held:
        return []
    return [_paired(f"win rate of {name} players in A", "holders",
                    [stats.mean([games_a[g][s]["win"] for s in seats[g]]) for g in held],
                    [stats.mean([games_b[g][s]["win"] for s in seats[g]]) for g in held],
                    [games_a[g][0]["deal"] for g in held], share=True)]


def _holders(rows: list[dict], column: str, card: str) -> float:
    """The share of the game's players who had ``card``."""
    return sum(1 for r in rows if card in r[column]) / len(rows)


def _paired(name: str, kind: str, a: list[float], b: list[float], deals: list[int], share: bool = False) -> dict:
    """Mean of A, of B, and of the game-by-game difference, with its 95% interval (paired) and the
    interval two independently seeded runs would have given (unpaired)."""
    diff = [y - x for x, y in zip(a, b)]
    paired_se = math.sqrt(max(stats.clustered_variance_of_mean(diff, deals), stats.variance(diff) / len(diff)))
    unpaired_se = math.sqrt(sum(max(stats.clustered_variance_of_mean(v, deals), stats.variance(v) / len(v))
                                for v in (a, b)))
    d = stats.mean(diff)
    return {"metric": name, "kind": kind, "share": share, "a": stats.mean(a), "b": stats.mean(b), "difference": d,
            "ci": [d - stats.Z95 * paired_se, d + stats.Z95 * paired_se],
            "unpaired_half_width": stats.Z95 * unpaired_se,
            "p_value": stats.two_sided_p(d / paired_se) if paired_se > 0 else (1.0 if d == 0 else 0.0),
            "pairing_gain": unpaired_se / paired_se if paired_se > 0 else None}


def _describe(manifest: dict, games: int) -> dict:
    config = manifest["configuration"]
    return {"title": run_title({**config, "deck": manifest["deck"]["name"]}), "agents": config["agents"],
            "games": games, "seed": config["seed"], "variant": config["variant"], "ban": config["ban"],
            "set": config.get("set", {}),
            "fingerprint": manifest["fingerprints"]["deck"]}


# -- text ---------------------------------------------------------------------------------------------

def render_text(cmp: dict, label_a: str, label_b: str) -> str:
    a, b = cmp["a"], cmp["b"]
    out = [f"# {a['title']} (A) -> {b['title']} (B)",
           f"A: {label_a}: agents {', '.join(a['agents'])}, {a['games']:,} games, seed {a['seed']}",
           f"B: {label_b}: agents {', '.join(b['agents'])}, {b['games']:,} games, seed {b['seed']}",
           "", why_paired(cmp)]
    if not cmp["same_agents"]:
        out.append("The runs seat different agents: the differences measure the agents as well as the decks.")
    if cmp["deals"] < 30:
        out.append(f"Only {cmp['deals']} deals: with fewer than 30 the normal intervals below are too narrow.")
    rows = [_metric_row(m, m["metric"]) for m in cmp["metrics"]]
    out += ["", "## Games", grid(rows, HEADERS)]
    flagged = sorted((c for c in cmp["cards"] if c["flagged"]), key=lambda c: -abs(c["difference"]))
    out += ["", f"## Cards: share of players who had the card ({len(flagged)} of {len(cmp['cards'])} changed, "
                f"Benjamini-Hochberg at {FDR:.0%}; largest changes first)"]
    if flagged:
        out.append(grid([_metric_row(c, f"{c['name']} ({c['kind'].lower()})") for c in flagged], HEADERS))
    else:
        out.append("no card's share changed beyond chance")
    return "\n".join(out)


def why_paired(cmp: dict) -> str:
    gain = cmp["pairing_gain"]
    text = (f"Paired by game: {cmp['games']:,} games ({cmp['deals']:,} deals) were played from the same seeds in "
            f"both runs, so each game of B has a twin in A that shares its luck (the deal, as far as the change "
            f"leaves the shuffle alone, and the agents' random streams). Differences are taken game by game, "
            f"so that shared luck cancels and what remains is the effect of the change.")
    if gain is not None:
        text += (f" Here the paired intervals are {gain:.1f}x narrower (median over the game metrics) than two "
                 f"independently seeded runs would give; those would need about {gain * gain:.1f}x the games "
                 f"for the same precision.")
    return text


def _metric_row(m: dict, label: str) -> list[str]:
    fmt = (lambda x: f"{100 * x:.1f}%") if m["share"] else (lambda x: f"{x:.2f}")
    dfmt = (lambda x: f"{100 * x:+.1f} pp") if m["share"] else (lambda x: f"{x:+.2f}")
    half = (lambda x: f"±{100 * x:.1f} pp") if m["share"] else (lambda x: f"±{x:.2f}")
    return [label, fmt(m["a"]), fmt(m["b"]), dfmt(m["difference"]), f"{dfmt(m['ci'][0])} to {dfmt(m['ci'][1])}",
            half(m["unpaired_half_width"]), f"{m['p_value']:.3f}"]
