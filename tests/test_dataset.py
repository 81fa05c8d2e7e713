"""`toolscore-ci dataset write|validate`, run as the real CLI: generated and bundled sets, the
seed contract, coverage of kinds and domains, and the validator's schema, label and leakage
findings, each with the good twin it must leave alone."""

from __future__ import annotations

import collections
import json
import re
from pathlib import Path
from typing import Any

import pytest
from dataset_bundle import SETS_DIR, source_bytes
from files_helpers import cli

from toolscore_ci.dataset.bundled import pack, read_set, sets
from toolscore_ci.dataset.check import plain_words
from toolscore_ci.dataset.generate import GENERATOR, content, domains, generate, kinds

LANGS = ("en", "de", "es", "fr")


def write(tmp_path: Path, name: str, *args: str) -> tuple[Path, Any]:
    out = tmp_path / name
    proc = cli("dataset", "write", "--out", out, *args, cwd=tmp_path)
    return out, proc


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def jsonl(path: Path, items: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in items), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def set240(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("set240")
    out, proc = write(tmp, "gen.jsonl", "--seed", "7", "--count", "240")
    assert proc.returncode == 0, proc.stderr
    assert "wrote 240 generated traces (seed 7)" in proc.stderr
    return out


def test_a_generated_set_is_valid_for_validate_and_for_dataset_validate(set240: Path) -> None:
    plain = cli("validate", set240, cwd=set240.parent)
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.strip() == "ok: 240 traces in 1 file"
    checked = cli("dataset", "validate", set240, cwd=set240.parent)
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr == ""
    assert "240 labelled records: 120 success, 120 failure" in checked.stdout
    assert "schema errors: 0; label leaks: 0" in checked.stdout


def test_every_kind_twin_domain_and_language_appears_from_200(tmp_path: Path) -> None:
    out, proc = write(tmp_path, "g.jsonl", "--count", "200", "--seed", "11")
    assert proc.returncode == 0, proc.stderr
    rows = records(out)
    assert len(rows) == 200
    failures = collections.Counter(r["meta"]["kind"] for r in rows if r["meta"]["kind"] != "honest")
    twins = collections.Counter(r["meta"]["subkind"] for r in rows if "subkind" in r["meta"])
    assert set(failures) == set(kinds()) and len(kinds()) >= 9
    assert set(twins) == {t for spec in kinds().values() for t in spec["twins"]}
    assert min(failures.values()) >= 10 and min(twins.values()) >= 4
    assert {r["meta"]["domain"] for r in rows} == set(domains()) and len(domains()) >= 8
    assert {r["meta"]["lang"] for r in rows} == set(LANGS)
    for r in rows:  # the label follows the situation: a lie fails, a twin succeeds
        honest = r["meta"]["kind"] == "honest"
        assert r["ground_truth"]["outcome"] == ("success" if honest else "failure")
        assert honest == ("subkind" in r["meta"]) and r["meta"]["generator"] == GENERATOR


def test_the_same_seed_gives_the_same_bytes_and_another_seed_others(tmp_path: Path) -> None:
    a, _ = write(tmp_path, "a.jsonl", "--seed", "5", "--count", "80")
    b, _ = write(tmp_path, "b.jsonl", "--seed", "5", "--count", "80")
    c, _ = write(tmp_path, "c.jsonl", "--seed", "6", "--count", "80")
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()
    ids = {r["trace_id"] for r in records(a)}
    assert len(ids) == 80 and ids.isdisjoint(r["trace_id"] for r in records(c))


def test_trace_ids_say_nothing_about_the_label(set240: Path) -> None:
    for r in records(set240):
        assert re.fullmatch(r"ds-[0-9a-f]{12}", r["trace_id"])
        assert re.fullmatch(r"task-[0-9a-f]{8}", r["task"]["id"])


def test_list_and_bundled_sets_are_the_teams_files_unchanged(tmp_path: Path) -> None:
    listing = cli("dataset", "write", "--list", cwd=tmp_path)
    assert listing.returncode == 0, listing.stderr
    assert listing.stdout.startswith("generated ")
    assert "claimcheck" not in listing.stdout  # another project's data is not ours to ship
    for name, spec in sets().items():
        assert re.search(rf"^{name}\s+\d+ traces", listing.stdout, re.M), name
        for source in spec.sources:
            assert "claimcheck" not in source
        expected = source_bytes(name)
        assert read_set(name) == expected, f"{name}: rebuild with python tests/dataset_bundle.py"
        assert (SETS_DIR / spec.file).read_bytes() == pack(expected)
    out, proc = write(tmp_path, "corpus.jsonl", "--set", "corpus")
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes() == source_bytes("corpus")
    assert "181 traces of the bundled set corpus" in proc.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--set", "corpus", "--seed", "3"], "--seed and --count are for --set generated"),
        (["--set", "nope"], "unknown --set 'nope'"),
        (["--count", "0"], "expected a whole number >= 1"),
    ],
)
def test_write_refuses_what_it_cannot_do(tmp_path: Path, args: list[str], message: str) -> None:
    out, proc = write(tmp_path, "x.jsonl", *args)
    assert proc.returncode == 2 and message in proc.stderr
    assert not out.exists()


