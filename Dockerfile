# The toolscore-ci GitHub Action. The base is pinned by tag; CI overrides BASE to build offline.
ARG BASE=python:3.12-slim
FROM ${BASE}

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1

# Installed the way the README says (`pip install .`), from a copy outside the workspace mount.
COPY pyproject.toml README.md LICENSE NOTICE /action/
COPY toolscore_ci /action/toolscore_ci
COPY entrypoint.py /action/entrypoint.py
RUN python -m pip install --quiet /action

# Exec form with an absolute path: the runner sets its own working directory (the workspace),
# so no WORKDIR, and it must run as the runner's default user, so no USER.
ENTRYPOINT ["python", "/action/entrypoint.py"]
