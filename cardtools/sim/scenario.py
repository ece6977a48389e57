"""Scenario files: rules tests a designer writes in YAML, without Python (DESIGN §4).

A scenario names a game (and optionally a variant, player count and seed), cites the rulebook
section it pins, sets up a partial state (``setup:``, in the game's own vocabulary), makes moves
(``do:``, written as the engine prints them: ``rise egypt``, ``perform research writing``) and
states what must hold afterwards (``expect:``, a partial state compared with the engine's
``snapshot()``; plus ``can`` / ``cannot`` for moves and ``log`` for lines of the game log
written from the setup on).
Every problem is a diagnostic at the line of the scenario that shows it.

A game with a rules engine supports scenarios through ``Game.arrange(players, seed, setup)``,
which raises ``SetupError`` (``cardtools.engine.scenario``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtools.core.diagnostics import Diagnostic, DiagnosticError, did_you_mean, error
from cardtools.core.loader import load_deck
from cardtools.core.schemas import CARD_INDEX
from cardtools.core.workspace import Workspace
from cardtools.core.yamlfile import YamlDocument, load_yaml, pointer_from_path
from cardtools.engine.contract import NoEngine, new_game
from cardtools.engine.scenario import SetupError

SCHEMA = "scenario.schema.json"
#: ``expect:`` keys the runner checks itself; the others are compared with the state's snapshot.
RUNNER_KEYS = ("can", "cannot", "log")


@dataclass
class Outcome:
    path: Path
    description: str
    problems: list[Diagnostic] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def read_scenario(workspace: Workspace, path: Path) -> tuple[YamlDocument | None, list[Diagnostic]]:
    """A scenario file and its problems: YAML, then the schema of its game (else the generic one)."""
    doc, found = load_yaml(path)
    if doc is None or found:
        return None, found or [error(path, 1, 1, "scenario", "cannot read the scenario")]
    game_id = doc.data.get("game") if isinstance(doc.data, dict) else None
    schema = f"{game_id}/{SCHEMA}" if workspace.schemas.has(f"{game_id}/{SCHEMA}") else SCHEMA
    return doc, workspace.schemas.validate(schema, doc.data, doc, label="scenario")


def game_scenarios(workspace: Workspace, game: str) -> list[Path]:
    """The workspace's scenario files for a game (``tests/scenarios/<game>/``), for ``cardtools validate``."""
    return sorted((workspace.root / "tests" / "scenarios" / game).rglob("*.yaml"))


def check_scenarios(workspace: Workspace, game: str, paths: list[Path], deck) -> list[Diagnostic]:
    """For ``cardtools validate``: each file's problems as data (running them is ``scenario run``),
    its card ids checked against the deck when the deck is valid."""
    token = CARD_INDEX.set({card.id: card.type for card in deck} if deck is not None else None)
    try:
        return [d for path in paths for d in read_scenario(workspace, path)[1]]
    finally:
        CARD_INDEX.reset(token)


