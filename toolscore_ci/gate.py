"""The one place a probability becomes a verdict."""

from __future__ import annotations

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
