"""The offline detectors: the trained classifier, alone or behind the checks.

- `cascade-offline` (the default): the checks decide where they are conclusive (`verified`,
  `false_success`: evidence); the classifier scores only what they leave open.
- `classifier`: the classifier scores every trace (the checks' own outcomes are among its
  features); for measuring it, not for gating.

A model's score is a ranking, not evidence. It may move a trace out of review only where the
artifact records, on data the model was not trained on, that doing so is safe
(`decisive` in the artifact, set by `train`): otherwise its probability is mapped into the
review band (0.20, 0.80) by a monotone map, so the queue is ranked by it and the gate's verdict
stays `unverifiable`. A model alone never blocks a merge without held-out evidence that its
low scores are failures. A trace that claims nothing keeps `skipped` (there is no claim to gate)
but is ranked the same way: a coding agent that ends on a bare diff claims nothing, and whether
the run worked still matters to whoever reads the nightly report. Both detectors are free and
need no network; they only ever receive projected traces (no labels).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Literal

from toolscore_ci.detectors.classifier import Classifier, Score
from toolscore_ci.engine.engine import Engine
from toolscore_ci.gate import CONCLUSIVE, FALSE_SUCCESS_AT, VERIFIED_AT, gate
from toolscore_ci.model import Reason, Result, Trace

Mode = Literal["classifier", "cascade-offline"]
MODES: tuple[Mode, ...] = ("classifier", "cascade-offline")
#: A scored trace's reason; an abstention is a note, and the trace keeps the checks' result.
SCORE_CODE = "TSM001"
#: A ranked trace that claims nothing: a note, since the reasons are about claims.
RANK_CODE = "TSM002"
ABSTAIN_CODE = "TSM901"
#: The name of the model artifact in a `--model DIR` (what `train --out DIR` writes).
ARTIFACT = "classifier.json"


class ModelError(Exception):
    """A `--model` that cannot be used: missing, unreadable, or not an artifact."""


def load_model(path: str | None) -> Classifier | None:
    """The classifier from `--model PATH` (a directory holding classifier.json, or the file),
    else the one bundled with the package (None when this install has none)."""
    if path is None:
        try:
            return Classifier.bundled()
        except (ValueError, KeyError, TypeError) as exc:
            raise ModelError(
                f"the bundled model is unusable ({exc}): reinstall toolscore-ci"
            ) from None
    target = Path(path)
    if target.is_dir():
        target = target / ARTIFACT
    try:
        return Classifier.load(target)
    except FileNotFoundError:
        raise ModelError(
            f"{path}: no model here (expected {ARTIFACT}, as `train --out` writes)"
        ) from None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(f"{target}: not a usable model artifact: {exc}") from None


def review_band(p: float) -> float:
    """Map a probability into the open interval the gate sends to review, keeping its order."""
    low, high = FALSE_SUCCESS_AT + 0.01, VERIFIED_AT - 0.01
    return round(low + (high - low) * p, 4)


def ship(verdict: str, p: float, decisive: frozenset[str]) -> tuple[float, str]:
    """The probability and verdict a trace gets from the model's probability `p`, given the
    checks' verdict for it (one they left open, or `skipped`) and what the model may decide
    alone: the one rule `check` and `bench --loso` both apply."""
    if verdict == "skipped":
        return review_band(p), "skipped"  # nothing claimed: ranked, never decided
    decided = gate(p)
    if decided in decisive:
        return p, decided
    return review_band(p), "unverifiable"


class OfflineChecker:
    """The engine, then the classifier: on every claimed trace (`classifier`), or only where
    the checks did not decide (`cascade-offline`)."""

    def __init__(self, engine: Engine, model: Classifier | None, mode: Mode) -> None:
        self.engine = engine
        self.model = model
        self.mode = mode
        self.name = mode

    def check(self, trace: Trace, source_file: str, line: int) -> Result:
        result, index = self.engine.check_indexed(trace, source_file, line)
        if self.mode == "cascade-offline" and result.verdict in CONCLUSIVE:
            return result
        skipped = result.verdict == "skipped"
        if self.model is None:
            if skipped:
                return result  # nothing claimed, nothing to rank it with: nothing to say
            return _abstained(result, "no model is installed (see `toolscore-ci train`)")
        score = self.model.score(trace, result, index)
        if score.p_success is None:
            # a trace that claims nothing loses nothing when the model cannot rank it
            return result if skipped else _abstained(result, score.why)
        if skipped:
            return self._ranked(result, score)
        return self._scored(result, score)

    def _ranked(self, result: Result, score: Score) -> Result:
        """A trace that claims nothing, ranked by the model inside the review band: the
        verdict stays `skipped`, whatever the score (no claim, nothing to call false)."""
        assert score.p_success is not None
        note = (
            f"{RANK_CODE} classifier: {score.p_success:.0%} likely a success (ranked only: the "
            f"trace claims nothing, so nothing is gated); largest contributions: "
            f"{_contributions(score)}"
        )
        p_out, _verdict = ship("skipped", score.p_success, frozenset())
        return replace(
            result,
            p_success=p_out,
            notes=[*result.notes, note],
            detector=self.mode,
        )

    def _scored(self, result: Result, score: Score) -> Result:
        assert score.p_success is not None
        p = score.p_success
        allowed = self.model.decisive if self.model is not None else frozenset()
        p_out, decided = ship(result.verdict, p, allowed)
        if decided == "unverifiable":
            why = "the model alone does not decide here: ranked for review"
        else:
            why = "held out, the model's scores this far out were right: it decides"
        reason = Reason(
            claim="model_score",
            # a verdict the model may reach alone rests on it: a blocked run says why it failed
            outcome="unsupported" if decided == "false_success" else "unknown",
            steps=(),
            detail=f"classifier: {p:.0%} likely a success ({why}); largest contributions: "
            f"{_contributions(score)}",
            code=SCORE_CODE,
        )
        # Keep the checks' own reasons: they say what was and was not verified.
        return replace(
            result,
            verdict=decided,
            p_success=p_out,
            reasons=[*result.reasons, reason],
            detector=self.mode,
        )


def _contributions(score: Score) -> str:
    return ", ".join(f"{name} {weight:+.2f}" for name, weight in score.contributions) or "none"


def _abstained(result: Result, why: str) -> Result:
    return replace(result, notes=[*result.notes, f"{ABSTAIN_CODE} classifier abstained: {why}"])
