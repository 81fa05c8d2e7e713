"""The REST client against the stub, over real HTTP: retries, rate limits, timeouts, pagination."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from github_stub import GitHubStub

from toolscore_ci.github import GitHub, GitHubError

TOKEN = "ghs_clientTOKEN_abcdef0123456789"


@pytest.fixture
def stub() -> Iterator[GitHubStub]:
    with GitHubStub(TOKEN) as s:
        yield s


class Sleeps(list[float]):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def client(stub: GitHubStub, **kw: object) -> tuple[GitHub, Sleeps]:
    sleeps = Sleeps()
    opts: dict[str, object] = {"timeout": 2.0, "retries": 3, "backoff": 0.01, "max_wait": 5.0}
    opts.update(kw)
    return GitHub(TOKEN, "o/r", stub.url, sleep=sleeps, **opts), sleeps  # type: ignore[arg-type]


def test_sends_token_and_api_headers(stub: GitHubStub) -> None:
    gh, _ = client(stub)
    gh.create_comment(1, "hi")
    (req,) = stub.calls("POST")
    assert req.headers["Authorization"] == f"Bearer {TOKEN}"
    assert req.headers["Accept"] == "application/vnd.github+json"
    assert req.body == {"body": "hi"}


def test_5xx_is_retried_with_growing_backoff(stub: GitHubStub) -> None:
    stub.inject("POST", r"/comments$", 502, times=2)
    gh, sleeps = client(stub)
    assert gh.create_comment(1, "x")["body"] == "x"
    assert len(stub.calls("POST")) == 3
    assert sleeps == [0.01, 0.02]


def test_5xx_gives_up_after_the_retries(stub: GitHubStub) -> None:
    stub.inject("POST", r"/comments$", 503, times=99)
    gh, _ = client(stub, retries=2)
    with pytest.raises(GitHubError) as err:
        gh.create_comment(1, "x")
    assert err.value.status == 503
    assert len(stub.calls("POST")) == 3


@pytest.mark.parametrize("status", [400, 404, 409, 422])
def test_other_4xx_fail_at_once(stub: GitHubStub, status: int) -> None:
    stub.inject("POST", r"/comments$", status, times=99)
    gh, sleeps = client(stub)
    with pytest.raises(GitHubError) as err:
        gh.create_comment(1, "x")
    assert err.value.status == status
    assert len(stub.calls("POST")) == 1
    assert sleeps == []


def test_plain_403_is_not_retried_and_reads_as_forbidden(stub: GitHubStub) -> None:
    stub.readonly = True
    gh, sleeps = client(stub)
    with pytest.raises(GitHubError) as err:
        gh.create_comment(1, "x")
    assert err.value.forbidden and err.value.status == 403
    assert "Resource not accessible by integration" in str(err.value)
    assert len(stub.calls("POST")) == 1 and sleeps == []


def test_403_rate_limit_waits_until_the_reset(stub: GitHubStub) -> None:
    reset = int(time.time()) + 2
    stub.inject(
        "GET",
        r"/comments$",
        403,
        headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset)},
        body={"message": "API rate limit exceeded"},
    )
    gh, sleeps = client(stub)
    assert list(gh.issue_comments(1)) == []
    assert len(stub.calls("GET")) == 2
    assert len(sleeps) == 1 and 1.0 <= sleeps[0] <= 4.0


def test_rate_limit_reset_beyond_max_wait_gives_up_at_once(stub: GitHubStub) -> None:
    stub.inject(
        "GET",
        r"/comments$",
        403,
        headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(int(time.time()) + 3600)},
        body={"message": "API rate limit exceeded"},
    )
    gh, sleeps = client(stub, max_wait=5.0)
    with pytest.raises(GitHubError, match="giving up"):
        list(gh.issue_comments(1))
    assert sleeps == [] and len(stub.calls("GET")) == 1


def test_429_honours_retry_after_for_real(stub: GitHubStub) -> None:
    stub.inject("POST", r"/check-runs$", 429, headers={"Retry-After": "1"})
    gh = GitHub(TOKEN, "o/r", stub.url, timeout=2.0, backoff=0.01, max_wait=5.0)
    started = time.monotonic()
    run = gh.create_check_run({"name": "t", "head_sha": "abc", "output": {"annotations": []}})
    assert run["id"] and time.monotonic() - started >= 1.0
    assert len(stub.calls("POST")) == 2


def test_secondary_rate_limit_403_with_retry_after_is_retried(stub: GitHubStub) -> None:
    stub.inject("PATCH", r"/comments/", 403, headers={"Retry-After": "0"})
    comment = stub.add_comment(1, "old", "github-actions[bot]")
    gh, sleeps = client(stub)
    assert gh.update_comment(comment["id"], "new")["body"] == "new"
    assert sleeps == [0.0]


def test_timeouts_are_retried_then_reported(stub: GitHubStub) -> None:
    stub.inject("GET", r"/comments$", 0, delay=1.0, times=2)
    gh, _ = client(stub, timeout=0.2, retries=1)
    started = time.monotonic()
    with pytest.raises(GitHubError) as err:
        list(gh.issue_comments(1))
    assert err.value.status is None and "timeout" in str(err.value)
    assert len(stub.calls("GET")) == 2
    assert time.monotonic() - started < 3.0


def test_pagination_follows_link_headers(stub: GitHubStub) -> None:
    for n in range(250):
        stub.add_comment(5, f"c{n}", "someone")
    gh, _ = client(stub)
    bodies = [c["body"] for c in gh.issue_comments(5)]
    assert bodies == [f"c{n}" for n in range(250)]
    assert len(stub.calls("GET")) == 3


def test_enterprise_api_url_with_a_path_prefix() -> None:
    with GitHubStub(TOKEN, prefix="/api/v3") as ghes:
        gh = GitHub(TOKEN, "o/r", ghes.url, timeout=2.0)
        gh.create_comment(3, "on GHES")
        assert ghes.calls("POST")[0].path == "/api/v3/repos/o/r/issues/3/comments"


def test_login_falls_back_for_installation_tokens(stub: GitHubStub) -> None:
    gh, sleeps = client(stub)
    assert gh.login() is None  # GITHUB_TOKEN cannot read /user: a 403 without retries
    assert sleeps == []
    stub.user_login = "a-person"
    assert gh.login() == "a-person"


def test_the_token_never_shows(stub: GitHubStub) -> None:
    stub.inject("POST", r"/comments$", 500, times=99, body={"message": f"echo {TOKEN}"})
    gh, _ = client(stub, retries=1)
    with pytest.raises(GitHubError) as err:
        gh.create_comment(1, "x")
    assert TOKEN not in str(err.value) and TOKEN not in repr(gh)
    assert "***" in str(err.value)
