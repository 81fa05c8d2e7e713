"""Hand-written corpus cases, one module per domain; `build.py` turns them into JSONL."""
