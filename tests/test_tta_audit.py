"""docs/rules/tta.md audits the effect language the TtA cards use — every verb, trigger and named
rule token, with the cards using each — for the engine author. These tests keep its tables equal to
the deck, so a card edit that brings in a new verb or token shows up here first."""

import re
from pathlib import Path

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.effects.reference import usage
from cardtools.effects.registry import verbs
from cardtools.effects.vocabulary import require_vocabulary

REPO = Path(__file__).parent.parent
SPEC = REPO / "docs" / "rules" / "tta.md"
#: Modifiers whose argument is a name the engine implements as a rule of its own.
TOKEN_MODIFIERS = ("allow", "forbid", "immune")


@pytest.fixture(scope="module")
def deck():
    return load_deck("tta", workspace=Workspace(REPO))


@pytest.fixture(scope="module")
def vocab():
    return require_vocabulary(Workspace(REPO), "tta")


def abilities(deck):
    for card in deck.cards:
        for field in deck.manifest.card_types[card.type].effect_fields:
            for ability in card.get(field, ()):
                yield card.id, ability


def cards_of(ids) -> str:
    return ", ".join(sorted(set(ids)))


def verb_rows(deck, vocab) -> list[str]:
    table = verbs(vocab)
    rows = []
    for (kind, name), uses in sorted(usage(vocab, deck).items()):
        owner = " (tta)" if table[kind][name].game else ""
        ids = {u.card for u in uses}
        rows.append(f"| {kind} | `{name}`{owner} | {len(ids)} | {cards_of(ids)} |")
    return rows


def trigger_rows(deck) -> list[str]:
    found: dict[str, set[str]] = {}
    for card_id, ability in abilities(deck):
        if "when" in ability:
            when = ability["when"]
            found.setdefault(when if isinstance(when, str) else next(iter(when)), set()).add(card_id)
    return [f"| `{name}` | {len(ids)} | {cards_of(ids)} |" for name, ids in sorted(found.items())]


def tokens(deck) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for card_id, ability in abilities(deck):
        for modifier in TOKEN_MODIFIERS:
            if modifier in ability.get("modify", {}):
                found.setdefault(f"{modifier}: {ability['modify'][modifier]}", set()).add(card_id)
    return found


def section(title: str) -> str:
    text = SPEC.read_text()
    start = text.index(title)
    end = text.find("\n#", start + len(title))
    return text[start:end if end != -1 else None]


def test_the_verb_audit_lists_every_verb_the_cards_use(deck, vocab):
    table = section("### 13.1 Verbs")
    assert [line for line in table.splitlines() if re.match(r"\| (effect|value|condition|target|modifier) \|", line)] \
        == verb_rows(deck, vocab)


def test_the_trigger_audit_lists_every_trigger(deck):
    table = section("### 13.2 Triggers")
    assert [line for line in table.splitlines() if line.startswith("| `")] == trigger_rows(deck)


def test_named_rule_tokens_list_each_token_with_its_cards(deck):
    rows = [line for line in section("## 12. Named rule tokens").splitlines() if line.startswith("| `")]
    listed = {m.group(1): set(m.group(2).split(", "))
              for m in (re.match(r"\| `([a-z]+: [a-z_]+)` \| ([a-z_, ]+) \|", row) for row in rows)}
    assert listed == tokens(deck)
    for row in rows:  # every rule is cited
        assert "seeds/" in row or "reference/" in row, row


def test_michelangelo_needs_no_token(deck):
    """A rule that existing verbs can say is written with them (issue 14)."""
    assert "allow: wonder_without_surcharge" not in tokens(deck)
