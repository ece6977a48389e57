"""Lists and dicts that count their writes (``writes``): a cache keyed by the counts of what it reads is
stale exactly when one of them was written, whoever wrote it and however (artefacts.py's index of powers)."""

from __future__ import annotations

#: Every method of a list or a dict that changes it.
LIST_WRITES = ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend", "insert", "pop",
               "remove", "clear", "sort", "reverse")
DICT_WRITES = ("__setitem__", "__delitem__", "__ior__", "pop", "popitem", "setdefault", "update", "clear")


def counting(base: type, name: str):
    """``base``'s method ``name``, counting the write first."""
    method = getattr(base, name)

    def write(self, *args, **kwargs):
        self.writes += 1
        return method(self, *args, **kwargs)
    write.__name__ = name
    return write


class TalliedList(list):
    """A list that counts its writes; its copy (a state's clone) starts from its count."""

    __slots__ = ("writes",)

    def __init__(self, items=(), writes: int = 0):
        super().__init__(items)
        self.writes = writes

    def copy(self) -> "TalliedList":
        return TalliedList(self, self.writes)


class TalliedDict(dict):
    """A dict that counts its writes; its copy (a state's clone) starts from its count."""

    __slots__ = ("writes",)

    def __init__(self, items=(), writes: int = 0):
        super().__init__(items)
        self.writes = writes

    def copy(self) -> "TalliedDict":
        return TalliedDict(self, self.writes)


for _name in LIST_WRITES:
    setattr(TalliedList, _name, counting(list, _name))
for _name in DICT_WRITES:
    setattr(TalliedDict, _name, counting(dict, _name))
