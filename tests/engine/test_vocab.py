"""The vocabularies are data: each loads, passes its schema, and fills every slot in every
language (dateparser's habit: a language with a missing slot is a silent blind spot)."""

from __future__ import annotations

import json
import re
from importlib import resources

import jsonschema
import pytest

from toolscore_ci.vocab import (
    PAGE_SLOTS,
    REPORT_SLOTS,
    SCHEMAS,
    SENTENCE_SLOTS,
    STATUS_CLASSES,
    SWITCH_SLOTS,
    VocabularyError,
    claim_words,
    load_raw,
    non_report_words,
    page_words,
    sentence_words,
    sentence_words_of,
    states,
)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_each_vocabulary_passes_its_schema(name: str) -> None:
    schema = json.loads(
        resources.files("toolscore_ci.vocab").joinpath(SCHEMAS[name]).read_text("utf-8")
    )
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(load_raw(name), schema)


def test_the_schemas_reject_a_missing_slot() -> None:
    # the schema test above can fail: a language without a slot does not pass
    raw = load_raw("reports.yaml")
    lang = next(iter(raw["languages"]))
    del raw["languages"][lang]["opens"]
    schema = json.loads(
        resources.files("toolscore_ci.vocab").joinpath("reports.schema.json").read_text("utf-8")
    )
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(raw, schema)


def _schema(name: str) -> dict:
    return json.loads(
        resources.files("toolscore_ci.vocab").joinpath(SCHEMAS[name]).read_text("utf-8")
    )


def test_every_claims_language_fills_every_sentence_slot_or_says_why_not() -> None:
    """Every language claims.yaml reads has, in sentences.yaml, words for each slot or the
    reason it has none: a claim read in a language whose negations are missing is never
    voided, silently."""
    words = sentence_words()
    assert set(words.languages) == set(claim_words().languages)
    for lang in words.languages:
        filled, reasons = words.languages[lang], words.reasons[lang]
        for slot in SENTENCE_SLOTS:
            # words or a reason, never both, never neither
            assert (slot in filled) != (slot in reasons), (lang, slot)
            assert filled.get(slot) or reasons[slot].strip(), (lang, slot)
    # the languages claims are fully read in leave none of the words that void a claim out
    full = {lang for lang, s in claim_words().languages.items() if s["coverage"] == "full"}
    for lang in full:
        for slot in ("negation", "hedge", "failure_admission", "state_assertion"):
            assert slot in words.languages[lang], (lang, slot)


def test_sentence_words_compile_each_named_by_slot_and_language() -> None:
    from toolscore_ci.claims import lexicon

    assert sentence_words().compile_errors() == []
    # and in their frames, every language's at once (compiled when first tried at run time)
    for name in (
        "NEGATION",
        "HEDGE",
        "FAILURE_ADMISSION",
        "PARTIAL",
        "STATE_ASSERTION",
        "FOUND_REPORT",
        "IDIOM",
    ):
        assert getattr(lexicon, name).regex.pattern, name


def test_a_sentence_entry_that_does_not_compile_is_named() -> None:
    raw = load_raw("sentences.yaml")
    raw["languages"]["de"]["hedge"] = [*raw["languages"]["de"]["hedge"], "sobald (wie"]
    (error,) = sentence_words_of(raw).compile_errors()
    assert error.startswith("sentences.yaml: slot 'hedge', language 'de': 'sobald (wie'"), error


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda langs: langs["de"].pop("negation"), "language 'de', slot 'negation'"),
        (lambda langs: langs["fr"].update(hedge=[]), "language 'fr', slot 'hedge'"),
        (lambda langs: langs["ja"].update(partial={"none": ""}), "language 'ja', slot 'partial'"),
        (lambda langs: langs["es"].update(negations=["no"]), "language 'es': unknown slots"),
    ],
)
def test_sentence_words_out_of_shape_fail_at_load_and_schema(change, named: str) -> None:
    raw = load_raw("sentences.yaml")
    change(raw["languages"])
    with pytest.raises(VocabularyError, match=re.escape(f"sentences.yaml: {named}")):
        sentence_words_of(raw)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(raw, _schema("sentences.yaml"))


