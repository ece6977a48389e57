"""7 Ages artefact powers and penalties (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 16) Artefact
pre-requisites and effects), option 16, the ``artefact-effects`` variant.

Every artefact's ``power`` and ``penalty`` are written in the effect language in
decks/7ages/artefacts.yaml, with the option's rules as data: ``requires`` / ``requires_any`` /
``requires_in_play`` (the '*' prerequisites), ``early`` (the '†' early play), ``conditions`` (where it
may be played), blue markers on the progress track. ``ArtefactBook`` compiles them once per game and
says, for each artefact, what the engine does not play yet: the variant is refused, naming them, until
every artefact runs (docs/rules/7ages.md § 14.2, "Option 16").
"""

from __future__ import annotations

from dataclasses import dataclass
from cardtools.engine.compiled import compile_field
from cardtools.games.seven_ages.coverage import reasons, summary

#: The moments the engine runs an artefact's triggered powers and penalties in (none yet).
WINDOWS: tuple[str, ...] = ()
#: The continuous changes (``modify`` verbs) the rules read for artefacts (none yet).
APPLIED: tuple[str, ...] = ()
#: Option 16's rules written as artefact data, each with what it means to a player, and those played.
RULES = {"requires": "prerequisite '*'", "requires_any": "prerequisite '*'",
         "requires_in_play": "prerequisite '*'", "early": "early play '†'", "conditions": "where it may be played",
         "excludes": "excluded artefacts"}
RULES_PLAYED: frozenset[str] = frozenset()
#: Option 16 rules that are not a field: the blue markers on the track (§ 16, Blue artefacts), the
#: dominant religion alone giving powers (§ 16, second paragraph).
BLUE, DOMINANT = "blue marker on the track", "dominant religion only"


@dataclass(frozen=True)
class ArtefactBook:
    """The artefacts' powers and penalties, compiled once: each artefact's abilities and — for one the
    engine does not play yet — why."""

    abilities: dict[str, tuple]
    missing: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, deck, vocab) -> "ArtefactBook":
        fields = [compile_field(deck, vocab, field) for field in ("power", "penalty")]
        abilities, missing = {}, {}
        for artefact in deck.of_type("artefact"):
            found = [f[artefact.id] for f in fields if artefact.id in f]
            abilities[artefact.id] = tuple(a for compiled, _ in found for a in compiled)
            verbs = sorted({v for _, verbs in found for v in verbs})
            why = reasons(abilities[artefact.id], verbs, WINDOWS, APPLIED)
            why += [RULES[key] for key in RULES if artefact.get(key) and key not in RULES_PLAYED]
            why += [BLUE] * (artefact.get("colour") == "blue")
            why += [DOMINANT] * (artefact.get("group") == "religion")
            if why:
                missing[artefact.id] = tuple(dict.fromkeys(why))
        return cls(abilities, missing)

    def summary(self, name) -> str:
        """The artefacts not played yet and why, for the refusal of option 16."""
        return summary(self.missing, len(self.abilities), name, "artefacts")

