"""The programs in the reader's language: every command's output, Click's own words (its help's
titles, its errors), the help kept by the quick ``--help`` after the language changes, the
full-screen game's key labels, and the server's 422 answers (docs/translating.md)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boneyard.apps.cli import help_cache, main
from boneyard.text import i18n

RECORD = Path(__file__).parent / "records" / "block_blocked_4p.json"

# English words that betray an untranslated sentence in a command's output ("error" is Spanish
# too).
ENGLISH = (
    r"\bplayers\b",
    r"\bhands?\b",
    r"\bseed\b",
    r"\bside\b",
    r"\bagents?\b",
    r"\bwins\b",
    r"\bties\b",
    r"\bseats?\b",
    r"\bmatch\b",
    r"\bdeals?\b",
    r"\bpoints\b",
    r"\bUsage\b",
    r"\bOptions\b",
    r"\bArguments\b",
    r"\bCommands\b",
    r"Show this message",
    r"\bMissing\b",
    r"for help",
    r"\bNo such\b",
    r"\bno such\b",
    r"\btournament\b",
    r"\bround\b",
    r"\bentrants\b",
    r"\binterval\b",
    r"\bnot a whole number\b",
    r"\bnothing\b",
    r"\baccounts?\b",
    r"\btables?\b",
    r"\bclosed\b",
    r"\brevision\b",
    r"\breport\b",
    r"\bwinner\b",
    r"\bended\b",
    r"\bper second\b",
    r"\bin a browser\b",
    r"\bchoose\b",
)


def english_left(text: str) -> list[str]:
    """The English words of :data:`ENGLISH` found in ``text``."""
    return [w for w in ENGLISH if re.search(w, text)]


def run(
    args: str | list[str], capsys: pytest.CaptureFixture[str], code: int = 0
) -> tuple[str, str]:
    """Run ``boneyard args`` (words, or a line of them): its standard output and error (it must
    end with ``code``)."""
    try:
        main(args.split() if isinstance(args, str) else args)
    except SystemExit as e:
        assert (e.code or 0) == code, capsys.readouterr()
    else:
        assert code == 0
    out, err = capsys.readouterr()
    return out, err


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """The command line sets the process's language: English again after each test."""
    yield
    i18n.reset_language()


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)


