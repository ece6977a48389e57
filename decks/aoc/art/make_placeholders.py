"""Placeholder art for Age of Civilization (run: python decks/aoc/art/make_placeholders.py decks/aoc)'s civilizations: a landscape per civilization, drawn
from its id (sky, sun, two hills and a monument), so every card has art of its own."""
import hashlib
import sys
from pathlib import Path

import yaml

SKIES = ["#f2d7a6", "#cfe3ef", "#f4c7a1", "#dbe8d0", "#e9d3e8", "#f6e3b4"]
FAR = ["#b9a37c", "#8fa9b8", "#c49a78", "#9db58c", "#b79ab5", "#c8b27a"]
NEAR = ["#6e5a3c", "#4d6a7a", "#7d5236", "#4f7040", "#6d4f6b", "#7a6631"]
INK = "#3b2f25"


def monument(kind: int, x: float) -> str:
    if kind == 0:  # pyramid
        return f'<polygon points="{x - 9},26 {x},12 {x + 9},26" fill="{INK}"/>'
    if kind == 1:  # temple: roof and four columns
        cols = "".join(f'<rect x="{x - 7 + i * 4.2}" y="17" width="1.6" height="9" fill="{INK}"/>' for i in range(4))
        return f'<polygon points="{x - 9},17 {x},12 {x + 9},17" fill="{INK}"/>{cols}'
    if kind == 2:  # tower with a dome
        return (f'<rect x="{x - 2.5}" y="13" width="5" height="13" fill="{INK}"/>'
                f'<circle cx="{x}" cy="13" r="3.2" fill="{INK}"/>')
    return (f'<rect x="{x - 8}" y="19" width="16" height="7" fill="{INK}"/>'  # walls and gate
            f'<rect x="{x - 8}" y="16" width="3" height="3" fill="{INK}"/><rect x="{x + 5}" y="16" width="3" height="3" fill="{INK}"/>')


def art(card_id: str) -> str:
    h = hashlib.sha256(card_id.encode()).digest()
    c = h[0] % len(SKIES)
    sun_x, far_y, near_y, mon_x = 15 + h[1] % 90, 14 + h[2] % 6, 21 + h[3] % 4, 20 + h[4] % 80
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32">
  <title>{card_id}: placeholder art made by cardtools (decks/aoc/art/README.md)</title>
  <rect x="0" y="0" width="120" height="32" fill="{SKIES[c]}"/>
  <circle cx="{sun_x}" cy="9" r="4.5" fill="#fff4d6"/>
  <path d="M0 {far_y + 6} Q30 {far_y - 4} 60 {far_y + 4} T120 {far_y} V32 H0 Z" fill="{FAR[c]}"/>
  {monument(h[5] % 4, mon_x)}
  <path d="M0 {near_y + 3} Q40 {near_y - 3} 80 {near_y + 2} T120 {near_y} V32 H0 Z" fill="{NEAR[c]}"/>
</svg>
"""


if __name__ == "__main__":
    deck = Path(sys.argv[1])
    for card in yaml.safe_load((deck / "civilizations.yaml").read_text()):
        (deck / "art" / f"{card['id']}.svg").write_text(art(card["id"]))
