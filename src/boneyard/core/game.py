"""A game's definition: its id, its rule sets (presets that fix every option), the options
that apply to it and how many may play. :meth:`Game.configure` validates a choice of rule set,
options and player count and returns the game's rules object (a
:class:`~boneyard.core.protocol.GameRules`): the resolved, frozen rules of one match.

The historical rule texts (RULES.md's S0 to S4) are named here too, as a player knows them: a rule
set's source.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias

from .i18n import _
from .options import (
    OptionError,
    Options,
    OptionSpec,
    OptionValue,
    format_value,
    parse_value,
    to_json,
)
from .protocol import GameRules

if TYPE_CHECKING:
    from .presenter import Presenter

GamePresenter: TypeAlias = "Presenter[Any]"
"""A game's presenter, as the protocol names its type (``GameRules.presenter``) without importing
the presenter module: the presenter is beside the rules, made by the game."""

__all__ = [
    "BRITANNICA",
    "FOSTER",
    "GARDEN_GAMES",
    "HOYLE_MATADORE",
    "WIKIPEDIA_MATADOR",
    "Game",
    "GamePresenter",
    "GameSource",
    "RuleSet",
    "find_game",
    "register_games",
    "registered_games",
    "set_game_source",
]

# The historical rule texts (RULES.md's S0 to S4, kept in shared/seeds/), named as a player knows
# them: a rule set's source, shown by ``boneyard rules`` and the start screens.
BRITANNICA = "Encyclopaedia Britannica, 11th edition (1910), article 'Dominoes'"
HOYLE_MATADORE = "'Dominoes - Matadore Game Rules', a Hoyle-style text"
FOSTER = "R. F. Foster, Foster's Complete Hoyle"
WIKIPEDIA_MATADOR = "Wikipedia, 'Matador (domino game)'"
GARDEN_GAMES = "Garden Games Ltd's leaflet 'Rules of Dominoes' (Block Dominoes for 2-4 players)"


@dataclass(frozen=True)
class RuleSet:
    """A named preset: a description and the option values it changes from the game's defaults."""

    name: str
    description: str
    values: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""


