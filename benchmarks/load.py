"""Load on the web server: N tables played over websockets by a separate process.

The server (``boneyard serve``'s app under uvicorn, on a fresh SQLite store) runs in one process;
this process makes N tables of two seats each through the REST API and plays every seat as a bot
over its own websocket: on its turn it waits ``--think`` seconds (how long a person or a computer
player takes), picks one of the moves offered and sends it; seat 0 deals the next hand. Reported
for each N: moves acknowledged per second, the 50th and 99th percentile time from sending a move to
its acknowledgement (the move checked, written to the store and applied), and the server's memory.

    benchmarks/run load                      # N = 10, 100, 500; --think 1 and --think 0; abuse
    benchmarks/run load --tables 100 --think 0.5 --seconds 30
    benchmarks/run load --scenario abuse     # only the person's table, without and with abuse
    benchmarks/run load --scenario cluster   # one and three processes on one PostgreSQL store
    benchmarks/run load --scenario pairing   # quick pairing and log-ins, two processes

With ``--think 0`` every bot answers at once: the server is saturated and the figures are its
greatest throughput, the latency then mostly queueing.

**The abuse scenario** runs the server with its own defaults (the limits, the worker processes,
the computer's pause of 0.7 s), behind a "proxy" (``forwarded_allow_ips``: each client below is
known by the address its ``X-Forwarded-For`` gives). A person plays ``draw`` against a ``casual``
computer, pinging the server five times a second; reported: the computer's thinking time (from
the state in which it is to move to the state with its move, less the deliberate pause) and the
ping's round trip. Then again while an abuser, another client, makes 20 tables of four ``expert``
computers at once and holds ten connections asking for hints in a loop (each at a practice table
of its own); reported with it, how many of the abuser's tables and hints the server took.

**The cluster scenario** starts a throwaway PostgreSQL server (Debian's ``postgresql`` package, as
the tests do: ``initdb`` into a temporary directory, ``fsync`` off) and plays the same bots' tables
against one ``boneyard serve`` process on it, then against three on one fresh database (each
table made on the process that is to play it, in turn, and its bots sent there: what a proxy that
routes by table id does, docs/server.md). Reported as the tables are, the servers' CPU summed.

**The pairing scenario** starts two ``boneyard serve`` processes on one throwaway PostgreSQL
store (as the cluster scenario does), behind a "proxy" (each simulated person its own address by
``X-Forwarded-For``). First the log-ins: ``--accounts`` people sign up, then each logs in once
(Argon2id as the server hashes, m=19456 KiB t=2 p=1), timed. Then ``--people`` guests arrive at
random over ``--arrive`` seconds, each at one of the two processes at random, and press Play now
for one of the registry's games (its default rule set and players, casual), then ask after their
seek every half second, as the lobby does every second, until seated. Reported: the time from the
seek to seeing the seat (p50, p99), the tables made; checked: nobody seated twice (each table's
seats each one person's, as many as it has players) and nobody left waiting while enough people
of the same game waited to fill a table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SERVER = """
import socket, sys
from boneyard.apps.server import serve
from boneyard.apps.server.app import Settings
settings = Settings(
    db=sys.argv[1],
    computer_delay=0,
    forced_delay=60,  # the bots make their forced draws and passes themselves
    deal_delay=0,
    rate=1000,
    burst=1000,
    create_rate=1000,
    create_burst=100000,
    max_tables=100000,
    connections=100000,  # every bot connects from this machine's address
)
serve(fd=int(sys.argv[2]), log_level="warning", settings=settings)
"""

ABUSE_SERVER = """
import sys
from boneyard.apps.server import serve
from boneyard.apps.server.app import Settings
# The server's defaults, behind a proxy on this machine that names each client.
settings = Settings(db=sys.argv[1], forwarded_allow_ips="127.0.0.1")
serve(fd=int(sys.argv[2]), log_level="warning", settings=settings)
"""
COMPUTER_DELAY = 0.7
"""The server's default pause before a computer's move (``Settings.computer_delay``)."""


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    measuring: bool = False
    server_cpu: float = 0.0
    client_cpu: float = 0.0


def start_server(
    db: Path | str, code: str = SERVER
) -> tuple[subprocess.Popen[bytes], str, socket.socket]:
    """A server on ``db`` (a SQLite file, or a database URL)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(2048)
    url_of_db = f"sqlite:///{db}" if isinstance(db, Path) else db
    process = subprocess.Popen(
        [sys.executable, "-c", code, url_of_db, str(sock.fileno())],
        pass_fds=[sock.fileno()],
    )
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2):
                return process, url, sock
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)


