"""``cardtools sweep``: what a change does, over a grid of values, measured against the base deck.

``--set cards.aztecs.population=2..5`` (a card field, dotted into nested fields and list items:
``cards.korea.legacy.0.do.gain.coins``, a number in a card's effects) or
``--set rules.rest_coins=1,2,3`` (a rule parameter) names an axis; several ``--set`` make a grid
of every combination. Each point is a ``simulate`` run of the deck with those values set through a
generated variant (``bundle``: nothing is written into the deck), in its own folder under the
sweep's, so an interrupted sweep resumes point by point. Every run uses the same seed, so game
``i`` of every point starts from the same deal as game ``i`` of the base run (common random
numbers, simulation-notes §4.3.5): each point is compared with the base game by game
(``compare.build_comparison``), and the differences come with paired 95% intervals.

What each point reports: for every card an axis changes, the win share of the players who had
it (its interval from the deals as clusters); for the game, the paired differences in length,
the first player's win share (seat 0) and the score spread (winning score minus the lowest).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from cardtools.core.diagnostics import DiagnosticError, error
from cardtools.core.workspace import Workspace
from cardtools.core.yamlfile import load_yaml
from cardtools.sim import stats
from cardtools.sim.bundle import make_bundle
from cardtools.sim.compare import build_comparison
from cardtools.sim.report import engine_columns, pct, pp
from cardtools.sim.runner import Request, simulate
from cardtools.sim.store import RunStore

SCHEMA = "sweep.schema.json"
#: More points than this is a mistake more often than a plan (each point is a whole run).
MAX_POINTS = 64
_RANGE = re.compile(r"(-?\d+)\.\.(-?\d+)")
_PATH = re.compile(r"(cards\.[a-z0-9][a-z0-9_-]*\.[a-z_][a-z0-9_]*(\.([a-z_][a-z0-9_]*|\d+))*|rules\.[a-z_][a-z0-9_]*)")
#: The game metrics a sweep shows, as ``compare`` names them.
GAME_METRICS = ("game length (moves)", "seat 0 win rate", "score spread")


@dataclass(frozen=True)
class Axis:
    path: str               # ``cards.aztecs.population`` or ``rules.rest_coins``
    values: tuple[Any, ...]

    @property
    def card(self) -> str | None:
        return self.path.split(".")[1] if self.path.startswith("cards.") else None


def parse_axis(text: str) -> Axis:
    """``PATH=LOW..HIGH`` (whole numbers, both included) or ``PATH=A,B,C`` (numbers, true/false or
    words); ValueError saying what is wrong."""
    path, sep, values = text.partition("=")
    path = path.strip()
    if not sep or not values.strip():
        raise ValueError(f"--set {text}: write PATH=VALUES, e.g. cards.aztecs.population=2..5 or rules.rest_coins=1,2,3")
    if not _PATH.fullmatch(path):
        raise ValueError(f"--set {text}: the path is cards.CARD.FIELD (a nested field: cards.CARD.FIELD.KEY; in "
                         "a list: cards.CARD.FIELD.0.KEY) or rules.PARAMETER")
    span = _RANGE.fullmatch(values.strip())
    if span:
        low, high = int(span[1]), int(span[2])
        if low > high:
            raise ValueError(f"--set {text}: the range goes down ({low} > {high})")
        found = tuple(range(low, high + 1))
    else:
        found = tuple(_value(v.strip()) for v in values.split(",") if v.strip())
    if len(found) > MAX_POINTS:
        raise ValueError(f"--set {text}: {len(found)} values; a sweep has at most {MAX_POINTS} points")
    return Axis(path, found)


def read_sweep_file(path: Path, workspace: Workspace) -> list[tuple[str, list[Axis]]]:
    """A sweep file's grids, ``(name, axes)`` each (``schemas/sweep.schema.json``); raises
    ``DiagnosticError`` with positions for a file that does not follow it."""
    doc, problems = load_yaml(path)
    if doc is not None and not problems:
        problems = workspace.schemas.validate(SCHEMA, doc.data, doc, label="sweep")
    if problems or doc is None:
        raise DiagnosticError(problems or [error(path, 1, 1, "sweep", "cannot read the sweep file")])
    grids = []
    for i, spec in enumerate(doc.data["grids"]):
        axes = []
        for name, values in spec["set"].items():
            if isinstance(values, str) and _RANGE.fullmatch(values):
                axes.append(parse_axis(f"{name}={values}"))
            else:
                axes.append(Axis(name, tuple(values) if isinstance(values, list) else (values,)))
        names = [g for g, _ in grids]
        if spec["name"] in names or spec["name"] == "base":
            pos = doc.position(f"/grids/{i}/name")
            raise DiagnosticError([error(path, pos.line, pos.col, "sweep", f"grid name '{spec['name']}' is taken "
                                         "(each grid has a folder of its own; 'base' is the base run's)")])
        grids.append((spec["name"], axes))
    return grids


def _value(word: str) -> Any:
    if word in ("true", "false"):
        return word == "true"
    for kind in (int, float):
        try:
            return kind(word)
        except ValueError:
            pass
    return word


def grid(axes: list[Axis]) -> list[tuple[tuple[str, Any], ...]]:
    """Every combination of the axes' values, the first axis slowest; ValueError past MAX_POINTS."""
    paths = [a.path for a in axes]
    if len(set(paths)) != len(paths):
        raise ValueError("--set names the same path twice")
    points = [tuple(zip(paths, values)) for values in itertools.product(*(a.values for a in axes))]
    if len(points) > MAX_POINTS:
        raise ValueError(f"the grid has {len(points)} points; a sweep has at most {MAX_POINTS}")
    return points


