"""The languages: choosing one (negotiate, the environment, the context), the catalogs read from
their .po files, plural forms and numbers (checked against Babel's CLDR data)."""

from __future__ import annotations

import threading

import pytest

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
