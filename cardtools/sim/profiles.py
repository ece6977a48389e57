"""Greedy agent profiles: play styles as data (``templates/agents/<game>/<name>.yaml``).

A profile gives a weight to each of the engine's features (``state.features(player)``): the
greedy agent makes the move after which its weighted sum is highest. Designers model play
styles by writing profiles, without Python. A profile is validated against
``schemas/agent-profile.schema.json``, and every feature it names must be one the game's engine
reports; problems are diagnostics at the profile's line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardtools.core.diagnostics import Diagnostic, DiagnosticError, did_you_mean, error
from cardtools.core.yamlfile import load_yaml

SCHEMA = "agent-profile.schema.json"
FOLDER = "agents"


@dataclass(frozen=True)
class Profile:
    name: str
    path: Path
    weights: dict[str, float]


def profile_names(game: str, workspace) -> list[str]:
    """Profiles available for ``game``: the workspace's, then the built-in ones."""
    names: set[str] = set()
    for folder in workspace.search_path("templates"):
        names.update(p.stem for p in (folder / FOLDER / game).glob("*.yaml"))
    return sorted(names)


def find_profile(name: str, game: str, workspace) -> Path:
    """A profile by name (the workspace's shadows the built-in one) or by path; ValueError if none."""
    if "/" in name or name.endswith((".yaml", ".yml")):
        path = Path(name)
        if not path.is_file():
            raise ValueError(f"no profile file '{name}'")
        return path
    for folder in workspace.search_path("templates"):
        path = folder / FOLDER / game / f"{name}.yaml"
        if path.is_file():
            return path
    known = profile_names(game, workspace)
    raise ValueError(f"no greedy profile '{name}' for {game} (templates/{FOLDER}/{game}/{name}.yaml)"
                     f"{did_you_mean(name, known)}" + (f" (profiles: {', '.join(known)})" if known else ""))


def load_profile(name: str, game: str, features: list[str], workspace) -> Profile:
    """The validated profile ``name`` for ``game``, whose engine reports ``features``."""
    profile, problems = read_profile(find_profile(name, game, workspace), game, features, workspace)
    if problems:
        raise DiagnosticError(problems)
    return profile


def read_profile(path: Path, game: str, features: list[str] | None, workspace) -> tuple[Profile | None, list[Diagnostic]]:
    """A profile and its problems: YAML, schema, and (when ``features`` are known) the features it weighs."""
    doc, found = load_yaml(path)
    if doc is None or found:
        return None, found or [error(path, 1, 1, "profile", "the profile file is empty")]
    found = workspace.schemas.validate(SCHEMA, doc.data, doc, label="profile")
    if found:
        return None, found
    problems = []
    for feature in doc.data["weights"] if features is not None else ():
        if feature not in features:
            pos = doc.position(f"/weights/{feature}", key=True)
            problems.append(error(path, pos.line, pos.col, "profile",
                                  f"the {game} engine has no feature '{feature}'{did_you_mean(feature, features)} "
                                  f"(features: {', '.join(sorted(features))})"))
    return (None if problems else Profile(path.stem, path, dict(doc.data["weights"]))), problems


# -- `cardtools validate` -----------------------------------------------------------------------

def profile_files(workspace, game: str) -> list[Path]:
    return sorted((workspace.root / "templates" / FOLDER / game).glob("*.yaml"))


def check_profiles(workspace, game: str, paths: list[Path], deck) -> list[Diagnostic]:
    """The profiles' problems; the features they weigh are checked when the deck is valid and its
    game has an engine."""
    features = None
    if deck is not None and paths:
        from cardtools.sim.play import new_game

        try:
            features = list(new_game(deck).new_state(deck.manifest.max_players, 0).features(0))
        except ValueError:  # no engine for this game (yet)
            pass
    return [d for path in paths for d in read_profile(path, game, features, workspace)[1]]
