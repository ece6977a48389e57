"""``cardtools report``: what a finished run says about balance, as data, text or JSON.

``build_report(manifest, rows)`` is a pure function of the stored run (notes §4.4: reports are
functions of the data), computed from per-deal totals summed in one pass (``tally.Tally``) and
written against the common records only — seat, agent, score, rank, win, moves, and whatever the
engine's ``record(player)`` adds: lists of card ids become per-card tables, whole numbers become
distributions. So Through the Ages and 7 Ages get the same report when their engines land.

What it contains (simulation-notes §4.3): win rate per seat and the first player's advantage;
win rate and score per agent; per card (every list the engine records: civilizations risen,
wonders …) the win rate and average score of the players who had it, each with a 95% interval
and the number of games behind it, cards whose win rate differs from the players' without it
flagged under Benjamini–Hochberg control; pairs of cards whose holders of both win more (or
less) than the two cards alone predict (``interactions``); score and game-length distributions;
and how many games a tighter interval would need.
"""

from __future__ import annotations

import math
from typing import TextIO

from cardtools.sim import stats
from cardtools.sim.chunk import COLUMNS
from cardtools.sim.progress import shown
from cardtools.sim.tally import Tally

#: The false discovery rate of flags.
FDR = 0.05
#: Players who had both cards of a pair, at least, for the pair to be tested.
PAIR_SUPPORT = 30
#: Interval half-widths the precision note prices, in percentage points.
PRECISION_PP = (3, 2, 1)
#: Runs of at least this many rows show progress while their report is built (it takes seconds).
PROGRESS_ROWS = 20_000


class ReportProblem(Exception):
    """Records a report cannot be made from (none at all)."""


def build_report(manifest: dict, rows: list[dict], progress: TextIO | None = None) -> dict:
    """The report of a run's records; ``progress``: where to show how far it is (stderr)."""
    if not rows:
        raise ReportProblem("the run holds no records: no game was played")
    config = manifest["configuration"]
    players = config["players"]
    expected = 1 / players
    cards = manifest["deck"]["cards"]
    tally = Tally(rows, engine_columns(rows, list), progress)
    report = {
        "run": {**config, "deck": manifest["deck"]["name"], "games_played": len({r["game"] for r in rows}),
                "rows": len(rows), "deals": tally.deals, "cardtools": manifest["cardtools"],
                "fingerprints": manifest["fingerprints"]},
        "expected_win_rate": expected,
        "seats": _groups(tally, "seat", expected),
        "agents": _groups(tally, "agent", expected) if len(set(config["agents"])) > 1 else [],
        "cards": _cards(tally, cards),
        "interactions": interactions(tally, cards, progress),
        "dominant": dominant(tally, cards, expected),
        "scores": _distribution([r["score"] for r in rows]),
        "length": _distribution([r["moves"] for r in rows if r["seat"] == 0]),
        "numbers": {k: stats.summary([r[k] for r in rows]) for k in engine_columns(rows, int)},
    }
    first = report["seats"][0]
    report["first_player"] = {"win_rate": first["rate"], "expected": expected,
                              "advantage": first["rate"] - expected,
                              "ci": [first["ci"][0] - expected, first["ci"][1] - expected],
                              "p_value": first["p_value"]}
    report["precision"] = _precision(report["seats"], expected)
    return report


def _groups(tally: Tally, key: str, expected: float) -> list[dict]:
    """Win rate (vs the even share) and score per value of ``key`` (seat or agent)."""
    values = [k[1] for k in tally.win if k and k[0] == key]
    out = []
    for value in sorted(values, key=str) if key != "seat" else sorted(values):
        win = stats.rate_of(tally.sample((key, value)))
        out.append({key: value, **win, "p_value": stats.score_test_p(win, expected),
                    "score": stats.mean_interval_of(tally.sample((key, value), score=True))})
    for entry, flag in zip(out, stats.benjamini_hochberg([e["p_value"] for e in out], FDR)):
        entry["flagged"] = flag
    return out


def engine_columns(rows: list[dict], kind: type) -> list[str]:
    """The columns the engine's ``record()`` added whose values are of ``kind`` (list or int)."""
    first = rows[0]
    return [k for k, v in first.items() if k not in COLUMNS and isinstance(v, kind) and not isinstance(v, bool)]


