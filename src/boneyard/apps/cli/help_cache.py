"""The command's own help, kept once written: ``boneyard --help`` without importing Typer.

Importing Typer (with Click and Rich) is most of the time ``boneyard --help`` takes, and the
help it prints is the same every time for the same program and the same terminal. So the first
``boneyard --help`` runs Typer as usual and keeps what it
printed, as Python keeps its bytecode: in ``__pycache__`` beside this package, else in the user's
cache folder. A later one prints the kept text without Typer, if the key still matches: boneyard's
version, the name, time of change and size of every file of the command's package and of the
catalogs that translate it, the arguments,
the terminal's width and whether it is one, and every environment variable that changes how the
help looks or what language it speaks (``COLUMNS``, ``NO_COLOR``, ``TERM``, ``LANG``, ...). A key
that does not match, or a cache that cannot be read, is ignored; one that cannot be written is
not kept. Nothing but the help is cached: any other command runs Typer.
"""

from __future__ import annotations

import marshal
import os
import sys

TYPE_CHECKING = False  # not typing's: this module is on the path of a quick --help
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, TextIO

__all__ = ["help_key", "is_kept", "print_kept_help", "run_keeping_help"]


def is_kept(args: Sequence[str]) -> bool:
    """Whether the output of the command line ``args`` is kept: the top-level help, in the
    environment's language or one asked for (``--lang es --help``, ``--lang=es --help``)."""
    if len(args) == 3 and args[0] == "--lang":
        args = args[2:]
    elif len(args) == 2 and args[0].startswith("--lang="):
        args = args[1:]
    return tuple(args) == ("--help",)


# What changes how Rich and Click lay out and colour the help, or the language it speaks.
_ENVIRONMENT = (
    "COLUMNS",
    "LINES",
    "TERM",
    "COLORTERM",
    "NO_COLOR",
    "FORCE_COLOR",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "JUPYTER_COLUMNS",
    "PYTHONIOENCODING",
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_MESSAGES",
    "_TYPER_STANDARD_TRACEBACK",
    "TYPER_USE_RICH",
)

# A package changed this recently is not cached: a file changed again within its clock's tick
# could keep its time and size.
_RACY_SECONDS = 2.0
_FOLDER = os.path.dirname(os.path.abspath(__file__))
_SOURCES = sorted(n for n in os.listdir(_FOLDER) if n.endswith(".py"))
# The help's translations (the catalogs of boneyard's gettext domain).
_CATALOGS = os.path.join(os.path.dirname(os.path.dirname(_FOLDER)), "locale")


def help_key(args: Sequence[str], stream: TextIO) -> str:
    """The key of the help printed for ``args`` on ``stream`` (see the module docstring)."""
    from ... import __version__

    files = []
    for name in _SOURCES:
        stat = os.stat(os.path.join(_FOLDER, name))
        files.append((name, stat.st_mtime_ns, stat.st_size))
    for root, _, names in os.walk(_CATALOGS):
        for name in sorted(names):
            if name.startswith("boneyard."):
                stat = os.stat(os.path.join(root, name))
                files.append((os.path.join(root, name), stat.st_mtime_ns, stat.st_size))
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    sizes: list[tuple[int, int] | None] = []  # each standard stream's terminal, if it is one
    for fd in (0, 1, 2):
        try:
            size = os.get_terminal_size(fd)
            sizes.append((size.columns, size.lines))
        except (ValueError, OSError):
            sizes.append(None)
    parts = (
        __version__,
        sys.version,
        _FOLDER,
        tuple(files),
        tuple(args),
        tty,
        getattr(stream, "encoding", None),
        tuple(sizes),
        tuple(os.environ.get(name) for name in _ENVIRONMENT),
    )
    return repr(parts)


def _cache_paths() -> list[str]:
    """Where the kept help may be, in the order looked for and written: beside this package, as
    Python's bytecode, else the user's cache folder."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~/AppData/Local")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    tag = format(_crc(_FOLDER), "08x")
    return [
        os.path.join(_FOLDER, "__pycache__", "boneyard-help.marshal"),
        os.path.join(base, "boneyard", f"help-{tag}.marshal"),
    ]


def _crc(text: str) -> int:
    import zlib

    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def _read(paths: Sequence[str]) -> dict[str, str]:
    """The kept helps by key (marshal, as Python's own bytecode cache: nothing to import)."""
    for path in paths:
        try:
            with open(path, "rb") as f:
                kept = marshal.load(f)
        except (OSError, ValueError, EOFError, TypeError):
            continue
        if isinstance(kept, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in kept.items()
        ):
            return kept
    return {}


def print_kept_help(args: Sequence[str], paths: Sequence[str] | None = None) -> bool:
    """Print the help kept for ``args`` on this terminal, if there is one; whether it was."""
    if not is_kept(args):
        return False
    text = _read(paths if paths is not None else _cache_paths()).get(help_key(args, sys.stdout))
    if text is None:
        return False
    sys.stdout.write(text)
    sys.stdout.flush()
    return True


class _Tee:
    """A text stream that writes through to ``stream`` and keeps a copy; everything else (is it
    a terminal, its encoding, its descriptor) is the stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.kept: list[str] = []

    def write(self, text: str) -> int:
        written = self._stream.write(text)  # (Click probes with bytes, which a text stream refuses)
        self.kept.append(text)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def run_keeping_help(
    run: Callable[[], None], args: Sequence[str], paths: Sequence[str] | None = None
) -> None:
    """Run the command (``run``); for the help's arguments keep what it printed once it ends
    well (exit status 0)."""
    if not is_kept(args):
        run()
        return
    real = sys.stdout
    key = help_key(args, real)
    tee = _Tee(real)
    sys.stdout = tee  # a stream in all but name
    status: object = None
    try:
        run()
    except SystemExit as e:
        status = e.code
        raise
    finally:
        sys.stdout = real
        if status in (None, 0):
            _keep(key, "".join(tee.kept), paths if paths is not None else _cache_paths())


def _keep(key: str, text: str, paths: Sequence[str]) -> None:
    """Add ``text`` under ``key`` to the first cache that takes it (written whole, then renamed
    over the old one, so that processes writing at once leave a whole file)."""
    import contextlib
    import time

    recent = time.time_ns() - _RACY_SECONDS * 1e9
    if any(os.stat(os.path.join(_FOLDER, n)).st_mtime_ns > recent for n in _SOURCES):
        return
    for path in paths:
        kept = _read([path])
        if len(kept) >= 16:  # terminals and languages seen: keep the newest few
            kept = dict(list(kept.items())[-15:])
        kept[key] = text
        part = f"{path}.{os.getpid()}.{time.monotonic_ns()}.part"
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(part, "wb") as f:
                marshal.dump(kept, f)
            os.replace(part, path)
            return
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(part)
