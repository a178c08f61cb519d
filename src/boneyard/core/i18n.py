"""The languages boneyard speaks, and the words of each: gettext catalogs read at run time.

This is the mechanism, in the core so that every layer (a game's presenter, the core's words, the
narration, the apps) can translate; :mod:`boneyard.text.i18n` is its public face.

Every text a person reads is written in English in the source, marked for translation
(``_("...")``, ``ngettext``, ``pgettext``; ``N_`` for a module-level constant translated where it
is shown), and told in the reader's language when shown. The translations are gettext catalogs,
one per language and domain, in ``src/boneyard/locale/<folder>/LC_MESSAGES/<domain>.po`` (the
templates ``locale/<domain>.pot`` are extracted with Babel: ``scripts/i18n.py``). They are read
here, from the ``.po`` files themselves, with a small parser and a cache: nothing is compiled, and
the core needs nothing beyond the standard library.

Two domains: ``boneyard`` (everything a person reads that Python writes: narration, presenters,
reasons, descriptions, options, errors, the command line and the terminal games) and ``web`` (the
browser's own page texts, sent to it as JSON by :func:`catalog_for_browser`).

The current language lives in a :class:`contextvars.ContextVar`, so one server process serves
many languages at once (each request in its own); a process-wide default
(:func:`set_default_language`, what the command line sets from ``--lang`` or the environment) is
what threads without a context of their own read.

>>> with use_language("es"):
...     current_language()
'es'
>>> negotiate("es_MX.UTF-8"), negotiate("pt_BR"), negotiate("pt"), negotiate("fr-FR, de;q=0.5")
('es', 'pt-BR', 'pt-BR', 'en')
>>> negotiate("fr;q=0.9, pt-PT;q=0.8, es;q=0.7")
'pt-BR'
>>> ngettext("{n} pip", "{n} pips", 2)
'{n} pips'
"""

from __future__ import annotations

import ast
import contextvars
import functools
import gettext as _stdlib_gettext
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "DEFAULT",
    "DOMAINS",
    "LANGUAGES",
    "NP_",
    "N_",
    "Catalog",
    "_",
    "catalog_for_browser",
    "current_language",
    "decimal_sign",
    "folder",
    "format_number",
    "gettext",
    "language_from_environment",
    "load_catalog",
    "negotiate",
    "ngettext",
    "normalize",
    "npgettext",
    "parse_po",
    "pgettext",
    "reset_language",
    "set_default_language",
    "set_language",
    "use_language",
]

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "pt-BR": "Português (Brasil)"}
"""The languages boneyard speaks: BCP 47 tag -> the language's own name for itself."""

DEFAULT = "en"
DOMAINS = ("boneyard", "web")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

# A bare language (``pt``) stands for the one variety boneyard speaks.
_PRIMARY = {tag.split("-")[0].lower(): tag for tag in reversed(list(LANGUAGES))}


def folder(tag: str) -> str:
    """The catalog folder of a language tag: ``pt-BR`` -> ``pt_BR`` (gettext's spelling)."""
    return tag.replace("-", "_")


def normalize(tag: str) -> str | None:
    """The supported tag meant by ``tag`` (``es_MX.UTF-8``, ``pt_BR``, ``PT-br``, ``pt``,
    ``es-419``), or ``None``."""
    text = tag.strip().split(".")[0].split("@")[0].replace("_", "-")
    if not text or text in ("*", "C", "POSIX"):
        return None
    exact = {t.lower(): t for t in LANGUAGES}
    if text.lower() in exact:
        return exact[text.lower()]
    return _PRIMARY.get(text.split("-")[0].lower())


def negotiate(candidates: str | None) -> str:
    """The best supported language for an ``Accept-Language`` header (``es-MX,es;q=0.9,en;q=0.8``)
    or a ``LANG`` / ``LC_MESSAGES`` / ``LANGUAGE`` value (``es_MX.UTF-8``, ``pt_BR:en``):
    the first supported one by preference (``q``), English when none is."""
    if not candidates:
        return DEFAULT
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(re.split(r"[,:]", candidates)):
        name, *params = item.split(";")
        q = 1.0
        for param in params:
            key, _eq, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0:
            ranked.append((-q, i, name))
    for _q, _i, name in sorted(ranked):
        found = normalize(name)
        if found is not None:
            return found
    return DEFAULT


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, read as gettext reads it: ``LANGUAGE``, then
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; English when none names a supported one."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if value:
            if key == "LANGUAGE":
                found = [normalize(part) for part in value.split(":")]
                if any(found):
                    return next(f for f in found if f)
                continue
            return negotiate(value)
    return DEFAULT


# --------------------------------------------------------------------- the current language
_default = DEFAULT
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "boneyard_language", default=None
)


def _supported(tag: str) -> str:
    found = normalize(tag)
    if found is None:
        known = ", ".join(LANGUAGES)
        raise ValueError(f"unknown language {tag!r} (boneyard speaks {known})")
    return found


