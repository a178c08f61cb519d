"""The option machinery: an option's spec (name, kind, allowed values, one-line help), parsing and
validation, per-player values, errors, and the frozen :class:`Options` of one match (RULES.md §3).

There is no table of every option here: each game lists its options (``Game.option_specs``), its own
declared in its module and the shared ones with the mechanism that reads them (the line games' in
``games/line/options.py``, the counting games' in ``games/counting.py``, ``target_score`` with the
engine protocol that every game's rules answer). Each rule set of a game fixes every one of its
options; a user may then change them one by one. An unknown option or a bad value raises
:class:`OptionError`, whose message lists what is valid. A game's rules read their options once,
when they are configured, into typed attributes (:meth:`OptionSpec.choice` gives an enum,
:meth:`OptionSpec.flag` a bool, :meth:`OptionSpec.number` an int, :meth:`OptionSpec.for_players`
one player count's number).

Values are ints, bools, strings, or *per-player maps* (``hand_size``, ``stock_reserve`` and
``target_score``), written on the command line as ``2:7,3:5,4:5`` and in JSON as
``{"2": 7, "3": 5, "4": 5}``.

>>> hand_size = OptionSpec("hand_size", "int_or_map", "tiles dealt", minimum=1, example="2:7")
>>> parse_value(hand_size, "2:7,3:5")
((2, 7), (3, 5))
>>> parse_value(OptionSpec("points", "choice", "", ("pips",), ("fixed:<n>",)), "fixed:10")
'fixed:10'
>>> parse_value(OptionSpec("voluntary_draw", "bool", ""), "yes")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from .i18n import _
from .tiles import parse_tile

__all__ = [
    "OptionError",
    "OptionSpec",
    "OptionValue",
    "Options",
    "choices_of",
    "format_value",
    "parse_value",
    "per_players",
    "pick",
    "to_json",
    "without",
]

OptionValue = int | bool | str | tuple[tuple[int, int], ...]


E = TypeVar("E", bound=StrEnum)


class OptionError(ValueError):
    """An unknown game, rule set or option, or a bad option value."""


def choices_of(values: type[StrEnum]) -> tuple[str, ...]:
    """The choices of an option whose values are the members of ``values``, in their order."""
    return tuple(member.value for member in values)


@dataclass(frozen=True)
class OptionSpec:
    name: str
    kind: str  # "int", "bool", "choice", "int_or_map", "set" (some of the choices)
    help: str
    choices: tuple[str, ...] = ()
    # Choices with a parameter, written "prefix:<param>", e.g. "fixed:<n>" or "holder_of:<tile>".
    param_choices: tuple[str, ...] = ()
    minimum: int = 0
    # A valid value of this option to show in its allowed values and its errors: for a whole
    # number a typical one, for a per-player option a map of its own ("2:3,3:0,4:0").
    example: str = ""
    # For a choice that was once a yes/no option: the choices that false and true meant then, so
    # that a record written before (records write every option) still loads and replays the same.
    was_bool: tuple[str, str] | None = None
    # What the rules of a game that does not list this option play by (a mechanism's option that
    # only some of its games offer: Domino Loo deals no line, yet its rules are a line game's).
    absent: OptionValue | None = None

    def allowed(self) -> str:
        """The allowed values in words, with an example of this option's own where it helps."""
        if self.kind == "bool":
            return "true, false"
        if self.kind == "int":
            return _("a whole number, {minimum} or more, such as {example}").format(
                minimum=self.minimum, example=self.example
            )
        if self.kind == "int_or_map":
            return _(
                "a whole number, {minimum} or more, or one per number of players such as {example}"
            ).format(minimum=self.minimum, example=self.example)
        if self.kind == "set":
            return _("any of {choices} joined by commas").format(choices=", ".join(self.choices))
        return ", ".join([*self.choices, *self.param_choices])

    # ------------------------------------------------------------- typed reading, once per match
    def value(self, options: Mapping[str, OptionValue]) -> OptionValue:
        """This option's value in ``options``, or what a game that does not list it plays by."""
        value = options.get(self.name, self.absent)
        if value is None:
            raise OptionError(
                _("option {name} is not set and has no value otherwise").format(name=self.name)
            )
        return value

    def flag(self, options: Mapping[str, OptionValue]) -> bool:
        """A yes/no option's value."""
        value = self.value(options)
        assert isinstance(value, bool), (self.name, value)
        return value

    def number(self, options: Mapping[str, OptionValue]) -> int:
        """A whole number option's value."""
        value = self.value(options)
        assert isinstance(value, int) and not isinstance(value, bool), (self.name, value)
        return value

    def for_players(self, options: Mapping[str, OptionValue], players: int) -> int:
        """A per-player option's number for ``players`` players."""
        return per_players(self.value(options), players, self.name)

    def text(self, options: Mapping[str, OptionValue]) -> str:
        """A choice's value as written, parameter and all (``fixed:10``)."""
        value = self.value(options)
        assert isinstance(value, str), (self.name, value)
        return value

    def choice(self, options: Mapping[str, OptionValue], values: type[E]) -> E:
        """A choice's value as the member of ``values`` it names."""
        return values(self.text(options))

    def members(self, options: Mapping[str, OptionValue], values: type[E]) -> frozenset[E]:
        """A set option's value as the members of ``values`` it names."""
        return frozenset(values(part) for part in self.text(options).split(",") if part)

    def bad_value(self, value: Any, why: str = "") -> OptionError:
        """The error for a bad ``value``: the option, what was wrong (``why``, if more can be
        said, already in the reader's language) and what it takes, told in the current
        language (the option's name and its values are written as they are typed)."""
        if self.kind == "bool":
            detail = _("expected true or false")
        elif self.kind in ("choice", "set"):
            detail = _("choose from {choices}").format(choices=self.allowed())
        else:
            detail = _("expected {allowed}").format(allowed=self.allowed())
        if why:
            detail = f"{why}; {detail}"
        return OptionError(
            _("bad value {value} for option {name}: {detail}").format(
                value=repr(value), name=self.name, detail=detail
            )
        )