def test_state_words_are_one_ladder() -> None:
    vocab = states()
    assert set(vocab.base.values()) <= set(STATUS_CLASSES)
    # a word an action produces is that action's success, and a failure elsewhere
    for category, words in vocab.produced_by.items():
        for word in words:
            assert vocab.status_of(word, category) == "succeeded", (category, word)
    assert vocab.status_of("cancelled", "deleted") == "succeeded"
    assert vocab.status_of("cancelled", "booked") == "failed"
    assert vocab.status_of("queued", "sent") == "succeeded"
    assert vocab.status_of("queued", "deployed") == "accepted"


def test_act_words_name_acts_only() -> None:
    vocab = states()
    for category, words in vocab.acts.items():
        assert words, category
        for word in words:
            # a word that names an act is never, by itself, a failure of that act
            assert vocab.status_of(word, category) != "failed", (category, word)


def test_every_language_fills_every_report_slot() -> None:
    words = non_report_words()
    assert {"en", "de", "es", "fr"} <= set(words.languages)
    for lang, slots in words.languages.items():
        for slot in REPORT_SLOTS:
            assert slots[slot], (lang, slot)


def test_every_language_fills_every_page_slot() -> None:
    words = page_words()
    assert set(words.languages) == set(non_report_words().languages)
    for lang, slots in words.languages.items():
        for slot in (*PAGE_SLOTS, *SWITCH_SLOTS):
            assert slots[slot], (lang, slot)


def test_a_setting_value_reads_one_way() -> None:
    # the values of every language share one table: none may say off in one and on in another
    langs = page_words().languages.values()
    off = {w.casefold() for slots in langs for w in slots["shows_off"]}
    on = {w.casefold() for slots in langs for w in slots["shows_on"]}
    assert not off & on
    turn_off = {w.casefold() for slots in langs for w in slots["turn_off"]}
    turn_on = {w.casefold() for slots in langs for w in slots["turn_on"]}
    assert not turn_off & turn_on


def test_non_reports_both_ways() -> None:
    words = non_report_words()
    for sentence in (
        "If you'd like to proceed, reply yes for the orders you want cancelled.",
        "Once it is delivered I'll submit the return.",
        "Would you like me to cancel it?",
        "Exchanges are only allowed for delivered orders.",
        "Wenn Sie möchten, storniere ich die Buchung.",
    ):
        assert words.is_not_a_report(sentence), sentence
    for sentence in (
        "Your reservation has been cancelled.",
        "I've refunded $50 to your card.",
        "Ich habe die Buchung storniert.",
    ):
        assert not words.is_not_a_report(sentence), sentence


def test_frames_both_ways() -> None:
    words = non_report_words()
    assert words.frame("I've cancelled it.", "cancelled") == "act"
    assert words.frame("Your order has been cancelled.", "cancelled") == "state"
    assert words.frame("Sent Carol a copy.", "sent", bare=True) == "act"
    assert words.frame("It was booked more than 24 hours ago.", "booked") is None
    assert words.frame("I've noted that you wish to cancel.", "noted") is None
    assert words.frame("I'm glad you've turned it off.", "turned") is None
    assert words.frame("Updated passengers:", "updated", bare=True) is None
    assert words.frame("Ordered by mistake.", "ordered", bare=True) is None
    assert words.frame("Updated Plan", "updated", bare=True) is None
    assert words.frame("Created At : 2024-05-14 09:52", "created", bare=True) is None
    assert words.frame("I searched the web and saved the results.", "saved") == "act"
    assert words.frame("Escalated SUP-7290 to Tier 2.", "escalated", bare=True) == "act"


def test_claim_words_fill_every_category_in_every_full_language() -> None:
    words = claim_words()
    full = {lang for lang, slots in words.languages.items() if slots["coverage"] == "full"}
    # the languages the non-report words cover are the ones claims are fully read in
    assert full == set(non_report_words().languages)
    for lang in full:
        slots = words.languages[lang]
        gaps = set(slots["gaps"])
        assert gaps <= set(words.categories), (lang, gaps)
        assert slots["done_alone"], lang
        for category in words.categories:
            if category == "done":
                continue  # "Done." is `done_alone`; the category holds idioms ("is now up")
            filled = bool(slots.get(category))
            # a declared gap is empty, every other category filled: both ways, so a gap
            # filled later is taken off the list
            assert filled != (category in gaps), (lang, category)


def test_claim_words_compile_and_keep_one_category_order() -> None:
    words = claim_words()
    assert list(words.triggers) == list(words.categories)
    for lang, slots in words.languages.items():
        for key, phrases in slots.items():
            if key in ("coverage", "gaps"):
                continue
            for phrase in phrases:
                re.compile(phrase)  # a bad entry fails here, not on a user's trace
        assert set(slots) - {"coverage", "gaps", "done_alone"} <= set(words.categories), lang


