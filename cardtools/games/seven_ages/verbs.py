"""Verbs only 7 Ages uses (text: templates/text/7ages/verbs.yaml).

The engine's part 1 defers the effect fields these verbs appear in (events, artefact powers:
docs/rules/7ages.md), so most verbs are declared with their schema and text only (``runtime=None``):
compiling a card checks it, running it raises ``EngineMissing``. It runs the empires' special rules,
so the verbs those use have a runtime (``in_ages``, ``convert``, ``place_units``, and the modifiers
``unit_cost``, ``conflict``, ``counts_for_glory`` and ``law``, read by ``specials.py`` as written).
Part 2 plays every card's event (``events.py``) and grows the artefacts' powers one verb at a time: a
verb with a runtime here calls the state's methods there, and the plugin lists it in ``runs`` (``RUNS``
below). The rules each verb
follows are the rulebook's (seeds/001_f19afe02b0a671da.txt); how the cards use them is
docs/rules/7ages-cards.md § Effects.

Effects speak of "the empire": the one an artefact sits with, or the empire an event is played
for; an event played on someone else's empire wraps its effect in ``each: <target>``.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtools.effects.registry import SchemaParts, declare
from cardtools.effects.runtime import constant

GAME = "7ages"
#: Target words that name a player, not an empire (played on their first slot).
PLAYER_TARGETS = ("player", "player_in_range", "player_more_cards")


def _obj(description: str, properties: dict, required: tuple[str, ...] = ()) -> dict:
    return {"type": "object", "additionalProperties": False, "properties": properties,
            "required": list(required), "description": description}


def _list(S: SchemaParts, set_name: str, text: str) -> dict:
    return {"type": "array", "minItems": 1, "uniqueItems": True, "items": S.member(set_name), "description": text}


def _number(S: SchemaParts, text: str) -> dict:
    """How many: a value, or `all`."""
    return {"anyOf": [S.value, {"const": "all"}], "description": text}


def _areas(S: SchemaParts, text: str = "Which areas (a kind of area).") -> dict:
    return {**S.count, "description": text}


def _who(S: SchemaParts, text: str = "Whose (default: the empire's own).") -> dict:
    return {**S.target, "description": text}


def _declare(name: str, kind: str, schema, doc: str, runtime=None) -> None:
    declare(name, kind, schema, runtime, game=GAME, doc=doc)


def _effect(name: str, schema, doc: str, runtime=None) -> None:
    _declare(name, "effect", schema, doc, runtime)


def _as_written(args, c, path):
    """A modifier the rules module reads as the card writes it (whole numbers and words only)."""
    return {"args": args}


def _played_when(kind: str, name: str, played, runtime=_as_written, standing=None):
    """A runtime for the uses of a verb the engine plays (``played(args)``; in an artefact's power or
    penalty also ``standing(args)``: ``STANDING``); any other use is refused like a verb without a
    runtime, so a card using it stops ``play`` instead of being ignored."""
    def compile_(args, c, path):
        if not played(args) and not (standing is not None and path[0] in ARTEFACT_FIELDS and standing(args)):
            refuse = c.refuse(path, name)
            return {"refuse": refuse} if kind == "modifier" else refuse
        return runtime(args, c, path)
    return compile_


#: The uses of the special rules' verbs the engine plays (specials.py): a ``law`` token, initial costs
#: set, front and support added, a free fort in a start area.
LAWS_PLAYED = frozenset({"successor"})
INITIAL_COST = frozenset({"units", "set", "only"})
UNIT_VALUES = frozenset({"units", "front", "support"})


# -- runtimes: each compiles its arguments once and calls the state (events.py) ----------------------

@dataclass(frozen=True)
class Pick:
    """What an area verb does (verbs.py): ``method`` on areas of ``kind`` (the empire's, or anyone's)."""

    method: str
    kind: str
    anywhere: bool = False
    adjacent: bool = False
    chosen_by: str | None = None
    levels: int = 1
    spared_by: tuple[str, ...] = ()
    value: int = 1
    even_barbarian: bool = False
    to: str = "empire"


def _picked(method: str, kind: str = "area"):
    """An area verb: areas of a kind picked one at a time (``events.Pick``, ``Events.pick_areas``)."""
    def factory(args, c, path):
        if not isinstance(args, dict):                 # move_capital: equal_or_larger
            args = {"areas": "city_area"}
        number = args.get("number", 1)
        count = None if number == "all" else c.value(number, path + ("number",))
        who = c.targets(args["who"], path + ("who",)) if "who" in args else None
        pick = Pick(method, args.get("areas", kind), bool(args.get("anywhere")), bool(args.get("adjacent")),
                    args.get("chosen_by"), args.get("levels", 1), tuple(args.get("spared_by", ())),
                    args.get("value", 1), bool(args.get("even_barbarian")), args.get("to", "empire"))

        def act(st, ctx):
            n = None if count is None else count(st, ctx)
            if who is None:
                return st.pick_areas(ctx, pick, n)
            return who.apply(st, ctx, lambda s, x: s.pick_areas(x, pick, n), "whose areas?")
        return act
    return factory


def _lose_units(args, c, path):
    """Units back to the pool (``Events.lose_some_units``)."""
    number = args["number"]
    count = None if number == "all" else c.value(number, path + ("number",))
    units, kind = tuple(args.get("units", ())), args.get("in_each", args.get("in"))
    each, chosen_by = "in_each" in args, args.get("chosen_by")
    who = c.targets(args.get("who", "you"), path + ("who",))

    def act(st, ctx):
        n = None if count is None else count(st, ctx)
        return st.lose_some_units(ctx, units, n, kind, each, chosen_by)
    return lambda st, ctx: who.apply(st, ctx, act, "whose units?")


def _place_units(args, c, path):
    """Units from the pool (``Events.units_placed``); an empire's free fort in a start area at set-up
    (``_free_fort``: ``State.place_given``, specials.py)."""
    count, units = c.value(args["number"], path + ("number",)), tuple(args["units"])
    if _free_fort(args):
        return lambda st, ctx: st.place_given(ctx.player, count(st, ctx))
    each, kind = "in_each" in args, args.get("in_each", args.get("in", "area"))
    pay, any_age = args.get("pay", "full"), bool(args.get("out_of_age"))
    return lambda st, ctx: st.units_placed(ctx.player, units, count(st, ctx), kind, each, pay, any_age)


def _move_units(args, c, path):
    """Units join the conflict being fought from a neighbouring area (``Events.reinforce``), or one converts
    a neutral area next door (Christianity: ``Artefacts.convert_move``); other moves are not run yet."""
    if args["into"] == "neutral_next_door" and args.get("converting") and "from" not in args:
        n = args["number"]
        return lambda st, ctx: st.convert_move(ctx, n)
    if args["into"] != "conflict_area" or args.get("from", "adjacent_own") != "adjacent_own" or args.get("converting"):
        return c.refuse(path, "move_units", "move_units outside a conflict")
    n = args["number"]
    return lambda st, ctx: st.reinforce(ctx, n)


def _destroy_city(args, c, path):
    """The liberated city is destroyed; the empire gains money (``Events.city_destroyed``)."""
    gain = c.value(args["gain"], path + ("gain",)) if "gain" in args else constant(0)
    return lambda st, ctx: st.city_destroyed(ctx, gain(st, ctx))


def _draw_from(args, c, path):
    """This action's draws come from the discard pile (Archive, card 97)."""
    return lambda st, ctx: st.change_for(ctx, "action", "you", "draw_from", args)