def pick(names: Iterable[str], *sources: Iterable[OptionSpec]) -> tuple[OptionSpec, ...]:
    """The specs of ``names`` in that order, from ``sources`` (a mechanism's shared specs, a game's
    own): how a game lists its options. A name none of them declares, or one declared twice
    differently, is an error (two games would then read one option two ways)."""
    known: dict[str, OptionSpec] = {}
    for source in sources:
        for spec in source:
            if known.setdefault(spec.name, spec) != spec:
                raise ValueError(f"option {spec.name} is declared twice, differently")
    try:
        return tuple(known[name] for name in names)
    except KeyError as e:
        raise ValueError(f"option {e.args[0]} is declared by none of the sources") from None


def without(names: Iterable[str], *left_out: str) -> tuple[str, ...]:
    """``names`` in their order but ``left_out``: a family's options less those a game does not
    take. A name left out that is not among ``names`` is an error (a typo would keep the option).

    >>> without(("tile_set", "spinner", "hand_size"), "spinner")
    ('tile_set', 'hand_size')
    """
    names = tuple(names)
    unknown = [n for n in left_out if n not in names]
    if unknown:
        raise ValueError(f"cannot leave out {', '.join(unknown)}: not among the options")
    return tuple(n for n in names if n not in left_out)


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _parse_int(spec: OptionSpec, value: Any, whole: Any = None) -> int:
    """A whole number of at least ``spec.minimum``; ``whole`` is the value as given, when this
    is one player count's number in it."""
    given = value if whole is None else whole
    if isinstance(value, int) and not isinstance(value, bool):
        n = value
    elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
        n = int(value.strip())
    else:
        part = (
            _("{value} is not a whole number").format(value=repr(value))
            if whole is not None
            else ""
        )
        raise spec.bad_value(given, part)
    if n < spec.minimum:
        raise spec.bad_value(
            given, _("{n} is less than {minimum}").format(n=n, minimum=spec.minimum)
        )
    return n


