"""7 Ages artefact powers and penalties (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 16) Artefact
pre-requisites and effects), option 16, the ``artefact-effects`` variant.

Every artefact's ``power`` and ``penalty`` are written in the effect language in
decks/7ages/artefacts.yaml, with the option's rules as data: ``requires`` / ``requires_any`` /
``requires_in_play`` (the '*' prerequisites), ``early`` (the '†' early play), ``conditions`` (where it
may be played), blue markers on the progress track. ``ArtefactBook`` compiles them once per game and
says, for each artefact, what the engine does not play yet: ``artefact-effects`` is refused, naming
them, until every artefact runs; ``artefacts-so-far`` plays what runs (``Artefacts``: prerequisites,
early play, blue markers, Harvest additions) and names the rest (docs/rules/7ages.md § 14.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtools.effects.runtime import Modifier
from cardtools.engine.compiled import compile_field
from cardtools.games.seven_ages.coverage import reasons, summary

#: The moments the engine runs an artefact's triggered powers and penalties in (none yet).
WINDOWS: tuple[str, ...] = ()
#: The continuous changes (``modify`` verbs) the rules read for artefacts: a glory category's number
#: at Harvest (``Artefacts.artefact_icons``).
APPLIED = ("harvest",)
#: Option 16's rules written as artefact data that the engine does not play yet, as a player reads them
#: (``requires*``, ``early`` and ``excludes`` are played: ``Artefacts``).
UNPLAYED_RULES = {"conditions": "where it may be played"}
#: An option 16 rule that is not a field: the dominant religion alone gives powers (§ 16, second paragraph).
DOMINANT = "dominant religion only"


@dataclass(frozen=True)
class ArtefactBook:
    """The artefacts' powers and penalties, compiled once: each artefact's abilities and — for one the
    engine does not play yet — why."""

    abilities: dict[str, tuple]
    missing: dict[str, tuple[str, ...]]
    #: artefact -> the glory categories it adds to at Harvest, and how much (those played only)
    harvest: dict[str, tuple[tuple[str, int], ...]]

    @classmethod
    def of(cls, deck, vocab) -> "ArtefactBook":
        fields = [compile_field(deck, vocab, field) for field in ("power", "penalty")]
        abilities, missing = {}, {}
        for artefact in deck.of_type("artefact"):
            found = [f[artefact.id] for f in fields if artefact.id in f]
            abilities[artefact.id] = tuple(a for compiled, _ in found for a in compiled)
            verbs = sorted({v for _, verbs in found for v in verbs})
            why = reasons(abilities[artefact.id], verbs, WINDOWS, APPLIED)
            why += [words for key, words in UNPLAYED_RULES.items() if artefact.get(key)]
            why += [DOMINANT] * (artefact.get("group") == "religion")
            if why:
                missing[artefact.id] = tuple(dict.fromkeys(why))
        harvest = {aid: adds for aid, found in abilities.items() if aid not in missing
                   for adds in [tuple((m.args["args"]["category"], m.args["args"]["add"]) for m in found
                                      if isinstance(m, Modifier) and m.verb == "harvest")] if adds}
        return cls(abilities, missing, harvest)

    def summary(self, name) -> str:
        """The artefacts not played yet and why, for the refusal of option 16."""
        return summary(self.missing, len(self.abilities), name, "artefacts")


class Artefacts:
    """Option 16 in play, as a mixin of the state: the '*' prerequisites, the '†' early play and the
    blue markers on the progress track (§ PLAYERS' GUIDE › 16) Artefact pre-requisites and effects).
    Without option 16 (``Game.artefact_book`` None) nothing here changes the standard game."""

    def option_16(self) -> bool:
        return self.game.artefact_book is not None

    def has_artefact(self, slot: int, artefact: str) -> bool:
        """The empire has the artefact: on its card, in an area it controls, or — blue — its progress
        marker at or above the artefact's blue marker (§ 16: "all empires at or above its blue marker
        on the track gain all benefits … and satisfy the prerequisite", the Sudanese example)."""
        if artefact in self.on_card[slot] or artefact in self.beliefs[slot]:
            return True
        if any(artefact in self.artefacts.get(a, ()) for a in self.areas_of(slot)):
            return True
        level = self.track.get(artefact)
        return level is not None and self.progress[slot] >= level

    def early_play(self, artefact: dict, slot: int) -> bool:
        """'†': played before its ages when the empire has what the artefact names (§ 16 › Artefacts ›
        Industrial Revolution: age 5 with Printing; › World war: any age with Industrial Revolution)."""
        early = artefact.get("early")
        if not self.option_16() or not early:
            return False
        lo, hi = early["ages"]
        return lo <= self.age(slot) <= hi and all(self.has_artefact(slot, a) for a in early["requires"])

    def prerequisites(self, artefact: dict, slot: int) -> bool:
        """'*' and the option's other limits (§ 16): every artefact ``requires`` names held, one of
        ``requires_any``; ``requires_in_play`` in play anywhere, none of ``excludes`` in play (United
        Nations needs World war; World war and Internet are barred by United Nations and Social
        media); a blue artefact on an empire in a dark age only with a Scientist (§ 16, Blue artefacts)."""
        if not self.option_16():
            return True
        held, in_play = (lambda a: self.has_artefact(slot, a)), self.markers_held()
        if not all(map(held, artefact.get("requires", ()))):
            return False
        if artefact.get("requires_any") and not any(map(held, artefact["requires_any"])):
            return False
        if not all(a in in_play for a in artefact.get("requires_in_play", ())):
            return False
        if any(a in in_play for a in artefact.get("excludes", ())):
            return False
        return not (artefact["colour"] == "blue" and self.progress[slot] in self.game.dark_ages
                    and not self.leaders_in(slot, "sc"))

    def place_blue(self, slot: int, artefact: dict) -> None:
        """§ 16, Blue artefacts: unless already there, its blue marker goes on the progress track 7
        spaces ahead of the empire less the empire's age (the Sudanese on 31 in age 5: space 33); it is
        never removed."""
        aid = artefact["id"]
        if not self.option_16() or artefact["colour"] != "blue" or aid in self.track:
            return
        self.track = {**self.track, aid: self.progress[slot] + self.LEVELS - self.age(slot)}
        self.note(f"  the blue {artefact['name']} marker goes on progress level {self.track[aid]}")

    def artefact_icons(self, slot: int, icons: tuple[dict, ...]) -> tuple[dict, ...]:
        """The empire's glory icons (``icons``, its card's) with each category an artefact it has
        adds to: raised by the artefact's number, or added with it when the card lacks the category
        (§ 16 › Artefacts: Colossus of Rhodes, Forbidden City, Great Library, Great Zimbabwe, Hanging
        gardens, Mausoleum of Halicarnassus; a missing category counts as 1)."""
        book = self.game.artefact_book
        if book is None or not book.harvest:
            return icons
        icons = list(icons)
        for artefact, adds in book.harvest.items():
            if not self.has_artefact(slot, artefact):
                continue
            for category, add in adds:
                at = next((i for i, icon in enumerate(icons) if icon["category"] == category), None)
                if at is None:
                    icons.append({"category": category, "value": add})
                else:
                    icons[at] = {**icons[at], "value": icons[at].get("value", 1) + add}
        return tuple(icons)

    def blue_markers_at_start(self, level: int) -> None:
        """§ 16: a game starting after the age a blue artefact may first be played in (unconditionally)
        has its blue marker placed on the leftmost space of the next age (the French on 22: Paved
        roads on 15, Rutters on 22). The game starts with its first empire *(judgment)*."""
        if not self.option_16():
            return
        age = (level - 1) // self.LEVELS + 1
        for aid, artefact in sorted(self.game.artefacts.items()):
            first = artefact["ages"][0]
            if artefact["colour"] == "blue" and first < age:
                self.track = {**self.track, aid: first * self.LEVELS + 1}
                self.note(f"  the blue {artefact['name']} marker goes on progress level {self.track[aid]}")