def _remove_leader(args, c, path):
    """A leader leaves (``Events.remove_a_leader``)."""
    return lambda st, ctx: st.remove_a_leader(ctx, args)


def _promote_leader(args, c, path):
    """A leader joins the empire (``Events.gain_a_leader``)."""
    named, beyond = args["named"], bool(args.get("beyond_limit"))
    return lambda st, ctx: st.gain_a_leader(ctx, named, beyond)


def _hand(taking: bool):
    """``discard`` / ``take_card``: cards leave a hand (``Events.hand_cards``)."""
    def factory(args, c, path):
        whose = c.targets(args["from"] if taking else args.get("who", "you"), path + ("from" if taking else "who",))
        cards = constant(1) if taking or "cards" not in args else c.value(args["cards"], path + ("cards",))
        down_to, at_random = args.get("down_to"), taking or bool(args.get("at_random"))

        def act(st, ctx):
            def one(s, x):
                n = len(s.hand[s.seat_of(x.player)]) - down_to if down_to is not None else cards(s, x)
                taker = s.seat_of(ctx.event.get("by", ctx.player)) if taking else None
                return s.hand_cards(ctx, x.player, n, at_random, taker)
            return whose.apply(st, ctx, one, "whose hand?")
        return act
    return factory


def _drop(args, c, path):
    """Beliefs discarded without their card (``Events.drop_beliefs``)."""
    which = tuple(args)
    return lambda st, ctx: st.drop_beliefs(ctx, which)


def _put_first(args, c, path):
    return lambda st, ctx: st.put_first(ctx.player, args)


def _swap_government(args, c, path):
    return lambda st, ctx: st.belief_gained(ctx, ctx.player, args, "government")


def _adopt_religion(args, c, path):
    """A religion, or the dominant one of the empire ``of`` names (``Events.belief_gained``)."""
    of = c.targets(args["of"], path + ("of",)) if "of" in args else None
    religion = args.get("religion")

    def act(st, ctx):
        source = of.resolve(st, ctx) if of is not None else []
        belief = religion or st.dominant_religion(source[0] if source else None)
        return st.belief_gained(ctx, ctx.player, belief, "religion")
    return act


