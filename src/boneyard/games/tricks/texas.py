"""The Texas suits: how the Texas trick games (Texas 42, Moon) tell which suit a tile leads and
follows, which tiles are trumps and which tile takes a trick, written once for both.

A tile bearing the trump number is a trump only (ranked double high, then by its other end); where
the doubles are trumps (:data:`DOUBLES_SUIT`) the doubles are, by their number; with no trumps
(:data:`NO_TRUMP`) nothing is. Any other tile leads its higher end (a double its number, or the
doubles' suit where the doubles are apart), or the end its leader called, and follows any suit it
shows. ``doubles`` is how the doubles rank where a contract says (Texas 42's follow-me and nello):
``"high"`` (or ``None``: the highest of their number's suit), ``"own_suit"`` (a suit of their own)
or ``"low"`` (the lowest of their number's suit).

>>> from boneyard.core.tiles import parse_tile as T
>>> suit_led(T("6-4"), 5), suit_led(T("5-1"), 5), suit_led(T("4-4"), NO_TRUMP, "own_suit")
(6, 5, 7)
>>> follows(T("6-5"), 6, 5), follows(T("6-4"), 6, 5)
(False, True)
>>> sorted(strength(T(t), 6, 5) for t in ("6-4", "6-6", "5-1", "3-2"))
[(0, -99), (1, 4), (1, 7), (2, 1)]
"""

from __future__ import annotations

from ...core.tiles import DOUBLE, HIGH, LOW

__all__ = [
    "DOUBLES_SUIT",
    "NO_TRUMP",
    "doubles_apart",
    "follows",
    "is_trump",
    "rank",
    "strength",
    "suit_led",
]

NO_TRUMP = -1
"""No trumps (follow-me)."""
DOUBLES_SUIT = 7
"""The doubles as a suit: where they are trumps, or a suit of their own."""


def is_trump(t: int, trump: int) -> bool:
    """Whether ``t`` is a trump: it bears the trump number, or it is a double where the doubles
    are trumps."""
    if trump == NO_TRUMP:
        return False
    if trump == DOUBLES_SUIT:
        return DOUBLE[t]
    return HIGH[t] == trump or LOW[t] == trump


def doubles_apart(trump: int, doubles: str | None = None) -> bool:
    """Whether the doubles form a suit of their own (trumps, or by the contract's rule)."""
    return trump == DOUBLES_SUIT or doubles == "own_suit"


def suit_led(t: int, trump: int, doubles: str | None = None, called: int | None = None) -> int:
    """The suit ``t`` leads: trumps if it is one; a double its number (or the doubles' suit where
    they are apart); any other tile its higher end, or the end the leader ``called``."""
    if is_trump(t, trump):
        return trump
    if DOUBLE[t]:
        return DOUBLES_SUIT if doubles_apart(trump, doubles) else HIGH[t]
    if called is not None:
        return called
    return HIGH[t]


def follows(t: int, suit: int, trump: int, doubles: str | None = None) -> bool:
    """Whether ``t`` follows ``suit``: a trump only trumps; a double only the doubles where they
    are apart; any other tile a suit it shows."""
    if suit == trump and trump != NO_TRUMP:
        return is_trump(t, trump)
    if is_trump(t, trump):
        return False
    if suit == DOUBLES_SUIT:
        return DOUBLE[t]
    if DOUBLE[t] and doubles_apart(trump, doubles):
        return False
    return HIGH[t] == suit or LOW[t] == suit


def rank(t: int, suit: int, doubles: str | None = None) -> int:
    """``t``'s rank within ``suit`` (a tile of it): the doubles by their number in the doubles'
    suit; elsewhere the double highest (lowest where ``doubles`` is ``"low"``), then by its other
    end."""
    if suit == DOUBLES_SUIT:
        return HIGH[t]
    if DOUBLE[t]:
        return -1 if doubles == "low" else 7
    return LOW[t] if HIGH[t] == suit else HIGH[t]


def strength(t: int, suit: int, trump: int, doubles: str | None = None) -> tuple[int, int]:
    """``t``'s strength in a trick led in ``suit``: a trump above the suit led, above a tile that
    does neither (the highest takes the trick: :func:`~boneyard.games.tricks.trick_winner`)."""
    if is_trump(t, trump):
        return (2, rank(t, trump, doubles))
    if follows(t, suit, trump, doubles):
        return (1, rank(t, suit, doubles))
    return (0, -99)
