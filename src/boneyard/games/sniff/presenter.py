"""Sniff told: the counting games' presenter, with the sniff laid in line and its stubs (pagat's
reading) drawn and named as what they are."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...core.tiles import BIT, HIGH, LOW
from ..counting import CountingPresenter, CountingRules

if TYPE_CHECKING:
    from ...core.layout import Layout
    from ...core.views import EndView

__all__ = ["SniffPresenter"]


class SniffPresenter(CountingPresenter):
    """With ``stubs`` (``sniff_layout=stub``) the sniff is drawn in line, and a stub's end is
    shown with the number it counts and the word that it is closed."""

    def __init__(self, rules: CountingRules, stubs: bool) -> None:
        super().__init__(rules)
        self.stubs = stubs

    def crosswise(self, tile: int, spinners: int) -> bool:
        if self.stubs and spinners & BIT[tile]:
            return False  # pagat's sniff lies in line
        return super().crosswise(tile, spinners)

    def end_view(self, layout: Layout, i: int) -> EndView:
        view = super().end_view(layout, i)
        t, sniff = layout.tips[i], layout.first_spinner
        stub = layout.pips[i] < 0 and layout.names[i] in ("U", "D") and t != sniff
        if not (self.stubs and sniff >= 0 and stub):
            return view
        far = LOW[t] if HIGH[t] == HIGH[sniff] else HIGH[t]
        return replace(view, shows=str(far), needs="a stub on the sniff, counted but closed")
