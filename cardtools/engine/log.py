"""The game log: a readable account a player can follow, written only when asked for.

A state keeps ``log`` — a list of lines, or None when nobody reads it (simulation), so the hot path
builds no text. A line about something only one player knows carries it in brackets
(``P1 drafts a civilization card [Egypt]``). Amounts are written with the vocabulary's nouns
(``1 coin``, ``2 coins``). The log's digest identifies a game: same seed, same digest.
"""

from __future__ import annotations

import hashlib
from typing import Mapping


class Words:
    """Amounts of resources in words: ``words(2, "coins")`` is ``2 coins``, ``words(1, "coins")``
    ``1 coin``; ``extra`` adds other nouns (``{"bonus coins": "bonus coin"}``)."""

    def __init__(self, vocab, extra: Mapping[str, str] = {}):
        self.one = {name: noun.one for name, noun in vocab.resources.items()}
        self.one.update(extra)

    def __call__(self, n: int, many: str) -> str:
        return f"{n} {self.one.get(many, many) if n == 1 else many}"


def line(text: str, private: str | None = None) -> str:
    """A log line; ``private`` is what only the player concerned knows."""
    return text if private is None else f"{text} [{private}]"


def digest(log: list[str]) -> str:
    """The SHA-256 of a game log: equal logs, equal games."""
    return hashlib.sha256("\n".join(log).encode()).hexdigest()
