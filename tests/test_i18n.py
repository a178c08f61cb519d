"""The languages: choosing one (negotiate, the environment, the context), the catalogs read from
their .po files, plural forms and numbers (checked against Babel's CLDR data)."""

from __future__ import annotations

import importlib.util
import io
import json
import re
import threading
import warnings
from pathlib import Path

import pytest

from boneyard import PASS, IllegalAction, Match, get_game, play
from boneyard.apps.cli import main
from boneyard.core.actions import Action
from boneyard.core.protocol import GameState
from boneyard.text import i18n
from boneyard.text.i18n import (
    LANGUAGES,
    catalog_for_browser,
    current_language,
    format_number,
    language_from_environment,
    negotiate,
    ngettext,
    set_language,
    use_language,
)
from boneyard.text.narration import (
    apply_move,
    hand_result_text,
    hand_start_lines,
    reader_voice,
    tell_move,
)
from conftest import T, build, configure


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("es_MX.UTF-8", "es"),
        ("es-419", "es"),
        ("pt_BR", "pt-BR"),
        ("pt_BR.UTF-8", "pt-BR"),
        ("pt", "pt-BR"),
        ("pt-PT", "pt-BR"),
        ("PT-br", "pt-BR"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("fr-FR", "en"),
        ("fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7", "es"),
        ("en;q=0.5, pt-BR", "pt-BR"),
        ("es;q=0, pt;q=0.1", "pt-BR"),
        ("*", "en"),
        ("de:pt_BR:en", "pt-BR"),
    ],
)
def test_negotiate(given: str | None, expected: str) -> None:
    assert negotiate(given) == expected


def test_language_from_environment() -> None:
    assert language_from_environment({"LANG": "pt_BR.UTF-8"}) == "pt-BR"
    assert language_from_environment({"LANG": "pt_BR.UTF-8", "LC_MESSAGES": "es_ES"}) == "es"
    assert language_from_environment({"LC_ALL": "C", "LANG": "es_ES"}) == "en"
    assert language_from_environment({"LANGUAGE": "fr:es", "LANG": "en_US"}) == "es"
    assert language_from_environment({}) == "en"


def test_the_language_belongs_to_a_context() -> None:
    assert current_language() == "en"
    with use_language("pt_BR"):
        assert current_language() == "pt-BR"
        seen: list[str] = []
        thread = threading.Thread(target=lambda: seen.append(current_language()))
        thread.start()
        thread.join()
        assert seen == ["en"]  # a thread reads the process default
    assert current_language() == "en"
    with pytest.raises(ValueError, match="unknown language"):
        set_language("fr")


def test_the_catalogs_read() -> None:
    for tag in LANGUAGES:
        for domain in i18n.DOMAINS:
            catalog = i18n.load_catalog(tag, domain)
            assert catalog.nplurals == 2
            data = catalog_for_browser(tag, domain)
            assert data["language"] == tag


def test_po_parser() -> None:
    text = r"""
msgid ""
msgstr ""
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

#, python-brace-format
msgid "{n} pip"
msgid_plural "{n} pips"
msgstr[0] "{n} ponto"
msgstr[1] "{n} pontos"

msgctxt "tile"
msgid "double"
msgstr "carroça"

#, fuzzy
msgid "old"
msgstr "velho"

msgid ""
"two "
"lines \"quoted\"\n"
msgstr "duas linhas"
"""
    entries, plural_forms = i18n.parse_po(text)
    assert plural_forms == "nplurals=2; plural=(n > 1);"
    assert [e.key for e in entries] == ["{n} pip", "tile\x04double", "old", 'two lines "quoted"\n']
    assert entries[0].msgstr == ("{n} ponto", "{n} pontos")
    assert not entries[2].translated


@pytest.mark.parametrize(
    ("tag", "n", "form"),
    [("en", 0, 1), ("en", 1, 0), ("es", 0, 1), ("es", 1, 0), ("pt-BR", 0, 0), ("pt-BR", 2, 1)],
)
def test_plural_rules_follow_the_cldr(tag: str, n: int, form: int) -> None:
    from babel import Locale

    catalog = i18n.load_catalog(tag)
    assert catalog.plural(n) == form
    babel_rule = Locale.parse(i18n.folder(tag)).plural_form
    assert (babel_rule(n) == "one") == (form == 0)


def test_ngettext_in_english() -> None:
    assert ngettext("{n} pip", "{n} pips", 1) == "{n} pip"
    assert ngettext("{n} pip", "{n} pips", 0) == "{n} pips"


@pytest.mark.parametrize("value", [0, 7, 1234, 12345, 1234567, 0.5, 1234.5, -42])
@pytest.mark.parametrize("tag", list(LANGUAGES))
def test_numbers_are_written_as_babel_writes_them(tag: str, value: float) -> None:
    from babel.numbers import format_decimal

    assert format_number(value, tag) == format_decimal(value, locale=i18n.folder(tag))


