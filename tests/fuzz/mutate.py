"""Mutation operators: each changes one file of a workspace the way a typo, a bad edit or a
hostile folder could, and says what it did.

YAML files are mutated through their structure — the parser's events give every value, key and
entry its span in the text — so that a mutant is mostly still YAML and reaches the checks behind
the parser: type swaps, huge and tiny numbers, unicode, unknown words and references, deleted and
duplicated entries, template payloads (``runner`` adds cyclic ``extends``). Spreadsheets are
mutated by cell, row, column and header; icons by numbers, nesting, path size, entities and
unknown markup; fonts by truncation and corruption. Text and byte operators (broken YAML,
truncation, byte flips) and file-system operators (a FIFO, a directory, a symlink to /dev/zero or
to itself, 17 MiB) apply to every kind of file. Everything is drawn from the ``random.Random``
passed in, so a mutant is reproduced from its seed.
"""

from __future__ import annotations

import csv
import io
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

NUMBERS = ["0", "-1", "1.0", "2.5", "34.0", "1e16", "1e308", "-1e308", "1e-320", "1e400", ".inf", "-.inf", ".nan",
           "1000000000000000000", "-1000000000000000000", "99999999999999999999999999", "0x7fffffffffffffff",
           "0o777", "007", "+1", "-0", "1_000", "12:30"]
TYPES = ["[civilization]", "[]", "{}", "{a: 1}", "null", "~", "true", "false", "''", "[[1]]", "[1, 2]",
         "{x: {y: z}}", "[egypt]", "{id: x}"]
STRINGS = ['"x\\n"', '"\\t"', "' '", '"\\0"', '"a\\u202eb"', "é", "😀", "ﬁ", '"\\u00ad"', "'{'", "'}'", "'**'",
           "'{coin'", "'{nope}'", "'\\{literal\\}'", "'../../etc/passwd'", "/dev/zero", "'%s%n'", "'<b>&amp;'",
           "CON", "'#'", "'- x'", "x" * 1000, "'" + "y" * 100_000 + "'", "'\U0010ffff'", "'\\\\'"]
TEMPLATES = ["'{{'", "'{{ }}'", "'{% for %}'", "'{{ card.nmae }}'", "'{{ 1/0 }}'", "'{{ a.nope.x }}'",
             "'{{ range(10**9) | list }}'", "\"{{ 'x' * 10**9 }}\"", "'{{ 10**10**10 }}'",
             "'{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}'",
             "\"{{ ''.__class__.__mro__ }}\"", "\"{{ cycler.__init__.__globals__ }}\"",
             "'{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}'", "\"{{ 'x' | center(1000000000) }}\"",
             "\"{{ '%999999999d' % 1 }}\"", "\"{{ 'ab'.replace('a', 'a' * 100000) }}\"",
             "'{% set ns = namespace(s=\"xx\") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}'",
             "\"{{ lipsum(1000000) }}\"", "'{% raw %}'", "'{{ a | nosuchfilter }}'", "'{{ 2 ** -1 }}'",
             "'{% extends \"x\" %}'", "'{% include \"/etc/passwd\" %}'"]
JUNK = ["\t", ": ", "- ", "[", "{", '"', "'", "&a ", "*nope ", "!!python/object/apply:os.system ['true'] ",
        "<<: *x\n", "%YAML 1.1\n", "---\n", "? ", "|", ">", "\x00", "\x1b", "\ufeff", "\u2028", "#", "@", "`",
        "\\", "&a [*a]\n", "!custom ", "--- !!set\n"]
WORDS = ["zzz_unknown", "cost", "count", "type", "id", "gain", "extends", "when", "do", "if", "name", "source",
         "kind", "text", "items", "remove", "patch", "add", "rules", "regions", "front", "back", "<<", "1", "true",
         "null", "é", "a b", "x" * 200]


@dataclass(frozen=True)
class Node:
    """A value in a YAML file: its span in the text (trailing blanks excluded) and what it is."""

    kind: str        # "scalar", "seq" or "map"
    start: int
    end: int
    key: bool        # a mapping key
    entry: int       # where its entry starts: the key of a mapping value, the item itself
    value: str | None = None  # a scalar's value


