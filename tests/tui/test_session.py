"""The full-screen game's match without the screen: take-back, saving and resuming as a game
record, the position in words, hints and reviews."""

from __future__ import annotations

import json
import os

import pytest
from tuihelp import config_home  # noqa: F401  (settings in a temporary directory)

from boneyard import get_game
from boneyard.apps.tui.saves import saves_dir
from boneyard.apps.tui.session import Session
from boneyard.apps.tui.settings import Settings, load_settings, save_settings
from boneyard.core.actions import Play
from boneyard.core.record import RecordError, match_to_record, replay_record
from boneyard.text.narration import YOU


def play_until(session: Session, done: object, pick: int = 0, limit: int = 500) -> None:
    """Play (the person takes move ``pick`` of his list, the computer its own) until ``done()``."""
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        state = session.state
        if session.match.over:
            return
        if state.over:
            session.finish_hand()
        elif state.turn == YOU:
            moves = session.moves()
            session.play(moves[min(pick, len(moves) - 1)])
        else:
            session.apply_computer(state.turn, session.computer_move(state.turn))
    raise AssertionError("never done")


def test_take_back_undoes_your_move_and_the_replies() -> None:
    session = Session(get_game("draw").configure(players=3), seed=5)
    session.begin()
    # Forced moves (a draw, the one tile that fits) are not taken back: play on to a choice.
    play_until(session, lambda: session.state.turn == YOU and session.can_take_back())
    assert len(session.state.history) > 20
    before = list(session.state.history)
    version = session.version
    assert session.can_take_back()
    assert session.take_back()
    after = session.state.history
    undone = before[len(after) :]
    # Back to the moment before your last choice: you to move, with a choice, and what was
    # undone is that move and the moves after it.
    assert after == before[: len(after)]
    assert session.state.turn == YOU and len(session.moves()) > 1
    assert undone[0].seat == YOU and any(m.seat != YOU for m in undone)
    assert session.version != version
    assert session.lines[-1].startswith("You take back your ")
    # The hand goes on from there as any hand would.
    play_until(session, lambda: session.state.over)


def test_take_back_is_only_for_choices_in_the_hand_in_play() -> None:
    session = Session(get_game("block").configure(players=2), seed=1)
    session.begin()
    assert not session.can_take_back()  # nothing played yet
    assert not session.take_back()
    play_until(session, lambda: session.state.over)
    assert not session.take_back()  # the hand is over


@pytest.mark.parametrize("game", ["block", "muggins", "matador"])
def test_resume_goes_on_exactly_where_the_match_stopped(game: str) -> None:
    rules = get_game(game).configure(options={"target_score": 40}, players=2)
    session = Session(rules, seed=11)
    session.begin()
    # Stop in the second hand, mid-hand.
    play_until(session, lambda: len(session.match.hands) == 2 and len(session.state.history) >= 3)
    record = json.loads(json.dumps(session.to_record({"speed": "fast"})))
    assert record["meta"]["seed"] == 11 and record["meta"]["settings"] == {"speed": "fast"}
    assert replay_record(record).disagreements == []
    resumed = Session.resume(record)
    assert resumed.rules.options == rules.options
    assert resumed.seed == session.seed
    assert resumed.match.totals == session.match.totals
    assert [h.deal for h in resumed.match.hands] == [h.deal for h in session.match.hands]
    assert resumed.state.history == session.state.history
    # Both go on identically: the next hands are dealt from the same seed.
    play_until(session, lambda: session.match.over)
    play_until(resumed, lambda: resumed.match.over)
    assert resumed.match.totals == session.match.totals
    assert [h.deal for h in resumed.match.hands] == [h.deal for h in session.match.hands]


def test_resume_a_record_written_elsewhere_deals_afresh() -> None:
    """A record without this game's seed (from `boneyard play --plain --save`) still resumes."""
    rules = get_game("block").configure(options={"target_score": 60}, players=2)
    other = Session(rules, seed=3)
    play_until(other, lambda: len(other.match.hands) == 2)
    record = match_to_record(other.match, ["you", "greedy-1"])
    resumed = Session.resume(record)
    assert resumed.opponent_names == ["greedy"]
    assert len(resumed.match.hands) == 2
    assert resumed.match.totals == other.match.totals
    assert not resumed.state.over and resumed.state.history == []


