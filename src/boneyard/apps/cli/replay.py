"""``boneyard replay``: game records replayed, their results checked, their score sheets
printed."""

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ...core.i18n import NP_, _, pgettext

if TYPE_CHECKING:
    from ...core.record import Replay

__all__ = ["replay_command", "replay_text", "run_replay"]

ENDED = (NP_("ended", "domino"), NP_("ended", "blocked"), NP_("ended", "unfinished"))
"""How a hand ended, as the score sheet says it (another game's own word stays its key)."""


def replay_command(
    file: Annotated[
        str,
        typer.Argument(metavar="FILE", help="A record file: .json (one) or .jsonl (one per line)."),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per record, one per line.")
    ] = False,
) -> None:
    """Replay game records, check their results and print their score sheets."""
    status = run_replay(file, as_json)
    if status:
        raise typer.Exit(status)


def run_replay(path: str, as_json: bool) -> int:
    """Replay every record of ``path`` (RECORD.md): the exit status is 0 when all replayed and
    agreed, 1 when a recorded result disagreed, 2 when a record was rejected (or the file cannot be
    read)."""
    from ...core.record import RecordError, read_records, replay_record

    rejected = disagreed = False
    count = 0
    try:
        for label, item in read_records(path):
            count += 1
            if isinstance(item, RecordError):
                print(str(item), file=sys.stderr)
                rejected = True
                continue
            try:
                replay = replay_record(item)
            except RecordError as e:
                print(f"{label}: {e}", file=sys.stderr)
                rejected = True
                continue
            except Exception as e:  # an engine bug must not pass for a valid record
                print(
                    _("{record}: cannot replay ({error})").format(
                        record=label, error=f"{type(e).__name__}: {e}"
                    ),
                    file=sys.stderr,
                )
                rejected = True
                continue
            if as_json:
                print(json.dumps(replay.to_json()))
            else:
                print(replay_text(label, replay))
            for message in replay.disagreements:
                print(f"{label}: {message}", file=sys.stderr)
                disagreed = True
    except RecordError as e:
        print(_("error: {message}").format(message=e), file=sys.stderr)
        return 2
    if count == 0:
        message = _("{file}: no records").format(file=path)
        print(_("error: {message}").format(message=message), file=sys.stderr)
        return 2
    return 2 if rejected else 1 if disagreed else 0


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def replay_text(label: str, replay: "Replay") -> str:
    """A replayed record's score sheet: sides, points per hand, how each ended, the totals."""
    rules = replay.rules
    players = replay.record.get("players", [])
    sides = [" & ".join(str(players[s]) for s in side) for side in rules.sides]
    seats = [
        (
            _("{side} (seat {seat})").format(side=sides[i], seat=side[0])
            if len(side) == 1
            else _("{side} (seats {seats})").format(side=sides[i], seats=", ".join(map(str, side)))
        )
        for i, side in enumerate(rules.sides)
    ]
    lines = [
        _("{record}: {game} ({rules}), {players} players").format(
            record=label, game=rules.game.id, rules=rules.rule_set, players=rules.players
        )
    ]
    lines.append("  " + " vs ".join(seats))
    widths = [max(len(s), 6) for s in sides]
    hand_word, ended, winner_word = _("hand"), _("ended"), _("winner")
    lines.append(
        f"  {hand_word:>4}  "
        + "  ".join(s.rjust(w) for s, w in zip(sides, widths, strict=True))
        + f"  {ended:<10}  {winner_word}"
    )
    for i, hand in enumerate(replay.hands, 1):
        cells = "  ".join(_num(p).rjust(w) for p, w in zip(hand.points, widths, strict=True))
        winner = sides[hand.winner] if hand.winner is not None else "-"
        how = pgettext("ended", hand.ended)
        lines.append(f"  {i:>4}  {cells}  {how.ljust(10)}  {winner}")
    cells = "  ".join(_num(p).rjust(w) for p, w in zip(replay.totals, widths, strict=True))
    lines.append(f"  {_('total'):<5} {cells}")
    if replay.complete:
        if replay.winner is not None:
            lines.append("  " + _("match complete: {side} won").format(side=sides[replay.winner]))
        else:
            lines.append("  " + _("match complete: nobody won"))
    else:
        lines.append("  " + _("match not complete"))
    return "\n".join(lines)
