"""The languages boneyard speaks: English, Spanish and Portuguese (Brazil), and the words of each.

The public face of :mod:`boneyard.core.i18n` (the mechanism lives in the core so that every layer
can translate what it words): mark a text with :func:`_` (``gettext``), :func:`ngettext`,
:func:`pgettext`, or :func:`N_` for a constant translated where it is shown; choose the language
with :func:`set_language`, :func:`use_language` or :func:`negotiate`; hand the browser its catalog
with :func:`catalog_for_browser`.

>>> from boneyard.text.i18n import LANGUAGES, negotiate, use_language, _
>>> sorted(LANGUAGES), negotiate("es_MX.UTF-8")
(['en', 'es', 'pt-BR'], 'es')
"""

from __future__ import annotations

from ..core.i18n import (
    DEFAULT,
    DOMAINS,
    LANGUAGES,
    LOCALE_DIR,
    N_,
    NP_,
    Catalog,
    Entry,
    _,
    catalog_for_browser,
    current_language,
    folder,
    format_number,
    gettext,
    language_from_environment,
    load_catalog,
    negotiate,
    ngettext,
    normalize,
    npgettext,
    parse_po,
    pgettext,
    reset_language,
    set_default_language,
    set_language,
    use_language,
)

__all__ = [
    "DEFAULT",
    "DOMAINS",
    "LANGUAGES",
    "LOCALE_DIR",
    "NP_",
    "N_",
    "Catalog",
    "Entry",
    "_",
    "catalog_for_browser",
    "current_language",
    "folder",
    "format_number",
    "gettext",
    "language_from_environment",
    "load_catalog",
    "negotiate",
    "ngettext",
    "normalize",
    "npgettext",
    "parse_po",
    "pgettext",
    "reset_language",
    "set_default_language",
    "set_language",
    "use_language",
]
