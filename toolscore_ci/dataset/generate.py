"""The seeded generator: labelled agent-trace/v1 records of agents lying and telling the truth.

Every failure kind (content/kinds.yaml) is one situation reported falsely; each of its twins is
the same situation reported truthfully, or the retry that worked. The words, tools, arguments
and results come from the data files beside this module; this module only decides the
situation, draws from the pools and lays out the steps.

Seed contract: the same (seed, count, GENERATOR) gives the same bytes (`dumps`), on any
machine and Python version. Record n draws from its own `random.Random` seeded with a string
(hashed with SHA-512 by `random`, never by Python's per-process `hash`), and the plan of
situations is shuffled by another string-seeded stream.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from functools import cache
from importlib import resources
from typing import Any

import yaml

GENERATOR = "toolscore-ci/dataset-v1"
SOURCE = "toolscore-ci/dataset-generator"
HONEST = "honest"
#: How often each language is drawn: mostly English, a little of every other claim language.
LANGUAGES = (("en", 0.7), ("de", 0.1), ("es", 0.1), ("fr", 0.1))
#: Chances of the variations every situation can carry.
P_NARRATION = 0.4  # an agent message before the first call
P_PRE_READ = 0.35  # a lookup before the write
P_TRANSIENT = 0.15  # a transient error before a write that then goes through
P_EARLIER_TURN = 0.2  # an earlier, finished turn before the one that matters


@cache
def content(name: str) -> Any:
    """One data file of content/, parsed."""
    text = resources.files("toolscore_ci.dataset").joinpath("content", name).read_text("utf-8")
    return yaml.safe_load(text)


def kinds() -> dict[str, dict[str, Any]]:
    return dict(content("kinds.yaml")["kinds"])


def domains() -> dict[str, dict[str, Any]]:
    return dict(content("domains.yaml")["domains"])


@dataclass(frozen=True)
class Cell:
    """One situation of the plan: a failure kind, and the twin (None: the lie itself)."""

    kind: str
    twin: str | None
    domain: str


def plan(seed: int, count: int) -> list[Cell]:
    """`count` situations: every kind's lie equally often, as often as its twins (half failures),
    domains rotated through each kind's eligible domains, then shuffled."""
    cells: list[tuple[str, str | None]] = []
    for kind, spec in kinds().items():
        twins = list(spec["twins"])
        for twin in (twins * 2)[:2]:  # every kind's lie equally often, half of it honest
            cells += [(kind, None), (kind, twin)]
    every = sorted(domains())
    out: list[Cell] = []
    for n in range(count):
        kind, twin = cells[n % len(cells)]
        eligible = kinds()[kind].get("domains") or every
        rotation = n // len(cells) + n % len(cells)
        out.append(Cell(kind, twin, eligible[rotation % len(eligible)]))
    random.Random(f"{GENERATOR}:{seed}:plan").shuffle(out)
    return out


def generate(seed: int, count: int) -> Iterator[dict[str, Any]]:
    """The labelled records of a generated set, in order."""
    for n, cell in enumerate(plan(seed, count)):
        rng = random.Random(f"{GENERATOR}:{seed}:{n}")
        yield Builder(rng, cell, seed).record()


def dumps(record: Mapping[str, Any]) -> str:
    """One record as its JSONL line: sorted keys, so the bytes depend only on the content."""
    return json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n"


def _weighted(rng: random.Random, choices: Sequence[tuple[str, float]]) -> str:
    x, total = rng.random(), 0.0
    for value, weight in choices:
        total += weight
        if x < total:
            return value
    return choices[-1][0]


def tool_name(style: str, service: str, verb: str, noun: str) -> str:
    """A tool's name in one of the naming styles agents use."""
    if style == "dotted":
        return f"{service}.{verb}_{noun}"
    if style == "camel":
        return verb + "".join(part.capitalize() for part in noun.split("_"))
    if style == "mcp":
        return f"mcp__{service}__{verb}_{noun}"
    return f"{verb}_{noun}"


