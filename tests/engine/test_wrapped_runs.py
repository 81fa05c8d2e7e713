"""Test commands behind a wrapper (red team 11: `bundle exec rspec`, `pnpm vitest run`, `uv run
pytest`, `docker compose run --rm app npm test`) are test runs, read as the bare runner is: the
wrapper's own words (vocab/commands.yaml) are peeled by structure, then the inner command is
read as usual. Each way: what the inner command does decides, so a wrapper around a build, an
install or a script is no test run."""

from __future__ import annotations

import pytest

from toolscore_ci.engine.shell import command_acts, piped_into
from toolscore_ci.engine.testruns import selected_subset


@pytest.mark.parametrize(
    "command",
    [
        "bundle exec rspec",
        "cd /app && bundle exec rspec 2>&1 | tail -25",
        "pnpm vitest run",
        "pnpm exec vitest run",
        "pnpm exec jest",
        "pnpm run test",
        "pnpm --filter @acme/web test",
        "pnpm -C apps/web test",
        "npm run test:unit",
        "npm --prefix web test",
        "npm -w web run test",
        "npm exec -- jest",
        "yarn test:ci",
        "yarn jest",
        "yarn workspace @acme/web test",
        "bun run test",
        "uv run pytest",
        "uv run --with pytest-xdist pytest -n 4",
        "uv run python -m pytest",
        "poetry run pytest",
        "pipenv run pytest",
        "hatch run test",
        "hatch run test:unit",
        "./mvnw verify",
        "mvn -q clean verify",
        "./gradlew clean test",
        "./gradlew :billing:test",
        "./gradlew check",
        # the lifecycle runs the tests before it builds (Gradle's build runs check; Maven's
        # package, install and deploy run test), unless the line leaves them out
        "./gradlew build",
        "./gradlew clean build -x lint",
        # Android's variant tasks (red team 12 l08)
        "./gradlew :app:testDebugUnitTest",
        "./gradlew connectedDebugAndroidTest",
        "mvn -q package",
        "./mvnw clean install",
        "cargo nextest run",
        "docker compose run --rm app npm test",
        "docker compose -f ci.yml run --rm -e CI=1 app pytest",
        "docker-compose exec web bundle exec rspec",
        "docker exec -it c pytest",
        "docker run --rm -v $PWD:/src -w /src node:20 npm test",
        "kubectl exec -n ci pod/runner -- pytest -q",
        "npx vitest",
        "env CI=1 pytest",
        "timeout 300 pytest",
        "timeout -s KILL 300 pytest",
        "time pytest",
        "nice -n 10 pytest",
        "xvfb-run -a npm test",
        "sudo -u app bundle exec rspec",
        "php artisan test",
        "turbo run test",
        # readers12: a dev shell's command, coverage's runner, GNU make's test target
        "nix develop -c pytest -q",
        "nix develop .#ci --command pytest",
        "coverage run -m pytest tests/",
        "coverage run --source src -m pytest",
        "make check",
        # red team 12 l29, l32: a line that hands a quoted script to a shell, piped inside
        "bash -lc 'mix test 2>&1 | tail -3'",
        '/bin/bash -c "dotnet test --nologo | tail -n 20"',
    ],
)
def test_a_test_command_behind_a_wrapper_is_a_test_run(command: str) -> None:
    assert "tested" in command_acts(command)


