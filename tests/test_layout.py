"""The layout: ends, tips, spinners (layout.py)."""

from __future__ import annotations

import pytest

from boneyard.core.layout import Layout
from boneyard.core.tiles import NAMES
from conftest import T


def test_lead_of_a_non_double_in_both_orientations() -> None:
    lay = Layout.lead(T("6-4"), left=6)
    assert lay.open_ends() == [("L", 6), ("R", 4)]
    lay = Layout.lead(T("6-4"), left=4)
    assert lay.open_ends() == [("L", 4), ("R", 6)]
    assert Layout.lead(T("6-4")).open_ends() == [("L", 6), ("R", 4)]
    assert lay.tips == (T("6-4"), T("6-4"))
    assert lay.placed == 1 << T("6-4")
    assert lay.spinners == 0
    assert lay.lead_tile == T("6-4")


def test_lead_of_a_double_shows_its_number_at_both_ends() -> None:
    lay = Layout.lead(T("3-3"))
    assert lay.open_ends() == [("L", 3), ("R", 3)]
    assert lay.names == ("L", "R")


def test_lead_with_a_pip_the_tile_lacks_is_an_error() -> None:
    with pytest.raises(ValueError, match="6-4 has no 5"):
        Layout.lead(T("6-4"), left=5)


def test_attach_returns_a_new_layout_and_leaves_the_old_one() -> None:
    lay = Layout.lead(T("6-4"), left=6)
    after = lay.attach(lay.index("R"), T("4-1"), 1)
    assert lay.open_ends() == [("L", 6), ("R", 4)]
    assert after.open_ends() == [("L", 6), ("R", 1)]
    assert [NAMES[t] for t in after.tips] == ["6-4", "4-1"]
    assert after.placed == (1 << T("6-4")) | (1 << T("4-1"))
    assert after.tiles_on_table() == after.placed


def test_unknown_end_name() -> None:
    lay = Layout.lead(T("6-4"))
    assert lay.index("L") == 0
    with pytest.raises(ValueError, match=r"there is no end 'U' \(ends: L, R\)"):
        lay.index("U")


def test_spinner_lead_waits_for_its_long_sides() -> None:
    lay = Layout.lead(T("5-5"), spinner=True)
    assert lay.names == ("L", "R", "U", "D")
    assert lay.open_ends() == [("L", 5), ("R", 5)]
    assert lay.pips[2:] == (-1, -1)
    assert lay.spinners == 1 << T("5-5")
    assert lay.is_spinner_tip(2)
    lay = lay.attach(lay.index("L"), T("5-1"), 1)
    assert lay.open_ends() == [("L", 1), ("R", 5)]
    assert not lay.is_spinner_tip(0)
    lay = lay.attach(lay.index("R"), T("5-2"), 2)
    # Both long sides covered: the short sides open.
    assert lay.open_ends() == [("L", 1), ("R", 2), ("U", 5), ("D", 5)]


def test_spinner_lead_with_short_sides_open_at_once() -> None:
    lay = Layout.lead(T("5-5"), spinner=True, short_open=True)
    assert lay.open_ends() == [("L", 5), ("R", 5), ("U", 5), ("D", 5)]
    lay = lay.attach(lay.index("U"), T("5-0"), 0)
    assert lay.open_ends() == [("L", 5), ("R", 5), ("U", 0), ("D", 5)]


def test_later_spinners_are_named_after_their_number() -> None:
    lay = Layout.lead(T("6-6"), spinner=True, short_open=True)
    lay = lay.attach(lay.index("L"), T("6-4"), 4)
    lay = lay.attach(lay.index("L"), T("4-4"), 4, spinner=True, short_open=True)
    assert lay.names == ("L", "R", "U", "D", "4U", "4D")
    assert lay.open_ends() == [("L", 4), ("R", 6), ("U", 6), ("D", 6), ("4U", 4), ("4D", 4)]
    assert lay.spinners == (1 << T("6-6")) | (1 << T("4-4"))


def test_the_first_spinner_not_led_gets_u_and_d() -> None:
    lay = Layout.lead(T("6-4"), left=6)
    lay = lay.attach(lay.index("R"), T("4-4"), 4, spinner=True, short_open=False)
    assert lay.names == ("L", "R", "U", "D")
    assert lay.open_ends() == [("L", 6), ("R", 4)]
    # The spinner's far long side is R: covering it opens U and D.
    lay = lay.attach(lay.index("R"), T("4-2"), 2)
    assert lay.open_ends() == [("L", 6), ("R", 2), ("U", 4), ("D", 4)]


def test_repr_names_closed_ends() -> None:
    lay = Layout.lead(T("5-5"), spinner=True)
    assert repr(lay) == "<Layout L=5, R=5, U=closed, D=closed>"
