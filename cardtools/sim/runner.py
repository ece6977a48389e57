"""``cardtools simulate``: play a seeded, resumable run of many games and store its records.

The runner checks everything it can before playing (the deck, the bans, the player count, the
agents and their profiles), writes the run's manifest, then has a backend play the chunks not
yet stored, storing each as it arrives, and finally assembles the records. Re-running the same
command resumes: stored chunks are skipped, and the records end up identical to those of an
uninterrupted run. A different configuration in the same folder is refused (``RunProblem``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import cardtools
from cardtools.core.workspace import Workspace
from cardtools.sim.agents import parse_lineup, resolve_agent
from cardtools.sim.backends import play_chunks
from cardtools.sim.bundle import make_bundle, open_game
from cardtools.sim.chunk import COLUMNS
from cardtools.sim.plan import SEATING_RULE, SEED_RULE, Plan
from cardtools.sim.progress import Progress
from cardtools.sim.store import RECORDS, RunStore

FORMAT = "cardtools-simulation-run/1"
DEFAULT_CHUNK = 100


class SimulationError(Exception):
    """A run that cannot play or played nothing: it fails loudly rather than report on nothing."""


@dataclass(frozen=True)
class Request:
    """``cardtools simulate``'s options."""

    game: str
    players: int
    games: int
    agents: str | None = None
    seed: int = 0
    variant: str | None = None
    bans: tuple[str, ...] = ()
    chunk: int = DEFAULT_CHUNK
    jobs: int = 1
    backend: str = "local"
    scheduler: str | None = None
    changes: tuple[tuple[str, object], ...] = ()   # a sweep's point: (``cards.aztecs.population``, 3) …


@dataclass(frozen=True)
class Outcome:
    plan: Plan
    played: int        # games played by this session
    resumed: int       # games found already played
    rows: int
    seconds: float
    records: Path
    unplayed: tuple[str, ...] = ()     # rules the engine does not play yet (GameFacts.unplayed)
    dropped: str = ""                  # what the bans took from other cards (DeckBundle.dropped)


#: Bounds of one run: its plan, its chunk files and its records are held or listed whole (a typo such
#: as `--games 100000000000` took gigabytes in seconds); past them, several runs with other seeds.
MAX_GAMES = 10_000_000
MAX_CHUNKS = 100_000


def simulate(request: Request, folder: Path, workspace: Workspace, stream: TextIO | None = None) -> Outcome:
    """Play (or finish) the run in ``folder``. Raises ValueError for options that name nothing
    usable, ``DiagnosticError`` for a deck or profile with errors, ``RunProblem`` for a folder
    holding another run, ``SimulationError`` for a run of no games, ``GameFailed`` when a game
    fails (the chunks done so far are kept)."""
    if request.games <= 0:
        raise SimulationError(f"--games {request.games}: a run must play at least one game")
    if request.games > MAX_GAMES:
        raise ValueError(f"--games {request.games}: a run plays at most {MAX_GAMES:,} games; play more as several "
                         f"runs with other --seed values")
    if -(-request.games // request.chunk) > MAX_CHUNKS:
        raise ValueError(f"--chunk {request.chunk}: {request.games:,} games make {-(-request.games // request.chunk):,} "
                         f"chunk files, more than {MAX_CHUNKS:,}; use a larger --chunk")
    bundle = make_bundle(workspace, request.game, request.variant, tuple(request.bans), request.changes)
    game = open_game(bundle)
    trial = game.new_state(request.players, 0)          # ValueError: not a player count of this game
    features = list(trial.features(0))
    lineup = tuple(resolve_agent(text, request.game, features, workspace)
                   for text in parse_lineup(request.agents, request.players))
    plan = Plan.whole_deals(request.games, request.players, game=request.game, variant=request.variant,
                            bans=tuple(request.bans), seed=request.seed, chunk=request.chunk, lineup=lineup,
                            changes=request.changes)
    store = RunStore(folder)
    store.create_or_check(run_manifest(plan, bundle, game.deck, list(trial.record(0))))
    done = store.done() & set(range(plan.chunks))
    todo = [c for c in range(plan.chunks) if c not in done]
    resumed = sum(len(plan.games_of(c)) for c in done)
    progress = Progress(plan.games, resumed, stream)
    started = time.monotonic()
    for chunk, rows in play_chunks(request.backend, bundle, plan, todo, request.jobs, request.scheduler):
        store.write_chunk(chunk, rows)
        progress.advance(len(plan.games_of(chunk)))
    progress.finish()
    missing = sorted(set(range(plan.chunks)) - store.done())
    if missing:
        raise SimulationError(f"the {request.backend} backend stopped with {len(missing)} chunk(s) unplayed "
                              f"(first: {missing[0]}); re-run the same command to finish")
    rows = store.assemble(plan.chunks, plan.games * plan.players)
    if rows == 0:
        raise SimulationError(f"{folder}: no game was played")
    return Outcome(plan, plan.games - resumed, resumed, rows, time.monotonic() - started, store.records,
                   game.facts.unplayed, bundle.dropped)


def run_manifest(plan: Plan, bundle, deck, record_columns: list[str]) -> dict:
    """Everything that determines a run's records, and how to read them."""
    return {
        "format": FORMAT,
        "cardtools": cardtools.__version__,
        "configuration": plan.configuration(),
        "agents": {a.label: a.to_json() for a in plan.lineup},
        "fingerprints": {"deck": bundle.fingerprint, "code": bundle.code},
        "seeds": {"deal": "derive(seed, 'deal', deal)", "agents": "derive(seed, 'agents', game)",
                  "derive": SEED_RULE},
        "seating": SEATING_RULE,
        "plan": {"deals": plan.deals, "chunks": plan.chunks},
        "deck": {"name": deck.manifest.name, "players": [deck.manifest.min_players, deck.manifest.max_players],
                 "cards": {c.id: {"name": c.name, "type": c.type} for c in deck.cards},
                 **({"dropped": bundle.dropped} if bundle.dropped else {})},
        "records": {"file": RECORDS, "format": "JSON Lines: one object per game and seat",
                    "columns": COLUMNS, "engine_columns": record_columns},
    }
