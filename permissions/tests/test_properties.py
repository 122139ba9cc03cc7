"""Properties of decide() over arbitrary input (hypothesis): §5 invariants, R4.4, R4.6, R4.7."""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from permissions.action_types import ACTION_TYPES
from permissions.always import quote_word
from permissions.decide import AutonomyRow, DecisionRequest, Permissions, ProjectState, decide
from permissions.grammar import PatternError, parse_pattern
from permissions.shell import parse_command

from .helpers import term

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SHELLISH = st.text(
    alphabet=st.sampled_from(list("abcdefrmls -/.$(){}`'\"\\|&;<>*~=#\n\t0123456789")), max_size=80
)
ANY_TEXT = st.one_of(st.text(max_size=120), SHELLISH)
WORD = st.text(alphabet=st.sampled_from(list("abcdefgxyz-._/")), min_size=1, max_size=8)
SIMPLE_CMD = st.lists(WORD, min_size=1, max_size=4).map(" ".join)

PROJECTS = st.builds(
    ProjectState,
    execution_mode=st.sampled_from(["container", "mounted", "runner", "local"]),
    container_running=st.booleans(),
    root=st.sampled_from(["/srv/ws/app-1", "/home/me/code/app", "", "/"]),
)
MODES = st.sampled_from(["auto_approve", "require_approval", "deny"])
AUTONOMY = st.lists(
    st.builds(AutonomyRow, action_type=st.sampled_from(["*", "terminal", "git_push"]), mode=MODES), max_size=3
).map(tuple)
ALLOW = st.lists(SIMPLE_CMD.map(lambda c: f"Terminal({c})"), max_size=5).map(tuple)
ROLES = st.sampled_from(["developer", "maintainer", "owner", None])


@SETTINGS
@given(
    command=ANY_TEXT,
    cwd=st.one_of(st.none(), ANY_TEXT),
    project=PROJECTS,
    autonomy=AUTONOMY,
    allow=ALLOW,
    role=ROLES,
    action_type=st.sampled_from(sorted(ACTION_TYPES) + ["bogus"]),
    branch=st.one_of(st.none(), WORD),
)
def test_never_raises_and_always_answers_the_enum(
    command, cwd, project, autonomy, allow, role, action_type, branch
):
    # §5: decide() answers every input with one of the three decisions and a reason from the enum
    v = decide(
        DecisionRequest(
            action_type,
            role,
            project,
            command=command,
            cwd=cwd,
            target_branch=branch,
            permissions=Permissions(allow=allow),
            autonomy=autonomy,
        )
    )
    assert v.decision in ("auto_approve", "require_approval", "deny")
    from permissions.decide import REASON_CODES

    assert v.reason in REASON_CODES
    assert v.message and v.message != "not recorded"


@SETTINGS
@given(command=ANY_TEXT)
def test_scanner_never_raises(command):
    parse_command(command)


@SETTINGS
@given(
    prefix=st.lists(SIMPLE_CMD, max_size=3),
    suffix=st.lists(SIMPLE_CMD, max_size=3),
    sep=st.sampled_from([" && ", " || ", "; ", " | ", " & ", "\n"]),
    project=PROJECTS,
    autonomy=AUTONOMY,
    allow=ALLOW,
)
def test_r4_4_a_denied_segment_always_denies(prefix, suffix, sep, project, autonomy, allow):
    # R4.4 / R4.6: any segment denied -> the whole command is deny
    command = sep.join([*prefix, "curl http://x", *suffix])
    assert (
        term(
            command,
            allow=allow + ("Terminal(curl)",),
            deny=("Terminal(curl)",),
            project=project,
            autonomy=autonomy,
        ).decision
        == "deny"
    )
    floor = sep.join([*prefix, "rm -rf /", *suffix])
    assert term(floor, allow=allow, project=project, autonomy=autonomy).decision == "deny"


@SETTINGS
@given(command=SIMPLE_CMD, project=PROJECTS, autonomy=AUTONOMY, allow=ALLOW)
def test_r4_4_appending_an_uncovered_segment_never_auto_approves_outside_auto_mode(
    command, project, autonomy, allow
):
    # R4.4: `<x> && <uncovered>` is never auto-approved unless auto mode drops compound_uncovered
    v = term(f"{command} && zzuncovered --now", allow=allow, project=project, autonomy=autonomy)
    if not v.auto_mode:
        assert v.decision != "auto_approve"


