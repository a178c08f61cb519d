"""Train the ``learned`` player: a policy-and-value network, by PPO on the compiled core's batches.

The network is a small MLP (two hidden layers of 256 tanh units, a shared trunk, a policy head over
the action ids, masked by the legal-action mask, and a value head) reading the research encoding
(boneyard.research.env.encoding, the vector the environments give). It learns by PPO with GAE
(gamma 1, lambda 0.95) from hands played in :class:`boneyard.research.vector.CoreBatch` tables:
half of them self-play (the same network in every seat; in a partnership game both partners share
it and their side's reward), the rest against the core's ``greedy`` and ``accompanied`` players
(the learner's seats rotating round the table). An episode is one hand; the reward is the hand's
points as the batch gives them, scaled by ``--reward-scale``.

Every ``--eval-every`` updates the network (playing its most probable legal action) plays fixed
duplicate deals against ``greedy``: each deal twice, the learner in each side's seats; the mean of
the learner's points per hand is the curve's ``eval_points``. The best checkpoint is kept and
written as a NumPy ``.npz`` (boneyard.research.env.policy.save_policy: the arrays with the
encoding they learned), with a CSV of the curve beside it. The agent ``learned``
(boneyard.research.learned) plays those weights with NumPy alone.

It needs the ``train`` extra (JAX on the CPU) and the compiled core::

    uv sync --extra research --extra train
    python examples/train_learned.py --game block --players 2 --seed 1 --minutes 30 \\
        --out src/boneyard/research/learned/weights/block-2.npz

A run is reproducible from its seed given ``--updates`` (``--minutes`` stops at a wall-clock time,
so how many updates it makes depends on the machine; the file records them). One thread.
"""

from __future__ import annotations

import os

os.environ.setdefault(
    "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
)

import argparse
import csv
import time
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from boneyard.research.env import make_rules
from boneyard.research.env.policy import save_policy
from boneyard.research.vector import CoreBatch

CLIP = 5.0  # observations are clipped to [-CLIP, CLIP] (the agent does the same)
Params = dict[str, Any]


def init_params(rng: np.random.Generator, sizes: list[int], actions: int) -> Params:
    """Orthogonal weights (scaled as PPO's usual), zero biases."""

    def ortho(n_in: int, n_out: int, gain: float) -> np.ndarray:
        a = rng.standard_normal((max(n_in, n_out), min(n_in, n_out)))
        q, r = np.linalg.qr(a)
        q = q * np.sign(np.diag(r))
        q = q if n_in >= n_out else q.T
        return (gain * q[:n_in, :n_out]).astype(np.float32)

    p: Params = {}
    for i in range(len(sizes) - 1):
        p[f"w{i + 1}"] = ortho(sizes[i], sizes[i + 1], np.sqrt(2))
        p[f"b{i + 1}"] = np.zeros(sizes[i + 1], np.float32)
    p["wp"] = ortho(sizes[-1], actions, 0.01)
    p["bp"] = np.zeros(actions, np.float32)
    p["wv"] = ortho(sizes[-1], 1, 1.0)
    p["bv"] = np.zeros(1, np.float32)
    return {k: jnp.asarray(v) for k, v in p.items()}


def forward(p: Params, x: Any, mask: Any) -> tuple[Any, Any]:
    """Masked logits and values (the agent's NumPy forward pass is the same arithmetic)."""
    h = jnp.clip(x, -CLIP, CLIP)
    h = jnp.tanh(h @ p["w1"] + p["b1"])
    h = jnp.tanh(h @ p["w2"] + p["b2"])
    logits = jnp.where(mask, h @ p["wp"] + p["bp"], -1e9)
    return logits, (h @ p["wv"] + p["bv"])[:, 0]


act = jax.jit(forward)


