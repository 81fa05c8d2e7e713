"""The detectors `bench` (and `check`) can run, by name: one `register` call adds one.

A detector is a checker: an object with a `name` and `check(trace, source_file, line) ->
Result` that only ever receives projected traces (`projection.project`). Each entry says how to
build it from the run's options, whether its `p_success` is its own or its verdict mapped to a
score (`VERDICT_SCORES`), and what it spent.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from toolscore_ci.model import Result, Trace, Verdict

if TYPE_CHECKING:
    from toolscore_ci.pipeline import CheckConfig


class Checker(Protocol):
    name: str

    def check(self, trace: Trace, source_file: str, line: int) -> Result: ...


class SetupError(Exception):
    """A detector cannot be built from these options (a usage error: exit 2)."""


@dataclass(frozen=True)
class BuildContext:
    """What a detector is built from: the run's check configuration, its files (the judge's
    budget is checked over them) and the parsed command-line options."""

    config: CheckConfig
    files: Sequence[str]
    options: argparse.Namespace

    def option(self, name: str, default: Any = None) -> Any:
        return getattr(self.options, name, default)


@dataclass(frozen=True)
class DetectorSpec:
    name: str
    build: Callable[[BuildContext], Checker]
    summary: str
    #: True: `p_success` is the detector's own probability; False: its verdict mapped by
    #: `VERDICT_SCORES` (the baselines have no probability of their own).
    own_scores: bool = True
    #: run by `bench` when no `--detector` is given
    default: bool = False

    def cost_usd(self, checker: Checker) -> float:
        """What the checker has spent so far: a judge's ledger total; 0 for offline ones."""
        judge = getattr(checker, "judge", None)
        spent = getattr(judge, "spent_usd", 0.0)
        return float(spent) if isinstance(spent, int | float) else 0.0


#: The score a verdict stands for where a detector has no probability of its own.
VERDICT_SCORES: dict[str, float] = {"verified": 1.0, "false_success": 0.0}
#: ... and every other verdict (unverifiable, skipped): undecided.
OTHER_VERDICT_SCORE = 0.5

DETECTORS: dict[str, DetectorSpec] = {}


def register(spec: DetectorSpec) -> DetectorSpec:
    if spec.name in DETECTORS:
        raise ValueError(f"detector {spec.name!r} is registered twice")
    DETECTORS[spec.name] = spec
    return spec


def known() -> list[str]:
    return list(DETECTORS)


def defaults() -> list[str]:
    return [name for name, spec in DETECTORS.items() if spec.default]


def parse_names(value: str) -> list[str]:
    """`checks,judge` -> the specs' names in the order given; an unknown or repeated name, or
    none at all, is a SetupError that lists the known ones."""
    names = [n.strip() for n in value.split(",") if n.strip()]
    if not names:
        raise SetupError(f"--detector needs at least one name (known: {', '.join(known())})")
    unknown = [n for n in names if n not in DETECTORS]
    if unknown:
        raise SetupError(
            f"unknown detector {', '.join(map(repr, unknown))} (known: {', '.join(known())})"
        )
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise SetupError(f"detector {', '.join(map(repr, repeated))} named more than once")
    return names


def build_all(names: Iterable[str], ctx: BuildContext) -> list[tuple[DetectorSpec, Checker]]:
    """Build the named detectors; the judges' budget is then checked once over all of them
    (the worst cases add up), before any call."""
    built = [(DETECTORS[name], DETECTORS[name].build(ctx)) for name in names]
    refuse_over_budget([c for _, c in built], ctx)
    return built


# -- the checks and the baselines ---------------------------------------------------------------


def _checks(ctx: BuildContext) -> Checker:
    from toolscore_ci.pipeline import make_checker

    return make_checker(ctx.config)


class VerdictBaseline:
    """A baseline as a checker: a rule of thumb gives a verdict; its score is the verdict's."""

    def __init__(self, name: str, decide: Callable[[Trace], Verdict]) -> None:
        self.name = name
        self._decide = decide

    def check(self, trace: Trace, source_file: str, line: int) -> Result:
        verdict = self._decide(trace)
        return Result(
            trace_id=trace.trace_id,
            verdict=verdict,
            p_success=VERDICT_SCORES.get(verdict, OTHER_VERDICT_SCORE),
            claims=[],
            reasons=[],
            source_file=source_file,
            line=line,
            detector=self.name,
        )


