"""The regex guard answers exactly as the pattern does: it may only skip a search that could
not have matched. Checked over every guarded pattern of the extractor, on real-looking text
and on text hypothesis builds from the patterns' own words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from toolscore_ci.claims import extract, lexicon
from toolscore_ci.claims.prefilter import Guarded, compile_guarded, fold

GUARDED = [
    v for module in (extract, lexicon) for v in vars(module).values() if isinstance(v, Guarded)
]
WORDS = sorted({w for g in GUARDED for w in re.findall(r"[A-Za-zÀ-ÿ']{2,}", g.pattern)})[:400]


def _corpus_texts() -> list[str]:
    out = []
    for path in sorted((Path(__file__).parent / "corpus").glob("*.jsonl"))[:4]:
        for line in path.read_text(encoding="utf-8").splitlines():
            for step in json.loads(line)["steps"]:
                if step.get("kind") == "message" and step.get("content"):
                    out.append(step["content"])
    return out


def test_there_are_guarded_patterns() -> None:
    assert len(GUARDED) >= 20


def test_guard_agrees_with_the_pattern_on_corpus_text() -> None:
    texts = _corpus_texts()
    assert texts
    for guard in GUARDED:
        raw = re.compile(guard.pattern, guard.flags)
        for text in texts:
            got, want = guard.search(text), raw.search(text)
            assert (got and got.span()) == (want and want.span()), (guard.pattern, text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*WORDS, " ", ".", ",", "İ", "ſ", "K", "\n"]), max_size=30))
def test_guard_agrees_with_the_pattern_on_generated_text(parts: list[str]) -> None:
    text = " ".join(parts)
    for guard in GUARDED:
        raw = re.compile(guard.pattern, guard.flags)
        got, want = guard.search(text), raw.search(text)
        assert (got and got.span()) == (want and want.span()), (guard.pattern, text)


def test_case_folding_matches_ignorecase() -> None:
    guard = compile_guarded(r"\bstored\b", re.I)
    for text in ("STORED", "ſtored", "Stored it", "restored"):
        assert bool(guard.search(text)) == bool(re.search(r"\bstored\b", text, re.I)), text
    assert fold("ABC") == fold("abc")
