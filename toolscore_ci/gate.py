"""The one place a probability becomes a verdict."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from toolscore_ci.model import Verdict

VERIFIED_AT = 0.80
FALSE_SUCCESS_AT = 0.20


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


def _share(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%" if total else "0.0%"


def decide(policy: GatePolicy, failing: Mapping[str, int], traces: int) -> GateDecision:
    """The run's decision. `failing`: verdict -> traces that may fail it (a baseline may have
    taken the old ones out); `traces`: every checked trace, the rate's denominator."""
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
    over = []
    rate = policy.max_false_success_rate
    # exact: 5 of 100 against 0.05 is at the threshold, not over it by a rounding error
    if rate is not None and traces and Fraction(fs, traces) > Fraction(repr(rate)):
        over.append(f"max-false-success-rate {rate:g}")
    count = policy.max_false_successes
    if count is not None and fs > count:
        over.append(f"max-false-successes {count}")
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