def test_resume_rejects_a_bad_record() -> None:
    with pytest.raises(RecordError):
        Session.resume({"format": "boneyard-record/1", "game": "chess", "players": ["a", "b"]})


def test_the_position_in_words() -> None:
    session = Session(get_game("muggins").configure(players=2), seed=3)
    session.begin()
    play_until(session, lambda: len(session.state.history) >= 3 and session.state.turn == YOU)
    text = session.describe()
    assert text.startswith("Muggins / All Fives, pagat rules, 2 players; hand 1.")
    assert "It is your turn." in text
    assert "The lead is [" in text
    assert "Toward L, from the lead:" in text and "Toward R, from the lead:" in text
    assert "Open ends: L shows" in text and "Count: " in text
    assert "Rosa (counting) holds " in text
    assert "Your tiles: [" in text
    assert "Your moves:\n  1) " in text


def test_scores_are_explained_in_the_notes_and_the_sheet() -> None:
    session = Session(get_game("muggins").configure(options={"target_score": 30}), seed=4)
    session.begin()
    play_until(session, lambda: session.match.over)
    notes = session.notes[0]
    assert any(" score" in n and "ends " in n and "->" in n for n in notes), notes
    assert notes[-1].startswith("Ended: ")
    sheet = session.sheet_text()
    assert sheet.startswith("Score sheet (30 to win)")
    assert "Hand 1:" in sheet and "(ends " in sheet


def test_hints_and_review_name_values_and_reasons() -> None:
    session = Session(get_game("block").configure(players=2), seed=3)
    session.begin()
    play_until(session, lambda: session.state.turn == YOU and len(session.moves()) > 1)
    hints = session.analyse_moves()
    assert set(hints) == set(session.moves())
    assert all(m.reason for m in hints.values())
    assert min(m.loss for m in hints.values()) == 0
    assert session.review_of() == "No hand has finished yet."
    play_until(session, lambda: session.state.over)
    review = session.review_of(0)
    assert review.startswith("Review of your moves in hand 1:")
    assert "total cost of your choices" in review
    every = session.all_hands_text(0)
    assert every.startswith("Hand 1: every hand")
    assert "Rosa (greedy): left " in every and "dealt [" in every


def test_claims_are_part_of_the_move() -> None:
    """Foster's rules: the claim goes with the play (the README's example: move 8 claims 15)."""
    session = Session(get_game("muggins").configure("foster-spinner"), seed=3)
    session.begin()
    play_until(session, lambda: session.state.turn == YOU)
    move = session.moves()[7]
    assert isinstance(move, Play) and move.claim is None
    session.play(move.with_claim(15))
    assert "You play [6|3] at U (on the 6), claiming 15 and score 15." in session.lines
    assert "  ends 12 + 3 = 15 -> 15 points" in session.lines


def test_settings_round_trip() -> None:
    home = os.environ["XDG_CONFIG_HOME"]
    settings = load_settings()
    assert settings == Settings()
    settings.game, settings.speed, settings.opponents = "matador", "slow", ["expert"]
    settings.options = {"matador": {"target_score": "50"}}
    path = save_settings(settings)
    assert path is not None and str(path).startswith(home)
    assert load_settings() == settings
    path.write_text("{not json", encoding="utf-8")
    assert load_settings() == Settings()  # a broken file gives the defaults
    assert saves_dir().parent == path.parent


def test_a_move_out_of_turn_is_refused_in_the_language() -> None:
    from boneyard.core.protocol import IllegalAction
    from boneyard.text.i18n import use_language

    session = Session(get_game("block").configure(players=2), seed=1)
    session.begin()
    play_until(session, lambda: session.state.over)
    action = Play(0, None)
    with pytest.raises(IllegalAction, match=r"^it is not your turn$"):
        session.play(action)
    with use_language("es"), pytest.raises(IllegalAction, match=r"^no es tu turno$"):
        session.play(action)
    with use_language("pt-BR"), pytest.raises(IllegalAction, match=r"^não é a sua vez$"):
        session.play(action)
