"""Armies: the tactical strength a current tactic adds (CoL § TACTICS CARDS; HB § TACTICS CARDS,
§ OUTDATED ARMIES; docs/rules/tta.md § 9).

Every complete set of units the tactic's card shows forms an army; armies are formed to give the
highest strength. An army with a unit two or more levels below the tactic card's age is outdated and
adds the lower value. Forming as many up-to-date armies as possible, then outdated ones from what is
left, gives both the most armies and the most up-to-date ones, so it is the maximum. Genghis Khan
lets an infantry unit take a cavalry place (CoL § APPENDIX › GENGHIS KHAN): every split is tried.
Each army may also take one air force unit, which doubles its tactical strength, outdated or not
(CoL § TACTICS CARDS; HB § THE FULL GAME › AIR FORCE UNITS): the air forces go to the up-to-date
armies first.
"""

from __future__ import annotations


def army_strength(units: dict[str, list[int]], army: dict[str, int], age: int, strength: int, outdated: int,
                  infantry_as_cavalry: bool = False) -> int:
    """The tactical strength of ``units`` (kind -> the level of each unit) under a tactic of ``age``
    showing ``army`` (kind -> units needed) worth ``strength`` (``outdated`` when outdated)."""
    if not infantry_as_cavalry or "cavalry" not in army or not units.get("infantry"):
        return _best(units, army, age, strength, outdated)
    infantry = sorted(units["infantry"])
    best = 0
    for moved in range(len(infantry) + 1):
        for start in range(len(infantry) - moved + 1):      # which levels move: a contiguous run suffices
            as_cavalry = infantry[start:start + moved]
            rest = infantry[:start] + infantry[start + moved:]
            split = dict(units, infantry=rest, cavalry=list(units.get("cavalry", ())) + as_cavalry)
            best = max(best, _best(split, army, age, strength, outdated))
    return best


def _best(units: dict[str, list[int]], army: dict[str, int], age: int, strength: int, outdated: int) -> int:
    good = min(sum(1 for level in units.get(kind, ()) if age - level < 2) // need for kind, need in army.items())
    total = min(len(units.get(kind, ())) // need for kind, need in army.items())
    air = len(units.get("air_force", ()))
    doubled_good = min(air, good)
    doubled_outdated = min(air - doubled_good, total - good)
    return (good + doubled_good) * strength + (total - good + doubled_outdated) * outdated