class Runner:
    """Runs scenario files; keeps one compiled game per (game, variant) across files."""

    def __init__(self, workspace: Workspace | None = None, variant: str | None = None):
        self.workspace = workspace or Workspace.find()
        self.variant = variant  # for scenarios that name no variant of their own
        self._games: dict[tuple[str, str | None], Any] = {}

    def run(self, paths: list[Path]) -> list[Outcome]:
        """Every scenario file named, or found (``*.yaml``, recursively) in the folders named."""
        return [self.run_file(f) for f in scenario_files(paths)]

    def run_file(self, path: Path) -> Outcome:
        doc, found = read_scenario(self.workspace, path)
        data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
        if found:
            return Outcome(path, str(data.get("description", "")), found)
        game_id = data["game"]
        outcome = Outcome(path, data["description"])
        games = self.workspace.games()
        if game_id not in games:      # said at the scenario's line, not at a deck file that is not there
            outcome.problems = [_at(doc, ("game",), f"no game '{game_id}' (games here: {', '.join(games)})"
                                                    f"{did_you_mean(game_id, games)}")]
            return outcome
        try:
            game = self._game(game_id, data.get("variant", self.variant))
        except DiagnosticError as exc:
            outcome.problems = exc.diagnostics
            return outcome
        except NoEngine as exc:
            outcome.problems = [_at(doc, ("game",), str(exc))]
            return outcome
        try:
            state = game.arrange(data.get("players", 2), data.get("seed", 0), data.get("setup", {}))
        except SetupError as exc:
            outcome.problems = [_at(doc, ("setup", *exc.path), f"setup: {exc.message}")]
            return outcome
        except ValueError as exc:
            outcome.problems = [_at(doc, ("players",), str(exc))]
            return outcome
        for i, text in enumerate(data.get("do", [])):
            moves = {_words(state.action_to_string(a)): a for a in state.legal_actions()}
            move = moves.get(_words(text), _unlisted(state, text))
            if move is None:
                legal = ", ".join(moves) or "none (the game is over)"
                outcome.problems = [_at(doc, ("do", i), f"'{text}' is not a legal move here{did_you_mean(text, moves)}; "
                                                        f"legal: {legal}")]
                return outcome
            state.apply(move)
        outcome.problems = self._compare(doc, data.get("expect", {}), state, state.log)
        return outcome

    def _game(self, game_id: str, variant: str | None):
        key = (game_id, variant)
        if key not in self._games:
            self._games[key] = new_game(load_deck(game_id, variant, self.workspace))
        return self._games[key]

    def _compare(self, doc: YamlDocument, expect: dict, state, log: list[str]) -> list[Diagnostic]:
        problems = []
        legal = {_words(state.action_to_string(a)) for a in state.legal_actions()}
        for key, want in (("can", True), ("cannot", False)):
            for i, text in enumerate(expect.get(key, [])):
                if (_words(text) in legal or _unlisted(state, text) is not None) != want:
                    problems.append(_at(doc, ("expect", key, i), f"expected '{text}' to be {'' if want else 'il'}legal; "
                                                                 f"legal: {', '.join(sorted(legal)) or 'none'}"))
        lines = iter(log)
        for i, text in enumerate(expect.get("log", [])):
            if not any(text in line for line in lines):
                problems.append(_at(doc, ("expect", "log", i), f"no log line (after the previous one) contains "
                                                               f"'{text}'; the log:\n  " + "\n  ".join(log)))
                break
        snapshot = state.snapshot()
        for path, message in differences({k: v for k, v in expect.items() if k not in RUNNER_KEYS}, snapshot):
            problems.append(_at(doc, ("expect", *path), f"expect.{'.'.join(map(str, path))}: {message}"))
        return problems


def differences(expected: Any, actual: Any, path: tuple = ()) -> list[tuple[tuple, str]]:
    """Where ``actual`` differs from ``expected``: mappings match partially (only the keys given),
    lists and values exactly."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [(path, f"expected a mapping, got {actual!r}")]
        out = []
        for key, want in expected.items():
            if key not in actual:
                out.append((path + (key,), f"the state has no '{key}'{did_you_mean(key, actual)}; "
                                           f"it has: {', '.join(map(str, actual))}"))
            else:
                out += differences(want, actual[key], path + (key,))
        return out
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        out = []
        for i, (want, got) in enumerate(zip(expected, actual)):
            if isinstance(want, dict):
                out += differences(want, got, path + (i,))
            elif want != got:
                return [(path, f"expected {expected!r}, got {actual!r}")]
        return out
    if expected != actual or type(expected) is bool and type(actual) is not bool:
        return [(path, f"expected {expected!r}, got {actual!r}")]
    return []


def scenario_files(paths: list[Path]) -> list[Path]:
    out = []
    for path in paths:
        out += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    return out


def _unlisted(state, text: str) -> int | None:
    """A legal move ``legal_actions()`` does not list (a primitive of a game offering macros), or None."""
    try:
        return state.string_to_action(text)
    except ValueError:
        return None


def _words(text: str) -> str:
    return " ".join(text.lower().split())


def _at(doc: YamlDocument, path: tuple, message: str) -> Diagnostic:
    pos = doc.position(pointer_from_path(path))
    return error(doc.path, pos.line, pos.col, "scenario", message)