# --------------------------------------------------------------------- the words betraying English
def test_english_left_finds_english_in_english_output(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(["simulate", "block", "--hands", "4", "--workers", "1"], capsys)
    assert {r"\bside\b", r"\bagents?\b", r"\bhands?\b", r"\bties\b"} <= set(english_left(out))
    _, err = run(["play", "--nope"], capsys, code=2)
    assert {r"\bUsage\b", r"for help", r"\bNo such\b"} <= set(english_left(err))
    out, _ = run(["replay", str(RECORD)], capsys)
    assert {r"\bplayers\b", r"\bended\b", r"\bwinner\b"} <= set(english_left(out))
    assert english_left("Juegas [3|1]; bando, agentes: 3 manos") == []


# ----------------------------------------------------------------------------- each command's words
def test_simulate_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(
        "--lang es simulate block --hands 8 --agents greedy,random --workers 1",
        capsys,
    )
    assert "block (modern), 2 jugadores, 8 manos, semilla 0" in out
    assert re.search(r"^bando +agentes +victorias +% victorias +tantos medios/mano$", out, re.M)
    assert re.search(r"^puesto 0 +greedy +\d+", out, re.M)
    assert re.search(r"^empates: \d+$", out, re.M) and "manos por segundo" in out
    assert not english_left(out), english_left(out)


def test_simulate_and_analyze_in_portuguese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "run.jsonl"
    out, _ = run(
        f"--lang pt-BR simulate block --matches 2 --workers 1 --out {results}",
        capsys,
    )
    assert "block (modern), 2 jogadores, 2 partidas, semente 0" in out
    assert "lado" in out and "pontos médios/partida" in out and "rodadas por segundo" in out
    assert not english_left(out), english_left(out)
    out, _ = run(["--lang", "pt-BR", "analyze", str(results), "--no-report"], capsys)
    assert "block (modern), 2 jogadores: 2 partidas" in out
    assert "Por lado, em" in out and "A vantagem da saída" in out and "Rodadas" in out
    assert "Partidas completas: 2" in out and "vitórias" in out
    assert not english_left(out), english_left(out)


def test_analyze_in_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "run.jsonl"
    run(["simulate", "block", "--hands", "6", "--workers", "1", "--out", str(results)], capsys)
    out, _ = run(["--lang", "es", "analyze", str(results), "--no-report"], capsys)
    assert "block (modern), 2 jugadores: 6 manos, semilla 0" in out
    assert "Por bando, en 6 manos" in out and "La ventaja de la salida" in out
    assert "bando que sale" in out and "jugadas por mano" in out and "tranque" in out
    assert not english_left(out), english_left(out)


def test_tournament_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(
        "--lang es tournament block --agents greedy,random --deals 4 --workers 1",
        capsys,
    )
    assert "block (modern): 4 repartos duplicados, 8 manos" in out
    assert "puestos: cada agente ocupa cada bando una vez por reparto; más es mejor" in out
    assert re.search(r"^agente +manos +% victorias +tantos/mano +intervalo 95%", out, re.M)
    assert "diferencias emparejadas" in out and "en 4 repartos" in out
    assert not english_left(out), english_left(out)


def test_replay_in_spanish_and_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(["--lang", "es", "replay", str(RECORD)], capsys)
    assert "block (modern), 4 jugadores" in out and "Ann (puesto 0) vs Bob (puesto 1)" in out
    assert re.search(r"mano +Ann +Bob +Cid +Dee +final +ganador", out)
    assert "tranque" in out and "partida sin completar" in out
    assert not english_left(out), english_left(out)
    out, _ = run(["--lang", "pt-BR", "replay", str(RECORD)], capsys)
    assert "4 jogadores" in out and "Ann (lugar 0)" in out and "fechado" in out
    assert "partida incompleta" in out and "vencedor" in out
    assert not english_left(out), english_left(out)
    _, err = run(["--lang", "es", "replay", str(RECORD.with_name("nothing.jsonl"))], capsys, 2)
    assert err.startswith("error: ") and "nothing.jsonl" in err


def test_the_store_commands_in_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("sqlalchemy")
    db = ["--db", str(tmp_path / "store.db")]
    out, _ = run(["--lang", "es", "db", "upgrade", *db], capsys)
    assert ": creado en la revisión " in out  # upgraded from none
    out, _ = run(["--lang", "es", "db", "upgrade", *db], capsys)
    assert ": ya está en la revisión " in out
    for words in (
        ["tables", "list"],
        ["users", "list"],
        ["tournaments", "list"],
        ["tables", "expire"],
    ):
        out, _ = run(["--lang", "es", *words, *db], capsys)
        assert out.strip() in (
            "no hay mesas",
            "no hay cuentas",
            "no hay torneos",
            "0 mesas cerradas",
        )
    _, err = run(["--lang", "es", "users", "disable", "nadie", *db], capsys, code=2)
    assert err.strip() == "error: no hay ninguna cuenta llamada nadie"
    _, err = run(["--lang", "es", "tables", "close", "abc", *db], capsys, code=1)
    assert err.strip() == "abc: no hay ninguna mesa así en juego"
    _, err = run(["--lang", "es", "tables", "list", "--idle", "pronto", *db], capsys, code=2)
    assert "'pronto' no es una duración: escribe 90s, 30m, 2h o 7d" in err
    out, _ = run(
        ["--lang", "es", "tournaments", "create", "Club", "--game", "partnership", *db], capsys
    )
    assert out.strip() == "torneo 1: Club (suizo, partnership)"
    out, _ = run(["--lang", "es", "tournaments", "list", *db], capsys)
    assert "abierto" in out and "ronda 0/3" in out and "suizo, duplicado" in out
    assert "0 participantes" in out
    out, _ = run(["--lang", "es", "tournaments", "show", "1", *db], capsys)
    assert "Club: suizo, partnership (" in out and "abierto, ronda 0" in out
    assert "participantes: ninguno" in out
    _, err = run(["--lang", "es", "tournaments", "start", "7", *db], capsys, code=2)
    assert err.strip() == "error: no existe el torneo 7"
    out, _ = run(["--lang", "es", "tournaments", "close", "1", *db], capsys)
    assert out.strip() == "torneo 1: cerrado"
    for text in (out, err):
        assert not english_left(text), english_left(text)


def test_serve_says_its_refusals_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("fastapi")
    _, err = run(["--lang", "es", "serve", "--log-level", "loud"], capsys, code=2)
    assert err.strip() == (
        "error: --log-level loud: elige entre critical, error, warning, info, debug"
    )
    _, err = run(["--lang", "es", "serve", "--advertise", "ftp://x"], capsys, code=2)
    assert "da una dirección como http://10.0.0.5:8000" in err


def test_play_says_its_refusals_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    _, err = run(["--lang", "es", "play", "block", "--opponent", ",", "--plain"], capsys, 2)
    assert err.strip() == "error: --opponent necesita el nombre de un agente"
    _, err = run(["--lang", "es", "simulate", "block"], capsys, 2)
    assert err.strip() == "error: da solo una de --hands N o --matches N"
    _, err = run(["--lang", "es", "simulate", "block", "--hands", "1", "-o", "x"], capsys, 2)
    assert "opción mal escrita 'x': escribe NOMBRE=VALOR" in err
    _, err = run("--lang es simulate block --hands 0", capsys, 2)
    assert err.strip() == "error: el número de manos debe ser >= 1"
    _, err = run("--lang es tournament block --agents greedy", capsys, 2)
    assert err.strip() == "error: un torneo necesita al menos dos agentes"
    _, err = run("--lang pt-BR analyze nowhere.jsonl", capsys, 2)
    assert err.startswith("erro: nowhere.jsonl: não é possível ler: ")


# ------------------------------------------------------------------------------ Click's own words
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["--lang", "es", "play", "--nope"],
            [
                "Uso: boneyard play [OPTIONS] [GAME]",
                "Prueba 'boneyard play --help' para ver la ayuda.",
                "Error: No existe la opción: --nope (Opciones posibles: --opponent)",
            ],
        ),
        (
            ["--lang", "pt-BR", "play", "--nope"],
            [
                "Uso: boneyard play [OPTIONS] [GAME]",
                "Experimente 'boneyard play --help' para ver a ajuda.",
                "Erro: Não existe a opção: --nope (Opções possíveis: --opponent)",
            ],
        ),
        (["--lang", "es", "replay"], ["Error: Falta el argumento 'FILE'."]),
        (["--lang", "pt-BR", "replay"], ["Erro: Falta o argumento 'FILE'."]),
        (
            ["--lang", "es", "simulate", "block", "--hands", "x"],
            ["Error: Valor no válido para '--hands': 'x' no es un número entero."],
        ),
        (
            ["--lang", "pt-BR", "simulate", "block", "--hands", "1", "--workers", "0"],
            ["Erro: Valor inválido para '--workers': 0 é menos que 1: indique 1 ou mais."],
        ),
        (["--lang", "es", "tournament", "block", "--agents"], ["La opción '--agents' necesita"]),
        (["--lang", "es", "rules", "block", "extra"], ["Error: Sobra un argumento (extra)"]),
        (["--lang", "es", "nope"], ["Error: No existe el comando 'nope'."]),
        (["--lang", "pt-BR", "nope"], ["Erro: Não existe o comando 'nope'."]),
    ],
)
def test_clicks_errors_in_the_language(
    args: list[str], expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out, err = run(args, capsys, code=2)
    assert out == ""
    for line in expected:
        assert line in err, err
    words = re.sub(r"--[\w-]+|\[OPTIONS\]", "", err)  # the options' names are not words
    assert not english_left(words), english_left(words)


def test_clicks_errors_stay_english_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    _, err = run(["play", "--nope"], capsys, code=2)
    assert err == (
        "Usage: boneyard play [OPTIONS] [GAME]\nTry 'boneyard play --help' for help.\n\n"
        "Error: No such option: --nope (Possible options: --opponent)\n"
    )
    _, err = run(["simulate", "block", "--hands", "x"], capsys, code=2)
    assert "Error: Invalid value for '--hands': 'x' is not a whole number." in err


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", ["Uso: boneyard simulate", "Argumentos:", "Opciones:", "[obligatorio]"]),
        ("es", ["[por defecto: 0]", "--help  ", "Muestra este mensaje y termina."]),
        ("pt-BR", ["Uso: boneyard simulate", "Argumentos:", "Opções:", "[obrigatório]"]),
        ("pt-BR", ["[padrão: 0]", "Mostra esta mensagem e sai."]),
    ],
)
def test_clicks_help_words_in_the_language(
    lang: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = run(["--lang", lang, "simulate", "--help"], capsys)
    for word in words:
        assert word in out, out
    assert not re.search(r"^(Usage|Options|Arguments|Commands):", out, re.M)


def test_a_group_without_a_command_shows_its_help_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, err = run(["--lang", "es", "tables"], capsys, code=2)
    assert "Uso: boneyard tables [OPTIONS] COMMAND [ARGS]..." in err
    assert "Opciones:" in err and "Comandos:" in err and "Muestra este mensaje" in err


def test_the_kept_help_follows_the_language(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    clean_environment: None,
) -> None:
    """``boneyard --help`` keeps what it printed, by language: each language switched to is
    served its own help, from the cache the second time."""
    kept = tmp_path / "help.marshal"
    monkeypatch.setattr(help_cache, "_cache_paths", lambda: [str(kept)])
    monkeypatch.setattr(help_cache, "_RACY_SECONDS", -1e9)  # this checkout was just written
    expected = {
        "es_ES.UTF-8": ("Los juegos clásicos", "Uso: boneyard", "Opciones:", "Comandos:"),
        "pt_BR.UTF-8": ("Os jogos clássicos", "Uso: boneyard", "Opções:", "Comandos:"),
        "C.UTF-8": ("The classic games", "Usage: boneyard", "Options:", "Commands:"),
    }
    printed: dict[str, str] = {}
    for round_ in range(2):
        for lang in ("es_ES.UTF-8", "pt_BR.UTF-8", "C.UTF-8", "es_ES.UTF-8"):
            monkeypatch.setenv("LANG", lang)
            if round_ == 1:
                # Served from the cache: what the command would print is not asked.
                monkeypatch.setattr("boneyard.apps.cli.build_app", None)
            out, _ = run(["--help"], capsys)
            for words in expected[lang]:
                assert words in out, (lang, out)
            assert printed.setdefault(lang, out) == out
            i18n.reset_language()
    assert len(help_cache._read([str(kept)])) == 3


# --------------------------------------------------------------------------- the full-screen game
@pytest.fixture
def spanish(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    i18n.set_default_language("es")
    i18n.set_language("es")
    yield
    i18n.reset_language()


async def test_the_full_screen_games_keys_in_spanish(spanish: None) -> None:
    pytest.importorskip("textual")
    from boneyard.apps.tui.app import BoneyardApp, Launch
    from boneyard.apps.tui.game import GameScreen

    app = BoneyardApp(Launch(game="block", seed=1))
    async with app.run_test(size=(160, 40)) as pilot:
        deadline = time.monotonic() + 20
        while not isinstance(app.screen, GameScreen):
            assert time.monotonic() < deadline
            await pilot.pause(0.05)
        await pilot.pause(0.2)
        labels = {key: b.description for key, b in app.screen._bindings}
        assert labels["d"] == "Robar" and labels["p"] == "Pasar" and labels["h"] == "Pista"
        assert labels["q"] == "Salir" and labels["s"] == "Puntuación" and labels["3"] == "Jugada 3"
        footer = ""
        while "Salir" not in footer:  # the footer is drawn once the screen has settled
            assert time.monotonic() < deadline, footer
            await pilot.pause(0.05)
            footer = app.screen._compositor.render_strips()[-1].text
        assert "Pasar" in footer and "Pista" in footer and "Guardar" in footer, footer
        assert not re.search(r"\b(Draw|Pass|Hint|Quit|Save|Help)\b", footer), footer


def test_key_labels_follow_the_language_after_import() -> None:
    """The screens' classes were made (at import) in English: each screen made later speaks the
    language current then."""
    pytest.importorskip("textual")
    from boneyard.apps.tui.keys import key_label
    from boneyard.apps.tui.screens import ConfirmScreen

    def labels() -> list[str]:
        screen = ConfirmScreen("?")
        return [key_label(b) for _, b in screen._bindings] + [
            b.description for _, b in screen._bindings
        ]

    assert {"Yes", "No"} <= set(labels())
    with i18n.use_language("pt-BR"):
        assert {"Sim", "Não"} <= set(labels())
    with i18n.use_language("es"):
        assert "Sí" in labels()


# ---------------------------------------------------------------------------------- the server
@pytest.fixture
def web(db_url: str) -> Iterator[Any]:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from boneyard.apps.server.app import Settings, create_app

    settings = Settings(db=db_url, computer_delay=0, forced_delay=0, deal_delay=0, workers=0)
    with TestClient(create_app(settings), headers={"Origin": "http://testserver"}) as c:
        yield c


@pytest.mark.parametrize(
    ("language", "body", "expected"),
    [
        ("es", {"name": "Ann"}, "Falta el campo password."),
        (
            "es-MX,es;q=0.9",
            {"name": 7, "password": "correct horse"},
            "El campo name debe ser un texto.",
        ),
        ("pt-BR", {"name": "Ann"}, "Falta o campo password."),
        ("en", {"name": "Ann"}, "The field password is missing."),
    ],
)
def test_a_422_in_the_readers_language(
    web: Any, language: str, body: dict[str, Any], expected: str
) -> None:
    answer = web.post("/api/account/signup", json=body, headers={"Accept-Language": language})
    assert answer.status_code == 422, answer.text
    found = answer.json()
    # The machine-readable fields as FastAPI gives them; the words added.
    assert [set(d) for d in found["detail"]] == [{"type", "loc", "msg", "message"}]
    assert found["detail"][0]["type"] in ("missing", "string_type")
    assert found["detail"][0]["loc"][0] == "body"
    assert found["detail"][0]["message"] == expected and found["message"] == expected


def test_a_422_of_a_body_that_is_not_json_in_spanish(web: Any) -> None:
    answer = web.post(
        "/api/account/signup",
        content=b"{",
        headers={"content-type": "application/json", "Accept-Language": "es"},
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"][0]["type"] == "json_invalid"
    assert answer.json()["message"] == "El cuerpo no es un JSON válido."


def test_every_pydantic_kind_worded_has_its_numbers() -> None:
    pytest.importorskip("fastapi")
    from boneyard.apps.server.routes.errors import invalid_words

    with i18n.use_language("es"):
        for kind, ctx in [
            ("string_too_long", {"max_length": 1000}),
            ("string_too_short", {"min_length": 8}),
            ("greater_than_equal", {"ge": 1}),
            ("less_than_equal", {"le": 9}),
            ("too_long", {"max_length": 4}),
            ("unheard_of", {}),
        ]:
            told = invalid_words({"type": kind, "loc": ("body", "x"), "ctx": ctx})
            assert told.startswith("El campo x ") and "{" not in told, told
            for value in ctx.values():
                assert str(value) in told