# ------------------------------------------------------------------------------ the catalogs
ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ["es", "pt-BR"]
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
# Messages a translation may leave as they are: the games' proper names and words that both
# languages borrow (Texas 42's contracts, the capicúa, muggins, "total", "normal", "No"; Spanish's
# "error", Portuguese's "rating", as the server's pages say it).
SAME_EVERYWHERE = {
    "Error: {message}",
    "error: {message}",
    "rating",
    "total",
    "capicúa: +{n}",
    "nello",
    "splash",
    "plunge",
    "Matador",
    "Bergen",
    "Sebastopol",
    "Texas 42",
    "Five-Up",
    "Sniff",
    "Tiddle-a-Wink",
    "Muggins",
    "m muggins",
    "No",
    "normal",
}


def entries(tag: str, domain: str = "boneyard") -> list[i18n.Entry]:
    path = i18n.LOCALE_DIR / i18n.folder(tag) / "LC_MESSAGES" / f"{domain}.po"
    return i18n.parse_po(path.read_text(encoding="utf-8"))[0]


def template_keys(domain: str = "boneyard") -> set[str]:
    text = (i18n.LOCALE_DIR / f"{domain}.pot").read_text(encoding="utf-8")
    return {e.key for e in i18n.parse_po(text)[0]}


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("tag", TRANSLATED)
def test_every_message_is_translated(tag: str) -> None:
    """Every message of the template is in the language's catalog, translated (no empty or
    fuzzy translation), into that language (not the English again, but for a listed few), with
    the same placeholders, in every plural form."""
    found = {e.key: e for e in entries(tag)}
    missing = template_keys() - set(found)
    assert not missing, f"{tag}: not in the catalog (scripts/i18n.py update): {sorted(missing)[:5]}"
    problems = []
    for entry in found.values():
        if not entry.translated:
            problems.append(f"untranslated: {entry.msgid!r}")
            continue
        english = [entry.msgid] + ([entry.msgid_plural] if entry.msgid_plural else [])
        for form in entry.msgstr:
            if placeholders(form) != placeholders(entry.msgid):
                problems.append(f"placeholders differ: {entry.msgid!r} -> {form!r}")
            if form in english and entry.msgid not in SAME_EVERYWHERE:
                problems.append(f"still English: {entry.msgid!r}")
        if entry.msgid_plural and len(entry.msgstr) != i18n.load_catalog(tag).nplurals:
            problems.append(f"plural forms: {entry.msgid!r}")
    assert not problems, "\n".join(problems[:20])


def test_the_template_holds_every_marked_message() -> None:
    """The template is up to date with the source: every message the code marks (and every
    game's words, the command line's help) is in it; run ``python scripts/i18n.py extract`` and
    ``update`` after marking a new one."""
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        extracted = set()
        for m in script.template("boneyard"):
            if not m.id:
                continue
            msgid = m.id if isinstance(m.id, str) else m.id[0]
            extracted.add(msgid if m.context is None else f"{m.context}\x04{msgid}")
    stale = extracted - template_keys()
    assert not stale, f"run scripts/i18n.py extract and update: {sorted(stale)[:5]}"


def test_plural_forms_in_each_language() -> None:
    with use_language("es"):
        assert ngettext("{n} tile", "{n} tiles", 1).format(n=1) == "1 ficha"
        assert ngettext("{n} tile", "{n} tiles", 0).format(n=0) == "0 fichas"
    with use_language("pt-BR"):
        # Portuguese takes the singular for 0 and 1 (CLDR: i = 0,1).
        assert ngettext("{n} tile", "{n} tiles", 0).format(n=0) == "0 pedra"
        assert ngettext("{n} tile", "{n} tiles", 2).format(n=2) == "2 pedras"
    from boneyard.core.words import plural

    with use_language("es"):
        assert [plural(n, "pip") for n in (1, 2, 0.5)] == ["1 punto", "2 puntos", "0,5 puntos"]
    with use_language("pt-BR"):
        assert [plural(n, "point") for n in (1, 2)] == ["1 ponto", "2 pontos"]


def test_the_browser_catalog_is_json() -> None:
    data = catalog_for_browser("es", "boneyard")
    assert data["plural"] == "(n != 1)"
    messages = data["messages"]
    assert isinstance(messages, dict)
    assert messages["{n} tile"] == ["{n} ficha", "{n} fichas"]
    assert messages["You pass."] == "Pasas."
    assert messages["engine\x04{seat} went out"] == "{seat} dominó"
    json.dumps(data)


# ------------------------------------------------------------------------------ the narration
def P(tile: str, end: str | None = None) -> Action:
    return play(T(tile), end)


