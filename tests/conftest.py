"""Shared helpers and the hypothesis profiles of the engine tests.

Helpers are plain functions (tests import them with ``from conftest import ...``) so that hypothesis
tests can use them without function-scoped fixtures."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from boneyard import IllegalAction, LineRules, LineState, get_game
from boneyard.core.actions import Action
from boneyard.core.protocol import GameState, HandStart
from boneyard.core.tiles import parse_tile

# CI's examples: 50 a property (derandomized: the same every run), what keeps the whole CI run
# within its 20 minutes on two cores.
settings.register_profile(
    "ci",
    max_examples=50,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _english_again() -> Iterable[None]:
    """Every test begins and ends in English, whatever language a command it ran chose."""
    from boneyard.core.i18n import reset_language

    reset_language()
    yield
    reset_language()


# Every hint and review in the tests (and the servers they start) analyses a few worlds only, for
# speed; tests of the analysis itself give their own effort.
os.environ.setdefault("BONEYARD_ANALYSIS_EFFORT", "4,200")

RECORDS = Path(__file__).parent / "records"


def T(text: str) -> int:
    """The tile index of ``"a-b"``."""
    return parse_tile(text)


def tiles(text: str) -> list[int]:
    """Tile indexes of a space-separated list such as ``"6-6 6-5 0-0"``."""
    return [parse_tile(t) for t in text.split()]


def mask(text: str) -> int:
    m = 0
    for t in tiles(text):
        m |= 1 << t
    return m


def configure(
    game: str, rules: str | None = None, players: int | None = None, **options: Any
) -> LineRules:
    return get_game(game).configure(rules, options, players)


def build(
    rules: LineRules,
    hands: Iterable[str],
    stock: str = "",
    leader: int | None = None,
    *,
    rest_to_stock: bool = True,
    lead_by_deal: bool = True,
    context: Any = None,
) -> LineState:
    """A hand from a readable deal: one string of tiles per seat, then the stock in draw order.

    With ``rest_to_stock`` the tiles named nowhere are appended to the stock (lowest index first).
    """
    dealt = [tiles(h) for h in hands]
    stock_tiles = tiles(stock)
    if rest_to_stock:
        used = {t for h in dealt for t in h} | set(stock_tiles)
        stock_tiles += [t for t in range(rules.tiles.size) if t not in used]
    start = HandStart(dealt, stock_tiles, leader, lead_by_deal=lead_by_deal, context=context)
    return rules.start_hand(start)  # type: ignore[return-value]


def set_hands(state: LineState, hands: Iterable[str]) -> LineState:
    """Arrange the hands of a state (for scoring an end position built by hand)."""
    state.hands = [mask(h) for h in hands]
    return state


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything observable about a state, to check that a rejected action changed nothing: the
    protocol's fields, the public key (the table, the pending flags), and a line's layout."""
    lay = state.layout
    return (
        tuple(state.hands),
        None if lay is None else (lay.names, lay.pips, lay.tips, lay.placed, lay.spinners),
        state.table if lay is None else None,
        state.public_key(),
        state.turn,
        state.leader,
        state.stock_pos,
        state.discards,
        len(state.history),
        len(state.public),
        tuple(state.scores),
        state.over,
        state.phase,
        state.result,
    )


def assert_illegal(state: GameState, action: Action, *fragments: str) -> str:
    """``action`` is rejected with an ``IllegalAction`` whose message holds every fragment, and the
    state is unchanged. Returns the message."""
    before = snapshot(state)
    legal_before = state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert snapshot(state) == before
    assert state.legal_actions() == legal_before
    return message


def strs(actions: Iterable[Action]) -> list[str]:
    return [str(a) for a in actions]


def load_record(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


def with_options(record: Mapping[str, Any], **options: Any) -> dict[str, Any]:
    """A copy of ``record`` with some options changed."""
    copy = json.loads(json.dumps(record))
    copy["options"] = {**copy.get("options", {}), **options}
    return copy


def arranged(
    game: str, rule_set: str | None, players: int, hands: Iterable[str], **options: Any
) -> LineState:
    """A state of ``players`` seats whose hands are then replaced by ``hands`` (an end position
    built by hand, to be scored with ``state.rules.hand_result``). Its deal is any valid one."""
    rules = configure(game, rule_set, players, **options)
    n = rules.hand_size
    deal = [list(range(i * n, (i + 1) * n)) for i in range(players)]
    stock = list(range(n * players, rules.tiles.size))
    state = LineState.from_deal(rules, deal, stock, 0, lead_by_deal=False)
    return set_hands(state, hands)


class StubRng:
    """A stand-in for ``random.Random`` whose ``sample`` returns fixed tiles (a lead draw)."""

    def __init__(self, drawn: Iterable[str], randrange: int = 0) -> None:
        self.drawn = tiles(" ".join(drawn))
        self._randrange = randrange

    def sample(self, population: Any, k: int) -> list[int]:
        assert k == len(self.drawn)
        return list(self.drawn)

    def randrange(self, n: int) -> int:
        return self._randrange


# ------------------------------------------------------------------------------ the server
@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A SQLite file for a server's store."""
    return f"sqlite:///{tmp_path / 'boneyard.db'}"


@pytest.fixture
def client(db_url: str) -> Any:
    """A server on ``db_url`` with no delays, in a ``TestClient`` (tests/server/serverhelp.py
    drives it)."""
    from fastapi.testclient import TestClient

    from boneyard.apps.server.app import Settings, create_app

    settings = Settings(
        db=db_url,
        computer_delay=0,
        forced_delay=0,
        deal_delay=0,
        rate=1000,
        burst=1000,
        workers=0,  # the computers think in threads here: no worker processes to start
        hint_rate=1000,
        hint_burst=1000,
    )
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.fixture(scope="session")
def postgres_cluster() -> Any:
    """A throwaway PostgreSQL server for this session (tests/server/serverhelp.py): skipped where
    Debian's ``postgresql`` package is missing or it does not start, unless
    ``BONEYARD_REQUIRE_POSTGRES`` is set (as CI sets it)."""
    from serverhelp import PostgresCluster

    try:
        cluster = PostgresCluster()
    except RuntimeError as e:
        _postgres_unavailable(str(e))
    try:
        cluster.start()
    except RuntimeError as e:
        cluster.stop()
        _postgres_unavailable(f"PostgreSQL does not start here: {e}")
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def postgres(postgres_cluster: Any) -> str:
    """The URL of the session's PostgreSQL server."""
    url: str = postgres_cluster.url
    return url


def _postgres_unavailable(why: str) -> None:
    if os.environ.get("BONEYARD_REQUIRE_POSTGRES"):
        pytest.fail(f"PostgreSQL is required (BONEYARD_REQUIRE_POSTGRES): {why}")
    pytest.skip(why)
