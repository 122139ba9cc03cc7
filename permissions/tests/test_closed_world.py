"""R4.9 closed world: the reader understands a documented list of constructs (permissions/constructs.py)
and reads each as bash does; anything else is unparseable, and deny still sees every command it could read.

Expected readings were checked against GNU bash 5.2 (`declare -f` of each command as a function body).
"""

from __future__ import annotations

import pytest

from permissions.constructs import CONSTRUCTS, READ
from permissions.shell import parse_command
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, term

FLOOR = CONTAINER_RUNNING  # container floor: base auto_approve (§5 step 2)
DENY_CURL = ("Terminal(curl)",)


def floor(cmd, **kw):
    v = term(cmd, project=FLOOR, **kw)
    return v.decision, v.reason


def words(cmd):
    return [s.words for s in parse_command(cmd).segments]


# -- the table ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("construct", CONSTRUCTS, ids=[c.name for c in CONSTRUCTS])
def test_every_construct_in_the_table_reads_as_the_table_says(construct):
    parsed = parse_command(construct.example)
    assert parsed.unparseable == (construct.verdict != READ), parsed.problem


# -- arithmetic (R4.7) ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cmd",
    [
        "((x<<2))\nrm -rf /",
        "echo $((1<<2))\nrm -rf /",
        "(( y = x<<2 ))\nrm -rf /",
        "echo $(( 1 <<2 ))\nrm -rf /",
    ],
)
def test_a_shift_in_arithmetic_is_not_a_heredoc(cmd):
    # The line after the arithmetic runs: the root deletion is the floor's deny.
    assert floor(cmd) == ("deny", "builtin_deny")


def test_arithmetic_operators_are_not_separators_or_redirections():
    assert words("(( a && b || c > d ))") == []
    assert words("echo $(( a > b ? 1 : 2 ))") == [("echo", "$((…))")]
    assert parse_command("for ((i=0;i<3;i++)); do echo $i; done").unparseable is False


@pytest.mark.parametrize(
    "cmd",
    ["echo $(( a[$(curl x)] ))", "(( a[`curl x`] ))", "echo $(( 1 + $(curl x) ))", "(( $(curl x) ))"],
)
def test_commands_inside_arithmetic_are_segments(cmd):
    assert floor(cmd, deny=DENY_CURL) == ("deny", "deny_rule")


@pytest.mark.parametrize(
    "cmd",
    ["echo $((a[$x]))", "(( a[$i] + 1 ))", "let 'a[$(id)]=1'", "unset 'a[$(id)]'", "printf -v 'a[`id`]' x"],
)
def test_a_subscript_that_is_evaluated_again_is_unparseable(cmd):
    # bash expands the subscript again when it evaluates it: `x='$(curl evil)'` runs curl.
    assert floor(cmd) == ("require_approval", "unparseable")


def test_a_double_paren_closed_by_one_paren_is_a_subshell():
    # `((curl x) )` is a subshell in bash, not arithmetic: its words are commands.
    assert floor("((curl x) )", deny=DENY_CURL) == ("deny", "deny_rule")
    assert floor("echo $((curl x) )", deny=DENY_CURL) == ("deny", "deny_rule")


def test_plain_arithmetic_stays_readable():
    assert term("echo $((1 << 2))", allow=("Terminal(echo)",), project=FLOOR).decision == "auto_approve"


# -- reserved words before a compound command (R4.9) ---------------------------------------------------------
@pytest.mark.parametrize(
    "cmd",
    [
        "time { rm -rf /; }",
        "time -p { rm -rf /; }",
        "time -p ( rm -rf / )",
        "coproc { rm -rf /; }",
        "coproc N { rm -rf /; }",
        "coproc rm -rf /",
        "! { rm -rf /; }",
        "! time { rm -rf /; }",
        "function f { rm -rf /; }",
        "function f() { rm -rf /; }",
        "f() { rm -rf /; }",
        "if time { rm -rf /; }; then :; fi",
    ],
)
def test_reserved_words_do_not_hide_the_group(cmd):
    assert floor(cmd) == ("deny", "builtin_deny")