def _discard_artefact(args, c, path):
    """An artefact on the map discarded (``Events.artefact_lost``); an artefact's own penalty discarding it
    (``this``: ``Artefacts.artefact_discarded``); a named artefact wherever it is (``Clocks.discard_named``:
    the United Nations' World war); the empire's religions (Revolution: ``Artefacts.religions_discarded``)."""
    if args["which"] == "this":
        return lambda st, ctx: st.artefact_discarded(ctx.player, ctx.card, ctx.event)
    which, kind = args["which"], args.get("in", "area")
    if which == "religions":
        return lambda st, ctx: st.religions_discarded(ctx.player)
    if which not in ("on_map", "green_on_map"):
        return lambda st, ctx: st.discard_named(ctx, which)
    return lambda st, ctx: st.artefact_lost(ctx, which, kind)


def _claim_glory(args, c, path):
    """The player claims glory, judged by the others' (``Events.claim``)."""
    most = c.value(args["up_to"], path + ("up_to",))
    return lambda st, ctx: st.claim(ctx, most(st, ctx))


def _extra_action(args, c, path):
    """Another action at once (``Events.extra_action``)."""
    action, units = args.get("action"), args.get("units")
    return lambda st, ctx: st.extra_action(ctx, action, units)


def _assassinate(args, c, path):
    picks, target = args["picks"], args["target"]
    return lambda st, ctx: st.assassinate(ctx, picks, target)


#: Changes for a while (``until``) the engine applies so far: modifier verb -> whether it runs these
#: arguments (``Events.in_force`` is read by the rule each one changes: docs/rules/7ages.md § 14).
TEMPORARY = {
    "harvest": lambda a: set(a) <= {"none", "halve"} or set(a) == {"category", "add"},
    "immune": lambda a: a == "event_artefact_loss",
    "forbid": lambda a: a in ("free_progress", "trade_when_picked", "trade_with_empires", "city_glory"),
    "allow": lambda a: a in ("free_dark_age_progress", "ignore_no_cavalry", "ignore_no_ships", "elite_for_3",
                             "win_ties", "heavy_rains", "retreat_any_round", "extra_city", "chronicle_ties",
                             "homeland_despite_loss", "remove_disorder_keep_units", "enter_bound_empires",
                             "explorer_stack", "treason_reinforcements", "best_of_two_conflict_cards",
                             "enemy_commits_first", "winner_income", "setup_next_to_start"),
    "income": lambda a: (set(a) == {"from", "times"} and set(a["from"]) <= {"fertile_areas", "without_river", "cities",
                                                                            "wheat", "trade", "lowest_trade_card",
                                                                            "wheat_and_oil"}
                         or a == {"from": ("own_trade_cards",), "also": True}
                         or set(a) == {"from", "halve"} and tuple(a["from"]) == ("all",)),
    "stat": lambda a: len(a) == 1 and set(a) <= {"trade_value", "leader_number"},
    "conflict": lambda a: set(a) <= {"total", "cancel", "units", "double"},
    "moves": lambda a: True,
    "no_entry": lambda a: set(a) == {"areas"} or set(a) == {"of"},
    "build_ahead": lambda a: True,
    "unit_cost": lambda a: set(a) <= {"units", "add", "set", "minimum"},
    "maintenance": lambda a: set(a) == {"units", "set"},
    "move_cost": lambda a: a == {"into": "neutral_area", "cost": 1},
    "trade_progress": lambda a: a == {"add": 1, "when": "far"},
    "law": lambda a: a == "climate_collapse_terrain",        # option 16 (clocks.py)
}
#: The fields of an artefact's abilities (option 16).
ARTEFACT_FIELDS = ("power", "penalty")
#: Option 16: the artefacts' continuous changes the engine applies (``Artefacts.artefact_changes``, read by
#: the same rules as an event's change: ``Events.in_force``): modifier verb -> whether it plays these
#: arguments (docs/rules/7ages.md § 14.2).
STANDING = {
    "unit_cost": lambda a: set(a) <= {"units", "add", "minimum", "where"} and "add" in a or set(a) == {"units", "halve"},
    "income": lambda a: {**a, "from": tuple(a["from"])} in ({"from": ("cities",), "times": 2},
                                                          {"from": ("river_areas",), "add": 1},
                                                          {"from": ("all",), "halve": True}),
    "maintenance": lambda a: a == {"set": 0},
    "build_ahead": lambda a: True,
    "move_cost": lambda a: a["into"] == "own_city_area",
    "ignore": lambda a: True,                            # artefacts, a religion's effects, other religions' harm
    "trade_progress": lambda a: a.get("when") in ("initiated", "margin_over_7") or set(a) == {"max"},
    "censure": lambda a: True,
    "shielded_from": lambda a: True,
    "no_entry": lambda a: a == {"of": "each_other"},      # a Peace treaty's pair (artefacts.py)
    "law": lambda a: a in ("heresy_vote", "religious_leaders_philosophers", "fortified_here", "diana_income",
                           "disorder_check_leaders", "climate_clock_moves", "suffrage_maintenance",
                           "religious_site_here", "liberator_keeps_temple", "canal_as_river",
                           "holy_war_glory", "holy_war_front", "holy_war_liberation"),
    "conflict": lambda a: set(a) <= UNIT_VALUES | {"near"} and a.get("near") == "range",
}