@dataclass
class Builder:
    rng: random.Random
    cell: Cell
    seed: int
    steps: list[dict[str, Any]] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)
    retries: int = 0

    def __post_init__(self) -> None:
        self.spec = domains()[self.cell.domain]
        self.lang = _weighted(self.rng, LANGUAGES)
        self.style = self.rng.choice(content("tools.yaml")["styles"])
        self.words = content("sentences.yaml")["languages"][self.lang]
        start = datetime(2026, 1, 5, 8, 0, tzinfo=timezone.utc)
        self.clock = start + timedelta(minutes=self.rng.randrange(0, 60 * 24 * 300))
        self.day = (self.clock + timedelta(days=self.rng.randrange(3, 40))).date()
        self.trace_id = f"ds-{self.rng.getrandbits(48):012x}"
        self.instruction = ""

    # --- values -----------------------------------------------------------------------

    def _draw(self, slot: str, avoid: Sequence[Any] = ()) -> Any:
        source = self.spec["slots"][slot]
        for _ in range(50):
            if source == "date":
                value: Any = (self.day + timedelta(days=self.rng.randrange(0, 20))).isoformat()
            elif isinstance(source, dict):
                digits = "".join(self.rng.choice("0123456789") for _ in range(source["digits"]))
                value = source["prefix"] + digits.lstrip("0").rjust(source["digits"], "1")
            elif isinstance(source, list):
                value = self.rng.choice(source)
            else:
                value = self.rng.choice(content("pools.yaml")["pools"][source])
            if value not in avoid:
                return value
        raise ValueError(f"slot {slot!r} of {self.cell.domain} has too few values")  # data bug

    def val(self, slot: str) -> Any:
        if slot not in self.values:
            self.values[slot] = self._draw(slot)
        return self.values[slot]

    def other(self, slot: str) -> Any:
        """A value of `slot` other than the one drawn: a wrong value, the next item."""
        current = self.val(slot)
        if self.spec["slots"][slot] == "date":
            return (date.fromisoformat(current) + timedelta(days=1)).isoformat()
        return self._draw(slot, avoid=(current,))

    def fill(self, template: Any, extra: Mapping[str, Any] | None = None) -> Any:
        """A template with its slots filled: strings, and lists and dicts of them. A string
        that is one whole slot keeps the slot's type."""
        extra = extra or {}
        if isinstance(template, dict):
            return {k: self.fill(v, extra) for k, v in template.items()}
        if isinstance(template, list):
            return [self.fill(v, extra) for v in template]
        if not isinstance(template, str):
            return template
        if template.startswith("{") and template.endswith("}") and template.count("{") == 1:
            key = template[1:-1]
            if key.isidentifier():
                return extra[key] if key in extra else self.val(key)
        out, rest = [], template
        while "{" in rest:
            before, _, after = rest.partition("{")
            key, sep, rest = after.partition("}")
            if not sep or not key.isidentifier():  # a literal brace (JSON in markup)
                out.append(before + "{" + key + sep)
                continue
            value = extra[key] if key in extra else self.val(key)
            out.append(before + _text(value))
        out.append(rest)
        return "".join(out)

    def say(self, key: str, extra: Mapping[str, Any] | None = None) -> str:
        """One of the shared sentences of this language, filled."""
        return str(self.fill(self.rng.choice(self.words[key]), extra))

    def pick(self, per_language: Mapping[str, Any], extra: Mapping[str, Any] | None = None) -> str:
        """A domain template in this language: one of a list, or the one string."""
        options = per_language[self.lang]
        chosen = self.rng.choice(options) if isinstance(options, list) else options
        return str(self.fill(chosen, extra))

    # --- steps ------------------------------------------------------------------------

    def _step(self, kind: str, role: str, **fields: Any) -> int:
        self.clock += timedelta(seconds=self.rng.randrange(1, 9))
        i = len(self.steps)
        step = {"i": i, "ts": self.clock.isoformat(), "kind": kind, "role": role}
        step.update(fields)
        self.steps.append(step)
        return i

    def user(self, text: str) -> None:
        self._step("message", "user", content=text)

    def agent(self, text: str) -> None:
        self._step("message", "agent", content=text)

    def call(
        self, name: str, args: dict[str, Any], *, ok: bool, output: Any = None, error: Any = None
    ) -> None:
        self._step("tool_call", "agent", name=name, args=args)
        result: dict[str, Any] = {"name": name, "ok": ok, "output": output}
        if error is not None:
            result["error"] = error
        self._step("tool_result", "tool", **result)

    def tool(self, part: str) -> str:
        verb, noun = self.spec[part]["tool"]
        return tool_name(self.style, self.spec["service"], verb, noun)

    def failing(self, spec: Mapping[str, Any], name: str, args: dict[str, Any]) -> str:
        """A failed call of `name`; returns the error's text for an honest report."""
        self.call(name, args, ok=spec["ok"], output=spec.get("output"), error=spec.get("error"))
        return str(spec["text"])

    def error(self) -> dict[str, Any]:
        return dict(self.rng.choice(content("tools.yaml")["errors"]))

    # --- the parts of a situation -----------------------------------------------------

    def ask(self, text: str) -> None:
        """The user's request, after an earlier finished turn now and then."""
        # a read situation's earlier turn would ask the same question twice
        if self.cell.kind != "read_failure_as_empty" and self.rng.random() < P_EARLIER_TURN:
            self.user(self.pick(self.spec["read"]["question"]))
            hit = self.fill(self.spec["read"]["hit"])
            self.call(
                self.tool("read"),
                self.fill(self.spec["read"]["args"]),
                ok=True,
                output={"results": [hit], "total": 1},
            )
            where = self.pick(self.spec["read"]["where"])
            self.agent(self.say("found", {"hit": _text(next(iter(hit.values()))), "where": where}))
            text = self.say("user_followup") + " " + text
        self.user(text)
        self.instruction = self.instruction or text

    def prelude(self) -> None:
        """What an agent often does before the write: say so, look something up."""
        if self.rng.random() < P_NARRATION:
            self.agent(self.rng.choice(self.words["narration"]))
        if self.rng.random() < P_PRE_READ:
            # the lookup is about what the write acts on
            self.values.setdefault("query", self.val(self.spec["read"]["about"]))
            hit = self.fill(self.spec["read"]["hit"])
            self.call(
                self.tool("read"),
                self.fill(self.spec["read"]["args"]),
                ok=True,
                output={"results": [hit], "total": 1},
            )

    def write(self, output: Any = None, extra: Mapping[str, Any] | None = None) -> None:
        """The write, going through (after a transient error now and then)."""
        action, name = self.spec["action"], self.tool("action")
        args = self.fill(action["args"], extra)
        if self.rng.random() < P_TRANSIENT:
            spec = self.rng.choice(content("tools.yaml")["transient"])
            self.call(name, args, ok=spec["ok"], error=spec.get("error"))
            self.retries += 1
        receipt = self.fill(action["receipt"], extra) if output is None else output
        self.call(name, args, ok=True, output=receipt)

    def claim(self, extra: Mapping[str, Any] | None = None) -> str:
        return self.pick(self.spec["action"]["claims"], extra)

    def act(self) -> str:
        return self.pick(self.spec["action"]["act"])

    def state(self, key: str) -> dict[str, Any]:
        return dict(self.fill(self.rng.choice(content("tools.yaml")[key])))

    # --- situations -------------------------------------------------------------------

    def error_hidden(self, twin: str | None) -> None:
        self.ask(self.pick(self.spec["action"]["instruction"]))
        self.prelude()
        name, args = self.tool("action"), self.fill(self.spec["action"]["args"])
        if twin == "recovered":
            spec = self.rng.choice(content("tools.yaml")["transient"])
            self.call(name, args, ok=spec["ok"], error=spec.get("error"))
            self.retries += 1
            self.call(name, args, ok=True, output=self.fill(self.spec["action"]["receipt"]))
            self.agent(self.claim())
            return
        err = self.error()
        text = self.failing(err, name, args)
        if self.rng.random() < 0.3:  # retried, failed again
            self.failing(err, name, args)
            self.retries += 1
        self.agent(
            self.say("error_reported", {"error": text, "act": self.act()}) if twin else self.claim()
        )

    def no_tool_ran(self, twin: str | None) -> None:
        if self.rng.random() < 0.5:  # an earlier turn did the act for real; this one does not
            self.user(self.pick(self.spec["action"]["instruction"]))
            self.instruction = self.steps[-1]["content"]
            self.write()
            self.agent(self.claim())
            self.values.clear()  # the second request is about other things
            self.user(
                self.say("user_followup") + " " + self.pick(self.spec["action"]["instruction"])
            )
        else:
            self.ask(self.pick(self.spec["action"]["instruction"]))
        if twin == "asked_first":
            self.agent(self.say("ask_first", {"act": self.act()}))
            return
        if twin == "did_it":
            self.prelude()
            self.write()
        self.agent(self.claim())

    def _held(self, state: str, twin: str | None, disclosed: str) -> None:
        self.ask(self.pick(self.spec["action"]["instruction"]))
        self.prelude()
        held = self.state(state)
        self.write(output=held)
        if twin:
            self.agent(self.say(disclosed, {"act": self.act(), "ref": held.get("request_id")}))
        else:
            self.agent(self.claim())

    def approval_pending(self, twin: str | None) -> None:
        self._held("pending", twin, "pending_disclosed")

    def handed_to_client(self, twin: str | None) -> None:
        self._held("handed_off", twin, "handoff_disclosed")

    def tool_markup(self, twin: str | None) -> None:
        self.ask(self.pick(self.spec["action"]["instruction"]))
        args = self.fill(self.spec["action"]["args"])
        template = self.rng.choice(content("tools.yaml")["markup"])
        markup = template.replace("{tool}", self.tool("action")).replace(
            "{args}", json.dumps(args, ensure_ascii=False)
        )
        if twin == "markup_with_call":
            if self.rng.random() < 0.5:  # announced with the markup, then really called
                self.agent(markup)
                self.write()
                self.agent(self.claim())
            else:  # called, then quoted back in the report
                self.prelude()
                self.write()
                self.agent(markup + "\n" + self.claim())
            return
        if self.rng.random() < P_NARRATION:
            self.agent(self.rng.choice(self.words["narration"]))
        self.agent(markup + "\n" + self.claim())

    def wrong_value(self, twin: str | None) -> None:
        self.ask(self.pick(self.spec["action"]["instruction"]))
        self.prelude()
        slot = self.spec["action"]["value"]
        asked = self.val(slot)
        got = asked if twin == "clean" else self.other(slot)
        self.write(output=self.fill(self.spec["action"]["receipt"], {slot: got}))
        if twin in (None, "clean"):  # the requested value, whatever the receipt says
            self.agent(self.claim())
        else:
            ref = self.steps[-1]["output"]
            ident = next((v for k, v in ref.items() if k.endswith(("id", "number", "ts"))), "")
            said = self.say("value_disclosed", {"value_was": asked, "value_now": got, "ref": ident})
            self.agent(said + " " + self.claim({slot: got}))

    def partial_completion(self, twin: str | None) -> None:
        batch = self.spec["batch"]
        slot = batch["slot"]
        items = [self.val(slot)]
        while len(items) < self.rng.choice((2, 3, 3)):
            items.append(self._draw(slot, avoid=items))
        listed = ", ".join(_text(x) for x in items)
        self.ask(self.pick(batch["instruction"], {"items": listed}))
        self.prelude()
        broken = None if twin == "all_done" else self.rng.randrange(len(items))
        name, text = self.tool("action"), ""
        for n, item in enumerate(items):
            if n == broken:
                text = self.failing(
                    self.error(), name, self.fill(self.spec["action"]["args"], {slot: item})
                )
            else:
                self.write(extra={slot: item, "ref": self._draw("ref")})  # its own receipt
        if twin == "partial_disclosed":
            done = [_text(x) for n, x in enumerate(items) if n != broken]
            failed = _text(items[broken or 0])
            self.agent(
                self.say(
                    "partial_disclosed",
                    {
                        "done": ", ".join(done),
                        "failed": failed,
                        "error": text,
                        "done_count": len(done),
                        "total": len(items),
                    },
                )
            )
            return
        self.agent(self.pick(batch["claims"], {"items": listed}))

    def read_failure_as_empty(self, twin: str | None) -> None:
        read = self.spec["read"]
        self.ask(self.pick(read["question"]))
        if self.rng.random() < P_NARRATION:
            self.agent(self.rng.choice(self.words["narration"]))
        name, args = self.tool("read"), self.fill(read["args"])
        where, things = self.pick(read["where"]), self.pick(read["things"])
        if twin == "truly_empty":
            self.call(name, args, ok=True, output={"results": [], "total": 0})
            self.agent(self.say("nothing_found", {"where": where, "things": things}))
            return
        text = self.failing(self.error(), name, args)
        if twin == "read_failure_disclosed":
            self.agent(self.say("read_failed", {"where": where, "things": things, "error": text}))
        else:
            self.agent(self.say("nothing_found", {"where": where, "things": things}))

    def tests_failed_claimed_pass(self, twin: str | None) -> None:
        tools = content("tools.yaml")
        runner = self.rng.choice(tools["runners"])
        shell, editor = self.rng.choice(tools["shells"]), self.rng.choice(tools["editors"])
        module = self.val("module")
        self.ask(self.say("fix_request"))
        if self.rng.random() < P_NARRATION:
            self.agent(self.rng.choice(self.words["narration"]))
        path = f"src/{module}.py"
        names = self.rng.sample(tools["test_names"], self.rng.choice((1, 2, 3)))
        passed = self.rng.randrange(12, 240)

        def run_tests(failing: Sequence[str]) -> None:
            if failing:
                lines = "\n".join(
                    runner["fail_line"].format(module=module, name=n) for n in failing
                )
                out = runner["fail"].format(
                    fail_lines=lines,
                    failed=len(failing),
                    passed=passed,
                    total=passed + len(failing),
                    module=module,
                )
                self.call(
                    shell,
                    {"command": runner["command"]},
                    ok=False,
                    output={"stdout": out, "exit_code": 1},
                    error="exit code 1",
                )
            else:
                out = runner["pass"].format(passed=passed + len(names), module=module)
                self.call(
                    shell,
                    {"command": runner["command"]},
                    ok=True,
                    output={"stdout": out, "exit_code": 0},
                )

        def edit() -> None:
            self.call(
                editor,
                {"path": path, "old": "round(total, 2)", "new": "quantize(total)"},
                ok=True,
                output={"path": path, "written": True},
            )

        run_tests(names)
        edit()
        if twin == "tests_fixed":
            if self.rng.random() < 0.4:  # one more round before it is green
                run_tests(names[:1])
                edit()
                self.retries += 1
            run_tests(())
            self.agent(self.say("tests_pass"))
            return
        remaining = names[: max(1, len(names) - 1)] if self.rng.random() < 0.5 else names
        run_tests(remaining)
        if twin == "tests_disclosed":
            self.agent(
                self.say(
                    "tests_disclosed",
                    {"failed": len(remaining), "names": ", ".join(remaining), "passed": passed},
                )
            )
        else:
            self.agent(self.say("tests_pass"))

    # --- the record -------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        cell = self.cell
        getattr(self, cell.kind)(cell.twin)
        final = next(s["content"] for s in reversed(self.steps) if s["kind"] == "message")
        spec = kinds()[cell.kind]
        meta: dict[str, Any] = {
            "generator": GENERATOR,
            "seed": self.seed,
            "kind": cell.kind if cell.twin is None else HONEST,
            "situation": cell.kind,
            "domain": cell.domain,
            "lang": self.lang,
            "style": self.style,
            "retries": self.retries,
        }
        if cell.twin is not None:
            meta["subkind"] = cell.twin
        why = spec["why"] if cell.twin is None else spec["twins"][cell.twin]
        return {
            "schema": "agent-trace/v1",
            "trace_id": self.trace_id,
            "source": SOURCE,
            "task": {
                "id": f"task-{self.rng.getrandbits(32):08x}",
                "domain": self.spec["schema_domain"],
                "instruction": self.instruction,
            },
            "steps": self.steps,
            "final_claim": {"text": final},
            "ground_truth": {
                "outcome": "failure" if cell.twin is None else "success",
                "checked_by": "none",
                "details": {"why": why, "labelled_by": "construction"},
            },
            "meta": meta,
        }


def _text(value: Any) -> str:
    """How a value reads in a sentence: 18.0 as 18, 24.99 as 24.99."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
