"""Seeds and mutators: plausible trace files of every format, made hostile at random places.

Everything here is a pure function of a `random.Random`, so an input is reproduced from the
runner's seed and index alone.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "formats"


@dataclass(frozen=True)
class Seed:
    name: str  # the format (or file kind) it stands for
    texts: tuple[str, ...]  # its JSON values as JSON text, in file order (parsed afresh
    # for each input: faster than a deep copy)
    one_document: bool  # one pretty JSON document (else JSON Lines)
    suffix: str


def _mini_swe_agent() -> list[Any]:
    """One mini-swe-agent run as its trajectory saves it: bash blocks in assistant text,
    `<returncode>` observations in user messages."""

    def say(role: str, content: str) -> dict[str, str]:
        return {"role": role, "content": content}

    return [
        {
            "messages": [
                say("system", "You can run bash. Reply with one ```bash block."),
                say("user", "<pr_description>calc.add returns a-b</pr_description>"),
                say("assistant", "THOUGHT: look.\n\n```bash\ncat calc.py\n```"),
                say(
                    "user", "<returncode>0</returncode>\n<output>def add(a,b): return a-b</output>"
                ),
                say(
                    "assistant",
                    "THOUGHT: fix and test.\n\n```bash\nsed -i s/-/+/ calc.py && pytest\n```",
                ),
                say("user", "<returncode>1</returncode>\n<output>1 failed, 3 passed</output>"),
                say(
                    "assistant",
                    "All tests pass. Submitting.\n\n```bash\necho COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n```",
                ),
            ]
        }
    ]


def _probes() -> list[Any]:
    return [
        {
            "trace_id": "ex-booking-probe",
            "name": "calendar.get_event",
            "args": {"event_id": "evt_1"},
            "ok": True,
            "output": {"event_id": "evt_1", "status": "confirmed"},
            "error": None,
            "ts": "2026-04-01T12:00:00Z",
        }
    ]


def _load(path: Path) -> tuple[list[Any], bool]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return [json.loads(text)], True
    return [json.loads(line) for line in text.splitlines() if line.strip()], False


def seeds() -> list[Seed]:
    """One seed per reader, plus native traces that exercise the checker's rules."""
    out: list[Seed] = []
    for folder in sorted(p for p in FIXTURES.iterdir() if p.is_dir()):
        conversation = next(p for p in folder.iterdir() if p.stem == "conversation")
        values, one = _load(conversation)
        out.append(Seed(folder.name, _texts(values), one, conversation.suffix))
    for name in ("booking", "coding", "acme", "payments", "support"):
        values, _ = _load(REPO / "examples" / f"{name}.jsonl")
        out.append(Seed(f"native-{name}", _texts(values[:3]), False, ".jsonl"))
    out.append(Seed("mini-swe-agent", _texts(_mini_swe_agent()), False, ".jsonl"))
    out.append(Seed("probes", _texts(_probes()), False, ".jsonl"))
    return out


def _texts(values: list[Any]) -> tuple[str, ...]:
    return tuple(json.dumps(v) for v in values)


# ---- hostile values -----------------------------------------------------------------------


# Deep nesting is spliced into the JSON text after serialising: building and encoding 1,000
# levels of Python objects per input would cost more than everything else the input does.
_DEEP = "\x00deep:{kind}:{depth}\x00"
_DEEP_TEXT = re.compile(r'"\\u0000deep:(list|dict):(\d+)\\u0000"')


def _nested(depth: int, kind: str) -> str:
    return _DEEP.format(kind=kind, depth=depth)


def _splice_deep(text: str) -> str:
    def deep(match: re.Match[str]) -> str:
        depth = int(match[2])
        if match[1] == "list":
            return "[" * depth + '"x"' + "]" * depth
        return '{"a":' * depth + '"x"' + "}" * depth

    return _DEEP_TEXT.sub(deep, text)


def hostile_value(rng: random.Random) -> Any:
    """A value a reader or renderer may not expect, of the kinds the review found."""
    pick = rng.randrange(24)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False, 0, -1, 2**63, 2**70, -(2**64), 1.5e308, -0.0])
    if pick == 2:
        return rng.choice([[], {}, "", " ", "\n", "0"])
    if pick == 3:
        return "9" * rng.choice([4300, 4301, 5000])  # Python's int-from-string limit
    if pick == 4:
        return _nested(rng.choice([100, 500, 985, 1100]), rng.choice(["list", "dict"]))
    if pick == 5:
        return rng.choice(["\ud800", "ok \udfff done", "\x00", "\u202eevil", "a\u200bb"])
    if pick == 6:
        return rng.choice(["::error::pwned", "%0A::warning::x", "line\r\n::set-output name=a::b"])
    if pick == 7:
        return rng.choice(
            ["http://[::1", "https://[x]:99999/", "http://a:b@/", "www.evil.example", "mailto:a@b"]
        )
    if pick == 8:
        return rng.choice(["#123", "octo/repo#5", "GH-9", "@admins", "<script>x</script>"])
    if pick == 9:
        return rng.choice(
            ["2026-13-45T00:00:00Z", "9999-12-31T23:59:59+25:00", "1e400", "-1", "NaN"]
        )
    if pick == 10:
        return "x" * rng.choice([1000, 70_000]) + " 31 passed, 0 failed; " * rng.randrange(50)
    if pick == 11:
        return rng.choice([["user"], {"type": "x"}, [1, 2], {"": None}])
    if pick == 12:
        return float(rng.choice(["nan", "inf", "-inf"]))  # written as NaN / Infinity
    if pick == 13:
        return {"type": rng.choice(["message", "function_call", "tool_use", "text", "span"])}
    if pick == 14:
        return rng.choice(["All tests pass.", "I booked it.", "Committed abc1234.", "Done!"])
    if pick == 15:
        return {"exit_code": rng.choice([0, 1, "0", None, "9" * 5000]), "stdout": "1 passed"}
    if pick == 16:
        return rng.choice(["tool_call", "tool_result", "message", "agent", "tool", "user"])
    if pick == 17:
        return {"type": "function", "function": {"name": "x", "arguments": rng.choice(["{", "[]"])}}
    if pick == 18:
        return rng.choice(["calendar.create_event", "shell.run", "git.commit", "bash", "Bash"])
    if pick == 19:
        return [hostile_value(rng) for _ in range(rng.randrange(4))]
    if pick == 20:
        return {str(rng.randrange(5)): hostile_value(rng) for _ in range(rng.randrange(4))}
    if pick == 21:
        return rng.choice(["a/../../etc/passwd", "C:\\x", "\\\\server\\share", "~/.ssh/id"])
    if pick == 22:
        return rng.randrange(-5, 10)
    return "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(1, 30)))