def narrated(state: GameState, actions: list[Action], reader: int | None = 0) -> list[str]:
    """The narration of ``actions`` from ``state`` for ``reader``, then the hand's end."""
    voice = reader_voice(state.rules, reader)
    lines = []
    for action in actions:
        moved = apply_move(state, action)
        lines += [told.text for told in tell_move(state, moved, voice)]
    if state.over:
        lines += hand_result_text(1, state, voice).splitlines()
    return lines


# The Dominican hand of tests/rules/test_partnership_caribbean.py: a pass on the double led, a
# pase corrido, and seat 0 going out with a capicúa.
DOMINICAN = ["6-6 3-1 2-1", "5-5 5-4 4-4", "6-2 5-3 4-3", "6-3 5-0 4-0"]
DOMINICAN_PLAY = [
    P("6-6"), PASS, P("6-2", "L"), P("6-3", "R"), P("3-1", "R"), PASS, PASS, PASS, P("2-1", "L")
]  # fmt: skip


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        (
            "es",
            [
                "Sales con [6|6].",
                "Jugador 1 pasa.",
                "  pase de salida: +25 (tú & jugador 2)",
                "  Puntuación: tú & jugador 2: 25, jugadores 1 & 3: 0.",
                "Jugador 2 juega [6|2] en el extremo L (sobre el 6).",
                "Juegas [3|1] en el extremo R (sobre el 3).",
                "  pase corrido, todos los demás pasaron: +25 (tú & jugador 2)",
                "Juegas [2|1] en el extremo L (sobre el 2).",
                "Se acabó la mano 1: tú dominaste; capicúa: +25.",
                "  Tantos de esta mano: tú & jugador 2: 111, jugadores 1 & 3: 0",
                "    tú & jugador 2: +50 anotados en el juego; +61 por la mano (tú dominaste; "
                "capicúa: +25)",
            ],
        ),
        (
            "pt-BR",
            [
                "Você sai com [6|6].",
                "Jogador 1 passa.",
                "  passe de saída: +25 para você & jogador 2",
                "  Placar: você & jogador 2: 25, jogadores 1 & 3: 0.",
                "Jogador 2 joga [6|2] na ponta L (sobre o 6).",
                "Você joga [3|1] na ponta R (sobre o 3).",
                "  passe corrido, todos os outros passaram: +25 para você & jogador 2",
                "Você joga [2|1] na ponta L (sobre o 2).",
                "Fim da rodada 1: você bateu; capicua (lá e lô): +25.",
                "  Pontos desta rodada: você & jogador 2: 111, jogadores 1 & 3: 0",
                "    você & jogador 2: +50 marcados durante o jogo; +61 pela rodada (você bateu; "
                "capicua (lá e lô): +25)",
            ],
        ),
    ],
)
def test_a_dominican_hand_told_in_each_language(tag: str, expected: list[str]) -> None:
    with use_language(tag):
        rules = configure("partnership", "dominican", 4, hand_size=3)
        lines = narrated(build(rules, DOMINICAN), DOMINICAN_PLAY)
    for sentence in expected:
        assert sentence in lines
    # And for a spectator: the seats by name, the one who went out in the third person.
    with use_language(tag):
        rules = configure("partnership", "dominican", 4, hand_size=3)
        spectator = narrated(build(rules, DOMINICAN), DOMINICAN_PLAY, reader=None)
    out = {"es": "Se acabó la mano 1: jugador 0 dominó; capicúa: +25.", "pt-BR": (
        "Fim da rodada 1: jogador 0 bateu; capicua (lá e lô): +25.")}[tag]  # fmt: skip
    assert out in spectator