class Game:
    """The definition of a game: id, rule sets, options that apply, players."""

    id: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    order: ClassVar[int] = 1000
    """The game's place in the listings (the registry's ``GAMES``, the options, the index of
    docs/games/): the games are listed by it, then by id. The sixteen first games hold 10 to 160;
    a game that gives none comes after them."""
    title: ClassVar[str]
    summary: ClassVar[str]
    # The options of this game in the order it shows them: its own (declared in its module) and
    # the shared ones of the mechanism it plays by (``core.options.pick``). ``option_names`` and
    # ``spec(name)`` follow from it.
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    option_names: ClassVar[tuple[str, ...]]
    _specs: ClassVar[dict[str, OptionSpec]]
    defaults: ClassVar[dict[str, Any]]
    rule_sets: ClassVar[dict[str, RuleSet]]
    default_rules: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    end_names: ClassVar[str] = "L and R (the two ends of the line)"
    rules_class: ClassVar[type[GameRules]]
    presenter_class: ClassVar[type[Presenter[Any]]]
    """How the game is told and drawn: the class of its presenter, made once per rules
    (:meth:`presenter_for`)."""
    # Values a game names for an option: option -> {name: value} (Mexican Train's hand-size
    # tables by their source, -o hand_size=cardinal).
    named_values: ClassVar[dict[str, dict[str, Any]]] = {}
    # Option values that follow the tile set: tile set -> {option: value}. When a user chooses the
    # set, these replace the rule set's values of the options he does not give himself.
    set_defaults: ClassVar[dict[str, dict[str, Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        specs = cls.__dict__.get("option_specs")
        if specs is None and "option_names" in cls.__dict__:
            raise TypeError(f"{cls.__name__} lists option_names: list option_specs instead")
        if specs is not None:
            cls.option_names = tuple(s.name for s in specs)
            cls._specs = {s.name: s for s in specs}
            if len(cls._specs) != len(specs):
                raise ValueError(f"{cls.__name__} lists an option twice")

    def spec(self, name: str) -> OptionSpec:
        """The spec of this game's option ``name``; :class:`OptionError` if it has none (an option
        of another game: "does not apply"; of none: "unknown")."""
        try:
            return self._specs[name]
        except KeyError:
            pass
        elsewhere = any(name in g._specs for g in registered_games())
        said = (
            _("option {name} does not apply to {game}: options are {options}")
            if elsewhere
            else _("unknown option {name} for {game}: options are {options}")
        )
        raise OptionError(
            said.format(name=repr(name), game=self.id, options=", ".join(self.option_names))
        )

    def presenter_for(self, rules: GameRules) -> Presenter[Any]:
        """The presenter of ``rules`` (rules of this game): a :attr:`presenter_class`. A game
        whose presenter module reads its rules module, where the game is defined, imports it
        here instead, when first told."""
        try:
            made = self.presenter_class
        except AttributeError:
            raise TypeError(
                f"{type(self).__name__} names no presenter: set its presenter_class (or make "
                "the presenter in presenter_for)"
            ) from None
        return made(rules)

    def agents(self) -> dict[str, Callable[[], Any]]:
        """The game's own players by name (each made by calling it: an object with ``name`` and
        ``choose(observation, rng)``), listed with every game's players; the registry lets each
        play only its own game. None here."""
        return {}

    def rule_set(self, name: str | None) -> RuleSet:
        name = name or self.default_rules
        try:
            return self.rule_sets[name]
        except KeyError:
            raise OptionError(
                _("unknown rule set {name} for {game}: choose from {rule_sets}").format(
                    name=repr(name), game=self.id, rule_sets=", ".join(self.rule_sets)
                )
            ) from None

    def preset_values(self, name: str | None) -> dict[str, OptionValue]:
        rs = self.rule_set(name)
        merged = {**self.defaults, **rs.values}
        return {s.name: parse_value(s, merged[s.name]) for s in self.option_specs}

    def players_for(self, name: str | None) -> int:
        rs = self.rule_set(name)
        return int(rs.values.get("_players", self.default_players))

    def configure(
        self,
        rules: str | None = None,
        options: Mapping[str, Any] | None = None,
        players: int | None = None,
    ) -> GameRules:
        """Validate and resolve a rule set, option changes and a player count."""
        name = rules or self.default_rules
        values = self.preset_values(name)
        for key, raw in (options or {}).items():
            spec = self.spec(key)
            named = self.named_values.get(key, {})
            if isinstance(raw, str) and raw.strip() in named:
                raw = named[raw.strip()]
            try:
                values[key] = parse_value(spec, raw)
            except OptionError as e:
                if not named:
                    raise
                raise OptionError(
                    _("{error}; or a named table: {tables}").format(
                        error=e, tables=", ".join(named)
                    )
                ) from None
        chosen = (options or {}).get("tile_set")
        if chosen is not None:
            for key, raw in self.set_defaults.get(str(values["tile_set"]), {}).items():
                if key not in (options or {}):
                    values[key] = parse_value(self.spec(key), raw)
        n = players if players is not None else self.players_for(name)
        if not self.min_players <= n <= self.max_players:
            said = (
                _("{game} is for {low} to {high} players, not {n}")
                if self.min_players != self.max_players
                else _("{game} is for {low} players, not {n}")
            )
            raise OptionError(
                said.format(game=self.id, low=self.min_players, high=self.max_players, n=n)
            )
        return self.rules_class(self, name, Options(values), n)

    def allowed(self, name: str) -> str:
        """The allowed values of option ``name`` in words, the values this game names too."""
        named = self.named_values.get(name)
        spec = self.spec(name)
        text = spec.allowed()
        if named:
            text += _("; or a named table: ") + ", ".join(
                f"{n} ({format_value(parse_value(spec, v))})" for n, v in named.items()
            )
        return text

    def describe_options(self, rules: str | None = None) -> list[dict[str, Any]]:
        values = self.preset_values(rules)
        return [
            {
                "name": k,
                "value": to_json(values[k]),
                "allowed": self.allowed(k),
                "help": self.spec(k).help,
            }
            for k in self.option_names
        ]


# The games the registry (boneyard.games, which finds them by their folders) has registered: what
# the core looks a game up in (a record names its game) without importing the games above it. The
# registry loads a game's module when the game is first used: it registers each game it loads, and
# sets itself as the source the core asks for a game not yet loaded (and for them all).
_REGISTERED: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}


class GameSource(Protocol):
    """Where the core finds the games not yet registered: the registry (``boneyard.games``)."""

    def find(self, name: str) -> Game | None:
        """The game with id or alias ``name``, loaded; ``None`` if there is none."""

    def every(self) -> tuple[Game, ...]:
        """Every game, loaded, in the order of the listings."""

    def ids(self) -> tuple[str, ...]:
        """Every game's id, in the order of the listings (nothing loaded)."""


_SOURCE: list[GameSource] = []


def set_game_source(source: GameSource) -> None:
    """Make ``source`` (the registry) what :func:`find_game` asks for a game not registered."""
    _SOURCE[:] = [source]


def _source() -> GameSource | None:
    """The registry, imported if nothing has imported it yet (a program that reads a record with
    only ``boneyard.core.record`` imported): it is named here, not imported by the core's code,
    and sets itself as the source when imported (the core knows no game)."""
    if not _SOURCE:
        importlib.import_module(__name__.rpartition(".")[0].rpartition(".")[0] + ".games")
    return _SOURCE[0] if _SOURCE else None


def register_games(*games: Game) -> dict[str, Game]:
    """Register ``games`` (by id, and their aliases) for :func:`find_game`; the games by id."""
    for g in games:
        _REGISTERED[g.id] = g
        _ALIASES.update((alias, g.id) for alias in g.aliases)
    return {g.id: g for g in games}


def registered_games() -> tuple[Game, ...]:
    """Every game, in the order of the listings (the registry's: each game module is loaded)."""
    source = _source()
    return source.every() if source is not None else tuple(_REGISTERED.values())


def find_game(name: str) -> Game:
    """The game with id or alias ``name`` (its module loaded by the registry if it was not yet);
    :class:`OptionError` naming the known games otherwise."""
    game = _REGISTERED.get(_ALIASES.get(name, name))
    source = _source() if game is None else None
    if game is None and source is not None:
        game = source.find(name)
    if game is None:
        known = ", ".join(source.ids() if source is not None else _REGISTERED)
        raise OptionError(
            _("unknown game {name}: choose from {games}").format(name=repr(name), games=known)
        )
    return game
