"""Lists and dicts that count their changes (``writes``), for a game's caches of derived rules: a cache keyed
by the counts of what it reads is stale exactly when one of them was changed, whoever changed it and however
(7 Ages' index of option 16's powers: games/seven_ages/artefacts.py). A plain dict or list a subclass would
make slower to read (7 Ages' map owners) is stamped by its writers instead (``stamp``). Every change counts in
``CHANGES`` too: one number to tell that nothing was changed since."""

from __future__ import annotations

#: Changes so far, in this process, of every tallied list and dict and of what is stamped (``stamp``): a
#: cache that saw this number has seen every change since, whatever the position (7 Ages' index of powers).
CHANGES = [0]


def stamp() -> int:
    """A number never given before in this process (the next of ``CHANGES``): the stamp of one write of a
    plain value (7 Ages: ``State.owned``, the map's owners; ``State.seated``, the empires; the changes for a
    while, ``for_a_while``; the blue markers, ``blue_marker``), so that two positions with the same stamp hold
    the same one, clones included."""
    CHANGES[0] += 1
    return CHANGES[0]

#: Every method of a list or a dict that changes it.
LIST_WRITES = ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend", "insert", "pop",
               "remove", "clear", "sort", "reverse")
DICT_WRITES = ("__setitem__", "__delitem__", "__ior__", "pop", "popitem", "setdefault", "update", "clear")


def counting(base: type, name: str):
    """``base``'s method ``name``, counting the write first — but not an item set to what it was, nor a
    missing key popped with a default (an empire's empty beliefs emptied, an area without markers
    vacated): what a cache read is unchanged."""
    method = getattr(base, name)

    def write(self, *args, **kwargs):
        self.writes += 1
        CHANGES[0] += 1
        return method(self, *args, **kwargs)

    def setitem(self, key, value):
        try:
            same = self[key] == value
        except (KeyError, IndexError):
            same = False
        if not same:
            self.writes += 1
            CHANGES[0] += 1
        method(self, key, value)

    def pop(self, key, *default):
        if key in self or not default:
            self.writes += 1
            CHANGES[0] += 1
        return method(self, key, *default)
    chosen = setitem if name == "__setitem__" else pop if name == "pop" and base is dict else write
    chosen.__name__ = name
    return chosen


def tallied(base: type, writes: tuple[str, ...]) -> type:
    """``base`` counting its writes; its copy (a state's clone) starts from its count."""
    def __init__(self, items=(), count: int = 0):
        base.__init__(self, items)
        self.writes = count

    def copy(self):
        return kind(self, self.writes)
    kind = type(f"Tallied{base.__name__.title()}", (base,), {
        "__slots__": ("writes",), "__init__": __init__, "copy": copy,
        "__doc__": f"A {base.__name__} that counts its writes; its copy (a state's clone) starts from its count.",
        **{name: counting(base, name) for name in writes}})
    return kind


TalliedList = tallied(list, LIST_WRITES)
TalliedDict = tallied(dict, DICT_WRITES)
