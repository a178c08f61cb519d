"""Each game speaks its own words: the states of the seats, the titles and labels of its table, the
stock, and the reasons for every score come from the game's presenter, and none of them uses a
word that belongs to another game (Texas 42 once said Domino Loo's "to decide" and "Stock: 0").

Which words a game may use is derived from what the game declares or shows: trick words where its
table is a trick table, bidding words where a hand has a bidding phase, the decisions of Domino
Loo where a hand has a deciding phase, the stock where tiles are left undealt, trains where the
table grows from a hub, and so on."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from boneyard.core.match import Match
from boneyard.core.protocol import GameRules, GameState
from boneyard.core.views import LineView, TrickView
from boneyard.core.words import Voice, signed
from boneyard.games import GAMES
from boneyard.text.drawing import describe_table, trick_lines
from boneyard.text.narration import score_sheet_text, table_view


@dataclass
class Seen:
    """What a game showed while its hands were played: the facts its words are allowed by, and
    every text of its tables."""

    rules: GameRules
    phases: set[str] = field(default_factory=set)
    tricks: bool = False
    hub: bool = False
    spinner: bool = False
    stock: bool = False
    texts: dict[str, str] = field(default_factory=dict)  # text -> where it was seen


Fact = Callable[[Seen], bool]


def _tricks(seen: Seen) -> bool:
    return seen.tricks


def _bids(seen: Seen) -> bool:
    return "bid" in seen.phases


def _decide(seen: Seen) -> bool:
    return "decide" in seen.phases


def _draw(seen: Seen) -> bool:
    return seen.rules.can_draw or "find_lead" in seen.phases


def _stock(seen: Seen) -> bool:
    return seen.stock


def _hub(seen: Seen) -> bool:
    return seen.hub


def _marks(seen: Seen) -> bool:
    # The unit of the totals, or a bid of so many marks (Texas 42 played for points).
    return seen.rules.presenter.unit == "mark" or _bids(seen)


def _matador(seen: Seen) -> bool:
    return "matador" in seen.rules.presenter.mark_name()


def _partners(seen: Seen) -> bool:
    return bool(seen.rules.partners())


def _pool(seen: Seen) -> bool:
    return seen.rules.presenter.sheet_kind in ("pools", "counters")


def _spinner(seen: Seen) -> bool:
    return seen.spinner


def _claims(seen: Seen) -> bool:
    return seen.rules.claims


# Each word that belongs to some games only, and what allows a game to use it.
VOCABULARY: dict[str, Fact] = {
    **dict.fromkeys(("trick", "tricks", "trump", "trumps", "turn-up"), _tricks),
    **dict.fromkeys(("bid", "bids", "bidding", "bidder"), _bids),
    **dict.fromkeys(("decide", "stand", "stands", "stood", "miss", "looed", "dropped"), _decide),
    **dict.fromkeys(("draw", "drawn", "drawing"), _draw),
    **dict.fromkeys(("stock", "boneyard"), _stock),
    **dict.fromkeys(("train", "trains", "marker", "engine", "hub", "mexican"), _hub),
    **dict.fromkeys(("mark", "marks"), _marks),
    **dict.fromkeys(("matador", "matadors"), _matador),
    **dict.fromkeys(("partner", "partners", "partnership"), _partners),
    **dict.fromkeys(("pool", "counters", "counter", "stake"), _pool),
    **dict.fromkeys(("spinner",), _spinner),
    **dict.fromkeys(("muggins", "claim", "claimed"), _claims),
}

WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")


def spectator(rules: GameRules) -> Voice:
    """Every seat by its number: the engine's words as they are."""
    return Voice.of(rules, None)


def look(seen: Seen, state: GameState) -> None:
    """Note every text of the table of ``state`` as a spectator reads it, and its facts."""
    rules = seen.rules
    presenter = rules.presenter
    seen.phases.add(state.phase.name)
    view = table_view(rules, state.public, state.table)
    texts: list[tuple[str, str]] = []
    if isinstance(view, TrickView):
        seen.tricks = True
        texts += [("heading", view.heading), ("waiting", view.waiting), ("worth", view.worth)]
        texts += [("seat", s.text) for s in view.seats]
        texts += [("note", n) for n in view.notes]
        texts += [("trumps", view.trump_text or "")]
        texts += [("drawn", line) for line in trick_lines(view, spectator(rules))]
    elif isinstance(view, LineView):
        seen.hub |= view.hub
        seen.spinner |= view.lead is not None and view.lead.spinner
        seen.spinner |= any(p.spinner for arm in view.arms for p in arm.tiles)
        for end in view.ends:
            texts += [("end", t or "") for t in (end.title, end.note, end.needs)]
        texts += [("count", view.count or "")]
        texts += [("words", line) for line in describe_table(view, spectator(rules))]
    texts.append(("prompt", presenter.turn_prompt(state.phase) or ""))
    texts.append(("stock", presenter.stock_text(state.stock_size(), state.drawable()) or ""))
    for where, text in texts:
        if text:
            seen.texts.setdefault(text, f"{where} in phase {state.phase.name}")


def play_hands(rules: GameRules, hands: int, seed: int) -> Seen:
    """Play ``hands`` hands of random moves, noting what the tables showed; the reasons of every
    score and the score sheet once each hand ends."""
    seen = Seen(rules)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(hands):
        state = match.hand
        seen.stock |= state.stock_size() > 0
        while not state.over:
            look(seen, state)
            state.apply(rng.choice(state.observation(state.turn).legal_actions))
        look(seen, state)
        for _, why in rules.presenter.score_reasons(state, spectator(rules)):
            seen.texts.setdefault(why, "a score's reason")
        if match.next_hand() is None:
            break
    seen.texts.setdefault(score_sheet_text(match, spectator(rules)), "the score sheet")
    return seen


