"""Trace text made inert for GitHub's rendered surfaces (PR comment, job summary, annotations).

Two jobs, both on plain text, before any Markdown escaping:

- `show_invisible`: characters that change how text *looks* without being seen (bidi overrides
  and isolates, zero-width characters, other format controls, lone surrogates, C0/C1 controls)
  become a visible `‹U+202E›`, so a reviewer sees exactly what the trace holds ("Trojan Source").
- `break_links`: what GitHub would turn into a live link or a cross-reference (`https://…`, any
  `scheme://`, `www.`, `mailto:`/`xmpp:`, `#123`, `owner/repo#5`, `GH-9`) gets a zero-width
  joiner inside the trigger, so it reads the same but links nowhere and notifies no issue.
  @-mentions are broken the same way by the Markdown renderer (comment.md_text).

The joiners are added *after* `show_invisible`, so they are the only invisible characters left,
and every one of them is ours.
"""

from __future__ import annotations

import re

#: Our own breaker: invisible, and GitHub's autolinker and reference filter stop at it.
JOINER = "\u200d"

# Bidi embeddings/overrides/isolates and marks, zero-width and word-joiner family, BOM, the
# Arabic letter mark, and surrogates (a lone one cannot even be written as UTF-8).
_INVISIBLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028-\u202e"
    "\u2060-\u2069\ufeff\ufff9-\ufffb\ud800-\udfff]"
)
# `scheme://` (http, https, ftp, anything GitHub might autolink) and the extended autolinks.
_SCHEME = re.compile(r"(?i)(?<![A-Za-z0-9+.-])([a-z][a-z0-9+.-]{0,31})(?=://)")
_MAILTO = re.compile(r"(?i)(?<![A-Za-z0-9])(mailto|xmpp)(?=:)")
_WWW = re.compile(r"(?i)(?<![A-Za-z0-9.-])(www)(?=\.)")
# Issue and PR references: `#123`, `owner/repo#5` (the `#` is the trigger in both), `GH-9`.
_HASH_REF = re.compile(r"#(?=\d)")
_GH_REF = re.compile(r"(?i)(?<![A-Za-z0-9])(gh)(?=-\d)")


def show_invisible(text: str) -> str:
    """Every invisible or direction-changing character as a visible `‹U+XXXX›`."""
    return _INVISIBLE.sub(lambda m: f"‹U+{ord(m.group()):04X}›", text)


def break_links(text: str) -> str:
    """URLs, `www.`, `mailto:` and issue references that still read the same but go nowhere."""
    text = _SCHEME.sub(rf"\1{JOINER}", text)
    text = _MAILTO.sub(rf"\1{JOINER}", text)
    text = _WWW.sub(rf"\1{JOINER}", text)
    text = _HASH_REF.sub(f"#{JOINER}", text)
    return _GH_REF.sub(rf"\1{JOINER}", text)


def inert(text: str) -> str:
    """Both: the form every trace string takes on a rendered GitHub surface."""
    return break_links(show_invisible(text))
