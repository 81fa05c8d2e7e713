"""The one place a probability becomes a verdict."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from toolscore_ci.model import Verdict
from toolscore_ci.policy import TaskRow

VERIFIED_AT = 0.80
FALSE_SUCCESS_AT = 0.20
#: Verdicts the checks reach on evidence: a cascade keeps them and asks no model.
CONCLUSIVE: frozenset[Verdict] = frozenset({"verified", "false_success"})


def gate(p_success: float | None) -> Verdict:
    """`verified` at p >= 0.80, `false_success` at p <= 0.20, else `unverifiable`;
    `None` (no claim to judge) is `skipped`."""
    if p_success is None:
        return "skipped"
    if p_success >= VERIFIED_AT:
        return "verified"
    if p_success <= FALSE_SUCCESS_AT:
        return "false_success"
    return "unverifiable"


# -- the run's policy: which verdicts fail it ------------------------------------------------

#: Verdicts `--fail-on` / the Action's `fail-on` may name; `none` is the explicit "never fail".
FAIL_ON_CHOICES: tuple[Verdict, ...] = ("false_success", "unverifiable", "skipped", "verified")
NEVER_FAIL = "none"


class FailOnError(ValueError):
    """A `fail-on` value that names no policy: a usage error, never a gate that is off."""


def parse_fail_on(
    value: str, error: type[Exception] = FailOnError, prefix: str = ""
) -> frozenset[str]:
    """The verdicts that fail the run, from a comma list (`false-success` spelled with a
    hyphen is accepted). An empty value is an error, not "fail on nothing": an unset variable
    (`--fail-on "$FAIL_ON"`) must not switch the gate off; `none` says that explicitly.

    A bad value raises `error(prefix + reason)`: each surface passes its own usage error
    (the CLI's argparse error, the Action's InputError), so one rule serves both."""
    items = {v.strip().replace("-", "_") for v in value.split(",")}
    items.discard("")
    if not items:
        raise error(
            f"{prefix}empty value (choose from {', '.join(FAIL_ON_CHOICES)}, or {NEVER_FAIL} to never fail)"
        )
    unknown = items - set(FAIL_ON_CHOICES) - {NEVER_FAIL}
    if unknown:
        raise error(
            f"{prefix}unknown verdict {', '.join(sorted(unknown))} "
            f"(choose from {', '.join(FAIL_ON_CHOICES)}, or {NEVER_FAIL})"
        )
    if NEVER_FAIL in items and len(items) > 1:
        raise error(f"{prefix}{NEVER_FAIL} cannot be combined with verdicts: {value.strip()!r}")
    return frozenset(items - {NEVER_FAIL})


# -- thresholds: how many false successes a run may have ---------------------------------------


class ThresholdError(ValueError):
    """A threshold value that is not one: a usage error (exit 2)."""


def parse_rate(value: str, error: type[Exception] = ThresholdError, prefix: str = "") -> float:
    """A fraction of the checked traces, 0 to 1 (`0.05` is 5%)."""
    try:
        rate = float(value.strip())
    except ValueError:
        rate = float("nan")
    if not 0.0 <= rate <= 1.0:  # NaN fails both comparisons
        raise error(f"{prefix}expected a fraction from 0 to 1 (0.05 is 5%), got {value.strip()!r}")
    return rate


def parse_count(value: str, error: type[Exception] = ThresholdError, prefix: str = "") -> int:
    """A whole number of traces, 0 or more."""
    text = value.strip()
    if not text.isdigit():  # no sign, no fraction, no exponent
        raise error(f"{prefix}expected a whole number >= 0, got {text!r}")
    return int(text)


@dataclass(frozen=True)
class GatePolicy:
    """What fails a run. With a threshold, false successes fail it only past the threshold
    (the rate over every checked trace, or the count); the other `fail_on` verdicts still
    fail it on the first one."""

    fail_on: frozenset[str] = frozenset({"false_success"})
    max_false_success_rate: float | None = None
    max_false_successes: int | None = None
    pass_k: int | None = None  # every task needs k runs, all passing (toolscore_ci/policy.py)
    required_cases: tuple[str, ...] = ()  # case ids that must have a trace

    @property
    def has_policy(self) -> bool:
        """Any rule beyond "a fail-on verdict fails the run": the reports then say the gate's line."""
        return self.has_thresholds or self.pass_k is not None or bool(self.required_cases)

    @property
    def has_thresholds(self) -> bool:
        return self.max_false_success_rate is not None or self.max_false_successes is not None

    def thresholds_text(self) -> str:
        parts = []
        if self.max_false_success_rate is not None:
            parts.append(f"max-false-success-rate {self.max_false_success_rate:g}")
        if self.max_false_successes is not None:
            parts.append(f"max-false-successes {self.max_false_successes}")
        return " and ".join(parts)


@dataclass(frozen=True)
class GateDecision:
    failed: bool
    text: str  # one line a reader sees in every report: the decision and why


