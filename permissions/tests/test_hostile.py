"""R4.7, R6.3: long or hostile input completes and stays correct (timings live in bench/, not here)."""

import pytest

from permissions.decide import MAX_SEGMENTS
from permissions.shell import TOO_COMPLEX, parse_command

from .helpers import AUTO_MODE, CONTAINER_RUNNING, term


def test_r4_7_100kb_of_open_parentheses():
    v = term("(" * 100_000, project=CONTAINER_RUNNING, autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "unparseable")


def test_r4_7_10000_segments_are_all_deny_checked():
    cmd = " && ".join(["ls"] * 10_000) + " && rm -rf /"
    v = term(cmd, allow=("Terminal(ls)",), autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("deny", "builtin_deny")
    assert len(v.segments) == 10_001


def test_r4_7_10000_allowed_segments_are_never_auto_approved():
    cmd = "; ".join(["ls"] * 10_000)
    v = term(cmd, allow=("Terminal(ls)",), project=CONTAINER_RUNNING)
    assert v.decision == "require_approval" and len(v.segments) > MAX_SEGMENTS


def test_r4_7_deeply_nested_substitution():
    depth = 20_000
    cmd = "echo " + "$(echo " * depth + "x" + ")" * depth
    v = term(cmd, allow=("Terminal(echo)",), project=CONTAINER_RUNNING, autonomy=AUTO_MODE)
    assert v.decision == "require_approval"
    assert parse_command(cmd).unparseable


def test_r4_7_deeply_nested_denied_command_is_still_denied():
    depth = 5_000
    cmd = "echo " + "$(" * depth + "rm -rf /" + ")" * depth
    assert term(cmd).decision == "deny"


def test_r6_3_many_slashes_and_dotdots():
    assert term("cat " + "/" * 9_000 + "etc/passwd", allow=("Terminal(cat)",)).reason == "cap_path_scope"
    assert (
        term("cat " + "/" * 100_000 + "etc/passwd", allow=("Terminal(cat)",)).decision == "require_approval"
    )
    assert term("cat " + "../" * 3_000 + "x", allow=("Terminal(cat)",)).reason == "cap_path_scope"


def test_unclosed_quotes_and_backslashes_at_scale():
    for cmd in ("'" * 100_001, '"' * 100_001, "\\" * 100_001, "`" * 100_001, "${" * 50_000, "<<" * 50_000):
        assert term(cmd, project=CONTAINER_RUNNING, autonomy=AUTO_MODE).decision != "auto_approve" or not (
            parse_command(cmd).unparseable
        )


def test_r4_7_past_the_nesting_limit_every_command_is_still_deny_checked():
    # R4.7: no limit past which deny checks stop
    deep = "(" * 500
    for tail in (
        "rm -rf /",
        "ls; rm -rf /",
        "if true; then rm -rf /; fi",
        "bash -c 'rm -rf /'",
        "echo `rm -rf /`",
    ):
        assert term(deep + tail, autonomy=AUTO_MODE).reason == "builtin_deny", tail
    assert term(deep + "curl x", deny=("Terminal(curl)",)).decision == "deny"


def test_r4_7_past_the_nesting_limit_commands_before_it_are_judged_too():
    cmd = "curl x && echo " + "$(" * 500 + "ls"
    assert term(cmd, deny=("Terminal(curl)",)).decision == "deny"


def test_r4_7_past_the_nesting_limit_repeated_segments_are_listed_once():
    v = term("(" * 300 + "ls;" * 1000, allow=("Terminal(ls)",))
    assert v.decision == "require_approval"
    assert sum(1 for s in v.segments if s.command.startswith("ls")) <= 2


# -- reading has a budget of steps; past it deny checks the whole text (R4.7) --------------------------------
_COMPLEX = ";".join(f"x{k}=$(a{k} 'q')" for k in range(6_000))  # distinct, each a frame and a quoted word


def test_a_command_past_the_read_budget_is_unparseable_and_never_auto_approved():
    parsed = parse_command(_COMPLEX)
    assert parsed.unparseable and parsed.problem == TOO_COMPLEX
    v = term(_COMPLEX, allow=("Terminal(a1)",), project=CONTAINER_RUNNING, autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "unparseable")
    assert "split it into smaller commands" in v.message


@pytest.mark.parametrize(
    "tail, deny, reason",
    [
        ("; rm -rf /", (), "builtin_deny"),
        ("; curl x", ("Terminal(curl)",), "deny_rule"),
        ("; c''u\\rl x", ("Terminal(curl)",), "deny_rule"),  # quotes and backslashes do not hide it
        ("; /usr/bin/curl x", ("Terminal(curl)",), "deny_rule"),
        ("; echo ${x:-curl}", ("Terminal(curl)",), "deny_rule"),  # named anywhere: over-matching is safe
        ("; git push --force", ("Terminal(git push --force)",), "deny_rule"),
        ("; cu\\\nrl x", ("Terminal(curl)",), "deny_rule"),  # a backslash-newline joins the word
        ("; $'\\x63url' x", ("Terminal(curl)",), "builtin_deny"),  # words the text does not spell ...
        ("; {c,}url x", ("Terminal(curl)",), "builtin_deny"),  # ... which a full reading would decode
        ("; {x,cu}rl y", ("Terminal(curl)",), "builtin_deny"),
        ("; echo {a,curl}", ("Terminal(curl)",), "deny_rule"),  # a list standing alone spells its words
    ],
)
def test_past_the_read_budget_deny_sees_every_program_the_text_names(tail, deny, reason):
    v = term(_COMPLEX + tail, deny=deny, project=CONTAINER_RUNNING, autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("deny", reason), v.message
    assert TOO_COMPLEX in v.message


def test_a_deny_rule_for_every_command_denies_any_command_too_complex_to_read():
    v = term(_COMPLEX, deny=("Terminal(*)",))
    assert v.decision == "deny"


def test_the_read_budget_is_shared_by_nested_scripts():
    # each `sh -c` script is a reader of its own; they draw on the command's one budget
    scripts = ";".join(f"sh -c 'a{k}; b{k} \"q\"'" for k in range(5_000))
    assert parse_command(scripts).problem == TOO_COMPLEX


@pytest.mark.parametrize(
    "command",
    [
        " && ".join(f"echo {k}" for k in range(3_000)) + " && rm -rf /",  # distinct plain commands
        "; ".join(["ls 'a b'"] * 600) + "; rm -rf /",  # read by the scanner
        "\n".join(f"cp src/{k}.py dst/" for k in range(1_500)) + "\nrm -rf /",
    ],
)
def test_ordinary_long_commands_are_read_in_full(command):
    # R4.7 as written: far below the read budget, every segment is read and judged
    parsed = parse_command(command)
    assert parsed.problem != TOO_COMPLEX
    v = term(command, allow=("Terminal(ls)", "Terminal(echo)", "Terminal(cp)"))
    assert (v.decision, v.reason) == ("deny", "builtin_deny")
    assert v.segments[-1].command == "rm -rf /"


def test_past_the_read_budget_the_verdict_is_what_reading_in_full_gives():
    # 10,000 quoted segments are past the budget; the decision and reason are those of a full reading
    many = "; ".join(["ls 'a b'"] * 10_000)
    assert parse_command(many).problem == TOO_COMPLEX
    assert term(many, allow=("Terminal(ls)",)).reason == "unparseable"
    assert (term(many + "; rm -rf /").decision, term(many + "; rm -rf /").reason) == ("deny", "builtin_deny")


def test_past_the_read_budget_an_ask_rule_still_speaks():
    # R4.8: ask matches more when unsure; the reason is the step that set the verdict (ask_rule), as a full
    # reading of the unread part would have made it
    v = term(_COMPLEX + "; npm publish", ask=("Terminal(npm publish)",), project=CONTAINER_RUNNING)
    assert (v.decision, v.reason) == ("require_approval", "ask_rule")
    v = term(_COMPLEX + "; npm publish", ask=("Terminal(npm publish)",), deny=("Terminal(rm)",))
    assert v.reason == "ask_rule"
    v = term(_COMPLEX + "; rm x; npm publish", ask=("Terminal(npm publish)",), deny=("Terminal(rm)",))
    assert (v.decision, v.reason) == ("deny", "deny_rule")  # deny before ask


# -- every kind of command draws on the read budget (R4.7: bounded time for any input) ------------------------
# Grammar alone (`fi`, `done`, `!`, a loop's header) is read and cut like a command; a piece repeated word for
# word is still found, listed and judged; a piece whose first word is looked through (a wrapper, an
# assignment) is read twice. Each drew nothing or too little from the budget, so `!;!;…` by the fifty thousand
# ran for a quarter of a second (bench/decide.py times these shapes). Now each stops at the budget: unparseable
# as TOO_COMPLEX, never auto-approved, and deny still sees the whole text.
_GRAMMAR_ALONE = (
    "fi",
    "do",
    "done",
    "then",
    "else",
    "elif",
    "esac",
    "!",
    "if",
    "for",
    "while",
    "until",
    "! fi",
)


@pytest.mark.parametrize("word", _GRAMMAR_ALONE)
@pytest.mark.parametrize("sep", [";", "\n", " && ", " | "])
def test_grammar_alone_by_the_thousand_draws_on_the_read_budget(word, sep):
    # (joined by newlines, `&&` or `|` each separator was already a turn of the reader's loop, charged; a
    # plain `;` is read inside the run of words, and that path charged only the segments it built)
    command = sep.join([word] * 20_000)
    assert parse_command(command).problem == TOO_COMPLEX, (word, sep)
    assert term(command, project=CONTAINER_RUNNING, autonomy=AUTO_MODE).decision == "require_approval"
    v = term(command + "\nrm -rf /", project=CONTAINER_RUNNING)
    assert (v.decision, v.reason) == ("deny", "builtin_deny")


@pytest.mark.parametrize(
    "command",
    [
        ";".join(f"for i in a{k}; do b{k}; done" for k in range(700)),
        ";".join(f"if a{k}; then b{k}; fi" for k in range(700)),
        ";".join(f"while a{k}; do b{k}; done" for k in range(700)),
        ";".join(f"until a{k}; do b{k}; done" for k in range(700)),
        ";".join(f"! a{k}" for k in range(1_500)),
        ";".join(f"time a{k}" for k in range(1_500)),
    ],
)
def test_the_grammar_around_commands_draws_on_the_read_budget(command):
    assert parse_command(command).problem == TOO_COMPLEX


@pytest.mark.parametrize("piece", [":", "ls", "true", "ls -la", "a=1"])
def test_a_piece_repeated_by_the_hundred_thousand_draws_on_the_read_budget(piece):
    command = ";".join([piece] * 100_000)
    assert parse_command(command).problem == TOO_COMPLEX
    v = term(command, allow=(f"Terminal({piece.split()[0]})",), project=CONTAINER_RUNNING)
    assert v.decision == "require_approval"
    assert term(command + "; rm -rf /").reason == "builtin_deny"


@pytest.mark.parametrize(
    "template",
    [
        *("xargs a{k}", "env a{k}", "sudo a{k}", "nohup a{k}", "command a{k}", "x{k}=1 a{k}", "env a{k} 'q'"),
        # read again by meaning through their option tables, or through the write table
        *(
            "chmod 755 a{k}",
            "chown u a{k}",
            "chgrp g a{k}",
            "pkill a{k}",
            "pip install a{k}",
            "az vm delete -n a{k}",
        ),
        *("mv a{k} b{k}", "cp -r a{k} b{k}", "dd if=a{k} of=b{k}", "cd a{k}", "pushd a{k}"),
    ],
)
def test_pieces_looked_through_draw_more_of_the_read_budget(template):
    # a thousand distinct wrapper calls cost what several thousand plain commands do; 2,500 chmod or mv calls
    # (each judged again by meaning when a pattern names the program) too
    n = 1_000 if template.split()[0] in ("xargs", "env", "sudo", "nohup", "command", "x{k}=1") else 2_500
    command = ";".join(template.format(k=k) for k in range(n))
    assert parse_command(command).problem == TOO_COMPLEX
    assert term(command, project=CONTAINER_RUNNING, autonomy=AUTO_MODE).decision == "require_approval"


def test_repeats_and_looked_through_pieces_of_an_ordinary_length_are_read_in_full():
    for command in (
        " && ".join(["ls"] * 10_000),  # repeats cost a quarter step
        ";".join(f"env A=1 a{k}" for k in range(300)),
        ";".join(f"for f in a{k}; do b{k}; done" for k in range(300)),
    ):
        assert parse_command(command).problem != TOO_COMPLEX


@pytest.mark.parametrize("tail", ["", " 'x'"])  # read by the fast path, and by the scanner (a quote anywhere)
def test_a_segment_of_twenty_thousand_words_draws_on_the_read_budget(tail):
    # each word of a segment is read by its program's option table and by the scope: one `git reset` of 20,000
    # options was one step of the budget and 75 ms of judging; now a step per four words past 1,024
    command = "git reset " + " ".join(f"--h{k % 7} -q{k}" for k in range(10_000)) + tail
    assert parse_command(command).problem == TOO_COMPLEX
    assert term(command, project=CONTAINER_RUNNING, autonomy=AUTO_MODE).decision != "auto_approve"
    assert term(command + "; rm -rf /", project=CONTAINER_RUNNING).reason == "builtin_deny"


def test_a_long_segment_of_an_ordinary_length_is_read_in_full():
    command = "git add " + " ".join(f"src/f{k}.py" for k in range(3_000))
    assert parse_command(command).problem is None
    assert parse_command(command + " 'x'").problem is None
