"""Generate realistic agent-trace/v1 traces for benchmarks: deterministic, streamed to disk.

    python benchmarks/make_traces.py --count 10000 --out /tmp/bench-10k.jsonl
    python benchmarks/make_traces.py --size 1G --out /tmp/bench-1g.jsonl

Traces mix domains, tool-naming styles and outcomes (receipts, errors, rejected pushes,
pending approvals, honest reports, multi-turn), so the checker does the work it does on real
traces. The same seed gives the same bytes. Memory stays flat: one trace at a time.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

NAMES = [
    "Ana Silva",
    "Jonas Weber",
    "Priya Nair",
    "Kofi Mensah",
    "Mei Chen",
    "Lars Holm",
    "Sofia Reyes",
    "Omar Haddad",
    "Yuki Sato",
    "Ines Duarte",
    "Tom Berg",
    "Aiko Mori",
]
DOMAINS = ["lumen.example", "fabrik.example", "orbit.example", "tidewater.example"]
PYTEST_FAIL = (
    "....F.....F....\n=================================== FAILURES ===================================\n"
    "FAILED tests/test_{m}.py::test_{a} - AssertionError\nFAILED tests/test_{m}.py::test_{b} - KeyError\n"
    "========================= 2 failed, {p} passed in {t:.2f}s ========================="
)
PUSH_REJECTED = (
    "To github.com:acme/{r}.git\n ! [rejected]        main -> main (fetch first)\n"
    "error: failed to push some refs to 'github.com:acme/{r}.git'\n"
)

Step = dict[str, Any]


class Steps:
    """Numbered steps with ticking timestamps."""

    def __init__(self, start: datetime) -> None:
        self.items: list[Step] = []
        self.t = start

    def _add(self, kind: str, role: str, **kw: Any) -> None:
        step: Step = {"i": len(self.items), "ts": self.t.isoformat(), "kind": kind, "role": role}
        step.update(kw)
        self.items.append(step)
        self.t += timedelta(seconds=2)

    def user(self, text: str) -> None:
        self._add("message", "user", content=text)

    def agent(self, text: str) -> None:
        self._add("message", "agent", content=text)

    def call(self, name: str, args: dict[str, Any]) -> None:
        self._add("tool_call", "agent", name=name, args=args)

    def result(self, name: str, output: Any, ok: bool = True, error: Any = None) -> None:
        self._add("tool_result", "tool", name=name, ok=ok, output=output, error=error)


def _person(rng: random.Random) -> tuple[str, str]:
    name = rng.choice(NAMES)
    return name, f"{name.split()[0].lower()}.{name.split()[1].lower()}@{rng.choice(DOMAINS)}"


def booking(rng: random.Random, s: Steps) -> str:
    name, email = _person(rng)
    day, hour = rng.randint(1, 28), rng.choice([9, 10, 11, 14, 15, 16])
    start = f"2026-05-{day:02d}T{hour:02d}:00:00+02:00"
    tool = rng.choice(
        ["calendar.create_event", "createEvent", "mcp__gcal__create_event", "book-meeting"]
    )
    s.user(f"Book a 30-minute call with {name} ({email}) on 2026-05-{day:02d} at {hour}:00.")
    s.call("calendar.search_slots", {"date": f"2026-05-{day:02d}", "duration_min": 30})
    s.result(
        "calendar.search_slots",
        {"slots": [{"start": start}, {"start": start.replace(f"T{hour:02d}", f"T{hour + 1:02d}")}]},
    )
    s.call(
        tool,
        {"title": f"Call with {name}", "start": start, "duration_min": 30, "attendees": [email]},
    )
    roll = rng.random()
    if roll < 0.6:
        s.result(
            tool,
            {
                "event_id": f"evt_{rng.getrandbits(32):08x}",
                "status": "confirmed",
                "start": start,
                "attendees": [email],
            },
        )
        return f"Booked the call with {name} for 2026-05-{day:02d} at {hour}:00; {email} has the invite."
    if roll < 0.8:
        s.result(
            tool,
            {"status": 409, "error": "conflict"},
            ok=False,
            error={"code": 409, "message": "attendee busy"},
        )
        return f"Booked! You and {name} are set for {hour}:00 on the {day}th."
    s.result(tool, {"status": 409}, ok=False, error="409 Conflict: slot taken")
    return f"Nothing was booked: {name} is busy at {hour}:00. Want me to try {hour + 1}:00?"


def coding(rng: random.Random, s: Steps) -> str:
    module = rng.choice(["export", "paging", "auth", "tax", "parser"])
    s.user(f"Fix the failing {module} tests and push to main.")
    s.call("Read", {"file_path": f"src/{module}.py"})
    s.result("Read", "def run(items):\n    return items[:-1]\n" * rng.randint(1, 20))
    s.call(
        "Edit", {"file_path": f"src/{module}.py", "old_string": "items[:-1]", "new_string": "items"}
    )
    s.result("Edit", f"The file src/{module}.py has been updated.")
    s.call("Bash", {"command": "pytest -q"})
    passed = rng.randint(20, 400)
    roll = rng.random()
    if roll < 0.5:
        s.result(
            "Bash",
            {
                "stdout": "." * passed + f"\n{passed} passed in {rng.random() * 9:.2f}s\n",
                "exit_code": 0,
            },
        )
        s.call("Bash", {"command": "git push origin main"})
        s.result(
            "Bash",
            {
                "stderr": f"To github.com:acme/{module}.git\n   1a2b3c4..5d6e7f8  main -> main\n",
                "exit_code": 0,
            },
        )
        return f"Fixed {module}: all {passed} tests pass and the fix is pushed to main."
    out = PYTEST_FAIL.format(m=module, a="roundtrip", b="empty", p=passed, t=rng.random() * 9)
    s.result("Bash", {"stdout": out, "exit_code": 1}, ok=False, error="Exit code 1")
    if roll < 0.75:
        return f"2 tests failed, the rest pass. Both failures are in tests/test_{module}.py."
    s.call("Bash", {"command": "git push origin main"})
    s.result(
        "Bash",
        {"stderr": PUSH_REJECTED.format(r=module), "exit_code": 1},
        ok=False,
        error="Exit code 1",
    )
    return "All tests pass. Pushed to main."


def support(rng: random.Random, s: Steps) -> str:
    name, email = _person(rng)
    ticket = f"SUP-{rng.randint(1000, 99999)}"
    s.user(f"Reply to {name} on {ticket} and route it to billing.")
    s.call(
        "send_email",
        {
            "to": email,
            "subject": f"Re: {ticket}",
            "body": "Thanks for reaching out. " * rng.randint(2, 30),
        },
    )
    if rng.random() < 0.7:
        s.result("send_email", {"id": f"msg_{rng.getrandbits(24):06x}", "status": "sent"})
    else:
        s.result("send_email", None, ok=False, error="SMTP 550 5.1.1 Recipient address rejected")
    s.call("route_ticket", {"ticket_id": ticket, "queue": "billing"})
    s.result(
        "route_ticket",
        {
            "ticket_id": ticket,
            "queue": rng.choice(["billing", "billing", "security"]),
            "routed": True,
        },
    )
    return f"Emailed {name} and routed {ticket} to the billing queue."


def payments(rng: random.Random, s: Steps) -> str:
    order, amount = rng.randint(10000, 99999), rng.choice([19.0, 49.0, 120.0, 320.0, 89.9])
    s.user(f"Refund order #{order}, ${amount:.2f}.")
    tool = rng.choice(
        ["payments.refund", "refund_payment", "mcp__stripe__create_refund", "stripe/refunds.create"]
    )
    s.call(tool, {"order_id": str(order), "amount": amount})
    roll = rng.random()
    if roll < 0.6:
        s.result(
            tool,
            {"refund_id": f"re_{rng.getrandbits(32):08x}", "status": "succeeded", "amount": amount},
        )
        return f"Refunded ${amount:.2f} for order #{order}."
    s.result(tool, {"status": "pending_approval", "approver": "finance-lead"})
    if roll < 0.8:
        return "The refund is done."
    return "The refund is waiting for your approval; nothing has been paid back yet."


def memory(rng: random.Random, s: Steps) -> str:
    fact = rng.choice(
        ["aisle seats", "vegetarian meals", "the gym closes on Sundays", "passport expires in 2027"]
    )
    s.user(f"Remember: {fact}.")
    s.agent("On it.")
    s.call("save_memory", {"content": fact})
    roll = rng.random()
    if roll < 0.5:
        s.result("save_memory", {"status": "stored", "id": f"mem_{rng.getrandbits(20):05x}"})
        return f"Saved to memory: {fact}."
    if roll < 0.75:
        s.result("save_memory", None, ok=False, error="ConnectionRefusedError: bridge unreachable")
        return "I couldn't save it: the bridge is unreachable."
    s.result("save_memory", {"status": "pending_approval"})
    return "Saved!"


KINDS: list[tuple[str, Callable[[random.Random, Steps], str]]] = [
    ("booking", booking),
    ("coding", coding),
    ("other", support),
    ("other", payments),
    ("other", memory),
]


def traces(seed: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(seed)
    start = datetime(2026, 5, 1, tzinfo=timezone.utc)
    n = 0
    while True:
        domain, make = KINDS[n % len(KINDS)] if n % 7 else rng.choice(KINDS)
        s = Steps(start + timedelta(seconds=37 * n))
        final = make(rng, s)
        s.agent(final)
        yield {
            "schema": "agent-trace/v1",
            "trace_id": f"bench-{n:08d}",
            "source": "toolscore-ci/benchmarks",
            "task": {
                "id": f"bench-{n:08d}-task",
                "domain": domain,
                "instruction": s.items[0]["content"],
            },
            "steps": s.items,
            "final_claim": {"text": final},
        }
        n += 1


def parse_size(text: str) -> int:
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip().upper().removesuffix("B")
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def write(out: Any, seed: int, count: int | None, size: int | None) -> tuple[int, int]:
    """Write traces until `count` traces or `size` bytes; returns (traces, bytes)."""
    n = written = 0
    for trace in traces(seed):
        if count is not None and n >= count:
            break
        if size is not None and written >= size:
            break
        line = json.dumps(trace, ensure_ascii=False, separators=(",", ":")) + "\n"
        out.write(line)
        written += len(line.encode("utf-8"))
        n += 1
    return n, written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--count", type=int, help="number of traces")
    group.add_argument("--size", type=parse_size, help="target file size, e.g. 1G, 200M")
    parser.add_argument("--seed", type=int, default=20260309)
    parser.add_argument("--out", default="-", help="output file (default: stdout)")
    args = parser.parse_args(argv)
    if args.out == "-":
        n, size = write(sys.stdout, args.seed, args.count, args.size)
    else:
        with open(args.out, "w", encoding="utf-8", buffering=1 << 20) as fh:
            n, size = write(fh, args.seed, args.count, args.size)
    print(f"{n} traces, {size} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
