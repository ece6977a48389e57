"""Which cards' abilities the 7 Ages engine runs, and why not the others (issue 17).

Part 2 grows one window, verb and word at a time: the events (``events.EventBook``) and the
artefacts' powers and penalties (``artefacts.ArtefactBook``) play what runs and *say* what does not,
each card with its reasons, in ``GameFacts.unplayed`` or in the refusal of a variant.
"""

from __future__ import annotations

from typing import Callable, Iterable

from cardtools.effects.runtime import Modifier


def reasons(abilities: Iterable, verbs: Iterable[str], windows: Iterable[str], applied: Iterable[str] = ()) -> list[str]:
    """Why a card's compiled abilities do not run: the verbs without a runtime, the triggers whose window
    the engine does not open, the continuous changes (``modify``) no rule reads yet."""
    verbs, windows, applied = tuple(verbs), frozenset(windows), frozenset(applied)
    why = [f"'{v}'" for v in verbs]
    for ability in abilities:
        if isinstance(ability, Modifier):
            why += [f"modifier '{ability.verb}'"] * (ability.verb not in applied and ability.verb not in verbs)
        elif ability.trigger not in windows:
            why.append(f"window '{ability.trigger}'")
    return why


def summary(missing: dict[str, tuple[str, ...]], total: int, name: Callable[[str], str], what: str = "cards") -> str:
    """``N of M <what>: <name> (<why>); …`` — the cards not played yet, for a player to read."""
    return (f"{len(missing)} of {total} {what}: "
            + "; ".join(f"{name(c)} ({', '.join(w)})" for c, w in sorted(missing.items())))
