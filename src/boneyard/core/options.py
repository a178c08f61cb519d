"""Rule options: names, allowed values, defaults and one-line explanations (RULES.md §3).

Options are data. Each game lists the options that apply to it; each rule set of a game fixes every
one of them; a user may then change them one by one. An unknown option or a bad value raises
:class:`OptionError`, whose message lists what is valid.

Values are ints, bools, strings, or *per-player maps* (``hand_size``, ``stock_reserve`` and
``target_score``), written on the command line as ``2:7,3:5,4:5`` and in JSON as
``{"2": 7, "3": 5, "4": 5}``.

>>> parse_value(OPTIONS["hand_size"], "2:7,3:5")
((2, 7), (3, 5))
>>> parse_value(OPTIONS["blocked_scoring"], "fixed:10")
'fixed:10'
>>> parse_value(OPTIONS["voluntary_draw"], "yes")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .tiles import parse_tile

__all__ = [
    "OPTIONS",
    "OptionError",
    "OptionSpec",
    "OptionValue",
    "Options",
    "parse_value",
    "register",
]

OptionValue = int | bool | str | tuple[tuple[int, int], ...]


class OptionError(ValueError):
    """An unknown game, rule set or option, or a bad option value."""


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

    def allowed(self) -> str:
        """The allowed values in words, with an example of this option's own where it helps."""
        if self.kind == "bool":
            return "true, false"
        if self.kind == "int":
            return f"a whole number, {self.minimum} or more, such as {self.example}"
        if self.kind == "int_or_map":
            return (
                f"a whole number, {self.minimum} or more, or one per number of players such as "
                f"{self.example}"
            )
        if self.kind == "set":
            return "any of " + ", ".join(self.choices) + " joined by commas"
        return ", ".join([*self.choices, *self.param_choices])

    def bad_value(self, value: Any, why: str = "") -> OptionError:
        """The error for a bad ``value``: the option, what was wrong (``why``, if more can be
        said) and what it takes."""
        expected = "true or false" if self.kind == "bool" else self.allowed()
        verb = "choose from" if self.kind in ("choice", "set") else "expected"
        detail = f"{why}; {verb} {expected}" if why else f"{verb} {expected}"
        return OptionError(f"bad value {value!r} for option {self.name}: {detail}")


