"""People's ratings in the store (revision 0007): a row per account and game (``ratings``), a row
per account and rated match (``rating_history``), a row per rated match (``rated_matches``) and
the resignations of rated matches of more than two sides (``rating_forfeits``).

A match moves the ratings exactly once, whichever process and however many times it is asked
(:meth:`Ratings.rate_match`): its ``rated_matches`` row is inserted first, in the same transaction
as the new ratings, so that a second attempt fails on the row's key and stores nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ..ratings import BASE, MODEL, PROVISIONAL_GAMES, SCALE, Rating, initial, rate, shown
from .base import StoreBase
from .schema import accounts, rated_matches, rating_forfeits, rating_history, ratings, seats, tables
from .values import Op, as_utc, now

__all__ = ["HistoryPoint", "Placed", "PlayedTable", "Ratings", "result_of"]


@dataclass(frozen=True)
class HistoryPoint:
    """An account's rating in a game after one rated match (its table), and how it ended."""

    game: str
    table_id: str
    rating: Rating
    result: str
    at: datetime


@dataclass(frozen=True)
class Placed:
    """An account on a game's leaderboard."""

    name: str
    rating: Rating
    updated: datetime


@dataclass(frozen=True)
class PlayedTable:
    """A table where an account took a seat, with its result for the account when it was rated."""

    table_id: str
    seat: int
    game: str
    rule_set: str
    status: str
    winner: str | None
    rated: bool
    private: bool
    updated: datetime
    result: str | None
    """``win``, ``draw`` or ``loss`` where the match moved the account's rating."""


def result_of(ranks: Sequence[int], side: int) -> str:
    """``win`` (first alone), ``draw`` (first with others) or ``loss`` for the side at ``side``
    of a match whose sides finished at ``ranks`` (0 the best)."""
    best = min(ranks)
    if ranks[side] != best:
        return "loss"
    return "win" if list(ranks).count(best) == 1 else "draw"