def test_a_function_body_is_read_like_any_command():
    assert floor("f() { curl x; }", deny=DENY_CURL) == ("deny", "deny_rule")
    # An uncovered body is never auto-approved outside the floor.
    assert term("f() { curl x; }", allow=("Terminal(ls)",)).decision == "require_approval"
    assert words("f () { ls; }") == [("ls",)]


@pytest.mark.parametrize(
    "cmd",
    [
        "f() { ls; }; f",
        "function f { ls; }; f x y",
        "f() ( ls ); X=1 f",
        "f; f() { ls; }",  # defined after: in a loop the call may follow the definition
        "alias ls=rm; ls -rf /tmp/x",
        "alias g='curl evil'; g",
    ],
)
def test_a_call_to_a_function_or_alias_defined_in_the_command_is_opaque(cmd):
    parsed = parse_command(cmd)
    assert any(s.opaque and "defined in this command" in s.opaque for s in parsed.segments), parsed
    # A prefix allow does not cover the call (only an allow written for exactly its words would).
    v = term(cmd, allow=("Terminal(ls)", "Terminal(f x)", "Terminal(g x)", "Terminal(alias)"), project=FLOOR)
    assert v.decision in ("require_approval", "deny")


def test_an_alias_value_is_code():
    assert floor("alias g='curl evil'; g", deny=DENY_CURL) == ("deny", "deny_rule")


# -- nested backticks (R4.7) ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cmd",
    [
        "echo `echo \\`curl x\\``",
        'echo "`echo \\`curl x\\``"',
        "echo `a \\`b \\\\\\`curl x\\\\\\`\\``",
        "ls `echo \\`echo \\$(curl x)\\``",
    ],
)
def test_nested_backticks_are_opened(cmd):
    assert floor(cmd, deny=DENY_CURL) == ("deny", "deny_rule")


def test_the_inner_command_has_bash_words():
    assert ("curl", "x") in words("echo `echo \\`curl x\\``")


# -- the command word is not literal (R4.9) ------------------------------------------------------------------
@pytest.mark.parametrize(
    "cmd",
    [
        "/???/rm -rf /tmp/x",
        "/bin/r? -rf /tmp/x",
        "/bin/[r]m -rf /tmp/x",
        "/usr/bin/c*l evil",
        "r* x",
        "cat${IFS}/etc/passwd",
        "${X:-rm} -rf /tmp/x",
        "x=curl; $x evil",
        "$? x",
        "$$ x",
        "~/bin/tool x",
        "A=1 /???/rm x",
        "ls && /???/rm x",
        "echo $(/???/rm x)",
    ],
)
def test_a_command_word_that_is_not_literal_is_never_auto_approved(cmd):
    assert any(s.opaque for s in parse_command(cmd).segments)
    v = term(cmd, allow=("Terminal(ls)", "Terminal(echo)"), project=FLOOR, autonomy=AUTO_MODE)
    assert v.decision == "require_approval"


@pytest.mark.parametrize("cmd", ["'*' x", '"/bin/r?" x', "\\* x", "'/???/rm' x", "[ -f x ]", "echo '*'"])
def test_a_quoted_glob_is_literal(cmd):
    assert not any(s.opaque for s in parse_command(cmd).segments)


# -- over-strict readings: data is not code (R4.9) -----------------------------------------------------------
@pytest.mark.parametrize(
    "cmd",
    [
        "cat <<'EOF'\n$(rm -rf /) `id`\nEOF",
        'cat <<"EOF"\n$(curl x)\nEOF',
        "cat <<\\EOF\n$(curl x)\nEOF",
        "cat <<E'O'F\n$(curl x)\nEOF",
        "cat <<-'EOF'\n\t$(curl x)\n\tEOF",
    ],
)
def test_a_quoted_heredoc_is_data(cmd):
    parsed = parse_command(cmd)
    assert not parsed.unparseable and [s.words for s in parsed.segments] == [("cat",)]
    assert term(cmd, allow=("Terminal(cat)",), project=FLOOR).decision == "auto_approve"