_SPECS = [
    OptionSpec(
        "tile_set",
        "choice",
        "the set used: double-six (28 tiles), double-nine (55) or double-twelve (91)",
        ("double-six", "double-nine", "double-twelve"),
    ),
    OptionSpec(
        "partnerships",
        "bool",
        "four players play as two partnerships, seats 0 and 2 "
        "against 1 and 3, scoring for the side",
    ),
    OptionSpec(
        "hand_size",
        "int_or_map",
        "tiles dealt to each player, or per number of players",
        minimum=1,
        example="2:7,3:5,4:5",
    ),
    OptionSpec(
        "stock_reserve",
        "int_or_map",
        "stock tiles that may never be drawn, or per number of players",
        example="2:3,3:0,4:0",
    ),
    OptionSpec(
        "draw_policy",
        "choice",
        "when a player cannot play: none (pass), until_playable "
        "(draw until a tile fits), one_then_pass (draw one, pass if it does not fit)",
        ("none", "until_playable", "one_then_pass"),
    ),
    OptionSpec(
        "voluntary_draw",
        "bool",
        "a player who could play may draw instead (while the stock is above the reserve)",
    ),
    OptionSpec(
        "first_lead",
        "choice",
        "who poses first in the first hand",
        (
            "highest_double",
            "draw_highest",
            "draw_highest_doubles_first",
            "draw_lowest",
            "lowest_double",
            "random",
        ),
        ("holder_of:<tile>",),
    ),
    OptionSpec(
        "lead_tile",
        "choice",
        "whether the leader must pose the tile that gave him the lead "
        "(the_deciding_double) or may pose any tile",
        ("the_deciding_double", "any"),
    ),
    OptionSpec(
        "no_double",
        "choice",
        "when the lead goes to a double and nobody holds one: redeal, "
        "the heaviest tile leads, or players draw in turn until a double appears",
        ("redeal", "heaviest_tile", "draw_until_found"),
    ),
    OptionSpec(
        "next_lead",
        "choice",
        "who leads the later hands of a match",
        ("alternate", "winner", "rotate_left", "rotate_right", "same_as_first"),
    ),
    OptionSpec(
        "turn_direction",
        "choice",
        "the way round the table play goes: cw (clockwise) or ccw",
        ("cw", "ccw"),
    ),
    OptionSpec("doubles_crosswise", "bool", "doubles are laid across the line"),
    OptionSpec(
        "spinner",
        "choice",
        "which doubles can be played on all four sides: none, the "
        "first double of the hand, every double, or only a double posed as the lead",
        ("none", "first_double", "all_doubles", "opening_double"),
    ),
    OptionSpec(
        "spinner_sides_first",
        "bool",
        "a spinner's two long sides must be covered before its short ends open",
    ),
    OptionSpec(
        "spinner_fill_first",
        "bool",
        "the first spinner must get a tile on every side before any arm grows",
    ),
    OptionSpec(
        "double_bonus_play",
        "bool",
        "a player who plays a double may at once play another tile matching it",
    ),
    OptionSpec(
        "domino_points",
        "choice",
        "what going out scores: the opponents' pips, rounded to "
        "the nearest five or three, a fixed number, or nothing",
        ("pips", "pips_round5", "pips_round3", "none"),
        ("fixed:<n>",),
    ),
    OptionSpec(
        "round_scope",
        "choice",
        "rounding applies to the total of the opponents' pips, or to each opponent's hand",
        ("total", "per_opponent"),
    ),
    OptionSpec(
        "blocked_scoring",
        "choice",
        "what the lowest hand scores when no one can play: "
        "combined (all hands), opponents (others' pips), difference_each (sum of the "
        "differences to each), difference_total (others' total minus own), cascade (every "
        "player scores the differences to those above), or a fixed number",
        ("combined", "opponents", "difference_each", "difference_total", "cascade"),
        ("fixed:<n>",),
    ),
    OptionSpec(
        "blocked_tie",
        "choice",
        "a tie for the lowest blocked hand: no_score, split the "
        "score, the lightest single tile wins, the side that played last wins, or the "
        "fewest doubles wins",
        ("no_score", "split", "lightest_tile", "last_to_play", "fewest_doubles"),
    ),
    OptionSpec(
        "count_stock_pips",
        "bool",
        "the pips left in the stock are added to the loser's count (the winner scores them too)",
    ),
    OptionSpec(
        "early_block_detection",
        "bool",
        "the hand is blocked as soon as no tile in any hand "
        "or in the drawable stock can be played (no drawing down a dead stock)",
    ),
    OptionSpec(
        "partner_pips",
        "choice",
        "when a partnership scores: the partner's remaining pips "
        "are ignored, included, or subtracted",
        ("ignore", "include", "subtract"),
    ),
    OptionSpec(
        "target_score",
        "int_or_map",
        "points that win the match, or per number of players",
        minimum=1,
        example="2:15,3:10,4:10",
    ),
    OptionSpec(
        "target_exact",
        "bool",
        "the target must be reached exactly: a score that would pass it is ignored, and the first "
        "side to reach it wins at once",
    ),
    OptionSpec(
        "score_unit",
        "choice",
        "a scoring count scores its face value (15 -> 15) or one point per multiple (15 -> 3 "
        "fives); end-of-hand points are divided the same way",
        ("face", "per_multiple"),
    ),
    OptionSpec(
        "count_scoring",
        "choice",
        "which counts of the open ends score during play: none, multiples of five, of three, or "
        "both (one point per five and per three)",
        ("none", "fives", "threes", "fives_and_threes"),
    ),
    OptionSpec("lead_scores", "bool", "the lead tile scores its count like any other play"),
    OptionSpec(
        "zero_count_scores",
        "bool",
        "a count of zero (a 0-0 lead, two blank ends) scores as a multiple (no source does)",
    ),
    OptionSpec(
        "exposed_double_value",
        "choice",
        "a crosswise double at an open end counts both halves (until its far side is covered) "
        "or one half",
        ("both_halves", "one_half"),
    ),
    OptionSpec(
        "spinner_ends_count",
        "choice",
        "a spinner counts (both halves) until both long sides are covered, or (Sniff) until "
        "every side is covered",
        ("until_sides_covered", "until_ends_covered"),
    ),
    OptionSpec(
        "muggins_mode",
        "choice",
        "scores are taken automatically (auto), or must be claimed with the play (claim): an "
        "unclaimed count can be taken by the next player calling muggins",
        ("auto", "claim"),
    ),
    OptionSpec(
        "false_claim_penalty",
        "bool",
        "a wrong claim is struck and the next opponent scores the points claimed as a penalty",
    ),
    OptionSpec(
        "team_out_rule",
        "choice",
        "a partnership hand ends when one player is out (first_player), or goes on until both "
        "partners of a side are out (both_partners)",
        ("first_player", "both_partners"),
    ),
    OptionSpec(
        "match_rule",
        "choice",
        "how a tile matches an end: equal numbers, or touching halves that sum to the set's "
        "n+1 (sum: 7 with double-six, 10 with double-nine, 13 with double-twelve) or to a "
        "given number",
        ("equal", "sum"),
        ("sum:<n>",),
    ),
    OptionSpec(
        "matador_optional",
        "bool",
        "a player whose only plays are matadors may draw instead (while the stock is above the "
        "reserve); once no drawing is possible a held matador must be played",
    ),
    OptionSpec(
        "matador_placement",
        "choice",
        "a matador's holder chooses which half stays exposed (choose_exposed_half), or lays it "
        "crosswise with both halves open (crosswise_both_open)",
        ("choose_exposed_half", "crosswise_both_open"),
    ),
    OptionSpec(
        "whist_debit",
        "choice",
        "who is debited at the end of a hand: the side holding the most pips with its own total "
        "(highest_side_own_total), the side of the player holding the most with all the pips "
        "(side_of_highest_holder_all_pips), or that side with that player's pips "
        "(highest_holder_own_pips)",
        (
            "highest_side_own_total",
            "side_of_highest_holder_all_pips",
            "highest_holder_own_pips",
        ),
    ),
    OptionSpec(
        "target_is_loss",
        "bool",
        "the target is a loss: points are debits and the side that reaches the target loses",
    ),
    OptionSpec("rounds", "int", "hands in a match (0: no limit, play to the target)", example="10"),
    OptionSpec(
        "loo_scoring",
        "choice",
        "Domino Loo is played for a pool (the dealer stakes 5, each trick takes a fifth, a looed "
        "player pays 5 into the next pool; a match of rounds deals) or for points (1 a trick, "
        "first to target_score)",
        ("pool", "points"),
    ),
    OptionSpec(
        "loo_penalty",
        "int",
        "in Domino Loo for points, what a player who stayed in and took no trick (looed) loses",
        example="5",
    ),
    OptionSpec(
        "loo_miss",
        "bool",
        "in Domino Loo a player may take the miss: throw his hand out and take a new one from "
        "the stock (six keeping five with two or three players, all seven keeping five with four)",
    ),
    OptionSpec(
        "loo_suits",
        "choice",
        "in Domino Loo a tile that is not a trump belongs to the suit of its higher number "
        "(higher_end), or follows any suit it shows (either_end); it leads its higher number",
        ("higher_end", "either_end"),
    ),
    OptionSpec(
        "loo_must_trump",
        "bool",
        "in Domino Loo a player who cannot follow suit must trump if he can",
    ),
    OptionSpec(
        "loo_must_head",
        "bool",
        "in Domino Loo a player must head the trick (beat the best tile so far) when a tile he "
        "is bound to play from can",
    ),
    OptionSpec(
        "starting_double",
        "choice",
        "what the double that starts a Chicken Foot round needs before anything else: a tile on "
        "each of its four sides (four_sides), or three on each long side (three_each_side)",
        ("four_sides", "three_each_side"),
    ),
    OptionSpec(
        "double_blank_value",
        "int",
        "what the 0-0 counts when left in a hand at the end (0 normally; 50 in Chicken Foot)",
        example="50",
    ),
    OptionSpec(
        "blank_half_value",
        "int",
        "what each blank half counts when left in a hand at the end (0 normally; 25 in one "
        "Chicken Foot text)",
        example="25",
    ),
    OptionSpec(
        "blocked_doubles_lose",
        "choice",
        "Bergen's doubles rule for a blocked hand: off (the fewest pips win), all_pips (a hand "
        "holding a double loses to any hand without one, then the fewest pips win), "
        "non_double_pips (the same, but hands that all hold doubles count only their other "
        "tiles)",
        ("off", "all_pips", "non_double_pips"),
        was_bool=("off", "all_pips"),
    ),
    OptionSpec(
        "bergen_near_target_cap",
        "bool",
        "a header scores at most 1 for a player within 2 of the target, at most 2 within 3 "
        "(Celko's Bergen)",
    ),
    OptionSpec(
        "hand_double_value",
        "choice",
        "a double left in hand counts its full pips or one half",
        ("full", "one_half"),
    ),
]

OPTIONS: dict[str, OptionSpec] = {s.name: s for s in _SPECS}


def register(*specs: OptionSpec) -> None:
    """Add the options a game declares for itself (its own rules' options) to the options every
    game is configured from. A name may be declared once; declaring it again with another
    meaning is an error (two games would then read one option two ways)."""
    for spec in specs:
        known = OPTIONS.get(spec.name)
        if known is not None and known != spec:
            raise ValueError(f"option {spec.name} is declared twice, differently")
        OPTIONS[spec.name] = spec


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
        part = f"{value!r} is not a whole number" if whole is not None else ""
        raise spec.bad_value(given, part)
    if n < spec.minimum:
        raise spec.bad_value(given, f"{n} is less than {spec.minimum}")
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
                raise spec.bad_value(value, f"{k!r} is not a number of players")
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
                raise spec.bad_value(value, f"{item!r} is not one of them")
            chosen.add(item.strip())
        if not chosen:
            raise spec.bad_value(value, "none given")
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
    prefix, _, param = text.partition(":")
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
        raise OptionError(f"option {name} gives no value for {players} players (it has {known})")
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(f"option {name} must be a number")
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