def stop_server(process: subprocess.Popen[bytes], sock: socket.socket) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
    sock.close()


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def create_table(url: str, game: str, seed: int) -> dict[str, Any]:
    body = {
        "game": game,
        "seats": [{"kind": "person", "name": "A"}, {"kind": "person", "name": "B"}],
        "target": 10000,
        "clock": 0,
    }
    made = post_table(url, body)
    assert made is not None
    return made


def post_table(url: str, body: dict[str, Any], client: str | None = None) -> dict[str, Any] | None:
    """Make a table (as ``client``, named to the server by ``X-Forwarded-For``); ``None`` when
    the server refuses it (429: the client's limits)."""
    headers = {"Content-Type": "application/json"}
    if client:
        headers["X-Forwarded-For"] = client
    request = urllib.request.Request(
        f"{url}/api/tables", data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            made: dict[str, Any] = json.loads(r.read())
            return made
    except urllib.error.HTTPError as e:
        if e.code == 429:
            return None
        raise


async def seat_bot(
    ws_url: str, token: str, seat: int, think: float, stats: Stats, stop: asyncio.Event, seed: int
) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    async with connect(ws_url, max_size=2**22, open_timeout=60, ping_interval=None) as ws:
        await ws.send(json.dumps({"v": 1, "type": "hello", "token": token}))
        acted: tuple[int, int] | None = None  # (hand, move) of the state last acted on
        sent = 0.0
        waiting = False
        async for raw in ws:
            if stop.is_set():
                return
            message = json.loads(raw)
            kind = message["type"]
            if kind == "ack":
                if waiting:
                    if stats.measuring:
                        stats.latencies.append(time.perf_counter() - sent)
                        stats.moves += 1
                    waiting = False
                continue
            if kind == "error":
                waiting = False
                if stats.measuring:
                    stats.errors += 1
                continue
            if kind != "state" or waiting:
                continue
            position = (message["hand"], message["move"])
            if position == acted:
                continue  # an old view: the move sent on it has not been answered yet
            if message["status"] == "between_hands" and seat == 0:
                acted = position
                await ws.send(json.dumps({"v": 1, "type": "next_hand"}))
                continue
            if message["status"] != "playing" or message["turn"] != seat or not message["moves"]:
                continue
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            move = rng.choice(message["moves"])["action"]
            acted = position
            waiting = True
            sent = time.perf_counter()
            await ws.send(
                json.dumps(
                    {
                        "v": 1,
                        "type": "move",
                        "action": move,
                        "hand": message["hand"],
                        "seen": message["move"],
                    }
                )
            )


async def drive(
    urls: list[str],
    tables: list[dict[str, Any]],
    think: float,
    warmup: float,
    seconds: float,
    pids: list[int],
) -> tuple[Stats, float, float]:
    """Play ``tables`` (table ``i`` at ``urls[i % len(urls)]``, where it was made) with bots; the
    stats, the seconds measured, and the servers' (``pids``) peak memory summed."""
    stats = Stats()
    stop = asyncio.Event()
    bots = [
        asyncio.create_task(
            seat_bot(
                f"{urls[i % len(urls)].replace('http://', 'ws://')}/ws/{t['id']}",
                s["token"],
                s["seat"],
                think,
                stats,
                stop,
                seed=i * 10 + s["seat"],
            )
        )
        for i, t in enumerate(tables)
        for s in t["seats"]
    ]
    await asyncio.sleep(warmup)
    stats.measuring = True
    start = time.perf_counter()
    server_cpu, client_cpu = sum(map(cpu_seconds, pids)), cpu_seconds(os.getpid())
    peak = sum(map(rss_mb, pids))
    while time.perf_counter() - start < seconds:
        await asyncio.sleep(0.5)
        peak = max(peak, sum(map(rss_mb, pids)))
    elapsed = time.perf_counter() - start
    stats.measuring = False
    stats.server_cpu = (sum(map(cpu_seconds, pids)) - server_cpu) / elapsed
    stats.client_cpu = (cpu_seconds(os.getpid()) - client_cpu) / elapsed
    stop.set()
    for bot in bots:
        bot.cancel()
    await asyncio.gather(*bots, return_exceptions=True)
    return stats, elapsed, peak


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_one(n: int, think: float, warmup: float, seconds: float, game: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        return run_on([Path(tmp) / "load.db"], n, think, warmup, seconds, game)


def run_on(
    dbs: list[Path | str], n: int, think: float, warmup: float, seconds: float, game: str
) -> dict[str, Any]:
    """N tables played on one server per entry of ``dbs`` (the same URL for several processes on
    one store)."""
    servers = []
    try:
        for db in dbs:
            servers.append(start_server(db))
        pids = [process.pid for process, _, _ in servers]
        urls = [url for _, url, _ in servers]
        idle = sum(map(rss_mb, pids))
        tables = [create_table(urls[i % len(urls)], game, seed=i) for i in range(n)]
        stats, elapsed, peak = asyncio.run(drive(urls, tables, think, warmup, seconds, pids))
    finally:
        for process, _, sock in servers:
            stop_server(process, sock)
    return {
        "servers": len(dbs),
        "tables": n,
        "think": think,
        "moves": stats.moves,
        "moves_per_second": stats.moves / elapsed,
        "p50_ms": 1000 * percentile(stats.latencies, 0.50),
        "p99_ms": 1000 * percentile(stats.latencies, 0.99),
        "mean_ms": 1000 * statistics.fmean(stats.latencies) if stats.latencies else float("nan"),
        "errors": stats.errors,
        "server_cpu": stats.server_cpu,
        "client_cpu": stats.client_cpu,
        "server_mb_idle": idle,
        "server_mb_peak": peak,
    }


# ----------------------------------------------------------------------------- abuse
PERSON, ABUSER = "10.0.0.1", "10.6.6.6"


@dataclass
class Abuse:
    tables_asked: int = 0
    tables_made: int = 0
    hints: int = 0
    hints_refused: int = 0


async def person(
    url: str, seconds: float, warmup: float, stop: asyncio.Event
) -> tuple[list[float], list[float], int]:
    """A person at a table against a casual computer: the computer's thinking times and the
    pings' round trips (both in seconds) measured after ``warmup``, and the moves made."""
    from websockets.asyncio.client import connect

    made = post_table(
        url,
        {
            "game": "draw",
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "computer", "level": "casual"}],
            "target": 10000,
            "clock": 0,
        },
        PERSON,
    )
    assert made is not None
    thinking: list[float] = []
    pings: list[float] = []
    sent_pings: dict[int, float] = {}
    moves = 0
    start = time.perf_counter()
    rng = random.Random(1)
    ws_url = url.replace("http://", "ws://") + f"/ws/{made['id']}"
    headers = {"X-Forwarded-For": PERSON}
    async with connect(ws_url, additional_headers=headers, ping_interval=None) as ws:
        await ws.send(json.dumps({"v": 1, "type": "hello", "token": made["seats"][0]["token"]}))

        async def pinger() -> None:
            n = 0
            while not stop.is_set():
                n += 1
                sent_pings[n] = time.perf_counter()
                await ws.send(json.dumps({"v": 1, "type": "ping", "id": n}))
                await asyncio.sleep(0.2)

        ping_task = asyncio.create_task(pinger())
        thoughts: set[asyncio.Task[None]] = set()
        computer_since: tuple[int, int, float] | None = None  # (hand, move, when)
        acted: tuple[int, int] | None = None
        try:
            while time.perf_counter() - start < warmup + seconds:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    continue
                now = time.perf_counter()
                message = json.loads(raw)
                measuring = now - start > warmup
                if message["type"] == "pong":
                    if measuring and message["id"] in sent_pings:
                        pings.append(now - sent_pings.pop(message["id"]))
                    continue
                if message["type"] != "state":
                    continue
                position = (message["hand"], message["move"])
                if computer_since is not None and position != computer_since[:2]:
                    if measuring:
                        thinking.append(now - computer_since[2] - COMPUTER_DELAY)
                    computer_since = None
                if message["status"] == "between_hands" and position != acted:
                    acted = position
                    await ws.send(json.dumps({"v": 1, "type": "next_hand"}))
                    continue
                if message["status"] != "playing":
                    continue
                if message["turn"] == 1:
                    computer_since = (*position, now)
                elif message["turn"] == 0 and message["moves"] and position != acted:
                    acted = position
                    moves += 1
                    move = {
                        "v": 1,
                        "type": "move",
                        "action": rng.choice(message["moves"])["action"],
                        "hand": message["hand"],
                        "seen": message["move"],
                    }
                    # A person's moment of thought (shorter than the server's wait before it
                    # makes a forced draw or pass itself), while the pongs are still read.
                    thoughts.add(asyncio.create_task(send_later(ws, move, 0.2)))
        finally:
            ping_task.cancel()
            for thought in thoughts:
                thought.cancel()
    return thinking, pings, moves


