"""The browser's languages (docs/server.md, "Languages"): every message of the ``web`` catalog
translated in Spanish and Portuguese with the same placeholders, its template up to date; the
catalogs served to the pages; the language chosen by ``Accept-Language``, the page's switch (a
cookie) and the account's setting; a hostile or unknown language is English, never an error; each
reader of a table reads it in its own language."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverhelp import Player, create, hub, settings

from boneyard.apps.server.app import create_app
from boneyard.apps.server.languages import (
    LANG_COOKIE,
    page_messages,
    script_messages,
    translated_page,
)
from boneyard.apps.server.webcatalog import main, web_messages
from boneyard.text.i18n import load_catalog

OWN = "http://testserver"
GOOD = "correct horse battery"
TRANSLATED = ("es", "pt-BR")

SAME_IN = {
    # Words that are the same in the language as in English.
    "es": {"Chat", "provisional", "total", "Buchholz"},
    "pt-BR": {
        "rating",
        "Ratings",
        "boneyard: replay",
        "Chat",
        "Replay",
        "casual",
        "total",
        "Buchholz",
    },
}
PLACEHOLDER = re.compile(r"\{\w+\}")

HOSTILE = [
    "",
    "xx",
    "*",
    "C",
    "en-US;q=abc",
    "es;q=nan",
    "fr;q=0, de;q=-1",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "\u202eés",
    "es" * 5000,
    ";;;,,,=q",
]


@pytest.fixture
def web(db_url: str) -> Any:
    with TestClient(create_app(settings(db_url)), headers={"Origin": OWN}) as c:
        yield c


def key(context: str | None, msgid: str) -> str:
    return msgid if context is None else f"{context}\x04{msgid}"


@pytest.mark.parametrize("tag", TRANSLATED)
def test_every_web_message_is_translated_with_the_same_placeholders(tag: str) -> None:
    catalog = load_catalog(tag, "web")
    messages = web_messages()
    assert len(messages) > 300
    untranslated, english, placeholders = [], [], []
    for m in messages:
        forms = catalog.messages.get(key(m.context, m.msgid))
        if not forms:
            untranslated.append(m.msgid)
            continue
        if m.plural is not None:
            assert len(forms) == catalog.nplurals == 2, m.msgid
        for i, form in enumerate(forms):
            source = m.msgid if m.plural is None or i == 0 else m.plural
            if form == source and m.msgid not in SAME_IN[tag]:
                english.append(m.msgid)
            wanted = set(PLACEHOLDER.findall(source)) | set(PLACEHOLDER.findall(m.msgid))
            if m.plural is not None:
                wanted |= set(PLACEHOLDER.findall(m.plural))
            if set(PLACEHOLDER.findall(form)) - wanted or set(PLACEHOLDER.findall(source)) - set(
                PLACEHOLDER.findall(form)
            ) - {"{n}"}:
                placeholders.append((m.msgid, form))
    assert untranslated == []
    assert english == []
    assert placeholders == []
    # Nothing left in the catalog that the pages no longer say.
    wanted_keys = {key(m.context, m.msgid) for m in messages}
    assert set(catalog.messages) - wanted_keys == set()


def test_the_template_is_up_to_date() -> None:
    assert main(["--check"]) == 0


def test_the_words_are_found_in_pages_and_scripts() -> None:
    page = '<p title="Hello there">Make a <a href="/">table</a>\n  now</p><script>x("no")</script>'
    assert page_messages(page) == ["Hello there", "Make a", "table", "now"]
    script = 'f(t("One {n}")); nt("{n} tile", "{n} tiles", k); pt("verb", "Replay")'
    assert script_messages(script) == [
        (None, "One {n}", None),
        (None, "{n} tile", "{n} tiles"),
        ("verb", "Replay", None),
    ]
    with pytest.raises(ValueError, match="plain string"):
        script_messages("t(`Seat ${n}`)")


@pytest.mark.parametrize(
    ("header", "tag", "said"),
    [
        ("es-MX,es;q=0.9,en;q=0.8", "es", "Jugar ya"),
        ("pt-BR,pt;q=0.9", "pt-BR", "Jogar agora"),
        ("pt-PT", "pt-BR", "Jogar agora"),
        ("fr-FR,fr;q=0.9,es;q=0.5", "es", "Jugar ya"),
        ("de-DE,fr;q=0.9", "en", "Play now"),
        (None, "en", "Play now"),
    ],
)
def test_a_page_is_in_the_language_the_browser_asks_for(
    web: TestClient, header: str | None, tag: str, said: str
) -> None:
    headers = {} if header is None else {"Accept-Language": header}
    answer = web.get("/", headers=headers)
    assert answer.status_code == 200
    assert f'<html lang="{tag}">' in answer.text
    assert f"<h2>{said}</h2>" in answer.text
    assert f'<script src="/i18n/{tag}.js?v=' in answer.text
    assert "Accept-Language" in answer.headers["vary"]


@pytest.mark.parametrize("value", HOSTILE)
def test_a_hostile_or_unknown_language_is_english_never_an_error(
    web: TestClient, value: str
) -> None:
    for path in ("/", "/t/nosuchtable", "/account", "/how/block", "/api/games"):
        header = value.encode("ascii", "replace").decode()
        answer = web.get(path, headers={"Accept-Language": header})
        assert answer.status_code == 200, (path, answer.text)
        if path == "/":
            assert '<html lang="en">' in answer.text or (
                value.startswith("es") and '<html lang="es">' in answer.text
            )
    web.cookies.set(LANG_COOKIE, value.encode("ascii", "replace").decode().replace(";", ""))
    assert web.get("/").status_code == 200
    web.cookies.clear()
    for tag in ("xx", "<b>", "C", "es" * 100, "en-US-x-" + "a" * 500):
        answer = web.get(f"/api/i18n/{tag}")
        assert answer.status_code == 200
        assert answer.json()["language"] == "en" and answer.json()["messages"] == {}
        assert web.get(f"/i18n/{tag}.js").status_code == 200


def test_the_catalog_endpoints_serve_the_same_catalogs(web: TestClient) -> None:
    answer = web.get("/api/i18n/es")
    assert answer.status_code == 200
    assert "max-age" in answer.headers["cache-control"]
    body = answer.json()
    assert body["language"] == "es" and body["plural"] == "(n != 1)"
    assert body["messages"]["Play now"] == "Jugar ya"
    assert body["messages"]["{n} tile"] == ["{n} ficha", "{n} fichas"]
    assert body["messages"]["verb\x04Replay"] == "Ver la repetición"
    pt = web.get("/api/i18n/pt-BR").json()
    assert pt["plural"] == "(n > 1)" and pt["messages"]["{n} tile"] == ["{n} pedra", "{n} pedras"]
    assert web.get("/api/i18n/pt_br").json()["language"] == "pt-BR"
    script = web.get("/i18n/pt-BR.js")
    assert script.headers["content-type"].startswith("text/javascript")
    assert script.text.startswith("window.BONEYARD_I18N = ") and "Jogar agora" in script.text
    assert web.get("/api/i18n").json()["languages"] == {
        "en": "English",
        "es": "Español",
        "pt-BR": "Português (Brasil)",
    }


@pytest.mark.parametrize("tag", TRANSLATED)
@pytest.mark.parametrize(
    "name",
    [
        "index.html",
        "table.html",
        "account.html",
        "how.html",
        "replay.html",
        "profile.html",
        "leaderboard.html",
        "tournaments.html",
    ],
)
def test_no_english_text_is_left_on_a_translated_page(name: str, tag: str) -> None:
    english = translated_page(name, "en")
    page = translated_page(name, tag)
    left = [m for m in page_messages(page) if m in page_messages(english)]
    assert [m for m in left if m not in SAME_IN[tag]] == []


def test_the_switch_keeps_the_language_in_a_cookie(web: TestClient) -> None:
    answer = web.post("/api/language", json={"language": "pt-BR"})
    assert answer.status_code == 200 and answer.json() == {"language": "pt-BR", "account": False}
    assert web.cookies[LANG_COOKIE] == "pt-BR"
    page = web.get("/", headers={"Accept-Language": "es"})  # the switch wins over the browser
    assert '<html lang="pt-BR">' in page.text
    assert web.post("/api/language", json={"language": "klingon"}).json()["language"] == "en"
    assert '<html lang="en">' in web.get("/", headers={"Accept-Language": "es"}).text
    web.post("/api/language", json={"language": None})  # the browser's own again
    assert LANG_COOKIE not in web.cookies
    assert '<html lang="es">' in web.get("/", headers={"Accept-Language": "es"}).text


def test_the_account_keeps_its_language_on_every_device(web: TestClient, db_url: str) -> None:
    assert web.post("/api/account/signup", json={"name": "Ana", "password": GOOD}).is_success
    assert web.get("/api/me").json()["language"] is None
    answer = web.post("/api/language", json={"language": "es"})
    assert answer.json() == {"language": "es", "account": True}
    assert web.get("/api/me").json()["language"] == "es"
    assert hub(web).store.account_named("ana").language == "es"  # type: ignore[union-attr]
    # Another device: logging in brings the account's language.
    other = TestClient(web.app, headers={"Origin": OWN})
    assert '<html lang="en">' in other.get("/").text
    assert other.post("/api/account/login", json={"name": "Ana", "password": GOOD}).is_success
    assert other.cookies[LANG_COOKIE] == "es"
    assert '<html lang="es">' in other.get("/").text
    # The account's page offers the choice.
    assert 'id="account-language"' in other.get("/account").text


def test_http_answers_speak_the_requests_language(web: TestClient) -> None:
    made = create(web, "block")
    how = web.get("/api/how/block", headers={"Accept-Language": "es"}).json()
    assert how["example"]["names"][0] == "Jugador 1"
    assert web.get("/api/how/block").json()["example"]["names"][0] == "Player 1"
    assert web.get(f"/t/{made['id']}", headers={"Accept-Language": "pt-BR"}).status_code == 200
    # The lobby's options and computer levels in words of the language.
    games = web.get("/api/games", headers={"Accept-Language": "es"}).json()
    block = next(g for g in games["games"] if g["id"] == "block")
    titles = {o["name"]: o["title"] for o in block["rule_sets"][0]["options"]}
    assert titles["hand_size"] == "Fichas por jugador"
    assert games["level_names"]["casual"] == "aficionado"
    english = web.get("/api/games").json()
    assert english["level_names"]["casual"] == "casual"
    # A person left without a name is named for the seat in the words of whoever made the table.
    body = {"game": "block", "seats": [{"kind": "person"}, {"kind": "computer", "level": "greedy"}]}
    made_es = web.post("/api/tables", json=body, headers={"Accept-Language": "es"}).json()
    assert made_es["seats"][0]["name"] == "Asiento 1"
    assert web.post("/api/tables", json=body).json()["seats"][0]["name"] == "Seat 1"
    # An error a person meets, in the language of the request.
    refused = web.post("/api/account/login", json={"name": "Nadie", "password": GOOD * 2})
    assert refused.json()["detail"] == "wrong name or password"
    refused = web.post(
        "/api/account/login",
        json={"name": "Nadie", "password": GOOD * 2},
        headers={"Accept-Language": "pt-BR"},
    )
    assert refused.status_code == 401 and refused.json()["detail"] == "nome ou senha incorretos"


def test_each_reader_of_a_table_reads_it_in_its_own_language(web: TestClient) -> None:
    made = create(web, "block")
    table_id = made["id"]
    with (
        web.websocket_connect(f"/ws/{table_id}", headers={"Accept-Language": "es"}) as es,
        web.websocket_connect(f"/ws/{table_id}", headers={"Accept-Language": "pt-BR"}) as pt,
        web.websocket_connect(f"/ws/{table_id}") as en,
    ):
        for ws in (es, pt, en):
            ws.send_json({"v": 1, "type": "hello"})
            assert ws.receive_json()["type"] == "welcome"
            assert ws.receive_json()["type"] == "state"
        room = hub(web).rooms[table_id]
        assert sorted(c.language for c in room.spectators) == ["en", "es", "pt-BR"]
        # Each is sent the view made in its language (a view per language, not one for all).
        table = room.table
        assert set(table._cache) >= {"en", "es", "pt-BR"}


def test_a_replay_is_told_in_its_readers_language(web: TestClient) -> None:
    made = create(
        web,
        "draw",
        seats=[{"kind": "computer", "level": "greedy"}, {"kind": "computer", "level": "random"}],
        target=1,
    )
    with web.websocket_connect(f"/ws/{made['id']}") as ws:
        watcher = Player(ws)
        watcher.hello()
        watcher.until(lambda m: m["type"] == "state" and m["status"] == "over")
    english = web.get(f"/api/tables/{made['id']}/replay").json()
    spanish = web.get(f"/api/tables/{made['id']}/replay", headers={"Accept-Language": "es"}).json()
    portuguese = web.get(
        f"/api/tables/{made['id']}/replay", headers={"Accept-Language": "pt-BR"}
    ).json()
    assert english["hands"][0]["frames"][0]["text"] == "Hand 1 is dealt."
    assert spanish["hands"][0]["frames"][0]["text"] == "Se reparte la mano 1."
    assert portuguese["hands"][0]["frames"][0]["text"] == "A rodada 1 é distribuída."
    # The same moves and tiles in every language: only the words differ.
    for told in (spanish, portuguese):
        assert [len(h["frames"]) for h in told["hands"]] == [
            len(h["frames"]) for h in english["hands"]
        ]
        assert told["hands"][0]["frames"][-1]["hands"] == english["hands"][0]["frames"][-1]["hands"]