class Ratings(StoreBase):
    """Ratings, their history and the rated matches."""

    def rate_match(
        self,
        table_id: str,
        game: str,
        sides: Sequence[Sequence[int]],
        ranks: Sequence[int],
    ) -> bool:
        """Move the ratings in ``game`` of the accounts of each side (their ids) of the match of
        ``table_id``, which the sides finished at ``ranks`` (0 the best, equal ranks tie): once.
        Whether this call moved them (``False``: the match was rated already)."""
        for _ in range(5):
            try:
                with self.writing() as conn:
                    # First: on SQLite this takes the write lock before anything is read.
                    made = insert(rated_matches).values(table_id=table_id, game=game, at=now())
                    conn.execute(made)
                    self._rate(conn, table_id, game, sides, ranks)
                return True
            except IntegrityError:
                # The match was rated meanwhile, or another match gave one of its people a
                # first rating in this game: look again.
                with self.reading() as conn:
                    done = conn.execute(
                        select(rated_matches.c.table_id).where(rated_matches.c.table_id == table_id)
                    ).first()
                if done is not None:
                    return False
        raise RuntimeError(f"the match of table {table_id} could not be rated")

    @staticmethod
    def _rate(
        conn: Connection,
        table_id: str,
        game: str,
        sides: Sequence[Sequence[int]],
        ranks: Sequence[int],
    ) -> None:
        ids = sorted({a for side in sides for a in side})
        query = (
            select(ratings)
            .where(ratings.c.account_id.in_(ids), ratings.c.game == game)
            .order_by(ratings.c.account_id)
            .with_for_update()
        )
        held = {r.account_id: r for r in conn.execute(query)}
        start = (MODEL.mu, MODEL.sigma)
        teams = [
            [(held[a].mu, held[a].sigma) if a in held else start for a in side] for side in sides
        ]
        stamp = now()
        for i, (side, after) in enumerate(zip(sides, rate(teams, ranks), strict=True)):
            result = result_of(ranks, i)
            won = int(result == "win")
            for account_id, (mu, sigma) in zip(side, after, strict=True):
                if account_id in held:
                    conn.execute(
                        update(ratings)
                        .where(ratings.c.account_id == account_id, ratings.c.game == game)
                        .values(
                            mu=mu,
                            sigma=sigma,
                            games=ratings.c.games + 1,
                            wins=ratings.c.wins + won,
                            updated=stamp,
                        )
                    )
                else:
                    conn.execute(
                        insert(ratings).values(
                            account_id=account_id,
                            game=game,
                            mu=mu,
                            sigma=sigma,
                            games=1,
                            wins=won,
                            updated=stamp,
                        )
                    )
                conn.execute(
                    insert(rating_history).values(
                        account_id=account_id,
                        game=game,
                        table_id=table_id,
                        mu=mu,
                        sigma=sigma,
                        result=result,
                        at=stamp,
                    )
                )

    def rated(self, table_id: str) -> bool:
        """Whether the match of ``table_id`` has moved the ratings."""
        with self.reading() as conn:
            query = select(rated_matches.c.table_id).where(rated_matches.c.table_id == table_id)
            return conn.execute(query).first() is not None

    @staticmethod
    def op_forfeit(table_id: str, seat: int, account_id: int) -> Op:
        """The account at ``seat`` resigned the rated match of ``table_id`` (of more than two
        sides; a computer plays the seat on): it is ranked last at the match's end."""

        def op(conn: Connection) -> None:
            conn.execute(
                insert(rating_forfeits).values(table_id=table_id, seat=seat, account_id=account_id)
            )

        return op

    def forfeits(self, table_id: str) -> dict[int, int]:
        """The seats whose people resigned the rated match of ``table_id``: their accounts."""
        with self.reading() as conn:
            rows = conn.execute(
                select(rating_forfeits.c.seat, rating_forfeits.c.account_id).where(
                    rating_forfeits.c.table_id == table_id
                )
            )
            return {r.seat: r.account_id for r in rows}

    def ratings_of(self, account_ids: Sequence[int], game: str) -> dict[int, Rating]:
        """The rating in ``game`` of each account asked (the initial rating for one that has
        played no rated game of it)."""
        wanted = sorted(set(account_ids))
        found: dict[int, Rating] = {}
        with self.reading() as conn:
            for start in range(0, len(wanted), 500):
                rows = conn.execute(
                    select(ratings).where(
                        ratings.c.account_id.in_(wanted[start : start + 500]),
                        ratings.c.game == game,
                    )
                )
                for r in rows:
                    found[r.account_id] = shown(r.mu, r.sigma, r.games, r.wins)
        return {a: found.get(a, initial()) for a in account_ids}

    def ratings_by_game(self, account_id: int) -> dict[str, Rating]:
        """Every game in which the account has a rating."""
        with self.reading() as conn:
            rows = conn.execute(
                select(ratings).where(ratings.c.account_id == account_id).order_by(ratings.c.game)
            )
            return {r.game: shown(r.mu, r.sigma, r.games, r.wins) for r in rows}

    def rating_history_of(self, account_id: int, limit: int = 1000) -> list[HistoryPoint]:
        """The account's ratings after each of its last ``limit`` rated matches, oldest first."""
        query = (
            select(rating_history)
            .where(rating_history.c.account_id == account_id)
            .order_by(rating_history.c.id.desc())
            .limit(limit)
        )
        with self.reading() as conn:
            rows = list(conn.execute(query))
        return [
            HistoryPoint(r.game, r.table_id, shown(r.mu, r.sigma), r.result, as_utc(r.at))
            for r in reversed(rows)
        ]

    def leaderboard(self, game: str, since: datetime, limit: int = 100) -> list[Placed]:
        """The best ratings in ``game`` of accounts enabled, not provisional, that played a
        rated game of it since ``since``: the highest first."""
        value = BASE + SCALE * (ratings.c.mu - MODEL.mu)
        query = (
            select(accounts.c.name, ratings)
            .join(accounts, accounts.c.id == ratings.c.account_id)
            .where(
                ratings.c.game == game,
                ratings.c.updated >= since,
                ratings.c.games >= PROVISIONAL_GAMES,
                ~accounts.c.disabled,
            )
            .order_by(value.desc(), ratings.c.games.desc(), accounts.c.name_key)
            .limit(limit)
        )
        with self.reading() as conn:
            return [
                Placed(r.name, shown(r.mu, r.sigma, r.games, r.wins), as_utc(r.updated))
                for r in conn.execute(query)
            ]

    def tables_of(self, account_id: int, finished: bool, limit: int = 20) -> list[PlayedTable]:
        """The tables where the account took a seat, the latest first: their matches ended
        (over, or closed) when ``finished``, else those in play; with the account's result where
        the match moved its rating."""
        ended = or_(tables.c.status == "over", tables.c.status == "closed")
        query = (
            select(
                seats.c.table_id,
                seats.c.seat,
                tables.c.game,
                tables.c.rule_set,
                tables.c.status,
                tables.c.winner,
                tables.c.rated,
                tables.c.private,
                tables.c.updated,
                rating_history.c.result,
            )
            .join(tables, tables.c.id == seats.c.table_id)
            .outerjoin(
                rating_history,
                (rating_history.c.table_id == seats.c.table_id)
                & (rating_history.c.account_id == account_id),
            )
            .where(seats.c.account_id == account_id, ended if finished else ~ended)
            .order_by(tables.c.updated.desc(), tables.c.id)
            .limit(limit)
        )
        with self.reading() as conn:
            return [
                PlayedTable(
                    table_id=r.table_id,
                    seat=r.seat,
                    game=r.game,
                    rule_set=r.rule_set,
                    status=r.status,
                    winner=r.winner,
                    rated=bool(r.rated),
                    private=bool(r.private),
                    updated=as_utc(r.updated),
                    result=r.result,
                )
                for r in conn.execute(query)
            ]

    def matches_finished(self, account_id: int) -> int:
        """How many matches the account played to their end (rated or not)."""
        query = (
            select(func.count())
            .select_from(seats.join(tables, tables.c.id == seats.c.table_id))
            .where(seats.c.account_id == account_id, tables.c.status == "over")
        )
        with self.reading() as conn:
            return int(conn.execute(query).scalar_one())

    def account_names(self, account_ids: Sequence[int]) -> dict[int, str]:
        """The names of these accounts (those that still exist)."""
        if not account_ids:
            return {}
        with self.reading() as conn:
            rows = conn.execute(
                select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(set(account_ids)))
            )
            return {r.id: r.name for r in rows}

    @staticmethod
    def forget_ratings(conn: Connection, account_id: int) -> None:
        """An account's ratings, their history and its resignations gone (its deletion)."""
        for table in (ratings, rating_history, rating_forfeits):
            conn.execute(delete(table).where(table.c.account_id == account_id))
