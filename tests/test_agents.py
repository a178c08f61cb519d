"""The agents: legal play in every game and rule set, honesty (an observation is all they see),
determinism, and the decisions of the strategy agents (RULES.md §6)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import boneyard.games.matador.players as matador_module
from boneyard import DRAW, GAMES, LineState, Match, Observation, Play, get_game
from boneyard.core.actions import Action, Draw
from boneyard.core.tiles import BIT, NAMES
from boneyard.games.line.reading import Reading, chance_holds, suit_counts
from boneyard.games.line.rules import LineRules
from boneyard.games.matador.players import MatadorAgent, match_leader
from boneyard.games.pool.players import PoolAgent
from boneyard.games.whist.players import WhistAgent, signal_lead, signals
from boneyard.players.agents import AGENTS, Agent, GameAgent, make_agent
from boneyard.research.sim import simulate
from conftest import T, build, configure, mask

STRATEGY = ["matador", "whist", "pool"]


def cases() -> list[tuple[str, str, int]]:
    """Every game and rule set, with the player counts worth trying."""
    out = []
    for game in GAMES.values():
        counts = sorted({game.min_players, game.max_players, game.players_for(None)})
        for rule_set in game.rule_sets:
            for players in counts:
                out.append((game.id, rule_set, players))
    return out


class Honest:
    """What an agent may read: the public attributes of an observation, nothing else (no
    ``state``, no private fields)."""

    PUBLIC = frozenset(
        {
            "seat",
            "rules",
            "hand",
            "layout",
            "table",  # the game's public table (a line's layout, or another game's table)
            "phase",  # where the hand is (the play, a draw for the lead, a decision...)
            "hand_sizes",
            "stock_size",
            "drawable",
            "turn",
            "leader",
            "scores",
            "legal_actions",
            "over",
            "history",
            "tiles",
            "my_turn",
            "totals",  # the match totals, where the engine gives them (the coalition reads them)
            "context",  # what the hand knows from its place in the match (a round's engine)
            "discarded",  # the seat's own tiles thrown out of play (Domino Loo's miss)
        }
    )

    def __init__(self, obs: Observation) -> None:
        object.__setattr__(self, "_obs", obs)

    def __getattr__(self, name: str) -> Any:
        if name not in self.PUBLIC:
            raise AssertionError(f"an agent read {name!r} from its observation")
        return getattr(object.__getattribute__(self, "_obs"), name)


def play_hands(rules: LineRules, agents: list[Agent], seed: int, hands: int = 2) -> int:
    """Play ``hands`` hands of a match, checking every choice; returns the moves chosen."""
    rng = random.Random(seed)
    match = Match(rules, rng=rng)
    chosen = 0
    for _ in range(hands):
        state = match.hand
        while not state.over:
            seat = state.turn
            obs = state.observation(seat)
            action = agents[seat].choose(Honest(obs), rng)  # type: ignore[arg-type]
            assert action in obs.legal_actions, (rules.describe(), seat, action)
            state.apply(action, seat)
            chosen += 1
        if match.next_hand() is None:
            break
    return chosen


SEARCH_LEVELS = ("beginner", "casual", "strong", "expert")


def few_worlds(name: str) -> Agent:
    """The agent ``name``; a sampling one (a game's own expert) with few worlds and no clock:
    what it may play does not depend on how many deals it samples, and the test's time does."""
    agent = make_agent(name)
    own = agent.agent if isinstance(agent, GameAgent) else agent
    if hasattr(own, "worlds"):
        own.worlds = 3
        own.budget = None
    return agent


@pytest.mark.parametrize(("game", "rule_set", "players"), cases())
def test_every_agent_plays_legally_in_every_game(game: str, rule_set: str, players: int) -> None:
    rules = get_game(game).configure(rule_set, None, players)
    # The search agents are tested with a small budget below (their own budgets are for people).
    names = sorted(n for n in AGENTS if n not in SEARCH_LEVELS)
    for seed in range(2):
        # Each agent at every seat once, and a mixed table.
        for name in names:
            assert play_hands(rules, [few_worlds(name) for _ in range(players)], seed) > 0
        mixed = [few_worlds(names[(seed + s) % len(names)]) for s in range(players)]
        play_hands(rules, mixed, seed + 10)


@pytest.mark.parametrize(
    "options",
    [
        {"matador_placement": "crosswise_both_open"},
        {"tile_set": "double-nine"},
        {"tile_set": "double-twelve", "hand_size": 9},
        {"draw_policy": "one_then_pass"},
        {"match_rule": "equal"},
    ],
)
def test_strategy_agents_play_legally_under_matador_options(options: dict[str, Any]) -> None:
    for players in (2, 3):
        rules = get_game("matador").configure("britannica", options, players)
        for name in STRATEGY:
            for seed in range(3):
                play_hands(rules, [make_agent(name) for _ in range(players)], seed)


def test_an_observation_holds_no_state() -> None:
    rules = configure("matador", "hoyle", 2)
    state = Match(rules, seed=1).hand
    obs = state.observation(state.turn)
    assert not hasattr(obs, "state")
    assert all(not isinstance(getattr(obs, name, None), LineState) for name in Honest.PUBLIC)
    # The check in play_hands catches an agent reaching past the observation.
    with pytest.raises(AssertionError, match="_hist"):
        _ = Honest(obs)._hist


@pytest.mark.parametrize(
    ("game", "players", "names"),
    [
        ("matador", 2, "matador,greedy"),
        ("matador", 3, "matador,random,greedy"),
        ("domino-whist", 4, "whist,greedy"),
        ("domino-pool", 5, "pool,greedy,random"),
    ],
)
def test_simulations_with_strategy_agents_are_deterministic(
    game: str, players: int, names: str
) -> None:
    rules = get_game(game).configure(None, None, players)
    a = simulate(rules, names.split(","), matches=6, seed=3).to_json()
    b = simulate(rules, names.split(","), matches=6, seed=3).to_json()
    c = simulate(rules, names.split(","), matches=6, seed=4).to_json()
    for r in (a, b, c):
        r.pop("hands_per_second")
    assert a == b
    assert a != c


def test_an_agent_depends_only_on_its_observation_and_generator() -> None:
    rules = configure("matador", "britannica", 2)
    state = Match(rules, seed=7).hand
    for name in STRATEGY:
        agent = make_agent(name)
        first = agent.choose(state.observation(state.turn), random.Random(1))
        again = make_agent(name).choose(state.observation(state.turn), random.Random(1))
        assert first == again


# ------------------------------------------------------------------------------------ reading
def test_chance_holds() -> None:
    assert chance_holds(10, 0, 3) == 0.0
    assert chance_holds(10, 10, 1) == 1.0
    assert chance_holds(4, 1, 2) == pytest.approx(0.5)
    assert chance_holds(14, 2, 7) == pytest.approx(1 - (7 * 6) / (14 * 13))
    assert suit_counts(mask("6-6 6-4 4-0"), 6) == [1, 0, 0, 0, 2, 0, 2]


def britannica_draw_position() -> LineState:
    """Matador (britannica): seat 0 leads 5-5; seat 1, holding no 2 and no matador, draws until
    it draws 2-1 and plays it on a 5, exposing 1. Seat 0 to move."""
    rules = configure("matador", "britannica", 2)
    state = build(
        rules,
        ["5-5 5-2 6-3 6-0 4-0 3-3 1-0", "6-4 6-5 5-4 5-3 5-0 4-4 3-0"],
        "6-6 4-1 2-1",
    )
    state.apply(Play(T("5-5")), 0)
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW, 1)  # 6-6
    state.apply(DRAW, 1)  # 4-1
    state.apply(DRAW, 1)  # 2-1: fits a 5
    assert state.hands[1] & BIT[T("2-1")]
    state.apply(Play(T("2-1"), "R"), 1)
    return state