def trust_the_agent(trace: Trace) -> Verdict:
    """Believe the final message (what CI does today)."""
    return "verified" if (trace.final_text or trace.final_claims) else "skipped"


def any_tool_error(trace: Trace) -> Verdict:
    """Flag every trace in which any tool reported ok=false or an error."""
    failed = any(s.kind == "tool_result" and (s.ok is False or s.error) for s in trace.steps)
    return "false_success" if failed else "verified"


# -- the judge behind the checks ----------------------------------------------------------------


def judged_checker(ctx: BuildContext, mode: str) -> Checker:
    """The checks with the judge behind them (`judge`: every trace; `cascade`: only what the
    checks leave open), from `--judge-base-url`, `--judge-model`, `--max-usd`, `--ledger` and
    `--judge-cache`; the key comes from the environment (detectors/cascade.py)."""
    from toolscore_ci.detectors import cascade

    if not ctx.option("judge_base_url") or not ctx.option("judge_model"):
        raise SetupError(f"--detector {mode} needs --judge-base-url and --judge-model")
    try:
        checker = cascade.judged_checker(
            ctx.config,
            mode="judge" if mode == "judge" else "cascade",
            base_url=ctx.option("judge_base_url"),
            model=ctx.option("judge_model"),
            max_usd=ctx.option("max_usd"),
            ledger=ctx.option("ledger"),
            cache=ctx.option("judge_cache"),
        )
    except cascade.JudgeSetupError as exc:
        raise SetupError(str(exc)) from None
    checker.name = mode  # one name per detector: `judge` and `cascade` side by side in bench
    return checker


def refuse_over_budget(checkers: Sequence[Checker], ctx: BuildContext) -> None:
    """`--max-usd` refused before any call when the judges' worst cases could exceed it."""
    from toolscore_ci.detectors import cascade

    try:
        cascade.refuse_over_budget(checkers, ctx.config, ctx.files, ctx.option("max_usd"))
    except cascade.BudgetError as exc:
        raise SetupError(f"--max-usd {exc}") from None


def _offline(name: str) -> Callable[[BuildContext], Checker]:
    """`classifier` / `cascade-offline`, with `--model DIR` or the bundled model."""

    def build(ctx: BuildContext) -> Checker:
        from dataclasses import replace

        from toolscore_ci.pipeline import ConfigError, make_checker

        try:
            return make_checker(replace(ctx.config, detector=name, model=ctx.option("model")))
        except ConfigError as exc:
            raise SetupError(str(exc)) from None

    return build


register(
    DetectorSpec(
        "checks", _checks, "the deterministic checks (the engine's registry)", default=True
    )
)
register(
    DetectorSpec(
        "baseline:trust-the-agent",
        lambda ctx: VerdictBaseline("baseline:trust-the-agent", trust_the_agent),
        "believe the final message (what CI does today)",
        own_scores=False,
        default=True,
    )
)
register(
    DetectorSpec(
        "baseline:any-tool-error",
        lambda ctx: VerdictBaseline("baseline:any-tool-error", any_tool_error),
        "flag every trace in which any tool failed",
        own_scores=False,
        default=True,
    )
)
register(
    DetectorSpec(
        "judge",
        lambda ctx: judged_checker(ctx, "judge"),
        "the checks, then the LLM judge on every trace",
    )
)
register(
    DetectorSpec(
        "cascade",
        lambda ctx: judged_checker(ctx, "cascade"),
        "the checks; the LLM judge only where they are not conclusive",
    )
)
register(
    DetectorSpec(
        "cascade-offline",
        _offline("cascade-offline"),
        "the checks; the classifier ranks what they leave open (check's default; the bundled "
        "model was trained on the real-dev runs, so measure it there with --loso)",
    )
)
register(
    DetectorSpec(
        "classifier",
        _offline("classifier"),
        "the classifier on every trace (a skipped one only ranked)",
    )
)