def _standing(name: str, played=lambda args: False):
    """A modifier the engine plays in an artefact's power or penalty in the shapes ``STANDING`` names
    (and elsewhere as ``played`` says)."""
    return _played_when("modifier", name, played, standing=STANDING[name])


#: Periods a change may last that the engine ends so far (``age``: until the empire's age changes).
PERIODS = ("round", "conflict", "action", "turn", "next_turn", "harvest", "game", "age", "setup")


def _until(args, c, path):
    """A change that lasts until the end of a period (``Events.change_for``)."""
    (verb, changed), = args["modify"].items()
    end, who = args["end"], args.get("who", "you")
    if end not in PERIODS or verb not in TEMPORARY or not TEMPORARY[verb](changed):
        return c.refuse(path, f"until ({verb} until {end})", f"until with {verb}")
    return lambda st, ctx: st.change_for(ctx, end, who, verb, changed)


def _replace_action(args, c, path):
    """An action marker turns over as a pass (``Events.replaced_action``): the empire's, each empire's
    (``all``), or each empire of a chosen player."""
    action, who = args["action"], args.get("who", "you")
    whose = c.targets(who, path + ("who",))

    def one(st, ctx):
        for slot in st.slots_of(st.seat_of(ctx.player)) if who in PLAYER_TARGETS else (ctx.player,):
            st.replaced_action(slot, action)
    return lambda st, ctx: whose.apply(st, ctx, one, "whose empires?")


def _cancel(args, c, path):
    """Cancels the event just played if it is one of these cards (§ 6. Civilise › Playing event cards)."""
    cards = frozenset(args)
    return lambda st, ctx: st.cancel_event(ctx, cards)


def _look_at(args, c, path):
    """The player sees a hand (§ 6. Civilise › Playing event cards: I spy, Diplomatic pouch); an artefact's
    look may cost money a card, keep a card, show a stack (the Oracle, Satellites: ``Artefacts.spy``)."""
    targets = c.targets(args["who"], path + ("who",))
    if set(args) == {"who"}:
        return lambda st, ctx: targets.apply(st, ctx, lambda s, x: s.look_at(ctx, x.player), "whose hand?")
    more = {k: v for k, v in args.items() if k != "who"}
    return lambda st, ctx: targets.apply(st, ctx, lambda s, x: s.spy(ctx, x.player, more), "whose hand?")


def _check(args, c, path):
    """Check cards picked from the deck and discarded (§ 6. Civilise › Playing event cards)."""
    cards = constant(1) if args == "card" else c.value(args["cards"], path + ("cards",))
    return lambda st, ctx: st.check_cards(ctx, cards(st, ctx))


def _condition(method: str):
    """A condition on the empire answered by the state: ``method(slot, argument)``."""
    def factory(args, c, path):
        return lambda st, ctx: getattr(st, method)(ctx.player, args)
    return factory


def _selection(S: SchemaParts, text: str, **extra) -> dict:
    """Areas picked for disorder, removal of disorder, damage …: kind, number, whose, who picks."""
    return _obj(text, {
        "areas": _areas(S),
        "number": _number(S, "How many (default: one); `all` for every such area."),
        "anywhere": {"const": True, "description": "Any such area on the map, not only the empire's own."},
        "adjacent": {"const": True, "description": "Every area adjacent to the chosen one too."},
        "chosen_by": {"enum": ["owner"], "description": "The empire's owner picks (default: the player of the card)."},
        "who": _who(S, "Whose areas (default: the empire's)."),
        **extra}, ("areas",))


# -- areas: disorder, cities, control (rulebook § 6. Civilise › Removing disorder; § Terms › Disorder) ------

_effect("disorder", lambda S: _selection(S, "Place disorder markers."), "Disorder areas.", _picked("disorder"))
_effect("remove_disorder", lambda S: _selection(S, "Remove disorder markers.", free={
    "const": True, "description": "Without paying the area's income."}), "Remove disorder.",
        _picked("remove_disorder"))
_effect("reduce_city", lambda S: _selection(S, "Cities lose levels (a value 1 city is removed).", levels={
    "type": "integer", "minimum": 1}, spared_by={"type": "array", "items": S.member("leader_type"), "minItems": 1,
                                                 "description": "Unless a leader of one of these types is there."}),
        "Reduce cities.", _picked("reduce_city"))
_effect("improve_city", lambda S: _obj("A city of the empire gains levels, up to the age's maximum.", {
    "levels": {"type": "integer", "minimum": 1}, "areas": _areas(S, "Only in such an area.")}, ("levels",)),
        "Improve a city.", _picked("improve_city", "city_area"))
