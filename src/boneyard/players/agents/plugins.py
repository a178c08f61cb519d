"""Plug-in agents: an agent of your own, named wherever boneyard names an agent.

An *agent name* is one of

* a built-in agent: ``greedy``, ``expert``... (:data:`boneyard.players.agents.AGENTS`);
* an installed plug-in: the name of an entry point of the group ``boneyard.agents``
  (:data:`GROUP`), e.g. ``policy``, declared by a package in its ``pyproject.toml``::

      [project.entry-points."boneyard.agents"]
      policy = "mypkg.agents:load"

* an import path ``module:attribute`` (``mypkg.agents:load``, ``mypkg.agents:MyAgent``), the
  module found on ``sys.path`` as ``import`` finds it, or else in the current directory.

A plug-in's object is a *factory*: a callable (a class, a function) that returns an
:class:`~boneyard.players.agents.Agent`: an object with a ``choose(observation, rng)`` method, and
a ``name``. An agent without a ``name`` is named by the name it was loaded by, written out as
:func:`resolve` writes it (``mypkg.agents:FirstMove``). Keyword arguments for it follow in
parentheses: ``mypkg.agents:load(path=policy.npz, temperature=0.5)`` or
``policy(path=policy.npz)``. A value is a Python literal where it reads as one (``3``, ``0.5``,
``True``, ``None``, ``'a b'``) and text otherwise (``policy.npz``); a text value with a comma, a
parenthesis, a quote or an ``=`` is written quoted. A text value that names an existing file or
folder, relative to the current directory (or starting ``~``), is made absolute when the name is
read (:func:`resolve`), so the agent finds it in worker processes and on Ray workers, whatever
their directory.

A built-in name wins over a plug-in of the same name. Any fault (a bad name, a module that does
not import, an attribute that is not there, a factory that raises or returns no agent) is an
:class:`AgentError`: one line saying which name and why, never a traceback.

>>> parse("mypkg.agents:load(path=policy.npz, temperature=0.5)")
AgentSpec(target='mypkg.agents:load', args=(('path', 'policy.npz'), ('temperature', 0.5)))
>>> split_names("greedy, mypkg.agents:load(path=a.npz, t=1),random")
['greedy', 'mypkg.agents:load(path=a.npz, t=1)', 'random']
>>> load("boneyard.players.agents:GreedyAgent").name
'greedy'
>>> try:
...     load("no.such.module:agent")
... except AgentError as e:
...     print(e)
agent 'no.such.module:agent': cannot import no.such.module (No module named 'no')
"""

from __future__ import annotations

import ast
import importlib
import importlib.metadata
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.options import OptionError

if TYPE_CHECKING:
    from . import Agent

__all__ = [
    "GROUP",
    "AgentError",
    "AgentSpec",
    "installed",
    "label",
    "load",
    "parse",
    "resolve",
    "split_names",
]

GROUP = "boneyard.agents"

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_TARGET = re.compile(rf"^(?:{_IDENT}(?:\.{_IDENT})*:{_IDENT}(?:\.{_IDENT})*|[A-Za-z_][\w.-]*)$")
# Text that needs no quotes: nothing the grammar itself uses.
_BARE = re.compile(r"^[^,()'\"=\s][^,()'\"=]*(?<=\S)$|^[^,()'\"=\s]$")


class AgentError(OptionError):
    """An agent name that cannot give an agent; the message is one line."""


@dataclass(frozen=True)
class AgentSpec:
    """An agent name read: the ``target`` (a built-in or entry-point name, or ``module:attr``) and
    the keyword arguments of its factory, in the order given."""

    target: str
    args: tuple[tuple[str, Any], ...] = ()

    @property
    def is_path(self) -> bool:
        """Whether the target is an import path (``module:attr``)."""
        return ":" in self.target

    def __str__(self) -> str:
        if not self.args:
            return self.target
        inner = ", ".join(f"{k}={_format_value(v)}" for k, v in self.args)
        return f"{self.target}({inner})"


def split_names(text: str) -> list[str]:
    """The agent names of a comma-separated list, the commas inside a name's parentheses or quotes
    kept: ``greedy,mod:f(a=1, b=2)`` is two names."""
    out: list[str] = []
    depth = 0
    quote = ""
    current: list[str] = []
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            out.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    out.append("".join(current).strip())
    return [name for name in out if name]


def parse(name: str) -> AgentSpec:
    """Read an agent name (see the module docstring); :class:`AgentError` if it is malformed."""
    text = name.strip()
    target, paren, rest = text.partition("(")
    target = target.strip()
    if not _TARGET.match(target):
        raise AgentError(
            f"bad agent name {name!r}: write a name (greedy, policy) or an import path "
            "(mypkg.agents:load), then any arguments in parentheses: mypkg.agents:load(path=p.npz)"
        )
    if not paren:
        return AgentSpec(target)
    if not rest.endswith(")"):
        raise AgentError(f"bad agent name {name!r}: its arguments end with ')'")
    args: list[tuple[str, Any]] = []
    for item in split_names(rest[:-1]):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not re.fullmatch(_IDENT, key):
            raise AgentError(
                f"bad argument {item!r} in agent {name!r}: write NAME=VALUE, e.g. path=policy.npz"
            )
        if any(k == key for k, _ in args):
            raise AgentError(f"agent {name!r} gives the argument {key!r} twice")
        args.append((key, _read_value(value.strip())))
    return AgentSpec(target, tuple(args))


def _read_value(text: str) -> Any:
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return text
    return value