async def send_later(ws: Any, message: dict[str, Any], delay: float) -> None:
    await asyncio.sleep(delay)
    await ws.send(json.dumps(message))


async def hinter(url: str, table: dict[str, Any], abuse: Abuse, stop: asyncio.Event) -> None:
    """One of the abuser's connections: a hint, and as soon as it is answered another."""
    from websockets.asyncio.client import connect

    ws_url = url.replace("http://", "ws://") + f"/ws/{table['id']}"
    async with connect(
        ws_url, additional_headers={"X-Forwarded-For": ABUSER}, ping_interval=None
    ) as ws:
        await ws.send(json.dumps({"v": 1, "type": "hello", "token": table["seats"][0]["token"]}))
        while not stop.is_set():
            await ws.send(json.dumps({"v": 1, "type": "hint", "id": 1}))
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "hint":
                    abuse.hints += 1
                    break
                if message["type"] == "error":
                    abuse.hints_refused += 1
                    if message["code"] == "rate_limited":
                        await asyncio.sleep(0.05)
                    break


async def abuse_run(url: str, abused: bool, warmup: float, seconds: float) -> dict[str, Any]:
    stop = asyncio.Event()
    abuse = Abuse()
    tasks = []
    if abused:
        computers = [{"kind": "computer", "level": "expert"} for _ in range(4)]
        for _ in range(20):
            abuse.tables_asked += 1
            body = {"game": "draw", "seats": computers, "target": 10000}
            if await asyncio.to_thread(post_table, url, body, ABUSER) is not None:
                abuse.tables_made += 1
        practice = {
            "game": "draw",
            "seats": [{"kind": "person", "name": "X"}, {"kind": "computer", "level": "expert"}],
            "practice": True,
            "seed": 7,  # the person leads: it is his turn, and he asks for hints
        }
        for _ in range(10):
            table = await asyncio.to_thread(post_table, url, practice, ABUSER)
            if table is not None:
                tasks.append(asyncio.create_task(hinter(url, table, abuse, stop)))
    thinking, pings, moves = await person(url, seconds, warmup, stop)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "abuse": abused,
        "computer_moves": len(thinking),
        "person_moves": moves,
        "think_p50_ms": 1000 * percentile(thinking, 0.5),
        "think_p90_ms": 1000 * percentile(thinking, 0.9),
        "ping_p50_ms": 1000 * percentile(pings, 0.5),
        "ping_p99_ms": 1000 * percentile(pings, 0.99),
        "pings": len(pings),
        "abuser_tables": f"{abuse.tables_made} of {abuse.tables_asked}",
        "abuser_hints": abuse.hints,
        "abuser_hints_refused": abuse.hints_refused,
    }


