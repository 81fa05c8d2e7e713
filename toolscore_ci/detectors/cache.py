"""The judge's response cache: a directory of JSON files, one per request, named by its hash.

The key is the SHA-256 of the model, the full request messages and the parameters that shape the
answer (temperature, max_tokens, response_format), never of the endpoint's credentials. Only
answers that parsed are stored, so a malformed reply is asked again rather than replayed. Writes
go to a temporary file renamed into place: a reader never sees half an entry.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any


def request_hash(model: str, messages: list[dict[str, str]], params: dict[str, Any]) -> str:
    body = {"model": model, "messages": messages, "params": params}
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ResponseCache:
    """Stored answers by request hash (None: no cache)."""

    def __init__(self, directory: str | os.PathLike[str] | None) -> None:
        self.directory = Path(directory) if directory is not None else None

    def _path(self, key: str) -> Path:
        assert self.directory is not None
        return self.directory / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored entry, or None (absent, unreadable or not an entry: asked again)."""
        if self.directory is None:
            return None
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or not isinstance(data.get("content"), str):
            return None
        return data

    def put(self, key: str, content: str, model: str, usage: dict[str, Any] | None) -> None:
        if self.directory is None:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        entry = {"content": content, "model": model, "usage": usage}
        fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(entry, f, sort_keys=True)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self._path(key))
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