def _format_value(value: Any) -> str:
    if isinstance(value, str) and _BARE.match(value) and _read_value(value) == value:
        return value
    return repr(value)


def installed() -> dict[str, importlib.metadata.EntryPoint]:
    """The plug-ins installed in this environment: entry points of :data:`GROUP`, by name."""
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=GROUP)}


def _builtins() -> dict[str, Callable[[], Agent]]:
    from . import AGENTS

    return AGENTS


def _factory(spec: AgentSpec, name: str) -> Callable[..., Any]:
    """The factory a name stands for."""
    builtins = _builtins()
    if spec.target in builtins:
        return builtins[spec.target]
    if not spec.is_path:
        points = installed()
        point = points.get(spec.target)
        if point is None:
            known = ", ".join([*builtins, *sorted(points)])
            raise AgentError(
                f"unknown agent {name!r}: choose from {known}, or name a plug-in by its import "
                "path (mypkg.agents:load)"
            )
        try:
            loaded: Any = point.load()
        except Exception as e:
            raise AgentError(
                f"agent {name!r}: the plug-in {point.value} does not load ({_why(e)})"
            ) from None
    else:
        module_name, _, attr = spec.target.partition(":")
        try:
            loaded = _import(module_name)
        except Exception as e:
            raise AgentError(f"agent {name!r}: cannot import {module_name} ({_why(e)})") from None
        for part in attr.split("."):
            try:
                loaded = getattr(loaded, part)
            except AttributeError:
                raise AgentError(f"agent {name!r}: {module_name} has no {attr}") from None
    if not callable(loaded):
        raise AgentError(f"agent {name!r}: {spec.target} is not a factory (a class or a function)")
    factory: Callable[..., Any] = loaded
    return factory


def _import(module_name: str) -> Any:
    """The module of an import path: found on ``sys.path``, or else in the current directory (as
    ``python -m`` and ``uvicorn`` find a module there; the ``boneyard`` command's own path does
    not hold it), which is then searched after the rest of the path."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        here = os.getcwd()
        top = module_name.partition(".")[0]
        if e.name != top or here in sys.path or "" in sys.path:
            raise
        sys.path.append(here)
        return importlib.import_module(module_name)


def _why(e: BaseException) -> str:
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if not isinstance(e, ImportError) else text


def load(name: str) -> Agent:
    """A new agent for ``name``: its factory called with the name's arguments. Any fault is an
    :class:`AgentError` of one line."""
    spec = parse(name)
    factory = _factory(spec, name)
    if spec.args and spec.target in _builtins():
        raise AgentError(f"agent {name!r}: the built-in agent {spec.target} takes no arguments")
    try:
        agent = factory(**dict(spec.args))
    except Exception as e:
        raise AgentError(f"agent {name!r} failed to start: {_why(e)}") from None
    if not callable(getattr(agent, "choose", None)):
        raise AgentError(
            f"agent {name!r}: {spec.target} gave {type(agent).__name__}, not an agent (an agent "
            "has a choose(observation, rng) method)"
        )
    if not isinstance(getattr(agent, "name", None), str):
        # The smallest agent that works is a class with choose alone: it is called by the name it
        # was loaded by, written out as results files and tables write it.
        agent = _named(agent, str(spec))
    made: Agent = agent
    return made


class _NamedAgent:
    """A plug-in's agent that cannot carry a ``name`` itself (slots, a frozen class): its
    ``choose`` and every other attribute are the agent's own."""

    def __init__(self, agent: Any, name: str) -> None:
        self.name = name
        self._agent = agent

    def choose(self, observation: Any, rng: Any) -> Any:
        return self._agent.choose(observation, rng)

    def __getattr__(self, attribute: str) -> Any:
        # Only attributes this wrapper lacks come here; _agent itself is looked up here only
        # before __init__ has set it (a copy or an unpickling), where it must not recurse.
        if attribute == "_agent":
            raise AttributeError(attribute)
        return getattr(self._agent, attribute)

    def __repr__(self) -> str:
        return f"{self._agent!r} (named {self.name!r})"


def _named(agent: Any, name: str) -> Any:
    """``agent`` with ``name`` as its name: set on it where it takes an attribute, else wrapped."""
    try:
        agent.name = name
    except (AttributeError, TypeError):
        return _NamedAgent(agent, name)
    if getattr(agent, "name", None) == name:
        return agent
    return _NamedAgent(agent, name)


def resolve(name: str) -> str:
    """The name as it travels to worker processes and Ray workers and is written in results
    files: written out in one way, with every argument naming an existing file or folder made
    absolute. Checks that the agent starts (:class:`AgentError` otherwise)."""
    spec = parse(name)
    if spec.target in _builtins() and not spec.args:
        return spec.target
    args = tuple((k, _absolute(v)) for k, v in spec.args)
    text = str(AgentSpec(spec.target, args))
    load(text)
    return text


def _absolute(value: Any) -> Any:
    if not isinstance(value, str) or not value or "\n" in value:
        return value
    path = Path(value).expanduser()
    if path.is_absolute() and not value.startswith("~"):
        return value
    try:
        exists = path.exists()
    except OSError:
        return value
    return str(path.resolve()) if exists else value


def label(name: str) -> str:
    """A short name for a person to read: the built-in or entry-point name, or the attribute of
    an import path (``mypkg.agents:load(path=...)`` is ``load``)."""
    try:
        spec = parse(name)
    except AgentError:
        return name
    return spec.target.rpartition(":")[2].rpartition(".")[2] if spec.is_path else spec.target
