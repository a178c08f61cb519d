"""Options, rule sets and games: names, values, defaults and errors (options.py, rules/base.py,
games.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest

from boneyard import GAMES, OptionError, Options, get_game
from boneyard.core.game import Game
from boneyard.core.options import (
    OptionSpec,
    format_value,
    parse_value,
    per_players,
    pick,
    to_json,
)
from boneyard.games import option_specs
from boneyard.games.block import LINE_DEFAULTS, LINE_OPTIONS, PARTNERSHIP_OPTIONS
from boneyard.games.line.options import LINE_SPECS
from conftest import configure

# Every option some game lists, read from the games (there is no table of them all).
OPTIONS = option_specs()


def test_games_and_their_rule_sets() -> None:
    assert {"block", "draw", "partnership"} <= set(GAMES)
    assert list(get_game("block").rule_sets) == ["modern", "britannica", "garden-games"]
    assert list(get_game("draw").rule_sets) == ["britannica", "pagat"]
    assert list(get_game("partnership").rule_sets) == [
        "latin",
        "puerto-rico",
        "cuba",
        "dominican",
        "venezuela",
        "panama",
        "international",
    ]
    assert get_game("block").default_rules == "modern"
    assert get_game("draw").default_rules == "britannica"
    assert get_game("partnership").default_rules == "latin"


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(
        OptionError, match="unknown game 'chess': choose from block, draw, partnership"
    ):
        get_game("chess")


def test_option_error_is_a_value_error() -> None:
    assert issubclass(OptionError, ValueError)


def test_unknown_rule_set_lists_the_rule_sets() -> None:
    with pytest.raises(
        OptionError,
        match="unknown rule set 'pagat' for block: choose from modern, britannica, garden-games",
    ):
        configure("block", "pagat")


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(OptionError) as info:
        configure("block", "modern", 2, spinners="none")
    message = str(info.value)
    assert "unknown option 'spinners' for block" in message
    for name in LINE_OPTIONS:
        assert name in message


def test_an_option_that_does_not_apply() -> None:
    class Tiny(Game):
        id: ClassVar[str] = "tiny"
        title: ClassVar[str] = "Tiny"
        summary: ClassVar[str] = ""
        option_specs = pick(("tile_set", "hand_size"), LINE_SPECS)
        defaults: ClassVar[dict[str, Any]] = {"tile_set": "double-six", "hand_size": 7}
        rule_sets: ClassVar[dict[str, Any]] = dict(get_game("block").rule_sets)
        default_rules = "modern"

    with pytest.raises(
        OptionError,
        match="option 'spinner' does not apply to tiny: options are tile_set, hand_size",
    ):
        Tiny().configure("modern", {"spinner": "none"})


@pytest.mark.parametrize(
    ("name", "value", "fragment"),
    [
        (
            "blocked_scoring",
            "excess",
            "combined, opponents, difference_each, difference_total, cascade, fixed:<n>",
        ),
        ("blocked_scoring", "fixed:x", "fixed:<n>"),
        ("blocked_scoring", "fixed:", "fixed:<n>"),
        ("blocked_scoring", 3, "choose from combined"),
        ("domino_points", "round5", "pips, pips_round5, pips_round3, none, fixed:<n>"),
        (
            "first_lead",
            "highest",
            "highest_double, draw_highest, draw_highest_doubles_first, draw_lowest",
        ),
        ("first_lead", "holder_of:6", "holder_of:<tile>"),
        ("first_lead", "holder_of:13-0", "holder_of:<tile>"),
        ("draw_policy", "sometimes", "none, until_playable, one_then_pass"),
        ("next_lead", "left", "alternate, winner, rotate_left, rotate_right, same_as_first"),
        ("turn_direction", "up", "cw, ccw"),
        ("spinner", "first", "none, first_double, all_doubles, opening_double"),
        ("blocked_tie", "coin", "no_score, split, lightest_tile, last_to_play, fewest_doubles"),
        ("partner_pips", "half", "ignore, include, subtract"),
        ("hand_double_value", "double", "full, one_half"),
        ("round_scope", "each", "total, per_opponent"),
        ("lead_tile", "double", "the_deciding_double, any"),
        ("no_double", "pass", "redeal, heaviest_tile, draw_until_found"),
        ("tile_set", "double-fifteen", "double-six, double-nine, double-twelve"),
        ("voluntary_draw", "maybe", "expected true or false"),
        ("voluntary_draw", 2, "expected true or false"),
        (
            "target_score",
            "many",
            "expected a whole number, 1 or more, or one per number of players",
        ),
        ("target_score", 0, "0 is less than 1; expected a whole number, 1 or more"),
        ("target_score", True, "one per number of players such as 2:15,3:10,4:10"),
        ("target_score", "-5", "-5 is less than 1; expected a whole number, 1 or more"),
        (
            "hand_size",
            0,
            "0 is less than 1; expected a whole number, 1 or more, or one per number of players "
            "such as 2:7,3:5,4:5",
        ),
        ("hand_size", "2:7,3", "one per number of players such as 2:7,3:5,4:5"),
        (
            "hand_size",
            "2:seven",
            "'seven' is not a whole number; expected a whole number, 1 or more",
        ),
        (
            "stock_reserve",
            -1,
            "-1 is less than 0; expected a whole number, 0 or more, or one per number of players "
            "such as 2:3,3:0,4:0",
        ),
        ("stock_reserve", 1.5, "one per number of players such as 2:3,3:0,4:0"),
    ],
)
def test_bad_values_name_the_valid_ones(name: str, value: Any, fragment: str) -> None:
    with pytest.raises(OptionError) as info:
        configure("block", "modern", 2, **{name: value})
    message = str(info.value)
    assert f"bad value {value!r} for option {name}: " in message
    assert fragment in message


def test_a_bad_player_count_in_a_map_names_the_option() -> None:
    with pytest.raises(OptionError) as info:
        configure("block", "modern", 2, hand_size={"two": 7})
    message = str(info.value)
    assert "'two'" in message
    # The user set hand_size: the message should say so (not "option players": there is none).
    assert "hand_size" in message


@pytest.mark.parametrize(
    ("name", "raw", "value"),
    [
        ("voluntary_draw", True, True),
        ("voluntary_draw", "yes", True),
        ("voluntary_draw", " On ", True),
        ("voluntary_draw", "1", True),
        ("voluntary_draw", "false", False),
        ("voluntary_draw", "no", False),
        ("voluntary_draw", "off", False),
        ("voluntary_draw", "0", False),
        ("target_score", 61, 61),
        ("target_score", " 61 ", 61),
        ("hand_size", 5, 5),
        ("hand_size", "5", 5),
        ("hand_size", "2:7,3:5,4:5", ((2, 7), (3, 5), (4, 5))),
        ("hand_size", "4:5,2:7", ((2, 7), (4, 5))),
        ("hand_size", {"2": 7, "3": 5}, ((2, 7), (3, 5))),
        ("hand_size", [[3, 5], [2, 7]], ((2, 7), (3, 5))),
        ("stock_reserve", 0, 0),
        ("stock_reserve", "2:3,3:0,4:0", ((2, 3), (3, 0), (4, 0))),
        ("blocked_scoring", "fixed:10", "fixed:10"),
        ("blocked_scoring", "fixed:010", "fixed:10"),
        ("blocked_scoring", " cascade ", "cascade"),
        ("domino_points", "fixed:1", "fixed:1"),
        ("first_lead", "holder_of:6-6", "holder_of:6-6"),
        ("first_lead", "holder_of:3-5", "holder_of:3-5"),
    ],
)
def test_parse_value(name: str, raw: Any, value: Any) -> None:
    assert parse_value(OPTIONS[name], raw) == value


def test_format_and_json_forms() -> None:
    assert format_value(True) == "true"
    assert format_value(False) == "false"
    assert format_value(((2, 7), (3, 5))) == "2:7,3:5"
    assert format_value("cascade") == "cascade"
    assert format_value(7) == "7"
    assert to_json(((2, 7), (3, 5))) == {"2": 7, "3": 5}
    assert to_json("fixed:10") == "fixed:10"
    # A value written back is read as the same value.
    for spec in OPTIONS.values():
        for raw in (LINE_DEFAULTS.get(spec.name, ()),):
            value = parse_value(spec, raw) if raw != () else None
            if value is not None:
                assert parse_value(spec, format_value(value)) == value
                assert parse_value(spec, to_json(value)) == value


def test_per_players() -> None:
    assert per_players(((2, 7), (3, 5)), 3, "hand_size") == 5
    assert per_players(4, 3, "hand_size") == 4
    with pytest.raises(
        OptionError, match=r"option hand_size gives no value for 4 players \(it has 2, 3\)"
    ):
        per_players(((2, 7), (3, 5)), 4, "hand_size")


def test_allowed_in_words() -> None:
    assert OPTIONS["voluntary_draw"].allowed() == "true, false"
    assert OPTIONS["target_score"].allowed() == (
        "a whole number, 1 or more, or one per number of players such as 2:15,3:10,4:10"
    )
    assert OPTIONS["stock_reserve"].allowed() == (
        "a whole number, 0 or more, or one per number of players such as 2:3,3:0,4:0"
    )
    assert OPTIONS["rounds"].allowed() == "a whole number, 0 or more, such as 10"
    assert (
        OPTIONS["next_lead"].allowed()
        == "alternate, winner, rotate_left, rotate_right, same_as_first"
    )
    assert OptionSpec("x", "choice", "", ("a",), ("b:<n>",)).allowed() == "a, b:<n>"


def test_every_option_has_a_spec_and_the_line_games_share_theirs() -> None:
    assert set(LINE_OPTIONS) <= set(OPTIONS)
    for spec in OPTIONS.values():
        assert spec.help
    for game in GAMES.values():
        assert set(game.option_names) <= set(OPTIONS)
    for name in ("block", "draw"):
        assert set(get_game(name).option_names) == set(LINE_OPTIONS)
    # The partnership game lists the line options and the Caribbean bonuses' (line options too).
    assert set(get_game("partnership").option_names) == set(PARTNERSHIP_OPTIONS)
    assert set(PARTNERSHIP_OPTIONS) - set(LINE_OPTIONS) <= {s.name for s in LINE_SPECS}


def test_an_option_of_another_game_does_not_apply_to_block() -> None:
    other = sorted(set(OPTIONS) - set(LINE_OPTIONS))
    if not other:  # pragma: no cover - only the line games exist
        pytest.skip("every option applies to the line games")
    with pytest.raises(
        OptionError, match=f"option '{other[0]}' does not apply to block: options are"
    ):
        configure("block", "modern", 2, **{other[0]: "x"})


@pytest.mark.parametrize("game", ["block", "draw", "partnership"])
def test_every_rule_set_fixes_every_option(game: str) -> None:
    g = get_game(game)
    for name in g.rule_sets:
        values = g.preset_values(name)
        assert set(values) == set(g.option_names)
        rules = g.configure(name)
        assert dict(rules.options) == values
        described = g.describe_options(name)
        assert [d["name"] for d in described] == list(g.option_names)
        assert [r[0] for r in rules.option_rows()] == list(g.option_names)


def test_rule_set_values() -> None:
    block = get_game("block")
    assert block.preset_values("britannica")["blocked_scoring"] == "combined"
    assert block.preset_values("garden-games")["blocked_scoring"] == "difference_each"
    assert block.preset_values("garden-games")["spinner"] == "all_doubles"
    assert block.preset_values("garden-games")["spinner_sides_first"] is False
    assert block.preset_values("garden-games")["stock_reserve"] == 0
    assert block.preset_values("garden-games")["draw_policy"] == "until_playable"
    assert block.preset_values("modern")["hand_size"] == ((2, 7), (3, 5), (4, 5))
    draw = get_game("draw")
    assert draw.preset_values("britannica")["stock_reserve"] == 2
    assert draw.preset_values("pagat")["voluntary_draw"] is True
    partnership = get_game("partnership")
    assert partnership.preset_values("latin")["first_lead"] == "holder_of:6-6"
    assert partnership.preset_values("latin")["blocked_scoring"] == "opponents"
    assert partnership.preset_values("puerto-rico")["partner_pips"] == "include"


def test_options_override_the_rule_set_one_by_one() -> None:
    rules = configure("block", "britannica", 2, blocked_scoring="cascade", target_score="150")
    assert rules.blocked_scoring == "cascade"
    assert rules.target_score == 150
    assert rules.first_lead == "draw_highest"  # the rest of the rule set stays
    assert rules.options["target_score"] == 150


def test_options_are_frozen_mappings() -> None:
    options = configure("block").options
    assert isinstance(options, Options)
    assert options["spinner"] == "none"
    assert options.spinner == "none"
    assert len(options) == len(LINE_OPTIONS)
    assert set(options) == set(LINE_OPTIONS)
    with pytest.raises(AttributeError, match="frozen"):
        options.spinner = "all_doubles"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        _ = options.no_such_option
    same = Options(dict(options))
    assert same == options and hash(same) == hash(options)
    assert same != Options({**dict(options), "spinner": "all_doubles"})
    json_form = options.to_json()
    assert json_form["hand_size"] == {"2": 7, "3": 5, "4": 5}
    assert json_form["voluntary_draw"] is False
    assert "Options(" in repr(options)


def test_hand_size_too_big_for_the_set() -> None:
    with pytest.raises(
        OptionError, match="cannot deal 8 tiles to each of 4 players from the 28 tiles"
    ):
        configure("block", "modern", 4, hand_size=8)
    assert configure("block", "modern", 4, hand_size=7).hand_size == 7
    assert configure("block", "modern", 4, hand_size=8, tile_set="double-nine").hand_size == 8


def test_hand_size_map_without_this_player_count() -> None:
    with pytest.raises(OptionError, match="gives no value for 3 players"):
        configure("block", "modern", 3, hand_size="2:7,4:5")


def test_players_out_of_range() -> None:
    with pytest.raises(OptionError, match="draw is for 2 to 4 players, not 6"):
        configure("draw", "pagat", 6)


# A value no option takes: a word, a number below every minimum, a map with a bad count.
BAD = {
    "bool": ["maybe", 2],
    "int": ["many", -1],
    "int_or_map": ["many", -1, "2:x"],
    "choice": ["?"],
    "set": ["?", "", 3],
}


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_every_bad_value_is_explained_with_the_options_own_example(name: str) -> None:
    """For every option in the registry (options added later included), a bad value's error
    names the option and shows a value valid for it: its own example for a number or a map of
    numbers per player count (not another option's), its choices, or true and false; and under
    every game that has the option, that example configures."""
    spec = OPTIONS[name]
    shown = {
        "bool": "true or false",
        "int": spec.example,
        "int_or_map": spec.example,
        "choice": spec.choices[0] if spec.choices else "",
        "set": spec.choices[0] if spec.choices else "",
    }[spec.kind]
    assert shown, f"{name} has no example"
    for value in BAD[spec.kind]:
        with pytest.raises(OptionError) as info:
            parse_value(spec, value)
        message = str(info.value)
        assert message.startswith(f"bad value {value!r} for option {name}: "), message
        assert shown in message, message
    assert parse_value(spec, "true" if spec.kind == "bool" else shown) is not None
    if spec.kind not in ("int", "int_or_map"):
        return
    example = shown
    if spec.kind == "int_or_map":
        assert ":" in example, "a per-player option shows a map"
        others = [s.example for s in OPTIONS.values() if s.kind == "int_or_map" and s is not spec]
        assert example not in others, f"{name} borrows another option's example"
    for game in GAMES.values():
        if name not in game.option_names:
            continue
        value = parse_value(spec, example)
        counts = [k for k, _ in value] if isinstance(value, tuple) else [game.default_players]
        for players in counts:
            if game.min_players <= players <= game.max_players:
                game.configure(None, {name: example}, players)


def test_the_options_page_shows_each_options_own_example() -> None:
    """docs/options.md's table gives each per-player option the example its errors give."""
    page = (Path(__file__).parent.parent / "docs" / "options.md").read_text()
    for spec in OPTIONS.values():
        if spec.kind != "int_or_map":
            continue
        row = next(line for line in page.splitlines() if line.startswith(f"| `{spec.name}` |"))
        assert f"(`{spec.example}`)" in row, row


def test_a_set_option_takes_some_of_its_choices_in_its_own_order() -> None:
    """The "set" kind (Texas 42's contracts): any of the choices joined by commas, written back in
    the order the option lists them; read typed as the members of its enum."""
    from enum import StrEnum

    class Contract(StrEnum):
        SUIT = "suit"
        DOUBLES = "doubles"
        NELLO = "nello"

    spec = OptionSpec("contracts", "set", "the contracts", tuple(Contract))
    assert parse_value(spec, "nello, suit") == "suit,nello"
    assert parse_value(spec, ["doubles", "suit"]) == "suit,doubles"
    assert spec.members(Options({"contracts": "suit,nello"}), Contract) == {
        Contract.SUIT,
        Contract.NELLO,
    }
    with pytest.raises(OptionError, match=r"'plunge' is not one of them; choose from any of suit"):
        parse_value(spec, "suit,plunge")
    with pytest.raises(OptionError, match="none given"):
        parse_value(spec, ",")


def test_typed_reads_and_what_a_game_that_does_not_list_an_option_plays_by() -> None:
    """Rules read an option once, typed, through its spec; an option the game does not list reads
    as the spec's ``absent`` (Domino Loo's rules are a line game's, with no drawing listed)."""
    from boneyard.games.line.options import DRAW_POLICY, HAND_SIZE, DrawPolicy

    block = get_game("draw").configure(players=3)
    assert DRAW_POLICY.choice(block.options, DrawPolicy) is DrawPolicy.UNTIL_PLAYABLE
    assert HAND_SIZE.for_players(block.options, 3) == block.hand_size == 5
    assert DRAW_POLICY.choice(Options({}), DrawPolicy) is DrawPolicy.NONE  # its absent value
    loo = get_game("domino-loo").configure()
    assert "draw_policy" not in loo.options and loo.can_draw is False
    # The enum is its written form: records and the compiled core read it unchanged.
    assert block.draw_policy == "until_playable" and f"{block.draw_policy}" == "until_playable"


def test_a_game_lists_its_option_specs_not_bare_names() -> None:
    with pytest.raises(TypeError, match="list option_specs"):

        class Bare(Game):
            option_names = ("tile_set",)