CASES = [
    pytest.param(game_id, rule_set, id=f"{game_id}-{rule_set}")
    for game_id, game in GAMES.items()
    for rule_set in game.rule_sets
]


@pytest.mark.parametrize(("game_id", "rule_set"), CASES)
def test_every_table_speaks_its_own_game(game_id: str, rule_set: str) -> None:
    rules = GAMES[game_id].configure(rule_set)
    seen = play_hands(rules, hands=2, seed=11)
    wrong = []
    for text, where in seen.texts.items():
        for word in WORD.findall(text.lower()):
            allowed = VOCABULARY.get(word)
            if allowed is not None and not allowed(seen):
                wrong.append(f"{word!r} ({where}): {text!r}")
    assert not wrong, "\n".join(wrong)
    # The words were read: a game with a table said something of it in every hand.
    assert seen.texts


def test_the_vocabulary_is_derived_from_what_each_game_shows() -> None:
    """The facts that allow words differ between the games (so the check above can fail): the
    trick games and the line games, the bidding games and Domino Loo, a stock or none."""
    texas = play_hands(GAMES["texas-42"].configure(), hands=1, seed=3)
    loo = play_hands(GAMES["domino-loo"].configure(), hands=1, seed=3)
    block = play_hands(GAMES["block"].configure(), hands=1, seed=3)
    train = play_hands(GAMES["mexican-train"].configure(), hands=1, seed=3)
    assert _tricks(texas) and _bids(texas) and not _decide(texas) and not _stock(texas)
    assert _tricks(loo) and _decide(loo) and not _bids(loo) and _stock(loo)
    assert not _tricks(block) and not _draw(block) and not _hub(block)
    assert _hub(train) and _draw(train) and not _hub(block)
    # Texas 42 says its own seat states: bids and passes, never Domino Loo's decisions.
    said = " ".join(texas.texts)
    assert "to bid" in said and "to decide" not in said and "Stock" not in said
    assert "Partners: seats 0 & 2 against seats 1 & 3" in said


# ------------------------------------------------------------------ the reasons for the scores
def loo_hands(players: int, hands: int, seed: int) -> list[GameState]:
    rules = GAMES["domino-loo"].configure(players=players)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    done = []
    for _ in range(hands):
        state = match.hand
        while not state.over:
            state.apply(rng.choice(state.observation(state.turn).legal_actions))
        done.append(state)
        if match.next_hand() is None:
            break
    return done


def test_domino_loo_says_why_a_dealer_who_took_three_tricks_scores_minus_two() -> None:
    """The dealer stakes 5 into an empty pool (RULES.md §2.11, the pool of counters): taking 3
    of the 5 tricks worth 1 each wins 3, so the hand is -2 for him, and the sheet says so."""
    reasons: list[tuple[float, str]] = []
    dealers = 0
    for players in (3, 4):
        for state in loo_hands(players, hands=12, seed=5):
            result = state.result
            assert result is not None
            told = state.rules.presenter.score_reasons(state, spectator(state.rules))
            assert [p for p, _ in told] == list(result.points)
            reasons += told
            table = state.table
            dealer = (state.leader - 1) % players
            if table.ante:  # type: ignore[attr-defined]
                dealers += 1
                assert "the dealer's stake into the empty pool: -5" in told[dealer][1]
            for seat, (points, why) in enumerate(told):
                parts = [float(x) for x in re.findall(r": ([+-]\d+(?:\.\d+)?)(?=;|$)", why)]
                if len(parts) > 1:
                    assert sum(parts) == points and why.endswith(f"in all {signed(points)}")
                elif parts:
                    assert parts[0] == points, (seat, why)
    assert dealers
    assert (-2, "3 tricks: +3; the dealer's stake into the empty pool: -5; in all -2") in reasons


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_score_of_every_game_has_its_reason(game_id: str) -> None:
    rules = GAMES[game_id].configure()
    match = Match(rules, seed=4)
    rng = random.Random(4)
    state = match.hand
    while not state.over:
        state.apply(rng.choice(state.observation(state.turn).legal_actions))
    result = state.result
    assert result is not None
    told = rules.presenter.score_reasons(state, Voice.of(rules, 0))
    assert [p for p, _ in told] == list(result.points)
    assert all(why for _, why in told)
    # The end of the hand tells each side's reason under its points.
    text = "\n".join(rules.presenter.result(1, state, Voice.of(rules, 0)))
    for side, (_, why) in enumerate(told):
        assert f"{Voice.of(rules, 0).side(side)}: {why}" in text


# ------------------------------------------------------------------ the hand in play on the sheet
@pytest.mark.parametrize("game_id", ["muggins", "five-up"])
def test_the_sheet_total_includes_what_the_hand_in_play_has_scored(game_id: str) -> None:
    rules = GAMES[game_id].configure()
    match = Match(rules, seed=2)
    rng = random.Random(2)
    state = match.hand
    while not any(state.scores):
        assert not state.over, "nothing was scored in play"
        state.apply(rng.choice(state.observation(state.turn).legal_actions))
    sheet = score_sheet_text(match, spectator(rules)).splitlines()
    now = next(line for line in sheet if line.startswith("now"))
    total = next(line for line in sheet if line.startswith("total"))
    scores = [int(s) for s in state.scores]
    assert re.findall(r"-?\d+", now) == [str(s) for s in scores]
    assert "in the total" in now
    running = [int(t + s) for t, s in zip(match.totals, state.scores, strict=True)]
    assert re.findall(r"-?\d+", total) == [str(t) for t in running]