_effect("build_city", lambda S: _obj("Build a city in one of the empire's areas.", {
    "value": {"type": "integer", "minimum": 1}, "areas": _areas(S, "In such an area."),
    "even_barbarian": {"const": True, "description": "Even if the empire may not build cities in this age."}},
    ("value", "areas")), "Build a city.", _picked("build_city"))
_effect("destroy_city", lambda S: _obj("The city in the area is destroyed.", {
    "gain": {**S.value, "description": "Money the empire gains."}}), "Destroy a city.", _destroy_city)
_effect("move_capital", lambda S: {"const": "equal_or_larger", "description":
                                   "The capital moves to another city of the empire of at least its value; the old "
                                   "capital stays a city."}, "Move the capital.",
        _picked("move_capital"))
_effect("move_units", lambda S: _obj("The empire moves units outside a Manoeuvre.", {
    "number": {"type": "integer", "minimum": 1},
    "from": _areas(S, "From such an area of the empire (default: a neighbouring one)."),
    "into": _areas(S, "Into such an area."),
    "converting": {"const": True, "description": "The area entered becomes the empire's."}}, ("number", "into")),
        "Move units.", _move_units)
_effect("convert", lambda S: {"type": "array", "minItems": 1, "uniqueItems": True, "items": S.member("event"),
                              "description": "The empires (by card) whose units, forts and cities in its start areas "
                                             "become the empire's (§ 1. Start empire › Converting)."},
        "Take over another empire's pieces in the start areas.",
        lambda args, c, path: lambda st, ctx, cards=tuple(args): st.convert(ctx.player, cards))
_effect("avoid", lambda S: {"enum": ["disorder"], "description": "What was about to happen does not."},
        "Cancel what the trigger announced.", lambda args, c, path: lambda st, ctx: st.avoid(ctx))
_effect("take_area", lambda S: _obj("An area changes sides.", {
    "areas": _areas(S), "to": {"enum": ["empire", "neutral"], "description": "Who controls it afterwards."}},
    ("areas", "to")), "Take control of an area, or make it neutral.", _picked("take_area"))

# -- units (§ 2. Production; § 4. Manoeuvre) ---------------------------------------------------------------


def _free_fort(args) -> bool:
    return tuple(args["units"]) == ("fort",) and args.get("in") == "start_area" and args.get("pay") == "nothing"


_effect("place_units", lambda S: _obj("Place units from the empire's pool.", {
    "units": _list(S, "unit", "Unit types or classes."),
    "number": {**S.value, "description": "How many (in each area when `in_each` is given)."},
    "in_each": _areas(S, "One batch in each such area of the empire."),
    "in": _areas(S, "In one such area of the empire."),
    "pay": {"enum": ["nothing", "half"], "description": "What is paid (default: the usual cost)."},
    "out_of_age": {"const": True, "description": "Even types the empire could not build yet."}},
    ("units", "number")), "Place units.", _place_units)
_effect("lose_units", lambda S: _obj("Units are removed to their pool.", {
    "units": _list(S, "unit", "Unit types or classes (default: any)."),
    "number": _number(S, "How many (in each area when `in_each` is given)."),
    "in_each": _areas(S, "In each such area."),
    "in": _areas(S, "In one such area."),
    "chosen_by": {"enum": ["owner"], "description": "The owner picks which."},
    "who": _who(S)}, ("number",)), "Lose units.", _lose_units)



# -- leaders (§ 6. Civilise › Leaders; § Leader Types) ---------------------------------------------------

_effect("promote_leader", lambda S: _obj("A leader joins the empire.", {
    "named": {"enum": ["unnamed", "adjacent_age"], "description": "An unnamed leader from the cup, or a named "
                                                                  "leader of an age next to the empire's."},
    "beyond_limit": {"const": True, "description": "Even if the empire is at its leader number."}}, ("named",)),
        "Gain a leader.", _promote_leader)
_effect("remove_leader", lambda S: _obj("A leader of the empire is removed.", {
    "in": _areas(S, "The leader in such an area."),
    "type": {"type": "array", "minItems": 1, "items": S.member("leader_type"), "description": "A leader of these types."},
    "named": {"const": True, "description": "A named leader."},
    "all": {"const": True, "description": "Every such leader, not one."},
    "chosen_by": {"enum": ["owner"]},
    "unless": {"type": "array", "minItems": 1, "items": S.member("leader_type"),
               "description": "Not if the leader is of one of these types."},
    "to": _who(S, "The leader moves to this empire instead of leaving play.")}), "Lose a leader.", _remove_leader)
_effect("assassinate", lambda S: _obj("An assassin event: the player draws up to `picks` cards keeping the last, "
                                      "the target's owner up to the empire's leader number; a higher card kills the "
                                      "leader (§ 6. Civilise › Assassins).", {
    "picks": {"type": "integer", "minimum": 1, "maximum": 9},
    "target": {"enum": ["leader_in_range", "leader_in_capital"], "description": "Which leaders may be targeted."}},
    ("picks", "target")), "Try to kill a leader.", _assassinate)

