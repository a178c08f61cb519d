"""``boneyard tournaments``: club tournaments of a server's store from the command line, so that
an operator runs a club night while the server plays the tables: made, listed, entrants added by
their account's name, started (the server makes the rounds' tables at its next sweep), shown with
their standings, closed (the ``server`` extra, imported when a command runs)."""

from typing import Annotated

import typer

from ...core.i18n import NP_, _, format_number, ngettext, pgettext
from .common import error, parse_option_args
from .options import OptionsOpt, PlayersOpt, RulesOpt, StoreOpt, group
from .tables import opened

__all__ = ["tournaments_app"]

STATUS_WORDS = (
    NP_("tournament status", "open"),
    NP_("tournament status", "starting"),
    NP_("tournament status", "playing"),
    NP_("tournament status", "over"),
    NP_("tournament status", "closed"),
    NP_("tournament format", "swiss"),
    NP_("tournament format", "round_robin"),
)
"""A tournament's statuses and formats, as the store keeps them, told in the reader's words."""


def _status(status: str) -> str:
    return pgettext("tournament status", status)


def _format(format: str, duplicate: bool = False) -> str:
    word = pgettext("tournament format", format)
    return _("{format}, duplicate").format(format=word) if duplicate else word


IdArg = Annotated[int, typer.Argument(metavar="ID", help="The tournament's number.")]


def tournaments_app() -> typer.Typer:
    """The ``tournaments`` group of commands."""
    return group(
        "tournaments",
        "Club tournaments in a server's store: list, create, add, start, show and close them.",
        list=tournaments_list,
        create=tournaments_create,
        add=tournaments_add,
        start=tournaments_start,
        show=tournaments_show,
        close=tournaments_close,
    )


def tournaments_list(db: StoreOpt = None) -> None:
    """The tournaments, the latest first: number, status, round, format, game, entrants, name."""
    with opened(db) as store:
        found = store.tournament_list()
    if not found:
        print(_("no tournaments"))
        return
    for t in found:
        rounds = (
            _("round {round}/{rounds}").format(round=t.round, rounds=t.rounds)
            if t.rounds
            else _("round {round}").format(round=t.round)
        )
        entrants = ngettext("{count} entrant", "{count} entrants", len(t.entrants)).format(
            count=format_number(len(t.entrants))
        )
        print(
            f"{t.id:>4}  {_status(t.status):<10}  {rounds:<10}  {_format(t.format, t.duplicate)}"
            f"  {t.game} ({t.rule_set})  {entrants}  {t.name}"
        )


def tournaments_create(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The tournament's name.")],
    game: Annotated[str, typer.Option("--game", "-g", help="The game (of two sides).")],
    rules: RulesOpt = None,
    option: OptionsOpt = None,
    players: PlayersOpt = None,
    format: Annotated[
        str, typer.Option("--format", help="swiss or round_robin.", metavar="FORMAT")
    ] = "swiss",
    rounds: Annotated[int, typer.Option("--rounds", help="Rounds (Swiss).")] = 3,
    boards: Annotated[int, typer.Option("--boards", help="Boards (hands) per round.")] = 2,
    duplicate: Annotated[
        bool, typer.Option("--duplicate/--no-duplicate", help="The same deals at every table.")
    ] = True,
    rated: Annotated[bool, typer.Option("--rated", help="Rated tables.")] = False,
    db: StoreOpt = None,
) -> None:
    """Make a tournament (its creator: the operator), open to entrants."""
    from ..server.store import StoredTournament
    from ..server.tournaments import checked_plan

    try:
        options = parse_option_args(option or [])
        plan = checked_plan(
            name, game, rules, options, players, format, rounds, boards, duplicate, rated
        )
    except ValueError as e:
        error(str(e))
    made = StoredTournament(id=0, creator_id=None, creator_name="the operator", **plan.__dict__)
    with opened(db) as store:
        made.id = store.add_tournament(made)
    print(
        _("tournament {number}: {name} ({format}, {game})").format(
            number=made.id, name=made.name, format=_format(made.format), game=made.game
        )
    )


