"""SARIF 2.1.0 for GitHub code scanning: one result per contradicted or unsupported claim.

Locations are relative to the repository root (`%SRCROOT%`), and each result carries a
fingerprint of trace id + claim so code scanning tracks it across runs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from toolscore_ci import __version__
from toolscore_ci.model import Result
from toolscore_ci.report.annotations import Annotation, build_annotations

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


def render_sarif(
    results: Iterable[Result], *, workspace: str | None = None, version: str = __version__
) -> str:
    sarif_results = []
    for result in results:
        for annotation in build_annotations([result], workspace):
            rule = _rule_for(annotation)
            digest = hashlib.sha256(f"{result.trace_id}\0{annotation.title}".encode()).hexdigest()[
                :32
            ]
            sarif_results.append(
                {
                    "ruleId": RULES[rule]["id"],
                    "ruleIndex": rule,
                    "level": annotation.level if annotation.level != "notice" else "note",
                    "message": {"text": f"{annotation.title}. {annotation.message}"},
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": {
                                    "uri": annotation.path,
                                    "uriBaseId": "%SRCROOT%",
                                },
                                "region": {"startLine": annotation.line},
                            }
                        }
                    ],
                    "partialFingerprints": {"toolscoreClaim/v1": digest},
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
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