def parse_value(spec: OptionSpec, value: Any) -> OptionValue:
    """Validate ``value`` (from JSON or the command line) and return its canonical form."""
    if spec.kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise spec.bad_value(value)
    if spec.kind == "int":
        return _parse_int(spec, value)
    if spec.kind == "int_or_map":
        pairs: list[tuple[Any, Any]]
        if isinstance(value, Mapping):
            pairs = list(value.items())
        elif isinstance(value, list | tuple) and all(
            isinstance(p, list | tuple) and len(p) == 2 for p in value
        ):
            pairs = [tuple(p) for p in value]
        elif isinstance(value, str) and ":" in value:
            pairs = [tuple(item.split(":")) for item in value.split(",")]  # type: ignore[misc]
            if any(len(p) != 2 for p in pairs):
                raise spec.bad_value(value)
        else:
            return _parse_int(spec, value)
        out = []
        for k, v in pairs:
            if isinstance(k, bool) or not (
                isinstance(k, int) or (isinstance(k, str) and k.strip().isdigit())
            ):
                raise spec.bad_value(
                    value, _("{value} is not a number of players").format(value=repr(k))
                )
            out.append((int(k), _parse_int(spec, v, value)))
        if not out:
            raise spec.bad_value(value)
        return tuple(sorted(out))
    if spec.kind == "set":
        # Some of the choices, canonically in the order the option lists them, joined by commas.
        items = value if isinstance(value, list | tuple | set | frozenset) else None
        if items is None:
            if not isinstance(value, str):
                raise spec.bad_value(value)
            items = [part for part in value.replace(" ", "").split(",") if part]
        chosen = set()
        for item in items:
            if not isinstance(item, str) or item.strip() not in spec.choices:
                raise spec.bad_value(
                    value, _("{value} is not one of them").format(value=repr(item))
                )
            chosen.add(item.strip())
        if not chosen:
            raise spec.bad_value(value, _("none given"))
        return ",".join(c for c in spec.choices if c in chosen)
    # choice
    if isinstance(value, bool) and spec.was_bool is not None:
        return spec.was_bool[value]
    if not isinstance(value, str):
        raise spec.bad_value(value)
    text = value.strip()
    if text in spec.choices:
        return text
    if spec.was_bool is not None and text.lower() in _TRUE | _FALSE:
        return spec.was_bool[text.lower() in _TRUE]
    prefix, _sep, param = text.partition(":")
    for pc in spec.param_choices:
        if pc.startswith(prefix + ":") and param:
            if pc.endswith("<n>"):
                if not param.isdigit():
                    break
                return f"{prefix}:{int(param)}"
            if pc.endswith("<tile>"):
                try:
                    parse_tile(param)
                except ValueError:
                    break
                return f"{prefix}:{param}"
    raise spec.bad_value(value)


def to_json(value: OptionValue) -> Any:
    """The JSON form of a canonical option value."""
    if isinstance(value, tuple):
        return {str(k): v for k, v in value}
    return value


def format_value(value: OptionValue) -> str:
    """The command-line form of a canonical option value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(f"{k}:{v}" for k, v in value)
    return str(value)


def per_players(value: OptionValue, players: int, name: str) -> int:
    """Resolve an int-or-map option for ``players`` players."""
    if isinstance(value, tuple):
        for k, v in value:
            if k == players:
                return v
        known = ", ".join(str(k) for k, _ in value)
        raise OptionError(
            _("option {name} gives no value for {players} players (it has {known})").format(
                name=name, players=players, known=known
            )
        )
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(_("option {name} must be a number").format(name=name))
    return value


class Options(Mapping[str, OptionValue]):
    """A frozen, validated set of resolved option values. Read them as ``options["name"]`` or
    ``options.name``."""

    __slots__ = ("_values",)

    _values: dict[str, OptionValue]

    def __init__(self, values: Mapping[str, OptionValue]) -> None:
        object.__setattr__(self, "_values", dict(values))

    def __getitem__(self, key: str) -> OptionValue:
        return self._values[key]

    def __getattr__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("options are frozen")

    def __reduce__(self) -> tuple[type[Options], tuple[dict[str, OptionValue]]]:
        return (Options, (self._values,))

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._values.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and self._values == other._values

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def to_json(self) -> dict[str, Any]:
        return {k: to_json(v) for k, v in self._values.items()}
