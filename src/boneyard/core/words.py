"""The rules of a sentence that every front end shares: numbers with their nouns, verbs that agree
with their subjects, and the players named *for a reader*.

Every sentence boneyard shows is told for someone. The person at a seat reads "you" about
himself and the others' names; a spectator (or a log kept for nobody in particular) reads names
only. :class:`Voice` holds who is named how and who reads; the narration (the plain terminal, the
full-screen game, the browser's log, the research environments' text) asks it for every name,
verb and possessive, so "you" and agreement are decided here and nowhere else.

The engine writes its own sentences (why a hand ended, why an action is refused) in the third
person about numbered seats: ``seat 0 went out``, ``seats 1 & 3 hold the fewest pips``. The engine
knows no reader, so :meth:`Voice.tell` retells such a sentence for one: the reader's seat becomes
"you" (its verb agreeing), the others their names.

>>> plural(1, "pip"), plural(2, "pip"), plural(0.5, "stake"), plural(3, "match")
('1 pip', '2 pips', '0.5 stakes', '3 matches')
>>> you = Voice(("seat 0", "seat 1", "seat 2", "seat 3"), reader=0, sides=((0, 2), (1, 3)))
>>> you.says(0, "play"), you.says(1, "pass"), you.whose(0), you.side(0), you.side(1)
('you play', 'seat 1 passes', 'your', 'you & seat 2', 'seats 1 & 3')
>>> you.tell("seat 0 does not hold 6-4"), you.tell("blocked: seats 0 & 2 hold the fewest pips")
('you do not hold 6-4', 'blocked: you & seat 2 hold the fewest pips')
>>> Voice(("Ann", "Bob")).tell("seat 1 went out; seat 0's train")
"Bob went out; Ann's train"
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .i18n import DEFAULT, _, current_language, load_catalog, ngettext, pgettext
from .tiles import BIT, HIGH, LOW, tiles_of

__all__ = [
    "Voice",
    "capital",
    "count",
    "hand_text",
    "number",
    "plural",
    "signed",
    "tell_engine",
    "third_person",
    "tile_text",
]


def number(x: float) -> str:
    """A number as people write it: ``3``, ``0.5``, ``0.33`` (``0,5`` in Spanish and
    Portuguese: the language's decimal mark; scores are never long enough to group)."""
    if float(x).is_integer():
        return str(int(x))
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text if current_language() == DEFAULT else text.replace(".", ",")


def count(n: float, singular: str, plural_: str) -> str:
    """``n`` in a message chosen by its plural form (both already marked for translation with
    :func:`~boneyard.core.i18n.ngettext`'s words): ``count(3, "{n} tile", "{n} tiles")`` ->
    ``3 tiles``. A fraction takes the plural, as in English."""
    text = number(n)
    form = 1 if text == "1" else (int(n) if float(n).is_integer() else 2)
    return ngettext(singular, plural_, form).format(n=text)


def signed(x: float) -> str:
    """A balance with its sign: ``+3``, ``-1``, ``0``, ``+1.5``."""
    text = number(x)
    return f"+{text}" if x > 0 and text != "0" else text


def tile_text(t: int) -> str:
    """A tile as sentences and text drawings write it: ``[6|4]``, the larger number first."""
    return f"[{HIGH[t]}|{LOW[t]}]"


def hand_text(mask: int, marked: int = 0) -> str:
    """The tiles of a hand, heaviest first: ``[6|6] [6|4] [0|0]``; the tiles of ``marked`` (the
    matadors in Matador) get a star: ``[5|2]*``."""
    tiles = sorted(tiles_of(mask), key=lambda t: (HIGH[t], LOW[t]), reverse=True)
    if not tiles:
        return _("(no tiles)")
    return " ".join(tile_text(t) + ("*" if marked & BIT[t] else "") for t in tiles)


def _plural_noun(noun: str) -> str:
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    return noun + "s"


def plural(n: float, noun: str, many: str | None = None, shown: str | None = None) -> str:
    """``n`` with its noun, singular for exactly one: ``1 pip``, ``0 pips``, ``2 matches``,
    ``1.5 stakes``; ``many`` is an irregular plural, ``shown`` the number as written (``+2``).

    In another language the words are the catalog's plural message ``{n} pip`` / ``{n} pips``
    (the nouns the games count are marked in :func:`_counted_nouns`), chosen by the language's
    plural rule."""
    text = number(n)
    written = text if shown is None else shown
    many_words = many if many is not None else _plural_noun(noun)
    if current_language() != DEFAULT:
        form = 1 if text == "1" else (int(n) if float(n).is_integer() else 2)
        return ngettext(f"{{n}} {noun}", f"{{n}} {many_words}", form).format(n=written)
    if text == "1":
        return f"{written} {noun}"
    return f"{written} {many_words}"


def _counted_nouns() -> None:  # pragma: no cover - never called: marks the messages of plural()
    """The nouns the games count with :func:`plural`, marked for extraction."""
    for n in (1, 2):
        ngettext("{n} tile", "{n} tiles", n)
        ngettext("{n} pip", "{n} pips", n)
        ngettext("{n} point", "{n} points", n)
        ngettext("{n} mark", "{n} marks", n)
        ngettext("{n} trick", "{n} tricks", n)
        ngettext("{n} pool", "{n} pools", n)
        ngettext("{n} debit", "{n} debits", n)
        ngettext("{n} counter", "{n} counters", n)
        ngettext("{n} stake", "{n} stakes", n)
        ngettext("{n} deal", "{n} deals", n)
        ngettext("{n} hand", "{n} hands", n)
        ngettext("{n} decision", "{n} decisions", n)
        ngettext("{n} match", "{n} matches", n)
        ngettext("{n} game", "{n} games", n)
        ngettext("{n} move", "{n} moves", n)
        ngettext("{n} player", "{n} players", n)


_MODALS = frozenset({"can", "cannot", "could", "may", "might", "must", "shall", "should", "will"})
_IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes", "are": "is", "were": "was"}
_BASE = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def third_person(verb: str) -> str:
    """The verb after *he* or a name: ``plays``, ``passes``, ``has``, ``is``; modal verbs and
    past tenses (``went``) stay as they are."""
    if verb in _MODALS or verb.endswith("ed") or verb == "went" or verb == "drew":
        return verb
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    return _plural_noun(verb)


def _base(verb: str) -> str:
    """The verb after *you*, from its form after a name (the inverse of :func:`third_person`)."""
    if verb in _BASE:
        return _BASE[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 3:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith(("ss", "us")):
        return verb[:-1]
    return verb


def _plain(verb: str) -> str:
    """The verb after *you* or *they*: ``are`` for *be*, else as it is."""
    return "are" if verb == "be" else verb


def capital(text: str) -> str:
    """``text`` with its first letter in capitals, to open a sentence."""
    return text[:1].upper() + text[1:]


class Seated(Protocol):
    """What a voice needs of a game's rules: how many seats, and the sides they form."""

    @property
    def players(self) -> int: ...

    @property
    def sides(self) -> Sequence[Sequence[int]]: ...


_GENERIC = re.compile(r"seat (\d+)")


def _generic(name: str) -> re.Match[str] | None:
    """``name`` as a seat's generic name (``seat 1``, ``jugador 1``), with its number."""
    found = _GENERIC.fullmatch(name)
    if found is None and current_language() != DEFAULT:
        pattern = re.escape(_("seat {n}")).replace(re.escape("{n}"), r"(\d+)")
        found = re.fullmatch(pattern, name)
    return found


# Verbs the engine joins to a first one with "and" ("seat 0 went out and takes the pool"): they
# agree with the subject too.
_JOINED = "takes|divides|scores|wins|holds|leads|plays|draws|passes|pays|loses|is|has"
_ENGINE_SEATS = re.compile(
    r"\bseats (?P<many>\d+(?:(?:, | & | and )\d+)+)\b"
    r"|\bseat (?P<one>\d+)(?P<whose>'s)?\b"
    rf"(?: (?P<word>[a-z]+)\b(?:(?P<between>[^;:]*? and )(?P<joined>{_JOINED})\b)?)?"
)


@dataclass(frozen=True)
class Voice:
    """How the seats are named in sentences told for ``reader`` (a seat, or ``None`` for a
    spectator): the reader is "you", every other seat its name in ``names`` (as written inside a
    sentence: ``seat 1``, ``Ann``). ``sides`` are the rules' sides, for naming partnerships."""

    names: tuple[str, ...]
    reader: int | None = None
    sides: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def of(cls, rules: Seated, reader: int | None = 0, names: Sequence[str] | None = None) -> Voice:
        """The voice of a match of ``rules``: the seats called ``seat 1``, ``seat 2``... unless
        ``names`` are given."""
        given = (
            tuple(names)
            if names is not None
            else tuple(_("seat {n}").format(n=s) for s in range(rules.players))
        )
        return cls(given, reader, tuple(tuple(side) for side in rules.sides))

    # ------------------------------------------------------------------ one seat
    def is_you(self, seat: int) -> bool:
        return seat == self.reader

    def name(self, seat: int) -> str:
        """The seat inside a sentence: ``you``, ``seat 1``, ``Ann``."""
        return _("you") if seat == self.reader else self.names[seat]

    def subject(self, seat: int) -> str:
        """The seat opening a sentence: ``You``, ``Seat 1``, ``Ann`` (a name is written as it
        was given: ``greedy-1``)."""
        return self.opening(self.name(seat))

    def opening(self, text: str) -> str:
        """``text`` opening a sentence: its first letter in capitals, unless it begins with a
        name as someone gave it (``greedy-1 plays``)."""
        given = (n for n in self.names if not _generic(n))
        you = _("you")
        if any(text.startswith(n) and not text.startswith(you) for n in given):
            return text
        return capital(text)

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` agreeing with the seat: ``play`` for you, ``plays`` for another."""
        return _plain(verb) if seat == self.reader else third_person(verb)

    def says(self, seat: int, verb: str, opening: bool = False) -> str:
        """The seat and its verb: ``you play``, ``seat 1 plays``; ``You play`` opening a
        sentence."""
        who = self.subject(seat) if opening else self.name(seat)
        return f"{who} {self.verb(seat, verb)}"

    def whose(self, seat: int) -> str:
        """The seat's possessive: ``your``, ``seat 1's``, ``Ann's``."""
        if seat == self.reader:
            return _("your")
        return _("{name}'s").format(name=self.names[seat])

    # ------------------------------------------------------------------ a side
    def members(self, side: int) -> tuple[int, ...]:
        return self.sides[side] if self.sides else (side,)

    def side(self, side: int) -> str:
        """A side inside a sentence (and as a column's label): ``you``, ``you & seat 2``,
        ``seats 1 & 3``, ``Ann & Cy``."""
        members = self.members(side)
        if self.reader in members:
            return " & ".join([_("you"), *(self.names[s] for s in members if s != self.reader)])
        found = [_generic(self.names[s]) for s in members]
        if len(members) > 1 and all(found):
            return _("seats {numbers}").format(numbers=" & ".join(m[1] for m in found if m))
        return " & ".join(self.names[s] for s in members)

    def side_plural(self, side: int) -> bool:
        """Whether a side takes a plural verb: you, or two players."""
        members = self.members(side)
        return self.reader in members or len(members) > 1

    def side_verb(self, side: int, verb: str) -> str:
        return _plain(verb) if self.side_plural(side) else third_person(verb)

    def side_says(self, side: int, verb: str, opening: bool = False) -> str:
        """The side and its verb: ``you & seat 2 win``, ``seat 1 wins``; ``You & seat 2 win``
        opening a sentence."""
        said = f"{self.side(side)} {self.side_verb(side, verb)}"
        return self.opening(said) if opening else said

    def sides_named(self, sides: Sequence[int]) -> str:
        """Several sides in a sentence: ``you and seat 2``, ``seat 1, seat 2 and seat 3``."""
        names = [self.side(i) for i in sides]
        if len(names) == 1:
            return names[0]
        return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])

    # ------------------------------------------------------------------ the engine's words
    def tell(self, text: str) -> str:
        """An engine sentence about numbered seats (``seat 0 cannot pass``, ``blocked: seats 0 &
        2 hold...``, ``seat 1's train``) told for this reader, with the seats' names.

        In another language than English each part of the sentence (between ``; ``) is told by
        the catalog's whole sentence for it (:func:`engine_templates`); a part no template
        matches stays as the engine wrote it."""
        if current_language() != DEFAULT:
            return "; ".join(self._retell(part) for part in _parts(text))
        return self._tell_english(text)

    def pick(self, seat: int | None, you: str, other: str) -> str:
        """``you`` (a sentence already translated, about the reader) when ``seat`` is the
        reader, else ``other`` (about another seat): a sentence is chosen whole, never built
        from a pronoun and a verb."""
        return you if seat is not None and seat == self.reader else other

    def side_pick(self, side: int, you: str, one: str, many: str | None = None) -> str:
        """:meth:`pick` for a side: ``many`` (the plural sentence) when it is two players, the
        reader among them or not; ``you`` when it is the reader alone; else ``one``."""
        members = self.members(side)
        if len(members) > 1:
            return many if many is not None else you
        return you if self.reader in members else one

    def _retell(self, part: str) -> str:
        for pattern, msgid in engine_templates(current_language()):
            m = pattern.fullmatch(part)
            if m is None:
                continue
            values: dict[str, str] = {}
            you = plural_side = False
            for key, raw in m.groupdict().items():
                base = key.rstrip("0123456789")
                if base in ("seat", "side", "seats", "who"):
                    members = tuple(int(x) for x in re.findall(r"\d+", raw))
                    if any(x >= len(self.names) for x in members):
                        values[key] = raw
                        continue
                    you = you or self.reader in members
                    if base == "seat":
                        values[key] = self.name(members[0])
                    elif base == "side":
                        plural_side = plural_side or len(members) > 1
                        values[key] = Voice(self.names, self.reader, (members,)).side(0)
                    else:
                        plural_side = plural_side or len(members) > 1
                        named = [self.name(x) for x in members]
                        values[key] = (
                            named[0]
                            if len(named) == 1
                            else _("{first} and {last}").format(
                                first=", ".join(named[:-1]), last=named[-1]
                            )
                        )
                else:
                    # Free words (a suit, a list of counts): told by a template of their own
                    # where one tells them, else their seats named.
                    values[key] = self._retell_free(raw)
            template = pgettext("engine", msgid)
            for context, wanted in (("engine:you", you), ("engine:plural", plural_side)):
                if wanted:
                    variant = pgettext(context, msgid)
                    if variant != msgid:
                        template = variant
                        break
            return template.format(**values)
        return self._names_only(part)

    def _retell_free(self, text: str) -> str:
        """The free words of an engine sentence (what a placeholder that is no seat, tile or
        number caught) told for this reader: whole by a template (``sixes``), else item by item
        of a list (``3 for seat 0, 3 for seat 1``), else with their seats named."""
        if any(pattern.fullmatch(text) for pattern, _m in engine_templates(current_language())):
            return self._retell(text)
        parts = _parts(text)
        if len(parts) > 1:
            return "; ".join(self._retell_free(part) for part in parts)
        items = text.split(", ")
        if len(items) > 1:
            return ", ".join(self._retell_free(item) for item in items)
        return self._names_only(text)

    def _names_only(self, part: str) -> str:
        """``part`` (a sentence no template tells) with its numbered seats named for this
        reader (``seat 1`` -> ``Ada``, ``seats 0 & 2`` -> ``tú & Ben``): sentences that a game
        writes already translated around the seats' numbers."""

        def seat(m: re.Match[str]) -> str:
            if m["many"] is not None:
                members = tuple(int(s) for s in re.findall(r"\d+", m["many"]))
                if any(s >= len(self.names) for s in members):
                    return m[0]
                return Voice(self.names, self.reader, (members,)).side(0)
            s = int(m["one"])
            return self.name(s) if s < len(self.names) else m[0]

        return _SEATS_ONLY.sub(seat, part)

    def _tell_english(self, text: str) -> str:

        def seat(m: re.Match[str]) -> str:
            if m["many"] is not None:
                members = tuple(int(s) for s in re.findall(r"\d+", m["many"]))
                if any(s >= len(self.names) for s in members):
                    return m[0]
                if " & " in m["many"]:
                    return Voice(self.names, self.reader, (members,)).side(0)
                named = [self.name(s) for s in members]
                return ", ".join(named[:-1]) + " and " + named[-1]
            s = int(m["one"])
            if s >= len(self.names):
                return m[0]
            said = self.whose(s) if m["whose"] else self.name(s)
            word, joined = m["word"], m["joined"]
            if word is None:
                return said
            if s == self.reader and not m["whose"]:
                word = _base(word)
                joined = joined and _base(joined)
            return f"{said} {word}{m['between'] or ''}{joined or ''}"

        return _ENGINE_SEATS.sub(seat, text)


def _parts(text: str) -> list[str]:
    """The parts of an engine sentence between its ``; `` outside brackets: ``blocked; seat 1
    went out`` is two, ``(legal: 6-4 L; a play may claim its points)`` one."""
    parts: list[str] = []
    depth = start = 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        elif char == ";" and depth == 0 and text.startswith("; ", i):
            parts.append(text[start:i])
            start = i + 2
    parts.append(text[start:])
    return parts


def tell_engine(text: str, voice: Voice | None = None) -> str:
    """An engine's sentence (an error, a reason) in the current language, told by ``voice`` (for
    nobody in particular by default); in English as the engine wrote it."""
    if current_language() == DEFAULT:
        return text
    return (voice or Voice(())).tell(text)


_SEATS_ONLY = re.compile(r"\bseats (?P<many>\d+(?: & \d+)+)\b|\bseat (?P<one>\d+)\b")

_PLACES = {
    "seat": r"seat \d+",
    "side": r"seats \d+(?: & \d+)+|seat \d+",
    "seats": r"seats? \d+(?:(?:, | & | and )\d+)*",
    "who": r"seat \d+(?:(?:, | and )seat \d+)*",
    "tile": r"\d+-\d+|\[\d+\|\d+\]",
    "n": r"-?\d+(?:\.\d+)?",
}


def engine_templates(language: str) -> list[tuple[re.Pattern[str], str]]:
    """The engine's sentences the catalog of ``language`` tells whole (its messages in the
    context ``engine``: ``{seat} went out``), each as a pattern matching the English the engine
    writes, the most definite first."""
    return _templates(language)


@functools.cache
def _templates(language: str) -> list[tuple[re.Pattern[str], str]]:
    catalog = load_catalog(language)
    found = []
    for entry in catalog.entries:
        if entry.msgctxt != "engine" or not entry.translated:
            continue
        pattern = ""
        for literal, field, _spec, _conv in string.Formatter().parse(entry.msgid):
            pattern += re.escape(literal)
            if field is not None:
                base = field.rstrip("0123456789")
                pattern += f"(?P<{field}>{_PLACES.get(base, '.+?')})"
        literal_size = len(re.sub(r"\{[^}]*\}", "", entry.msgid))
        found.append((literal_size, re.compile(pattern), entry.msgid))
    found.sort(key=lambda f: -f[0])
    return [(p, m) for _size, p, m in found]
