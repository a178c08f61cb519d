"""The ``web`` catalog's messages, found in the pages, their scripts and the server's own Python
(each ``web(TEXT)``), written to its template ``locale/web.pot`` and merged into each language's
``web.po`` (the translations kept, new messages added untranslated, old ones dropped):

    python -m boneyard.apps.server.webcatalog          # write web.pot, update every web.po
    python -m boneyard.apps.server.webcatalog --check  # fail if web.pot is not up to date

It needs Babel (the ``test`` extra), as the catalogs' other tools do."""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ...text.i18n import DEFAULT, LANGUAGES, LOCALE_DIR, folder
from .languages import option_words, page_messages, script_messages

__all__ = ["PYTHON_CALLS", "SERVER", "Message", "main", "template", "web_messages"]

SERVER = Path(__file__).parent
PYTHON_CALLS = ("web", "web_n", "web_p")
"""The server's own words: ``web(TEXT)``, ``web_n(TEXT)`` (a constant) and
``web_p(CONTEXT, TEXT)``."""


PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);", "pt-BR": "nplurals=2; plural=(n > 1);"}
"""Each language's plural rule as gettext writes it (Portuguese: 0 and 1 are singular)."""


@dataclass
class Message:
    """A message of the ``web`` catalog and where it is used."""

    msgid: str
    context: str | None = None
    plural: str | None = None
    places: list[str] = field(default_factory=list)


def web_messages() -> list[Message]:
    """Every message of the ``web`` domain, in the order met: the pages, their scripts, then the
    server's Python."""
    found: dict[tuple[str | None, str], Message] = {}

    def add(context: str | None, msgid: str, plural: str | None, place: str) -> None:
        message = found.setdefault((context, msgid), Message(msgid, context, plural))
        message.plural = message.plural or plural
        if place not in message.places:
            message.places.append(place)

    static = SERVER / "static"
    for path in sorted(static.glob("*.html")):
        for msgid in page_messages(path.read_text(encoding="utf-8")):
            add(None, msgid, None, f"static/{path.name}")
    for path in sorted(static.glob("*.js")):
        for context, msgid, plural in script_messages(path.read_text(encoding="utf-8")):
            add(context, msgid, plural, f"static/{path.name}")
    for path in sorted(SERVER.rglob("*.py")):
        place = str(path.relative_to(SERVER))
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
                continue
            name = call.func.id
            if name not in PYTHON_CALLS:
                continue
            texts = [a.value for a in call.args if isinstance(a, ast.Constant)]
            if len(texts) != len(call.args) or not all(isinstance(t, str) for t in texts):
                continue  # web(a_constant): its text is marked where it is defined (web_n)
            if name == "web_p":
                add(str(texts[0]), str(texts[1]), None, place)
            else:
                add(None, str(texts[0]), None, place)
    # The games' options by name, and the built-in computer levels, as the lobby shows them.
    from ...games import GAMES
    from .table import offered_levels

    for game in GAMES.values():
        for spec in game.option_specs:
            add("option", option_words(spec.name), None, f"games ({game.id})")
    for level in offered_levels():
        add("level", level, None, "levels")
    return list(found.values())


def _catalog(language: str | None):  # type: ignore[no-untyped-def]
    from babel.messages.catalog import Catalog

    catalog = Catalog(
        locale=None if language is None else folder(language),
        domain="web",
        project="boneyard",
        version="0.1.0",
        header_comment="# The browser's own words (the web domain): python -m "
        "boneyard.apps.server.webcatalog",
        fuzzy=False,
    )
    if language is not None:
        # gettext's rule for the language (Babel's CLDR data gives Spanish a third form, for
        # millions, that gettext's catalogs do not use).
        # (Babel's own setter of the header reads the rule into the catalog.)
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    for m in web_messages():
        msgid = m.msgid if m.plural is None else (m.msgid, m.plural)
        places = [(p, None) for p in m.places]
        catalog.add(msgid, context=m.context, locations=places)  # type: ignore[arg-type]
    return catalog


def template() -> str:
    """The text of ``web.pot``."""
    from io import BytesIO

    from babel.messages.pofile import write_po

    out = BytesIO()
    write_po(out, _catalog(None), omit_header=False, width=100, sort_output=False)
    return _steady(out.getvalue().decode("utf-8"))


def _steady(text: str) -> str:
    """A catalog's text without the lines that change at each run (the dates)."""
    return "".join(
        line
        for line in text.splitlines(keepends=True)
        if not line.startswith(('"POT-Creation-Date', '"PO-Revision-Date'))
    )


def update(language: str) -> None:
    """Merge the template into ``language``'s ``web.po``: its translations kept."""
    from io import BytesIO

    from babel.messages.pofile import read_po, write_po

    path = LOCALE_DIR / folder(language) / "LC_MESSAGES" / "web.po"
    with path.open("rb") as f:
        old = read_po(f, locale=folder(language), domain="web")
    new = _catalog(language)
    for message in new:
        if not message.id:
            continue
        before = old.get(message.id, context=message.context)
        if before is not None and before.string and before.pluralizable == message.pluralizable:
            message.string = before.string
    out = BytesIO()
    write_po(out, new, width=100, sort_output=False, ignore_obsolete=True)
    text = re.sub(
        r'"Plural-Forms: [^"]*"',
        lambda _m: f'"Plural-Forms: {PLURAL_FORMS[language]}\\n"',
        out.getvalue().decode(),
    )
    path.write_text(_steady(text), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    pot = LOCALE_DIR / "web.pot"
    text = template()
    if "--check" in args:
        if pot.read_text(encoding="utf-8") != text:
            print("locale/web.pot is not up to date: python -m boneyard.apps.server.webcatalog")
            return 1
        return 0
    pot.write_text(text, encoding="utf-8")
    for language in LANGUAGES:
        if language != DEFAULT:
            update(language)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
