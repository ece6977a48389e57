"""Verbs only Age of Civilization uses (text: templates/text/aoc/verbs.yaml)."""

from __future__ import annotations

from cardtools.effects.registry import ITSELF, SchemaParts, verb

GAME = "aoc"


def _workers(S: SchemaParts, text: str) -> dict:
    return {"type": "object", "additionalProperties": False, "required": ["workers"], "description": text,
            "properties": {"workers": S.value, "who": {**S.target, "description": "Who (default: you)."}}}


@verb("sacrifice", "effect", lambda S: _workers(S, "Sacrifice workers (return them to the supply); abilities "
                                                  "that react to sacrificed workers apply."), game=GAME)
def sacrifice(args, c, path):
    """Sacrifice workers (KEY CONCEPTS; CIVILIZATIONS › Kongo: any reason counts)."""
    amount = c.value(args["workers"], path + ("workers",))
    targets = c.targets(args.get("who", "you"), path + ("who",))
    return lambda st, ctx: targets.apply(st, ctx, lambda s, x: s.sacrifice(x, x.player, amount(s, x)),
                                         "who sacrifices?")


@verb("slot", "modifier", subject=ITSELF, schema=lambda S: {**S.member("action"), "description": "An extra slot of this action that only "
                                                                         "the holder may use (CIVILIZATIONS › India)."},
      game=GAME)
def slot(args, c, path):
    """A private extra action slot."""
    return {"action": args}


@verb("workers", "modifier", subject="of", schema=lambda S: {
    "type": "object", "additionalProperties": False, "required": ["of", "add"],
    "properties": {"of": S.member("action"), "add": S.value},
    "description": "Change how many workers an action needs (CIVILIZATIONS › Aztecs)."}, game=GAME)
def workers(args, c, path):
    """More (or fewer) workers placed on an action; they resolve like the slot's others."""
    return {"of": args["of"], "add": {"workers": c.value(args["add"], path + ("add",))}}


@verb("civilizations", "value", lambda S: {
    "type": "object", "additionalProperties": False, "required": ["population"],
    "properties": {"population": {"type": "integer", "minimum": 1, "description": "The population printed on the card."}},
    "description": "How many of your civilization cards have this population (SOLO GAME › Achievements)."}, game=GAME)
def civilizations(args, c, path):
    """Your civilization cards (main, declined and annexed) with a given population."""
    population = args["population"]
    return lambda st, ctx: st.civilizations_with(ctx.player, population)
