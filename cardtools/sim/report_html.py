"""``cardtools report --html``: the balance report as one self-contained web page to share.

The same sections as the PDF (``report_pdf``), from the same report data: the configuration,
seats, per-card bar charts with 95% interval whiskers against the even share, the cards flagged,
the pairs of cards flagged together, the dominant choices, score and game-length histograms, and the precision note.
Charts are inline SVG written here, styles inline: the file needs no network, no script and no
other file, opens in any browser and can be mailed as is. Every text from the deck (card names)
is escaped. The same records give the same bytes.
"""

from __future__ import annotations

from html import escape

from cardtools.sim.report import (FDR, dominant_text, flagged_lines, heading, interactions_text, pct, pp,
                                  precision_text, run_title)

BAR_ROW = 18          # px per bar
LABEL = 170           # px for the labels left of the bars
CHART = 420           # px for the bars
NOTE = 190            # px for the note right of the bars
BAR, FLAG, INK, MUTED, GRID = "#8cadd9", "#d97333", "#1a1a1a", "#737373", "#d1d1d1"
STYLE = ("body{font-family:system-ui,sans-serif;max-width:860px;margin:2em auto;padding:0 1em;color:#1a1a1a}"
         "h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.8em}p.note{color:#737373;font-size:.9em}"
         "table{border-collapse:collapse;font-size:.9em}td,th{padding:2px 10px;text-align:right}"
         "td:first-child,th:first-child{text-align:left}th{border-bottom:1px solid #999}"
         "pre{font-size:.85em;white-space:pre-wrap}")


def build_html(report: dict) -> bytes:
    run = report["run"]
    expected = report["expected_win_rate"]
    title = f"Balance report — {run_title(run)}"
    out = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{escape(title)}</title>"
           f"<style>{STYLE}</style></head><body>", f"<h1>{escape(title)}</h1>"]
    out += [f"<p class=\"note\">{escape(line)}</p>" for line in _configuration(report)]
    out += ["<h2>Seats</h2>", _table(["seat", "games", "win rate", "95% interval", "mean score"],
                                     [[str(e["seat"]), f"{e['n']:,}", pct(e["rate"]), _interval(e["ci"]),
                                       f"{e['score']['mean']:.2f}"] for e in report["seats"]])]
    out.append(_bars([(f"seat {e['seat']}", e, f"{e['n']:,} games") for e in report["seats"]], expected))
    fp = report["first_player"]
    out.append(f"<p>First-player advantage (seat 0 moves first): {pp(fp['advantage'])}, 95% interval "
               f"{pp(fp['ci'][0])} to {pp(fp['ci'][1])}, against an even {pct(fp['expected'])}.</p>")
    if report["agents"]:
        out += ["<h2>Agents</h2>", _bars([(e["agent"], e, f"{e['score']['mean']:.1f} pts") for e in report["agents"]],
                                        expected)]
    out += ["<h2>Cards flagged</h2>", *[f"<p>{escape(line)}</p>" for line in flagged_lines(report)],
            f"<p class=\"note\">Flagged: the win rate of the players who had the card differs from that of the "
            f"players who did not, after Benjamini–Hochberg control of the false discovery rate at {FDR:.0%}. "
            f"These rates are observational: to measure a card's effect, simulate with --ban CARD and compare.</p>"]
    out += ["<h2>Cards together</h2>", f"<pre>{escape(interactions_text(report))}</pre>",
            "<h2>Dominant choices</h2>", f"<pre>{escape(dominant_text(report))}</pre>"]
    for column, entries in report["cards"].items():
        out += [f"<h2>{escape(heading(column))}: win rate of the players who had the card</h2>",
                f"<p class=\"note\">Bars: win rate (orange: flagged); whiskers: 95% interval; dashed line: the even "
                f"share ({pct(expected)}); right: the games behind the bar and the average score.</p>",
                _bars([(e["name"], e, f"n {e['games']:,} · {e['score']['mean']:.1f} pts") for e in entries], expected)]
    out += ["<h2>Scores</h2>", _histogram(report["scores"], "score"),
            "<h2>Game length</h2>", _histogram(report["length"], "moves per game"),
            "<h2>Precision</h2>", f"<p>{escape(precision_text(report))}</p>", "</body></html>"]
    return ("\n".join(out) + "\n").encode("utf-8")


