"""The limits a rule pack must keep, in one place; docs/rules.md ("Limits") documents them.

A pack is untrusted input: in a pull request the author may edit it. These bound what loading
and using one can cost, so a hostile pack fails fast with a usage error instead of taking the
machine's memory or hanging the gate.
"""

from __future__ import annotations

#: A pack file larger than this is refused before it is parsed (the bundled ones are < 2 KB).
MAX_PACK_BYTES = 256 * 1024

#: The most YAML values (scalars and collections) a pack may hold (the bundled ones have about
#: 100). The YAML parser is pure Python: this keeps a hostile file's parse under a second.
MAX_PACK_NODES = 20_000

#: How deep YAML collections may nest (the schema needs about 8; values of `equals` a few more).
#: Deeper nesting is refused before it reaches the recursive YAML composer.
MAX_PACK_DEPTH = 64

#: The longest regex a pack may supply (a claim pattern or a `matches` check).
MAX_PATTERN_CHARS = 1000

#: A pack regex is matched against at most this many characters of a claim sentence or of a
#: `matches` check's value. Exponential patterns are refused at load time; this bounds what a
#: polynomial one (`.*x.*y`) can cost on hostile text. A longer value is not searched past it:
#: a claim pattern sees the first MAX_PATTERN_SUBJECT_CHARS characters, a `matches` check on a
#: longer value is `skipped` (it cannot say pass or fail).
MAX_PATTERN_SUBJECT_CHARS = 4096