def run_abuse(abused: bool, warmup: float, seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        process, url, sock = start_server(Path(tmp) / "abuse.db", ABUSE_SERVER)
        try:
            row = asyncio.run(abuse_run(url, abused, warmup, seconds))
        finally:
            stop_server(process, sock)
    return row


def abuse_text(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| abuse | computer moves | thinking p50 (ms) | thinking p90 (ms) | pings | "
        "ping p50 (ms) | ping p99 (ms) | abuser's tables made | abuser's hints (refused) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        hints = f"{r['abuser_hints']} ({r['abuser_hints_refused']})"
        lines.append(
            f"| {'yes' if r['abuse'] else 'no'} | {r['computer_moves']} | "
            f"{r['think_p50_ms']:.0f} | {r['think_p90_ms']:.0f} | {r['pings']} | "
            f"{r['ping_p50_ms']:.1f} | {r['ping_p99_ms']:.1f} | "
            f"{r['abuser_tables'] if r['abuse'] else '-'} | "
            f"{hints if r['abuse'] else '-'} |"
        )
    return "\n".join(lines)


def table_text(rows: list[dict[str, Any]], servers: bool = False) -> str:
    """The runs as a Markdown table (with a column for the number of server processes)."""
    first = "| servers " if servers else ""
    lines = [
        f"{first}| tables | think (s) | moves/s | p50 move→ack (ms) | p99 move→ack (ms) | errors | "
        "server memory (MB, idle → peak) | server CPU | bots' CPU |",
        "|---" * (10 if servers else 9) + "|",
    ]
    for r in rows:
        lead = f"| {r['servers']} " if servers else ""
        lines.append(
            f"{lead}| {r['tables']} | {r['think']:g} | {r['moves_per_second']:,.0f} | "
            f"{r['p50_ms']:.1f} | "
            f"{r['p99_ms']:.1f} | {r['errors']} | {r['server_mb_idle']:.0f} → "
            f"{r['server_mb_peak']:.0f} | {100 * r['server_cpu']:.0f}% | "
            f"{100 * r['client_cpu']:.0f}% |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--think", type=float, nargs="+", default=[1.0, 0.0])
    parser.add_argument("--seconds", type=float, default=20.0, help="measured per run")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--game", default="draw")
    parser.add_argument("--json", action="store_true", help="one JSON object per run")
    parser.add_argument(
        "--scenario",
        choices=["all", "tables", "abuse", "cluster", "pairing"],
        default="all",
        help="the tables played by bots, the person's table without and with abuse, both (all), "
        "or the tables on one and on three processes sharing a PostgreSQL store, or quick "
        "pairing and log-ins on two processes sharing one",
    )
    parser.add_argument("--people", type=int, default=1000, help="pairing: the people seeking")
    parser.add_argument("--arrive", type=float, default=30.0, help="pairing: over these seconds")
    parser.add_argument("--accounts", type=int, default=200, help="pairing: the log-ins timed")
    args = parser.parse_args(argv)
    if args.scenario in ("all", "tables"):
        run_tables(args)
    if args.scenario in ("all", "abuse"):
        print(
            f"\na person against a casual computer, without and with abuse; {os.cpu_count()} "
            f"cores; {args.seconds:g} s measured after {args.warmup:g} s",
            flush=True,
        )
        rows = []
        for abused in (False, True):
            row = run_abuse(abused, args.warmup, args.seconds)
            rows.append(row)
            print(json.dumps(row) if args.json else abuse_text([row]).splitlines()[-1], flush=True)
        if not args.json:
            print()
            print(abuse_text(rows))
    if args.scenario == "cluster":
        run_cluster(args)
    if args.scenario in ("all", "pairing"):
        run_pairing(args)


def run_cluster(args: argparse.Namespace) -> None:
    # The tests' throwaway PostgreSQL server (one place for it: tests/server/serverhelp.py).
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
    from serverhelp import PostgresCluster, fresh_database

    print(
        f"one and three boneyard serve processes on one PostgreSQL store: {args.game}, 2 seats a "
        f"table, {os.cpu_count()} cores; {args.seconds:g} s measured after {args.warmup:g} s",
        flush=True,
    )
    cluster = PostgresCluster()
    cluster.start()
    rows = []
    try:
        for think in args.think:
            for n in args.tables:
                for count in (1, 3):
                    url = fresh_database(cluster.url, f"load_{count}_{n}_{int(think * 1000)}")
                    row = run_on([url] * count, n, think, args.warmup, args.seconds, args.game)
                    rows.append(row)
                    line = table_text([row], servers=True).splitlines()[-1]
                    print(json.dumps(row) if args.json else line, flush=True)
    finally:
        cluster.stop()
    if not args.json:
        print()
        print(table_text(rows, servers=True))


def run_tables(args: argparse.Namespace) -> None:
    print(
        f"boneyard serve under load: {args.game}, 2 seats a table, {os.cpu_count()} cores; "
        f"{args.seconds:g} s measured after {args.warmup:g} s",
        flush=True,
    )
    rows = []
    for think in args.think:
        for n in args.tables:
            row = run_one(n, think, args.warmup, args.seconds, args.game)
            rows.append(row)
            print(json.dumps(row) if args.json else table_text([row]).splitlines()[-1], flush=True)
    if not args.json:
        print()
        print(table_text(rows))


# ----------------------------------------------------------------------------- pairing
PAIRING_SERVER = """
import sys
from boneyard.apps.server import serve
from boneyard.apps.server.app import Settings
# Behind a proxy on this machine that names each client; the limits of one person each.
settings = Settings(
    db=sys.argv[1],
    forwarded_allow_ips="127.0.0.1",
    workers=0,
    max_tables=100000,
)
serve(fd=int(sys.argv[2]), log_level="warning", settings=settings)
"""


def ask(
    url: str, method: str, path: str, body: Any, client: str, key: str | None = None
) -> tuple[int, Any]:
    """One request as the person at address ``client``: its status and JSON."""
    headers = {"Content-Type": "application/json", "X-Forwarded-For": client}
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def client_address(i: int) -> str:
    return f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"


async def log_ins(urls: list[str], n: int) -> list[float]:
    """``n`` accounts made, then each logged in once: the log-ins' times."""
    password = {"password": "a long enough password"}

    async def one(i: int) -> float:
        url, client = urls[i % len(urls)], client_address(100_000 + i)
        body = {"name": f"bench{i}", **password}
        status, _ = await asyncio.to_thread(ask, url, "POST", "/api/account/signup", body, client)
        assert status == 201, status
        t = time.perf_counter()
        status, _ = await asyncio.to_thread(ask, url, "POST", "/api/account/login", body, client)
        assert status == 200, status
        return time.perf_counter() - t

    times = []
    for start in range(0, n, 8):  # 8 people at a time
        times += await asyncio.gather(*(one(i) for i in range(start, min(n, start + 8))))
    return times


@dataclass
class Seeker:
    client: str
    url: str
    game: str
    players: int
    seek: dict[str, Any] = field(default_factory=dict)
    asked: float = 0.0
    waited: float | None = None
    table: str | None = None
    seat: int | None = None
    status: str = "open"


async def seeker(person: Seeker, at: float, stop: asyncio.Event) -> None:
    """Arrive at ``at``, press Play now, ask after the seek every half second until seated."""
    await asyncio.sleep(at)
    person.asked = time.perf_counter()
    status, made = await asyncio.to_thread(
        ask, person.url, "POST", "/api/seeks", {"game": person.game}, person.client
    )
    assert status == 201, (status, made)
    person.seek = made
    path = f"/api/seeks/{made['id']}"
    while not stop.is_set():
        await asyncio.sleep(0.5)
        status, found = await asyncio.to_thread(
            ask, person.url, "GET", path, None, person.client, made["key"]
        )
        if status != 200:
            continue  # the store busy: ask again
        person.status = found["status"]
        if found["status"] == "seated":
            person.waited = time.perf_counter() - person.asked
            person.table, person.seat = found["table"], found["seat"]
            return
        if found["status"] not in ("open", "pairing"):
            return


async def pairing_run(urls: list[str], people: int, arrive: float) -> list[Seeker]:
    from concurrent.futures import ThreadPoolExecutor

    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(256))
    _, listed = await asyncio.to_thread(ask, urls[0], "GET", "/api/games", None, "10.0.0.1")
    games = [
        (g["id"], next(r["players"] for r in g["rule_sets"] if r["default"]))
        for g in listed["games"]
    ]
    rng = random.Random(0)
    crowd = []
    for i in range(people):
        game, players = rng.choice(games)
        crowd.append(Seeker(client_address(i + 1), rng.choice(urls), game, players))
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(seeker(p, rng.uniform(0, arrive), stop)) for p in crowd]
    await asyncio.sleep(arrive + 10)  # the last to come has waited 10 s
    stop.set()
    await asyncio.gather(*tasks)
    return crowd


