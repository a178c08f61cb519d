"""The errors a person can meet, in the reader's language (issue 32): a bad record replayed,
a bad argument, a results file that cannot be read, and the research report's page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from boneyard.apps.cli import main
from boneyard.text import i18n


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """The command line sets the process's language: English again after each test."""
    yield
    i18n.reset_language()


def run(args: list[str], capsys: pytest.CaptureFixture[str], code: int) -> str:
    """Run ``boneyard args``, which must end with ``code``: its standard error."""
    with pytest.raises(SystemExit) as e:
        main(args)
    assert (e.value.code or 0) == code, capsys.readouterr()
    return capsys.readouterr().err


def record(tmp_path: Path, body: object, name: str = "bad.json") -> str:
    path = tmp_path / name
    path.write_text(body if isinstance(body, str) else json.dumps(body), encoding="utf-8")
    return str(path)


GOOD_HEADER = {"format": "boneyard-record/1", "game": "block", "players": ["Ann", "Bob"]}


# ------------------------------------------------------------------------------ a record replayed
@pytest.mark.parametrize(
    ("body", "english", "spanish", "portuguese"),
    [
        (
            {"format": "nope"},
            "format must be 'boneyard-record/1', not 'nope'",
            "format debe ser 'boneyard-record/1', no 'nope'",
            "format deve ser 'boneyard-record/1', não 'nope'",
        ),
        (
            '{"format":',
            "not valid JSON",
            "no es JSON válido",
            "não é JSON válido",
        ),
        (
            {**GOOD_HEADER, "hands": "many"},
            "hands must be a list",
            "hands debe ser una lista",
            "hands deve ser uma lista",
        ),
        (
            {**GOOD_HEADER, "hands": [{"deal": [], "stock": [], "moves": []}, 3]},
            "hand 1: ",
            "mano 1: ",
            "rodada 1: ",
        ),
        (
            {**GOOD_HEADER, "hands": [{"deal": "x"}]},
            "hand 1: deal must be a list of tile lists, one per seat",
            "mano 1: deal debe ser una lista de listas de fichas, una por jugador",
            "rodada 1: deal deve ser uma lista de listas de pedras, uma por jogador",
        ),
    ],
)
def test_a_bad_record_replayed_says_its_error_in_the_language(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    body: object,
    english: str,
    spanish: str,
    portuguese: str,
) -> None:
    path = record(tmp_path, body)
    assert english in run(["replay", path], capsys, 2)
    err = run(["--lang", "es", "replay", path], capsys, 2)
    assert spanish in err, err
    err = run(["--lang", "pt-BR", "replay", path], capsys, 2)
    assert portuguese in err, err


def test_a_bad_move_is_told_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"]]
    deal.append(["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"])
    stock = ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5", "3-6", "4-4", "4-5", "4-6"]
    stock += ["5-5", "5-6", "6-6"]
    hand = {"deal": deal, "stock": stock, "moves": [{"seat": 0, "pass": True}]}
    path = record(tmp_path, {**GOOD_HEADER, "hands": [hand]})
    assert "hand 1, move 1: seat 0 is not to move (seat 1 is)" in run(["replay", path], capsys, 2)
    err = run(["--lang", "es", "replay", path], capsys, 2)
    assert "mano 1, jugada 1: no es el turno del jugador 0 (es el del jugador 1)" in err, err
    err = run(["--lang", "pt-BR", "replay", path], capsys, 2)
    assert "rodada 1, jogada 1: não é a vez do jogador 0 (é a do jogador 1)" in err, err


# ---------------------------------------------------------------------- text that cannot be taken
def test_a_bad_argument_is_refused_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    english = "argument 2 ('a\\x07b') holds U+0007 at character 2: a control character"
    assert english in run(["rules", "a\x07b"], capsys, 2)
    err = run(["--lang", "es", "rules", "a\x07b"], capsys, 2)
    assert (
        "el argumento 4 ('a\\x07b') contiene U+0007 en el carácter 2: un carácter de control" in err
    )
    err = run(["--lang", "pt-BR", "rules", "a\x07b"], capsys, 2)
    assert "o argumento 4 ('a\\x07b') contém U+0007 no caractere 2: um caractere de controle" in err