@SETTINGS
@given(
    prefix=st.lists(SIMPLE_CMD, max_size=2),
    cap=st.sampled_from(
        [
            "git push origin main",
            "git -C /tmp push",
            "sudo ls",
            "gh pr create",
            "doas id",
            "kubectl apply -f x",
            "npm publish",
            "env git push",
            "git remote add o x",
        ]
    ),
    project=PROJECTS,
    autonomy=AUTONOMY,
)
def test_s5_6_a_cap_never_yields_auto_approve(prefix, cap, project, autonomy):
    # §5 step 6: whatever the origin, auto mode included
    command = " && ".join([*prefix, cap])
    allow = tuple(f"Terminal({c})" for c in [*prefix, cap])
    v = term(command, allow=allow, project=project, autonomy=autonomy)
    assert v.decision != "auto_approve"


@SETTINGS
@given(
    action_type=st.sampled_from(
        ["git_push", "pr_open", "instruction_patch", "parallelize", "raise_max_parallel", "container_remove"]
    ),
    autonomy=AUTONOMY,
)
def test_s5_6_typed_caps_never_yield_auto_approve(action_type, autonomy):
    label = ACTION_TYPES[action_type].label
    v = decide(
        DecisionRequest(
            action_type,
            "owner",
            ProjectState(),
            permissions=Permissions(allow=(f"{label}()",)),
            autonomy=autonomy + (AutonomyRow("*", "auto_approve"),),
        )
    )
    assert v.decision != "auto_approve"


@SETTINGS
@given(command=ANY_TEXT, project=PROJECTS, autonomy=AUTONOMY, allow=ALLOW)
def test_s5_a_deny_is_never_changed_by_a_later_step(command, project, autonomy, allow):
    # §5: deny returns at once from any step -- a deny pattern for the command's own first segment
    parsed = parse_command(command)
    if not parsed.segments or not parsed.segments[0].words:
        return
    first = parsed.segments[0].words[0]
    pattern = f"Terminal({quote_word(first)})"
    try:
        spec = parse_pattern(pattern).words
    except PatternError:
        assume(False)
    assume(spec == ((first, False),))
    v = term(
        command,
        allow=allow + (pattern,),
        deny=(pattern,),
        project=project,
        autonomy=autonomy + (AutonomyRow("*", "auto_approve"),),
    )
    assert v.decision == "deny"


@SETTINGS
@given(command=ANY_TEXT, project=PROJECTS, autonomy=AUTONOMY, allow=ALLOW)
def test_decisions_are_deterministic(command, project, autonomy, allow):
    a = term(command, allow=allow, project=project, autonomy=autonomy)
    b = term(command, allow=tuple(allow), project=project, autonomy=tuple(autonomy))
    assert a == b


@SETTINGS
@given(command=ANY_TEXT, project=PROJECTS, autonomy=AUTONOMY, allow=ALLOW)
def test_r4_7_unparseable_is_never_auto_approved(command, project, autonomy, allow):
    if parse_command(command).unparseable:
        assert term(command, allow=allow, project=project, autonomy=autonomy).decision != "auto_approve"


FAST_ALPHABET = st.text(
    alphabet=st.sampled_from(list("abcxyz-._/ &|;<>~$0129\n=*?[]{}\x0b\x0c\xa0")), max_size=60
)


@settings(max_examples=1000, deadline=None)
@given(command=FAST_ALPHABET)
def test_r4_4_fast_path_agrees_with_the_full_scanner(command):
    # R4.4: the shortcut for plain commands and separators must split exactly like the state machine
    from permissions.fast_path import _fast
    from permissions.scanner import _scan

    fast = _fast(command)
    if fast is not None:
        assert fast == _scan(command, 0, True)


FAST_WORDS = st.lists(
    st.sampled_from(
        [
            "ls",
            "env",
            "xargs",
            "sh",
            "bash",
            "-c",
            "eval",
            "FOO=1",
            "/bin/ls",
            "nice",
            "-n",
            "5",
            "timeout",
            "if",
            "then",
            "fi",
            "for",
            "x",
            "in",
            "do",
            "done",
            "{",
            "}",
            "sudo",
            "git",
            "-C",
            "push",
            "2>/dev/null",
            ">",
            "out",
            "&&",
            "||",
            "|",
            ";",
            "&",
            "$HOME",
            "~/x",
            "a$",
            "<",
            "in.txt",
            ">>log",
            "2>",
            "!",
            "\n",
            "x=1",
            "a*",
            "[[",
            "alias",
            "{ x",
            "x }",
            "}x",
            "${x}",
        ]
    ),
    max_size=14,
).map(" ".join)


