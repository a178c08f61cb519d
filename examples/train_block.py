"""Train an agent for two-player Block with NumPy alone, save it, and hand it to boneyard.

The agent is a linear softmax policy over the research encoding (boneyard.research.env.encoding: the
observation vector and the mask of legal action ids), trained by REINFORCE with a running
baseline in boneyard's Gymnasium environment, against ``greedy``, rewarded with the hand's points.
It is saved with the encoding it learned (boneyard.research.env.policy.save_policy), and played
by the plug-in ``boneyard.research.env.policy:linear(path=FILE)``:

    python examples/train_block.py --seconds 240 --out block.npz
    boneyard tournament block --agents 'boneyard.research.env.policy:linear(path=block.npz),greedy'
    boneyard play block --opponent 'boneyard.research.env.policy:linear(path=block.npz)'
    boneyard serve --agent 'boneyard.research.env.policy:linear(path=block.npz)'

docs/research.md walks through it with the figures it reached.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import numpy as np

from boneyard.research.env.gymnasium import BoneyardEnv
from boneyard.research.env.policy import LinearPolicy, save_policy


def train(
    seconds: float | None = None,
    hands: int | None = None,
    seed: int = 0,
    rate: float = 0.01,
    report: int = 2000,
) -> tuple[LinearPolicy, list[tuple[int, float]]]:
    """Train for ``seconds`` of wall time or ``hands`` hands (the first reached); returns the
    policy (greedy at play: temperature 0) and, every ``report`` hands, the mean points per hand
    of the last ``report`` training hands (played at temperature 1)."""
    env = BoneyardEnv("block", opponents="greedy", players=2, reward="points")
    codec = env.codec
    weights = np.zeros((codec.num_actions, codec.observation_size), np.float32)
    bias = np.zeros(codec.num_actions, np.float32)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    curve: list[tuple[int, float]] = []
    recent: list[float] = []
    start = time.perf_counter()
    played = 0
    while (hands is None or played < hands) and (
        seconds is None or time.perf_counter() - start < seconds
    ):
        obs, _info = env.reset(seed=int(rng.integers(2**31)))
        steps: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
        done = False
        reward = 0.0
        while not done:
            x = obs["observation"]
            legal = np.flatnonzero(obs["action_mask"])
            scores = weights[legal] @ x + bias[legal]
            p = np.exp(scores - scores.max())
            p /= p.sum()
            k = int(rng.choice(len(legal), p=p))
            steps.append((x, legal, k, p))
            obs, r, done, _truncated, _info = env.step(int(legal[k]))
            reward += float(r)
        # REINFORCE: raise the log-probability of every choice by (return - baseline).
        advantage = (reward - baseline) / 10.0
        baseline += 0.01 * (reward - baseline)
        for x, legal, k, p in steps:
            grad = -p
            grad[k] += 1.0
            weights[legal] += rate * advantage * np.outer(grad, x)
            bias[legal] += rate * advantage * grad
        played += 1
        recent.append(reward)
        if len(recent) == report:
            curve.append((played, float(np.mean(recent))))
            recent = []
    return LinearPolicy(weights, bias, 0.0), curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=240.0, help="training time (240)")
    parser.add_argument("--hands", type=int, default=None, help="or a number of hands")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("block.npz"))
    args = parser.parse_args()
    random.seed(args.seed)
    began = time.perf_counter()
    policy, curve = train(args.seconds, args.hands, args.seed)
    took = time.perf_counter() - began
    for hands, mean in curve:
        print(f"{hands:>7} hands: {mean:+.2f} points per hand against greedy (training)")
    env = BoneyardEnv("block", players=2)
    save_policy(
        args.out,
        env.codec.rules,
        {"weights": policy.weights, "bias": policy.bias},
        trainer="examples/train_block.py",
        seconds=round(took, 1),
        hands=curve[-1][0] if curve else 0,
        seed=args.seed,
    )
    print(f"trained {took:.0f} s; saved {args.out}")


if __name__ == "__main__":
    main()