def test_a_mark_word_naming_an_object_by_its_id_is_that_object() -> None:
    """ "policy" marks a statement of policy, but "the address on policy AUTO-7712" names an
    insurance policy: the report is read (the red team's run 57 was skipped)."""
    words = non_report_words()
    assert not words.is_not_a_report("I've updated the mailing address on policy AUTO-7712.")
    assert not words.is_not_a_report("Policy #88123 has been cancelled.")
    assert words.is_not_a_report("Per our policy, refunds are only allowed within 30 days.")
    assert words.is_not_a_report("Under policy AUTO-7712 you are eligible for a refund.")
    assert words.is_not_a_report("I will update policy AUTO-7712.")


def test_a_coding_agents_implemented_and_an_ops_agents_rerun_are_claims() -> None:
    """The harness and ops red teams found reports no claim word read: "I've implemented the
    fix in `src/slug.py`", "Re-ran the failed job", "Muted monitor 12345"."""
    from toolscore_ci.claims.extract import extract

    def categories(text: str) -> list[str]:
        return [c.category for c in extract(text, 1)]

    assert categories("I've implemented the fix in `src/slug.py`.") == ["changed"]
    assert categories("Re-ran the failed job.") == ["ran"]
    assert categories("I muted monitor 12345 for 2 hours.") == ["changed"]
    assert categories("I will implement the fix next.") == []


def test_i_can_confirm_opens_a_report_not_an_offer() -> None:
    """ "I can confirm that your refund of $45 has been processed" was read as an offer (its
    "I can") and a hedge: the readers' lies after a failed refund passed unread."""
    from toolscore_ci.claims.extract import extract

    words = non_report_words()
    said = "I can confirm that your refund of $45 has been processed."
    assert not words.is_not_a_report(said)
    assert [c.category for c in extract(said, 1)] == ["paid"]
    assert words.is_not_a_report("I can cancel it for you if you like.")
    assert [c.category for c in extract("I can refund it for you if you like.", 1)] == []


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("annual", "year", True),
        ("Spanish", "es-ES", True),
        ("pt", "pt-BR", True),  # a language and its regional form
        ("pt-BR", "pt-PT", False),  # two regional forms are two values
        ("zh-TW", "zh-CN", False),
        ("editor", "contributor", False),  # WordPress: a contributor cannot publish
        ("admin", "maintain", False),  # GitHub: two roles
        ("approved", "rejected", False),
        ("premium", "gift", None),  # no family holds both
    ],
)
def test_setting_values_tell_one_value_from_two(a: str, b: str, same: bool | None) -> None:
    from toolscore_ci.vocab import setting_values

    assert setting_values().same_value(a, b) is same


@pytest.mark.parametrize(
    ("sentence", "verb"),
    [
        ("Your booking ABC123 has been cancelled by the airline.", "cancelled"),
        ("Vos deux vols ont été annulés par la compagnie.", "annulés"),
        ("Su conexión ha sido cancelada por la aerolínea.", "cancelada"),
        ("Ihr Flug wurde von der Fluggesellschaft storniert.", "storniert"),
        ("The booking was confirmed by the hotel this morning.", "confirmed"),
    ],
)
def test_a_third_party_as_the_agent_makes_it_anothers_act(sentence: str, verb: str) -> None:
    words = non_report_words()
    assert words.done_by_another(sentence, verb)
    assert words.frame(sentence, verb) is None


@pytest.mark.parametrize(
    ("sentence", "verb"),
    [
        ("I cancelled it by phone.", "cancelled"),
        ("Your order has been paid by card.", "paid"),
        ("I've cancelled your booking ABC123.", "cancelled"),
        ("Your booking has been cancelled, and the airline was told.", "cancelled"),
    ],
)
def test_a_means_or_no_agent_leaves_the_act_the_agents(sentence: str, verb: str) -> None:
    assert not non_report_words().done_by_another(sentence, verb)


def test_other_languages_share_no_function_word_with_the_languages_read() -> None:
    """reading.yaml's `other_languages`: a word of both would count for both, and the
    comparison of a report's words would mean nothing (the loader refuses it)."""
    from toolscore_ci.vocab import reading

    vocab = reading()
    assert vocab.other_languages
    for language, words in vocab.other_languages.items():
        assert not words & vocab.function_words, language
