"""Friction, R4.9: a tool home given what a toolchain locator prints, or a Windows program folder as Git Bash and
WSL spell it, is a toolchain's own place.

`JAVA_HOME=$(/usr/libexec/java_home -v 17) mvn test` (macOS's documented way) asked in auto mode since tool homes
were read (permissions.commands.environment: a substitution's output was not read), and
`JAVA_HOME="/c/Program Files/Java/jdk-17" mvn test` (Git Bash) and `/mnt/c/Program Files/...` (WSL) asked where
`C:/Program Files/...` did not. A locator prints the place its toolchain is installed in (`java_home`,
`jenv prefix`, `sdk home java X`, `asdf where java`, `mise where java`, `brew --prefix openjdk`, `go env GOROOT`):
read as such only when the whole value is exactly that one command, in the shape read here (versions, never an
option that runs or prints anything else: `java_home --exec`, `-X`), and given once on the segment.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where

LOCATED = [
    "JAVA_HOME=$(/usr/libexec/java_home -v 17) mvn test",
    'JAVA_HOME="$(/usr/libexec/java_home -v 1.8)" ./gradlew build',
    "JAVA_HOME=$(/usr/libexec/java_home) mvn -q verify",
    "JAVA_HOME=$(/usr/libexec/java_home --version 21 -F) mvn test",
    "JAVA_HOME=$(jenv prefix) mvn test",
    "JAVA_HOME=$(jenv prefix 17.0) mvn test",
    "JAVA_HOME=$(sdk home java 17.0.9-tem) ./gradlew test",
    "JAVA_HOME=$(asdf where java) mvn test",
    "JAVA_HOME=$(asdf where java temurin-17.0.9) mvn test",
    "JAVA_HOME=$(mise where java) mvn test",
    "JAVA_HOME=$(mise where java@21) ./gradlew build",
    "JAVA_HOME=$(brew --prefix openjdk@17) mvn test",
    "GOROOT=$(go env GOROOT) go test ./...",
    "MAVEN_HOME=$(brew --prefix maven) mvn test",
    'JAVA_HOME="/c/Program Files/Java/jdk-17" mvn test',
    'JAVA_HOME="/mnt/c/Program Files/Eclipse Adoptium/jdk-17" mvn test',
    'JAVA_HOME="/cygdrive/c/Program Files/Java/jdk-17" mvn test',
    'JAVA_HOME="/c/Program Files (x86)/Java/jdk1.8" mvn test',
    'export JAVA_HOME="/mnt/c/Program Files/Java/jdk-17" && mvn test',
]


@pytest.mark.parametrize("command", LOCATED)
def test_a_located_toolchain_stays_ordinary(command: str) -> None:
    stays_auto_where(
        command, places=("sandbox",)
    )  # (on the laptop a path outside the project asks: R5's scope)


NEVER = [
    # the locator runs or prints something else, or is not the whole value
    "JAVA_HOME=$(/usr/libexec/java_home --exec ./x) mvn test",
    "JAVA_HOME=$(/usr/libexec/java_home -X) mvn test",
    "JAVA_HOME=$(/usr/libexec/java_home -v 17)/../../tmp/x mvn test",
    "JAVA_HOME=$(/usr/libexec/java_home -v 17; echo ./x) mvn test",
    "JAVA_HOME=$(/usr/libexec/java_home -v 17 && echo ./x) mvn test",
    "JAVA_HOME=$(./java_home -v 17) mvn test",
    "JAVA_HOME=$(/tmp/usr/libexec/java_home) mvn test",
    "JAVA_HOME=$(jenv prefix --help) mvn test",
    "JAVA_HOME=$(sdk home java $V) mvn test",
    "JAVA_HOME=$(asdf where java $(cat v)) mvn test",
    "JAVA_HOME=$(mise where -C /tmp java) mvn test",
    "JAVA_HOME=$(brew --prefix ./x) mvn test",
    "JAVA_HOME=$(echo /usr/libexec/java_home) mvn test",
    "JAVA_HOME=$(pwd)/jdk mvn test",
    # one name given twice: the second value is what runs
    "JAVA_HOME=$(/usr/libexec/java_home) JAVA_HOME=$(echo ./x) mvn test",
    "JAVA_HOME=$(jenv prefix) JAVA_HOME=./x mvn test",
    # another variable beside it still read
    "JAVA_HOME=$(/usr/libexec/java_home) PATH=./x mvn test",
    "JAVA_HOME=$(/usr/libexec/java_home) M2_HOME=./m mvn test",
    # Git Bash and WSL forms that are not a program folder
    'JAVA_HOME="/c/Users/dev/jdk" mvn test',
    'JAVA_HOME="/mnt/c/Program Files/../Users/x" mvn test',
    "JAVA_HOME=/mnt/c/tmp/x mvn test",
    "JAVA_HOME=/c/x mvn test",
]


@pytest.mark.parametrize("command", NEVER)
def test_a_tool_home_no_locator_names_is_never_auto_approved(command: str) -> None:
    never_auto_where(command, places=("sandbox", "agent"))
