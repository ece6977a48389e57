"""Dependencies point one way (DESIGN §2): core ← effects ← engine ← games; sim and render consume
them and never import a game. The imports are read from each module's syntax tree (imports inside
functions included), so a lazy import cannot hide a back edge."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "cardtools"

#: layer -> the layers its modules may import (itself included)
ALLOWED = {
    "core": {"core"},
    "effects": {"core", "effects"},
    "engine": {"core", "effects", "engine"},
    "games": {"core", "effects", "engine", "games"},
    "render": {"core", "effects", "render"},
    "sim": {"core", "effects", "engine", "render", "sim"},
}


def imported_layers(source: str, module: str, package: bool = False) -> set[tuple[str, int]]:
    """(layer, line) of every ``cardtools.<layer>`` module that ``module`` (its ``source``) imports;
    ``package``: the source is the package's ``__init__.py``."""
    here = module.split(".") if package else module.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module
            names = [base] if node.module else [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "cardtools" and len(parts) > 1 and parts[1] in ALLOWED:
                found.add((parts[1], node.lineno))
    return found


def test_no_import_points_against_the_layers():
    back_edges = []
    for layer, allowed in ALLOWED.items():
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
            found = imported_layers(path.read_text(), module, path.name == "__init__.py")
            back_edges += [f"{path.relative_to(PACKAGE.parent)}:{line}: {layer} imports cardtools.{target}"
                           for target, line in sorted(found) if target not in allowed]
    assert back_edges == []


def test_the_walk_sees_lazy_and_relative_imports():
    source = "import os\nfrom . import registry\n\ndef f():\n    from ..games import aoc\n    import cardtools.sim.play\n"
    assert imported_layers(source, "cardtools.effects.compile") == {("effects", 2), ("games", 5), ("sim", 6)}
    assert imported_layers("from .rules import Game\n", "cardtools.games.aoc", package=True) == {("games", 1)}