def test_a_record_holding_a_bad_character_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, {**GOOD_HEADER, "players": ["Ann", "B\x00b"]})
    assert "the record's players[1] holds U+0000 at character 2: NUL" in run(
        ["replay", path], capsys, 2
    )
    err = run(["--lang", "es", "replay", path], capsys, 2)
    assert "el registro, campo players[1] contiene U+0000 en el carácter 2: el carácter NUL" in err
    err = run(["--lang", "pt-BR", "replay", path], capsys, 2)
    assert "o registro, campo players[1] contém U+0000 no caractere 2: o caractere NUL" in err


# ---------------------------------------------------------------------------------- results files
def test_a_file_that_is_not_results_is_told_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, json.dumps({"a": 1}) + "\n", "r.jsonl")
    assert "this is JSON, but not a results file" in run(["analyze", path], capsys, 2)
    err = run(["--lang", "es", "analyze", path], capsys, 2)
    assert "esto es JSON, pero no un archivo de resultados; un archivo de resultados es" in err
    err = run(["--lang", "pt-BR", "analyze", path], capsys, 2)
    assert "isto é JSON, mas não um arquivo de resultados; um arquivo de resultados é" in err


# ------------------------------------------------------------------------------- the report's page
REPORT_ENGLISH = (
    r"\bFrom\b",
    r"\bIntervals\b",
    r"\bhands?\b",
    r"\bpoints\b",
    r"\bsides?\b",
    r"\bleader\b",
    r"\bper\b",
    r"\b[Ww]in rate\b",
    r"\bmean\b",
    r"\bwon\b",
    r"\bmoves\b",
)


def report_english(language: str, tmp_path: Path) -> list[str]:
    """The words of :data:`REPORT_ENGLISH` on the report's page written in ``language`` (its
    file's name, the pictures and their file names left out)."""
    import re

    pytest.importorskip("matplotlib")
    from boneyard.research.report import write_report
    from boneyard.research.stats import analyze_results

    results = Path(__file__).parent / "results" / "hand_computed.jsonl"
    with i18n.use_language(language):
        page = write_report(analyze_results(results), tmp_path / language).read_text()
    assert f'<html lang="{language}">' in page
    text = re.sub(r"<code>.*?</code>|data:image/png;base64,[^\"]*|\(\w+\.png\)", "", page)
    text = re.sub(r"<[^>]*>", " ", text)
    return [w for w in REPORT_ENGLISH if re.search(w, text)]


def test_the_report_word_list_finds_english_in_the_english_report(tmp_path: Path) -> None:
    found = report_english("en", tmp_path)
    assert {r"\bFrom\b", r"\bIntervals\b", r"\bhands?\b", r"\bleader\b", r"\bmean\b"} <= set(found)


@pytest.mark.parametrize("language", ["es", "pt-BR"])
def test_the_report_page_in_the_language_has_no_english(tmp_path: Path, language: str) -> None:
    assert report_english(language, tmp_path) == []


def test_the_engines_refusal_of_a_recorded_move_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"]]
    deal.append(["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"])
    stock = ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5", "3-6", "4-4", "4-5", "4-6"]
    stock += ["5-5", "5-6", "6-6"]
    hand = {"deal": deal, "stock": stock, "moves": [{"seat": 1, "play": "0-0"}]}
    path = record(tmp_path, {**GOOD_HEADER, "hands": [hand]})
    assert "hand 1, move 1: seat 1 does not hold 0-0" in run(["replay", path], capsys, 2)
    err = run(["--lang", "es", "replay", path], capsys, 2)
    assert "mano 1, jugada 1: jugador 1 no tiene la ficha 0-0" in err, err
    err = run(["--lang", "pt-BR", "replay", path], capsys, 2)
    assert "rodada 1, jogada 1: jogador 1 não tem a pedra 0-0" in err, err


def test_the_reports_figures_use_the_languages_decimal_sign() -> None:
    from boneyard.research.report import _ci, _pct, _signed

    with i18n.use_language("es"):
        assert (_pct(0.125), _signed(1.5), _ci((0.25, 0.75))) == ("12,5%", "+1,50", "[0,25; 0,75]")
    with i18n.use_language("en"):
        assert (_pct(0.125), _signed(-1.5), _ci((0.25, 0.75))) == ("12.5%", "-1.50", "[0.25, 0.75]")