# -- beliefs and governments (§ 6. Civilise › Adopting a religion; Discarding a religion or government) ------

_effect("adopt_religion", lambda S: _obj("The empire adopts a religion.", {
    "of": {**S.target, "description": "The dominant religion of this empire."},
    "religion": {**S.member("artefact"), "description": "This religion."},
    "ignoring_range": {"const": True}}), "Adopt a religion.", _adopt_religion)
_effect("drop", lambda S: _list(S, "belief", "What the empire discards, with the usual disorder."),
        "Discard religions or a government.", _drop)
_effect("put_first", lambda S: {**S.member("artefact"), "description": "This religion becomes the dominant one."},
        "Reorder the empire's religions.", _put_first)
_effect("swap_government", lambda S: {**S.member("artefact"), "description": "The empire swaps its government for "
                                                                             "this one, if a marker is free."},
        "Change government.", _swap_government)

# -- artefacts (§ 6. Civilise › Playing artefact cards) ----------------------------------------------------

_effect("discard_artefact", lambda S: _obj("An artefact is discarded.", {
    "which": {"anyOf": [S.member("artefact"), {"enum": ["this", "religions", "on_map", "green_on_map"]}],
              "description": "this: the artefact itself; an artefact id; religions: all the empire's religions "
                             "(their markers only: not the disorder of discarding one in Civilise); on_map / "
                             "green_on_map: one on the map."},
    "in": _areas(S, "Only one in such an area.")}, ("which",)), "Discard an artefact.", _discard_artefact)
_effect("place_marker", lambda S: _obj("Put a marker on a track.", {
    "marker": S.member("marker"), "space": {"enum": ["empire_level", "glory_5"],
                                           "description": "Where: the empire's progress level, or space 5 of the "
                                                          "glory track."}},
    ("marker", "space")), "Place a marker.",
        lambda args, c, path: lambda st, ctx: st.place_clock(ctx.player, args["marker"], args["space"]))

# -- cards and actions (§ 5. Destiny; § Sequence of play) -------------------------------------------------

_effect("cancel", lambda S: {"type": "array", "minItems": 1, "uniqueItems": True,
                             "items": {**S.member("event"), "description": "The card whose event is cancelled."},
                             "description": "Cancel one of these events as it is played."}, "Cancel an event.",
        _cancel)
_effect("look_at", lambda S: _obj("Look at another player's hand.", {
    "who": _who(S, "Whose hand."),
    "keep": {"const": "if_capital_disordered", "description": "Then take one of those cards at random if that "
                                                                "player's empire in Range has a disordered capital."},
    "cost": {**S.value, "description": "Money per card looked at (they are picked at random)."},
    "stack": {"const": True, "description": "Also look at one of their stacks of units."}}, ("who",)),
        "Look at a player's cards.", _look_at)
_effect("take_card", lambda S: _obj("Take a card at random from another player's hand.", {"from": _who(S, "From whom.")},
                                    ("from",)), "Take a card from a hand.", _hand(True))
_effect("discard", lambda S: _obj("Discard cards from the hand.", {
    "cards": {**S.value, "description": "How many."},
    "down_to": {"type": "integer", "minimum": 0, "description": "Discard down to this many cards."},
    "at_random": {"const": True},
    "who": _who(S, "Who discards (default: the player).")}), "Discard cards.", _hand(False))
_effect("draw_from", lambda S: {"enum": ["discard_pile"], "description": "Draw from here instead of the deck."},
        "Draw from another pile.", _draw_from)
_effect("extra_action", lambda S: _obj("Take another action now.", {
    "action": {**S.member("action"), "description": "Which action (default: any the empire has not taken this turn)."},
    "units": {"enum": ["not_moved", "cavalry"], "description": "Only with these units."}}), "An extra action.",
        _extra_action)
_effect("replace_action", lambda S: _obj("An action marker becomes a pass.", {
    "action": S.member("action"), "who": _who(S, "Whose empires (default: the empire).")}, ("action",)),
        "Turn an action into a pass.", _replace_action)
_effect("claim_glory", lambda S: _obj("The player claims glory (option 11, Secret Victory: they show their glory, "
                                      "the others may challenge the claim by showing less).", {
    "up_to": {**S.value, "description": "The most they may claim."}}, ("up_to",)), "Claim glory.", _claim_glory)
_effect("end_game", lambda S: {"enum": ["owner_wins", "glory"], "description": "The game ends: the empire's owner "
                                                                           "wins, or glory decides."}, "End the game.",
        lambda args, c, path: lambda st, ctx: st.history_ends(ctx.player, args))
_effect("until", lambda S: _obj("A change that lasts for a while (an event's effect).", {
    "end": {**S.member("period"), "description": "When it ends."},
    "modify": S.modifier,
    "who": {"enum": ["you", "target", "all"], "description": "Whom it affects: the empire (default), the empire the "
                                                              "event is played on, or every empire."}},
    ("end", "modify")), "A temporary change.", _until)

