"""Every text a person reads from a game, in Spanish and Brazilian Portuguese: for every game in the
registry (games added later included) with its default rule set, one seeded hand played by the
library's agents, and everything the game tells of it collected: its title and summary, its
introduction, the table at every phase (the bidding, the play, the hand over), the list of moves,
the narration of every move, the end of the hand and each side's score with its reason, the score
sheet, the refusal of an illegal action, the errors of an unknown option and of a bad value. None
of it may keep an English word a player would notice (:func:`english_left`, which finds English
when it is run on the English texts: its self-test).

A few key moments of Domino Whist, Domino Pool, Domino Loo and Moon are checked word for word.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from boneyard import DRAW, PASS, IllegalAction, Match, OptionError
from boneyard.core.actions import Action, Move, Play
from boneyard.core.protocol import GameRules, GameState
from boneyard.core.words import Voice
from boneyard.games import GAMES, get_game
from boneyard.players.agents import make_agent
from boneyard.text.drawing import describe_table, render_table
from boneyard.text.i18n import use_language
from boneyard.text.narration import (
    apply_move,
    describe_action,
    hand_result_text,
    hand_start_lines,
    intro_lines,
    menu,
    reader_voice,
    score_reasons_lines,
    score_sheet_text,
    table_view,
    tell_move,
    winner_text,
)
from conftest import T

TRANSLATED = ["es", "pt-BR"]

# English words that betray an untranslated sentence: none is a word of Spanish or Portuguese
# ("has", "for", "decide", "total" and "no" are, so they are not listed).
ENGLISH = (
    "the", "and", "of", "with", "you", "your", "is", "are", "was", "were", "have", "it", "its",
    "his", "their", "they", "from", "into", "on", "at", "or", "if", "then", "than", "this",
    "that", "what", "who", "which", "when", "each", "every", "both", "other", "others", "only",
    "must", "cannot", "can", "may", "not", "nobody", "yet", "until", "after", "before",
    "trick", "tricks", "bid", "bids", "bidder", "trump", "trumps", "pass", "passes", "passed",
    "point", "points", "pip", "pips", "dealer", "deals", "dealt", "to decide", "Stock", "seat",
    "seats", "win", "wins", "won", "lose", "loses", "lost", "player", "players", "hand", "hands",
    "tile", "tiles", "double", "pool", "pools", "stake", "stakes", "debit", "debits", "debited",
    "counter", "counters", "miss", "widow", "went", "out", "blocked", "stood", "dropped",
    "score", "scores", "scored", "match", "play", "plays", "draw", "draws", "drew", "lead",
    "leads", "leader", "follow", "suit", "side", "sides", "partner", "partners", "named", "set",
    "tie", "takes", "take", "holds", "hold", "held", "open", "end", "ends", "over", "moon",
)  # fmt: skip
_ENGLISH = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(w) for w in ENGLISH) + r")(?![\w'-])")
# What a person types and reads as it is written: the legal moves in their notation after a
# refusal ("(se puede: pass, bid 30)"), a quoted word ('looed', 'discard 6-4'), an option's or a
# value's name (``tile_set``, ``whist_debit=highest_side_own_total``, ``fixed:<n>``).
_NOTATION = re.compile(
    r"\((?:se puede|pode-se|legal): (?:[^()]|\([^()]*\))*\)"
    r"|\((?:moon_\w+=\w+); (?:se puede|pode-se|legal): (?:[^()]|\([^()]*\))*\)"
    r"|'[^']*'"
    r"|\b\w+(?:_\w+)+(?:[=:][\w:<>-]+)?"
    r"|\b\w+:<\w+>"
)


def english_left(text: str, identifiers: frozenset[str] = frozenset()) -> list[str]:
    """The English words left in ``text`` (a person's text in Spanish or Portuguese), what is
    read as typed (:data:`_NOTATION`) and the ``identifiers`` (option values, rule sets) aside."""
    text = _NOTATION.sub(" ", text)
    for word in identifiers:
        text = re.sub(rf"(?<![\w'-]){re.escape(word)}(?![\w'-])", " ", text)
    return sorted(set(_ENGLISH.findall(text)))


# ------------------------------------------------------------------------------ a game's texts
def option_errors(rules: GameRules) -> Iterator[tuple[str, frozenset[str]]]:
    """The errors a person meets on ``-o name=value``: an unknown option, and a bad value of
    each kind of option the game takes, each with the names and values it lists as typed."""
    game = rules.game
    names = frozenset(game.option_names) | frozenset(game.rule_sets) | {game.id}
    try:
        game.configure(None, {"no_such_option": 1})
    except OptionError as e:
        yield str(e), names
    kinds: dict[str, str] = {}
    for spec in game.option_specs:
        kinds.setdefault(spec.kind, spec.name)
    for name in kinds.values():
        spec = game.spec(name)
        values = frozenset(spec.choices) | {c.split(":")[0] for c in spec.param_choices}
        try:
            game.configure(None, {name: "zzz"})
        except OptionError as e:
            yield str(e), names | values | set(game.named_values.get(name, ()))


def refusal(state: GameState, seat: int, voice: Voice) -> str | None:
    """Why an illegal action of ``seat`` is refused, told by ``voice``: a pass, a draw or a
    tile it does not hold, whichever the engine refuses first (``None``: none is refused)."""
    legal = set(state.observation(seat).legal_actions)
    held = state.observation(seat).tiles
    others: list[Action] = [Play(t) for t in range(28) if t not in held]
    for action in [PASS, DRAW, *others]:
        if action in legal:
            continue
        try:
            state.copy().apply(action, seat)
        except IllegalAction as e:
            return voice.tell(str(e))
    return None


def game_texts(game_id: str, seed: int = 1) -> list[tuple[str, str, frozenset[str]]]:
    """Everything a person reads of one hand of ``game_id`` (default rules), in the current
    language: ``(where, text, identifiers it may name as typed)``."""
    game = get_game(game_id)
    rules = game.configure()
    voice = reader_voice(rules, 0)
    presenter = rules.presenter
    rule_sets = frozenset(game.rule_sets)
    out: list[tuple[str, str, frozenset[str]]] = []

    def add(where: str, *texts: str | None, identifiers: frozenset[str] = frozenset()) -> None:
        out.extend((where, t, identifiers) for t in texts if t)

    for error, names in option_errors(rules):
        add("option error", error, identifiers=names)
    match = Match(rules, seed=seed)
    state = match.hand
    add("intro", *intro_lines(rules, voice), identifiers=rule_sets)
    add("goal", presenter.goal(), presenter.goal_short(), presenter.target_text())
    add("start", *hand_start_lines(state, 1, voice, match.lead_draw))
    add("standing", presenter.standing(match, state.scores, voice))
    agent = make_agent(presenter.default_opponent)
    rng = random.Random(seed)
    refused = False
    while not state.over:
        seat = next(s for s in range(rules.players) if state.observation(s).legal_actions)
        obs = state.observation(seat)
        view = table_view(rules, state.observation(0).history, state.observation(0).table)
        add("table", render_table(view, voice), *describe_table(view, voice))
        add("stock", presenter.stock_text(state.stock_size(), state.drawable()))
        phase = getattr(state, "phase", None)
        add("prompt", presenter.turn_prompt(phase) if phase is not None else None)
        add("menu", *(describe_action(rules, a, obs, voice) for a in menu(obs)))
        if not refused:
            said = refusal(state, seat, voice)
            refused = said is not None
            add("refusal", said)
        moved = apply_move(state, agent.choose(obs, rng))
        add("move", *(told.text for told in tell_move(state, moved, voice)))
    view = table_view(rules, state.observation(0).history, state.observation(0).table)
    add("table", render_table(view, voice), *describe_table(view, voice))
    add("result", hand_result_text(1, state, voice))
    add("reasons", *score_reasons_lines(state, voice))
    match.next_hand()
    add("sheet", score_sheet_text(match, voice))
    if match.over:
        add("winner", winner_text(match, voice))
    return out


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("tag", TRANSLATED)
def test_a_hand_of_every_game_told_without_english(tag: str, game_id: str) -> None:
    with use_language(tag):
        texts = game_texts(game_id)
    wheres = {where for where, _text, _ids in texts}
    assert {"option error", "intro", "table", "move", "result", "reasons"} <= wheres
    left = [
        f"{where}: {text!r} {found}"
        for where, text, identifiers in texts
        if (found := english_left(text, identifiers))
    ]
    assert not left, "\n".join(left[:15])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_english_left_finds_english(game_id: str) -> None:
    """The self-test: the same texts in English are found out, in every part of them."""
    texts = game_texts(game_id)
    found = {where for where, text, ids in texts if english_left(text, ids)}
    assert {"option error", "intro", "result"} <= found
    assert any(english_left(text, ids) for where, text, ids in texts if where == "move")
    if any(where == "refusal" for where, _t, _ids in texts):
        assert "refusal" in found


# ------------------------------------------------------------------------------ key moments
def voice_of(game_id: str, reader: int | None = 0) -> tuple[GameRules, Voice]:
    rules = get_game(game_id).configure()
    return rules, reader_voice(rules, reader)


WHIST = {
    "es": [
        "Sorteo de parejas. Sacaste 6-5, jugador 2 sacó 5-4: son pareja; jugadores 1 & 3 sacaron "
        "3-1 y 2-0. Sacaste la más alta y sales.",
        "jugador 2 dominó; jugadores 1 & 3 tienen más puntos (16 a 12) y se les apuntan 16 en "
        "contra",
        "tranque; las dos parejas tienen 9 puntos: a nadie se le apunta nada en contra",
        "Pierde la primera pareja que acumula 100 en contra.",
    ],
    "pt-BR": [
        "Sorteio das duplas. Você tirou 6-5, jogador 2 tirou 5-4: vocês são dupla; jogadores 1 & "
        "3 tiraram 3-1 e 2-0. Você tirou a mais alta e sai.",
        "jogador 2 bateu; jogadores 1 & 3 têm mais pontos (16 a 12) e ficam com 16 de débito",
        "jogo fechado; as duas duplas têm 9 pontos: ninguém fica com débito",
        "Perde a primeira dupla que chegar a 100 de débito.",
    ],
}


@pytest.mark.parametrize("tag", TRANSLATED)
def test_domino_whist_told(tag: str) -> None:
    with use_language(tag):
        rules, voice = voice_of("domino-whist")
        presenter = rules.presenter
        said = [
            presenter.lead_draw([T("6-5"), T("3-1"), T("5-4"), T("2-0")], voice),
            voice.tell("seat 2 went out; seats 1 & 3 hold the most pips (16 to 12) and are "
                       "debited 16"),
            voice.tell("blocked; both sides hold 9 pips: nobody is debited"),
            presenter.goal(),
        ]  # fmt: skip
    assert said == WHIST[tag]


POOL = {
    "es": [
        "tranque: jugador 1 tiene menos puntos (4) y se lleva el bote",
        "tú dominaste y te llevas el bote",
        "tranque: tú y jugador 2 empatan con menos puntos (7) y se reparten el bote",
        "  El bote: te lo llevas (4 apuestas).",
        "Una partida son 10 botes; gana quien se lleve más botes.",
    ],
    "pt-BR": [
        "jogo fechado: jogador 1 tem menos pontos (4) e leva o bolo",
        "você bateu e leva o bolo",
        "jogo fechado: você e jogador 2 empatam com menos pontos (7) e dividem o bolo",
        "  O bolo: você o leva (4 apostas).",
        "Uma partida são 10 bolos; vence quem levar mais bolos.",
    ],
}


@pytest.mark.parametrize("tag", TRANSLATED)
def test_domino_pool_told(tag: str) -> None:
    with use_language(tag):
        rules, voice = voice_of("domino-pool")
        hand = Match(rules, seed=3).hand
        result = rules.hand_result(hand, "domino", 0)
        said = [
            voice.tell("blocked: seat 1 holds the fewest pips (4) and takes the pool"),
            voice.tell("seat 0 went out and takes the pool"),
            voice.tell("blocked: seats 0 and 2 tie for the fewest pips (7) and divide the pool"),
            *rules.presenter.hand_scores(result, voice),
            rules.presenter.goal(),
        ]
    assert said == POOL[tag]


LOO = {
    "es": [
        "Jugador 1 toma la muerta.",
        "Te quedas.",
        "Jugador 3 se retira.",
        "quedarte: jugar la mano que te repartieron",
        "Jugadores: tú en la mano, 2 bazas; jugador 1 con la muerta, 0 bazas; jugador 2 retirado",
        "bazas: tú 2, jugador 1 0; 'looed': jugador 1",
        "jugador 1 tiene que decidir antes si se queda, toma la muerta o se retira (se puede: "
        "stand, miss, drop)",
    ],
    "pt-BR": [
        "Jogador 1 pega a morta.",
        "Você fica.",
        "Jogador 3 sai.",
        "ficar: jogar a mão que você recebeu",
        "Jogadores: você ficou, 2 vazas; jogador 1 pegou a morta, 0 vaza; jogador 2 saiu",
        "vazas: você 2, jogador 1 0; 'looed': jogador 1",
        "jogador 1 tem de decidir antes se fica, pega a morta ou sai (pode-se: stand, miss, drop)",
    ],
}


@pytest.mark.parametrize("tag", TRANSLATED)
def test_domino_loo_told(tag: str) -> None:
    from boneyard.core.views import TrickSeatView, TrickView
    from boneyard.games.loo.actions import DROP, MISS, STAND
    from boneyard.text.drawing import trick_lines

    with use_language(tag):
        rules, voice = voice_of("domino-loo")
        presenter = rules.presenter
        from boneyard.games.loo.table import DROPPED, MISSED, STOOD, LooTable

        table = LooTable.start(T("5-3"), 3, 1, False).but(
            status=(STOOD, MISSED, DROPPED), won=(2, 0, 0), leader=0
        )
        seats = tuple(
            TrickSeatView(s, presenter.seat_status(table, s), 0, presenter.seat_words(table, s))
            for s in range(3)
        )
        view = TrickView(5, None, seats, (), None, (), None, 5, 1, False, "")
        said = [
            presenter.describe_move(Move(1, MISS), None, voice),
            presenter.describe_move(Move(0, STAND), None, voice),
            presenter.describe_move(Move(3, DROP), None, voice),
            presenter.describe_action(STAND, None),
            next(line for line in trick_lines(view, voice) if line.startswith(("Jug", "Jog"))),
            voice.tell("tricks: seat 0 2, seat 1 0; looed: seat 1"),
            voice.tell("seat 1 must first stand, take the miss or drop out (legal: stand, miss, "
                       "drop)"),
        ]  # fmt: skip
    assert said == LOO[tag]


MOON = {
    "es": [
        "apostar 5 bazas",
        "tirar a la luna: llevarte las 7 bazas, por 21",
        "triunfan los seises",
        "Tres jugadores, cada uno por su cuenta; 22 fichas (el juego del doble seis sin las "
        "blancas salvo el doble blanco): 7 para cada uno y una boca abajo, la viuda.",
        "Contrato: jugador 1, apuesta 5; triunfan los seises",
        "tú tienes que apostar o pasar (se puede: pass, bid 5)",
    ],
    "pt-BR": [
        "dar lance de 5 vazas",
        "atirar na lua: levar as 7 vazas, por 21",
        "trunfo: senas",
        "Três jogadores, cada um por si; 22 pedras (o jogo de sena sem as brancas, menos a "
        "carroça de branco): 7 para cada um e uma virada para baixo, a viúva.",
        "Contrato: jogador 1, lance de 5; trunfo: senas",
        "você tem de dar um lance ou passar (pode-se: pass, bid 5)",
    ],
}


@pytest.mark.parametrize("tag", TRANSLATED)
def test_moon_told(tag: str) -> None:
    from boneyard.games.moon.table import MoonTable
    from boneyard.games.tricks.actions import Bid, Declare

    with use_language(tag):
        rules, voice = voice_of("moon")
        presenter = rules.presenter
        sixes = Declare("suit", 6)
        declared = MoonTable.start(0).but(
            bids=((1, Bid(5)), (2, None), (0, None)), high=Bid(5), bidder=1, declaration=sixes
        )
        notes = [voice.tell(note) for note in presenter.notes(declared)]
        said = [
            presenter.describe_action(Bid(5), None),
            presenter.describe_action(Bid(21, "moon"), None),
            presenter.describe_action(sixes, None),
            presenter.intro(voice)[0],
            next(note for note in notes if note.startswith("Contrato")),
        ]
        said.append(voice.tell("seat 0 must bid or pass (legal: pass, bid 5)"))
    assert said == MOON[tag]
