"""``cardtools report --pdf``: the balance report as a PDF a designer can share.

Drawn with reportlab from the report data (``report.build_report``): the configuration, the
seat table with a bar chart, per-card bar charts with 95% interval whiskers against the even
win rate, and histograms of scores and game lengths. It embeds the DejaVu fonts that ship with
cardtools (``render.fonts``) and nothing else, and is byte-identical for the same records
(reportlab ``invariant``).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardtools.render.fonts import BUILTIN, initial_font, register
from cardtools.sim.report import FDR, flagged_lines, heading, pct, pp, precision_text, run_title

MARGIN = 42.0
BAR_ROW = 13.0      # height of one bar's row (points)
HISTOGRAM_HEIGHT = 110.0
LABEL_WIDTH = 120.0
RIGHT_WIDTH = 112.0
INK, MUTED, BAR, FLAG, GRID = (0.1, 0.1, 0.1), (0.45, 0.45, 0.45), (0.55, 0.68, 0.85), (0.85, 0.45, 0.2), (0.82, 0.82, 0.82)


@dataclass(frozen=True)
class BarChart:
    """Horizontal bars of rates in [0, 1] between ``left`` and ``right`` (points)."""

    left: float
    right: float

    def x(self, rate: float) -> float:
        return self.left + (self.right - self.left) * rate


class _Pages:
    """A canvas with a cursor that starts a new page when the next block does not fit."""

    def __init__(self, title: str):
        self.buffer = io.BytesIO()
        self.canvas = Canvas(self.buffer, pagesize=A4, invariant=1, initialFontName=initial_font(), pageCompression=1)
        self.canvas.setTitle(title)
        self.canvas.setCreator("cardtools")
        self.regular, self.bold = register(BUILTIN["regular"]), register(BUILTIN["bold"])
        self.width, self.height = A4
        self.y = self.height - MARGIN
        self.pages = 1

    def need(self, height: float) -> None:
        if self.y - height < MARGIN:
            self.canvas.showPage()
            self.pages += 1
            self.y = self.height - MARGIN

    def text(self, text: str, size: float = 9, bold: bool = False, color=INK, gap: float = 3) -> None:
        font = self.bold if bold else self.regular
        lines = simpleSplit(text, font, size, self.width - 2 * MARGIN)
        self.need(len(lines) * size * 1.3 + gap)
        self.canvas.setFillColorRGB(*color)
        self.canvas.setFont(font, size)
        for line in lines:
            self.y -= size * 1.3
            self.canvas.drawString(MARGIN, self.y, line)
        self.y -= gap

    def heading(self, text: str, keep: float = 60) -> None:
        """A section title, kept on the page with the first ``keep`` points of what follows."""
        self.need(keep + 30)
        self.y -= 8
        self.text(text, 13, bold=True, gap=4)

    def table(self, headers: list[str], rows: list[list[str]], widths: list[float], size: float = 8.5) -> None:
        """Columns of the given widths; the first is left-aligned, the others right-aligned."""
        for i, cells in enumerate([headers] + rows):
            self.need(size * 1.45)
            self.y -= size * 1.45
            self.canvas.setFont(self.bold if i == 0 else self.regular, size)
            self.canvas.setFillColorRGB(*INK)
            x = MARGIN
            for j, (cell, w) in enumerate(zip(cells, widths)):
                if j == 0:
                    self.canvas.drawString(x, self.y, cell)
                else:
                    self.canvas.drawRightString(x + w, self.y, cell)
                x += w
        self.y -= 4

    def bytes(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()


def build_pdf(report: dict) -> tuple[bytes, int]:
    """The report's PDF and its number of pages."""
    run = report["run"]
    pages = _Pages(f"Balance report — {run_title(run)}")
    pages.text(f"Balance report — {run_title(run)}", 17, bold=True, gap=6)
    for line in _configuration(report):
        pages.text(line, 9, color=MUTED, gap=1)
    pages.heading("Seats")
    pages.text("Bars: win rate (orange: uneven, after Benjamini–Hochberg control); whiskers: 95% interval; dashed "
               "line: the even share.", 8, color=MUTED)
    _seats(pages, report)
    if report["agents"]:
        pages.heading("Agents")
        _group_table(pages, report["agents"], "agent")
        _bars(pages, [(e["agent"], e, "") for e in report["agents"]], report["expected_win_rate"])
    pages.heading("Cards flagged")
    for line in flagged_lines(report):
        pages.text(line, gap=1)
    pages.text(f"A card is flagged when the win rate of the players who had it differs from that of the players "
               f"who did not, after Benjamini–Hochberg control of the false discovery rate at {FDR:.0%}. These "
               f"rates are observational: to measure a card's effect, simulate with --ban CARD and compare.",
               8, color=MUTED)
    pages.heading("Precision")
    pages.text(precision_text(report))
    pages.heading("Scores", keep=HISTOGRAM_HEIGHT + 40)
    _histogram(pages, report["scores"], "score")
    pages.heading("Game length", keep=HISTOGRAM_HEIGHT + 40)
    _histogram(pages, report["length"], "moves per game")
    for column, entries in report["cards"].items():
        pages.heading(f"{heading(column)}: win rate of the players who had the card", keep=4 * BAR_ROW + 40)
        pages.text("Bars: win rate (orange: flagged); whiskers: 95% interval; dashed line: the even share "
                   f"({pct(report['expected_win_rate'])}); right: the games behind the bar and the average score.",
                   8, color=MUTED)
        _bars(pages, [(e["name"], e, f"n {e['games']:,} · {e['score']['mean']:.1f} pts") for e in entries],
              report["expected_win_rate"])
    return pages.bytes(), pages.pages


