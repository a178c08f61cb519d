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

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .tiles import BIT, HIGH, LOW, tiles_of

__all__ = [
    "Voice",
    "capital",
    "hand_text",
    "number",
    "plural",
    "signed",
    "third_person",
    "tile_text",
]


def number(x: float) -> str:
    """A number as people write it: ``3``, ``0.5``, ``0.33``."""
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


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
        return "(no tiles)"
    return " ".join(tile_text(t) + ("*" if marked & BIT[t] else "") for t in tiles)


def _plural_noun(noun: str) -> str:
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    return noun + "s"


def plural(n: float, noun: str, many: str | None = None) -> str:
    """``n`` with its noun, singular for exactly one: ``1 pip``, ``0 pips``, ``2 matches``,
    ``1.5 stakes``; ``many`` is an irregular plural."""
    text = number(n)
    if text == "1":
        return f"1 {noun}"
    return f"{text} {many if many is not None else _plural_noun(noun)}"


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
            tuple(names) if names is not None else tuple(f"seat {s}" for s in range(rules.players))
        )
        return cls(given, reader, tuple(tuple(side) for side in rules.sides))

    # ------------------------------------------------------------------ one seat
    def is_you(self, seat: int) -> bool:
        return seat == self.reader

    def name(self, seat: int) -> str:
        """The seat inside a sentence: ``you``, ``seat 1``, ``Ann``."""
        return "you" if seat == self.reader else self.names[seat]

    def subject(self, seat: int) -> str:
        """The seat opening a sentence: ``You``, ``Seat 1``, ``Ann`` (a name is written as it
        was given: ``greedy-1``)."""
        return self.opening(self.name(seat))

    def opening(self, text: str) -> str:
        """``text`` opening a sentence: its first letter in capitals, unless it begins with a
        name as someone gave it (``greedy-1 plays``)."""
        given = (n for n in self.names if not _GENERIC.fullmatch(n))
        if any(text.startswith(n) and not text.startswith("you") for n in given):
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
        return "your" if seat == self.reader else f"{self.names[seat]}'s"

    # ------------------------------------------------------------------ a side
    def members(self, side: int) -> tuple[int, ...]:
        return self.sides[side] if self.sides else (side,)

    def side(self, side: int) -> str:
        """A side inside a sentence (and as a column's label): ``you``, ``you & seat 2``,
        ``seats 1 & 3``, ``Ann & Cy``."""
        members = self.members(side)
        if self.reader in members:
            return " & ".join(["you", *(self.names[s] for s in members if s != self.reader)])
        found = [_GENERIC.fullmatch(self.names[s]) for s in members]
        if len(members) > 1 and all(found):
            return "seats " + " & ".join(m[1] for m in found if m)
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
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    # ------------------------------------------------------------------ the engine's words
    def tell(self, text: str) -> str:
        """An engine sentence about numbered seats (``seat 0 cannot pass``, ``blocked: seats 0 &
        2 hold...``, ``seat 1's train``) told for this reader, with the seats' names."""

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
