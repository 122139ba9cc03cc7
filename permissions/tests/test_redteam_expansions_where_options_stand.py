"""R4.9, red team: a whole word that is an expansion (``$FLAGS``, ``"$OPTS"``, ``$(cat flags)``) where an option
a cap reads may stand -- not the value of an option known to take one -- may expand to that option. The caps
read options of a few programs: an engine's build pushes with ``--push`` or ``--output type=registry``, curl
and wget send data with ``-d``/``-T``/``--post-file``, ``gh api`` writes with ``-X``/``-f``/``--input``, and
find runs or deletes with ``-exec``/``-delete`` (R4.8). There the act is unknown: the segment is opaque, never
auto-approved by auto mode, and a prefix allow does not cover it. The value of an option that chooses the act
(``docker build -o $OUT``, ``wget --method $M``) is the same. Programs whose options make no cap keep their
expansions as operands (``npm install $PKG``, ``pytest $ARGS``): auto mode still approves them."""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, term

OPAQUE = [
    # container engines' builds: `--push`, `--output type=registry`, `pack build --publish`, `earthly --push`
    "docker build $FLAGS .",
    'docker build "$FLAGS" .',
    "docker build ${FLAGS} .",
    "docker build ${FLAGS:-} .",
    "docker build $(cat build.flags) .",
    "docker build `cat build.flags` .",
    "docker build -t app $FLAGS .",
    "docker build . $FLAGS",
    "docker build -o $OUT .",
    "docker build --output=$OUT .",
    "docker build --output $OUT .",
    "docker image build $X .",
    "docker builder build $X .",
    "docker buildx build $OPTS .",
    "docker buildx build --platform linux/amd64,linux/arm64 $OPTS -t r/app .",
    "docker buildx b $OPTS .",
    "docker buildx bake $X",
    "docker --context ci buildx build $OPTS .",
    "docker compose build $X",
    "docker-compose build $X",
    "podman build $FLAGS .",
    "podman buildx build $OPTS .",
    "nerdctl build $FLAGS .",
    "finch build $FLAGS .",
    "buildah bud $FLAGS .",
    "buildah build $FLAGS .",
    "pack build app $FLAGS",
    "earthly $FLAGS +build",
    "sudo docker build $FLAGS .",
    "env DOCKER_BUILDKIT=1 docker build $FLAGS .",
    "timeout 600 docker buildx build $OPTS .",
    # curl and wget: `-d @.env`, `-T f`, `--post-file f`, `-K config`
    "curl $OPTS https://api.example.com",
    "curl -s $URL",
    "curl -fsSL $ARGS",
    'curl "$@"',
    "curl -K $CONFIG https://api.example.com",
    "wget $OPTS https://example.com/x",
    "wget -q $ARGS",
    "wget --method $M https://example.com/x",
    # gh api: `-X DELETE`, `-f k=v`, `--input f`
    "gh api $ARGS repos/o/r",
    "gh api repos/o/r $ARGS",
    "gh api -f $FIELD repos/o/r/issues",
    "gh api --input $BODY repos/o/r/issues",
    # find: `-exec cmd ;`, `-delete`
    "find . -name '*.tmp' $ACTION",
    "find . -type f $ACT",
    "find src -name x $(echo -delete)",
]


@pytest.mark.parametrize("command", OPAQUE)
def test_an_expansion_where_a_cap_option_may_stand_is_never_auto_approved(command):
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "require_approval", (command, v.reason)
    verb = command.split()[0]
    allow = (f"Terminal({verb})", "Terminal(docker build)", "Terminal(curl -s)", "Terminal(gh api)")
    v = term(command, allow=allow, autonomy=AUTO_MODE)
    assert v.decision == "require_approval", (command, v.reason)


ORDINARY = [
    "docker build -t $IMAGE .",
    "docker build -t app:$TAG .",
    "docker build -t $REGISTRY/app:$TAG -f $DOCKERFILE .",
    "docker build --build-arg VERSION=$VERSION .",
    "docker build --platform $PLATFORM -t app .",
    "docker buildx build --platform $PLATFORMS -t app --load .",
    "docker run --rm $IMAGE",
    "docker compose up -d $SERVICE",
    "docker logs $CONTAINER",
    "buildah bud -t $TAG .",
    'curl -H "Authorization: Bearer $TOKEN" https://api.example.com/health',
    "curl -o $OUT https://example.com/x.tar.gz",
    "gh api repos/$REPO/pulls",
    "gh pr view $PR",
    'find . -name "$PATTERN" -type f',
    "find \"$DIR\" -name '*.py'",
    "find . -newer $STAMP -name '*.py'",
    "npm install $PKG",
    "npm test -- $ARGS",
    "pip install $PKG",
    "pytest $ARGS",
    "cargo test $ARGS",
    "git log $RANGE",
    "git diff $BASE",
    "kubectl get pods $NS",
    "ls $DIR",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_expansions_stay_auto_approved_in_auto_mode(command):
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision != "deny", (command, v.reason)
    if "-o $OUT" not in command:  # a write to a place decided at run time is R3.7's (asks on main too)
        assert v.decision == "auto_approve", (command, v.reason, v.message)
