"""permissions.segments._read_simple, _read_one's path for a segment led by one of _SIMPLE_FIRST with no
redirection, answers what _read_one's full walk does (a differential property test: the walk is taken with
_SIMPLE_FIRST emptied). A guard of a speed change: nothing here failed before it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from permissions import segments
from permissions.decide import Permissions, compiled
from permissions.shell import parse_command

_FIRSTS = sorted(segments._SIMPLE_FIRST)
# the vocabulary's programs among them first (the rule sets below name them), then any
_NAMED = ["wc", "grep", "rg", "uniq", "go", "tree", "jq", "sort", "curl", "date", "ls", "cat", "head", "echo"]
_WORDS = [
    "get",
    "pods",
    "-la",
    "--watch",
    "status",
    "src/app.ts",
    "../x",
    "/etc/passwd",
    "-n",
    "5",
    "x=1",
    "'a b'",
    '"$HOME"',
    "$(date)",
    "`id`",
    "*.py",
    "~/x",
    "--",
    "-c",
    "'rm -rf /'",
    "$X",
    "{a,b}",
    "run",
]
_RULES = [
    Permissions((), (), ()),
    Permissions(
        ("Terminal(ls -la)", "Terminal(wc)", "Terminal(grep -n)", "Terminal(go)", "Terminal(date)"),
        ("Terminal(cat /etc/passwd)", "Terminal(curl)", "Terminal(head -c)"),
        ("Terminal(go run)", "Terminal(sort --watch)", "Terminal(rg)", "Terminal(echo $(date))"),
    ),
    Permissions(("Terminal(*)",), (), ()),
    Permissions(
        ("Terminal(jq)", "Terminal(cat)", "Terminal(echo)"), ("Terminal(uniq)",), ("Terminal(tree)",)
    ),
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first=st.one_of(st.sampled_from(_NAMED), st.sampled_from(_FIRSTS)),
    rest=st.lists(st.sampled_from(_WORDS), max_size=5),
    rules=st.sampled_from(range(len(_RULES))),
    doomed=st.booleans(),
)
def test_the_fast_path_reads_as_the_walk(first: str, rest: list[str], rules: int, doomed: bool) -> None:
    comp = compiled(_RULES[rules])
    for seg in parse_command(" ".join([first, *rest])).segments:
        if not seg.words or seg.words[0] not in segments._SIMPLE_FIRST or seg.redirects:
            continue
        fast = segments._read_one(seg, comp, doomed)
        simple = segments._SIMPLE_FIRST
        segments._SIMPLE_FIRST = frozenset()  # type: ignore[misc]
        try:
            walked = segments._read_one(seg, comp, doomed)
        finally:
            segments._SIMPLE_FIRST = simple  # type: ignore[misc]
        assert fast == walked, seg


def test_the_fast_path_is_taken_for_the_commonest_first_words() -> None:
    # (guards the set's definition: a common program dropping out of it is a speed loss, not a verdict change)
    assert {
        "wc",
        "grep",
        "rg",
        "go",
        "date",
        "ls",
        "cat",
        "head",
        "jq",
        "sort",
        "curl",
    } <= segments._SIMPLE_FIRST
    assert not segments._SIMPLE_FIRST & {
        "cd",
        "rm",
        "git",
        "find",
        "xargs",
        "sudo",
        "env",
        "python",
        "bash",
        "",
    }
