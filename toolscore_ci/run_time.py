"""How long an agent run took, from the timestamps its steps carry.

JUnit's `time` and the results' `duration_s` report the agent run's own duration (first step
to last), never how long the check took: that would make the same traces give different bytes,
and a sharded run's merge must equal the single run. A trace without two readable timestamps
has no duration, and none is invented: timestamps a format reader had to make up (it counts
them in `meta.synthesised_timestamps`) give no duration either.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any

from toolscore_ci.formats._trace import SYNTHESISED_TS_KEY
from toolscore_ci.model import Step

#: A fraction of a second: Python 3.10's fromisoformat takes only 3 or 6 digits of it.
_FRACTION = re.compile(r"(\.\d+)")


@lru_cache(maxsize=4096)  # steps often share timestamps (made-up ones above all)
def _instant(ts: str) -> datetime | None:
    text = ts.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"  # fromisoformat takes a "Z" only from Python 3.11
    fraction = _FRACTION.search(text)  # the first one, padded or cut to 6 digits
    if fraction is not None:
        digits = (fraction.group(1) + "000000")[:7]
        text = text[: fraction.start()] + digits + text[fraction.end() :]
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment


#: Timestamps, one a line, each in one layout and all in one zone: "2025-10-05T07:43:48.85Z",
#: "2025-01-01T00:00:13+00:00". Of such stamps of one length (so with as many digits of a
#: second), the one that sorts first as text is the earliest, the last the latest.
_STAMP = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?"
_ONE_ZONE_LINES = re.compile(rf"{_STAMP}(Z|[+-]\d\d:\d\d)\n(?:{_STAMP}\1\n)*", re.ASCII)


def run_duration(steps: Iterable[Step]) -> float | None:
    """Seconds from the earliest to the latest step timestamp (state probes left out), or
    None when fewer than two
    parse or when naive and zoned times are mixed."""
    # a state probe is taken after the run (perhaps a day later): not part of the run's time
    stamps = [s.ts for s in steps if isinstance(s.ts, str) and s.kind != "state_probe"]
    if (
        len(stamps) >= 2
        and len(set(map(len, stamps))) == 1
        and _ONE_ZONE_LINES.fullmatch("\n".join(stamps) + "\n") is not None
    ):
        # most runs stamp every step so: only the first and last need parsing (a stamp
        # between them that does not parse, "2025-13-01...", would be left out all the same)
        first, last = _instant(min(stamps)), _instant(max(stamps))
        if first is not None and last is not None:
            return round((last - first).total_seconds(), 3)
    moments = [m for ts in stamps if (m := _instant(ts))]
    if len(moments) < 2:
        return None
    if len({m.tzinfo is None for m in moments}) > 1:
        return None  # naive and zoned times cannot be ordered against each other
    return round((max(moments) - min(moments)).total_seconds(), 3)


def record_duration(data: Mapping[str, Any], steps: Iterable[Step]) -> float | None:
    """`run_duration`, unless the record's reader made up any of its timestamps."""
    meta = data.get("meta")
    if isinstance(meta, Mapping) and meta.get(SYNTHESISED_TS_KEY):
        return None
    return run_duration(steps)