def ppo_loss(p: Params, batch: dict[str, Any], clip: float, vcoef: float, ent: float) -> Any:
    logits, values = forward(p, batch["obs"], batch["mask"])
    logp_all = jax.nn.log_softmax(logits)
    logp = jnp.take_along_axis(logp_all, batch["act"][:, None], 1)[:, 0]
    ratio = jnp.exp(logp - batch["logp"])
    adv = batch["adv"]
    pg = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - clip, 1 + clip) * adv).mean()
    vloss = ((values - batch["ret"]) ** 2).mean()
    probs = jnp.exp(logp_all)
    entropy = -(jnp.where(batch["mask"], probs * logp_all, 0.0)).sum(1).mean()
    return pg + vcoef * vloss - ent * entropy, (vloss, entropy)


@jax.jit
def adam_step(
    p: Params, m: Params, v: Params, t: Any, batch: dict[str, Any], lr: Any, ent: Any
) -> tuple[Params, Params, Params, Any, Any]:
    (loss, (vloss, entropy)), g = jax.value_and_grad(ppo_loss, has_aux=True)(
        p, batch, 0.2, 0.5, ent
    )
    norm = jnp.sqrt(sum(jnp.sum(x**2) for x in jax.tree_util.tree_leaves(g)))
    g = jax.tree_util.tree_map(lambda x: x * jnp.minimum(1.0, 0.5 / (norm + 1e-8)), g)
    t = t + 1
    m = jax.tree_util.tree_map(lambda a, b: 0.9 * a + 0.1 * b, m, g)
    v = jax.tree_util.tree_map(lambda a, b: 0.999 * a + 0.001 * b * b, v, g)
    mh = 1 - 0.9**t
    vh = 1 - 0.999**t
    p = jax.tree_util.tree_map(
        lambda w, a, b: w - lr * (a / mh) / (jnp.sqrt(b / vh) + 1e-5), p, m, v
    )
    return p, m, v, t, jnp.stack([loss, vloss, entropy])


class Source:
    """One CoreBatch and the open hands of its learner seats (transitions kept per table and seat
    until the hand ends, then given GAE advantages)."""

    def __init__(self, rules: Any, tables: int, agents: list[str | None], seed: int) -> None:
        self.batch = CoreBatch(rules, tables, agents, reward="points")
        self.batch.reset(seed)
        self.players = rules.players
        self.open: list[list[list[tuple[Any, ...]]]] = [
            [[] for _ in range(rules.players)] for _ in range(tables)
        ]
        self.fresh = np.zeros(tables, np.bool_)  # the table's next step deals a new hand
        self.hands = 0
        self.points: list[float] = []

    def step(self, params: Params, rng: np.random.Generator, done_out: list[Any]) -> int:
        b = self.batch
        obs = b.observations.copy()
        mask = b.action_masks.astype(np.bool_)
        seats = b.seats.copy()
        live = ~self.fresh & mask.any(1)
        logits, values = act(params, obs, mask)
        logits = np.asarray(logits, np.float64)
        gumbel = rng.gumbel(size=logits.shape)
        actions = np.where(live, np.argmax(logits + gumbel, 1), 0)
        logz = np.log(np.exp(logits - logits.max(1, keepdims=True)).sum(1)) + logits.max(1)
        logp = logits[np.arange(len(actions)), actions] - logz
        values = np.asarray(values)
        b.step(actions)
        for i in np.flatnonzero(live):
            self.open[i][seats[i]].append((obs[i], mask[i], actions[i], logp[i], values[i]))
        for i in np.flatnonzero(b.dones):
            for s in range(self.players):
                if self.open[i][s]:
                    done_out.append((self.open[i][s], float(b.rewards[i, s])))
                    self.open[i][s] = []
            self.hands += 1
        self.fresh = b.dones.copy()
        return int(live.sum())


