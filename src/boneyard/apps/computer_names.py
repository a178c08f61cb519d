"""What the terminal games call their computer players: a first name for each seat, as a person
at a table would be called, never an agent's id (``casual-1``) or a seat's number.

The name depends only on the seat, so the same seat has the same name in every match, in the
plain game and in the full-screen game, and two seats never share one. The terminal games import
:func:`computer_name` from here alone (one import), so that one module can name the computers for
every front end.

>>> [computer_name(s, "greedy") for s in (1, 2, 3)]
['Ada', 'Ben', 'Cleo']
>>> computer_name(12, "casual")
'Player 13'
"""

from __future__ import annotations

__all__ = ["computer_name"]

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana", "Ivo", "Juno", "Kit")


def computer_name(seat: int, level: str) -> str:
    """The name of the computer player at ``seat`` (seat 0 is the person's): a first name
    chosen by the seat alone (``level``, the agent that plays it, does not change it); past the
    names there are, ``Player n`` counting the seats from 1."""
    if 1 <= seat <= len(NAMES):
        return NAMES[seat - 1]
    return f"Player {seat + 1}"