def current_language() -> str:
    """The language of the texts told now: this context's, else the process default."""
    return _current.get() or _default


def set_language(tag: str) -> None:
    """Speak ``tag`` in this context (a request, a task) from now on. Raises ``ValueError``
    for a language boneyard does not speak (``es_MX`` and ``pt`` are understood)."""
    _current.set(_supported(tag))


def set_default_language(tag: str) -> None:
    """Speak ``tag`` in the whole process, wherever a context has not chosen (threads)."""
    global _default
    _default = _supported(tag)


def reset_language() -> None:
    """Back to English everywhere: the process default and this context's (for tests)."""
    global _default
    _default = DEFAULT
    _current.set(None)


@contextmanager
def use_language(tag: str) -> Iterator[str]:
    """Speak ``tag`` inside the ``with`` block, and the language before it after."""
    token = _current.set(_supported(tag))
    try:
        yield _current.get() or DEFAULT
    finally:
        _current.reset(token)


# --------------------------------------------------------------------- catalogs
_CONTEXT = "\x04"  # gettext's separator of a message's context and its id


@dataclass(frozen=True)
class Entry:
    """One message of a catalog as written in its ``.po`` file."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    comments: tuple[str, ...] = ()
    references: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}{_CONTEXT}{self.msgid}"

    @property
    def translated(self) -> bool:
        return "fuzzy" not in self.flags and bool(self.msgstr) and all(self.msgstr)


@dataclass(frozen=True)
class Catalog:
    """A language's messages in one domain: ``messages`` by key (``context\\x04msgid``), each its
    translation (a tuple of plural forms for a plural message), and its plural rule."""

    language: str
    domain: str
    messages: dict[str, tuple[str, ...]] = field(default_factory=dict)
    plural_forms: str = "nplurals=2; plural=(n != 1);"
    entries: tuple[Entry, ...] = ()

    @functools.cached_property
    def nplurals(self) -> int:
        m = re.search(r"nplurals\s*=\s*(\d+)", self.plural_forms)
        return int(m[1]) if m else 2

    @functools.cached_property
    def plural_expression(self) -> str:
        m = re.search(r"plural\s*=\s*(.+?);?\s*$", self.plural_forms)
        return m[1] if m else "(n != 1)"

    @functools.cached_property
    def plural(self) -> Callable[[int], int]:
        return _stdlib_gettext.c2py(self.plural_expression)


def _unquote(text: str) -> str:
    return str(ast.literal_eval(text)) if text else ""


def parse_po(text: str) -> tuple[list[Entry], str]:
    """The entries of a ``.po`` file (the header's entry left out) and its ``Plural-Forms``.
    Obsolete entries (``#~``) are skipped; a fuzzy entry is kept, flagged."""
    entries: list[Entry] = []
    plural_forms = "nplurals=2; plural=(n != 1);"
    fields: dict[str, str] = {}
    flags: set[str] = set()
    comments: list[str] = []
    references: list[str] = []
    last: str | None = None

    def flush() -> None:
        nonlocal plural_forms, last
        if "msgid" in fields:
            msgid = fields["msgid"]
            forms = sorted(
                ((int(k[7:-1]), v) for k, v in fields.items() if k.startswith("msgstr[")),
            )
            msgstr = tuple(v for _n, v in forms) if forms else (fields.get("msgstr", ""),)
            if msgid == "" and "msgctxt" not in fields:
                m = re.search(r"^Plural-Forms:\s*(.+)$", msgstr[0], re.M)
                if m:
                    plural_forms = m[1].strip()
            else:
                entries.append(
                    Entry(
                        msgid,
                        fields.get("msgid_plural"),
                        fields.get("msgctxt"),
                        msgstr,
                        frozenset(flags),
                        tuple(comments),
                        tuple(references),
                    )
                )
        fields.clear()
        flags.clear()
        comments.clear()
        references.clear()
        last = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#"):
            if last is not None and last.startswith("msgstr"):
                flush()
            if line.startswith("#,"):
                flags.update(f.strip() for f in line[2:].split(","))
            elif line.startswith("#:"):
                references.extend(line[2:].split())
            elif line.startswith("#."):
                comments.append(line[2:].strip())
            continue
        if line.startswith('"'):
            if last is not None:
                fields[last] += _unquote(line)
            continue
        keyword, _space, value = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and last is not None and last.startswith("msgstr"):
            flush()
        fields[keyword] = _unquote(value.strip())
        last = keyword
    flush()
    return entries, plural_forms


def _po_path(tag: str, domain: str) -> Path:
    return LOCALE_DIR / folder(tag) / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def load_catalog(tag: str, domain: str = "boneyard") -> Catalog:
    """The catalog of language ``tag`` in ``domain``, read once from its ``.po`` file (empty
    for English, the language of the source, and for a catalog not written yet). Only translated
    messages count: an empty or fuzzy translation falls back to the English."""
    tag = _supported(tag)
    path = _po_path(tag, domain)
    if tag == DEFAULT or not path.is_file():
        return Catalog(tag, domain)
    entries, plural_forms = parse_po(path.read_text(encoding="utf-8"))
    messages = {e.key: e.msgstr for e in entries if e.translated}
    return Catalog(tag, domain, messages, plural_forms, tuple(entries))


# --------------------------------------------------------------------- translating
def gettext(message: str, *, domain: str = "boneyard") -> str:
    """``message`` in the current language (itself where no translation is written)."""
    tag = current_language()
    if tag == DEFAULT:
        return message
    found = load_catalog(tag, domain).messages.get(message)
    return found[0] if found else message


_ = gettext


def ngettext(singular: str, plural: str, n: int, *, domain: str = "boneyard") -> str:
    """The form of a message for the number ``n`` in the current language (English: ``singular``
    for exactly 1). The number itself is for the caller to fill in (``{n}``)."""
    tag = current_language()
    if tag != DEFAULT:
        catalog = load_catalog(tag, domain)
        found = catalog.messages.get(singular)
        if found:
            index = catalog.plural(int(n))
            return found[min(index, len(found) - 1)]
    return singular if n == 1 else plural


def pgettext(context: str, message: str, *, domain: str = "boneyard") -> str:
    """``message`` in the current language, told apart from the same English words in another
    ``context`` (``pgettext("tile", "double")``)."""
    tag = current_language()
    if tag == DEFAULT:
        return message
    found = load_catalog(tag, domain).messages.get(f"{context}{_CONTEXT}{message}")
    return found[0] if found else message


def npgettext(context: str, singular: str, plural: str, n: int, *, domain: str = "boneyard") -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    tag = current_language()
    if tag != DEFAULT:
        catalog = load_catalog(tag, domain)
        found = catalog.messages.get(f"{context}{_CONTEXT}{singular}")
        if found:
            return found[min(catalog.plural(int(n)), len(found) - 1)]
    return singular if n == 1 else plural


def N_(message: str) -> str:
    """Mark a constant for extraction and return it unchanged: translate it where it is shown
    (``_(CONSTANT)``)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark a constant with its context for extraction and return the message unchanged (the
    engine's sentences, told whole in another language: context ``engine``)."""
    return message


def catalog_for_browser(tag: str, domain: str = "web") -> dict[str, object]:
    """The catalog of ``tag`` in ``domain`` ready for JSON, for the browser to translate with
    the same messages: ``{"language", "domain", "plural_forms", "nplurals", "plural",
    "messages"}``; ``messages`` maps a key (``msgid``, or ``context\\u0004msgid``) to its
    translation, a list of forms for a plural message (keyed by its singular); ``plural`` is the
    C expression of ``n`` choosing the form (``(n != 1)``)."""
    catalog = load_catalog(tag, domain)
    messages: dict[str, str | list[str]] = {}
    for key, forms in catalog.messages.items():
        entry_plural = any(e.key == key and e.msgid_plural for e in catalog.entries)
        messages[key] = list(forms) if entry_plural else forms[0]
    return {
        "language": catalog.language,
        "domain": domain,
        "plural_forms": catalog.plural_forms,
        "nplurals": catalog.nplurals,
        "plural": catalog.plural_expression,
        "messages": messages,
    }


# --------------------------------------------------------------------- numbers
# From the CLDR (what Babel's format_decimal writes; tests/test_i18n.py checks them against it):
# the decimal mark, the group separator, and the fewest digits that start grouping.
_NUMBERS = {"en": (".", ",", 4), "es": (",", ".", 4), "pt-BR": (",", ".", 4)}


def decimal_sign(tag: str | None = None) -> str:
    """The language's decimal sign: ``.`` in English, ``,`` in Spanish and Portuguese (for
    figures written with a fixed number of decimals, a table's column).

    >>> decimal_sign("en"), decimal_sign("pt-BR")
    ('.', ',')
    """
    return _NUMBERS[_supported(tag or current_language())][0]


def format_number(value: float, tag: str | None = None) -> str:
    """A number as the language writes it: ``1,234.5`` in English, ``1.234,5`` in
    Spanish and Portuguese; at most two decimals, none for a whole number."""
    decimal, group, minimum = _NUMBERS[_supported(tag or current_language())]
    text = str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0").rstrip(".")
    sign = "-" if text.startswith("-") else ""
    whole, _dot, fraction = text.lstrip("-").partition(".")
    if len(whole) >= minimum:
        groups: list[str] = []
        while len(whole) > 3:
            whole, tail = whole[:-3], whole[-3:]
            groups.insert(0, tail)
        whole = group.join([whole, *groups])
    return sign + whole + (decimal + fraction if fraction else "")
