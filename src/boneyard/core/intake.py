"""Text from outside, checked once where it enters: names, chat, records, options, command-line
arguments, request bodies.

Every such text is stored, sent and shown further on; a character that cannot be (a lone
surrogate, which no UTF-8 encoder takes), that a store refuses (NUL, which PostgreSQL's text
refuses), or that changes how the text around it reads (a control character, a line separator in a
one-line text, a bidirectional override that makes other words read backwards) is refused at the
door with :class:`TextError`, a ``ValueError`` saying what held which character and where. Bytes
from outside are taken only as UTF-8, strictly (no overlong forms, no encoded surrogates):
:func:`decode_utf8`.

>>> check_text("Ann", "a name")
'Ann'
>>> check_text("A\\ud800", "a name")
Traceback (most recent call last):
...
boneyard.core.intake.TextError: a name holds U+D800 at character 2: a lone surrogate (...)
>>> check_text("one\\ntwo", "a note", lines=True)
'one\\ntwo'
>>> check_tree({"players": ["Ann", "B\\x00b"]}, "the record")
Traceback (most recent call last):
...
boneyard.core.intake.TextError: the record's players[1] holds U+0000 at character 2: NUL
>>> decode_utf8(b"\\xc0\\xaf", "the body")
Traceback (most recent call last):
...
boneyard.core.intake.TextError: the body is not UTF-8 text: byte 0xC0 at 0 is invalid
"""

from __future__ import annotations

import re
from typing import Any

from .i18n import _

__all__ = ["TextError", "check_text", "check_tree", "decode_utf8", "describe_char"]


class TextError(ValueError):
    """Text from outside that cannot be taken: what it was, the character and why."""


BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""The characters that reorder the text around them (U+202E RIGHT-TO-LEFT OVERRIDE and its kin):
a name or a chat line holding one could make other words on a page read backwards."""

# C0 controls (NUL included), DEL and the C1 controls; the line and paragraph separators; the
# bidirectional embeddings, overrides and isolates; every surrogate code point (in a Python
# string, one is always alone: a pair would have been read as the character it encodes).
_ONE_LINE = re.compile(f"[\x00-\x1f\x7f-\x9f\u2028\u2029{BIDI_CONTROLS}\ud800-\udfff]")
# The same, but for tab, newline and carriage return (texts of several lines).
_LINES = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{BIDI_CONTROLS}\ud800-\udfff]")


def describe_char(c: str) -> str:
    """A refused character in words: ``U+0007: a control character``."""
    code = ord(c)
    if 0xD800 <= code <= 0xDFFF:
        why = _("a lone surrogate (half of a UTF-16 pair, not a character)")
    elif code == 0:
        why = _("NUL")
    elif c in BIDI_CONTROLS:
        why = _("a bidirectional override (it reorders the text around it)")
    elif c in "\u2028\u2029":
        why = _("a line separator")
    else:
        why = _("a control character")
    return f"U+{code:04X}: {why}"


def check_text(value: str, what: str, *, lines: bool = False) -> str:
    """``value`` as it is if every character of it can be stored, sent and shown; else
    :class:`TextError` naming ``what`` and the first character that cannot. ``lines``: a text of
    several lines, which may hold tabs and line breaks."""
    found = (_LINES if lines else _ONE_LINE).search(value)
    if found is None:
        return value
    code, why = describe_char(found.group()).split(": ", 1)
    raise TextError(
        _("{what} holds {code} at character {n}: {why}").format(
            what=what, code=code, n=found.start() + 1, why=why
        )
    )


def check_tree(value: Any, what: str, *, lines: frozenset[str] = frozenset()) -> None:
    """Check every string of a JSON value, the names of its fields too (:func:`check_text`);
    the error names the place (``the record's players[1]``). ``lines``: the top-level fields
    whose texts may hold several lines (a record's ``meta``)."""
    # Depth first, in the order of the text (the first bad character is the one named); a place
    # is put in words only for the error.
    todo: list[tuple[Any, tuple[str | int, ...], bool]] = [(value, (), False)]
    while todo:
        item, at, multi = todo.pop()
        if isinstance(item, str):
            if (_LINES if multi else _ONE_LINE).search(item) is not None:
                check_text(item, _place(what, at), lines=multi)
        elif isinstance(item, dict):
            inner: list[tuple[Any, tuple[str | int, ...], bool]] = []
            for key, v in item.items():
                key = str(key)
                if _ONE_LINE.search(key) is not None:
                    check_text(key, _("a field's name in {place}").format(place=_place(what, at)))
                inner.append((v, (*at, key), multi or (not at and key in lines)))
            todo.extend(reversed(inner))
        elif isinstance(item, list | tuple):
            todo.extend((v, (*at, i), multi) for i, v in reversed(list(enumerate(item))))


def _place(what: str, at: tuple[str | int, ...]) -> str:
    """``the record's players[1]``; ``what`` itself at the top."""
    if not at:
        return what
    words = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in at).lstrip(".")
    return _("{what}'s {field}").format(what=what, field=words)


def decode_utf8(data: bytes, what: str) -> str:
    """``data`` read as UTF-8, strictly (an overlong form, an encoded surrogate or a stray byte is
    refused): :class:`TextError` saying where otherwise."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TextError(
            _("{what} is not UTF-8 text: byte {byte} at {at} is invalid").format(
                what=what, byte=f"0x{data[e.start]:02X}", at=e.start
            )
        ) from None