def nodes(text: str) -> list[Node] | None:
    """Every node of a YAML text, or None when the text does not parse."""
    found: list[Node] = []
    stack: list[list] = []  # [kind, start, expecting a key, start of the current key's entry, entry]

    def place(start: int) -> tuple[bool, int]:
        if not stack:
            return False, start
        frame = stack[-1]
        if frame[0] == "map":
            frame[2] = not frame[2]
            if frame[2]:
                frame[3] = start
                return True, start
            return False, frame[3]
        return False, start

    try:
        for event in yaml.parse(text, Loader=Loader):
            kind = type(event)
            if kind is yaml.ScalarEvent:
                key, entry = place(event.start_mark.index)
                found.append(Node("scalar", event.start_mark.index, _trim(text, event.start_mark.index,
                                                                            event.end_mark.index),
                                  key, entry, event.value))
            elif kind in (yaml.SequenceStartEvent, yaml.MappingStartEvent):
                key, entry = place(event.start_mark.index)
                stack.append(["seq" if kind is yaml.SequenceStartEvent else "map", event.start_mark.index,
                              False, 0, entry, key])
            elif kind in (yaml.SequenceEndEvent, yaml.MappingEndEvent):
                name, start, _, _, entry, key = stack.pop()
                found.append(Node(name, start, _trim(text, start, event.end_mark.index), key, entry))
            elif kind is yaml.AliasEvent:
                key, entry = place(event.start_mark.index)
                found.append(Node("scalar", event.start_mark.index, event.end_mark.index, key, entry))
    except yaml.YAMLError:
        return None
    return found


