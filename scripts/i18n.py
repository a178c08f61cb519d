"""Keep boneyard's translations up to date, with Babel (``uv sync --extra test`` installs it).

    python scripts/i18n.py extract [DOMAIN] # the templates src/boneyard/locale/<domain>.pot
    python scripts/i18n.py update [DOMAIN]  # merge the templates into every language's .po
    python scripts/i18n.py check            # count what is left to translate (exit 1 if any)
    python scripts/i18n.py init fr          # start a new language's catalogs

Two domains: ``boneyard`` (every text Python writes for a person, marked with ``_``, ``ngettext``,
``pgettext``, ``npgettext``, ``N_`` and ``NP_``) and ``web`` (the browser's own page texts, in the
JavaScript and HTML of src/boneyard/apps/server/static, marked with ``_``/``ngettext``/
``pgettext`` too). boneyard reads the .po files at run time (boneyard.core.i18n): nothing is
compiled, and no .mo file is kept.

To add a language: ``init <folder>`` (``fr``, ``pt_PT``), translate its .po files, and add its tag
to ``LANGUAGES`` in src/boneyard/core/i18n.py.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "boneyard" / "locale"
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "NP_": ((1, "c"), 2),
}
# What each domain is extracted from: (directory, [(pattern, method)]).
SOURCES: dict[str, tuple[Path, list[tuple[str, str]]]] = {
    "boneyard": (
        ROOT / "src" / "boneyard",
        [("apps/server/static/**", "ignore"), ("**.py", "python")],
    ),
    "web": (
        ROOT / "src" / "boneyard" / "apps" / "server" / "static",
        [("**.js", "javascript"), ("**.html", "javascript")],
    ),
}
LANGUAGES = ["es", "pt_BR"]
COMMENT_TAGS = ["TRANSLATORS:"]


def template(domain: str) -> Catalog:
    """The messages of ``domain`` as the source marks them."""
    directory, method_map = SOURCES[domain]
    catalog = Catalog(project="boneyard", version="0.1.0", charset="utf-8")
    found = extract_from_dir(
        str(directory), method_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS
    )
    for filename, lineno, message, comments, context in found:
        path = (directory / filename).relative_to(ROOT).as_posix()
        flags = ("python-brace-format",) if _braces(message) else ()
        catalog.add(
            message, None, [(path, lineno)], auto_comments=comments, context=context, flags=flags
        )
    if domain == "boneyard":
        # An engine sentence about a seat or a side is told differently to the seat itself:
        # its "you" form (context engine:you), chosen when the reader is the seat named.
        for message in list(catalog):
            if message.context == "engine" and re.search(r"\{(seat|side)\}", message.id):
                catalog.add(
                    message.id,
                    None,
                    list(message.locations),
                    auto_comments=["the same sentence told to the seat (or side) it names: you"],
                    context="engine:you",
                    flags=message.flags,
                )
        # The command line's help: every help text of the command tree as Typer builds it
        # (the options' help= and the commands' docstrings), translated when it is shown.
        import typer

        from boneyard.apps.cli import build_app, help_texts

        for _holder, _attribute, text in help_texts(typer.main.get_command(build_app())):
            if text not in catalog:
                comment = ["the command line's help"]
                catalog.add(text, None, [("src/boneyard/apps/cli", 0)], auto_comments=comment)
        # Each game's words as its module declares them (translated where they are shown):
        # its title, summary and ends, its rule sets' descriptions, its options' help.
        from boneyard.games import GAMES

        for game in GAMES.values():
            where = [(f"src/boneyard/games ({game.id})", 0)]
            texts = [game.title, game.summary, game.end_names]
            texts += [rule_set.description for rule_set in game.rule_sets.values()]
            texts += [spec.help for spec in game.option_specs]
            for text in texts:
                if text and text not in catalog:
                    catalog.add(text, None, where, auto_comments=[f"the game {game.id}"])
    return catalog


def _braces(message: str | tuple[str, ...]) -> bool:
    texts = message if isinstance(message, tuple) else (message,)
    return any("{" in t for t in texts)


def _po(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def extract(domains: list[str]) -> None:
    for domain in domains:
        path = LOCALE / f"{domain}.pot"
        with path.open("wb") as f:
            write_po(f, template(domain), width=100, sort_output=False)
        print(f"{path.relative_to(ROOT)}: {len(template(domain))} messages")


def update(domains: list[str]) -> None:
    for domain in domains:
        with (LOCALE / f"{domain}.pot").open("rb") as f:
            pot = read_po(f)
        for language in LANGUAGES:
            path = _po(language, domain)
            with path.open("rb") as f:
                catalog = read_po(f, locale=language)
            catalog.update(pot, no_fuzzy_matching=True)
            with path.open("wb") as f:
                write_po(f, catalog, width=100, ignore_obsolete=True)
            print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def untranslated(language: str, domain: str) -> Iterator[str]:
    with _po(language, domain).open("rb") as f:
        catalog = read_po(f, locale=language)
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            yield message.id if isinstance(message.id, str) else message.id[0]


def check() -> int:
    missing = 0
    for domain in SOURCES:
        for language in LANGUAGES:
            left = list(untranslated(language, domain))
            missing += len(left)
            print(f"{language}/{domain}: {len(left)} left to translate")
            for message in left[:20]:
                print(f"    {message!r}")
    return 1 if missing else 0


def init(language: str) -> None:
    for domain in SOURCES:
        with (LOCALE / f"{domain}.pot").open("rb") as f:
            pot = read_po(f, locale=language)
        path = _po(language, domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, pot, width=100)
        print(f"{path.relative_to(ROOT)}: started")


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else ""
    domains = [d for d in argv[2:] if d in SOURCES] or list(SOURCES)
    if command == "extract":
        extract(domains)
    elif command == "update":
        update(domains)
    elif command == "check":
        return check()
    elif command == "init" and len(argv) == 3:
        init(argv[2])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