@settings(max_examples=1000, deadline=None)
@given(command=FAST_WORDS)
def test_r4_7_fast_path_agrees_with_the_scanner_on_wrappers_keywords_and_scripts(command):
    from permissions.fast_path import _fast
    from permissions.scanner import _scan

    fast = _fast(command)
    if fast is not None:
        assert fast == _scan(command, 0, True)


ASSIGNED_WORDS = st.tuples(
    st.lists(
        st.sampled_from(
            ["x=1", "a+=1", "x=", "=x", "1=2", "--x=/bin/sh", "x=/bin/sh", "PAGER=sh", "GIT_PAGER=curl x"]
            + ["PATH=.", "LD_PRELOAD=x", "BASH_ENV=x", "npm_config_x=1", "LESSOPEN=|x", "GOFLAGS=-toolexec=x"]
            + ["CARGO_TARGET_X_RUNNER=sh"]
        ),
        min_size=1,
        max_size=3,
    ),
    st.lists(
        st.sampled_from(
            [
                "a1",
                "ls",
                "sh",
                "bash",
                "-c",
                "-s",
                "curl x",
                "env",
                "nice",
                "sudo",
                "doas",
                "su",
                "ssh",
                "host",
            ]
            + ["source", ".", "at", "find", "-exec", ";", "git", "-C", "/bin/sh", "./x", "eval", "export"]
            + ["xargs", "-I{}", "timeout", "5", "npm", "exec", "--", "/dev/stdin", "PAGER=sh", "x=1"]
        ),
        max_size=4,
    ),
).map(lambda t: tuple(t[0] + t[1]))


@settings(max_examples=1000, deadline=None)
@given(words=ASSIGNED_WORDS)
def test_r4_7_the_assignment_shortcut_agrees_with_peeling(words):
    # `x=1 cmd` is answered without peeling when `cmd` is a plain verb: it must agree with the full reading
    from permissions.commands import _NOTHING, _carried_scripts, _may_carry, feeds_a_script, views
    from permissions.commands.runners import runs_its_input

    if not _may_carry(words):
        assert _carried_scripts(words) == _NOTHING
    assert feeds_a_script(words) == any(runs_its_input(v) for v in views(words))