def test_reading_learns_what_a_drawing_player_lacks() -> None:
    state = britannica_draw_position()
    obs = state.observation(0)
    reading = Reading(obs, obs.rules)
    rules = state.rules
    twos = rules.tiles.suit_mask[2] & ~rules.matadors  # type: ignore[attr-defined]
    assert reading.lacks[1] & twos == twos
    assert reading.lacks[0] == 0
    assert reading.first_lead == (0, T("5-5"))
    assert reading.next_seat == 1
    # A tile seat 1 is known not to hold is left out of its chances.
    assert not reading.candidates(1) & twos


# ------------------------------------------------------------------------------------ matador
def matador_choice(state: LineState) -> Action:
    return MatadorAgent().choose(state.observation(state.turn), random.Random(0))


def test_matador_draws_rather_than_spend_its_last_matador() -> None:
    rules = configure("matador", "britannica", 2)
    state = build(rules, ["6-6 4-4 3-3 2-2 5-0 4-0 3-0", "5-2 5-5 6-5 6-4 6-3 6-2 5-4"])
    state.apply(Play(T("6-6")), 0)  # ends 6 and 6: a 1 or a matador
    legal = state.legal_actions()
    assert DRAW in legal and all(isinstance(a, Play) and a.tile == T("5-2") for a in legal[:-1])
    assert matador_choice(state) == DRAW