def test_an_unquoted_heredoc_running_code_stays_unparseable():
    assert parse_command("cat <<EOF\n$(curl x)\nEOF").unparseable
    assert parse_command("cat <<EOF\n${!x}\nEOF").unparseable
    assert not parse_command("cat <<EOF\nhome is ${HOME}\nEOF").unparseable


@pytest.mark.parametrize("cmd", ["echo $?", "echo $# $$ $!", "echo $-", "echo done-$?", "kill $!"])
def test_special_parameters_are_not_locations(cmd):
    seg = parse_command(cmd).segments[0]
    assert not seg.dynamic
    v = term(cmd, allow=("Terminal(echo)", "Terminal(kill)"), project=HOST, cwd="/srv/ws/app-1a2b3c4d")
    assert v.decision == "auto_approve", v


@pytest.mark.parametrize("cmd", ["echo $0", "echo $1", "echo $@", "cat $?/../../etc/passwd"])
def test_other_parameters_stay_locations(cmd):
    assert parse_command(cmd).segments[0].dynamic


# -- R4.9: constructs outside the table are unparseable, and deny still sees what was read ---------------------
@pytest.mark.parametrize(
    "cmd",
    [
        "[[ a < b ]] && ls",
        "[[ $x -eq 1 ]]",
        "ls @(a|b)",
        "ls !(x)",
        "a=(1 2 3); ls",
        "echo ${!x}",
        "echo ${x@P}",
        "echo $[1+2]",
        "exec {fd}>x",
        "select x in a b; do ls; done",
        "case x in a) ls;; esac",
        'echo $"hi"',
        "echo (x)",
    ],
)
def test_r4_9_constructs_outside_the_closed_world_are_unparseable(cmd):
    assert floor(cmd, allow=("Terminal(ls)", "Terminal(echo)", "Terminal(exec)")) == (
        "require_approval",
        "unparseable",
    )


@pytest.mark.parametrize(
    "cmd",
    [
        'echo ${x:-"}"}; curl evil',
        "echo ${x:-'}'} && curl evil",
        "echo ${x:-$(curl evil)}",
        "[[ -f x ]] && curl y",
    ],
)
def test_r4_9_deny_still_sees_the_commands_after_a_refused_construct(cmd):
    assert floor(cmd, deny=DENY_CURL) == ("deny", "deny_rule")


@pytest.mark.parametrize(
    "cmd",
    [
        'echo "rm -rf /"',
        "git status && git diff --stat",
        "ls -la | grep foo > /tmp/out.txt 2>&1",
        "for f in *.py; do wc -l $f; done",
        "if [ -f x ]; then cat x; fi",
        "cd src && make -j4",
        "echo $((1 + 2))",
        "cat <<'EOF' > notes.md\n# Title\n$(not run)\nEOF",
    ],
)
def test_r4_9_ordinary_commands_still_read_cleanly(cmd):
    parsed = parse_command(cmd)
    assert not parsed.unparseable, parsed.problem
    assert not any(s.opaque for s in parsed.segments)


def test_for_without_a_list_runs_its_body_on_the_header_line():
    # `for NAME do cmd; done`: found by the bash oracle; the body's first command was dropped with the header.
    assert floor("for i do rm -rf /; done") == ("deny", "builtin_deny")
    assert any(s.opaque for s in parse_command("for i do $x; done").segments)


@pytest.mark.parametrize("cmd", ["echo $(( '$(curl x)' + 1 ))", "(( '`curl x`' ))", "(( x = '$(curl x)' ))"])
def test_single_quotes_do_not_quote_in_arithmetic(cmd):
    # Found by the bash oracle: bash runs the substitution inside '...' in arithmetic (checked: it does).
    assert floor(cmd, deny=DENY_CURL) == ("deny", "deny_rule")


@pytest.mark.parametrize("cmd", ["x='a[$(curl x)]'; echo $((x))", "x='a[`curl x`]' y=1; (( x ))"])
def test_a_variable_holding_a_subscript_command_is_unparseable(cmd):
    # Arithmetic evaluates the variable's value, subscript and all: bash runs `curl x` (checked).
    assert floor(cmd, allow=("Terminal(echo)",)) == ("require_approval", "unparseable")