PLAIN_BODY = st.lists(
    st.tuples(
        st.sampled_from(["", "echo ", "x", "$?", "a=", ";", " | ", "{", "time ", "f", "cat <<E "]),
        st.sampled_from(
            [("$(", ")"), ("`", "`"), ("(", ")"), ('"$(', ')"'), ('"`', '`"'), ("$((", "))"), ("((", "))")]
        ),
        st.sampled_from(["", " ", "\t"]),
        st.lists(
            st.sampled_from(
                ["a1", "b", "ls", "x=1", "sh -c", "env", "$?", "*", "if", "{", "alias", "eval", ""]
            ),
            min_size=1,
            max_size=3,
        ).map(" ".join),
        st.sampled_from(["", " ", "  "]),
        st.sampled_from(["", " ", ";", "x", " && ", "\n", "$?", "\nE\n"]),
    ).map(lambda t: t[0] + t[1][0] + t[2] + t[3] + t[4] + t[1][1] + t[5]),
    min_size=1,
    max_size=6,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(command=PLAIN_BODY)
def test_r4_7_a_plain_body_reads_as_its_frame_would(command):
    # `$(ls)`, `ls` in backticks and `(ls)` skip the frame when the body is one plain command: same answer
    from permissions.scanner import _scan, _Scanner

    shortcut = _Scanner.plain_body
    for depth, scripts in ((0, True), (0, False), (2, True)):
        taken = _scan(command, depth, scripts)
        try:
            _Scanner.plain_body = lambda self, start, closer: -1  # type: ignore[method-assign]
            framed = _scan(command, depth, scripts)
        finally:
            _Scanner.plain_body = shortcut  # type: ignore[method-assign]
        assert taken == framed


NEWLINE_AND_GROUPS = st.tuples(
    st.sampled_from(["{ ", "\n", "ls\n", "{ ls; }; ", "} ", ""]),
    st.lists(
        st.sampled_from(
            ["{ ", " }", "{", "}", "\n", " ", ";", " | ", "|", " && ", "ls", "a1", "echo a", "printf x"]
            + [
                "python3",
                "$X",
                "~/x",
                "x=1",
                ">f",
                "sh",
                "cat",
                "a*",
                " " * 600,
                "a" * 600,
                "echo a | python3",
                "echo a |\n$X",
                "printf x | ~/x",
            ]
        ),
        max_size=10,
    ),
).map(lambda t: t[0] + "".join(t[1]))


@settings(max_examples=1000, deadline=None)
@given(command=NEWLINE_AND_GROUPS)
def test_r4_4_fast_path_agrees_with_the_scanner_on_lines_and_groups(command):
    # Lines and `{ ...; }` groups, and every other shape: the fast path answers exactly as the scanner,
    # text of long pieces and `echo x | cmd` (the scanner feeds x to cmd) included (R4.9: _KNOWN_GAPS)
    from permissions.fast_path import _fast
    from permissions.scanner import _scan

    fast = _fast(command)
    if fast is not None:
        assert fast == _scan(command, 0, True)


WORD_SOUP = st.lists(
    st.sampled_from(
        [
            "ls",
            "env",
            "-C",
            "-S",
            "-u",
            "xargs",
            "-I",
            "sh",
            "-c",
            "eval",
            "A=1",
            "/bin/rm",
            "rm",
            "-rf",
            "/",
            "nice",
            "timeout",
            "sudo",
            "git",
            "push",
            "curl",
            "'a b'",
            '"$(ls)"',
            "(",
            ")",
            "`",
            "{",
            "}",
            "&&",
            "|",
            ";",
            ">",
            "2>&1",
            "<<",
            "EOF",
            "\n",
            "find",
            "-exec",
            "-delete",
            "cd",
            "..",
            "~",
            "$X",
            "${y@P}",
        ]
    ),
    max_size=20,
).map(" ".join)


@SETTINGS
@given(command=WORD_SOUP, project=PROJECTS, autonomy=AUTONOMY)
def test_decide_never_raises_on_shell_word_soup(command, project, autonomy):
    # the `env -C` crash was found this way: wrappers with missing option values
    v = term(command, allow=("Terminal(ls)",), deny=("Terminal(curl)",), project=project, autonomy=autonomy)
    assert v.decision in ("auto_approve", "require_approval", "deny")


BRACE_TEXT = st.tuples(
    st.text(alphabet=st.sampled_from(list("a,,}}}...{\\'")), max_size=30),
    st.one_of(st.just(0), st.integers(0, 30)),
    st.one_of(st.just(30), st.integers(0, 30)),
    st.sampled_from([1000, 0, 3, 8, 20]),
)


@settings(max_examples=2000, deadline=None)
@given(case=BRACE_TEXT)
def test_r4_8_flat_brace_lists_are_split_as_bash_gobbles_them(case):
    # R4.9: a brace list without nesting or escapes is split with str.find, not character by character:
    # the same spans, closing brace and budget charged as _gobble's own loop (forced by a pattern that
    # matches everywhere).
    import re

    import permissions.expansions as ex

    text, a, b, budget = case
    lo, hi = sorted((min(a, len(text)), min(b, len(text))))

    def outcome() -> tuple:
        found = []
        for run in (
            lambda st: ex._comma_spans(text, lo, hi, st),
            lambda st: ex._gobble(text, lo, hi, "}", lo, st),
        ):
            st_ = ex.BraceState(budget)
            got: object
            try:
                got = run(st_)
            except ex.TooBig:
                got = "too big"
            found.append((got, st_.left, st_.problem))
        return tuple(found)

    shortcut = outcome()
    saved = ex._GOBBLE_STOPS, ex._OPENS_OR_ESCAPES
    try:
        ex._GOBBLE_STOPS = ex._OPENS_OR_ESCAPES = re.compile("")
        assert outcome() == shortcut
    finally:
        ex._GOBBLE_STOPS, ex._OPENS_OR_ESCAPES = saved
