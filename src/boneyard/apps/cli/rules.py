"""``boneyard rules``: the games with their rule sets, or one game's rule sets and options."""

import json
from typing import Annotated, Any

import typer

from ...core.i18n import _
from .common import error
from .options import JsonOpt, RulesOpt

__all__ = ["rules_command", "rules_json", "rules_listing", "rules_text"]


def rules_command(
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="A game id or alias.")] = None,
    rules: RulesOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List the games, or show one game's rule sets and options."""
    from ...core.options import OptionError
    from ...core.words import tell_engine
    from ...games import GAMES

    try:
        if game is None:
            if rules is not None:
                error(_("--rules needs a GAME"))
            if as_json:
                print(json.dumps([rules_json(g, None) for g in GAMES]))
            else:
                print(rules_listing())
            return
        if as_json:
            print(json.dumps(rules_json(game, rules)))
        else:
            print(rules_text(game, rules))
    except OptionError as e:
        error(tell_engine(str(e)))


def rules_listing() -> str:
    """Every game with its aliases, title, summary and rule sets (the default marked)."""
    from ...games import GAMES

    lines = []
    for game in GAMES.values():
        aliases = " " + _("(also {aliases})").format(aliases=", ".join(game.aliases))
        aliases = aliases if game.aliases else ""
        lines.append(f"{game.id}{aliases}: {_(game.title)}. {_(game.summary)}")
        sets = ", ".join(
            _("{name} (default)").format(name=name) if name == game.default_rules else name
            for name in game.rule_sets
        )
        lines.append("    " + _("rule sets: {sets}").format(sets=sets))
    lines.append("")
    lines.append(_("boneyard rules GAME shows a game's rule sets and options."))
    return "\n".join(lines)


def rules_json(game_name: str, rule_set: str | None) -> dict[str, Any]:
    """A game's description as JSON, with every option valued under ``rule_set`` (default: the
    game's)."""
    from ...games import get_game

    game = get_game(game_name)
    chosen = game.rule_set(rule_set).name
    return {
        "game": game.id,
        "title": game.title,
        "aliases": list(game.aliases),
        "summary": game.summary,
        "rules": chosen,
        "rule_sets": [
            {
                "name": rs.name,
                "description": rs.description,
                "source": rs.source,
                "default": rs.name == game.default_rules,
            }
            for rs in game.rule_sets.values()
        ],
        "options": game.describe_options(chosen),
        "players": {
            "min": game.min_players,
            "max": game.max_players,
            "default": game.players_for(chosen),
        },
        "ends": game.end_names,
    }


def rules_text(game_name: str, rule_set: str | None) -> str:
    """A game's rule sets and options in words."""
    from ...core.options import format_value
    from ...games import get_game

    info = rules_json(game_name, rule_set)
    players = info["players"]
    aliases = " " + _("(also {aliases})").format(aliases=", ".join(info["aliases"]))
    aliases = aliases if info["aliases"] else ""
    lines = [
        f"{info['game']}{aliases}: {_(info['title'])}",
        _(info["summary"]),
        _("Players: {min} to {max} (default {default})").format(**players)
        if players["min"] != players["max"]
        else _("Players: {min}").format(**players),
        _("Ends: {ends}").format(ends=_(info["ends"])),
        "",
        _("Rule sets:"),
    ]
    for rs in info["rule_sets"]:
        mark = "*" if rs["name"] == info["rules"] else " "
        default = " " + _("(default)") if rs["default"] else ""
        lines.append(f" {mark} {rs['name']}{default}: {_(rs['description'])}")
        if rs["source"]:
            lines.append("     " + _("source: {source}").format(source=rs["source"]))
    lines += [
        "",
        _("Options under {rules} (change with -o NAME=VALUE):").format(rules=info["rules"]),
    ]
    values = get_game(game_name).preset_values(info["rules"])
    for row in info["options"]:
        lines.append(f"  {row['name']} = {format_value(values[row['name']])}")
        lines.append(f"      {_(row['help'])}")
        lines.append("      " + _("allowed: {values}").format(values=row["allowed"]))
    return "\n".join(lines)