def test_matador_spends_its_last_matador_when_drawing_is_not_allowed() -> None:
    rules = configure("matador", "britannica", 2, matador_optional=False)
    state = build(rules, ["6-6 4-4 3-3 2-2 5-0 4-0 3-0", "5-2 5-5 6-5 6-4 6-3 6-2 5-4"])
    state.apply(Play(T("6-6")), 0)
    assert DRAW not in state.legal_actions()
    choice = matador_choice(state)
    assert isinstance(choice, Play) and choice.tile == T("5-2")


def test_matador_spends_its_last_matador_against_an_opponent_about_to_go_out() -> None:
    # Hoyle: seat 1 leads 6-6; seat 0 holds no 1, only the matador 5-2.
    state = build(
        configure("matador", "hoyle", 2),
        ["5-2 5-5 4-4", "6-6 3-0 6-4"],
        leader=1,
        lead_by_deal=False,
    )
    state.apply(Play(T("6-6")), 1)
    assert state.observation(0).hand_sizes[1] == 2
    assert matador_choice(state) == DRAW  # two tiles left: keep the matador
    state = build(
        configure("matador", "hoyle", 2, hand_size=2),
        ["5-2 5-5", "6-6 3-0"],
        leader=1,
        lead_by_deal=False,
    )
    state.apply(Play(T("6-6")), 1)
    # One tile left: he may go out next turn, so the matador is spent to stop him.
    choice = matador_choice(state)
    assert isinstance(choice, Play) and choice.tile == T("5-2")


def test_matador_plays_the_double_blank_on_blanks_all() -> None:
    rules = configure("matador", "hoyle", 2)
    state = build(rules, ["3-0 0-0 6-5", "4-0 6-6 5-5"], leader=0, lead_by_deal=False)
    state.apply(Play(T("3-0"), None, 0), 0)  # 3 at L, 0 at R
    state.apply(Play(T("4-0"), "L"), 1)  # the 4 on the 3: blank at both ends
    assert state.layout is not None and state.layout.pips == (0, 0)
    legal = state.legal_actions()
    assert DRAW in legal  # voluntary drawing: it could keep its only matador
    choice = matador_choice(state)
    assert isinstance(choice, Play) and choice.tile == T("0-0")


def test_matador_keeps_the_double_blank_otherwise() -> None:
    rules = configure("matador", "hoyle", 2)
    state = build(rules, ["0-0 6-2 4-1", "6-6 5-5 6-5"], leader=1, lead_by_deal=False)
    state.apply(Play(T("6-5"), None, 5), 1)  # 6 at L, 5 at R
    choice = matador_choice(state)
    assert isinstance(choice, Play) and choice.tile != T("0-0")