@pytest.mark.parametrize(
    ("tag", "reader", "expected"),
    [
        ("es", 0, ["Sales con [6|6].", "Se acabó la mano 1: tranque: tú tienes menos puntos."]),
        ("es", 1, ["Juegas [6|5] en el extremo R (sobre el 6).",
                   "Se acabó la mano 1: tranque: jugador 0 tiene menos puntos.",
                   "  Quedaron en la mano: jugador 0 [1|1] (2 puntos), tú [2|2] [0|0] (4 puntos)"]),
        ("pt-BR", 0, ["Você sai com [6|6].",
                      "Fim da rodada 1: jogo fechado: você tem menos pontos.",
                      "    jogador 1: nada nesta rodada (jogo fechado: você tem menos pontos)"]),
    ],
)  # fmt: skip
def test_a_blocked_hand_told(tag: str, reader: int, expected: list[str]) -> None:
    with use_language(tag):
        rules = configure("block", None, 2)
        lines = narrated(
            build(rules, ["6-6 1-1", "6-5 2-2 0-0"]), [P("6-6"), P("6-5", "R")], reader
        )
    for sentence in expected:
        assert sentence in lines


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("es", ["Sales con [5|5] y te anotas 10.", "  extremos 10 = 10 -> 10 tantos",
                "Jugador 1 juega [5|0] en el extremo L (sobre el 5) y se anota 10.",
                "  Puntuación: tú: 10, jugador 1: 10."]),
        ("pt-BR", ["Você sai com [5|5] e marca 10.", "  pontas 10 = 10 -> 10 pontos",
                   "Jogador 1 joga [5|0] na ponta L (sobre o 5) e marca 10.",
                   "  Placar: você: 10, jogador 1: 10."]),
    ],
)  # fmt: skip
def test_a_score_told(tag: str, expected: list[str]) -> None:
    with use_language(tag):
        rules = configure("muggins", "pagat", 2)
        state = build(rules, ["5-5 4-4", "5-0 3-3"], leader=0)
        lines = narrated(state, [P("5-5"), P("5-0", "L")])
    assert [line for line in lines if line in expected] == expected


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("es", ["Revuelves las fichas; jugador 1 apuesta primero.", "Jugador 1 apuesta 30.",
                "Jugador 2 pasa.", "Pasas."]),
        ("pt-BR", ["Você embaralha as pedras; jogador 1 dá o primeiro lance.",
                   "Jogador 1 dá um lance de 30.", "Jogador 2 passa.", "Você passa."]),
    ],
)  # fmt: skip
def test_a_texas_42_bid_told(tag: str, expected: list[str]) -> None:
    from boneyard.games.tricks.actions import Bid

    with use_language(tag):
        match = Match(get_game("texas-42").configure(), seed=1)
        state = match.hand
        voice = reader_voice(state.rules, 0)
        lines = hand_start_lines(state, 1, voice)[1:]
        bid = next(a for a in state.legal_actions() if isinstance(a, Bid) and a.points == 30)
        lines += narrated(state, [bid, PASS, PASS, PASS])
    assert [line for line in lines if line in expected] == expected


def test_an_illegal_move_told_in_spanish() -> None:
    rules = configure("block", None, 2)
    state = build(rules, ["6-6 1-1", "6-5 2-2 0-0"])
    with pytest.raises(IllegalAction) as refused:
        state.apply(P("2-2"))
    voice = reader_voice(rules, 0)
    with use_language("es"):
        assert voice.tell(str(refused.value)) == "tú no tienes la ficha 2-2"
        assert reader_voice(rules, 1).tell(str(refused.value)) == "jugador 0 no tiene la ficha 2-2"
    with use_language("pt-BR"):
        assert voice.tell(str(refused.value)) == "você não tem a pedra 2-2"


# ------------------------------------------------------------------------------ the terminal
def english_left(text: str) -> list[str]:
    """English words that would betray an untranslated sentence in a game's text."""
    words = (" plays ", " passes", "You play", "Your ", " the hand", "Score:", "Hand ")
    return [w for w in words if w in text]


def test_the_plain_game_in_spanish(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 40 + "q\n"))
    with pytest.raises(SystemExit):
        main(["--lang", "es", "play", "block", "--plain", "--seed", "3"])
    out = capsys.readouterr().out
    assert "=== Mano 1 ===" in out and "Tu mano: " in out and "Tus jugadas:" in out
    assert "Bloqueo (reglas modern), 2 jugadores: Casa una ficha con un extremo" in out
    assert not english_left(out), english_left(out)


def test_the_plain_game_follows_lang(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 40 + "q\n"))
    with pytest.raises(SystemExit):
        main(["play", "partnership", "-r", "dominican", "--plain", "--seed", "5"])
    out = capsys.readouterr().out
    assert "=== Rodada 1 ===" in out and "Duplas: você & " in out and "Sua mão: " in out
    assert not english_left(out), english_left(out)


@pytest.mark.parametrize(
    ("args", "env", "expected"),
    [
        (["--lang", "es", "--help"], {}, "Los juegos clásicos de dominó"),
        (["--lang", "es", "play", "--help"], {}, "Juega una partida contra la computadora"),
        (["--help"], {"LANG": "pt_BR.UTF-8"}, "Os jogos clássicos de dominó"),
        (["rules", "--help"], {"LC_MESSAGES": "pt_BR"}, "Lista os jogos"),
        (["--help"], {"LANG": "C.UTF-8"}, "The classic games of dominoes"),
    ],
)
def test_the_command_line_help(
    args: list[str],
    env: dict[str, str],
    expected: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(SystemExit) as ended:
        main(args)
    assert ended.value.code == 0
    assert expected in capsys.readouterr().out


def test_the_rules_of_a_game_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "es", "rules", "partnership"])
    out = capsys.readouterr().out
    assert "Reglamentos:" in out and "República Dominicana: se juega hacia la derecha" in out
    assert "valores: " in out


def test_an_unknown_language_is_a_user_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--lang", "fr", "rules"])
    assert ended.value.code == 2
    assert "unknown language 'fr'" in capsys.readouterr().err