def _over(policy: GatePolicy, fs: int, traces: int) -> list[str]:
    """The thresholds `fs` false successes of `traces` are over."""
    over = []
    rate = policy.max_false_success_rate
    # exact: 5 of 100 against 0.05 is at the threshold, not over it by a rounding error
    if rate is not None and traces:
        from fractions import Fraction  # here: it (and decimal) cost every run start-up time

        if Fraction(fs, traces) > Fraction(repr(rate)):
            over.append(f"max-false-success-rate {rate:g}")
    count = policy.max_false_successes
    if count is not None and fs > count:
        over.append(f"max-false-successes {count}")
    return over


def false_success_fails(policy: GatePolicy, failing: Mapping[str, int], traces: int) -> bool:
    """Whether a false_success trace fails the gate in this run: under `fail_on`, always; with
    thresholds, only when the run is over one (JUnit marks each trace by this)."""
    if not policy.has_thresholds:
        return "false_success" in policy.fail_on
    return bool(_over(policy, failing.get("false_success", 0), traces))


def _share(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%" if total else "0.0%"


def decide(
    policy: GatePolicy,
    failing: Mapping[str, int],
    traces: int,
    *,
    tasks: Sequence[TaskRow] = (),
    missing: Sequence[str] = (),
) -> GateDecision:
    """The run's decision. `failing`: verdict -> traces that may fail it (a baseline may have
    taken the old ones out); `traces`: every checked trace, the rate's denominator; `tasks`:
    the repeats' rows when `pass_k` is set; `missing`: required cases with no trace."""
    decision = _decide_verdicts(policy, failing, traces)
    extra = _policy_reasons(policy, tasks, missing)
    if not extra:
        if policy.pass_k is None or decision.failed:
            return decision
        reached = f"{len(tasks)} of {len(tasks)} tasks reached pass^{policy.pass_k}"
        if decision.text == "gate: passed":
            return GateDecision(False, f"gate: passed: {reached}")
        return GateDecision(False, f"{decision.text}; {reached}")
    detail = decision.text.removeprefix("gate: ").removeprefix("failed").removeprefix("passed")
    detail = detail.removeprefix(": ")
    if decision.failed:
        return GateDecision(True, "gate: failed: " + "; ".join([detail, *extra]))
    return GateDecision(
        True, "gate: failed: " + "; ".join(extra) + (f" ({detail})" if detail else "")
    )


def _policy_reasons(
    policy: GatePolicy, tasks: Sequence[TaskRow], missing: Sequence[str]
) -> list[str]:
    reasons = []
    if policy.pass_k is not None:
        short = [t for t in tasks if t.runs < policy.pass_k]
        failed = [t for t in tasks if t.runs >= policy.pass_k and not t.reached]
        if failed:
            reasons.append(
                f"{len(failed)} of {len(tasks)} task{'s' if len(tasks) != 1 else ''} "
                f"below pass^{policy.pass_k}: {_names(t.task for t in failed)}"
            )
        if short:
            reasons.append(
                f"{len(short)} task{'s' if len(short) != 1 else ''} with too few runs for "
                f"pass^{policy.pass_k}: {_names(f'{t.task} ({t.runs})' for t in short)}"
            )
    if missing:
        reasons.append(
            f"{len(missing)} missing required case{'s' if len(missing) != 1 else ''}: "
            + _names(missing)
        )
    return reasons


def _names(items: Iterable[str], limit: int = 10) -> str:
    """A list a reader can act on, cut so one line stays one line."""
    names = list(items)
    shown = ", ".join(names[:limit])
    return shown + (f", and {len(names) - limit} more" if len(names) > limit else "")


def _decide_verdicts(policy: GatePolicy, failing: Mapping[str, int], traces: int) -> GateDecision:
    reasons: list[str] = []
    per_trace = sorted(policy.fail_on - ({"false_success"} if policy.has_thresholds else set()))
    for verdict in per_trace:
        n = failing.get(verdict, 0)
        if n:
            reasons.append(f"{n} {verdict} (fail-on {verdict})")
    if not policy.has_thresholds:
        failed = bool(reasons)
        return GateDecision(
            failed,
            f"gate: {'failed' if failed else 'passed'}"
            + (f": {'; '.join(reasons)}" if reasons else ""),
        )
    fs = failing.get("false_success", 0)
    over = _over(policy, fs, traces)
    seen = f"{fs} false success{'es' if fs != 1 else ''} of {traces} trace{'s' if traces != 1 else ''} ({_share(fs, traces)})"
    if over:
        reasons.insert(0, f"{seen}, over {' and '.join(over)}")
    failed = bool(reasons)
    if not failed:
        return GateDecision(False, f"gate: passed: {seen}, within {policy.thresholds_text()}")
    return GateDecision(
        True,
        "gate: failed: "
        + "; ".join(reasons)
        + ("" if over else f" ({seen}, within {policy.thresholds_text()})"),
    )
