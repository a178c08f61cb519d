"""The words a player reads, for every game, rule set and player count in the registry (games added
later included): every sentence is told for its reader (the person is "you", never "seat 0"),
numbers agree with their nouns ("1 pip"), no source is named by a code ("S0"), and every number an
introduction states (tiles dealt, the stock) is the engine's real deal.

The plain terminal game is played through, one or two hands of every configuration, by a computer
player answering its prompts; the server's log is checked for every reader in
``tests/server/test_server_words.py``. The rules of a sentence themselves
(:mod:`boneyard.core.words`) are tested first, with their examples worked out by hand.
"""

from __future__ import annotations

import io
import random
import re
from typing import IO, cast

import pytest

from boneyard import Match, get_game
from boneyard.apps.cli.rules import rules_listing, rules_text
from boneyard.apps.plain import CLAIM_HELP, HELP, TerminalGame
from boneyard.core.actions import Play
from boneyard.core.layout import Layout
from boneyard.core.tiles import BIT
from boneyard.core.words import Voice, plural, third_person
from boneyard.games import GAMES, option_specs
from boneyard.games.line.rules import LineRules
from boneyard.games.line.state import IllegalAction, LineState
from boneyard.players.agents import make_agent
from boneyard.players.analysis import ReviewedMove, review_text
from boneyard.text.narration import (
    YOU,
    hand_result_text,
    menu,
    reader_voice,
    winner_text,
)
from conftest import T
from wording import CONFIGS, about_reader, faults, short_match


def game_intro(rules: LineRules) -> list[str]:
    """The rules of a game told to the person (its presenter's introduction)."""
    return rules.presenter.intro(reader_voice(rules))


# ------------------------------------------------------------------------ the rules of a sentence
def test_plurals_and_numbers() -> None:
    assert [plural(n, "pip") for n in (0, 1, 2)] == ["0 pips", "1 pip", "2 pips"]
    assert plural(1.0, "stake") == "1 stake" and plural(0.5, "stake") == "0.5 stakes"
    assert plural(2, "match") == "2 matches" and plural(3, "body") == "3 bodies"
    assert plural(2, "die", "dice") == "2 dice"


def test_verbs_agree() -> None:
    assert [third_person(v) for v in ("play", "pass", "be", "have", "go", "must", "drew")] == [
        "plays",
        "passes",
        "is",
        "has",
        "goes",
        "must",
        "drew",
    ]
    you = Voice(("seat 0", "seat 1", "seat 2", "seat 3"), 0, ((0, 2), (1, 3)))
    assert (you.says(0, "be"), you.says(1, "be"), you.says(2, "have")) == (
        "you are",
        "seat 1 is",
        "seat 2 has",
    )
    # A side with the reader, or of two players, takes the plural; one other player the singular.
    assert (you.side_says(0, "win"), you.side_says(1, "win")) == (
        "you & seat 2 win",
        "seats 1 & 3 win",
    )
    # A sentence opens with a capital, but a name is written as it was given.
    given = Voice(("greedy-1", "seat 1"), 1)
    assert (given.says(0, "play", opening=True), given.says(1, "play", opening=True)) == (
        "greedy-1 plays",
        "You play",
    )
    assert Voice(("greedy-1", "seat 1"), None).subject(1) == "Seat 1"
    alone = Voice(("Ann", "Bob", "Cy"), None, ((0,), (1,), (2,)))
    assert (
        alone.side_says(1, "reach") == "Bob reaches" and alone.sides_named([0, 2]) == "Ann and Cy"
    )


