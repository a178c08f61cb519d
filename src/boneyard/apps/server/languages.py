"""The browser's languages: which one a reader reads (:func:`language_of`: the page's switch,
kept in the cookie :data:`LANG_COOKIE`, else the browser's ``Accept-Language``), the pages' own
texts translated where they are served (:func:`translated_page`), and the texts of the pages and
their scripts found for the ``web`` catalog (:func:`page_messages`, :func:`script_messages`).

The words are the gettext catalogs of the ``web`` domain (``locale/<folder>/LC_MESSAGES/web.po``),
the same the browser reads as JSON (:func:`boneyard.text.i18n.catalog_for_browser`): a page's
texts are translated here, its scripts' through ``t()`` and ``nt()`` in ``common.js``."""

from __future__ import annotations

import functools
import hashlib
import html
import json
import re
from collections.abc import Callable
from pathlib import Path

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from ...text.i18n import (
    DEFAULT,
    LANGUAGES,
    catalog_for_browser,
    negotiate,
    normalize,
    pgettext,
    use_language,
)
from ...text.i18n import gettext as _gettext

__all__ = [
    "LANG_COOKIE",
    "NOT_TRANSLATED",
    "Languages",
    "browser_script",
    "chosen_language",
    "language_of",
    "level_title",
    "option_title",
    "option_words",
    "page_messages",
    "script_messages",
    "translated_page",
    "web",
    "web_n",
    "web_p",
]

LANG_COOKIE = "boneyard_lang"
"""The language chosen with a page's switch (or given by the account at log-in): a tag."""

NOT_TRANSLATED = frozenset({"boneyard"})
"""Page texts that are the same in every language (the program's name)."""

STATIC = Path(__file__).parent / "static"


def chosen_language(value: str | None) -> str | None:
    """The supported language a cookie or a setting names, or ``None`` for anything else
    (nothing, an unknown tag, a hostile text)."""
    if not value or len(value) > 35:
        return None
    return normalize(value)


def language_of(conn: HTTPConnection) -> str:
    """The language a request or a websocket reads: the page's switch (its cookie), else the
    browser's ``Accept-Language``; English where neither names a language boneyard speaks."""
    chosen = chosen_language(conn.cookies.get(LANG_COOKIE))
    if chosen is not None:
        return chosen
    return negotiate(conn.headers.get("accept-language", "")[:1000])


