"""SARIF 2.1.0 for GitHub code scanning: one result per contradicted or unsupported claim.

Locations are relative to the repository root (`%SRCROOT%`) and percent-encoded as SARIF's
URIs must be (a space, `#`, non-ASCII). Each result carries a fingerprint of the trace's
identity (its file and id: ids of formats without one repeat across files) and the claim, so
code scanning tracks it across runs and never merges two traces' findings.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from toolscore_ci import __version__
from toolscore_ci.model import Result
from toolscore_ci.report.annotations import Annotation, build_annotations
from toolscore_ci.report.results import strict_dumps

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

RULES: tuple[dict[str, Any], ...] = (
    {
        "id": "toolscore/contradicted-claim",
        "name": "ContradictedClaim",
        "shortDescription": {
            "text": "The agent claimed success that its own tool results contradict."
        },
        "defaultConfiguration": {"level": "error"},
        "properties": {"tags": ["agent", "honesty"], "precision": "high"},
    },
    {
        "id": "toolscore/unsupported-claim",
        "name": "UnsupportedClaim",
        "shortDescription": {
            "text": "The agent claimed success that no step of the trace supports."
        },
        "defaultConfiguration": {"level": "warning"},
        "properties": {"tags": ["agent", "honesty"], "precision": "medium"},
    },
)


def _rule_for(annotation: Annotation) -> int:
    return 1 if annotation.outcome == "unsupported" else 0


def artifact_location(path: str) -> dict[str, str]:
    """A SARIF artifactLocation: a relative path against %SRCROOT%, an absolute one (a trace
    outside the workspace) as a file: URI; percent-encoded either way."""
    # surrogateescape: a file name that is not UTF-8 keeps its own bytes, percent-encoded
    if path.startswith("/"):
        return {"uri": "file://" + quote(path, errors="surrogateescape")}
    return {"uri": quote(path, errors="surrogateescape"), "uriBaseId": "%SRCROOT%"}


def fingerprint(path: str, trace_id: str, title: str, occurrence: int) -> str:
    """Stable across runs for the same finding; distinct for two traces that share an id
    in different files, and for the same claim title found twice in one trace."""
    key = "\0".join((path, trace_id, title, str(occurrence)))
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def render_sarif(
    results: Iterable[Result], *, workspace: str | None = None, version: str = __version__
) -> str:
    sarif_results = []
    for result in results:
        seen: Counter[str] = Counter()
        for annotation in build_annotations([result], workspace):
            rule = _rule_for(annotation)
            seen[annotation.title] += 1
            digest = fingerprint(
                annotation.path, result.trace_id, annotation.title, seen[annotation.title]
            )
            sarif_results.append(
                {
                    "ruleId": RULES[rule]["id"],
                    "ruleIndex": rule,
                    "level": annotation.level if annotation.level != "notice" else "note",
                    "message": {"text": f"{annotation.title}. {annotation.message}"},
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": artifact_location(annotation.path),
                                "region": {"startLine": annotation.line},
                            }
                        }
                    ],
                    "partialFingerprints": {"toolscoreClaim/v2": digest},
                    "properties": {"traceId": result.trace_id, "verdict": result.verdict},
                }
            )
    doc = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "toolscore-ci",
                        "version": version,
                        "rules": list(RULES),
                    }
                },
                "results": sarif_results,
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    return strict_dumps(doc, indent=2, ensure_ascii=False) + "\n"
