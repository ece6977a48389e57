"""Named moves: a game declares its kinds of move with typed arguments, and every move gets a dense,
stable integer id (what agents and search trees use) and words (what logs and scenario files use).

``perform(action, target)`` with 10 actions and 9 technologies (or none) is 100 ids; ids are laid
out kind after kind in the order declared, the arguments of a kind in mixed radix, so the same
deck always gives the same ids and sorting ids sorts moves by kind first. A move reads
``perform research writing`` (an argument left out — ``None`` — is not written).

A kind whose argument is ``OPTION`` numbers the options of a pending decision: its words are the
option's label, which only the state knows (``State.action_to_string``).
"""

from __future__ import annotations

from typing import Sequence

#: The argument of a decision: the index of one of the pending decision's options.
OPTION = "<option>"
#: How many options a decision may offer.
MAX_OPTIONS = 64


class MoveKind:
    """One kind of move: its name (the first word), its arguments' domains, its first id."""

    __slots__ = ("name", "handler", "args", "base", "size", "_index")

    def __init__(self, name: str, args: tuple[tuple, ...], base: int):
        self.name = name
        self.handler = f"move_{name}"     # the state's method that applies this kind of move
        self.args = args          # per argument: its values (card ids, words; None = left out), or options
        self.base = base
        self.size = 1
        for domain in args:
            self.size *= len(domain)
        self._index = tuple({v: i for i, v in enumerate(d)} for d in args)

    def id(self, *values) -> int:
        """The id of this kind's move with these argument values."""
        index = 0
        for domain, position, value in zip(self.args, self._index, values):
            index = index * len(domain) + position[value]
        return self.base + index

    def values(self, index: int) -> tuple:
        """The argument values of this kind's ``index``-th move."""
        out = []
        for domain in reversed(self.args):
            index, i = divmod(index, len(domain))
            out.append(domain[i])
        return tuple(reversed(out))

    @property
    def decision(self) -> bool:
        """Whether this kind answers a pending decision (its argument is an option's number)."""
        return self.args == (_OPTIONS,)


_OPTIONS = tuple(range(MAX_OPTIONS))


class MoveCodec:
    """Every move of a game: ``kinds`` are ``(name, [domain, …])`` in id order."""

    def __init__(self, kinds: Sequence[tuple[str, Sequence]]):
        self.kinds: list[MoveKind] = []
        base = 0
        for name, args in kinds:
            kind = MoveKind(name, tuple(_OPTIONS if a == OPTION else tuple(a) for a in args), base)
            self.kinds.append(kind)
            base += kind.size
        self.size = base
        self.kind = {k.name: k for k in self.kinds}
        self._decoded: dict[int, tuple[MoveKind, tuple]] = {}

    def id(self, kind: str, *values) -> int:
        """``codec.id("perform", "research", "writing")``."""
        return self.kind[kind].id(*values)

    def decode(self, move: int) -> tuple[MoveKind, tuple]:
        """The kind of a move and its argument values (remembered: agents ask again and again)."""
        found = self._decoded.get(move)
        if found is None:
            if not 0 <= move < self.size:
                raise ValueError(f"no move has id {move}")
            kind = next(k for k in reversed(self.kinds) if k.base <= move)
            found = self._decoded[move] = (kind, kind.values(move - kind.base))
        return found

    def words(self, move: int) -> str:
        """``perform research writing``; a decision's option by its number (the state knows its label)."""
        kind, values = self.decode(move)
        return " ".join([kind.name, *(str(v) for v in values if v is not None)])

    def parse(self, text: str) -> int | None:
        """The move ``words`` would write as ``text`` (decision options excepted), or None."""
        name, *rest = text.split()
        kind = self.kind.get(name)
        if kind is None or kind.decision or len(rest) > len(kind.args):
            return None
        for values in _fillings(kind.args, rest):
            return kind.id(*values)
        return None


def _fillings(domains: tuple[tuple, ...], words: list[str]):
    """Argument values matching ``words``, with left-out arguments (None) where a domain allows."""
    if not domains:
        if not words:
            yield ()
        return
    first, rest = domains[0], domains[1:]
    if words and words[0] in first:
        for tail in _fillings(rest, words[1:]):
            yield (words[0], *tail)
    if None in first:
        for tail in _fillings(rest, words):
            yield (None, *tail)