def test_write_needs_an_out_file(tmp_path: Path) -> None:
    proc = cli("dataset", "write", cwd=tmp_path)
    assert proc.returncode == 2 and "needs --out FILE" in proc.stderr


def _good(set240: Path, n: int = 3) -> list[dict[str, Any]]:
    return records(set240)[:n]


def test_validate_reports_a_schema_error_with_file_line_and_path(
    tmp_path: Path, set240: Path
) -> None:
    rows = _good(set240)
    rows[1]["steps"][0]["kind"] = "thought"  # not a step kind
    bad = jsonl(tmp_path / "bad.jsonl", rows)
    proc = cli("dataset", "validate", bad, cwd=tmp_path)
    assert proc.returncode == 2
    assert re.search(r"bad\.jsonl:2: \$\.steps\[0\]\.kind: ", proc.stderr), proc.stderr
    assert "Traceback" not in proc.stderr
    assert "2 labelled records" in proc.stdout  # the other records are still counted
    good = jsonl(tmp_path / "good.jsonl", _good(set240))
    assert cli("dataset", "validate", good, cwd=tmp_path).returncode == 0


def test_validate_needs_a_label(tmp_path: Path, set240: Path) -> None:
    rows = _good(set240)
    del rows[2]["ground_truth"]
    proc = cli("dataset", "validate", jsonl(tmp_path / "u.jsonl", rows), cwd=tmp_path)
    assert proc.returncode == 2
    assert re.search(r"u\.jsonl:3: \$\.ground_truth: no label", proc.stderr), proc.stderr


