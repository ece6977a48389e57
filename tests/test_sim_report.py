"""`cardtools report` and `cardtools compare` on small runs: numbers checked against the records,
the PDF's fonts and bar geometry, paired comparisons."""

import io
import json
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4

from cardtools.core.workspace import Workspace
from cardtools.sim import report_pdf, stats
from cardtools.sim.report import build_report
from cardtools.sim.runner import Request, simulate
from cardtools.sim.store import RunStore

REPO = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """A base run and the same seeds without the Great Wall (random agents: fast)."""
    folder = tmp_path_factory.mktemp("runs")
    out = {}
    for name, bans in (("base", ()), ("ban", ("great_wall",))):
        simulate(Request("aoc", 3, 150, "random", seed=11, bans=bans, chunk=50), folder / name, Workspace(REPO),
                 stream=io.StringIO())
        out[name] = folder / name
    return out


@pytest.fixture(scope="module")
def report(runs):
    store = RunStore(runs["base"])
    return build_report(store.manifest(), store.rows()), store.rows()


def test_seat_win_rates_and_first_player_advantage(report):
    data, rows = report
    assert data["run"]["games_played"] == 150 and data["run"]["deals"] == 50
    for seat in data["seats"]:
        mine = [r["win"] for r in rows if r["seat"] == seat["seat"]]
        assert (seat["n"], seat["rate"]) == (150, pytest.approx(sum(mine) / 150))
        assert seat["ci"][0] < seat["rate"] < seat["ci"][1]
    first = data["first_player"]
    assert first["advantage"] == pytest.approx(data["seats"][0]["rate"] - 1 / 3)
    assert first["ci"] == pytest.approx([data["seats"][0]["ci"][0] - 1 / 3, data["seats"][0]["ci"][1] - 1 / 3])
    assert data["agents"] == []                                           # one agent everywhere


def test_card_win_rates_are_those_of_the_players_who_had_the_card(report):
    data, rows = report
    assert list(data["cards"]) == ["civilizations_risen", "civilizations_annexed", "wonders", "technologies"]
    wall = next(e for e in data["cards"]["wonders"] if e["card"] == "great_wall")
    having = [r for r in rows if "great_wall" in r["wonders"]]
    others = [r for r in rows if "great_wall" not in r["wonders"]]
    assert (wall["name"], wall["type"], wall["games"]) == ("Great Wall", "wonder", len(having))
    assert wall["rate"] == pytest.approx(sum(r["win"] for r in having) / len(having))
    assert wall["without"] == pytest.approx(sum(r["win"] for r in others) / len(others))
    assert wall["score"]["mean"] == pytest.approx(sum(r["score"] for r in having) / len(having))
    assert wall["inclusion"] == pytest.approx(len(having) / 450)
    rates = [e["rate"] for e in data["cards"]["wonders"]]
    assert rates == sorted(rates, reverse=True)
    assert data["length"]["summary"]["n"] == 150 and data["scores"]["summary"]["n"] == 450


def test_terminal_and_json_reports(cli, runs, report):
    data, _ = report
    code, out, _ = cli("report", str(runs["base"]))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "# Age of Civilization"
    seat0 = data["seats"][0]
    row = next(line for line in lines if line.startswith("0 "))
    assert f"{100 * seat0['rate']:.1f}%" in row and f"{100 * seat0['ci'][0]:.1f}-{100 * seat0['ci'][1]:.1f}%" in row
    for heading in ("## Seats", "## Civilizations risen", "## Wonders", "## Technologies", "## Scores",
                    "## Game length (moves per game)", "## Precision"):
        assert heading in lines
    assert "±3 pp ≈ 949, ±2 pp ≈ 2,135, ±1 pp ≈ 8,537 (near 50%: 1,068, 2,401, 9,604)" in out
    code, out, _ = cli("report", str(runs["base"]), "--json")
    assert code == 0 and json.loads(out)["seats"] == json.loads(json.dumps(data["seats"]))