def test_the_engine_words_told_for_a_reader() -> None:
    you = Voice(("seat 0", "seat 1", "seat 2", "seat 3"), 0, ((0, 2), (1, 3)))
    assert you.tell("seat 0 is not to move (seat 1 is)") == "you are not to move (seat 1 is)"
    assert you.tell("seat 0 has drawn already this turn") == "you have drawn already this turn"
    assert you.tell("seat 0 must lead 6-6") == "you must lead 6-6"
    assert you.tell("seat 0 went out and takes the pool") == "you went out and take the pool"
    assert you.tell("blocked: seat 0 holds the fewest pips (13) and takes the pool") == (
        "blocked: you hold the fewest pips (13) and take the pool"
    )
    assert you.tell("blocked: seats 0, 1 and 3 tie for the fewest pips (4)") == (
        "blocked: you, seat 1 and seat 3 tie for the fewest pips (4)"
    )
    assert you.tell("seat 1 and seat 0 hold the most pips; seat 0 leads") == (
        "seat 1 and you hold the most pips; you lead"
    )
    assert you.tell("T0 is seat 0's train") == "T0 is your train"
    assert you.tell("blocked: seats 1 & 3 hold the fewest pips") == (
        "blocked: seats 1 & 3 hold the fewest pips"
    )
    assert you.tell("tricks: seat 0 2, seat 1 3; looed: seat 0") == (
        "tricks: you 2, seat 1 3; looed: you"
    )
    named = Voice(("Ann", "Bob", "Cy", "Di"), 1, ((0, 2), (1, 3)))
    assert named.tell("blocked: seats 1 & 3 hold 12") == "blocked: you & Di hold 12"
    assert named.tell("seat 0 drew 6-5 and seat 1 drew 5-4") == "Ann drew 6-5 and you drew 5-4"
    spectator = Voice(("Ann", "Bob", "Cy", "Di"), None, ((0, 2), (1, 3)))
    assert spectator.tell("seats 0 & 2 hold 7; seat 9 is no seat") == (
        "Ann & Cy hold 7; seat 9 is no seat"
    )


# ------------------------------------------------------------------------ texts that are not play
def test_no_source_codes_or_plural_errors_in_the_rules_texts() -> None:
    """Rule set descriptions and sources, summaries, option help, the help of the plain game: a
    player reads them all (``boneyard rules``, the start screens, ``?``)."""
    texts = [rules_listing(), HELP, CLAIM_HELP]
    texts += [line for g in GAMES.values() for line in g.configure().presenter.help_lines()]
    for game in GAMES.values():
        texts.append(rules_text(game.id, None))
        texts.append(game.summary)
        for rule_set in game.rule_sets.values():
            texts += [rule_set.description, rule_set.source]
    texts += [spec.help for spec in option_specs().values()]
    for text in texts:
        assert faults(text, ["seat 1"]) == [], text


# ------------------------------------------------------------------------ introductions and deals
INTRO_NUMBERS = {
    "all_dealt": re.compile(r"All (\d+) tiles are dealt, (\d+) tiles? each"),
    "in_stock": re.compile(r"\((\d+) tiles? in the stock(?:, the last (\d+|one) never drawn)?"),
    "left_undrawn": re.compile(r"The (\d+) tiles? left after the deal are never drawn"),
    "everyone_holds": re.compile(r"Everyone holds (\d+) tiles?"),
    "miss": re.compile(r"take (\d+) from the stock, keep (\d+)"),
    "tricks": re.compile(r"each hand is (five) tricks"),
}


# Options that make an introduction say other things: a reserve as large as the stock, a reserve
# of one, a bigger set.
INTRO_OPTIONS: list[tuple[str, str, int, dict[str, object]]] = [
    ("matador", "britannica", 2, {"stock_reserve": 14}),
    ("matador", "modern", 3, {"stock_reserve": 1}),
    ("matador", "britannica", 4, {"tile_set": "double-nine"}),
    ("domino-pool", "foster", 5, {"hand_size": 5}),
]


