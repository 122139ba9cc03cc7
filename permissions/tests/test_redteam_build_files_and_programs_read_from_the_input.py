"""R4.9, red team: a build tool's build file, or an interpreter's program, given as the input.

`ninja -f /dev/stdin <<< '…'`, `rake -f -`, `cmake -P /dev/stdin`, `gradle -I /dev/stdin build`, `mvn -f -
package`, `scons -f -`, `ant -f /dev/stdin`, `deno run - <<< '…'`, `bun run -`, `guile -s /dev/stdin`, `sbcl --load
/dev/stdin`, `ruby -r /dev/stdin x.rb` were auto-approved, in auto mode and behind an allow of their words: what
runs is the text the command feeds them, which no rule reads -- as `make -f -`, `just -f /dev/stdin` and `python3 -`
already asked. They are opaque now (interpreters._RECIPE_FILE, an interpreter's option given a stream, deno's and
bun's `run`). Kept: the same tools with their project's own files and ordinary targets.
56 of its 91 cases fail on 513a152 (the session's start); the rest (the kept uses, and forms that already asked) held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

FROM_INPUT = [
    "ninja -f /dev/stdin <<< 'x'",
    "ninja -f/dev/stdin",
    "ninja -C build -f /dev/fd/0",
    "samu -f /dev/stdin",
    "rake -f - <<< 'x'",
    "rake --rakefile=/dev/stdin",
    "rake -r /dev/stdin test",
    "cmake -P /dev/stdin <<< 'file(REMOVE_RECURSE build)'",
    "cmake -P - <<< 'x'",
    "cmake -C /dev/stdin -S . -B build",
    "echo 'x' | cmake -P /dev/stdin",
    "gradle -I /dev/stdin build",
    "gradle --init-script=/dev/stdin build",
    "./gradlew -b /dev/stdin test",
    "gradlew --settings-file /proc/self/fd/0 build",
    "mvn -f - package",
    "mvn --file=/dev/stdin package",
    "mvnw -s /dev/stdin deploy",
    "scons -f - <<< 'x'",
    "scons --sconstruct=/dev/stdin",
    "ant -f /dev/stdin",
    "ant -buildfile /dev/stdin build",
    "task --taskfile /dev/stdin build",
    "just --justfile=/dev/stdin build",
    "deno run - <<< 'x'",
    "deno run --allow-all - <<< 'x'",
    "bun run - <<< 'x'",
    "bun - <<< 'x'",
    "bun /dev/stdin",
    "guile -s /dev/stdin <<< '(x)'",
    "guile -l /dev/stdin x.scm",
    "sbcl --load /dev/stdin",
    "sbcl --script /dev/stdin",
    "ruby -r /dev/stdin x.rb",
    "ruby -r/dev/stdin x.rb",
]

KEPT = [
    "ninja -C build",
    "ninja -f build.ninja",
    "rake test",
    "rake -f Rakefile build",
    "cmake -S . -B build",
    "cmake --build build -j4",
    "cmake -P scripts/check.cmake",
    "gradle build",
    "gradle -b build.gradle test",
    "mvn -q package",
    "mvn -f sub/pom.xml test",
    "scons -j4",
    "ant build",
    "just test",
    "deno run -A main.ts",
    "deno task dev",
    "bun run dev",
    "bun run build -- -",
    "bun test",
    "ruby -r ./helper.rb x.rb",
    "python3 -W ignore x.py",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", FROM_INPUT)
def test_a_build_file_or_program_from_the_input_is_never_auto_approved(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert decision == "require_approval", (command, runs_in, reason)


@pytest.mark.parametrize("command", KEPT)
def test_the_project_s_own_files_stay(command: str) -> None:
    for runs_in in ("sandbox", "agent"):
        assert auto_and_allowed(command, runs_in)[0] == ("auto_approve", "autonomy"), (command, runs_in)