def _trim(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def _lines(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of whole lines holding text[start:end] (with the final newline)."""
    first = text.rfind("\n", 0, start) + 1
    last = text.find("\n", end)
    return first, len(text) if last < 0 else last + 1


# -- operators on YAML text ------------------------------------------------------------------------
# Each takes (text, rng, nodes, words) and returns (new text, what it did), or None if it cannot apply.

def _pick(rng: random.Random, items: list):
    return rng.choice(items) if items else None


def _splice(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def _show(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")


def replace_value(text, rng, found, words):
    """A scalar value becomes another type, an extreme number, unusual text, a template payload or a
    reference to something else."""
    node = _pick(rng, [n for n in found if not n.key and n.kind == "scalar"])
    if node is None:
        return None
    pool = rng.choice([NUMBERS, TYPES, STRINGS, TEMPLATES, words, words])
    new = rng.choice(pool)
    if pool is words and rng.random() < 0.3:
        new = misspell(new, rng)
    return _splice(text, node.start, node.end, new), f"value {_show(text[node.start:node.end])} -> {_show(new)}"


def replace_collection(text, rng, found, words):
    """A list or mapping becomes a scalar or the other kind of collection."""
    node = _pick(rng, [n for n in found if not n.key and n.kind != "scalar" and n.end > n.start])
    if node is None:
        return None
    new = rng.choice(TYPES + NUMBERS[:6] + ["x"])
    old_line = text[node.start:node.end].split("\n", 1)[0]
    return _splice(text, node.start, node.end, new), f"{node.kind} {_show(old_line)} -> {_show(new)}"


def rename_key(text, rng, found, words):
    """A mapping key becomes a misspelling, an unknown word, another key, or a very long word."""
    node = _pick(rng, [n for n in found if n.key and n.kind == "scalar"])
    if node is None:
        return None
    choice = rng.random()
    if choice < 0.4:
        new = misspell(node.value or "x", rng)
    elif choice < 0.8:
        new = rng.choice(words + WORDS)
    elif choice < 0.95:
        new = rng.choice([n.value for n in found if n.key and n.value] or ["x"])
    else:
        new = "k" * rng.choice([10_000, 1_000_000])
    return _splice(text, node.start, node.end, new), f"key {_show(node.value or '')} -> {_show(new)}"


def delete_entry(text, rng, found, words):
    """An entry (a key with its value, or a list item) is deleted, line by line."""
    node = _pick(rng, [n for n in found if not n.key])
    if node is None or node.end <= node.entry:
        return None
    first, last = _lines(text, node.entry, node.end)
    return text[:first] + text[last:], f"deleted lines {text.count(chr(10), 0, first) + 1}-{text.count(chr(10), 0, last)}"


def duplicate_entry(text, rng, found, words):
    """An entry is repeated right after itself: duplicate keys, duplicate ids, or one card too many."""
    node = _pick(rng, [n for n in found if not n.key])
    if node is None or node.end <= node.entry:
        return None
    first, last = _lines(text, node.entry, node.end)
    block = text[first:last] if text[first:last].endswith("\n") else text[first:last] + "\n"
    times = rng.choice([1, 1, 1, 2, 50, 500])
    return text[:last] + block * times + text[last:], f"repeated lines from {text.count(chr(10), 0, first) + 1} x{times}"


def swap_values(text, rng, found, words):
    """Two scalar values change places."""
    values = [n for n in found if not n.key and n.kind == "scalar" and n.end > n.start]
    if len(values) < 2:
        return None
    a, b = sorted(rng.sample(values, 2), key=lambda n: n.start)
    if a.end > b.start:
        return None
    swapped = text[:a.start] + text[b.start:b.end] + text[a.end:b.start] + text[a.start:a.end] + text[b.end:]
    return swapped, f"swapped {_show(text[a.start:a.end])} and {_show(text[b.start:b.end])}"


def nest(text, rng, found, words):
    """A value becomes deeply nested lists or mappings (around the loader's depth limit)."""
    node = _pick(rng, [n for n in found if not n.key])
    if node is None:
        return None
    depth = rng.choice([20, 99, 100, 101, 5000])
    new = "[" * depth + "1" + "]" * depth if rng.random() < 0.5 else "{a: " * depth + "1" + "}" * depth
    return _splice(text, node.start, node.end, new), f"nested {depth} deep"


def insert_junk(text, rng, found, words):
    """Broken YAML: a stray indicator, tab, control character, tag or directive somewhere."""
    junk = rng.choice(JUNK)
    at = rng.randrange(len(text) + 1)
    if rng.random() < 0.5:  # at the start of a line, where it changes the structure
        at = text.rfind("\n", 0, at) + 1
    return _splice(text, at, at, junk), f"inserted {_show(junk)} at offset {at}"


def truncate(text, rng, found, words):
    at = rng.randrange(len(text) + 1)
    return text[:at], f"truncated at offset {at} of {len(text)}"


def alias_bomb(text, rng, found, words):
    """A value replaced by the classic exponential alias structure."""
    node = _pick(rng, [n for n in found if not n.key and n.kind == "scalar"])
    if node is None:
        return None
    levels = ["&a0 [x, x, x, x, x, x, x, x, x]"] + [f"&a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    return _splice(text, node.start, node.end, "[" + ", ".join(levels) + "]"), "alias bomb"


YAML_OPERATORS: dict[str, Callable] = {
    "replace-value": replace_value, "replace-collection": replace_collection, "rename-key": rename_key,
    "delete": delete_entry, "duplicate": duplicate_entry, "swap": swap_values, "nest": nest,
    "junk": insert_junk, "truncate": truncate, "alias-bomb": alias_bomb,
}
#: How often each operator is drawn: structure-aware ones most, since they reach furthest.
YAML_WEIGHTS = {"replace-value": 8, "replace-collection": 2, "rename-key": 4, "delete": 4, "duplicate": 3,
                "swap": 2, "nest": 1, "junk": 2, "truncate": 1, "alias-bomb": 0.3}


def misspell(word: str, rng: random.Random) -> str:
    if not word:
        return "x"
    i = rng.randrange(len(word))
    change = rng.choice(["drop", "double", "swap", "replace"])
    if change == "drop":
        return word[:i] + word[i + 1:] or "x"
    if change == "double":
        return word[:i] + word[i] + word[i:]
    if change == "swap" and i + 1 < len(word):
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return word[:i] + rng.choice("aeiouxz_-") + word[i + 1:]


def mutate_yaml(text: str, rng: random.Random, words: list[str]) -> tuple[str, str]:
    """One to three structure-aware (or textual) mutations of a YAML text."""
    done = []
    for _ in range(rng.choice([1, 1, 1, 1, 2, 3])):
        found = nodes(text) or []
        names = list(YAML_WEIGHTS)
        for _attempt in range(10):
            name = rng.choices(names, [YAML_WEIGHTS[n] for n in names])[0]
            result = YAML_OPERATORS[name](text, rng, found, words)
            if result is not None:
                text, detail = result
                done.append(f"{name}: {detail}")
                break
    return text, "; ".join(done)


# -- spreadsheets --------------------------------------------------------------------------------

def mutate_csv(text: str, rng: random.Random, words: list[str]) -> tuple[str, str]:
    """A CSV card file: a cell, a row, a column or the header changed, or the text broken."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    choice = rng.randrange(8)
    if choice >= 6 or len(rows) < 2:
        return insert_junk(text, rng, [], []) if choice == 6 else truncate(text, rng, [], [])
    r, c = rng.randrange(1, len(rows)), rng.randrange(len(rows[0]))
    if choice == 0:
        new = rng.choice(rng.choice([NUMBERS, TYPES, STRINGS, words]))
        what = f"cell {r + 1}:{c + 1} {_show(rows[r][c] if c < len(rows[r]) else '')} -> {_show(new)}"
        rows[r][c:c + 1] = [new]
    elif choice == 1:
        times = rng.choice([0, 2, 300])
        rows[r:r + 1] = [rows[r]] * times
        what = f"row {r + 1} x{times}"
    elif choice == 2:
        rows = [row[:c] + row[c + 1:] for row in rows]
        what = f"column {c + 1} deleted"
    elif choice == 3:
        new = rng.choice([misspell(rows[0][c], rng), rng.choice(words + WORDS), "", "a..b", rows[0][0]])
        what = f"header {_show(rows[0][c])} -> {_show(new)}"
        rows[0][c] = new
    elif choice == 4:
        rows[r] = rows[r] + ["extra"] * rng.choice([1, 50])
        what = f"row {r + 1} longer than the header"
    else:
        rows[r] = rows[r][:rng.randrange(len(rows[r]) + 1)]
        what = f"row {r + 1} cut short"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue(), what


# -- other files -------------------------------------------------------------------------------

SVG_PAYLOADS = [
    '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>',
    '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
]


def mutate_svg(text: str, rng: random.Random) -> tuple[str, str]:
    """An icon: extreme numbers, deep nesting, a huge path, entities, unknown markup, or bytes."""
    choice = rng.randrange(7)
    if choice == 0:  # an extreme number in place of one written in the file
        import re

        spots = [m.span() for m in re.finditer(r"-?\d+(\.\d+)?", text)]
        if spots:
            start, end = rng.choice(spots)
            new = rng.choice(["1e-320", "1e308", "-1e308", "nan", "inf", "0", "-1", "1e400", "1" * 400])
            return _splice(text, start, end, new), f"number {_show(text[start:end])} -> {new}"
    if choice == 1:
        depth = rng.choice([50, 1000, 100_000])
        at = text.find(">", text.find("<svg")) + 1
        return _splice(text, at, at, "<g>" * depth + "</g>" * depth), f"{depth} nested <g>"
    if choice == 2:
        segments = rng.choice([1000, 100_000, 2_000_000])
        at = text.find(">", text.find("<svg")) + 1
        path = '<path d="M0 0' + " L1 1" * segments + '"/>'
        return _splice(text, at, at, path), f"a path of {segments} segments"
    if choice == 3:
        payload = rng.choice(SVG_PAYLOADS)
        at = text.find("<svg")
        body = _splice(text, at, at, payload)
        close = body.find(">", body.find("<svg")) + 1
        return _splice(body, close, close, "<text>&d;&x;</text>" if "ENTITY d" in payload else "<g>&x;</g>"), \
            "entities in a DOCTYPE"
    if choice == 4:
        at = text.find(">", text.find("<svg")) + 1
        element = rng.choice(['<image href="file:///etc/passwd"/>', "<script>alert(1)</script>",
                              '<path d="M0 0 A 1 1 0 0 0 5 5"/>', '<rect width="1e400" height="1"/>',
                              '<circle r="-5"/>', '<path d="M 1e308 1e308 L -1e308 -1e308 Z"/>',
                              '<polygon points="1"/>', '<path fill="url(#x)" d="M0 0"/>', "<foreignObject/>"])
        return _splice(text, at, at, element), f"inserted {element}"
    if choice == 5:
        at = rng.randrange(len(text) + 1)
        return text[:at], f"truncated at offset {at}"
    return insert_junk(text, rng, [], [])


def flip_bytes(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    data = bytearray(data)
    flips = rng.choice([1, 2, 8, 64])
    for _ in range(flips):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data), f"{flips} bit(s) flipped"


def mutate_font(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """A TrueType file: truncated, corrupted, replaced by text, or empty."""
    choice = rng.randrange(5)
    if choice == 0:
        at = rng.randrange(len(data))
        return data[:at], f"truncated at byte {at}"
    if choice == 1:
        return flip_bytes(data, rng)
    if choice == 2:  # a corrupted table directory, where parsers trust offsets
        head = bytearray(data)
        for _ in range(8):
            head[rng.randrange(12, min(len(head), 12 + 16 * 20))] = rng.randrange(256)
        return bytes(head), "table directory corrupted"
    if choice == 3:
        return b"not a font\n", "text instead of a font"
    return b"", "empty file"


# -- the file itself ----------------------------------------------------------------------------

REPLACED = "file replaced"


def replace_file(path: Path, rng: random.Random) -> str:
    """The file becomes something that is not a regular file, or is far too large."""
    choice = rng.choice(["dev-zero", "fifo", "directory", "empty", "loop", "huge", "binary"])
    path.unlink()
    if choice == "dev-zero":
        path.symlink_to("/dev/zero")
    elif choice == "fifo":
        os.mkfifo(path)
    elif choice == "directory":
        path.mkdir()
    elif choice == "empty":
        path.write_bytes(b"")
    elif choice == "loop":
        path.symlink_to(path.name)
    elif choice == "huge":
        path.write_bytes(b"# padding\n" * (17 * 2**20 // 10))
    else:
        path.write_bytes(bytes(rng.randrange(256) for _ in range(4096)))
    return f"{REPLACED}: {choice}"