def _cards(tally: Tally, cards: dict) -> dict[str, list[dict]]:
    """Per list column, per card: the rows whose player had it against those whose player did not."""
    out: dict[str, list[dict]] = {c: [] for c in tally.columns}
    tests = []
    everyone = tally.sample(())
    for key in sorted(k for k in tally.win if k and k[0] == "card"):
        _, column, card = key
        win = stats.rate_of(tally.sample(key))
        others = tally.without((), key)
        rest = stats.rate_of(others)
        info = cards.get(card, {})
        entry = {"card": card, "name": info.get("name", card), "type": info.get("type", ""),
                 "games": tally.games[key], "inclusion": win["n"] / everyone.n, **win,
                 "without": rest["rate"], "difference": win["rate"] - rest["rate"],
                 "p_value": stats.difference_p(win, rest) if others.n else 1.0,
                 "score": stats.mean_interval_of(tally.sample(key, score=True))}
        out[column].append(entry)
    for column in out:
        tests += out[column]
        out[column] = sorted(out[column], key=lambda e: (-e["rate"], e["card"]))
    for entry, flag in zip(tests, stats.benjamini_hochberg([e["p_value"] for e in tests], FDR)):
        entry["flagged"] = ("stronger" if entry["difference"] > 0 else "weaker") if flag else None
    if tally.agents:            # does a finding hold for each agent, or for one kind of player only?
        for column, entries in out.items():
            for entry in entries:
                entry["by_agent"] = _by_agent(tally, column, entry["card"])
    return out


def _by_agent(tally: Tally, column: str, card: str) -> dict[str, dict]:
    """Per agent: the win rate of its players who had the card, against its players who did not."""
    out = {}
    for agent in tally.agents:
        key = ("card-agent", column, card, agent)
        having = tally.sample(key)
        if having is None:
            continue
        others = tally.without(("agent", agent), key)
        if not others.n:
            continue
        win, rest = stats.rate_of(having), stats.rate_of(others)
        out[agent] = {**win, "without": rest["rate"], "difference": win["rate"] - rest["rate"]}
    return out


def agreement(entry: dict) -> str:
    """Whether a flagged card's finding holds for every agent of a mixed run: the agents whose
    players with the card did better (stronger) or worse (weaker) than those without."""
    by = entry.get("by_agent")
    if not by or not entry["flagged"]:
        return ""
    side = 1 if entry["flagged"] == "stronger" else -1
    agree = [a for a, e in by.items() if side * e["difference"] > 0]
    return "for every agent" if len(agree) == len(by) else f"only for {', '.join(agree) or 'no agent alone'}"


def dominant_share(expected: float) -> float:
    """What "dominant" means at a player count: winning twice the even share (3 players: 2 games in
    3; 4 players: half), or halfway from the even share to always (2 players: 3 games in 4)."""
    return min(2 * expected, (1 + expected) / 2)


def dominant(tally: Tally, cards: dict, expected: float) -> list[dict]:
    """Cards (from every list) and agents whose players win at least ``dominant_share`` of their
    games in every seat, each seat's 95% interval above the even share: a choice that wins wherever
    one sits (at the run's player count; other counts need their own runs)."""
    found = []
    for kind, name in sorted({k[1:3] for k in tally.win if k and k[0] == "in-seat"}):
        per_seat = [tally.sample(("in-seat", kind, name, seat)) for seat in tally.seats]
        per_seat = [stats.rate_of(s) if s else None for s in per_seat]
        if all(s is not None and s["rate"] >= dominant_share(expected) and s["ci"][0] > expected for s in per_seat):
            label = cards.get(name, {}).get("name", name) if kind == "card" else name
            found.append({"kind": kind, "id": name, "name": label, "seats": [s["rate"] for s in per_seat],
                          "lowest": min(s["ci"][0] for s in per_seat)})
    return found


def interactions(tally: Tally, cards: dict, progress: TextIO | None = None) -> list[dict]:
    """Pairs of cards (from every card list the engine records) whose effect together differs from
    the sum of their effects alone: the interaction contrast of the 2 × 2 table of win rates,
    ``both - only A - only B + neither``, zero when the two add up (simulation-notes §4.3). Pairs
    held together by at least PAIR_SUPPORT players are tested (z-test on the four rates, each with
    its design effect); flags under Benjamini–Hochberg control. Sorted by the contrast, strongest first."""
    out = []
    pairs = [k for k in sorted(k for k in tally.win if k[:1] == ("pair",)) if sum(tally.win[k].rows) >= PAIR_SUPPORT]
    for _, a, b in shown(pairs, progress, "pairs"):
        cells = tally.pair_cells(a, b)
        if any(cell.n < 2 for cell in cells):
            continue
        rates = [stats.rate_of(cell) for cell in cells]
        contrast = rates[0]["rate"] - rates[1]["rate"] - rates[2]["rate"] + rates[3]["rate"]
        se = math.sqrt(sum(r["rate"] * (1 - r["rate"]) / max(r["n_effective"], 1) for r in rates))
        out.append({"cards": [a, b], "names": [cards.get(c, {}).get("name", c) for c in (a, b)],
                    "together": cells[0].n, "win_both": rates[0]["rate"], "win_only": [rates[1]["rate"], rates[2]["rate"]],
                    "win_neither": rates[3]["rate"], "predicted": rates[1]["rate"] + rates[2]["rate"] - rates[3]["rate"],
                    "contrast": contrast, "ci": [contrast - stats.Z95 * se, contrast + stats.Z95 * se],
                    "p_value": stats.two_sided_p(contrast / se) if se > 0 else 1.0})
    for entry, flag in zip(out, stats.benjamini_hochberg([e["p_value"] for e in out], FDR)):
        entry["flagged"] = ("stronger together" if entry["contrast"] > 0 else "weaker together") if flag else None
    return sorted(out, key=lambda e: -e["contrast"])