def test_matador_does_not_lead_a_blank_without_a_follow_up(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = configure("matador", "hoyle", 2)

    def lead(hand: str) -> int:
        state = build(rules, [hand, "6-6 5-5 4-4"], leader=0, lead_by_deal=False)
        choice = matador_choice(state)
        assert isinstance(choice, Play) and choice.end is None
        return choice.tile

    # 6-0 is the heaviest tile and its 6 needs a 1, which seat 0 holds twice; but nothing
    # follows the blank (no matador, no other blank).
    assert lead("6-0 1-1 2-1") != T("6-0")
    # The rule is what decides: without it, 6-0 would be led.
    monkeypatch.setattr(matador_module, "BLANK_NO_FOLLOW", 0.0)
    assert lead("6-0 1-1 2-1") == T("6-0")


def test_matador_may_lead_a_blank_with_a_follow_up() -> None:
    rules = configure("matador", "hoyle", 2)
    state = build(rules, ["6-0 1-0 2-1", "6-6 5-5 4-4"], leader=0, lead_by_deal=False)
    agent = MatadorAgent()
    obs = state.observation(0)
    reading = Reading(obs, obs.rules)
    lead = Play(T("6-0"), None, 0)
    without = build(rules, ["6-0 1-1 2-1", "6-6 5-5 4-4"], leader=0, lead_by_deal=False)
    obs2 = without.observation(0)
    # 1-0 follows the blank (it answers the 6 with another blank): no penalty.
    gap = agent.value(obs, reading, lead, None) - agent.value(
        obs2, Reading(obs2, obs2.rules), lead, None
    )
    assert gap > matador_module.BLANK_NO_FOLLOW / 2


def test_matador_exposes_the_half_the_opponent_lacks() -> None:
    state = britannica_draw_position()
    # Ends: L 5 (the lead 5-5), R 1 (2-1 on the 5). Seat 1 drew facing 5 and 5: it holds no 2.
    assert state.layout is not None and state.layout.pips == (5, 1)
    agent = MatadorAgent()
    obs = state.observation(0)
    reading = Reading(obs, obs.rules)
    # 5-2 on the L end: leaving 5 asks seat 1 for a 2 (he has none), leaving 2 asks for a 5.
    five = Play(T("5-2"), "L", 5)
    two = Play(T("5-2"), "L", 2)
    assert agent.value(obs, reading, five, None) > agent.value(obs, reading, two, None)
    # It is what seat 1 showed that decides: as many 2s as 5s are unseen.
    reading.lacks[1] = 0
    assert agent.value(obs, reading, five, None) == agent.value(obs, reading, two, None)


def test_match_leader_from_the_totals_or_the_hand() -> None:
    class WithTotals(Observation):
        __slots__ = ("totals",)

    rules = configure("matador", "hoyle", 3)
    state = build(rules, ["6-6 5-5 4-4", "3-3 2-2 1-1", "6-5 6-4"], leader=0, lead_by_deal=False)
    for seat, totals, leader in [
        (0, (10, 50, 20), 1),
        (1, (10, 50, 20), None),
        (0, (90, 5, 5), None),
    ]:
        obs = WithTotals(state, seat, state.table, state.legal_tuple())
        obs.totals = totals
        assert match_leader(obs, Reading(obs, obs.rules)) == leader
    # Nobody ahead yet (the totals before the first hand): the opponent closest to going out.
    obs0 = state.observation(0)
    assert obs0.totals == (0, 0, 0)
    assert match_leader(obs0, Reading(obs0, obs0.rules)) == 2
    two_players = build(
        configure("matador", "hoyle", 2),
        ["6-6 5-5 4-4", "3-3 2-2 1-1"],
        leader=0,
        lead_by_deal=False,
    )
    obs2 = two_players.observation(0)
    assert match_leader(obs2, Reading(obs2, obs2.rules)) is None


def test_matador_presses_the_match_leader_harder(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = configure("matador", "hoyle", 3)
    state = build(
        rules, ["6-2 4-1 3-3", "6-6 5-5 4-4", "3-2 2-2 1-1"], leader=0, lead_by_deal=False
    )
    agent = MatadorAgent()
    obs = state.observation(0)
    reading = Reading(obs, obs.rules)
    play = Play(T("6-2"), None, 2)
    as_leader = agent.value(obs, reading, play, 1)
    as_trailer = agent.value(obs, reading, play, 2)
    alone = agent.value(obs, reading, play, None)
    assert as_leader > alone > as_trailer


# ------------------------------------------------------------------------------------ whist
def whist_state(hands: list[str], leader: int = 0) -> LineState:
    rules = configure("domino-whist")
    return build(rules, hands, leader=leader, lead_by_deal=False)


def test_signal_lead_is_the_double_of_the_longest_suit() -> None:
    assert NAMES[signal_lead(mask("6-6 4-4 4-3 4-2 4-0 2-1 1-0"), 6)] == "4-4"
    assert NAMES[signal_lead(mask("6-6 6-4 6-2 5-5 3-1 2-0 1-0"), 6)] == "6-6"
    # The longest suit's double is missing: the double of a suit held three times.
    assert NAMES[signal_lead(mask("5-5 5-3 5-1 6-4 6-2 6-1 6-0"), 6)] == "5-5"
    # No double worth leading: the heaviest tile of the longest suit.
    assert NAMES[signal_lead(mask("6-5 6-3 6-2 4-2 3-1 5-0 1-1"), 6)] == "6-5"


def test_whist_leads_a_double_of_its_long_suit() -> None:
    state = whist_state(
        [
            "6-6 4-4 4-3 4-2 4-0 2-1 1-0",
            "6-5 6-4 6-3 6-2 6-1 6-0 5-5",
            "5-4 5-3 5-2 5-1 5-0 4-1 3-3",
            "3-2 3-1 3-0 2-2 2-0 1-1 0-0",
        ]
    )
    choice = WhistAgent().choose(state.observation(0), random.Random(0))
    assert choice == Play(T("4-4"))
    greedy = make_agent("greedy").choose(state.observation(0), random.Random(0))
    assert isinstance(greedy, Play) and greedy.tile == T("6-6")


def whist_signal_position() -> LineState:
    """Seat 2 leads 3-3 (a signal of threes); seat 3 plays 3-1 on a side; seat 0 to move, able
    to cover the remaining 3 (with 3-0) or to play on the 1 (with 1-0)."""
    state = whist_state(
        [
            "6-6 6-5 6-4 5-4 3-0 1-0 2-0",
            "6-3 6-2 6-1 6-0 5-5 5-3 5-2",
            "3-3 3-2 4-3 4-4 5-1 5-0 4-0",
            "3-1 2-2 2-1 1-1 4-2 4-1 0-0",
        ],
        leader=2,
    )
    state.apply(Play(T("3-3")), 2)
    state.apply(Play(T("3-1"), "R"), 3)
    return state


def test_whist_reads_the_partners_signal() -> None:
    state = whist_signal_position()
    obs = state.observation(0)
    reading = Reading(obs, obs.rules)
    assert signals(reading) == (3, None)
    # Seat 0 keeps the partner's 3 showing: it plays on the 1, not over the 3.
    choice = WhistAgent().choose(state.observation(0), random.Random(0))
    assert isinstance(choice, Play) and choice.tile == T("1-0")


def test_whist_closes_an_opponents_signal() -> None:
    state = whist_signal_position()
    # Seen from seat 1 the 3-3 was an opponent's lead.
    obs = state.observation(1)
    reading = Reading(obs, obs.rules)
    assert signals(reading) == (None, 3)
    agent = WhistAgent()
    cover = Play(T("6-3"), "L")
    elsewhere = Play(T("6-1"), "R")
    assert agent.value(obs, reading, cover, None, 3) - agent.value(
        obs, reading, cover, None, None
    ) > agent.value(obs, reading, elsewhere, None, 3) - agent.value(
        obs, reading, elsewhere, None, None
    )


# ------------------------------------------------------------------------------------ pool
def test_pool_leads_from_its_longest_suit() -> None:
    rules = configure("domino-pool", None, 4)
    state = build(
        rules,
        [
            "6-6 2-1 2-0 2-2 5-4",
            "6-5 6-4 6-3 6-2 6-1",
            "5-5 5-3 5-2 5-1 5-0",
            "4-4 4-3 4-2 4-1 4-0",
        ],
        leader=0,
        lead_by_deal=False,
    )
    choice = PoolAgent().choose(state.observation(0), random.Random(0))
    assert isinstance(choice, Play) and choice.tile in (T("2-2"), T("2-1"), T("2-0"))


def test_every_agent_is_registered_and_named() -> None:
    for name, factory in AGENTS.items():
        agent = factory()
        assert agent.name == name
        assert isinstance(agent, Agent)
    # A game's own player is found through its game, and plays the games it reads.
    matador = make_agent("matador")
    assert isinstance(matador, GameAgent) and isinstance(matador.agent, MatadorAgent)


def test_forced_actions_are_taken_as_they_are() -> None:
    rules = configure("matador", "britannica", 2)
    state = build(rules, ["6-6 4-4 3-3 2-2 5-0 4-0 3-0", "5-5 6-5 6-4 6-3 6-2 5-4 4-2"])
    state.apply(Play(T("6-6")), 0)
    assert state.legal_actions() == [DRAW]
    for name in AGENTS:
        assert isinstance(make_agent(name).choose(state.observation(1), random.Random(0)), Draw)


def test_accompanied_plays_the_tile_whose_numbers_it_holds_most_of() -> None:
    rules = get_game("block").configure("modern", players=2)
    deal = [
        [T(t) for t in ["6-5", "6-1", "1-0", "2-1", "3-1", "0-0", "2-0"]],
        [T(t) for t in ["6-6", "5-5", "5-4", "5-3", "4-4", "4-3", "3-3"]],
    ]
    stock = [t for t in range(28) if not any(t in h for h in deal)]
    state = LineState.from_deal(rules, deal, stock)
    state.apply(Play(T("6-6")))  # seat 1 holds the highest double and leads it
    obs = state.observation(0)
    # 6-1 keeps company with 6-5, 1-0, 2-1 and 3-1; 6-5 only with 6-1.
    choice = make_agent("accompanied").choose(obs, random.Random(0))
    assert isinstance(choice, Play) and choice.tile == T("6-1")
    greedy = make_agent("greedy").choose(obs, random.Random(0))
    assert isinstance(greedy, Play) and greedy.tile == T("6-5")


@pytest.mark.parametrize(("game", "rule_set", "players"), cases())
def test_the_search_agent_plays_legally_in_every_game(
    game: str, rule_set: str, players: int
) -> None:
    from boneyard.players.expert import ExpertAgent

    rules = get_game(game).configure(rule_set, None, players)
    agents = [ExpertAgent("expert", budget=0.005, worlds=2, nodes=150) for _ in range(players)]
    assert play_hands(rules, agents, 1, hands=1) > 0


def test_search_levels_are_registered_and_differ_only_in_counts_and_noise() -> None:
    from boneyard.players.expert import LEVELS, ExpertAgent

    for level in SEARCH_LEVELS:
        agent = make_agent(level)
        lv = LEVELS[level]
        assert isinstance(agent, ExpertAgent) and agent.name == level and agent.seeded
        assert (agent.budget, agent.worlds, agent.nodes, agent.noise) == (
            lv.cap,
            lv.worlds,
            lv.nodes,
            lv.noise,
        )
        assert (agent.work, agent.playouts, agent.candidates) == (
            lv.work,
            lv.playouts,
            lv.candidates,
        )
    for field in ("worlds", "nodes", "work", "playouts", "candidates"):
        counts = [getattr(LEVELS[level], field) for level in SEARCH_LEVELS]
        assert counts == sorted(counts), field


def test_with_nothing_hidden_the_search_values_are_the_exact_values() -> None:
    """All 28 tiles dealt to two players: the observation fixes the only possible world, so the
    averaged values are the solver's exact values of the true position."""
    from boneyard.players.expert import ExpertAgent
    from boneyard.players.search.solver import action_values

    rules = configure("block", "modern", 2, hand_size=14)
    for seed in range(3):
        match = Match(rules, seed=seed)
        state = match.hand
        rng = random.Random(seed)
        for _ in range(8):
            state.apply(rng.choice(state.legal_actions()))
        while len(state.legal_actions()) == 1 and not state.over:
            state.apply(state.legal_actions()[0])
        if state.over:
            continue
        obs = state.observation(state.turn)
        agent = ExpertAgent(budget=None, worlds=1, nodes=10_000_000)  # no clock: always exact
        values = agent.values(obs, random.Random(0))
        exact = dict(action_values(state))
        assert values == pytest.approx({a: exact[a] for a in values})
        best = agent.choose(obs, random.Random(0))
        assert exact[best] == max(exact.values())