# -- values and conditions ---------------------------------------------------------------------------------

_declare("check", "value", lambda S: {"anyOf": [{"const": "card"}, _obj("Several check cards, added up.", {
    "cards": {**S.value, "description": "How many cards are picked."}}, ("cards",))],
    "description": "The value of a card picked from the deck (a check card), or of several added up."},
         "The value of check cards.", _check)
_declare("in_dark_age", "condition", lambda S: {"const": True}, "The empire is in a dark age.",
         _condition("in_dark_age"))
_declare("religion", "condition", lambda S: {"anyOf": [S.member("artefact"), {"enum": ["any", "none"]}],
                                             "description": "Its dominant religion: one, any, or none."},
         "The empire's religion.", _condition("has_religion"))
_declare("leader_type", "condition", lambda S: {"type": "array", "minItems": 1, "items": S.member("leader_type")},
         "The empire has a leader of one of these types.", _condition("has_leader_type"))
_declare("government", "condition", lambda S: {"anyOf": [S.member("artefact"), {"enum": ["any", "none"]}]},
         "The empire's government: one, any, or none.", _condition("has_government"))
_declare("controls", "condition", lambda S: _list(S, "region", "Regions."),
         "The empire controls a land area in each of these regions.", _condition("controls_in"))
_declare("in_ages", "condition", lambda S: {"type": "array", "minItems": 2, "maxItems": 2,
                                            "items": {"type": "integer", "minimum": 1, "maximum": 7},
                                            "description": "First and last age."},
         "The empire is in one of these ages.",
         lambda args, c, path: lambda st, ctx, lo=args[0], hi=args[1]: lo <= st.age(ctx.player) <= hi)
_declare("disordered", "condition", lambda S: _areas(S, "A kind of area the empire has one of."),
         "The empire's area of this kind is disordered.", _condition("kind_disordered"))
_declare("conflict_terrain", "condition", lambda S: _list(S, "terrain", "Terrains."),
         "The conflict is in an area of one of these terrains.", _condition("in_conflict_terrain"))
_declare("lost_area_recently", "condition", lambda S: {"const": True},
         "Another player's empire took one of its areas this turn or last.",
         lambda args, c, path: lambda st, ctx: st.lost_recently(ctx.player))
_declare("defender_recently", "condition", lambda S: {"type": "boolean"},
         "It was (true) or was not (false) the defender against that empire this turn or last.",
         lambda args, c, path: lambda st, ctx: st.defender_recently(ctx.player, ctx.event["from"]) == args)
_declare("marker_on_track", "condition", lambda S: S.member("marker"), "A marker is on its track.",
         lambda args, c, path: lambda st, ctx: args in st.clocks)
_declare("range", "condition", lambda S: {**S.target, "description": "That empire is within the empire's Range."},
         "Another empire is within Range.")

# -- continuous changes ------------------------------------------------------------------------------------

_declare("unit_cost", "modifier", lambda S: _obj("What units cost to build (§ Cost).", {
    "units": _list(S, "unit", "Unit types or classes."),
    "add": {"type": "integer", "description": "Added to each unit's cost (negative: cheaper)."},
    "set": {"type": "integer", "minimum": 0, "description": "Each unit costs this."},
    "halve": {"const": True, "description": "The total cost is halved."},
    "minimum": {"type": "integer", "minimum": 1, "description": "Never below this."},
    "only": {**S.member("period"), "description": "Only at this time (set-up)."},
    "where": {"const": "here", "description": "Only units built in this artefact's area."}}, ("units",)),
         "Unit costs.", _standing("unit_cost", lambda args: set(args) == INITIAL_COST and args["only"] == "setup"))
_declare("maintenance", "modifier", lambda S: _obj("What units cost to keep (§ 2. Production › Maintenance).", {
    "units": _list(S, "unit", "Unit types or classes (default: all)."),
    "set": {"type": "integer", "minimum": 0}}, ("set",)), "Maintenance.",
         _standing("maintenance"))
_declare("income", "modifier", lambda S: _obj("Income in Production (§ 2. Production › Earning income).", {
    "from": _list(S, "income", "Where the income comes from."),
    "times": {"enum": [0, 2], "description": "Doubled, or nothing."},
    "halve": {"const": True},
    "also": {"const": True, "description": "They give income as well as what the rules give."},
    "add": {"type": "integer", "description": "Added per area."}}, ("from",)), "Income.",
         _standing("income"))
_declare("conflict", "modifier", lambda S: _obj("Conflict values (§ 4. Manoeuvre › Resolving conflict).", {
    "total": {"type": "integer"}, "front": {"type": "integer"}, "support": {"type": "integer"},
    "double": {"enum": ["front"], "description": "Doubled values."},
    "units": _list(S, "unit", "Only these units."),
    "near": {"enum": ["here", "range"], "description": "Only in or next to this artefact's area, or within its Range."},
    "cancel": {"type": "array", "minItems": 1, "items": S.member("defence"),
               "description": "What no longer counts for the other side."}}), "Conflict values.",
         _standing("conflict", lambda args: set(args) <= UNIT_VALUES and "units" in args))