def _distribution(values: list[int]) -> dict:
    return {"summary": stats.summary(values), "histogram": stats.histogram(values)}


def _precision(seats: list[dict], expected: float) -> dict:
    n = seats[0]["n"]
    half = (seats[0]["ci"][1] - seats[0]["ci"][0]) / 2
    return {"seat_games": n, "seat_half_width": half, "rate": expected,
            "games_for": {str(pp): stats.games_for(pp / 100, expected) for pp in PRECISION_PP},
            "games_for_even": {str(pp): stats.games_for(pp / 100, 0.5) for pp in PRECISION_PP}}


# -- text ---------------------------------------------------------------------------------------------

def render_text(report: dict) -> str:
    run = report["run"]
    out = [f"# {run_title(run)}"]
    out += [f"{run['games_played']:,} games at {run['players']} players ({run['deals']:,} deals, each played in "
            f"every seating), seed {run['seed']}; agents by listed position: {', '.join(run['agents'])}", ""]
    out += _seat_section(report)
    if report["agents"]:
        out += ["", "## Agents", _table(report["agents"], "agent", report["expected_win_rate"])]
    for column, entries in report["cards"].items():
        out += ["", f"## {heading(column)}",
                "win rate and score of the players who had the card; 'vs without' is the win rate of those who "
                "did not", _card_table(entries)]
    out += ["", f"## Flagged cards (Benjamini-Hochberg, false discovery rate {FDR:.0%})", *flagged_lines(report)]
    out += ["Card win rates are observational: good players and good positions pick some cards more often. "
            "To measure a card's effect, compare a run with `--ban CARD` (cardtools compare)."]
    out += ["", "## Cards together", interactions_text(report)]
    out += ["", "## Dominant choices", dominant_text(report)]
    out += ["", "## Scores", _distribution_text(report["scores"])]
    out += ["", "## Game length (moves per game)", _distribution_text(report["length"])]
    if report["numbers"]:
        out += ["", "## End-of-game numbers",
                "\n".join(f"{k:<14} mean {s['mean']:.2f}  sd {s['sd']:.2f}  median {s['median']:g}  "
                          f"range {s['min']:g}-{s['max']:g}" for k, s in report["numbers"].items())]
    out += ["", "## Precision", precision_text(report)]
    return "\n".join(out)


def run_title(run: dict) -> str:
    extra = [f"variant {run['variant']}"] if run["variant"] else []
    extra += [f"without {', '.join(run['ban'])}"] if run["ban"] else []
    extra += [f"{path}={value}" for path, value in run.get("set", {}).items()]
    return run["deck"] + (f" ({'; '.join(extra)})" if extra else "")


def _seat_section(report: dict) -> list[str]:
    fp = report["first_player"]
    return ["## Seats", _table(report["seats"], "seat", report["expected_win_rate"]), "",
            f"First-player advantage (seat 0 moves first): {pp(fp['advantage'])} "
            f"[{pp(fp['ci'][0])}, {pp(fp['ci'][1])}] against an even {pct(fp['expected'])}"
            + (" — significant" if report["seats"][0]["flagged"] else " — not distinguishable from none")]


def _table(entries: list[dict], key: str, expected: float) -> str:
    rows = [[str(e[key]), f"{e['n']:,}", pct(e["rate"]), _ci(e["ci"]), f"{e['score']['mean']:.2f}",
             _ci(e["score"]["ci"], "{:.2f}"), "*" if e["flagged"] else ""] for e in entries]
    return grid(rows, [key, "games", "win rate", "95% interval", "score", "95% interval", f"≠ {pct(expected)}"])


