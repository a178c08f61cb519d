"""``boneyard tournaments``: club tournaments of a server's store from the command line, so that
an operator runs a club night while the server plays the tables: made, listed, entrants added by
their account's name, started (the server makes the rounds' tables at its next sweep), shown with
their standings, closed (the ``server`` extra, imported when a command runs)."""

from typing import Annotated

import typer

from .common import error, parse_option_args
from .options import OptionsOpt, PlayersOpt, RulesOpt, StoreOpt, group
from .tables import opened

__all__ = ["tournaments_app"]

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
        print("no tournaments")
        return
    for t in found:
        rounds = f"round {t.round}/{t.rounds}" if t.rounds else f"round {t.round}"
        dup = " duplicate" if t.duplicate else ""
        print(
            f"{t.id:>4}  {t.status:<8}  {rounds:<10}  {t.format}{dup}  {t.game} ({t.rule_set})"
            f"  {len(t.entrants)} entrants  {t.name}"
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
    print(f"tournament {made.id}: {made.name} ({made.format}, {made.game})")


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
        error(f"no account can be named {name!r}: {e}")
    with opened(db) as store:
        account = store.account_named(key)
        if account is None:
            error(f"no account named {name}")
        why = store.join_tournament(tournament, account.id, account.name)
    if why is not None:
        error(why)
    print(f"tournament {tournament}: {account.name} added")


def tournaments_start(tournament: IdArg, db: StoreOpt = None) -> None:
    """Start a tournament: a server on the store makes its first round's tables at its next
    sweep (within seconds), and every round's after the one before."""
    from ..server.hub.tournaments import start_problem

    with opened(db) as store:
        t = store.load_tournament(tournament)
        if t is None:
            error(f"no tournament {tournament}")
        if t.status != "open":
            error(f"tournament {tournament} has started already")
        problem = start_problem(t)
        if problem is not None:
            error(problem)
        if not store.set_tournament_status(tournament, "starting", ["open"]):
            error(f"tournament {tournament} has started already")
    print(f"tournament {tournament}: starting (a server on this store makes its tables)")


def tournaments_show(tournament: IdArg, db: StoreOpt = None) -> None:
    """A tournament: its entrants, and the standings after each round over."""
    from ..server.hub.tournaments import score_rounds, units_of
    from ..server.table import Table
    from ..server.tournaments import standings

    with opened(db) as store:
        t = store.load_tournament(tournament)
        if t is None:
            error(f"no tournament {tournament}")
        tables: dict[str, Table | None] = {}
        for row in t.tables:
            if row.table_id is not None:
                stored = store.load(row.table_id)
                tables[row.table_id] = None if stored is None else Table.restore(stored)
    print(f"{t.name}: {t.format}, {t.game} ({t.rule_set}), {t.status}, round {t.round}")
    print("entrants: " + (", ".join(e.name for e in t.entrants) or "none"))
    names = [u.name for u in units_of(t)]
    results = score_rounds(t, tables)
    for i, r in enumerate(results):
        print(f"after round {r.round}:")
        games = [g for done in results[: i + 1] for g in done.games]
        for s in standings(names, games):
            print(
                f"  {s.rank:>3}. {s.name:<30} {s.match_points:>4g} mp  buchholz {s.buchholz:g}"
                f"  score {float(s.score):.2f}  h2h {s.head_to_head:g}"
            )


def tournaments_close(tournament: IdArg, db: StoreOpt = None) -> None:
    """Close a tournament: no round follows, and its round's tables in play are closed (the
    server closes them at its next sweep)."""
    with opened(db) as store:
        t = store.load_tournament(tournament)
        if t is None:
            error(f"no tournament {tournament}")
        if not store.set_tournament_status(tournament, "closed", ["open", "starting", "playing"]):
            error(f"tournament {tournament} is over or closed already")
        ids = [r.table_id for r in t.tables if r.round == t.round and r.table_id is not None]
        store.close_tables(ids)
    print(f"tournament {tournament}: closed")