_declare("harvest", "modifier", lambda S: _obj("Harvest glory (§ End of turn › Harvest glory).", {
    "category": {**S.member("glory_category"), "description": "One glory category of the empire."},
    "add": {"type": "integer", "description": "The category's number is this much higher (1 if it has none)."},
    "halve": {"const": True, "description": "Glory gained is halved (rounded to the nearest, halves up)."},
    "none": {"const": True, "description": "No glory is gained."}}), "Harvest glory.",
         _played_when("modifier", "harvest", lambda args: set(args) == {"category", "add"}))
_declare("trade_progress", "modifier", lambda S: _obj("Progress levels won in a trade (§ 3. Trade and progress).", {
    "add": {"type": "integer"}, "max": {"type": "integer", "minimum": 0},
    "when": {**S.member("trade_case"), "description": "Only in such a trade."}}), "Levels won in a trade.",
         _standing("trade_progress"))
_declare("build_ahead", "modifier", lambda S: {"type": "integer", "minimum": 1, "description":
                                               "Progress levels ahead of its own at which it builds units (these "
                                               "bonuses add up)."}, "Build units ahead of the empire's level.",
         _standing("build_ahead"))
_declare("moves", "modifier", lambda S: _obj("Extra movement (§ 4. Manoeuvre › Movement).", {
    "ships": {"type": "integer", "minimum": 1, "description": "Extra areas its ships move."},
    "land": {"type": "integer", "minimum": 1, "description": "Extra movement points of its land units."}}),
         "More movement.")
_declare("counts_for_glory", "modifier", lambda S: _list(S, "terrain", "Terrains."),
         "Areas of these terrains count when the empire counts its areas for glory.", _as_written)
_declare("law", "modifier", lambda S: {**S.member("law"), "description": "A rule the artefact or empire adds to the "
                                                                       "game (not a permission: it always applies)."},
         "A rule that applies.", _standing("law", lambda args: args in LAWS_PLAYED))
_declare("shielded_from", "modifier", lambda S: {"type": "array", "minItems": 1, "uniqueItems": True,
                                                 "items": S.member("event"),
                                                 "description": "Cards whose events cannot be played on the empire."},
         "Events that cannot be played on the empire.", _standing("shielded_from"))
_declare("censure", "modifier", lambda S: {"type": "array", "minItems": 1, "uniqueItems": True,
                                           "items": S.member("event"),
                                           "description": "Cards whose events may be put to a censure vote."},
         "The United Nations' censure vote.", _standing("censure"))
_declare("move_cost", "modifier", lambda S: _obj("Movement points to enter an area (§ 4. Manoeuvre › Movement).", {
    "into": _areas(S, "Areas entered."), "cost": {"type": "integer", "minimum": 0},
    "who": {"enum": ["any_empire"], "description": "For every empire, not only this one."}}, ("into", "cost")),
         "Movement cost.", _standing("move_cost"))
_declare("no_entry", "modifier", lambda S: _obj("Areas the empire's units may not enter.", {
    "areas": _areas(S, "A kind of area."),
    "of": {"enum": ["each_other", "yours"], "description": "each_other: the two empires may not enter each other's "
                                                          "areas; yours: the empire may not enter your empire's."}}),
         "Areas closed to units.", _standing("no_entry"))
_declare("ignore", "modifier", lambda S: {"type": "array", "minItems": 1, "uniqueItems": True,
                                          "items": {"anyOf": [S.member("artefact"), S.member("ignorable")]},
                                          "description": "Artefacts or rules that no longer affect the empire."},
         "Ignore artefacts' effects.",
         _standing("ignore"))

#: The verbs above the engine runs (the plugin's ``runs``): events using only these (and the core
#: verbs) are played; docs/rules/7ages.md § 14 lists the others.
RUNS = frozenset({"disorder", "remove_disorder", "reduce_city", "improve_city", "build_city", "move_capital",
                  "lose_units", "remove_leader", "promote_leader", "assassinate", "adopt_religion", "drop",
                  "swap_government", "discard_artefact", "take_card", "discard", "until", "cancel",
                  "look_at", "check", "in_dark_age", "religion", "leader_type", "government", "disordered",
                  "conflict_terrain", "controls", "take_area", "put_first",
                  "replace_action", "place_units", "destroy_city", "draw_from", "move_units", "claim_glory",
                  "extra_action",
                  # the empires' special rules (specials.py)
                  "in_ages", "convert", "unit_cost", "conflict", "counts_for_glory", "law",
                  # option 16's artefacts (artefacts.py)
                  "harvest", "income", "build_ahead", "move_cost", "ignore", "trade_progress", "censure",
                  "place_marker", "maintenance", "end_game", "avoid", "shielded_from", "marker_on_track",
                  "lost_area_recently", "defender_recently", "no_entry"})
