"""The screens' key labels (the footer's words) in the reader's language.

A screen's ``BINDINGS`` are read when its class is made, at import, before a language may have
been chosen; so they hold the English labels, marked with ``NP_("key", ...)``, and each screen
made (:class:`SpeaksKeys`) tells them in the language current then. A label
may name its key as ``{key}`` (``Move {key}``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from ...core.i18n import pgettext

__all__ = ["CONTEXT", "SpeaksKeys", "key_label"]

CONTEXT = "key"
"""The catalog context of the key labels."""


def key_label(binding: Binding) -> str:
    """A binding's label in the current language (its English one marked in ``BINDINGS``)."""
    if not binding.description:
        return binding.description
    return pgettext(CONTEXT, binding.description).format(key=binding.key)


class SpeaksKeys(DOMNode):
    """A screen whose key labels are in the language current when it is made (the first base
    of the screen's class, before Textual's ``Screen``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.speak_keys()

    def speak_keys(self) -> None:
        """Take the class's bindings again, their labels in the current language."""
        merged = type(self)._merged_bindings
        if merged is None:
            return
        self._bindings = BindingsMap.from_keys(
            {
                key: [dataclasses.replace(b, description=key_label(b)) for b in bindings]
                for key, bindings in merged.key_to_bindings.items()
            }
        )
        self.refresh_bindings()