def gae(episodes: list[Any], scale: float, lam: float) -> dict[str, np.ndarray]:
    """Advantages and returns (gamma 1) of finished hands' transitions, one seat's at a time."""
    obs, mask, acts, logps, advs, rets = [], [], [], [], [], []
    for steps, reward in episodes:
        vals = np.array([s[4] for s in steps], np.float64)
        nxt = np.append(vals[1:], 0.0)
        rew = np.zeros(len(steps))
        rew[-1] = reward * scale
        delta = rew + nxt - vals
        adv = np.zeros(len(steps))
        run = 0.0
        for t in range(len(steps) - 1, -1, -1):
            run = delta[t] + lam * run
            adv[t] = run
        for s in steps:
            obs.append(s[0])
            mask.append(s[1])
            acts.append(s[2])
            logps.append(s[3])
        advs.append(adv)
        rets.append(adv + vals)
    return {
        "obs": np.array(obs, np.float32),
        "mask": np.array(mask, np.bool_),
        "act": np.array(acts, np.int32),
        "logp": np.array(logps, np.float32),
        "adv": np.concatenate(advs).astype(np.float32),
        "ret": np.concatenate(rets).astype(np.float32),
    }


def sides(rules: Any) -> list[list[int]]:
    """The seats of each side: both partners' in a partnership game, else one seat each."""
    return [list(side) for side in rules.sides]