# ---- structural mutations -----------------------------------------------------------------


def places(value: Any, path: tuple[Any, ...] = (), limit: int = 1500) -> list[tuple[Any, ...]]:
    """Paths to nodes inside `value` (the root excluded), at most `limit` of them."""
    found: list[tuple[Any, ...]] = []
    stack: list[tuple[Any, tuple[Any, ...]]] = [(value, path)]
    while stack and len(found) < limit:
        node, where = stack.pop()
        if isinstance(node, dict):
            children = list(node.items())
        elif isinstance(node, list):
            children = list(enumerate(node))
        else:
            continue
        for key, child in children:
            found.append((*where, key))
            stack.append((child, (*where, key)))
    return found


def _parent(root: Any, where: tuple[Any, ...]) -> Any:
    node = root
    for key in where[:-1]:
        node = node[key]
    return node


def mutate_values(values: list[Any], rng: random.Random, count: int) -> list[Any]:
    """`count` random edits: replace a node, drop a key, duplicate a record or an element."""
    for _ in range(count):
        if not values:
            values.append(hostile_value(rng))
            continue
        index = rng.randrange(len(values))
        op = rng.randrange(10)
        if op == 0:
            # shared, not copied: a copy would recurse through a deep hostile value
            values.insert(rng.randrange(len(values) + 1), rng.choice(values))
            continue
        if op == 1 and len(values) > 1:
            del values[index]
            continue
        if op == 2:
            values[index] = hostile_value(rng)
            continue
        spots = places(values[index])
        if not spots:
            values[index] = hostile_value(rng)
            continue
        where = rng.choice(spots)
        parent = _parent(values[index], where)
        if op == 3 and isinstance(parent, dict):
            del parent[where[-1]]
        elif op == 4 and isinstance(parent, list) and parent:
            parent.insert(rng.randrange(len(parent) + 1), parent[where[-1]])
        else:
            parent[where[-1]] = hostile_value(rng)
    return values


# ---- byte-level mutations -----------------------------------------------------------------


def serialise(values: list[Any], one_document: bool, rng: random.Random) -> bytes:
    """The file's bytes: JSON (NaN and all) in a layout the format uses, sometimes damaged."""
    if one_document:
        text = json.dumps(values[0] if values else None, indent=rng.choice([None, 2]))
    else:
        text = "".join(json.dumps(v) + "\n" for v in values)
    text = _splice_deep(text)
    data = text.encode("utf-8", "surrogatepass")
    op = rng.randrange(14)
    if op == 0 and data:  # truncated mid-write
        data = data[: rng.randrange(len(data))]
    elif op == 1:  # CR-only line ends
        data = data.replace(b"\n", b"\r")
    elif op == 2:
        data = b"\xef\xbb\xbf" + data
    elif op == 3:
        data = text.encode("utf-16", "surrogatepass")
    elif op == 4 and data:  # a stray invalid byte
        at = rng.randrange(len(data))
        data = data[:at] + bytes([rng.choice([0xFF, 0xC0, 0x80, 0x00])]) + data[at:]
    elif op == 5:  # a duplicate key in the first object
        data = data.replace(b"{", b'{"trace_id": "dup", ', 1)
    elif op == 6:
        data = b"\n\n  \n" + data + b"\n\n{\n"
    elif op == 7 and data:  # a byte flipped
        at = rng.randrange(len(data))
        data = data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1 :]
    return data


def make_input(rng: random.Random, all_seeds: list[Seed]) -> tuple[str, str, bytes]:
    """(seed name, file suffix, file bytes): one hostile-but-plausible input."""
    seed = rng.choice(all_seeds)
    values = [json.loads(t) for t in seed.texts]
    values = mutate_values(values, rng, rng.choice([0, 1, 1, 2, 3, 5]))
    data = serialise(values, seed.one_document, rng)
    suffix = seed.suffix
    if rng.randrange(12) == 0:
        data = gzip.compress(data, compresslevel=1)
        suffix += ".gz"
    return seed.name, suffix, data