class Languages:
    """Every request answered in its reader's language (:func:`language_of`): the server's
    errors, the games' words, descriptions and options (a websocket's reader keeps its own, on
    its connection)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with use_language(language_of(HTTPConnection(scope))):
            await self.app(scope, receive, send)


def web(message: str) -> str:
    """``message`` of the ``web`` catalog in the current language."""
    return _gettext(message, domain="web")


def web_n(message: str) -> str:
    """Mark a constant of the ``web`` catalog (found by the catalog's tool) and return it as it
    is: it is translated where it is said (``web(CONSTANT)``)."""
    return message


def web_p(context: str, message: str) -> str:
    """``message`` of the ``web`` catalog in ``context``, in the current language."""
    return pgettext(context, message, domain="web")


def option_words(name: str) -> str:
    """An option's name as words, in English: ``hand_size`` is "Hand size"."""
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def option_title(name: str) -> str:
    """An option's name as the lobby shows it, in the current language (the catalog's tool finds
    every game's options: ``webcatalog``)."""
    return web_p("option", option_words(name))


def level_title(level: str) -> str:
    """A computer level's name in the current language (a plug-in's as it is)."""
    return web_p("level", level)


# --------------------------------------------------------------------- the pages' texts
_PIECES = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_TEXT_ATTRIBUTES = re.compile(r'(\s(?:title|aria-label|placeholder|alt)=")([^"]*)(")')
_LETTER = re.compile(r"[^\W\d_]")


def _message(text: str) -> str | None:
    """The message a piece of a page's text is (its words, spaces made one), or ``None``."""
    words = " ".join(html.unescape(text).split())
    if not _LETTER.search(words) or words in NOT_TRANSLATED:
        return None
    return words


def page_messages(source: str) -> list[str]:
    """The texts of a page to translate, in order: every text between its tags (outside scripts
    and styles) and every ``title``, ``aria-label``, ``placeholder`` and ``alt``."""
    found: list[str] = []

    def keep(message: str) -> str:
        found.append(message)
        return message

    _walk(source, keep)
    return found


def _walk(source: str, tell: Callable[[str], str]) -> str:
    """``source`` with each text of :func:`page_messages` replaced by ``tell(text)``."""
    out: list[str] = []
    raw = False
    for piece in _PIECES.split(source):
        if piece.startswith("<!--"):
            out.append(piece)
        elif piece.startswith("<"):
            name = piece[1:].split(None, 1)[0].rstrip(">").lower() if len(piece) > 2 else ""
            if name in ("script", "style"):
                raw = True
            elif name in ("/script", "/style"):
                raw = False

            def attribute(m: re.Match[str]) -> str:
                message = _message(m[2])
                if message is None:
                    return m[0]
                return m[1] + html.escape(tell(message)) + m[3]

            out.append(_TEXT_ATTRIBUTES.sub(attribute, piece))
        elif raw:
            out.append(piece)
        else:
            message = _message(piece)
            if message is None:
                out.append(piece)
                continue
            lead = piece[: len(piece) - len(piece.lstrip())]
            trail = piece[len(piece.rstrip()) :]
            out.append(lead + html.escape(tell(message), quote=False) + trail)
    return "".join(out)


@functools.cache
def translated_page(name: str, language: str) -> str:
    """The page ``name`` of ``static/`` in ``language``: its texts translated, its ``lang``
    said, and the language's catalog loaded before its scripts."""
    source = (STATIC / name).read_text(encoding="utf-8")
    with use_language(language):
        text = _walk(source, web)
    text = text.replace('<html lang="en">', f'<html lang="{language}">', 1)
    catalog = f'<script src="/i18n/{language}.js?v={_version(language)}" defer></script>\n  '
    return text.replace(
        '<script src="/static/common.js"', catalog + '<script src="/static/common.js"', 1
    )


@functools.cache
def browser_script(language: str) -> str:
    """The script that gives a page its language's catalog (``window.BONEYARD_I18N``): the
    ``web`` catalog as :func:`catalog_for_browser` makes it, and the languages to choose from."""
    body = dict(catalog_for_browser(language, "web"))
    body["languages"] = LANGUAGES
    body["default"] = DEFAULT
    return "window.BONEYARD_I18N = " + json.dumps(body, ensure_ascii=False, sort_keys=True) + ";\n"


@functools.cache
def _version(language: str) -> str:
    """A short digest of a language's catalog script, so that a page asks for the new one when
    it changes (the script itself is cached for a day)."""
    return hashlib.sha256(browser_script(language).encode()).hexdigest()[:12]


# --------------------------------------------------------------------- the scripts' texts
_CALL = re.compile(
    r"""(?<![\w.$])(t|nt|pt)\(\s*"((?:[^"\\\n]|\\.)*)"(?:\s*,\s*"((?:[^"\\\n]|\\.)*)")?"""
)
_ANY_CALL = re.compile(r"(?<![\w.$])(?:t|nt|pt)\(")


def script_messages(source: str) -> list[tuple[str | None, str, str | None]]:
    """The messages of a page's script: ``(context, msgid, plural)`` for every ``t("...")``,
    ``nt("...", "...", n)`` and ``pt("context", "...")``. Raises ``ValueError`` for a call
    whose text is not a plain string (nothing could find its words)."""
    # Comments are left out (they show how the functions are called): a line of a comment
    # starts with //, /** or *.
    source = "\n".join(
        "" if line.lstrip().startswith(("//", "/*", "*")) else line for line in source.split("\n")
    )
    found: list[tuple[str | None, str, str | None]] = []
    calls = {
        m.start()
        for m in _ANY_CALL.finditer(source)
        if not source[: m.start()].endswith("function ")  # the functions themselves
    }
    for m in _CALL.finditer(source):
        calls.discard(m.start())
        first = json.loads(f'"{m[2]}"')
        second = json.loads(f'"{m[3]}"') if m[3] is not None else None
        if m[1] == "t":
            found.append((None, first, None))
        elif m[1] == "pt":
            if second is None:
                raise ValueError(f"pt() needs a context and a text: {m[0]!r}")
            found.append((first, second, None))
        else:
            if second is None:
                raise ValueError(f"nt() needs a singular and a plural: {m[0]!r}")
            found.append((None, first, second))
    if calls:
        where = min(calls)
        line = source.count("\n", 0, where) + 1
        raise ValueError(f"line {line}: a text to translate must be a plain string in quotes")
    return found