def _configuration(report: dict) -> list[str]:
    run = report["run"]
    return [f"{run['games_played']:,} games at {run['players']} players: {run['deals']:,} deals, each played "
            f"once per seating (seats rotate), seed {run['seed']}",
            f"agents by listed position: {', '.join(run['agents'])}",
            f"deck {run['game']}" + (f", variant {run['variant']}" if run["variant"] else "")
            + (f", without {', '.join(run['ban'])}" if run["ban"] else "")
            + f"; cardtools {run['cardtools']}; deck fingerprint {run['fingerprints']['deck'][:16]}; "
              f"code fingerprint {run['fingerprints']['code'][:16]}"]


def _seats(pages: _Pages, report: dict) -> None:
    _group_table(pages, report["seats"], "seat")
    _bars(pages, [(f"seat {e['seat']}", e, f"{e['n']:,} games") for e in report["seats"]], report["expected_win_rate"])
    fp = report["first_player"]
    pages.text(f"First-player advantage (seat 0 moves first): {pp(fp['advantage'])}, 95% interval "
               f"{pp(fp['ci'][0])} to {pp(fp['ci'][1])}, against an even {pct(fp['expected'])}.")


def _group_table(pages: _Pages, entries: list[dict], key: str) -> None:
    rows = [[str(e[key]), f"{e['n']:,}", pct(e["rate"]), f"{pct(e['ci'][0])} – {pct(e['ci'][1])}",
             f"{e['score']['mean']:.2f}", "yes" if e["flagged"] else "no"] for e in entries]
    pages.table([key, "games", "win rate", "95% interval", "mean score", "uneven"], rows, [110, 60, 70, 110, 80, 70])


def _bars(pages: _Pages, items: list[tuple[str, dict, str]], expected: float) -> None:
    """One bar per item: label, the rate as a bar with its interval as whiskers, a note on the right."""
    chart = BarChart(MARGIN + LABEL_WIDTH, pages.width - MARGIN - RIGHT_WIDTH)
    c = pages.canvas
    start = 0
    while start < len(items):
        pages.need(BAR_ROW * 2 + 16)
        fit = max(1, int((pages.y - MARGIN - 16) // BAR_ROW))
        chunk = items[start:start + fit]
        top = pages.y
        bottom = top - BAR_ROW * len(chunk)
        c.setLineWidth(0.4)
        for tick in (0, 0.25, 0.5, 0.75, 1):
            c.setStrokeColorRGB(*GRID)
            c.line(chart.x(tick), top, chart.x(tick), bottom)
            c.setFillColorRGB(*MUTED)
            c.setFont(pages.regular, 7)
            c.drawCentredString(chart.x(tick), bottom - 9, f"{tick:.0%}")
        for i, (label, entry, note) in enumerate(chunk):
            y = top - BAR_ROW * (i + 1)
            c.setFillColorRGB(*(FLAG if entry.get("flagged") else BAR))
            c.rect(chart.left, y + 2, chart.x(entry["rate"]) - chart.left, BAR_ROW - 4, stroke=0, fill=1)
            lo, hi, mid = chart.x(entry["ci"][0]), chart.x(entry["ci"][1]), y + BAR_ROW / 2
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.8)
            c.line(lo, mid, hi, mid)
            c.line(lo, mid - 3, lo, mid + 3)
            c.line(hi, mid - 3, hi, mid + 3)
            c.setFillColorRGB(*INK)
            c.setFont(pages.regular, 8)
            c.drawString(MARGIN, y + 3.5, _fit(pages, label, LABEL_WIDTH - 6))
            c.drawString(chart.right + 6, y + 3.5, _fit(pages, f"{pct(entry['rate'])} {note}".strip(), RIGHT_WIDTH))
        c.setStrokeColorRGB(*INK)
        c.setDash(3, 2)
        c.line(chart.x(expected), top, chart.x(expected), bottom)
        c.setDash()
        pages.y = bottom - 16
        start += len(chunk)


def _histogram(pages: _Pages, dist: dict, unit: str) -> None:
    s = dist["summary"]
    pages.text(f"mean {s['mean']:.2f}, sd {s['sd']:.2f}; median {s['median']:g} (quartiles {s['p25']:g} – "
               f"{s['p75']:g}); range {s['min']:g} – {s['max']:g}", 8.5)
    height = HISTOGRAM_HEIGHT
    pages.need(height + 24)
    c = pages.canvas
    bins = dist["histogram"]
    left, right = MARGIN + 30, pages.width - MARGIN
    top, bottom = pages.y - 4, pages.y - 4 - height
    most = max(count for _, _, count in bins)
    width = (right - left) / len(bins)
    c.setFillColorRGB(*BAR)
    for i, (lo, hi, count) in enumerate(bins):
        c.rect(left + i * width + 0.5, bottom, width - 1, height * count / most, stroke=0, fill=1)
    c.setFillColorRGB(*MUTED)
    c.setFont(pages.regular, 7)
    step = max(1, len(bins) // 10)
    for i in range(0, len(bins), step):
        lo, hi, _ = bins[i]
        c.drawCentredString(left + (i + 0.5) * width, bottom - 9, str(lo) if hi - lo == 1 else f"{lo}–{hi - 1}")
    c.drawRightString(left - 4, top - 7, f"{most:,}")
    c.drawRightString(left - 4, bottom, "0")
    c.drawString(left, bottom - 19, unit)
    pages.y = bottom - 26


def _fit(pages: _Pages, text: str, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` points at 8 pt."""
    while text and stringWidth(text, pages.regular, 8) > width:
        text = text[:-2] + "…"
    return text