def tournaments_add(
    tournament: IdArg,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The account's name (any case).")],
    db: StoreOpt = None,
) -> None:
    """Add the account of this name to an open tournament."""
    from ..server.accounts import account_name

    try:
        key = account_name(name)[1]
    except ValueError as e:
        error(_("no account can be named {name!r}: {reason}").format(name=name, reason=e))
    with opened(db) as store:
        account = store.account_named(key)
        if account is None:
            error(_("no account named {name}").format(name=name))
        why = store.join_tournament(tournament, account.id, account.name)
    if why is not None:
        error(why)
    print(_("tournament {number}: {name} added").format(number=tournament, name=account.name))


def tournaments_start(tournament: IdArg, db: StoreOpt = None) -> None:
    """Start a tournament: a server on the store makes its first round's tables at its next
    sweep (within seconds), and every round's after the one before."""
    from ..server.hub.tournaments import start_problem

    with opened(db) as store:
        t = store.load_tournament(tournament)
        if t is None:
            error(_("no tournament {number}").format(number=tournament))
        if t.status != "open":
            error(_("tournament {number} has started already").format(number=tournament))
        problem = start_problem(t)
        if problem is not None:
            error(problem)
        if not store.set_tournament_status(tournament, "starting", ["open"]):
            error(_("tournament {number} has started already").format(number=tournament))
    print(
        _("tournament {number}: starting (a server on this store makes its tables)").format(
            number=tournament
        )
    )


def tournaments_show(tournament: IdArg, db: StoreOpt = None) -> None:
    """A tournament: its entrants, and the standings after each round over."""
    from ..server.hub.tournaments import score_rounds, units_of
    from ..server.table import Table
    from ..server.tournaments import standings

    with opened(db) as store:
        t = store.load_tournament(tournament)
        if t is None:
            error(_("no tournament {number}").format(number=tournament))
        tables: dict[str, Table | None] = {}
        for row in t.tables:
            if row.table_id is not None:
                stored = store.load(row.table_id)
                tables[row.table_id] = None if stored is None else Table.restore(stored)
    print(
        _("{name}: {format}, {game} ({rules}), {status}, round {round}").format(
            name=t.name,
            format=_format(t.format),
            game=t.game,
            rules=t.rule_set,
            status=_status(t.status),
            round=t.round,
        )
    )
    if t.entrants:
        print(_("entrants: {names}").format(names=", ".join(e.name for e in t.entrants)))
    else:
        print(_("entrants: none"))
    names = [u.name for u in units_of(t)]
    results = score_rounds(t, tables)
    for i, r in enumerate(results):
        print(_("after round {round}:").format(round=r.round))
        games = [g for done in results[: i + 1] for g in done.games]
        for s in standings(names, games):
            print(
                f"  {s.rank:>3}. {s.name:<30} "
                + _("{points} mp  buchholz {buchholz}  score {score}  h2h {h2h}").format(
                    points=f"{s.match_points:>4g}",
                    buchholz=f"{s.buchholz:g}",
                    score=f"{float(s.score):.2f}",
                    h2h=f"{s.head_to_head:g}",
                )
            )


def tournaments_close(tournament: IdArg, db: StoreOpt = None) -> None:
    """Close a tournament: no round follows, and its round's tables in play are closed (the
    server closes them at its next sweep)."""
    with opened(db) as store:
        t = store.load_tournament(tournament)
        if t is None:
            error(_("no tournament {number}").format(number=tournament))
        if not store.set_tournament_status(tournament, "closed", ["open", "starting", "playing"]):
            error(_("tournament {number} is over or closed already").format(number=tournament))
        ids = [r.table_id for r in t.tables if r.round == t.round and r.table_id is not None]
        store.close_tables(ids)
    print(_("tournament {number}: closed").format(number=tournament))
