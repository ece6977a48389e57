"""``cardtools tune``: the value of a card's whole-number field that brings the card to a win share.

The search assumes the card's win share moves one way with the field (more workers, more wins)
and looks for where it crosses the target (``par``: an even share, 1/players): it plays the two
ends of the field's range (its schema's ``minimum`` and ``maximum``, or ``--range``), then halves
the range (each value one run, as a sweep point: a generated variant, the base run's seed) until
two neighbouring values are left. Games go where the answer is uncertain: while the two
neighbours' intervals overlap, both are played again with twice the games, up to a limit (and
when the surer figures put both on one side of the target, the pair moves one value that way). The
answer is the neighbour nearer the target, with how sure it is: *at par* when the target lies in
its interval, *between* when the target lies between the two, *not separated* when the limit came
first, *out of range* when no value in the range reaches the target.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from cardtools.core.deck import thaw
from cardtools.core.diagnostics import did_you_mean
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.sim.report import pct
from cardtools.sim.runner import Request, simulate
from cardtools.sim.store import RunStore
from cardtools.sim.sweep import holders_win_rate


@dataclass
class Trial:
    value: int
    games: int
    share: dict          # holders_win_rate: rate, ci, n


def field_range(workspace: Workspace, game: str, variant: str | None, card_id: str,
                field: str) -> tuple[int, int | None, int | None]:
    """The card's value of ``field`` (dotted into nested fields, or into its effects by list index:
    ``legacy.0.do.gain.coins``) and the bounds its schema gives (None where it gives none);
    ValueError for an unknown card or a value that is not a whole number."""
    deck = load_deck(game, variant, workspace)
    card = deck.get(card_id)
    if card is None:
        raise ValueError(f"no card '{card_id}' in {game}{did_you_mean(card_id, [c.id for c in deck.cards])}")
    value: Any = thaw(card.fields)
    schema = workspace.schemas.bundle(deck.manifest.card_types[card.type].schema)
    keys = field.split(".")
    for depth, key in enumerate(keys, 1):
        if key.isdigit() and isinstance(value, list) and int(key) < len(value):
            value = value[int(key)]
            schema = {}                       # inside effects: the verbs' schemas give no range
        elif isinstance(value, dict) and key in value:
            value = value[key]
            schema = schema.get("properties", {}).get(key, {})
        else:
            hint = did_you_mean(key, value) if isinstance(value, dict) else ""
            raise ValueError(f"{card_id} has no field '{'.'.join(keys[:depth])}'{hint}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{card_id}.{field} is {value!r}: tune searches a whole-number field")
    return value, schema.get("minimum"), schema.get("maximum")


def tune(request: Request, card: str, field: str, target: float | None, folder: Path, workspace: Workspace,
         bounds: tuple[int, int] | None = None, max_games: int | None = None, stream: TextIO | None = None) -> dict:
    """Search ``card``'s ``field`` for the value nearest ``target`` (None: par); ``request.games``
    games per value to start with, at most ``max_games`` (default 8×) where neighbours overlap."""
    current, low, high = field_range(workspace, request.game, request.variant, card, field)
    if bounds is not None:
        low, high = bounds
    elif low is None or high is None:
        raise ValueError(f"{card}.{field}: its schema gives no minimum and maximum: say --range LOW..HIGH")
    if not low < high:
        raise ValueError(f"--range {low}..{high}: give at least two values")
    target = 1 / request.players if target is None else target
    max_games = max_games or 8 * request.games
    path = f"cards.{card}.{field}"
    trials: dict[int, Trial] = {}

    def measure(value: int, games: int) -> Trial:
        where = folder / f"value-{value}-games-{games}"
        if stream is not None:
            print(f"{path}={value}, {games:,} games", file=stream)
        simulate(replace(request, games=games, changes=((path, value),)), where, workspace, stream)
        trial = trials[value] = Trial(value, games, holders_win_rate(RunStore(where).rows(), card))
        return trial

    def share(value: int) -> float:
        found = trials.get(value) or measure(value, request.games)
        return found.share["rate"] if found.share["n"] else 0.0

    rising = share(high) >= share(low)
    below = (lambda v: share(v) < target) if rising else (lambda v: share(v) > target)
    if below(high) or not below(low):                   # no value in the range crosses the target
        best = min((low, high), key=lambda v: abs(share(v) - target))
        return _result(path, current, target, trials, best, "out of range")
    lo, hi = low, high                                  # lo falls short of the target, hi reaches it
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if below(mid) else (lo, mid)
    while _overlap(trials[lo], trials[hi]) and trials[lo].games * 2 <= max_games:
        games = trials[lo].games * 2
        for v in (lo, hi):
            measure(v, games)
        if not below(lo) and lo > low:                  # with more games both reach it: look lower
            lo, hi = lo - 1, lo
        elif below(hi) and hi < high:                   # … or both fall short: look higher
            lo, hi = hi, hi + 1
        else:
            continue
        for v in (lo, hi):                              # the new neighbour at the same number of games
            if trials.get(v) is None or trials[v].games < games:
                measure(v, games)
    best = min((lo, hi), key=lambda v: abs(share(v) - target))
    ci = trials[best].share["ci"]
    verdict = ("at par" if ci[0] <= target <= ci[1] else
               "not separated" if _overlap(trials[lo], trials[hi]) else "between")
    return _result(path, current, target, trials, best, verdict, (lo, hi))


def _overlap(a: Trial, b: Trial) -> bool:
    (a0, a1), (b0, b1) = a.share["ci"], b.share["ci"]
    return a0 <= b1 and b0 <= a1


def _result(path: str, current: int, target: float, trials: dict[int, Trial], best: int, verdict: str,
            neighbours: tuple[int, int] | None = None) -> dict:
    return {"path": path, "current": current, "target": target, "value": best, "verdict": verdict,
            "neighbours": list(neighbours) if neighbours else None,
            "trials": [{"value": t.value, "games": t.games, **t.share} for _, t in sorted(trials.items())]}


def render_text(result: dict) -> str:
    target, best = result["target"], result["value"]
    lines = [f"# tune {result['path']} (now {result['current']}) to a win share of {pct(target)}", "",
             "value  games   win share of its holders (95% interval)"]
    for t in result["trials"]:
        share = "never held" if not t["n"] else f"{pct(t['rate'])} [{pct(t['ci'][0])}, {pct(t['ci'][1])}]"
        mark = "  <- " + result["verdict"] if t["value"] == best else ""
        lines.append(f"{t['value']:>5}  {t['games']:>6,}  {share}{mark}")
    lo_hi = result["neighbours"]
    say = {"at par": f"{result['path']}={best}: the target lies within its interval.",
           "between": f"the target lies between {lo_hi[0]} and {lo_hi[1] if lo_hi else ''}; {best} is nearer.",
           "not separated": f"{best} is nearest, but its neighbours' intervals still overlap at the games "
                            "allowed: give more --max-games for a surer answer.",
           "out of range": f"no value in the range reaches the target; {best} comes nearest."}[result["verdict"]]
    return "\n".join(lines + ["", say]) + "\n"
