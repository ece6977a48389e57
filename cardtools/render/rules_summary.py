"""A game's rules summary (``decks/<game>/rules-summary.yaml``) as the deck's rule parameters make it.

A step may say which rule parameters it depends on (``rules: [market_refill]``), give other
wording for other values (``cases: [{if: {market_refill: round_end}, summary: …, source: …}]``)
and appear only for some values (``when: {virtual_opponent: true}``). The reference sheet then
follows the variant: a step that a variant changes carries the variant's name, so a player
knows which rule is not the usual one. Unknown parameter names are errors at their line.
"""

from __future__ import annotations

from typing import Any, Mapping

from cardtools.core.deck import Deck, thaw
from cardtools.core.diagnostics import Diagnostic, DiagnosticError, did_you_mean, error
from cardtools.core.variants import leaves

DATA = "rules_summary"


def rule(rules: Mapping, name: str) -> Any:
    """A rule parameter by dotted name ('final_scoring.age_iii_events')."""
    value: Any = rules
    for part in name.split("."):
        value = value[part]
    return value


def matches(condition: Mapping, rules: Mapping) -> bool:
    """Every parameter has the value named (or one of the values listed)."""
    return all(rule(rules, name) in (wanted if isinstance(wanted, list) else [wanted])
               for name, wanted in condition.items())


def followed(deck: Deck, base_rules: Mapping, variant_name: str | None) -> dict | None:
    """The deck's rules summary with every step chosen and worded by its rules; None without one."""
    summary = thaw(deck.data.get(DATA))
    if summary is None:
        return None
    base_rules, rules = thaw(base_rules), thaw(deck.rules)
    known = {".".join(path) for path, _ in leaves(base_rules)} | \
            {".".join(path[:n]) for path, _ in leaves(base_rules) for n in range(1, len(path))}
    problems: list[Diagnostic] = []

    def step(node: Mapping, path: tuple) -> dict | None:
        names = list(node.get("rules", [])) + [n for case in node.get("cases", []) for n in case["if"]] + \
            list(node.get("when", {}))
        unknown = [n for n in names if n not in known]
        if unknown:
            loc = deck.locate_data(DATA, *path)
            problems.append(error(loc.path, loc.line, loc.col, "rules-summary",
                                  f"'{node['name']}' names rule '{unknown[0]}', which {deck.game} does not have"
                                  f"{did_you_mean(unknown[0], sorted(known))}"))
            return None
        if "when" in node and not matches(node["when"], rules):
            return None
        out = {k: v for k, v in node.items() if k not in ("rules", "cases", "when", "steps")}
        case = next((c for c in node.get("cases", []) if matches(c["if"], rules)), None)
        if case is not None:
            out.update(summary=case["summary"], source=case["source"])
        if variant_name and any(rule(rules, n) != rule(base_rules, n) for n in names):
            out["summary"] = f"{out.get('summary', '')} **({variant_name})**".strip()
        if "steps" in node:
            out["steps"] = [s for i, child in enumerate(node["steps"])
                            if (s := step(child, path + ("steps", i))) is not None]
        return out

    parts = {}
    for name, part in summary.items():
        parts[name] = step(part, (name,)) or {}
    if problems:
        raise DiagnosticError(problems)
    return parts