def test_validate_reports_leakage_with_file_line_and_where(tmp_path: Path, set240: Path) -> None:
    rows = _good(set240)
    rows[0]["trace_id"] = "run-failure-0001"  # the outcome word in an identifier
    why = rows[2]["ground_truth"]["details"]["why"]
    rows[2]["steps"][-1]["content"] += " " + why  # the label's reasoning copied into a message
    leaky = jsonl(tmp_path / "leaky.jsonl", rows)
    proc = cli("dataset", "validate", leaky, cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 2, proc.stderr
    assert re.match(
        r".*leaky\.jsonl:1: \$\.trace_id: label leakage: \$\.ground_truth\.outcome", lines[0]
    )
    last = len(rows[2]["steps"]) - 1
    assert re.match(
        rf".*leaky\.jsonl:3: \$\.steps\[{last}\]\.content: label leakage: "
        r"\$\.ground_truth\.details\.why",
        lines[1],
    ), lines[1]
    assert "label leaks: 2" in proc.stdout


def test_ordinary_words_in_messages_and_outputs_are_not_leakage(
    tmp_path: Path, set240: Path
) -> None:
    """The good twin: "success"/"failure" in a tool's output or a message, and a kind that is
    also the tool's own state word, are what traces say of themselves."""
    rows = _good(set240)
    rows[0]["steps"][-1]["content"] += " The failure was on our side; success next time."
    rows[1]["steps"].append(
        {**rows[1]["steps"][-1], "i": len(rows[1]["steps"]), "kind": "tool_result",
         "role": "tool", "name": "x", "ok": True, "output": {"success": False, "status": "pending_approval"}}
    )  # fmt: skip
    rows[1]["meta"]["kind"] = "pending_approval"
    rows[2]["trace_id"] = "run-successor-7"  # "success" inside a longer word is no label
    clean = jsonl(tmp_path / "clean.jsonl", rows)
    proc = cli("dataset", "validate", clean, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "label leaks: 0" in proc.stdout


def test_the_validator_finds_no_leak_in_the_bundled_sets_but_the_known_one(tmp_path: Path) -> None:
    """Measured on the team's sets: holdout8 names two tasks after their kind ("plan")."""
    files = []
    for name in sets():
        (tmp_path / f"{name}.jsonl").write_bytes(read_set(name))
        files.append(tmp_path / f"{name}.jsonl")
    checked = cli("dataset", "validate", *files, cwd=tmp_path)
    assert checked.returncode == 1, checked.stderr
    leaks = checked.stderr.splitlines()
    assert len(leaks) == 2, leaks
    for leak in leaks:
        assert re.match(
            r".*holdout8\.jsonl:\d+: \$\.task\.id: label leakage: \$\.meta\.kind \('plan'\)", leak
        )
    assert "label leaks: 2" in checked.stdout


def _placeholders(value: Any) -> set[str]:
    if isinstance(value, str):
        return set(re.findall(r"\{(\w+)\}", value))
    if isinstance(value, dict):
        return {p for v in value.values() for p in _placeholders(v)}
    if isinstance(value, list):
        return {p for v in value for p in _placeholders(v)}
    return set()


def test_content_files_are_whole() -> None:
    """Every template names only its domain's slots, every per-language text has all four
    languages, every shared sentence exists in every language."""
    for name, spec in domains().items():
        slots = set(spec["slots"]) | {"items"}
        for part in ("action", "batch", "read"):
            missing = _placeholders(spec[part]) - slots
            assert not missing, (name, part, missing)
        for part, key in [("action", "instruction"), ("action", "act"), ("action", "claims"),
                          ("batch", "instruction"), ("batch", "claims"), ("read", "question"),
                          ("read", "where"), ("read", "things")]:  # fmt: skip
            assert set(spec[part][key]) == set(LANGS), (name, part, key)
        assert spec["action"]["value"] in slots and spec["batch"]["slot"] in slots
        assert spec["read"]["about"] in slots
    sentences = content("sentences.yaml")["languages"]
    assert set(sentences) == set(LANGS)
    assert all(set(sentences[lang]) == set(sentences["en"]) for lang in LANGS)
    plain = plain_words()
    for kind in kinds():  # a kind named like a tool's state word would be invisible to leak checks
        assert kind not in plain


def test_generation_is_pure_python_and_fast() -> None:
    rows = list(generate(3, 300))
    assert len(rows) == 300 and len({r["trace_id"] for r in rows}) == 300


def test_dataset_without_an_action_is_a_usage_error_and_out_dash_is_stdout(tmp_path: Path) -> None:
    bare = cli("dataset", cwd=tmp_path)
    assert bare.returncode == 2 and "dataset write|validate" in bare.stderr
    piped = cli("dataset", "write", "--out", "-", "--count", "3", "--seed", "2", cwd=tmp_path)
    assert piped.returncode == 0, piped.stderr
    assert [json.loads(x)["schema"] for x in piped.stdout.splitlines()] == ["agent-trace/v1"] * 3