def test_every_number_an_introduction_states_is_the_real_deal() -> None:
    """For every configuration, the numbers of the introduction (game_intro, as the terminal, the
    full-screen game and the browser show it) against the first hand the engine deals: the tiles
    each player holds, the stock, what may be drawn of it."""
    seen: dict[str, int] = dict.fromkeys(INTRO_NUMBERS, 0)
    cases: list[tuple[str, str, int, dict[str, object]]] = [(*c, {}) for c in CONFIGS]
    cases += INTRO_OPTIONS
    for game_id, rule_set, players, options in cases:
        rules = get_game(game_id).configure(rule_set, options, players)
        state = Match(rules, seed=1).hand
        dealt = {m.bit_count() for m in state.deal}
        assert len(dealt) == 1
        each = dealt.pop()
        stock = len(state.stock)
        drawable = stock - rules.reserve if rules.can_draw else 0
        text = " ".join(game_intro(rules))
        where = f"{game_id} ({rule_set}), {players} players: {text}"
        for kind, pattern in INTRO_NUMBERS.items():
            for m in pattern.finditer(text):
                seen[kind] += 1
                if kind == "all_dealt":
                    assert (int(m[1]), int(m[2]), stock) == (rules.tiles.size, each, 0), where
                elif kind == "in_stock":
                    assert int(m[1]) == stock and drawable > 0, where
                    reserve = 1 if m[2] == "one" else int(m[2] or 0)
                    assert reserve == rules.reserve, where
                elif kind == "left_undrawn":
                    assert int(m[1]) == stock > 0 and drawable <= 0, where
                elif kind == "everyone_holds":
                    assert int(m[1]) == each, where
                elif kind == "miss":
                    assert int(m[1]) <= stock and int(m[2]) == each, where
                else:
                    assert each == 5, where
        if game_id == "matador":
            # Matador always says how drawing goes: from the stock, or not at all.
            assert any(INTRO_NUMBERS[k].search(text) for k in INTRO_NUMBERS), where
    # Every kind of statement was met (a pattern that matches nothing would check nothing).
    assert all(seen.values()), seen


def test_four_handed_matador_deals_every_tile() -> None:
    rules = get_game("matador").configure(players=4)
    intro = game_intro(rules)
    assert intro[-1] == (
        "All 28 tiles are dealt, 7 tiles each, so nobody draws: when you cannot play you pass."
    )
    assert not any("stay in the stock" in line or "draw until" in line for line in intro)
    two = game_intro(get_game("matador").configure(players=2))
    assert two[-1] == (
        "When you cannot play you draw until you can (14 tiles in the stock, the last 2 never "
        "drawn); you may draw rather than spend a matador."
    )


# ------------------------------------------------------------------------ the end of a match
def test_a_tied_domino_loo_match_says_who_tied() -> None:
    """Domino Loo for a pool after its deals: you and seat 2 have 3 counters each, the most;
    nobody wins, and the sentence says who tied."""
    rules = get_game("domino-loo").configure(players=4)
    match = Match(rules, seed=1)
    match.totals = [3, -2, 3, -4]
    match.winner = None
    assert winner_text(match) == (
        "Match over: you and seat 2 tie with 3 counters each, so nobody wins "
        "(seat 1: -2, seat 3: -4)."
    )
    spectator = Voice(("Ann", "Bob", "Cy", "Di"), None, rules.sides)
    assert winner_text(match, spectator) == (
        "Match over: Ann and Cy tie with 3 counters each, so nobody wins (Bob: -2, Di: -4)."
    )
    match.totals = [1, -2, 0, 1]
    assert winner_text(match) == (
        "Match over: you and seat 3 tie with 1 counter each, so nobody wins "
        "(seat 1: -2, seat 2: 0)."
    )


def test_a_tied_rounds_match_says_who_tied() -> None:
    """Mexican Train: the lowest total wins; seats 1 and 2 tie at 12."""
    rules = get_game("mexican-train").configure(players=3)
    match = Match(rules, seed=1)
    match.totals = [20, 12, 12]
    match.winner = None
    assert winner_text(match) == (
        "Match over: seat 1 and seat 2 tie for the lowest total, 12 each, so nobody wins (you: 20)."
    )


