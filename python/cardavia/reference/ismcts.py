"""Single-observer information-set MCTS over the reference engine.

The same algorithm as ``rust/cardavia-core/src/search/ismcts.rs``, written
to be read and to be measured against: each iteration deals a world
consistent with the observation (``worlds.deal_world``), walks the tree
of public moves choosing by UCB with availability counts, expands one
move, plays at random to the horizon (the end of the game, or of the
Schnapsen deal) and backs the reward up from each mover's side.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from .base import ReferenceGame
from .checks import fault
from .durak.rules import DurakRules
from .schnapsen import SchnapsenGame
from .worlds import check_observation, deal_world

# The core's constant for Durak. The core's Schnapsen search values a deal by
# the chance to win the match (a few hundredths between moves) and explores
# with 0.25; this reference values it by game points (up to half the reward
# range), which 0.7 suits as it suits Durak's wins and losses.
EXPLORATION = 0.7


@dataclass
class Node:
    move: str
    player: int
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: list[Node] = field(default_factory=list)


def _progress(game: ReferenceGame) -> tuple[int, list[int]]:
    """Deals finished and game points won so far (Schnapsen), else zeros."""
    if isinstance(game, SchnapsenGame):
        points = [0, 0]
        for deal in game.deals:
            points[deal["winner"]] += deal["game_points"]
        return len(game.deals), points
    return 0, [0, 0]


def horizon(game: ReferenceGame, root: tuple[int, list[int]]) -> list[float] | None:
    """Rewards in [0, 1] for every seat once the search horizon is reached;
    at a larger Durak table each seat's result of RULES 7 (not to be the
    durak), which every seat maximises for itself."""
    deals, points = _progress(game)
    if deals > root[0]:
        gain = [points[0] - root[1][0], points[1] - root[1][1]]
        r0 = 0.5 + (gain[0] - gain[1]) / 6.0
        return [r0, 1.0 - r0]
    if game.outcome is not None:
        if isinstance(game, DurakRules) and game.players > 2:
            return game.results()
        winner = game.outcome.get("winner")
        if winner is None:
            return [0.5, 0.5]
        return [1.0, 0.0] if winner == 0 else [0.0, 1.0]
    return None


def _rollout(world: ReferenceGame, rng: random.Random, root: tuple[int, list[int]]) -> list[float]:
    while (reward := horizon(world, root)) is None:
        world.play(rng.choice(world.legal_moves()))
    return reward


def _iterate(
    root_node: Node, world: ReferenceGame, rng: random.Random, root: tuple[int, list[int]]
) -> None:
    path = [root_node]
    node = root_node
    while True:
        reward = horizon(world, root)
        if reward is not None:
            break
        player = world.current_player
        assert player is not None
        legal = world.legal_moves()
        by_move = {child.move: child for child in node.children}
        untried = [move for move in legal if move not in by_move]
        for move in legal:
            if move in by_move:
                by_move[move].available += 1
        if untried:
            move = rng.choice(untried)
            child = Node(move, player, available=1)
            node.children.append(child)
            world.play(move)
            path.append(child)
            reward = _rollout(world, rng, root)
            break
        node = max(
            (by_move[move] for move in legal),
            key=lambda c: (
                c.reward / max(c.visits, 1)
                + EXPLORATION * math.sqrt(math.log(max(c.available, 1)) / max(c.visits, 1))
            ),
        )
        world.play(node.move)
        path.append(node)
    for visited in path:
        visited.visits += 1
        visited.reward += reward[visited.player]


def _settled(root: Node, remaining: int) -> bool:
    visits = [*sorted((c.visits for c in root.children), reverse=True), 0, 0]
    return visits[0] > visits[1] + remaining


def analyse(
    observation: dict[str, Any],
    iterations: int | None,
    seed: int,
    time_ms: int | None = None,
    *,
    settle: bool = False,
) -> list[dict[str, Any]]:
    """Every root move with its visits and mean reward, most visited first;
    the search stops at whichever budget runs out first or, with ``settle``,
    once the most visited move leads by more than the iterations left."""
    template = check_observation(observation)
    if not observation["legal_moves"]:
        raise fault("not_to_move", "legal_moves", [])
    rng = random.Random(seed)
    first = deal_world(template, rng)
    root = _progress(first)
    root_node = Node("", -1)
    deadline = None if time_ms is None else time.perf_counter() + time_ms / 1000
    i = 0
    while iterations is None or i < iterations:
        if i > 0 and deadline is not None and time.perf_counter() >= deadline:
            break
        left = None if iterations is None else iterations - i
        if settle and left is not None and i % 64 == 0 and _settled(root_node, left):
            break
        world = first if i == 0 else deal_world(template, rng)
        _iterate(root_node, world, rng, root)
        i += 1
    children = sorted(
        root_node.children, key=lambda c: (-c.visits, -c.reward / max(c.visits, 1), c.move)
    )
    return [
        {"move": c.move, "visits": c.visits, "value": c.reward / c.visits if c.visits else 0.0}
        for c in children
    ]


def choose_move(
    observation: dict[str, Any], iterations: int | None, seed: int, time_ms: int | None = None
) -> str:
    stats = analyse(observation, iterations, seed, time_ms, settle=True)
    return str(stats[0]["move"])
