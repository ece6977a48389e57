"""The verb reference: every verb a game's effects may use, with a real example from its deck.

``cardtools verbs GAME`` prints it; docs/effects.md includes it for the shipped games. An example
is the first ability of a card whose text is rendered through the verb: the renderer visits every
node by its kind, so a resource named like a verb (AoC's `score`) is never mistaken for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from cardtools.core.deck import Deck, thaw
from cardtools.effects.registry import KINDS, Verb, verbs
from cardtools.effects.text import TextRenderer
from cardtools.effects.vocabulary import Vocabulary


@dataclass(frozen=True)
class Example:
    card: str
    source: str  # the ability as one line of YAML
    text: str    # its generated text (plain)


@dataclass(frozen=True)
class Entry:
    verb: Verb
    example: Example | None


class _Recorder(TextRenderer):
    """A renderer that notes which (kind, verb) each rendering passed through."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.seen: set[tuple[str, str]] = set()

    def render(self, kind, node, **extra):
        self.seen.add((kind, self._split(kind, node)[0]))
        return super().render(kind, node, **extra)

    def _merged(self, nodes):
        text = super()._merged(nodes)
        if text is not None:  # one clause for several effects of one verb (Raid): they still use it
            self.seen.add(("effect", self._split("effect", nodes[0])[0]))
        return text


def usage(vocab: Vocabulary, deck: Deck) -> dict[tuple[str, str], list[Example]]:
    """Every (kind, verb) the deck's abilities go through, with each ability that does, in deck
    order: what an engine must run to play the deck (docs/rules/tta.md § 13 audits TtA's)."""
    recorder = _Recorder(vocab, deck, style="plain")
    used: dict[tuple[str, str], list[Example]] = {}
    for card in deck.cards:
        for field in deck.manifest.card_types[card.type].effect_fields:
            for ability in card.get(field, ()):
                recorder.seen.clear()
                text = recorder.ability(ability)
                source = yaml.safe_dump(thaw(ability), default_flow_style=True, width=10_000, sort_keys=False).strip()
                for key in recorder.seen:
                    used.setdefault(key, []).append(Example(card.id, source, text))
    return used


def reference(vocab: Vocabulary, deck: Deck) -> dict[str, list[Entry]]:
    """Entries by kind, core verbs first then the game's, each with its first example."""
    examples = {key: uses[0] for key, uses in usage(vocab, deck).items()}
    table = verbs(vocab)
    return {kind: [Entry(v, examples.get((kind, name)))
                   for name, v in sorted(table[kind].items(), key=lambda item: (item[1].game is not None, item[0]))]
            for kind in KINDS}


def markdown(game: str, entries: dict[str, list[Entry]]) -> str:
    lines = [f"### {game}", ""]
    for kind, items in entries.items():
        lines += [f"#### {kind.capitalize()}s", ""]
        for e in items:
            owner = "" if e.verb.game is None else f" ({e.verb.game})"
            lines.append(f"- **`{e.verb.name}`**{owner} — {' '.join(e.verb.doc.split())}")
            if e.example:
                lines.append(f"  - `{e.example.card}`: `{e.example.source}`  \n    → *{e.example.text}*")
            else:
                lines.append("  - not used by a card of this game yet.")
        lines.append("")
    return "\n".join(lines)


def plain(game: str, entries: dict[str, list[Entry]]) -> str:
    lines = []
    for kind, items in entries.items():
        lines.append(f"{kind.upper()}S")
        for e in items:
            owner = "" if e.verb.game is None else f" [{e.verb.game}]"
            lines.append(f"  {e.verb.name}{owner}: {' '.join(e.verb.doc.split())}")
            if e.example:
                lines.append(f"      e.g. {e.example.card}: {e.example.source}")
                lines.append(f"           -> {e.example.text}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
