"""7 Ages artefact powers and penalties (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 16) Artefact
pre-requisites and effects), option 16, the ``artefact-effects`` variant.

Every artefact's ``power`` and ``penalty`` are written in the effect language in
decks/7ages/artefacts.yaml, with the option's rules as data: ``requires`` / ``requires_any`` /
``requires_in_play`` (the '*' prerequisites), ``early`` (the '†' early play), ``conditions`` (where it
may be played), blue markers on the progress track. ``ArtefactBook`` compiles them once per game and
says, for each artefact, what the engine does not play yet: a deck with such an artefact is refused
option 16, naming them, or with ``partial_artefacts`` plays what runs and names the rest; the shipped
artefacts all run, so ``artefact-effects`` plays them (docs/rules/7ages.md § 14.2).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import chain

from cardtools.effects.compile import EngineMissing
from cardtools.effects.runtime import NO_EVENT, Ctx, Modifier, Option, Pending, constant_of
from cardtools.engine.abilities import run_abilities
from cardtools.engine.compiled import compile_field
from cardtools.games.seven_ages.coverage import reasons, summary
from cardtools.engine.tallied import CHANGES, stamp

#: The moments the engine runs an artefact's triggered powers and penalties in (``Artefacts.fire_artefacts``):
#: when it is played (before its marker is placed), when the empire enters another age, when another
#: artefact or a belief is played on the empire, at the start of each action, of a Civilise, when the
#: empire ends the game, at the start of Harvest glory, when its religion resolved a Heresy, when an empire
#: enters an age higher than its marker, when another artefact is played anywhere, when it is discarded,
#: when the empire takes a land area from another, as it removes disorder in Civilise, before each action,
#: as disorder is about to be placed in one of its areas, when it has no leader left, when another empire
#: took one of its areas, at the end of a Manoeuvre that liberated some, after Harvest glory with the glory
#: it gained, after a trade it won or did not (and did not progress in), as it produces, when the climate
#: collapses, when its Forum is gone, when its Great Canal's area was taken, as it liberates a religious site or
#: one is liberated from it, when it discards its religion, when a Holy war's empire takes its religion, when
#: another artefact is discarded (docs/rules/7ages.md § 14.2).
WINDOWS = ("played", "changes_age", "artefact_played", "gains", "gains_religion", "each_action",
           "civilise_action", "ends_game", "harvest_start", "heresy_ended", "higher_age_than_marker",
           "artefact_in_play", "discarded", "takes_land_from", "removing_disorder", "before_action",
           "disorder_placed", "no_leader", "takes_land_from_it", "liberated_by_other", "harvest", "trade_won",
           "trade_lost", "production_action", "climate_collapse", "no_trade_progress", "trade_between",
           "unit_to_pool", "within_range_changes", "treaty_broken", "loses_fertile", "religion_shrinks", "removed",
           "lost_control", "liberates", "liberated_from", "loses_own_site", "drops_religion", "adopts_defender_religion",
           "artefact_discarded")
#: The continuous changes (``modify`` verbs) the rules read for artefacts: a glory category's number
#: at Harvest (``Artefacts.artefact_icons``); the others through the changes in force (``in_force``,
#: events.py), the same readers as an event's change for a while.
APPLIED = ("no_entry", "harvest", "unit_cost", "income", "stat", "build_ahead", "move_cost", "allow", "law", "forbid", "ignore",
           "trade_progress", "censure", "maintenance", "conflict", "immune", "shielded_from")
#: The words the rules read of the core modifiers (which take any): the statistics an artefact's
#: ``stat`` changes (the trade number: ``Events.trade_changed``; Range: ``range_changed``) and the
#: rules an ``allow`` lifts (Rutters, Radio, Satellites: ``range_changed``, ``ocean_open``,
#: ``Actions.best_type``).
WORDS_READ = {"stat": frozenset({"trade_number", "range", "leader_number"}),
              "allow": frozenset({"ships_of_the_line_early", "ocean_range", "range_through_empires",
                                  "range_everywhere", "unlimited_placement", "second_manoeuvre",
                                  "retreat_near_here", "tacticians_next_door", "unlimited_ships_here",
                                  "urbanise_extra_level", "trade_from_deck", "trade_second_card", "buy_glory_30",
                                  "forum_pass", "forum_go", "canal_passage", "place_holy_war", "defender_vote"}),
              "forbid": frozenset({"religion_power", "free_progress", "play_internet", "change_religion_order"}),
              "law": frozenset({"heresy_vote", "religious_leaders_philosophers", "fortified_here", "diana_income",
                                "disorder_check_leaders", "climate_clock_moves", "suffrage_maintenance",
                                "religious_site_here", "liberator_keeps_temple",
                                "canal_as_river", "holy_war_glory", "holy_war_front", "holy_war_liberation"}),
              "immune": frozenset({"leader_area_disorder"})}
#: Kinds of area seen from the artefact's own area (``areas_here``): it and its neighbours (the Great
#: Pyramid), those within Range of it (the Summer Palace).
HERE_KINDS = ("here_and_adjacent", "in_range_here", "taken_area", "in_range_of_empire", "leaderless_city",
              "adjacent_non_christian", "capital_or_city")
#: Whose hand an artefact shows: another player's, or one with an empire within Range of the artefact
#: (``spied``).
SPIED = ("other_player", "player_near_here")
#: The government whose gaining, or another's discarding, ``within_range_changes: gains_socialism`` names.
SOCIALISM = "socialism"
#: ``takes_land_from`` words: the loser's dominant religion is (or is not: ``non_<word>``) this one.
TAKEN_FROM = {"islamic": "islam"}
#: Where an artefact may be played (its ``conditions``, § 16 › Artefacts: "only on …"): the words the
#: engine reads, on the empire (``Artefacts.empire_fits``) and on the area its marker goes to
#: (``Artefacts.site_fits``); an artefact with another word is not played yet.
EMPIRE_WORDS = frozenset({"has_disordered_area", "no_disorder", "has_leader", "has_religion", "no_religious_leader",
                          "may_build_ships", "solely_most_advanced", "religion_shared", "religion_without_defender"})
AREA_WORDS = frozenset({"coastal", "river", "undisordered_city", "most_ships", "not_religious_site", "adjacent_to_canal"})
CONDITION_KEYS = frozenset({"within_range_of", "controls_land_in", "area_terrain", "track"})


@dataclass(frozen=True)
class ArtefactBook:
    """The artefacts' powers and penalties, compiled once: each artefact's abilities and — for one the
    engine does not play yet — why."""

    abilities: dict[str, tuple]
    missing: dict[str, tuple[str, ...]]
    #: artefact -> the glory categories it adds to at Harvest, and how much (those played only)
    harvest: dict[str, tuple[tuple[str, int], ...]]
    #: verb -> the played artefacts' continuous changes of it: (artefact, modifier)
    changes: dict[str, tuple[tuple[str, Modifier], ...]]
    #: (trigger, argument) -> the played artefacts' triggered powers and penalties: (artefact, ability)
    triggers: dict[tuple, tuple[tuple[str, object], ...]]

    @classmethod
    def of(cls, deck, vocab) -> "ArtefactBook":
        fields = [compile_field(deck, vocab, field) for field in ("power", "penalty")]
        abilities, missing = {}, {}
        for artefact in deck.of_type("artefact"):
            found = [f[artefact.id] for f in fields if artefact.id in f]
            abilities[artefact.id] = tuple(a for compiled, _ in found for a in compiled)
            verbs = sorted({v for _, verbs in found for v in verbs})
            why = reasons(abilities[artefact.id], verbs, WINDOWS, APPLIED)
            why += [f"{m.verb} '{word}'" for m in abilities[artefact.id] if isinstance(m, Modifier)
                    and m.verb in WORDS_READ and "refuse" not in m.args for word in sorted(words(m) - WORDS_READ[m.verb])]
            why += [f"where it may be played ({word})" for word in unread(artefact.get("conditions", ()))]
            if why:
                missing[artefact.id] = tuple(dict.fromkeys(why))
        harvest = {aid: adds for aid, found in abilities.items() if aid not in missing
                   for adds in [tuple((m.args["args"]["category"], m.args["args"]["add"]) for m in found
                                      if isinstance(m, Modifier) and m.verb == "harvest")] if adds}
        changes: dict[str, tuple] = {}
        triggers: dict[tuple, tuple] = {}
        for aid, found in abilities.items():
            for ability in found if aid not in missing else ():
                if isinstance(ability, Modifier):
                    if ability.verb != "harvest":
                        changes[ability.verb] = changes.get(ability.verb, ()) + ((aid, ability),)
                else:                     # gains go through the rules' own ways (``Events.gain``)
                    key = (ability.trigger, ability.arg)
                    triggers[key] = triggers.get(key, ()) + ((aid, replace(ability, gains=None)),)
        return cls(abilities, missing, harvest, changes, triggers)

    @cached_property
    def sources(self) -> dict[str, frozenset[str]]:
        """verb -> the played artefacts with a continuous change of it (``Artefacts.any_present``)."""
        return {verb: frozenset(aid for aid, _ in found) for verb, found in self.changes.items()}

    @cached_property
    def for_all(self) -> frozenset[str]:
        """The verbs with a change for every empire (``who: all``) of an artefact in play (``Artefacts.changes_chosen``)."""
        return frozenset(verb for verb, found in self.changes.items() if any(mod.who == "all" for _, mod in found))

    @cached_property
    def trigger_sources(self) -> dict[tuple, frozenset[str]]:
        """(trigger, argument) -> the played artefacts with a power or penalty then (``Artefacts.run_moment``)."""
        return {key: frozenset(aid for aid, _ in found) for key, found in self.triggers.items()}

    def summary(self, name) -> str:
        """The artefacts not played yet and why, for the refusal of option 16."""
        return summary(self.missing, len(self.abilities), name, "artefacts")


class Artefacts:
    """Option 16 in play, as a mixin of the state: the '*' prerequisites, the '†' early play and the
    blue markers on the progress track (§ PLAYERS' GUIDE › 16) Artefact pre-requisites and effects).
    Without option 16 (``Game.artefact_book`` None) nothing here changes the standard game."""

    __slots__ = ()

    #: The index of option 16's powers (``artefact_index()``): (what it was read from, what was read of it).
    _artefact_index: tuple = (None, None)
    #: When the index was last found valid: the number of changes so far (``tallied.CHANGES``, counting those
    #: of the tallied lists and dicts, the owners, the changes for a while and the blue markers: ``artefact_index``'s
    #: quick way).
    _index_seen: int = -1
    #: The changes for a while the index reads (``ignore``, ``forbid``): (those it was read from, these).
    _changes_read: tuple = ((), ())

    def option_16(self) -> bool:
        return self.game.artefact_book is not None

    @property
    def changing(self) -> bool:
        """Whether changes may be in force: an event's for a while (events.py), or option 16's artefacts."""
        return bool(self.temporary) or self.game.artefact_book is not None

    def artefact_index(self) -> dict:
        """What the artefacts do for whom, remembered as it is asked (``remembered``). Invalidated by any write
        to what it reads: the changes for a while that are ``ignore`` and ``forbid`` (``_changes_read``) and the
        blue markers on the track (both replaced, never changed in place), the markers on the empires' cards,
        their beliefs, the markers on the map (tallied lists and dicts: ``engine/tallied.py``), and the owners of the
        areas with markers (read each time); whether an empire is in play, and its progress (blue markers),
        are in the names of its entries. A clone shares it until either is written.
        Its entry ``live``, read at once: the verbs with a change of an artefact in play (``any_present``).
        Asked again with none of these written since (``_index_seen``: no change of a tallied list or dict, nor
        a stamped write — of the owners, ``owned``; of the changes for a while, ``for_a_while``; of the blue
        markers, ``blue_marker`` —, anywhere: ``tallied.CHANGES``), it is not checked further."""
        if self._index_seen == CHANGES[0]:
            return self._artefact_index[1]
        self._index_seen = CHANGES[0]
        key = self.index_key()
        if key != self._artefact_index[0]:
            self._artefact_index = (key, {})
            present = self.present()
            self._artefact_index[1]["live"] = frozenset(
                verb for verb, sources in self.game.artefact_book.sources.items() if not present.isdisjoint(sources))
        return self._artefact_index[1]

    def index_key(self) -> tuple:
        """What ``artefact_index`` reads, as its key: the changes for a while it reads, the blue markers, the
        writes of the markers and beliefs, the owners of the areas with markers."""
        if self.temporary is not self._changes_read[0]:
            self._changes_read = (self.temporary, tuple(t for t in self.temporary if t[2] in ("ignore", "forbid")))
        return (self._changes_read[1], self.track, self.on_card.writes, self.beliefs.writes, self.artefacts.writes,
                tuple(map(self.owner.get, self.artefacts)))

    def index_stale(self) -> bool:
        """The index would be taken as it is (``_index_seen``) though its key has changed: a write it
        missed (an invariant: invariants.py)."""
        return self._index_seen == CHANGES[0] and self.index_key() != self._artefact_index[0]

    def remembered(self, entry: tuple, read, *args):
        """An entry of ``artefact_index()``, ``read(*args)`` once per position."""
        index = self._artefact_index[1] if self._index_seen == CHANGES[0] else self.artefact_index()   # its quick way
        found = index.get(entry)
        if found is None:
            found = index[entry] = read(*args)
        return found

    def level(self, slot: int | None) -> int:
        """What an empire's entries of the index read of its progress: its level, when blue markers are placed."""
        return self.progress[slot] if self.track and slot is not None else 0

    def held_by(self, slot: int) -> frozenset[str]:
        """The artefacts the empire has (``has_artefact``, all at once): on its card, in its areas, or
        blue with its progress marker at or above the blue marker."""
        return self.remembered(("held", slot, self.progress[slot] if self.track else 0), self.artefacts_held, slot)

    def artefacts_held(self, slot: int) -> frozenset[str]:
        held = set(self.on_card[slot]) | set(self.beliefs[slot])
        owner = self.owner
        for area, markers in self.artefacts.items():       # (fewer than the empire's areas)
            if owner.get(area) == slot:
                held.update(markers)
        held.update(a for a, level in self.track.items() if self.progress[slot] >= level)
        return frozenset(held)

    def present(self) -> frozenset[str]:
        """The artefacts in play anywhere: markers on the map and on cards, beliefs, blue markers (a quick
        answer to "could any of these be in force?")."""
        return self.remembered(("present",), lambda: self.marked().union(self.track, *self.beliefs))

    def marked(self) -> frozenset[str]:
        """The artefacts with a marker on the map or on a card (``markers_held``'s, as a set)."""
        return self.remembered(("marked",), lambda: frozenset(chain(*self.artefacts.values(), *self.on_card)))

    def any_present(self, verb: str) -> bool:
        """Whether an artefact with a change of this verb is in play at all (the quick way out)."""
        return verb in self.artefact_index()["live"]

    def powered(self, slot: int, verb: str = "", held: frozenset[str] | None = None) -> frozenset[str]:
        """The artefacts whose powers and penalties the empire has: those it has, but of its religions
        only the dominant one (§ 16: "only … from the empire's dominant religion"), and none it ignores
        (``ignore``: Autocracy's Universal suffrage, Renaissance's holy war, Socialism's religion,
        Religious strife, Heresy and holy war). ``verb``: the changes asked for (``ignore`` itself is
        read from every artefact held; ``held``: ``held_by(slot)`` when the caller has it)."""
        held = self.held_by(slot) if held is None else held
        dominant = self.dominant_religion(slot)
        ignored = self.ignored(slot) if verb != "ignore" else set()
        religion = dominant not in ignored and "religion_effects" not in ignored
        return frozenset(a for a in held if a not in ignored and self.affects(slot, a, held)
                         and (self.game.artefacts[a].get("group") != "religion" or a == dominant and religion))

    def powered_of(self, slot: int | None, artefacts: Collection[str], verb: str = "") -> frozenset[str]:
        """``powered``, when the empire has one of these artefacts at all (the quick way out: the powered
        are among those it has); else none."""
        if slot is None or self.empire[slot] is None:
            return frozenset()
        held = self.held_by(slot)
        if held.isdisjoint(artefacts):
            return frozenset()
        return self.remembered(("powered", slot, verb == "ignore", self.progress[slot] if self.track else 0),
                               self.powered, slot, verb, held)

    def affects(self, slot: int, artefact: str, held: frozenset[str]) -> bool:
        """An artefact with ``requires_any`` affects only an empire that has one of them and what it
        ``requires`` (§ 16 › Universal suffrage*: "only on, and only effects, a Capitalist, Democratic or
        Socialist empire that also has Renaissance" *(judgment: read for its blue marker's empires)*)."""
        fields = self.game.artefacts[artefact]
        return "requires_any" not in fields or (bool(held.intersection(fields["requires_any"]))
                                                and held.issuperset(fields.get("requires", ())))

    def muted(self, slot: int, artefact: str, field: str) -> bool:
        """A religion's power is not exercised while Religious strife is on it (``forbid: religion_power``);
        its penalty still is (§ 16 › Artefacts › Religious strife)."""
        return (field == "power" and self.game.artefacts[artefact].get("group") == "religion"
                and "religion_power" in self.in_force("forbid", slot))

    def artefact_changes(self, index: dict, verb: str, slot: int | None) -> list:
        """The arguments of the played artefacts' changes of ``verb`` in force for an empire: those of
        the artefacts it has, and those for every empire (``who: all``) of the artefacts in play; a
        change's condition is read for the empire. Chosen once per position (``index``: ``artefact_index()``,
        with ``verb`` among its ``live``, as ``in_force`` asks); the conditions and computed numbers are
        read each time (they may read anything). Not to be changed."""
        entry = ("changes", verb, slot, self.progress[slot] if self.track and slot is not None else 0,
                 slot is not None and self.empire[slot] is None)
        chosen = index.get(entry)
        if chosen is None:
            chosen = index[entry] = self.changes_chosen(verb, slot, self.game.artefact_book.changes[verb])
        pairs, fixed = chosen
        if fixed is not None:
            return fixed
        return [written(mod, self, Ctx(slot, aid)) for aid, mod in pairs
                if mod.condition is None or mod.condition(self, Ctx(slot, aid))]

    def changes_entry(self, verb: str, slot: int | None) -> tuple:
        """The name of the index's entry of the artefacts' changes of ``verb`` for the empire: with its level
        (blue markers) and whether it is in play, which the index's key does not hold."""
        return ("changes", verb, slot, self.progress[slot] if self.track and slot is not None else 0,
                slot is not None and self.empire[slot] is None)

    def changes_fixed(self, verbs: tuple[str, ...], slot: int) -> bool:
        """The changes of these verbs in force for the empire, as ``in_force`` just read them, stay what
        they are while the index and the events' changes for a while do: none is read each time."""
        index = self.artefact_index()
        return all(verb not in index["live"] or index[self.changes_entry(verb, slot)][1] is not None for verb in verbs)

    def changes_chosen(self, verb: str, slot: int | None, found: tuple) -> tuple[tuple, list | None]:
        """``artefact_changes`` before the conditions: those of the artefacts powered, or in play for all;
        and their arguments when none has a condition or a computed number (``read_each_time``)."""
        book = self.game.artefact_book
        powered = self.powered_of(slot, book.sources[verb], verb)
        in_play = self.marked() if verb in book.for_all else ()
        if not powered and not in_play:
            return (), []
        pairs = tuple((aid, mod) for aid, mod in found if (aid in in_play if mod.who == "all" else aid in powered)
                      and (verb in ("forbid", "ignore") or not self.muted(slot, aid, mod.field)))
        if any(read_each_time(mod) for _, mod in pairs):
            return pairs, None
        return pairs, [written(mod, self, Ctx(slot, aid)) for aid, mod in pairs]

    def range_changed(self, slot: int, age: int) -> tuple[int, bool, bool, bool]:
        """Option 16's changes to the empire's Range (§ 16 › Artefacts): its length (the age, +1 for
        Railways and Judaism), whether it goes into ocean (only with Rutters, instead of from level
        23), through other players' empires (Radio), and everywhere (Satellites). Remembered in the index
        (the Range's key reads it at each ``area_range``) with the events' changes for a while it was read
        with, unless a change it read is read each time (``changes_fixed``)."""
        index, entry = self.artefact_index(), ("range", slot, age, self.level(slot))
        known = index.get(entry)
        if known is not None and known[0] is self.temporary:
            return known[1]
        allowed = self.in_force("allow", slot)
        length = age + sum(c.get("range", 0) for c in self.in_force("stat", slot))
        found = length, "ocean_range" in allowed, "range_through_empires" in allowed, "range_everywhere" in allowed
        if self.empire[slot] is not None and self.changes_fixed(("allow", "stat"), slot):
            index[entry] = (self.temporary, found)
        return found

    def trade_levels(self, slot: int, initiated: bool, margin: int, levels: int) -> int:
        """Progress levels won in a trade under option 16 (§ 16 › Artefacts): +1 when won by more than 7
        (Printing), -1 in a trade the empire initiated (Autocracy), then at most 1 (World war)."""
        changes = self.in_force("trade_progress", slot)
        for c in changes:
            when = c.get("when")
            if "add" in c and (when == "initiated" and initiated or when == "margin_over_7" and margin > 7):
                levels += c["add"]
        return min([levels] + [c["max"] for c in changes if "max" in c])

    def ocean_open(self, slot: int) -> bool:
        """Ships enter ocean only with Rutters under option 16 (§ 16 › Artefacts › Rutters)."""
        return not self.option_16() or "ocean_range" in self.in_force("allow", slot)

    def road_costs(self, slot: int) -> dict[str, int]:
        """Option 16's movement costs into city areas (§ 16 › Artefacts): an area with a city of an
        empire with Paved roads costs any empire 1 (``move_cost: {who: any_empire}``); the empire's own
        city areas cost it 0 with Railways."""
        def costs(s: int, anyone: bool) -> list[int]:
            return [c["cost"] for c in self.in_force("move_cost", s)
                    if c.get("into") == "own_city_area" and ("who" in c) == anyone]
        if not self.any_present("move_cost"):
            return {}
        own = min(costs(slot, False), default=None)
        paved = {s: cost for s in set(self.owner.values()) if (cost := min(costs(s, True), default=None)) is not None}
        out: dict[str, int] = {}
        if own is None and not paved:
            return out
        owner = self.owner
        for area in self.city:
            holder = owner.get(area)
            cost = paved.get(holder)
            if holder == slot and own is not None and (cost is None or own < cost):
                cost = own
            if cost is not None:
                out[area] = cost
        return out

    def sites_of(self, verb: str, test) -> dict[str, str]:
        """The map areas holding an artefact whose ``verb`` change passes ``test`` (its arguments as
        written): area -> that artefact."""
        found = {aid for aid, mod in self.game.artefact_book.changes.get(verb, ()) if test(written(mod, self, Ctx(0, aid)))}
        return {site: aid for site, held in self.artefacts.items() for aid in held if aid in found}

    def fortified(self, area: str) -> bool:
        """The area has a fort, or counts as having one: the Great Wall's area and the adjacent land areas
        of its controller (``law: fortified_here``; a fort there adds nothing more: § 16 › Great Wall)."""
        if area in self.forts:
            return True
        if not self.option_16() or area not in self.owner:
            return False
        holder, world = self.owner[area], self.game.world
        return any(self.owner.get(site) == holder and (site == area or world.areas[area].is_land
                                                       and area in world.neighbours(site))
                   and "fortified_here" in self.in_force("law", holder)
                   for site in self.sites_of("law", lambda a: a == "fortified_here"))

    def refuge_near(self, slot: int) -> bool:
        """The conflict is in or next to the area of an artefact letting units retreat at any time
        (``allow: retreat_near_here``: § 16 › Machu Pichu), for either side."""
        if self.fight is None or "retreat_near_here" not in self.in_force("allow", slot):
            return False
        area = self.fight[0]
        return any(site == area or area in self.game.world.neighbours(site)
                   for site in self.sites_of("allow", lambda a: a == "retreat_near_here"))

    def beacon_near(self, slot: int, area: str, near: str) -> bool:
        """The conflict area is within Range (the empire's age, in areas) of one of the empire's artefacts
        whose conflict change says ``near: range`` (§ 16 › Pharos lighthouse: its ships within Range)."""
        sites = [s for s in self.sites_of("conflict", lambda a: a.get("near") == near) if self.owner.get(s) == slot]
        return bool(sites) and self.distances(*sites).get(area, 99) <= self.age(slot)

    def land_taken(self, taker: int, loser: int, area: str) -> None:
        """The empire took a land area from another (§ 16 › Islam: glory from a non-Islamic empire, a loss
        from an Islamic one): ``takes_land_from`` with the loser's religion as the argument; the loser's
        religious powers against the taker (Confucianism, Buddhism), unless the taker ignores other
        religions' harm (``ignore: [harmful_religion]``: § 16 › Hinduism)."""
        if not self.option_16() or not self.game.world.areas[area].is_land:
            return
        for word, religion in TAKEN_FROM.items():
            self.fire_artefacts("takes_land_from", taker, word if self.dominant_religion(loser) == religion
                                else f"non_{word}")
        self.fire_artefacts("takes_land_from", taker, "other", event={"from": loser})     # Democracy
        if self.seat_of(loser) != self.seat_of(taker):
            self.lost = {**self.lost, loser: self.turn}
        if self.empire[loser] is None:
            return
        if self.chart.at(area, self.age(loser))["id"] == "fertile":        # Christianity's penalty, at the end
            self.settle_later("loses_fertile", loser, {})
        if "harmful_religion" in self.ignored(taker):                     # Hinduism ignores the rest
            return
        if self.moment_due("takes_land_from_it", loser):      # Confucianism
            self.queue[:0] = [("artefact_moment", "takes_land_from_it", loser, {"taker": taker, "area": area})]
        self.settle_later("liberated_by_other", loser, {"by": loser, "liberator": taker})     # Buddhism

    def settle_later(self, trigger: str, slot: int, event: dict) -> None:
        """A moment of the empire that waits for the end of the Manoeuvre it happened in (once each)."""
        if self.moment_due(trigger, slot) and (trigger, slot, event) not in self.grudges:
            self.grudges += ((trigger, slot, event),)

    def grudges_settled(self, slot: int) -> None:
        """At the end of an empire's Manoeuvre, the moments that waited for it: each empire it liberated
        areas of may strike back (``liberated_by_other``: § 16 › Buddhism); an empire that lost fertile
        areas disorders its capital (``loses_fertile``: § 16 › Christianity's penalty)."""
        due, self.grudges = self.grudges, ()
        self.queue[:0] = [("artefact_moment", trigger, s, event) for trigger, s, event in due]

    def areas_here(self, ctx: Ctx, kind: str) -> list[str]:
        """Areas of a ``HERE_KINDS`` kind, seen from the area of the empire holding the artefact ``ctx.card``:
        the area and its neighbours, or those within the empire's Range (its age, in areas) of it; or seen
        from the moment: the area taken, the liberator's areas within the empire's Range."""
        world = self.game.world
        if kind == "taken_area":                    # the area just taken from the empire (Confucianism)
            return [ctx.event["area"]]
        if kind == "adjacent_non_christian":        # next to it, of an empire of another religion (Christianity)
            mine = self.areas_of(ctx.player)
            return sorted({n for a in mine for n in world.neighbours(a) if world.areas[n].is_land
                           and self.owner.get(n) not in (None, ctx.player)
                           and self.dominant_religion(self.owner[n]) != ctx.card
                           and "harmful_religion" not in self.ignored(self.owner[n])}, key=lambda a: world.areas[a].index)
        if kind == "capital_or_city":               # the capital, else a city, else any area, undisordered
            mine = [a for a in self.areas_of(ctx.player) if world.areas[a].is_land and a not in self.disorder]
            for test in (lambda a: a == self.capital[ctx.player], lambda a: a in self.city, lambda a: True):
                found = [a for a in mine if test(a)]
                if found:
                    return sorted(found, key=lambda a: world.areas[a].index)
            return []
        if kind == "leaderless_city":               # its city areas without a leader (Socialism)
            led = {where for _, _, where in self.leaders[ctx.player]}
            return sorted((a for a in self.areas_of(ctx.player) if a in self.city and a not in led),
                          key=lambda a: world.areas[a].index)
        if kind == "in_range_of_empire":            # the liberator's areas within Range of the empire (Buddhism)
            reach = self.area_range(ctx.event["by"])
            return sorted((a for a in self.areas_of(ctx.player) if a in reach), key=lambda a: world.areas[a].index)
        site = next((a for a in self.areas_of(ctx.player) if ctx.card in self.artefacts.get(a, ())), None)
        if site is None:
            return []
        if kind == "here_and_adjacent":
            near = [site, *world.neighbours(site)]
        else:
            reach = self.distances(site)
            near = [a for a, d in reach.items() if d <= self.age(ctx.player)]
        return sorted(set(near), key=lambda a: world.areas[a].index)

    def convert_move(self, ctx: Ctx, n: int) -> Pending | None:
        """``move_units: {into: neutral_next_door, converting}`` (§ 16 › Christianity): a unit moves from
        an area of the empire that may spare it into an adjacent vacant land area it could enter in a
        Manoeuvre (its movement points), which becomes the empire's; the area is the player's choice,
        the unit comes from the neighbouring area with most units *(judgment)*."""
        slot, world = ctx.player, self.game.world
        if n <= 0:
            return None
        moves: dict[str, str] = {}                        # area converted -> the area its unit comes from
        sources = sorted(self.areas_of(slot), key=lambda a: (-len(self.units[a]), world.areas[a].index))
        for source in sources:
            spare = [u for u in self.units[source] if self.unit_kind(u) == "land"]
            if len(spare) <= self.garrison(slot, source):
                continue
            for near in world.neighbours(source):
                if (world.areas[near].is_land and near not in self.owner and near not in moves
                        and self.chart.entry_cost(near, self.age(slot)) <= self.movement(slot, spare[-1])):
                    moves[near] = source
        if not moves:
            return None

        def convert(area):
            def run(st):
                if not st.converts_kingdom(area):         # option 10: a check card (neutral_kingdoms.py)
                    return
                source = moves[area]
                here = list(st.units[source])
                unit = here.pop(max(i for i, u in enumerate(here) if st.unit_kind(u) == "land"))
                st.units[source] = tuple(here)
                if not here:                     # an empire that may leave land areas (the Huns) left it
                    st.vacate(source)
                st.place(slot, area, (unit,))
                st.note(f"  {st.who(slot)} converts {world.areas[area].name} ({st.game.unit_name(unit)} from "
                        f"{world.areas[source].name})")
            return run
        return Pending(slot, "convert which area?", tuple(Option(a, convert(a)) for a in sorted(moves)))

    def spied(self, ctx: Ctx, word: str) -> list[int]:
        """The player whose hand an artefact shows (``SPIED``), as their first empire: by the engine's
        policy the one with the most cards, the first clockwise on a tie *(judgment)*; for the Oracle
        only a player with an empire within Range (the owner's age, in areas) of it."""
        seat = self.seat_of(ctx.player)
        near = self.near_site(ctx) if word == "player_near_here" else None
        found = [s for s in self.turn_order_from(ctx.player) if self.seat_of(s) != seat
                 and (near is None or any(a in near for a in self.areas_of(s)))]
        best = max((len(self.hand[self.seat_of(s)]) for s in found), default=0)
        return [s for s in found if len(self.hand[self.seat_of(s)]) == best][:1] if best else []

    def near_site(self, ctx: Ctx) -> set[str]:
        """The areas within the empire's Range of the area holding its artefact ``ctx.card``."""
        return set(self.areas_here(ctx, "in_range_here"))

    def spy(self, ctx: Ctx, slot: int, more: dict) -> None:
        """An artefact's look at a hand (§ 16 › Artefacts › Oracle, › Satellites*): ``cost`` money a card,
        the cards picked at random, as many as the empire can pay for *(judgment)*; ``stack``: one of the
        player's stacks too (units are in plain view in the engine); ``keep: if_capital_disordered``: a
        card taken at random when that player's empire within Range of the artefact has a disordered
        capital. A private line of the log shows the cards."""
        seat, looker = self.seat_of(slot), ctx.player
        hand = sorted(self.hand[seat])
        if "cost" in more:
            count = min(len(hand), self.money[looker] // more["cost"]) if more["cost"] else len(hand)
            self.spend(looker, count * more["cost"])
            self.events_drawn += 1
            hand = sorted(self.chance("event", self.events_drawn).sample(hand, count))
        self.note(f"  {self.seat_name(self.seat_of(looker))} looks at {len(hand)} of {self.seat_name(seat)}'s cards"
                  + (" and one stack" if more.get("stack") else ""), private=", ".join(map(self.game.name, hand)))
        near = self.near_site(ctx) if more.get("keep") else set()
        if hand and any(self.capital[s] in near and self.capital[s] in self.disorder
                        for s in self.slots_of(seat) if self.empire[s] is not None):
            self.events_drawn += 1
            card = self.chance("event", self.events_drawn).choice(hand)
            self.take_from_hand(seat, card)
            self.hand[self.seat_of(looker)] += (card,)
            self.note(f"  {self.seat_name(self.seat_of(looker))} keeps one of them")

    def tactician_near(self, slot: int, area: str) -> bool:
        """A Tactician's conflict and retreat benefits: one in the area, or with Radio in an adjacent one
        (``allow: tacticians_next_door``: § 16 › Radio*)."""
        if self.leader_here(slot, "ta", area):
            return True
        return (self.option_16() and "tacticians_next_door" in self.in_force("allow", slot)
                and any(self.leader_here(slot, "ta", n) for n in self.game.world.neighbours(area)))

    def unrest_spared(self, slot: int) -> set[str]:
        """The empire's disordered areas that still give income and count for glory: those within Range
        (its age, in areas) of its artefact with ``law: diana_income`` (§ 16 › Temple of Diana)."""
        if not self.any_present("law") or "diana_income" not in self.in_force("law", slot):
            return set()
        sites = [s for s in self.sites_of("law", lambda a: a == "diana_income") if self.owner.get(s) == slot]
        reach = self.distances(*sites) if sites else {}
        return {a for a in self.areas_of(slot) if a in self.disorder and reach.get(a, 99) <= self.age(slot)}

    def yards(self, slot: int) -> list[str]:
        """The empire's areas with an artefact letting any number of ships be built there (§ 16 › Great
        Shipyard: ``allow: unlimited_ships_here``)."""
        if "unlimited_ships_here" not in self.in_force("allow", slot):
            return []
        return [s for s in self.sites_of("allow", lambda a: a == "unlimited_ships_here") if self.owner.get(s) == slot]

    def yard_cost(self, slot: int, unit: str, area: str, cost: int) -> int:
        """A unit's cost in one area (``unit_cost`` with ``where: here``: the Great Shipyard's ships 1 less,
        at least 2, in its area)."""
        for c in self.in_force("unit_cost", slot):
            if c.get("where") == "here" and self.unit_fits(unit, c["units"]) and area in self.sites_of(
                    "unit_cost", lambda a: a.get("where") == "here"):
                cost = min(cost, max(c.get("minimum", 1), cost + c["add"]))
        return cost

    def add_disorder(self, area: str) -> bool:
        """A disorder marker is placed in a land area, unless option 16 spares it (§ 16 › Artefacts): a
        leader of the controller is there and it is immune (Pantheism); a card picked is no more than its
        leaders (Just rule: ``law: disorder_check_leaders``); its ``disorder_placed`` power avoids it
        (Confucianism: a card at least its age). Whether it was placed."""
        slot = self.owner.get(area)
        if self.option_16() and slot is not None and self.empire[slot] is not None and area not in self.disorder:
            led = sum(where == area for _, _, where in self.leaders[slot])
            if led and "leader_area_disorder" in self.in_force("immune", slot):
                self.note(f"  {self.game.world.areas[area].name} is not disordered (a leader of {self.who(slot)})")
                return False
            if "disorder_check_leaders" in self.in_force("law", slot):
                card = self.draw_cards(1)
                self.discards += card
                if card and self.game.value[card[0]] <= len(self.leaders[slot]):
                    self.note(f"  {self.game.world.areas[area].name} is not disordered (check card {self.game.value[card[0]]})")
                    return False
            self.avoided = False
            self.fire_artefacts("disorder_placed", slot, event={"area": area})
            if self.avoided:
                self.note(f"  {self.game.world.areas[area].name} is not disordered")
                return False
        self.disorder |= {area}
        return True

    def avoid(self, ctx: Ctx) -> None:
        """``avoid: disorder``: the disorder announced (``disorder_placed``) is not placed."""
        self.avoided = True

    def harvested(self, before: list[int]) -> None:
        """After Harvest glory's categories: each empire's powers that read the glory it gained (§ 16 ›
        Hinduism: +1 for 1 or less, -1 for 7 or more)."""
        for slot in self.in_play() if self.option_16() else ():
            self.fire_artefacts("harvest", slot, event={"glory": self.glory[slot] - before[slot]})

    def trade_income_times(self, slot: int) -> int:
        """How many times the income of the trade card received counts (§ 16 › Capitalism: the lowest
        value card doubled — the only one received without Renaissance)."""
        return 2 if any("lowest_trade_card" in c["from"] and c.get("times") == 2
                        for c in self.in_force("income", slot)) else 1

    def trade_income_also(self, slot: int) -> bool:
        """The empire also earns its own trade card's income (§ 16 › Universal suffrage: without progress
        in a trade, the income of all the trade cards)."""
        return any("own_trade_cards" in c["from"] and c.get("also") for c in self.in_force("income", slot))

    def suffrage_relief(self, slot: int) -> int:
        """Maintenance spared by ``law: suffrage_maintenance`` (§ 16 › Universal suffrage): each area's cost
        less the value of an undisordered city there, at least 1 an area."""
        if "suffrage_maintenance" not in self.in_force("law", slot):
            return 0
        return sum(max(0, min(self.city.get(a, 0), len(self.units[a]) - 1)) for a in self.areas_of(slot)
                   if a not in self.disorder)

    def traded_between(self, sides: tuple[int, int], *cards: tuple[str, ...]) -> None:
        """At the end of a trade between two empires: each side's ``trade_between`` powers for the other's
        government (§ 16 › Democracy: between two democracies, money for every card both traded)."""
        traded = sum(len(c) for c in cards)
        for s, other in (sides, sides[::-1]):
            for belief in self.beliefs[other]:
                if self.game.artefacts[belief].get("group") == "government":
                    self.fire_artefacts("trade_between", s, belief, event={"cards": traded})

    def units_to_pool(self, slot: int | None, count: int) -> None:
        """Units of the empire went back to its pool: its ``unit_to_pool`` powers, once each (§ 16 ›
        Socialism: 1 money a unit — unpaid, lost in a conflict or an event, removed with disorder)."""
        if self.option_16() and slot is not None and count > 0 and self.moment_due("unit_to_pool", slot):
            for _ in range(count):
                self.fire_artefacts("unit_to_pool", slot)

    def government_changed(self, slot: int, government: str, gained: bool) -> None:
        """An empire gained Socialism or discarded another government: the empires that have it within
        their Range react (``within_range_changes: gains_socialism``: § 16 › Socialism, 1 glory)."""
        if not self.option_16() or (government == SOCIALISM) != gained:
            return
        for s in self.in_play():
            if s != slot and self.moment_due_arg("within_range_changes", s, "gains_socialism") and \
                    any(a in self.area_range(s) for a in self.areas_of(slot)):
                self.fire_artefacts("within_range_changes", s, "gains_socialism")

    # -- a Great Temple (§ 16 › Artefacts › Great Temple) ------------------------------------------------
    def with_law(self, verb: str, word: str) -> set[str]:
        """The played artefacts with this ``verb: word`` change (a law or permission)."""
        return {aid for aid, mod in self.game.artefact_book.changes.get(verb, ()) if mod.args.get("args") == word}

    def consecrate(self, slot: int, site: str, artefact: str) -> None:
        """An artefact making its area a religious site (``law: religious_site_here``) is of the empire's
        dominant religion (the Great Temples: Angkor Wat for Hinduism … the Temple of Jerusalem)."""
        religion = self.dominant_religion(slot)
        if religion and artefact in self.with_law("law", "religious_site_here"):
            self.great_temples = {**self.great_temples, site: religion}

    def kept_by_liberator(self, area: str) -> tuple[tuple[str, ...], str | None]:
        """The artefacts of an area its liberator keeps (``law: liberator_keeps_temple``: a Great Temple;
        the engine's policy is to keep it *(judgment)*), and the religion of its site."""
        slot = self.owner.get(area)
        if not self.option_16() or slot is None or "liberator_keeps_temple" not in self.in_force("law", slot):
            return (), None
        kept = self.with_law("law", "liberator_keeps_temple")
        return tuple(a for a in self.artefacts.get(area, ()) if a in kept), self.great_temples.get(area)

    def artefacts_kept(self, area: str, kept: tuple[tuple[str, ...], str | None]) -> None:
        """The kept artefacts stay in the liberated area, a religious site of the same religion."""
        artefacts, religion = kept
        if artefacts and area in self.owner:
            self.artefacts[area] = self.artefacts.get(area, ()) + artefacts
            if religion:
                self.great_temples = {**self.great_temples, area: religion}

    def temples_kept(self) -> None:
        """A Great Temple is discarded once fewer than 2 empires have its religion (``religion_shrinks``);
        checked as each action starts *(judgment: 'immediately' read at the next action)*."""
        for site, religion in list(self.great_temples.items()):
            if sum(religion in self.beliefs[s] for s in self.in_play()) < 2 and site in self.owner:
                self.fire_artefacts("religion_shrinks", self.owner[site])
                self.great_temples = {a: r for a, r in self.great_temples.items() if a != site}

    # -- a Peace treaty (§ 16 › Artefacts › Peace treaty): two markers, two empires ----------------------
    def treaty_partner(self, slot: int, artefact: dict) -> int | None:
        """The other empire of a treaty: another player's, within Range of the empire, with an area for
        the second marker — the first in turn order *(judgment: the player's choice)*."""
        reach, seat = self.area_range(slot), self.seat_of(slot)
        return next((s for s in self.turn_order_from(slot) if self.seat_of(s) != seat
                     and any(a in reach for a in self.areas_of(s)) and self.artefact_site(s, artefact)), None)

    def sign_treaty(self, slot: int, site: str, artefact: dict) -> None:
        """The second marker goes on the other empire (its capital first); the pair is remembered with
        both empires' ages, to end it."""
        other = self.treaty_partner(slot, artefact)
        there = self.artefact_site(other, artefact)
        self.artefacts[there] = self.artefacts.get(there, ()) + (artefact["id"],)
        self.treaties += (((site, slot, self.age(slot)), (there, other, self.age(other))),)
        self.note(f"  the other {artefact['name']} marker goes to {self.who(other)} in {self.game.world.areas[there].name}")

    def at_peace(self, slot: int) -> frozenset[int]:
        """The empires a treaty closes to the empire's units (``no_entry: {of: each_other}``)."""
        if not self.treaties or {"of": "each_other"} not in self.in_force("no_entry", slot):
            return frozenset()
        return frozenset(b[1] if a[1] == slot else a[1] for a, b in self.treaties if slot in (a[1], b[1]))

    def treaties_kept(self) -> None:
        """A treaty ends when either empire leaves the age it had, or another empire occupies either area:
        ``treaty_broken`` for its first empire, its markers both discarded."""
        for pair in self.treaties if self.option_16() else ():
            if any(self.owner.get(area) != s or self.age(s) != age for area, s, age in pair):
                self.treaties = tuple(p for p in self.treaties if p != pair)
                for area, s, _ in pair:
                    if self.owner.get(area) == s:
                        self.fire_artefacts("treaty_broken", s)

    def lost_recently(self, slot: int) -> bool:
        """Another player's empire took one of its areas this turn or the previous (§ 16 › Democracy)."""
        return self.turn - self.lost.get(slot, -9) <= 1

    def defended_against(self, defender: int, attacker: int) -> None:
        if self.option_16():
            self.defended = {**self.defended, (defender, attacker): self.turn}

    def defender_recently(self, slot: int, other: int) -> bool:
        """It was the defender against that empire this turn or the previous (§ 16 › Democracy)."""
        return self.turn - self.defended.get((slot, other), -9) <= 1

    def shielded(self, slot: int, card: str) -> bool:
        """The card's event cannot be played on the empire (``shielded_from``: § 16 › Just rule)."""
        return any(card in cards for cards in self.in_force("shielded_from", slot))

    def leaders_gone(self, slot: int) -> None:
        """The empire has no leader left on the map: its artefacts that go then (Just rule's ``no_leader``)."""
        if self.option_16() and self.empire[slot] is not None and not self.leaders[slot]:
            self.fire_artefacts("no_leader", slot)

    def irrigated(self, area: str) -> bool:
        """A land area on a river that runs along the area of an artefact adding income to river areas
        (§ 16 › Irrigation: +1 to each land area on the river, once however many rivers are irrigated)."""
        world = self.game.world
        sources = {aid for aid, mod in self.game.artefact_book.changes.get("income", ())
                   if "river_areas" in mod.args["args"]["from"]}
        rivers = {b.river for site, held in self.artefacts.items() if sources.intersection(held)
                  for b in world.areas[site].borders if b.river}
        return world.areas[area].is_land and any(b.river in rivers for b in world.areas[area].borders)

    def fire_artefacts(self, trigger: str, slot: int, arg: str | None = None, event=NO_EVENT,
                       only: str | None = None) -> None:
        """The triggered powers and penalties of the artefacts the empire has (``only``: one artefact's,
        for ``played``), in the order of the deck. They make no decision (one with a single option is
        taken at once)."""
        pending = self.run_moment(trigger, slot, arg, event, only)
        while pending is not None:
            if len(pending.options) != 1:
                raise EngineMissing(f"an artefact's '{trigger}' asks a decision: the 7ages engine does not run it yet")
            pending = pending.options[0].resume(self)

    def religions_discarded(self, slot: int) -> None:
        """``discard_artefact: religions`` (Revolution): every religion of the empire goes, markers only,
        without the disorder of discarding one in Civilise (§ 16 › Artefacts › Revolution)."""
        for religion in self.religions_of(slot):
            self.artefact_discarded(slot, religion)

    def run_moment(self, trigger: str, slot: int, arg: str | None = None, event=NO_EVENT,
                   only: str | None = None) -> Pending | None:
        """Run the artefacts' abilities of a moment for the empire; a decision they ask is returned."""
        book = self.game.artefact_book
        found = book.triggers.get((trigger, arg)) if book is not None and self.empire[slot] is not None else None
        if not found:
            return None
        powered = {only} if only is not None else self.powered_of(slot, book.trigger_sources[trigger, arg])
        abilities = tuple(ability for aid, ability in found if aid in powered and not self.muted(slot, aid, ability.field))
        return run_abilities(self, slot, abilities, event) if abilities else None

    def moment_due(self, trigger: str, slot: int) -> bool:
        """Whether the empire has an artefact's power for this moment (one that may ask a decision)."""
        return self.moment_due_arg(trigger, slot, None)

    def moment_due_arg(self, trigger: str, slot: int, arg: str | None) -> bool:
        book = self.game.artefact_book
        due = book.trigger_sources.get((trigger, arg)) if book is not None and self.empire[slot] is not None else None
        return due is not None and not due.isdisjoint(self.powered_of(slot, due))

    def task_artefact_moment(self, trigger: str, slot: int, event=NO_EVENT) -> None:
        """The powers of a moment that may ask decisions ('may', which area): asked as the kit's pending
        decisions, then the turn goes on (before each action; removing disorder in Civilise; an area
        taken from the empire, with the ``taker``; its areas liberated in a Manoeuvre, at its end)."""
        pending = self.run_moment(trigger, slot, event=event) if self.empire[slot] is not None else None
        if pending is not None:
            self.step = ("effect",)
            self.then(carry_on)
            self.ask(pending)

    def artefact_gained(self, slot: int, artefact: str) -> None:
        """Another artefact or a belief went with the empire: its artefacts' penalties that wait for it
        (Concentrated ownership and Religious strife for Revolution; Revolution for Socialism or a religion)."""
        self.fire_artefacts("artefact_played", slot, artefact)
        for s in self.in_play():
            self.fire_artefacts("artefact_in_play", s, artefact)
        group = self.game.artefacts[artefact].get("group")
        if group:
            self.fire_artefacts("gains", slot, artefact)
        if group == "government":
            self.government_changed(slot, artefact, gained=True)
        if group == "religion":
            self.fire_artefacts("gains_religion", slot)

    def artefact_discarded(self, slot: int, artefact: str, event=NO_EVENT) -> None:
        """``discard_artefact: this`` (a penalty): the artefact's marker leaves the empire — its card, its
        beliefs, or its area (§ 16 › Artefacts: Concentrated ownership, Revolution …), with its own marker
        on a track (World war's); then what it does as it goes (World war's ``discarded``)."""
        self.religion_dropping(slot, artefact)           # its defender goes first (crusades.py)
        if artefact in self.beliefs[slot]:
            self.beliefs[slot] = tuple(b for b in self.beliefs[slot] if b != artefact)
        self.remove_marker(slot, artefact)
        self.note(f"  {self.who(slot)}: {self.game.artefacts[artefact]['name']} is discarded")
        self.clock_removed(artefact)
        self.fire_artefacts("discarded", slot, event=event, only=artefact)
        self.crusades_called_off(slot, artefact)         # the defender's Holy wars (crusades.py)

    def has_artefact(self, slot: int, artefact: str) -> bool:
        """The empire has the artefact: on its card, in an area it controls, or — blue — its progress
        marker at or above the artefact's blue marker (§ 16: "all empires at or above its blue marker
        on the track gain all benefits … and satisfy the prerequisite", the Sudanese example): ``held_by``."""
        return artefact in self.held_by(slot)

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

    def empire_fits(self, artefact: dict, slot: int) -> bool:
        """The artefact's conditions on the empire (§ 16 › Artefacts: "only on an empire …"): Range of an
        area or region, a land area in a region, a religion, a leader, disorder, ships, the lead (a word
        not read yet, ``unread``, is not checked: its artefact is named as not played)."""
        world = self.game.world
        for condition in artefact.get("conditions", ()) if self.option_16() else ():
            ((key, word),) = condition.items()
            if key == "empire" and word in EMPIRE_WORDS and not self.empire_is(slot, word):
                return False
            if key == "within_range_of" and not (word["area"] in self.area_range(slot) if "area" in word
                                                 else word["region"] in self.regions_in_range(slot)):
                return False
            if key == "track" and word.startswith("no_") and word[3:] in self.clocks:   # no climate clock yet
                return False
            if key == "controls_land_in" and not any(world.areas[a].is_land and world.regions_of(a) & set(word)
                                                     for a in self.areas_of(slot)):
                return False
        return True

    def empire_is(self, slot: int, word: str) -> bool:
        """One word of ``EMPIRE_WORDS``."""
        areas = self.areas_of(slot)
        religion = self.dominant_religion(slot)
        return {
            "has_disordered_area": lambda: any(a in self.disorder for a in areas),
            "no_disorder": lambda: not any(a in self.disorder for a in areas),
            "has_leader": lambda: bool(self.leaders[slot]),
            "has_religion": lambda: religion is not None,
            "no_religious_leader": lambda: not self.leaders_in(slot, "re"),
            "may_build_ships": lambda: self.may_build_ships(slot),
            "solely_most_advanced": lambda: all(self.progress[o] < self.progress[slot] for o in self.in_play() if o != slot),
            "religion_shared": lambda: sum(self.dominant_religion(o) == religion for o in self.in_play()) >= 2,
            "religion_without_defender": lambda: self.defenderless(slot),             # crusades.py
        }[word]()

    def may_build_ships(self, slot: int) -> bool:
        """The empire's card lets it build ships now (§ Terms of play: the no-ships icon until a trade) and
        it has a coastal area."""
        barred = self.game.empires[self.empire[slot]].get("restrictions", {}).get("no_ships_until_trade")
        return (not barred or "ships" in self.unrestricted[slot]) and any(map(self.game.world.coastal, self.areas_of(slot)))

    def site_fits(self, artefact: dict, slot: int, area: str) -> bool:
        """The artefact's conditions on the area its marker goes to (§ 16 › Artefacts: "only on a coastal
        area", a river area, a city without disorder, the most ships, a terrain)."""
        world = self.game.world
        for condition in artefact.get("conditions", ()) if self.option_16() else ():
            ((key, word),) = condition.items()
            if key == "area_terrain" and self.chart.at(area, self.age(slot))["id"] not in word:
                return False
            if key == "area" and word in AREA_WORDS and not {
                "coastal": lambda: world.coastal(area),
                "river": lambda: world.river_area(area),
                "undisordered_city": lambda: area in self.city and area not in self.disorder,
                "most_ships": lambda: self.ships_in(area) >= max((self.ships_in(a) for a in self.units
                                                                  if world.coastal(a)), default=0),
                "not_religious_site": lambda: not self.sites_of_area(area),
                "adjacent_to_canal": lambda: self.canal_site(area, artefact),           # canal.py
            }[word]():
                return False
        return True

    def ships_in(self, area: str) -> int:
        game = self.game
        return sum(game.class_kind[game.unit_class[u]] == "ships" for u in self.units.get(area, ()))

    def place_blue(self, slot: int, artefact: dict) -> None:
        """§ 16, Blue artefacts: unless already there, its blue marker goes on the progress track 7
        spaces ahead of the empire less the empire's age (the Sudanese on 31 in age 5: space 33); it is
        never removed."""
        aid = artefact["id"]
        if not self.option_16() or artefact["colour"] != "blue" or aid in self.track:
            return
        self.blue_marker(aid, self.progress[slot] + self.LEVELS - self.age(slot))
        self.note(f"  the blue {artefact['name']} marker goes on progress level {self.track[aid]}")

    def blue_marker(self, aid: str, level: int) -> None:
        """The artefact's blue marker on this progress level: ``track`` replaced (never changed in place), the
        write counted (engine/tallied.py's ``stamp``: the index of powers reads the track)."""
        self.track = {**self.track, aid: level}
        stamp()

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
                self.blue_marker(aid, first * self.LEVELS + 1)
                self.note(f"  the blue {artefact['name']} marker goes on progress level {self.track[aid]}")


def words(mod: Modifier) -> set[str]:
    """The words a core modifier changes: a ``stat``'s statistics, an ``allow``'s rule."""
    return set(mod.args["add"]) if mod.verb == "stat" else set(mod.args.values())


def read_each_time(mod: Modifier) -> bool:
    """A change whose arguments may differ from one reading to the next: it has a condition, or a
    statistic's number that is not a constant (every shipped ``stat`` adds a constant: Railways' Range)."""
    return mod.condition is not None or mod.verb == "stat" and "args" not in mod.args and any(
        constant_of(value) is None for value in mod.args["add"].values())


def written(mod: Modifier, state, ctx: Ctx):
    """A modifier's arguments as an event's change writes them (``Events.in_force``): the card's own for
    the 7 Ages verbs, the statistics' numbers for ``stat``, the word of ``allow`` / ``forbid`` / ``immune``."""
    args = mod.args
    if "args" in args:
        return args["args"]
    if mod.verb == "stat":
        return {name: value(state, ctx) for name, value in args["add"].items()}
    (word,) = args.values()
    return word


def unread(conditions) -> list[str]:
    """The words of an artefact's conditions the engine does not read yet."""
    out = []
    for condition in conditions:
        ((key, word),) = condition.items()
        known = EMPIRE_WORDS if key == "empire" else AREA_WORDS if key == "area" else None
        if known is not None and word not in known or known is None and key not in CONDITION_KEYS:
            out.append(f"{key}: {word}")
    return out


def carry_on(state) -> None:
    """After an artefact's decisions: the turn's tasks go on."""
    state.step = None
    state.proceed()
