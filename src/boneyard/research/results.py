"""Results files: one JSON line per hand of a simulation or tournament, written as work finishes.

``boneyard simulate --out FILE.jsonl`` and ``boneyard tournament --out FILE.jsonl`` write a results
file (docs/simulate.md describes every field). Its first line is a *header* naming the job (game,
rules, resolved options, seats, agents, what a unit is, the seed); every other line is one hand:

.. code-block:: json

    {"unit": 0, "hand": 0, "of": 1, "seed": 1234, "agents": ["random", "random"],
     "points": [0, 12], "winner": 1, "leader": 0, "ended": "domino", "blocked": false,
     "moves": 17}

A *unit* is what a run counts: a hand or a match (``simulate``), a duplicate deal (``tournament``,
one hand per rotation of the seats). The ``of`` lines of a unit are written together, in unit
order, and flushed; so a run that is killed leaves whole units and at most one torn unit at the
end, which :class:`ResultsReader` drops. A resumed run (``--resume``) truncates the file after its
last whole unit and appends the rest, leaving exactly the file an uninterrupted run writes.

>>> import io, json
>>> lines = [{"format": FORMAT, "command": "simulate"},
...          {"unit": 0, "hand": 0, "of": 1, "points": [0, 3]},
...          {"unit": 1, "hand": 0, "of": 2, "points": [1, 0]}]
>>> text = "".join(json.dumps(x) + "\\n" for x in lines) + '{"unit": 1, "ha'
>>> reader = ResultsReader(io.BytesIO(text.encode()), "demo.jsonl")
>>> [u for u, _ in reader], reader.dropped
([0], 2)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from ..core.i18n import N_, _
from ..core.record import RESULTS_FORMAT as FORMAT
from ..core.record import is_results_header

__all__ = [
    "FORMAT",
    "ResultsError",
    "ResultsReader",
    "ResultsWriter",
    "check_header",
    "is_results_header",
    "not_results",
]


# Header fields that a resumed run must agree with (the version of boneyard may change).
_JOB_FIELDS = (
    "command",
    "game",
    "rules",
    "options",
    "players",
    "sides",
    "agents",
    "per",
    "seed",
    "stream",
    "records",
)


class ResultsError(ValueError):
    """A results file that cannot be read or does not belong to the job."""


# How much of a file that is not a results file is read to say what it is.
_SNIFF = 1 << 16
_WHAT_RESULTS_ARE = N_(
    "a results file is the .jsonl file that boneyard simulate --out FILE.jsonl or boneyard "
    "tournament --out FILE.jsonl writes"
)


def not_results(start: bytes, first: object) -> str:
    """What a file that is not a results file is, and what a results file is, in one line:
    ``start`` is its beginning, ``first`` its first line parsed (``None`` if that is no JSON)."""
    head = first.get("format") if isinstance(first, dict) else None
    if isinstance(head, str) and head.startswith("boneyard-results/"):
        what = _(
            "this is a results file of another version ({found}; this boneyard reads {expected})"
        ).format(found=head, expected=FORMAT)
    elif isinstance(head, str) and head.startswith("boneyard-record/"):
        what = _("this is a file of game records (for boneyard replay), not a results file")
    elif re.match(rb'\s*\{\s*"format"\s*:\s*"boneyard-record/', start):
        what = _("this is a game record (for boneyard replay), not a results file")
    elif first is not None or start.lstrip()[:1] in (b"{", b"["):
        what = _("this is JSON, but not a results file")
    elif not start.strip():
        what = _("this file is empty")
    else:
        what = _("this is not a results file (its first line is not JSON)")
    return f"{what}; {_(_WHAT_RESULTS_ARE)}"


def check_header(found: Mapping[str, Any], expected: Mapping[str, Any], label: str) -> None:
    """Refuse to resume a file written by another job (another game, seed, agents...)."""
    normal = json.loads(json.dumps(dict(expected)))
    differ = [k for k in _JOB_FIELDS if found.get(k) != normal.get(k)]
    if differ:
        details = "; ".join(
            _("{field}: file {found}, asked {asked}").format(
                field=k, found=repr(found.get(k)), asked=repr(normal.get(k))
            )
            for k in differ
        )
        raise ResultsError(
            _("{file} was written by another job ({details})").format(file=label, details=details)
        )


class ResultsReader:
    """Read a results file: its :attr:`header`, then (iterating) each whole unit as
    ``(unit index, lines)``, in file order.

    A torn end (a last line cut short, or the first lines of a unit whose other lines were never
    written) is dropped, not an error: after iterating, :attr:`end` is the byte offset just after
    the last whole unit and :attr:`dropped` the number of lines dropped. Anything else that is not
    a valid line (bad JSON in the middle, a unit repeated or interrupted by another) raises
    :class:`ResultsError`. A file without a whole header line has ``header is None``.
    """

    header: dict[str, Any] | None
    end: int
    dropped: int

    def __init__(self, source: IO[bytes], label: str) -> None:
        self._source = source
        self.label = label
        self.header = None
        self.end = 0
        self.dropped = 0
        self._line_no = 0
        first = source.readline()
        if first.endswith(b"\n"):
            self._line_no = 1
            try:
                obj = json.loads(first)
            except (json.JSONDecodeError, UnicodeDecodeError):
                obj = None
            if not is_results_header(obj):
                raise ResultsError(f"{label}: {not_results(first + source.read(_SNIFF), obj)}")
            assert isinstance(obj, dict)
            self.header = obj
            self.end = len(first)
        elif first.strip():
            self.dropped = 1

    @classmethod
    def open(cls, path: str | Path) -> ResultsReader:
        p = Path(path)
        try:
            return cls(p.open("rb"), str(p))
        except OSError as e:
            raise ResultsError(
                _("{file}: cannot read: {reason}").format(file=p, reason=e.strerror or e)
            ) from None

    def close(self) -> None:
        self._source.close()

    def __enter__(self) -> ResultsReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _parse(self, raw: bytes, last: bool) -> Any:
        try:
            return json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            if last:
                return None
            raise ResultsError(
                _("{file} line {n}: not valid JSON ({why})").format(
                    file=self.label, n=self._line_no, why=e
                )
            ) from None

    def __iter__(self) -> Iterator[tuple[int, list[dict[str, Any]]]]:
        if self.header is None:
            return
        pending: list[dict[str, Any]] = []
        pending_raw = 0
        pending_line = 0
        seen: set[int] = set()
        offset = self.end
        for raw in self._source:
            self._line_no += 1
            torn = not raw.endswith(b"\n")
            obj = self._parse(raw, last=torn)
            if torn or obj is None:
                # Only the file's last line can lack its newline: a run killed mid-write.
                self.dropped += len(pending) + 1
                return
            if not isinstance(obj, dict) or not _is_hand_line(obj):
                raise ResultsError(
                    _(
                        "{file} line {n}: not a hand line (unit, hand and of are whole numbers)"
                    ).format(file=self.label, n=self._line_no)
                )
            unit, hand, of = obj["unit"], obj["hand"], obj["of"]
            if pending and pending[0]["unit"] != unit:
                raise ResultsError(
                    _("{file} line {n}: unit {unit} is incomplete ({k} of its {of} lines)").format(
                        file=self.label,
                        n=pending_line,
                        unit=pending[0]["unit"],
                        k=len(pending),
                        of=pending[0]["of"],
                    )
                )
            if unit in seen:
                raise ResultsError(
                    _("{file} line {n}: unit {unit} again").format(
                        file=self.label, n=self._line_no, unit=unit
                    )
                )
            if hand != len(pending) or (pending and of != pending[0]["of"]):
                raise ResultsError(
                    _("{file} line {n}: hand {hand} of {of} out of order").format(
                        file=self.label, n=self._line_no, hand=hand, of=of
                    )
                )
            if not pending:
                pending_line = self._line_no
            pending.append(obj)
            pending_raw += len(raw)
            if len(pending) == of:
                seen.add(unit)
                offset += pending_raw
                self.end = offset
                lines, pending, pending_raw = pending, [], 0
                yield unit, lines
        self.dropped += len(pending)


def _is_hand_line(obj: dict[str, Any]) -> bool:
    values = [obj.get("unit"), obj.get("hand"), obj.get("of")]
    return all(type(v) is int and v >= 0 for v in values) and obj["of"] > obj["hand"]


class ResultsWriter:
    """Append whole units to a results file; each :meth:`write_units` is flushed to the system,
    so a killed run loses only the units not yet written."""

    def __init__(self, path: str | Path, header: Mapping[str, Any] | None, keep: int) -> None:
        """Open ``path`` keeping its first ``keep`` bytes (0: a new file, whose ``header`` is
        written first)."""
        p = Path(path)
        if keep:
            with p.open("r+b") as f:
                f.truncate(keep)
            self._file = p.open("ab")
        else:
            self._file = p.open("wb")
            assert header is not None
            self._file.write(_dumps(header))
            self._file.flush()

    def write_units(self, units: Sequence[Sequence[Mapping[str, Any]]]) -> None:
        self._file.write(b"".join(_dumps(line) for lines in units for line in lines))
        self._file.flush()

    def write_text(self, text: bytes) -> None:
        """Append whole units' lines already written out (the compiled core writes them)."""
        self._file.write(text)
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def _dumps(obj: Mapping[str, Any]) -> bytes:
    return (json.dumps(obj, separators=(",", ":")) + "\n").encode()
