"""`toolscore-ci serve`: the local review dashboard.

- `queue.py` builds the review queue from trace files (checked with the project's pipeline) or
  from a results file, and filters it;
- `reviews.py` is the reviews file: decisions and retractions appended as agent-trace/v1 lines;
- `pages.py` renders the HTML (every trace text escaped);
- `server.py` routes requests and enforces the security model (docs/serve.md).
"""
