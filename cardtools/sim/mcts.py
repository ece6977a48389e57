"""Monte-Carlo tree search over what the player can see (single-observer ISMCTS).

A player does not know the hidden cards (in Age of Civilization: the civilization deck's order,
the others' drafted hands). Searching the true state would let the agent cheat, so every
iteration starts from a *determinization*: a state the engine deals again from what the player
observes (``state.determinize(player, rng)``). One tree is shared by all of them; its edges are
moves, and a move legal in only some determinizations is judged by how often it was available
(Cowling, Powley & Whitehouse 2012; simulation-notes §4.2). Each iteration: select with UCB1 down
the tree, add one node, finish the game with random moves, and credit every node on the path
with the final ``returns()`` of the player who moved into it. The budget is a number of
iterations, so the agent is deterministic given its RNG.
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from cardtools.engine.contract import random_move

#: UCB1's exploration constant for returns in [0, 1] (winners share 1).
EXPLORATION = 0.7


class _Node:
    __slots__ = ("mover", "children", "visits", "total", "available")

    def __init__(self, mover: int):
        self.mover = mover           # who chose the move leading here
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0           # iterations in which this move was legal at its parent

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


class MctsAgent:
    """ISMCTS with ``iterations`` determinized playouts per decision and random rollouts."""

    name = "mcts"

    def __init__(self, iterations: int):
        self.iterations = iterations

    def choose(self, state, legal_actions: Sequence[int], rng: random.Random) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = state.current_player
        root = _Node(me)
        for _ in range(self.iterations):
            self._iterate(root, state.determinize(me, rng), rng)
        # the most visited move; ties go to the first in the engine's (sorted) order
        return max(legal_actions, key=lambda m: root.children[m].visits if m in root.children else -1)

    @staticmethod
    def _iterate(root: _Node, world, rng: random.Random) -> None:
        node, path = root, []
        while not world.is_terminal():                    # selection and expansion
            moves = world.legal_actions()
            mover = world.current_player
            children = node.children
            untried = [m for m in moves if m not in children]
            for m in moves:
                if m in children:
                    children[m].available += 1
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = children[move] = _Node(mover)
                child.available = 1
                world.apply(move)
                path.append(child)
                break
            move = max(moves, key=lambda m: children[m].ucb())
            world.apply(move)
            node = children[move]
            path.append(node)
        while not world.is_terminal():                    # rollout
            world.apply(random_move(world, world.legal_actions(), rng))
        returns = world.returns()
        for visited in path:                              # backpropagation
            visited.visits += 1
            visited.total += returns[visited.mover]
