"""Sniff told: the counting games' presenter, with the sniff laid in line and its stubs (pagat's
reading) drawn and named as what they are."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from ...core.tiles import BIT, HIGH, LOW
from ..counting import CountingPresenter, CountingRules

if TYPE_CHECKING:
    from ...core.layout import Layout
    from ...core.views import EndView

__all__ = ["SniffPresenter"]


class SniffPresenter(CountingPresenter):
    """With ``stubs`` (``sniff_layout=stub``) the sniff is drawn in line, a stub's end carries a
    note saying it is closed and counted, and the count line marks a stub's term."""

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
        return replace(view, note=f"a stub on the sniff: closed, its {far} counted")

    def count_line(self, layout: Layout | None) -> str | None:
        """The counting games' count line, a stub's term marked: ``U 3 (a stub)``."""
        text = super().count_line(layout)
        if not self.stubs or layout is None or text is None or layout.first_spinner < 0:
            return text
        terms = dict(self.rules.count_terms(layout))
        for name in ("U", "D"):
            i = layout.names.index(name)
            if layout.pips[i] < 0 and layout.tips[i] != layout.first_spinner:
                term = f"{name} {terms[name]}"
                text = re.sub(rf"\b{term}\b", f"{term} (a stub)", text, count=1)
        return text
