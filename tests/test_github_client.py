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


# -- answers that are not what they claim, limits named as such, one deadline (issue 9) ------


def test_a_200_with_an_html_page_is_a_clear_error(stub: GitHubStub) -> None:
    stub.inject(
        "GET",
        r"/comments$",
        200,
        raw=b"<html><body>Unicorn! Try again</body></html>",
        content_type="text/html; charset=utf-8",
    )
    gh, _ = client(stub)
    with pytest.raises(GitHubError) as err:
        list(gh.issue_comments(1))
    assert err.value.kind == "bad_response" and "expected JSON, got text/html" in str(err.value)


def test_a_json_content_type_with_a_broken_body_is_a_clear_error(stub: GitHubStub) -> None:
    stub.inject("POST", r"/comments$", 201, raw=b"{not json")
    gh, _ = client(stub)
    with pytest.raises(GitHubError) as err:
        gh.create_comment(1, "x")
    assert err.value.kind == "bad_response" and "not valid JSON" in str(err.value)


def test_a_dict_where_a_list_is_expected(stub: GitHubStub) -> None:
    stub.inject("GET", r"/comments$", 200, body={"message": "surprise"})
    gh, _ = client(stub)
    with pytest.raises(GitHubError) as err:
        list(gh.issue_comments(1))
    assert err.value.kind == "bad_response" and "expected a JSON list, got a JSON dict" in str(
        err.value
    )


def test_a_list_where_a_dict_is_expected(stub: GitHubStub) -> None:
    stub.inject("POST", r"/check-runs$", 201, body=[1, 2])
    gh, _ = client(stub)
    with pytest.raises(GitHubError) as err:
        gh.create_check_run({"name": "t", "head_sha": "abc"})
    assert err.value.kind == "bad_response" and "expected a JSON object" in str(err.value)


def test_a_201_with_an_empty_body(stub: GitHubStub) -> None:
    stub.inject("POST", r"/comments$", 201, raw=b"")
    gh, _ = client(stub)
    with pytest.raises(GitHubError) as err:
        gh.create_comment(1, "x")
    assert err.value.kind == "bad_response" and "got an empty body" in str(err.value)


def test_items_that_are_not_objects_are_skipped_not_crashed_on(stub: GitHubStub) -> None:
    stub.inject("GET", r"/comments$", 200, body=["junk", 3, {"id": 1, "body": "b"}])
    gh, _ = client(stub)
    assert [c["id"] for c in gh.issue_comments(1)] == [1]


def test_secondary_rate_limit_without_headers_waits_the_documented_minute(
    stub: GitHubStub,
) -> None:
    from toolscore_ci.github import SECONDARY_RATE_LIMIT_WAIT

    message = "You have exceeded a secondary rate limit. Please wait a few minutes."
    stub.inject("POST", r"/comments$", 403, body={"message": message})
    gh, sleeps = client(stub, max_wait=120.0)
    assert gh.create_comment(1, "x")["body"] == "x"
    assert sleeps == [SECONDARY_RATE_LIMIT_WAIT] == [60.0]


def test_secondary_rate_limit_is_named_as_such_not_as_permissions(stub: GitHubStub) -> None:
    message = "You have exceeded a secondary rate limit. Please wait a few minutes."
    stub.inject("POST", r"/comments$", 403, times=99, body={"message": message})
    gh, sleeps = client(stub, max_wait=5.0)
    with pytest.raises(GitHubError) as err:
        gh.create_comment(1, "x")
    assert err.value.kind == "rate_limited" and not err.value.forbidden
    assert "secondary rate limit" in str(err.value) and sleeps == []


def test_primary_rate_limit_403_is_not_forbidden(stub: GitHubStub) -> None:
    reset = str(int(time.time()) + 3600)
    stub.inject(
        "GET",
        r"/comments$",
        403,
        headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": reset},
        body={"message": "API rate limit exceeded"},
    )
    gh, _ = client(stub)
    with pytest.raises(GitHubError) as err:
        list(gh.issue_comments(1))
    assert err.value.kind == "rate_limited" and not err.value.forbidden


def test_404_is_not_found_not_forbidden(stub: GitHubStub) -> None:
    gh, _ = client(stub)
    with pytest.raises(GitHubError) as err:
        gh.pull_request(999)
    assert err.value.kind == "not_found" and not err.value.forbidden


def test_one_deadline_for_every_call_refuses_a_long_retry_after(stub: GitHubStub) -> None:
    stub.inject("POST", r"/comments$", 429, times=99, headers={"Retry-After": "50"})
    gh, sleeps = client(stub, max_wait=300.0, deadline=5.0)
    with pytest.raises(GitHubError) as err:
        gh.create_comment(1, "x")
    assert err.value.kind == "deadline" and sleeps == []
    assert len(stub.calls("POST")) == 1


def test_the_deadline_caps_slow_answers_across_calls(stub: GitHubStub) -> None:
    stub.inject("GET", r"/comments$", 0, delay=2.0, times=99)
    gh = GitHub(TOKEN, "o/r", stub.url, timeout=10.0, retries=5, backoff=0.01, deadline=1.0)
    started = time.monotonic()
    with pytest.raises(GitHubError):
        list(gh.issue_comments(1))
    with pytest.raises(GitHubError) as err:  # the next call finds the time already spent
        gh.create_comment(1, "x")
    assert err.value.kind == "deadline"
    assert time.monotonic() - started < 2.5
    assert stub.calls("POST") == []


def test_pull_request_lookups(stub: GitHubStub) -> None:
    stub.add_pull(7, "e" * 40, head_repo="stranger/agent", branch="fix", commits=("f" * 40,))
    stub.add_pull(8, "9" * 40, state="closed")
    gh, _ = client(stub)
    assert gh.pull_request(7)["head"]["sha"] == "e" * 40
    assert [p["number"] for p in gh.pulls_for_commit("e" * 40)] == [7]
    assert [p["number"] for p in gh.pulls_for_commit("f" * 40)] == [7]
    assert [p["number"] for p in gh.open_pulls_from("stranger", "fix")] == [7]
    assert gh.open_pulls_from("octo", "feature") == []
