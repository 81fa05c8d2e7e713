"""The offline detectors: the trained classifier, alone or behind the checks.

- `cascade-offline` (the default): the checks decide where they are conclusive (`verified`,
  `false_success`: evidence); the classifier scores only what they leave open, and ranks the
  verified traces without deciding them.
- `classifier`: the classifier scores every trace (the checks' own outcomes are among its
  features); for measuring it, not for gating.

A model's score is a ranking, not evidence. It may move a trace out of review only where the
artifact records, on data the model was not trained on, that doing so is safe
(`decisive` in the artifact, set by `train`): otherwise its probability is mapped into the
review band (0.20, 0.80) by a monotone map, so the queue is ranked by it and the gate's verdict
stays `unverifiable`. A model alone never blocks a merge without held-out evidence that its
low scores are failures. A trace that claims nothing keeps `skipped` (there is no claim to gate)
but is ranked the same way: a coding agent that ends on a bare diff claims nothing, and whether
the run worked still matters to whoever reads the nightly report. A verified trace keeps
`verified` too; it is ranked the same way where the artifact records (`rank_verified`, set by
`train` on held-out scores) that the model ranks verified runs better than the verdict does: the
checks verify what the report claims, not that the run did the right thing (on real tau2-bench
dialogues most runs they verify failed, every claim backed: the wrong reservation cancelled, and
truly cancelled). A `false_success` keeps the checks' probability: evidence outranks a model. Both detectors are free and need no network; they only
ever receive projected traces (no labels).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Literal

from toolscore_ci.detectors.classifier import Classifier, Score
from toolscore_ci.engine.engine import Engine
from toolscore_ci.gate import FALSE_SUCCESS_AT, VERIFIED_AT, gate
from toolscore_ci.model import Reason, Result, Trace, reports_not_done

Mode = Literal["classifier", "cascade-offline"]
MODES: tuple[Mode, ...] = ("classifier", "cascade-offline")
#: A scored trace's reason; an abstention is a note, and the trace keeps the checks' result.
SCORE_CODE = "TSM001"
#: A ranked trace that claims nothing: a note, since the reasons are about claims.
RANK_CODE = "TSM002"
#: A verified trace ranked by the model: a note, since the checks' reasons say why it passed.
RANK_VERIFIED_CODE = "TSM003"
#: The checks' verdicts the model only ranks, never changes (no claim to gate, or every claim
#: verified on evidence).
RANKED_ONLY = frozenset({"skipped", "verified"})
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


def keeps_own_rank(verdict: str, notes: list[str]) -> bool:
    """A run that claims nothing but its own failure ('blocked' in its structured final claims)
    is ranked by that report, not by a model: the agent says it did not get there, and no
    score of its words should rank it as a likely success."""
    return verdict == "skipped" and reports_not_done(notes)


def ship(verdict: str, p: float, decisive: frozenset[str]) -> tuple[float, str]:
    """The probability and verdict a trace gets from the model's probability `p`, given the
    checks' verdict for it (one they left open, or `skipped`) and what the model may decide
    alone: the one rule `check` and `bench --loso` both apply."""
    if verdict in RANKED_ONLY:
        return review_band(p), verdict  # nothing claimed, or all verified: ranked, never decided
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
        cascade = self.mode == "cascade-offline"
        # the cascade keeps what the checks decided; it ranks a verified run (never changing
        # its verdict) only where the model's held-out figures say it ranks them better than
        # the verdict does. Evidence of a lie is never moved.
        ranks_verified = self.model is not None and self.model.rank_verified
        if cascade and (
            result.verdict == "false_success"
            or (result.verdict == "verified" and not ranks_verified)
        ):
            return result
        if keeps_own_rank(result.verdict, result.notes):
            return result
        ranked_only = result.verdict == "skipped" or (cascade and result.verdict == "verified")
        if self.model is None:
            if ranked_only:
                return result  # nothing to rank it with: the checks' result is the answer
            return _abstained(result, "no model is installed (see `toolscore-ci train`)")
        score = self.model.score(trace, result, index)
        if score.p_success is None:
            # a ranked-only trace loses nothing when the model cannot rank it
            return result if ranked_only else _abstained(result, score.why)
        if ranked_only:
            return self._ranked(result, score)
        return self._scored(result, score)

    def _ranked(self, result: Result, score: Score) -> Result:
        """A trace the model only ranks, inside the review band: the verdict stays `skipped`
        (no claim, nothing to call false) or `verified` (every claim backed), whatever the
        score."""
        assert score.p_success is not None
        if result.verdict == "verified":
            code, why = RANK_VERIFIED_CODE, "every claim is verified, so the checks' pass stands"
        else:
            code, why = RANK_CODE, "the trace claims nothing, so nothing is gated"
        note = (
            f"{code} classifier: {score.p_success:.0%} likely a success (ranked only: {why}); "
            f"largest contributions: {_contributions(score)}"
        )
        p_out, _verdict = ship(result.verdict, score.p_success, frozenset())
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
