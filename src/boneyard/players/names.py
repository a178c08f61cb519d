"""Friendly names for computer players, so that a table reads "Rosa (computer, casual)" rather
than "casual-1".

:func:`computer_name` names a computer's seat from a fixed list of first names of varied origins,
chosen by the seat alone (the same seat gets the same name at every table, in every front end),
and never a name a person at the table already has (compared without case, spaces or width).

>>> computer_name(1, "casual")
'Rosa'
>>> [computer_name(s, "expert") for s in range(4)]
['Kenji', 'Rosa', 'Amara', 'Lars']
>>> computer_name(1, "casual", taken=["rosa"])
'Amara'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

__all__ = ["COMPUTER_NAMES", "computer_name"]

COMPUTER_NAMES: tuple[str, ...] = (
    "Kenji",
    "Rosa",
    "Amara",
    "Lars",
    "Priya",
    "Mateo",
    "Ingrid",
    "Tariq",
    "Mei",
    "Olu",
    "Sofia",
    "Dmitri",
    "Aiyana",
    "Farid",
    "Lucia",
    "Nikos",
)
"""The names, in the order seats take them (seat 0 the first): short, easy to tell apart, from
many places."""


def _key(name: str) -> str:
    """A name as two names are compared: without case, spaces or width ("ROSA" is "rosa")."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def computer_name(seat: int, level: str, taken: Iterable[str] = ()) -> str:
    """The name of the computer player in ``seat`` (0-based): the list's name for the seat, or,
    where a name of ``taken`` (the people's at the table) is the same, the next free one.
    ``level`` is the computer's level: the name does not show it (a page says the level once,
    beside the name), but is given so that a future list may depend on it."""
    del level  # every level draws from the same list
    used = {_key(n) for n in taken}
    count = len(COMPUTER_NAMES)
    for step in range(count):
        name = COMPUTER_NAMES[(seat + step) % count]
        if _key(name) not in used:
            return name
    return f"{COMPUTER_NAMES[seat % count]} {seat + 1}"