# ------------------------------------------------------------------------ the plain game, played
class AgentInput:
    """The person's side of a plain game: a computer player answering every prompt through the
    commands a person types (a move's number, with its claim where scores are claimed), asking
    for the position in words, the score sheet and the help once a hand."""

    def __init__(self, seed: int, hands: int) -> None:
        self.agent = make_agent("random")
        self.rng = random.Random(seed)
        self.hands = hands
        self.game: TerminalGame | None = None
        self.asked: set[tuple[int, str]] = set()
        self.refused: list[str] = []
        self.moves = 0  # the moves the person chose (a hand may give him none to choose)

    def readline(self) -> str:
        game = self.game
        assert game is not None
        match = game.match
        number = len(match.hands)
        if number > self.hands:
            return ""
        for command in ("describe", "score", "?"):
            if (number, command) not in self.asked:
                self.asked.add((number, command))
                return command + "\n"
        state = match.hand
        obs = state.observation(YOU)
        self.try_illegal(game, state.copy())
        self.moves += 1
        action = self.agent.choose(obs, self.rng)
        offered = menu(obs)
        if action not in offered:
            # A lead the menu offers the other way round, or a tile at the other of two alike
            # ends (the same line, mirrored).
            action = next(a for a in offered if obs.rules.same_move(a, action, obs.table))
        if isinstance(action, Play) and obs.rules.claims:
            plain = Play(action.tile, action.end, action.open)
            return f"{offered.index(plain) + 1} {action.claim or 0}\n"
        return f"{offered.index(action) + 1}\n"

    def try_illegal(self, game: TerminalGame, trial: LineState) -> None:
        """The engine's refusal of a tile the person does not hold, told for him."""
        missing = next(t for t in range(trial.rules.tiles.size) if not trial.hands[YOU] & BIT[t])
        layout = trial.layout
        end = layout.names[0] if isinstance(layout, Layout) and layout.names else None
        try:
            trial.apply(Play(missing, end))
        except IllegalAction as e:
            self.refused.append(f"Not allowed: {game.voice.tell(str(e))}.")


@pytest.mark.parametrize(("game_id", "rule_set", "players"), CONFIGS)
def test_the_plain_game_speaks_to_you(game_id: str, rule_set: str, players: int) -> None:
    """Two hands of the plain game (a match short enough to end within them where it can), read
    as the person reads them: nothing about him says "seat 0", and nothing has a wrong plural,
    a source code or a verb that disagrees with its subject."""
    rules = short_match(game_id, rule_set, players)
    inp = AgentInput(seed=players, hands=2)
    out = io.StringIO()
    game = TerminalGame(rules, cast(IO[str], inp), out, seed=players)
    inp.game = game
    outcome = game.run()
    assert outcome in ("over", "eof")
    text = out.getvalue() + "\n" + "\n".join(inp.refused)
    names = [f"seat {s}" for s in range(players)] + [f"Seat {s}" for s in range(players)]
    assert faults(text, names) == []
    assert about_reader(text, YOU, "seat 0") == []
    # An illegal move was tried and refused at each move he chose (in a game of many players the
    # match may end before he has one: every turn of his a forced pass).
    assert len(inp.refused) == inp.moves
    if outcome == "over":
        assert out.getvalue().rstrip().splitlines()[-1].startswith("Match over")


@pytest.mark.parametrize(("game_id", "rule_set", "players"), CONFIGS)
def test_hand_ends_and_match_ends_for_every_reader(
    game_id: str, rule_set: str, players: int
) -> None:
    """A whole short match between computer players, its hand ends and its end told for every
    seat in turn and for a spectator: each seat reads "you" about itself, a spectator names
    only."""
    rules = short_match(game_id, rule_set, players)
    match = Match(rules, seed=players)
    agent, rng = make_agent("random"), random.Random(players)
    texts: list[str] = []
    names = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal"][:players]
    voices = [Voice.of(rules, reader, names) for reader in [*range(players), None]]
    for number in range(1, 6):
        state = match.hand
        while not state.over:
            state.apply(agent.choose(state.observation(state.turn), rng))
        assert state.result is not None
        for voice in voices:
            texts.append(hand_result_text(number, state, voice))
        if match.next_hand() is None:
            break
    if match.over:
        texts += [winner_text(match, voice) for voice in voices]
    for i, voice in enumerate(voices):
        told = "\n".join(texts[i :: len(voices)])
        assert faults(told, names) == [], told
        if voice.reader is None:
            assert not re.search(r"\b[Yy]ou|\b[Yy]our|\b[Ss]eats? \d", told), told
        else:
            assert about_reader(told, voice.reader, names[voice.reader]) == [], told


def test_a_review_counts_its_decisions() -> None:
    """A review of one decision (the best was played) says "1 decision"."""
    move = Play(T("6-6"))
    one = ReviewedMove(1, 0, move, move, 2.0, 2.0, 0.0, "")
    assert review_text([one]).splitlines() == [
        "no costly moves: 1 decision, all within 0.5 points",
        "total cost of your choices: 0.0 points over 1 decision",
    ]
    assert "over 2 decisions" in review_text([one, one])
