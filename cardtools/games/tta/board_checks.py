"""Checks on decks/tta/boards.yaml that its schema cannot express: the sections and subsections of
each bank cover its squares exactly, the happiness subsections ask one more happy face each, the
card row's runs of spaces follow one another, and the workers printed on the board stand on
initial technologies of the deck.

An engine reads these tables square by square (what increasing population costs, what is
consumed, how many happy faces are needed, what corruption is paid), so a table that covers 16 of
18 squares leaves two squares with no rule. Rulebook references: Code of Laws
(seeds/000_6e8fc3aad2efe530.txt) § YOUR STATISTICS › BLUE AND YELLOW TOKENS and DISCONTENT
WORKERS; Handbook (seeds/002_acf4a7cbe95f6836.txt) § END OF YOUR FIRST GAME › SUMMARY - YELLOW BANK.
"""

from __future__ import annotations

from typing import Any

from cardtools.core.diagnostics import Diagnostic, did_you_mean, error

DATA = "boards"
#: Card types whose cards hold workers (CoL § YOUR PLAY AREA › TECHNOLOGY CARDS IN PLAY).
WORKER_TYPES = ("farm", "mine", "urban_building", "military_unit")


def check_boards(deck) -> list[Diagnostic]:
    boards = deck.data.get(DATA)
    if boards is None:
        return []
    return (_covers(deck, boards["yellow_bank"]["squares"], boards["yellow_bank"]["sections"],
                    "yellow-bank section", "right", "yellow_bank", "sections")
            + _covers(deck, boards["yellow_bank"]["squares"], boards["happiness"], "happiness subsection", "right",
                      "happiness")
            + _covers(deck, boards["blue_bank"]["squares"], boards["blue_bank"]["sections"],
                      "blue-bank section", "left", "blue_bank", "sections")
            + _happiness_steps(deck, boards["happiness"])
            + _card_row(deck, boards["card_row"])
            + _workers(deck, boards["player_board"]["workers"]))


def _at(deck, message: str, *path: Any, key: bool = False) -> Diagnostic:
    loc = deck.locate_data(DATA, *path, key=key)
    return error(loc.path, loc.line, loc.col, "boards", message)


def _covers(deck, squares: int, parts, what: str, side: str, *path: Any) -> list[Diagnostic]:
    """Every square of a bank belongs to exactly one of its parts, counted from the side the rules
    count them (the yellow bank empties from the right, the blue bank fills from the left). A part
    that runs past the bank's last square is reported at that part; squares left over, at the last
    part (CoL § YOUR STATISTICS › BLUE AND YELLOW TOKENS)."""
    found, first = [], 1
    for i, part in enumerate(parts):
        last = first + part["squares"] - 1
        if last > squares:
            found.append(_at(deck, f"{what} {i + 1} from the {side} covers squares {first}-{last}, but the bank "
                                   f"has only {squares}", *path, i, "squares"))
        first = last + 1
    if first <= squares:
        gap = f"square {squares}" if first == squares else f"squares {first}-{squares}"
        found.append(_at(deck, f"the {what}s cover squares 1-{first - 1} from the {side}, leaving {gap} of the "
                               f"{squares}-square bank in no {what}", *path, len(parts) - 1, "squares"))
    return found


def _happiness_steps(deck, subsections) -> list[Diagnostic]:
    """Subsection k (from the right) needs k happy faces: the Handbook counts discontent workers as the
    empty subsections beyond the happiness marker (§ SUMMARY - YELLOW BANK), the Code of Laws as the
    shortfall of happy faces (§ DISCONTENT WORKERS, with one unused worker above each such
    subsection); the two agree only with one more happy face per subsection."""
    return [_at(deck, f"subsection {k} from the right needs {k} happy faces (one more than the subsection "
                      f"before it), not {sub['happy']}", "happiness", k - 1, "happy")
            for k, sub in enumerate(subsections, 1) if sub["happy"] != k]


def _card_row(deck, row) -> list[Diagnostic]:
    """Runs of spaces start at space 1 and follow one another; one discard count per player count."""
    found = []
    expected = 1
    for i, run in enumerate(row["spaces"]):
        if run["first"] != expected:
            found.append(_at(deck, f"this run of spaces starts at {run['first']}, but the previous one leaves "
                                   f"space {expected} next", "card_row", "spaces", i, "first"))
        if run["last"] < run["first"]:
            found.append(_at(deck, f"this run of spaces ends at {run['last']}, before its first space "
                                   f"{run['first']}", "card_row", "spaces", i, "last"))
        expected = run["last"] + 1
    counts = [entry["players"] for entry in row["discard"]]
    wanted = list(deck.manifest.player_counts)
    if sorted(counts) != wanted:
        found.append(_at(deck, f"the discard needs one entry for each player count "
                               f"({', '.join(map(str, wanted))}); it has {', '.join(map(str, counts))}",
                         "card_row", "discard", key=True))
    return found


def _workers(deck, workers) -> list[Diagnostic]:
    """The player board's workers stand on initial technologies that take workers."""
    initial = {c.id for c in deck.cards if c.get("initial") and c.type in WORKER_TYPES}
    return [_at(deck, f"'{card_id}' is not an initial technology that takes workers"
                      f"{did_you_mean(card_id, initial)}", "player_board", "workers", card_id, key=True)
            for card_id in workers if card_id not in initial]
