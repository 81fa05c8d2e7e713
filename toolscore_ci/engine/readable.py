"""Can the claim reader read this report? A report it finds no claim in claims nothing only
if a claim in it could have been read (vocab/reading.yaml)."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from toolscore_ci.claims.lexicon import DONE, find_triggers
from toolscore_ci.vocab import Reading, reading

# words of letters only: "i'll" is "i" and "ll", so a contraction's pronoun counts
_LETTER_WORD = re.compile(r"[^\W\d_]+")
# ... but a run of letters glued to a digit ("7A") or a hyphen ("E-tiket"), or an ending
# after a word and an apostrophe ("Haziran'da": a Turkish case ending; "it's") is part of
# another word, never a function word of its own: Turkish's "'da" is no Italian "da". After
# an elided one-letter article or pronoun ("j'ai", "l'ordine") the word is one.
# (an underscore parts words as a space does: "get_user_details" holds "get")
_STANDALONE_WORD = re.compile(r"(?<![^\W_])(?<!-)(?<![^\W\d_]{2}['’])[^\W\d_]+(?![^\W_])(?!-)")


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0] if name else ""


def unreadable(text: str) -> str | None:
    """Why the claim reader cannot read `text`, or None when it can (or there is too little
    to say): most of its letters in a script it does not read, or enough words of letters
    with no function word of any language it reads. A report holding a claim word of any
    language was read, even where no claim came of it ("Fakturan är inte skickad": negated)."""
    if find_triggers(text) or DONE.search(text):
        return None
    vocab = reading()
    if text.isascii():  # every ASCII letter is a LATIN one: no name to look up per letter
        scripts = Counter({"LATIN": sum(map(str.isalpha, text))})
    else:
        scripts = Counter(_script(ch) for ch in text if ch.isalpha())
    letters = sum(scripts.values())
    if not letters:
        return None
    read = sum(n for script, n in scripts.items() if script in vocab.scripts)
    if read * 2 < letters:
        other = ", ".join(s for s, _ in scripts.most_common() if s not in vocab.scripts)
        return f"it is written mostly in a script the claim words do not cover ({other})"
    words = [w.casefold() for w in _LETTER_WORD.findall(text)]
    if len(words) < vocab.min_words:
        return None
    read = {w.casefold() for w in _STANDALONE_WORD.findall(text)} & vocab.function_words
    if not read:
        return "none of its words is a function word of a language the claim words cover"
    # a word of one or two letters ("a", "na", "da", "no") is a function word of many languages,
    # read or not: it shows the text is in some language, not in which. One alone reads
    # nothing (Polish "na", Turkish "iade no ..."); "I am ready to submit" has three.
    long_read = sum(len(w) > 2 for w in read)
    language = _other_language(set(words), long_read, vocab)
    if language is not None:
        return (
            f"it is written in a language the claim words cover in part or not at all ({language})"
        )
    if not long_read and len(read) < 2:
        return (
            f"its one function word of a language the claim words cover, {next(iter(read))!r}, "
            "is a short word many languages share"
        )
    return None


def _other_language(words: set[str], read: int, vocab: Reading) -> str | None:
    """The language read in part or not at all whose function words the text holds more of
    (distinct, at least `other_min_words`) than of every language read."""
    best, most = None, max(read, vocab.other_min_words - 1)
    for language, own in vocab.other_languages.items():
        n = len(words & own)
        if n > most:
            best, most = language, n
    return best