def _card_table(entries: list[dict]) -> str:
    rows = [[e["name"], f"{e['games']:,}", pct(e["inclusion"]), pct(e["rate"]), _ci(e["ci"]), pct(e["without"]),
             f"{e['score']['mean']:.2f}", _ci(e["score"]["ci"], "{:.2f}"), e["flagged"] or ""] for e in entries]
    return grid(rows, ["card", "games", "had it", "win rate", "95% interval", "vs without", "score",
                        "95% interval", "flag"])


def flagged_lines(report: dict) -> list[str]:
    """Per card list, the cards whose holders win more or less often than the others."""
    lines = []
    for column, entries in report["cards"].items():
        parts = [f"{side}: {', '.join(_named(e) for e in entries if e['flagged'] == side)}"
                 for side in ("stronger", "weaker") if any(e["flagged"] == side for e in entries)]
        if parts:
            lines.append(f"{heading(column)} — {'; '.join(parts)}")
    return lines or ["none"]


def dominant_text(report: dict) -> str:
    found = report["dominant"]
    even = report["expected_win_rate"]
    head = (f"Cards and agents whose players win at least {pct(dominant_share(even))} of their games in every seat "
            f"(each seat's 95% interval above the even {pct(even)}); other player counts need runs of their own.")
    if not found:
        return head + "\nNone."
    rows = [[e["name"], e["kind"], " / ".join(pct(s) for s in e["seats"]), pct(e["lowest"])] for e in found]
    return head + "\n" + grid(rows, ["", "kind", "win rate by seat", "lowest bound"])


def interactions_text(report: dict) -> str:
    """The flagged pairs: what their holders of both win against what the two alone predict."""
    tested = report["interactions"]
    flagged = [e for e in tested if e["flagged"]]
    head = (f"{len(tested):,} pairs held together by at least {PAIR_SUPPORT} players tested: win rate with both "
            f"against only one (each) and neither, predicted = only A + only B - neither (Benjamini-Hochberg, "
            f"false discovery rate {FDR:.0%}).")
    if not flagged:
        return head + "\nNo pair wins more or less together than the two cards alone predict."
    rows = [[f"{e['names'][0]} + {e['names'][1]}", f"{e['together']:,}", pct(e["win_both"]), pct(e["predicted"]),
             pp(e["contrast"]), f"{pp(e['ci'][0])} to {pp(e['ci'][1])}", e["flagged"]] for e in flagged]
    return head + "\n" + grid(rows, ["pair", "had both", "win rate", "predicted", "difference", "95% interval", "flag"])


def _named(entry: dict) -> str:
    """A flagged card's name, with the agents its finding holds for when the run mixes agents."""
    holds = agreement(entry)
    return f"{entry['name']} ({holds})" if holds else entry["name"]


def _distribution_text(dist: dict) -> str:
    s = dist["summary"]
    lines = [f"mean {s['mean']:.2f}, sd {s['sd']:.2f}; min {s['min']:g}, 10% {s['p10']:g}, quartiles "
             f"{s['p25']:g} / {s['median']:g} / {s['p75']:g}, 90% {s['p90']:g}, max {s['max']:g}"]
    top = max(c for _, _, c in dist["histogram"])
    for lo, hi, count in dist["histogram"]:
        label = f"{lo}" if hi - lo == 1 else f"{lo}-{hi - 1}"
        lines.append(f"{label:>9} {'#' * math.ceil(40 * count / top) if count else '':<40} {count:,}")
    return "\n".join(lines)


def precision_text(report: dict) -> str:
    p = report["precision"]
    want = ", ".join(f"±{pp} pp ≈ {n:,}" for pp, n in p["games_for"].items())
    even = ", ".join(f"{n:,}" for n in p["games_for_even"].values())
    return (f"Each seat's win rate rests on {p['seat_games']:,} games: its 95% interval is about "
            f"±{100 * p['seat_half_width']:.1f} pp. A 95% interval on a win rate near {pct(p['rate'])} needs about "
            f"1.96² × p(1 - p) / h² games per seat (or per card): {want} (near 50%: {even}). Intervals account "
            f"for the games of one deal being alike (design effect), and are never narrower than for "
            f"independent games.")


def heading(column: str) -> str:
    return column.replace("_", " ").capitalize()


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def pp(x: float) -> str:
    return f"{100 * x:+.1f} pp"


def _ci(ci: list[float], fmt: str | None = None) -> str:
    if fmt is None:
        return f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}%"
    return f"{fmt.format(ci[0])} to {fmt.format(ci[1])}"


def grid(rows: list[list[str]], headers: list[str]) -> str:
    """A table whose number columns are right-aligned (the first column is a name)."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells):
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(headers), "  ".join("-" * w for w in widths)] + [line(r) for r in rows])