@pytest.mark.parametrize(
    ("command", "acts"),
    [
        ("bundle install", {"ran"}),
        ("bundle exec rails db:migrate", {"ran"}),
        ("bundle exec rubocop", {"ran"}),
        ("uv run python scripts/seed.py", {"ran"}),
        ("uv pip install -e .", {"ran"}),
        ("poetry install", {"ran"}),
        ("npm run build", {"built"}),  # a build script builds (vocab `build_scripts`)
        ("npm run lint", {"built"}),
        ("npm run dev", {"ran"}),
        ("pnpm install", {"ran"}),
        ("pnpm --filter @acme/web build", {"built"}),
        ("cargo build --release", {"built"}),
        ("go vet ./...", {"built"}),
        ("npm run builder", {"ran"}),  # a name that only starts like one
        ("cargo run", {"ran"}),
        ("yarn prettier --write .", {"ran"}),
        ("./gradlew assemble", {"built"}),
        ("./gradlew testClasses", {"ran"}),  # compiles the tests, runs none
        # the tests left out, the build tasks still build (vocab `build_tasks`)
        ("./gradlew build -x test", {"built"}),
        ("./gradlew check -x test", {"ran"}),
        ("./gradlew :app:build --exclude-task=:app:test", {"built"}),
        ("mvn package -DskipTests", {"built"}),
        ("./mvnw clean install -Dmaven.test.skip=true", {"built"}),
        ("mvn compile", {"built"}),
        ("sbt clean compile", {"built"}),  # sbt's compile task (vocab `build_tasks`)
        ("dotnet publish -c Release", {"built"}),
        ("docker compose up -d", {"ran"}),
        ("docker compose run --rm app rails db:migrate", {"ran"}),
        # a wrapper's inner command is read as it is: a build, a read, a removal
        ("pnpm exec tsc --noEmit", {"built"}),
        ("docker exec c cat /etc/hosts", {"retrieved"}),
        ("kubectl exec pod -- rm -rf /tmp/cache", {"deleted"}),
        # no `--`: kubectl runs no inner command the line shows
        ("kubectl exec pod pytest", {"ran"}),
        # nothing after the wrapper: the wrapper itself runs (`env` prints the environment)
        ("env", {"retrieved"}),
        ("sudo test -f /etc/x", {"retrieved"}),  # the shell's `test`, no script
        ("nix develop -c bash", {"ran"}),
        ("nix develop", {"ran"}),  # no `-c`: a shell for the person, no command the line shows
        ("coverage run scripts/seed.py", {"ran"}),
        ("make release", {"ran"}),
    ],
)
def test_a_wrapper_around_no_test_command_is_no_test_run(command: str, acts: set[str]) -> None:
    assert set(command_acts(command)) == acts


@pytest.mark.parametrize(
    ("command", "picked"),
    [
        ("npm run test:unit", "only test:unit"),
        ("hatch run test:unit", "only test:unit"),
        ("npm test -- src/invoice", "only src/invoice"),
        ("npx jest src/invoice", "only src/invoice"),
        ("npx vitest run cart", "only cart"),
        ("bundle exec rspec spec/models/user_spec.rb", "only spec/models/user_spec.rb"),
        ("pnpm --filter @acme/web test", "tests picked with --filter"),
        ("uv run pytest tests/unit/", "only tests/unit/"),
        ("npx jest --shard=1/3", "tests picked with --shard"),
        # the whole suite: a script that runs all of it, a runner's own subcommand, an
        # option's value, a root folder, the shell's redirections and pipes
        ("npm test", None),
        ("npm run test:ci", None),
        ("yarn test:coverage", None),
        ("npm test -- --coverage", None),
        ("npm test 2>&1 | tail -30", None),
        ("pnpm vitest run 2>&1 | tail -12", None),
        ("jest -c jest.config.js", None),
        ("yarn test src", None),
        ("cd /app && bundle exec rspec 2>&1 | tail -25", None),
        ("docker compose run --rm app npm test", None),
    ],
)
def test_a_wrapped_run_picks_tests_as_the_bare_runner_does(
    command: str, picked: str | None
) -> None:
    assert selected_subset(command, "") == picked


def test_a_quoted_script_is_split_inside_its_quotes() -> None:
    """`bash -lc 'pytest -q | tail -5'` is cut at the pipe inside the quotes (the line was
    cut there before the quotes were read: `ran` and `retrieved`, no test run); a line with
    more after the quoted script is left as it is."""
    assert set(command_acts("bash -lc 'pytest -q | tail -5'")) == {"tested", "retrieved"}
    assert piped_into("bash -lc 'pytest -q | tail -5'") == "tail"
    assert set(command_acts("bash -lc 'echo done' && rm build.log")) == {"retrieved", "deleted"}
    assert set(command_acts("bash -lc 'cat notes.txt | head'")) == {"retrieved"}