def test_pdf_report_embeds_its_fonts_and_draws_bars_to_scale(cli, runs, report, tmp_path):
    data, _ = report
    code, _, err = cli("report", str(runs["base"]), "--pdf", str(tmp_path / "r.pdf"))
    pdf_bytes = (tmp_path / "r.pdf").read_bytes()
    assert code == 0 and err.startswith(f"wrote {tmp_path / 'r.pdf'} (")
    assert report_pdf.build_pdf(data)[0] == pdf_bytes                     # the same records, the same bytes
    fonts = set()
    for page in PdfReader(io.BytesIO(pdf_bytes)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                else font["/FontDescriptor"]
            assert "/FontFile2" in descriptor                              # embedded TrueType
            fonts.add(str(font["/BaseFont"]).split("+")[-1])
    assert fonts == {"DejaVuSans", "DejaVuSans-Bold"}
    left = report_pdf.MARGIN + report_pdf.LABEL_WIDTH
    width = A4[0] - report_pdf.MARGIN - report_pdf.RIGHT_WIDTH - left
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        bars = [r for r in pdf.pages[0].rects if abs(r["x0"] - left) < 0.01 and abs(r["height"] - 9) < 0.01]
        text = pdf.pages[0].extract_text()
    assert [round(b["width"], 2) for b in bars[:3]] == [round(s["rate"] * width, 2) for s in data["seats"]]
    assert "Balance report — Age of Civilization" in text and "First-player advantage" in text


def test_compare_pairs_the_games_of_two_runs(cli, runs):
    code, out, _ = cli("compare", str(runs["base"]), str(runs["ban"]), "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["games"], data["deals"], data["same_agents"]) == (150, 50, True)
    assert data["b"]["ban"] == ["great_wall"]
    wall = next(c for c in data["cards"] if c["metric"] == "great_wall")
    assert wall["b"] == 0 and wall["a"] > 0 and wall["flagged"]
    assert wall["difference"] == pytest.approx(-wall["a"])
    seat0 = next(m for m in data["metrics"] if m["metric"] == "seat 0 win rate")
    assert seat0["ci"][0] < seat0["difference"] < seat0["ci"][1]
    code, out, _ = cli("compare", str(runs["base"]), str(runs["ban"]))
    assert code == 0 and "Paired by game: 150 games (50 deals) were played from the same seeds" in out
    assert "Great Wall (wonders)" in out


def test_compare_says_what_a_ban_costs_the_players_who_had_the_card(cli, runs):
    """Their twins in B (same game, same seat, no Great Wall) against them in A."""
    base, ban = (RunStore(runs[r]).rows() for r in ("base", "ban"))
    had = [(r["game"], r["seat"]) for r in base if "great_wall" in r["wonders"]]
    wins = {name: {(r["game"], r["seat"]): r["win"] for r in rows} for name, rows in (("a", base), ("b", ban))}
    games = sorted({g for g, _ in had})
    expected = {name: sum(stats.mean([w[(g, s)] for s in (s for h, s in had if h == g)]) for g in games) / len(games)
                for name, w in wins.items()}
    code, out, _ = cli("compare", str(runs["base"]), str(runs["ban"]), "--json")
    twins = next(m for m in json.loads(out)["metrics"] if m["metric"] == "win rate of Great Wall players in A")
    assert (twins["a"], twins["b"]) == (pytest.approx(expected["a"]), pytest.approx(expected["b"]))
    assert twins["ci"][0] < twins["difference"] < twins["ci"][1]


def test_a_run_compared_with_itself_changes_nothing(cli, runs):
    code, out, _ = cli("compare", str(runs["base"]), str(runs["base"]), "--json")
    data = json.loads(out)
    assert all(m["difference"] == 0 and m["ci"] == [0, 0] for m in data["metrics"] + data["cards"])
    assert not any(c["flagged"] for c in data["cards"])


def test_runs_on_other_seeds_are_not_paired(cli, runs, tmp_path):
    simulate(Request("aoc", 3, 3, "random", seed=12), tmp_path / "other", Workspace(REPO), stream=io.StringIO())
    code, _, err = cli("compare", str(runs["base"]), str(tmp_path / "other"))
    assert code == 2 and "the runs differ in seed (11 and 12)" in err


def test_html_report_is_one_self_contained_page_a_browser_draws(cli, runs, report, tmp_path):
    """Opened in headless Chromium (the real browser a co-designer uses): one bar per seat and per
    card with the same length as its win rate, a histogram bar per bin, nothing fetched."""
    import re
    import shutil
    import subprocess

    from cardtools.sim import report_html

    data, _ = report
    page = tmp_path / "r.html"
    code, _, err = cli("report", str(runs["base"]), "--html", str(page))
    assert (code, err) == (0, f"wrote {page}\n")
    html = page.read_bytes()
    assert report_html.build_html(data) == html                          # the same records, the same bytes
    text = html.decode()
    assert not re.search(r"<script|<link|<img|src=|url\(|@import", text)    # nothing to fetch or run
    assert set(re.findall(r"https?://[^\"\s]+", text)) == {"http://www.w3.org/2000/svg"}
    executable = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
    if executable is None:
        pytest.skip("no Chromium on this machine: .ci/run installs Debian's chromium")
    dom = subprocess.run([executable, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=60).stdout
    bars = re.findall(r'<rect x="170" y="[\d.]+" width="([\d.]+)"', dom)
    entries = [*data["seats"], *(e for entries in data["cards"].values() for e in entries)]
    assert [float(w) for w in bars] == [round(report_html.CHART * e["rate"], 1) for e in entries]
    bins = len(data["scores"]["histogram"]) + len(data["length"]["histogram"])
    assert len(re.findall(r"<rect ", dom)) == len(entries) + bins
    assert "<title>Balance report — Age of Civilization</title>" in dom


def test_deal_totals_give_the_statistics_of_the_rows():
    """Three one-game deals of three players, worked by hand (the report computes every set's
    statistics from deal totals; the players without a card, or with neither of two, by
    inclusion-exclusion). Cards held, win, score:
    deal 0: {A, B} 1 10, {A} 0 7, {} 0 5;  deal 1: {A} 1 9, {B} 0 6, {} 0 4;  deal 2: {A, B} 0 6, {B} 1 8, {A} 0 3."""
    from cardtools.sim.tally import Tally

    held = [["A", "B"], ["A"], [], ["A"], ["B"], [], ["A", "B"], ["B"], ["A"]]
    wins = [1, 0, 0, 1, 0, 0, 0, 1, 0]
    scores = [10, 7, 5, 9, 6, 4, 6, 8, 3]
    rows = [{"game": i // 3, "deal": i // 3, "seat": i % 3, "agent": "random", "score": s, "rank": 2 - w,
             "winner": bool(w), "win": float(w), "moves": 20, "deal_seed": 0, "agent_seed": 0, "cards": c}
            for i, (c, w, s) in enumerate(zip(held, wins, scores))]
    manifest = {"configuration": {"game": "t", "variant": None, "ban": [], "players": 3, "games": 3,
                                  "agents": ["random"], "seed": 0, "chunk": 3},
                "deck": {"name": "T", "cards": {"A": {"name": "Card A", "type": "x"}}}, "cardtools": "0",
                "fingerprints": {}}
    a = next(e for e in build_report(manifest, rows)["cards"]["cards"] if e["card"] == "A")
    # A: 5 players, 2 wins; deal totals (rows, wins) (2, 1), (1, 1), (2, 0). Σ(T - 0.4 n)² = 1.04,
    # Σ(v - 0.4)² = 1.2: clustered variance 3/2 · 1.04 / 25 = 0.0624 over independent 1.2 / 20 = 0.06
    assert (a["n"], a["rate"], a["games"], a["inclusion"]) == (5, 0.4, 3, pytest.approx(5 / 9))
    assert a["n_effective"] == 4.8                                               # 5 / 1.04 = 4.81
    assert a["ci"] == pytest.approx(list(stats.wilson(0.4 * 5 / 1.04, 5 / 1.04)), rel=1e-12)
    # without A: (1, 0), (2, 0), (1, 1): Σ(T - n/4)² = 0.875, Σ(v - 1/4)² = 0.75: 1.5 · 0.875 / 16 over 0.75 / 12
    assert (a["without"], a["difference"]) == (0.25, pytest.approx(0.15))
    assert stats.difference_p(a, {"rate": 0.25, "n_effective": round(4 / 1.3125, 1)}) == a["p_value"]
    # A's scores: deal totals 17, 9, 9, mean 7: Σ(T - 7 n)² = 38, 3/2 · 38 / 25 = 2.28 (> 30 / 20)
    assert a["score"]["mean"] == 7
    assert a["score"]["ci"] == pytest.approx([7 - stats.Z95 * 2.28 ** 0.5, 7 + stats.Z95 * 2.28 ** 0.5], rel=1e-12)
    # the pair's cells: both (1, 0 in deals 0, 2), only A (0, 1, 0), only B (0, 1), neither (0, 0:
    # deal 2 has no player without A or B)
    cells = Tally(rows, ["cards"]).pair_cells("A", "B")
    assert [(c.n, c.total, c.clusters) for c in cells] == [(2, 1, 2), (3, 1, 3), (2, 1, 2), (2, 0, 2)]
    assert [(c.tt, c.tn, c.nn) for c in cells] == [(1, 1, 2), (1, 1, 3), (1, 1, 2), (0, 0, 2)]
    assert [stats.rate_of(c)["n_effective"] for c in cells] == [2, 3, 2, 2]      # one player per deal: no clustering