def make_sources(rules: Any, seed: int, tables: int) -> list[Source]:
    """Self-play on half the tables; the rest against greedy and accompanied, the learner's side
    in each side's seats in turn."""
    n = rules.players
    sources = [Source(rules, tables // 2, [None] * n, seed)]
    every = sides(rules)
    per = max(4, tables // 2 // (2 * len(every)))
    for k, opponent in enumerate(("greedy", "accompanied")):
        for j, seats in enumerate(every):
            agents: list[str | None] = [None if s in seats else opponent for s in range(n)]
            sources.append(Source(rules, per, agents, seed + 100 * (k + 1) + j))
    return sources


def numpy_params(p: Params) -> dict[str, np.ndarray]:
    return {k: np.asarray(v, np.float32) for k, v in p.items()}


def np_act(p: dict[str, np.ndarray], x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    h = np.clip(x, -CLIP, CLIP)
    h = np.tanh(h @ p["w1"] + p["b1"])
    h = np.tanh(h @ p["w2"] + p["b2"])
    logits = np.where(mask, h @ p["wp"] + p["bp"], -np.inf)
    return np.argmax(logits, 1)


def evaluate(rules: Any, p: dict[str, np.ndarray], deals: int, seed: int) -> float:
    """Mean points per hand of the learner's side against greedy on ``deals`` fixed deals, each
    played with the learner in each side's seats (duplicate)."""
    n = rules.players
    total = 0.0
    for seats in sides(rules):
        agents: list[str | None] = [None if s in seats else "greedy" for s in range(n)]
        b = CoreBatch(rules, deals, agents, reward="points")
        b.reset(seed)
        finished = np.zeros(deals, np.bool_)
        got = np.zeros(deals)
        while not finished.all():
            mask = b.action_masks.astype(np.bool_)
            live = ~finished & mask.any(1)
            a = np.where(live, np_act(p, b.observations, mask), 0)
            b.step(a)
            newly = b.dones & ~finished
            got[newly] = b.rewards[newly, seats[0]]
            finished |= b.dones
        total += got.mean()
    return total / len(sides(rules))


def update(state: dict[str, Any], data: dict[str, np.ndarray], args: Any, frac: float) -> Any:
    adv = data["adv"]
    data["adv"] = (adv - adv.mean()) / (adv.std() + 1e-8)
    n = len(adv)
    rng: np.random.Generator = state["rng"]
    lr = jnp.float32(args.lr * (1.0 - 0.9 * frac))
    ent = jnp.float32(args.entropy)
    stats = []
    for _ in range(args.epochs):
        order = rng.permutation(n)
        for k in range(0, n - args.minibatch // 2, args.minibatch):
            idx = order[k : k + args.minibatch]
            mb = {key: jnp.asarray(val[idx]) for key, val in data.items()}
            state["p"], state["m"], state["v"], state["t"], s = adam_step(
                state["p"], state["m"], state["v"], state["t"], mb, lr, ent
            )
            stats.append(np.asarray(s))
    return np.mean(stats, 0)


def train(args: argparse.Namespace) -> None:
    rules = make_rules(args.game, players=args.players)
    rng = np.random.default_rng(args.seed)
    probe = CoreBatch(rules, 1, [None] * rules.players)
    size, actions = probe.codec.observation_size, probe.codec.num_actions
    p = init_params(rng, [size, args.hidden, args.hidden], actions)
    zeros = jax.tree_util.tree_map(jnp.zeros_like, p)
    state: dict[str, Any] = {"p": p, "m": zeros, "v": zeros, "t": jnp.int32(0), "rng": rng}
    sources = make_sources(rules, int(rng.integers(2**31)), args.tables)
    out = Path(args.out)
    curve_path = out.with_suffix(".csv")
    best, best_points, best_update = numpy_params(p), -1e9, 0
    start = time.perf_counter()
    cpu0 = time.process_time()
    rows: list[dict[str, Any]] = []
    steps = 0
    upd = 0
    while True:
        elapsed = (time.perf_counter() - start) / 60
        if (args.updates and upd >= args.updates) or (not args.updates and elapsed >= args.minutes):
            break
        episodes: list[Any] = []
        while sum(len(e[0]) for e in episodes) < args.rollout:
            for src in sources:
                steps += src.step(state["p"], rng, episodes)
        data = gae(episodes, args.reward_scale, args.lam)
        frac = upd / args.updates if args.updates else elapsed / args.minutes
        _loss, vloss, entropy = update(state, data, args, min(frac, 1.0))
        upd += 1
        if upd % args.eval_every == 0 or upd == 1:
            now = numpy_params(state["p"])
            points = evaluate(rules, now, args.eval_deals, args.seed + 7919)
            if points > best_points:
                best, best_points, best_update = now, points, upd
            rows.append(
                {
                    "update": upd,
                    "minutes": round((time.perf_counter() - start) / 60, 3),
                    "cpu_minutes": round((time.process_time() - cpu0) / 60, 3),
                    "steps": steps,
                    "hands": sum(s.hands for s in sources),
                    "eval_points": round(float(points), 4),
                    "best_points": round(float(best_points), 4),
                    "value_loss": round(float(vloss), 5),
                    "entropy": round(float(entropy), 4),
                }
            )
            print(rows[-1], flush=True)
            with curve_path.open("w", newline="") as f:
                w = csv.DictWriter(f, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
            save(out, rules, best, args, (upd, best_update), best_points, start, cpu0)
    save(out, rules, best, args, (upd, best_update), best_points, start, cpu0)


def save(
    out: Path,
    rules: Any,
    params: dict[str, np.ndarray],
    args: argparse.Namespace,
    updates: tuple[int, int],
    points: float,
    start: float,
    cpu0: float,
) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    save_policy(
        out,
        rules,
        params,
        kind="mlp-tanh",
        clip=CLIP,
        seed=args.seed,
        updates=updates[0],
        checkpoint_update=updates[1],
        minutes=round((time.perf_counter() - start) / 60, 2),
        cpu_minutes=round((time.process_time() - cpu0) / 60, 2),
        eval_points_vs_greedy=round(points, 4),
        command=(
            f"python examples/train_learned.py --game {args.game} --players {args.players} "
            f"--seed {args.seed} --updates {updates[0]}"
        ),
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="block")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=25.0)
    ap.add_argument("--updates", type=int, default=0, help="stop after this many (0: --minutes)")
    ap.add_argument("--out", default="learned.npz")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--tables", type=int, default=256)
    ap.add_argument("--rollout", type=int, default=4096, help="transitions per update")
    ap.add_argument("--minibatch", type=int, default=1024)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--reward-scale", type=float, default=0.05)
    ap.add_argument("--eval-every", type=int, default=10)
    ap.add_argument("--eval-deals", type=int, default=500)
    args = ap.parse_args()
    train(args)


if __name__ == "__main__":
    main()