def _configuration(report: dict) -> list[str]:
    run = report["run"]
    return [f"{run['games_played']:,} games at {run['players']} players: {run['deals']:,} deals, each played once "
            f"per seating (seats rotate), seed {run['seed']}; agents by listed position: {', '.join(run['agents'])}",
            f"cardtools {run['cardtools']}; deck fingerprint {run['fingerprints']['deck'][:16]}; "
            f"code fingerprint {run['fingerprints']['code'][:16]}"]


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _interval(ci: list[float]) -> str:
    return f"{pct(ci[0])} – {pct(ci[1])}"


def _x(rate: float) -> float:
    return round(LABEL + CHART * rate, 1)


def _bars(items: list[tuple[str, dict, str]], expected: float) -> str:
    """One bar per item (label, rate with whiskers, note), the even share dashed, a 0–100% axis."""
    height = BAR_ROW * len(items) + 18
    width = LABEL + CHART + NOTE
    parts = [f"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" "
             f"font-size=\"11\" role=\"img\">"]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f"<line x1=\"{_x(tick)}\" y1=\"0\" x2=\"{_x(tick)}\" y2=\"{height - 16}\" stroke=\"{GRID}\"/>"
                     f"<text x=\"{_x(tick)}\" y=\"{height - 4}\" text-anchor=\"middle\" fill=\"{MUTED}\">"
                     f"{tick:.0%}</text>")
    for i, (label, entry, note) in enumerate(items):
        right = f"{pct(entry['rate'])} {note}".strip()
        y = i * BAR_ROW
        mid = y + BAR_ROW / 2
        lo, hi = _x(entry["ci"][0]), _x(entry["ci"][1])
        parts.append(f"<rect x=\"{LABEL}\" y=\"{y + 3}\" width=\"{round(_x(entry['rate']) - LABEL, 1)}\" "
                     f"height=\"{BAR_ROW - 6}\" fill=\"{FLAG if entry.get('flagged') else BAR}\"/>"
                     f"<path d=\"M{lo} {mid}H{hi}M{lo} {mid - 4}V{mid + 4}M{hi} {mid - 4}V{mid + 4}\" "
                     f"stroke=\"{INK}\" fill=\"none\"/>"
                     f"<text x=\"0\" y=\"{mid + 4}\" fill=\"{INK}\">{escape(label)}</text>"
                     f"<text x=\"{LABEL + CHART + 8}\" y=\"{mid + 4}\" fill=\"{INK}\">"
                     f"{escape(right)}</text>")
    parts.append(f"<line x1=\"{_x(expected)}\" y1=\"0\" x2=\"{_x(expected)}\" y2=\"{height - 16}\" "
                 f"stroke=\"{INK}\" stroke-dasharray=\"4 3\"/></svg>")
    return "".join(parts)


def _histogram(dist: dict, unit: str) -> str:
    s = dist["summary"]
    bins = dist["histogram"]
    most = max(count for _, _, count in bins) or 1
    width, height, left = LABEL + CHART + NOTE, 140, 40
    step = (width - left) / len(bins)
    parts = [f"<p>mean {s['mean']:.2f}, sd {s['sd']:.2f}; median {s['median']:g} (quartiles {s['p25']:g} – "
             f"{s['p75']:g}); range {s['min']:g} – {s['max']:g}</p>",
             f"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height + 34}\" font-size=\"10\" "
             f"role=\"img\"><text x=\"{left - 4}\" y=\"10\" text-anchor=\"end\" fill=\"{MUTED}\">{most:,}</text>"
             f"<text x=\"{left - 4}\" y=\"{height}\" text-anchor=\"end\" fill=\"{MUTED}\">0</text>"]
    every = max(1, len(bins) // 10)
    for i, (lo, hi, count) in enumerate(bins):
        label = str(lo) if hi - lo == 1 else f"{lo}–{hi - 1}"
        bar = round(height * count / most, 1)
        x = round(left + i * step, 1)
        parts.append(f"<rect x=\"{x + 0.5}\" y=\"{round(height - bar, 1)}\" width=\"{round(step - 1, 1)}\" "
                     f"height=\"{bar}\" fill=\"{BAR}\"><title>{label}: "
                     f"{count:,}</title></rect>")
        if i % every == 0:
            parts.append(f"<text x=\"{round(x + step / 2, 1)}\" y=\"{height + 14}\" text-anchor=\"middle\" "
                         f"fill=\"{MUTED}\">{label}</text>")
    parts.append(f"<text x=\"{left}\" y=\"{height + 30}\" fill=\"{MUTED}\">{escape(unit)}</text></svg>")
    return "".join(parts)
