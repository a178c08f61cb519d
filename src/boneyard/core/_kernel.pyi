# The compiled core's private half (src/boneyard/core/csrc/module.c); its typed face is
# boneyard/core/kernel.py. A move is (kind, tile, end, open, claim) with -1 for "none"; a mask is
# (low 64 bits, high bits).
from typing import Any

_Move = tuple[int, int, int, int, int]

class Spec:
    wide: bool
    def __init__(self, fields: dict[str, Any], /) -> None: ...

class Hand:
    def __init__(self, spec: Spec, state: tuple[Any, ...], /) -> None: ...
    def legal(self) -> list[_Move]: ...
    def apply(self, move: _Move, /) -> None: ...
    def undo(self) -> None: ...
    def copy(self) -> Hand: ...
    def view(self) -> dict[str, Any]: ...
    def points_of_play(self, move: _Move, /) -> int: ...
    def choose(self, agent: int, stream_state: int, /) -> tuple[int, int]: ...

class Solver:
    nodes: int
    def __init__(
        self,
        spec: Spec,
        side: int,
        use_table: bool = ...,
        ordering: bool = ...,
        max_slots: int = ...,
    ) -> None: ...
    def solve(
        self, hand: Hand, max_nodes: int = ..., deadline: float = ..., /
    ) -> tuple[float, _Move | None, int, bool]: ...
    def action_value(
        self, hand: Hand, move: _Move, max_nodes: int = ..., deadline: float = ..., /
    ) -> float: ...
    def action_values(self, hand: Hand, /) -> list[tuple[_Move, float]]: ...
    def clear(self) -> None: ...

# (results lines or None, (units, hands, ties, wins, points over 2**64)); ("endless", unit) for
# a match that never ended.
def run_units(
    spec: Spec,
    agents: tuple[int, ...],
    base: int,
    first: int,
    stop: int,
    whole_match: bool,
    agents_json: str | None,
    max_match_hands: int,
    /,
) -> tuple[Any, Any]: ...
def play_hand(
    spec: Spec, agents: tuple[int, ...], deal_seed: int, agent_seed: int, /
) -> tuple[tuple[float, ...], int, int, int, int]: ...
def stream(seed: int, n: int, /) -> list[int]: ...
def below(seed: int, n: tuple[int, ...], count: int, /) -> tuple[list[tuple[int, ...]], int]: ...
def below64(seed: int, n: int, count: int, /) -> tuple[list[int], int]: ...
def substream(seed: int, k: int, /) -> int: ...

# The batched environments (csrc/vector.h; boneyard.research.vector is the typed face).
class Batch:
    def __init__(
        self,
        spec: Spec,
        tables: int,
        agents: tuple[int, ...],
        learner: int,
        reward_points: bool,
        penalty: float,
        codec: dict[str, Any],
        obs: Any,
        mask: Any,
        rewards: Any,
        done: Any,
        invalid: Any,
        seat: Any,
        log_cap: int,
        /,
    ) -> None: ...
    def reset(self, base: int, /) -> None: ...
    def step(self, actions: Any, /) -> None: ...
    def log(self, table: int, /) -> tuple[int, list[tuple[int, int, int, int, int, int]]]: ...

# The trick games (tbind.h): a move is its research action id; a state a dict of the names of
# boneyard.core.kernel_spec.TrickKernelState.
class TrickSpec:
    def __init__(self, fields: dict[str, Any], /) -> None: ...

class TrickHand:
    def __init__(self, spec: TrickSpec, state: dict[str, Any], /) -> None: ...
    def legal(self) -> list[int]: ...
    def apply(self, action_id: int, /) -> None: ...
    def undo(self) -> None: ...
    def copy(self) -> TrickHand: ...
    def view(self) -> dict[str, Any]: ...
    def choose(self, agent: int, stream_state: int, /) -> tuple[int, int]: ...

class TrickSolver:
    nodes: int
    def __init__(
        self,
        spec: TrickSpec,
        side: int,
        use_table: bool = ...,
        ordering: bool = ...,
        count_taken: bool = ...,
        max_slots: int = ...,
    ) -> None: ...
    def solve(
        self, hand: TrickHand, max_nodes: int = ..., deadline: float = ..., /
    ) -> tuple[float, int, int, bool]: ...
    def action_value(
        self, hand: TrickHand, action_id: int, max_nodes: int = ..., deadline: float = ..., /
    ) -> float: ...
    def action_values(self, hand: TrickHand, /) -> list[tuple[int, float]]: ...
    def clear(self) -> None: ...

def trick_run_units(
    spec: TrickSpec,
    agents: tuple[int, ...],
    base: int,
    first: int,
    stop: int,
    whole_match: bool,
    agents_json: str | None,
    max_match_hands: int,
    /,
) -> tuple[Any, Any]: ...
def trick_play_hand(
    spec: TrickSpec, agents: tuple[int, ...], deal_seed: int, agent_seed: int, /
) -> tuple[tuple[float, ...], int, int, str, int]: ...