def point_folder(index: int, point: tuple[tuple[str, Any], ...]) -> str:
    """``point-02-population=3``: the index keeps the order, the values say what it holds."""
    words = "-".join(f"{path.rsplit('.', 1)[-1]}={value}" for path, value in point)
    return f"point-{index:02d}-{re.sub(r'[^A-Za-z0-9=._-]', '_', words)}"


def sweep(request: Request, axes: list[Axis], folder: Path, workspace: Workspace,
          stream: TextIO | None = None, base_folder: Path | None = None) -> dict:
    """Play the base run (in ``base_folder``, default ``folder/base``: grids of a sweep file share
    it) and one run per point, resuming any already played, then compare each point with the base;
    the errors are ``simulate``'s."""
    points = grid(axes)
    for point in points:        # every point's deck loads, before any game is played
        make_bundle(workspace, request.game, request.variant, request.bans, point)
    cards = sorted({a.card for a in axes if a.card})
    base_folder = base_folder or folder / "base"
    runs = [("base", base_folder, request)]
    runs += [(point_folder(i + 1, p), folder / point_folder(i + 1, p), replace(request, changes=p))
             for i, p in enumerate(points)]
    for i, (name, where, req) in enumerate(runs):
        if stream is not None:
            print(f"[{i + 1}/{len(runs)}] {name}", file=stream)
        simulate(req, where, workspace, stream)
    base = RunStore(base_folder)
    base_run = (base.manifest(), base.rows())
    rows = []
    for (name, where, req), point in zip(runs[1:], points):
        store = RunStore(where)
        run = (store.manifest(), store.rows())
        comparison = build_comparison(base_run, run)
        metrics = {m["metric"]: m for m in comparison["metrics"]}
        rows.append({"point": dict(point), "folder": name,
                     "cards": {c: holders_win_rate(run[1], c) for c in cards},
                     "game": {m: metrics[m] for m in GAME_METRICS}})
    return {"game": request.game, "players": request.players, "seed": request.seed,
            "agents": base_run[0]["configuration"]["agents"], "games": base_run[0]["configuration"]["games"],
            "base": {"cards": {c: holders_win_rate(base_run[1], c) for c in cards}}, "points": rows,
            "axes": [{"path": a.path, "values": list(a.values)} for a in axes]}


def holders_win_rate(rows: list[dict], card: str) -> dict:
    """The win share of the players who had ``card`` (in any card list the engine records), with
    its interval; ``n`` 0 when nobody had it."""
    columns = engine_columns(rows, list)
    having = [r for r in rows if any(card in r[c] for c in columns)]
    if not having:
        return {"rate": None, "ci": [None, None], "n": 0}
    return stats.rate([r["win"] for r in having], [r["deal"] for r in having])


def render_text(result: dict) -> str:
    """One line per point: each changed card's win share, then the game's paired changes."""
    expected = 1 / result["players"]
    head = (f"# {result['name'] + ': ' if result.get('name') else ''}sweep of {result['game']}: {result['games']:,} games per point at {result['players']} players, "
            f"seed {result['seed']}, agents {', '.join(result['agents'])}; an even share is {pct(expected)}")
    lines = [head, "",
             "Card win shares: the players who had the card (95% interval). Game: the change from the base deck,",
             "game by game on the same deals (paired 95% interval).", ""]
    cards = list(result["base"]["cards"])
    base = ["base deck"] + [_share(result["base"]["cards"][c]) for c in cards] + ["", "", ""]
    header = ["point"] + [f"{c} win share" for c in cards] + ["length (moves)", "first player", "score spread"]
    body = [base]
    for row in result["points"]:
        label = ", ".join(f"{path}={value}" for path, value in row["point"].items())
        game = row["game"]
        body.append([label] + [_share(row["cards"][c]) for c in cards]
                    + [_change(game["game length (moves)"], False), _change(game["seat 0 win rate"], True),
                       _change(game["score spread"], False)])
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    for r in [header, ["-" * w for w in widths], *body]:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
    return "\n".join(lines) + "\n"


def _share(entry: dict) -> str:
    if entry["n"] == 0:
        return "never held"
    return f"{pct(entry['rate'])} [{pct(entry['ci'][0])}, {pct(entry['ci'][1])}]"


def _change(metric: dict, share: bool) -> str:
    low, high = metric["ci"]
    if share:
        return f"{pp(metric['difference'])} [{pp(low)}, {pp(high)}]"
    return f"{metric['difference']:+.2f} [{low:+.2f}, {high:+.2f}]"