def pairing_checks(crowd: list[Seeker]) -> dict[str, Any]:
    """Nobody seated twice; nobody left waiting where a table of his game could be filled."""
    seats: dict[str, list[Seeker]] = {}
    for p in crowd:
        if p.table is not None:
            seats.setdefault(p.table, []).append(p)
    twice = 0
    for seated in seats.values():
        taken = [p.seat for p in seated]
        if len(set(taken)) != len(taken) or len(taken) != seated[0].players:
            twice += 1
        if len({p.game for p in seated}) != 1:
            twice += 1
    left: dict[str, int] = {}
    for p in crowd:
        if p.table is None:
            left[p.game] = left.get(p.game, 0) + 1
    players = {p.game: p.players for p in crowd}
    stranded = sum(n for g, n in left.items() if n >= players[g])
    return {"tables": len(seats), "twice": twice, "left": sum(left.values()), "stranded": stranded}


def run_pairing(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
    from serverhelp import PostgresCluster, fresh_database

    print(
        f"quick pairing on two boneyard serve processes sharing one PostgreSQL store: "
        f"{args.people} people over {args.arrive:g} s; {args.accounts} log-ins; "
        f"{os.cpu_count()} cores",
        flush=True,
    )
    cluster = PostgresCluster()
    cluster.start()
    servers = []
    try:
        url = fresh_database(cluster.url, "pairing_load")
        servers = [start_server(url, PAIRING_SERVER) for _ in range(2)]
        urls = [u for _, u, _ in servers]
        logins = asyncio.run(log_ins(urls, args.accounts))
        cpu = [cpu_seconds(p.pid) for p, _, _ in servers]
        t = time.perf_counter()
        crowd = asyncio.run(pairing_run(urls, args.people, args.arrive))
        elapsed = time.perf_counter() - t
        cpu = [cpu_seconds(p.pid) - c for (p, _, _), c in zip(servers, cpu, strict=True)]
    finally:
        for process, _, sock in servers:
            stop_server(process, sock)
        cluster.stop()
    waits = [p.waited for p in crowd if p.waited is not None]
    row = {
        "people": len(crowd),
        "seated": len(waits),
        "p50_s": percentile(waits, 0.5),
        "p99_s": percentile(waits, 0.99),
        **pairing_checks(crowd),
        "server_cpu": sum(cpu) / elapsed,
        "login_p50_ms": 1000 * percentile(logins, 0.5),
        "login_p99_ms": 1000 * percentile(logins, 0.99),
        "logins": len(logins),
    }
    if args.json:
        print(json.dumps(row))
        return
    print(
        "\n| people | seated | seek→seat p50 (s) | p99 (s) | tables | seated twice | left waiting "
        "| of them with enough partners | servers' CPU | log-ins | log-in p50 (ms) | p99 (ms) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {row['people']:,} | {row['seated']:,} | {row['p50_s']:.2f} | {row['p99_s']:.2f} "
        f"| {row['tables']} | {row['twice']} | {row['left']} | {row['stranded']} "
        f"| {row['server_cpu']:.0%} | {row['logins']} | {row['login_p50_ms']:.0f} "
        f"| {row['login_p99_ms']:.0f} |"
    )


if __name__ == "__main__":
    main()
