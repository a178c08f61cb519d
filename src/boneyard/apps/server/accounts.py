"""People's accounts: their names checked as seat names are, their passwords hashed with Argon2id
(:data:`HASHER`), their sessions' tokens, and the limits on log-ins (:class:`LoginLimits`).
docs/server.md, "Accounts", says what is stored and why these costs."""

from __future__ import annotations

import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ...core.intake import TextError
from .messages import clean_name, name_key
from .settings import Bucket, Settings

__all__ = [
    "COOKIE",
    "HASHER",
    "PASSWORD_MAX",
    "PASSWORD_MIN",
    "LoginLimits",
    "account_name",
    "check_password",
    "hash_password",
    "new_session",
    "verify_password",
]

COOKIE = "boneyard_session"
"""The session cookie's name."""

HASHER = PasswordHasher(time_cost=2, memory_cost=19_456, parallelism=1)
"""Argon2id with 19 MiB of memory, 2 passes, 1 lane (OWASP's first recommended setting): about
30 ms of one core per hash, so that a 2-core server checks some 60 passwords a second with both
cores and keeps the memory of 8 hashes at once under 160 MB."""

PASSWORD_MIN = 8
PASSWORD_MAX = 128

_DUMMY = HASHER.hash(secrets.token_urlsafe(16))
"""What an unknown name's password is checked against, so that it costs what a known one's does."""


def account_name(value: str) -> tuple[str, str]:
    """A name as given (the rules of seat names: :func:`~.messages.clean_name`) and its key, the
    form two accounts' names must not share (no case, no spaces, no compatibility forms);
    :class:`~boneyard.core.intake.TextError` saying what is wrong."""
    name = clean_name(value)
    return name, name_key(name)


def check_password(value: str) -> str:
    """A new password, if long enough and not too long; :class:`TextError` otherwise."""
    if len(value) < PASSWORD_MIN:
        raise TextError(f"a password needs at least {PASSWORD_MIN} characters")
    if len(value) > PASSWORD_MAX:
        raise TextError(f"a password is at most {PASSWORD_MAX} characters")
    return value


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` is the hash of; with ``stored`` ``None`` (no
    such account), a dummy hash is checked all the same, and the answer is ``False``."""
    try:
        HASHER.verify(stored or _DUMMY, password)
    except (VerificationError, InvalidHashError):
        return False
    return stored is not None


def new_session() -> str:
    """A session's token, for the cookie (the store keeps its SHA-256)."""
    return secrets.token_urlsafe(32)


class LoginLimits:
    """Log-ins and sign-ups counted per client, and log-ins per account name: token buckets
    forgotten once refilled (their number bounded)."""

    KEPT = 10_000

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.clients: dict[str, Bucket] = {}
        self.names: dict[str, Bucket] = {}

    def client(self, address: str) -> bool:
        s = self.settings
        return self._take(self.clients, address, s.login_rate, s.login_burst)

    def name(self, key: str) -> bool:
        s = self.settings
        return self._take(self.names, key, s.login_name_rate, s.login_name_burst)

    def _take(self, buckets: dict[str, Bucket], key: str, rate: float, burst: int) -> bool:
        if len(buckets) >= self.KEPT:
            for k in [k for k, b in buckets.items() if b.full()]:
                del buckets[k]
        bucket = buckets.get(key)
        if bucket is None:
            if len(buckets) >= self.KEPT:
                return False  # that many clients at once: nobody new until some are forgotten
            bucket = buckets[key] = Bucket(rate, burst)
        return bucket.take()
