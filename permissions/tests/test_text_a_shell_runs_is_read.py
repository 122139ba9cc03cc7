"""Closed world (R4.7, R4.9): commands bash runs that arrive as text -- the substitutions in an unquoted
here-document body or a here-string (R4.7), and a here-string / here-document fed to a shell, which is that
shell's script (R4.7, like `bash -c`). Each case here was `require_approval`, not `deny`, before."""

from __future__ import annotations

import pytest

from permissions.shell import parse_command
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term

DENY_CURL = ("Terminal(curl)",)
ASK_CURL = ("Terminal(curl)",)
ALLOW_ALL = (
    "Terminal(cat)",
    "Terminal(sh)",
    "Terminal(bash)",
    "Terminal(ls)",
    "Terminal(source)",
    "Terminal(.)",
    "Terminal(ssh)",
    "Terminal(python3)",
    "Terminal(tee)",
)


def _runs_curl(command: str) -> bool:
    return any(s.words[:1] == ("curl",) for s in parse_command(command).segments)


# -- 1. substitutions in a here-document body or a here-string run ---------------------------------------------
BODY_SUBSTITUTIONS = [
    "cat <<EOF\n$(curl x)\nEOF",
    "cat <<EOF\n`curl x`\nEOF",
    "cat <<-EOF\n\tline $(curl x) more\n\tEOF",
    'cat <<EOF\n"quoted" text $(curl "x y") and \'single\'\nEOF',
    'cat <<EOF\n$(echo "$(curl x)")\nEOF',
    "cat <<EOF > out.txt\nhello\n`echo a; curl x`\nEOF",
    "cat <<A <<B\nplain\nA\n$(curl x)\nB",
    "cat <<'A' <<B\n$(not run)\nA\n$(curl x)\nB",
    "tee f <<EOF && ls\n$(true) $(curl x)\nEOF",
    "echo $(cat <<EOF\n$(curl x)\nEOF\n)",
    "cat <<EOF\n${x:-$(curl x)}\nEOF",
    'cat <<< "$(curl x)"',
    "cat <<< `curl x`",
    'cat <<< "a $(curl x) b"',
]


@pytest.mark.parametrize("command", BODY_SUBSTITUTIONS)
def test_substitutions_in_a_heredoc_body_or_here_string_are_segments(command):  # R4.9, R4.7
    assert _runs_curl(command)
    for kw in ({"autonomy": AUTO_MODE}, {"project": CONTAINER_RUNNING}, {}):
        v = term(command, allow=ALLOW_ALL, deny=DENY_CURL, **kw)
        assert v.decision == "deny" and v.reason == "deny_rule", (command, v)
    v = term(command, allow=ALLOW_ALL, ask=ASK_CURL, autonomy=AUTO_MODE)
    assert v.decision == "require_approval"


def test_an_unquoted_heredoc_running_code_is_still_never_auto_approved():  # R4.9
    command = "cat <<EOF\n$(date)\nEOF"
    v = term(command, allow=(*ALLOW_ALL, "Terminal(date)"), autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
    assert v.decision == "require_approval" and v.reason == "unparseable"


QUOTED_BODIES_ARE_DATA = [
    "cat <<'EOF'\n$(curl x)\nEOF",
    'cat <<"EOF"\n`curl x`\nEOF',
    "cat <<\\EOF\n$(curl x)\nEOF",
    "cat <<EOF\ncurl x\nEOF",  # text, not a command
    "cat <<EOF\n\\$(curl x)\nEOF",  # an escaped `$`: text
    "cat <<< 'curl x'",
    "cat <<< '$(curl x)'",
]


@pytest.mark.parametrize("command", QUOTED_BODIES_ARE_DATA)
def test_data_given_to_a_program_that_does_not_run_it_is_not_a_command(command):  # R4.9
    assert not _runs_curl(command)
    assert term(command, allow=ALLOW_ALL, deny=DENY_CURL, autonomy=AUTO_MODE).decision != "deny"


def test_a_heredoc_body_text_is_not_a_command_word():  # R4.9: only the substitutions are read
    parsed = parse_command('cat <<EOF\nrm -rf / $(date) "x\nEOF')
    assert [s.words for s in parsed.segments] == [("cat",), ("date",)]


# -- 2. a here-string or here-document fed to a shell is its script ---------------------------------------------
FED_TO_A_SHELL = [
    "sh <<< 'curl x'",
    'bash -s <<< "curl x"',
    "bash -s -- a b <<< 'ls; curl x'",
    "bash - <<< 'curl x'",
    "sh <<EOF\ncurl x\nEOF",
    "sh <<'EOF'\ncurl x\nEOF",
    "bash <<-'EOF'\n\tif true; then\n\t  curl x\n\tfi\n\tEOF",
    "source /dev/stdin <<EOF\ncurl x\nEOF",
    ". /dev/stdin <<< 'curl x'",
    "bash /dev/stdin <<< 'curl x'",
    "bash /dev/fd/0 <<< 'curl x'",
    "sudo sh <<< 'curl x'",
    "env -i bash <<< 'curl x'",
    "timeout 5 sh <<EOF\ncurl x\nEOF",
    "docker exec -i web sh <<< 'curl x'",
    "ssh host <<EOF\ncurl x\nEOF",
    "ssh host bash -s <<< 'curl x'",
    "su <<< 'curl x'",
    "at now <<< 'curl x'",
    "sh <<< 'ls && (curl x)'",
    "sh <<< \"sh -c 'curl x'\"",
    "sh <<< 'sh <<< \"curl x\"'",
    "sh <<A\nls\nA\necho ok",  # a plain body is judged too (see the next test)
    "$SHELL <<< 'curl x'",
    "sudo -s <<< 'curl x'",
    "sudo -u deploy -i <<EOF\ncurl x\nEOF",
    "doas -s <<< 'curl x'",
    "runuser -u app sh <<< 'curl x'",
    "sg docker <<< 'curl x'",
    "script -q /dev/null <<< 'curl x'",
    "bash --norc -x <<< 'curl x'",
    "zsh <<< 'curl x'",
    "fish <<< 'curl x'",
    "exec sh <<< 'curl x'",  # the command word may be a shell: read (deny matches more, R4.8)
    "ls && sh <<EOF\necho hi\ncurl x\nEOF",
]


PIPED_TO_A_SHELL = [
    "cat <<EOF | sh\ncurl x\nEOF",
    "cat <<'EOF' | bash -s\ncurl x\nEOF",
    "cat - <<< 'curl x' | sh",
    "cat <<< 'curl x' |& sudo sh",
    "echo 'curl x' | sh",
    "echo -n 'ls; curl x' | bash",
    "echo curl x | sh",
    "tee <<< 'curl x' | sh",
    "tee log.txt <<EOF | bash\ncurl x\nEOF",
]
FED_TO_A_SHELL += PIPED_TO_A_SHELL


@pytest.mark.parametrize("command", [c for c in FED_TO_A_SHELL if "curl" in c])
def test_a_script_fed_to_a_shell_on_its_input_is_judged(command):  # R4.9, R4.7
    assert _runs_curl(command)
    for kw in ({"autonomy": AUTO_MODE}, {"project": CONTAINER_RUNNING}, {}):
        v = term(command, allow=ALLOW_ALL, deny=DENY_CURL, **kw)
        assert v.decision == "deny" and v.reason == "deny_rule", (command, v)
    assert term(command, allow=ALLOW_ALL, ask=ASK_CURL, autonomy=AUTO_MODE).decision == "require_approval"


@pytest.mark.parametrize("command", [c for c in FED_TO_A_SHELL if not c.startswith("ssh")])
def test_a_shell_reading_its_input_is_never_auto_approved(command):  # R4.9 (as before)
    allow = (*ALLOW_ALL, "Terminal(curl)", "Terminal(echo)")
    for kw in ({"autonomy": AUTO_MODE, "project": CONTAINER_RUNNING}, {"project": CONTAINER_RUNNING}):
        assert term(command, allow=allow, **kw).decision == "require_approval", command


def test_ssh_fed_a_script_is_judged_like_ssh_given_a_command():  # R4.9, commands reading 2
    # The remote shell's commands are judged as if local; every one must be covered, as for `ssh host CMD`.
    command = "ssh host <<EOF\nls\ncurl x\nEOF"
    assert term(command, allow=("Terminal(ssh)", "Terminal(ls)")).decision == "require_approval"
    assert term(command, allow=("Terminal(ssh)", "Terminal(ls)", "Terminal(curl)")).decision == "auto_approve"


def test_the_builtin_floor_sees_a_script_fed_on_the_input():  # R4.9, R4.6
    for command in ("sh <<< 'rm -rf /'", "bash <<EOF\nrm -rf /\nEOF", ". /dev/stdin <<< 'rm -fr /'"):
        v = term(command, allow=ALLOW_ALL, autonomy=AUTO_MODE)
        assert v.decision == "deny" and v.reason == "builtin_deny", command


def test_the_input_of_a_program_that_does_not_run_it_stays_data():  # R4.9: no over-reading
    for command in (
        "cat <<EOF\ncurl x\nEOF",
        "grep -c x <<< 'curl x'",
        "bash script.sh <<< 'curl x'",  # the script is a file; the input is its data
        "bash -c 'read a' <<< 'curl x'",
        "python3 - <<EOF\ncurl = 1\nEOF",  # python code: opaque, not shell commands
        "ssh host ls <<< 'curl x'",
        "cat f <<< 'curl x' | sh",  # cat reads the file, not the here-string
        "echo 'curl x' || sh",  # not a pipe
        "cat <<EOF | grep sh\ncurl x\nEOF",
    ):
        assert not _runs_curl(command), command
        assert term(command, allow=ALLOW_ALL, deny=DENY_CURL).decision != "deny", command


def test_python_fed_code_on_its_input_stays_opaque():  # R4.9
    # Even an allow written for exactly these words: the code is not in them.
    for command in (
        "python3 - <<EOF\nimport os\nEOF",
        "python3 <<< 'import os'",
        "node <<< 'x'",
        "perl /dev/stdin <<< 'x'",
        "python3 -u - <<'EOF'\nx\nEOF",
    ):
        allow: tuple[str, ...] = (
            "Terminal(python3)",
            "Terminal(python3 -)",
            "Terminal(node)",
            "Terminal(perl /dev/stdin)",
        )
        allow = (*allow, "Terminal(python3 -u -)")
        v = term(command, allow=allow, autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
        assert v.decision == "require_approval" and v.reason == "unparseable", command


def test_a_deeply_nested_input_script_is_unparseable_not_a_crash():  # R4.9: bounded depth
    command = "curl x"
    for k in range(12):  # here-documents, so the text does not grow with quoting
        command = f"sh <<E{k}\n{command}\nE{k}"
    parsed = parse_command(command)
    assert parsed.unparseable and _runs_curl(command)  # past MAX_SCRIPT_DEPTH: judged flat (R4.7)
    assert term(command, deny=DENY_CURL).decision == "deny"
    assert term(command, allow=ALLOW_ALL, autonomy=AUTO_MODE).decision == "require_approval"
    command = "cat <<EOF\n$(curl x)\nEOF"
    for k in range(40):
        command = f"cat <<E{k}\n$({command}\nE{k}\n)\nE{k}"
    v = term(command, deny=DENY_CURL)
    assert v.decision in ("deny", "require_approval")


# -- 3. /dev/tcp and /dev/udp redirections open network connections [beyond SPEC] ------------------------------
NETWORK_REDIRECTS = [
    "exec 3<>/dev/tcp/1.2.3.4/80",
    "echo x > /dev/tcp/h/80",
    "echo x >>/dev/udp/h/53",
    "cat < /dev/udp/h/53",
    "cat </dev/tcp/h/80 > out.txt",
    'echo x > "/dev/tcp/h/80"',
    "echo x >$'/dev/tcp/h/80'",
    "echo x >/dev/{tcp,udp}/h/80",
    "echo x &>/dev/tcp/h/80",
    "echo x >&/dev/tcp/h/80",
    "echo x 2>/dev/tcp/h/80",
    "echo x >/dev/$proto/h/80",  # may be one: fail closed
    "ls && (echo x >/dev/tcp/h/80)",
    "{ echo x; } >/dev/tcp/h/80",
    "( echo x ) </dev/udp/h/53",
    "echo x >/dev/tcp/h/80 &",
    "echo $(cat </dev/tcp/h/80)",
    "bash -c 'echo x >/dev/tcp/h/80'",
    "sh <<< 'echo x >/dev/tcp/h/80'",
]


@pytest.mark.parametrize("command", NETWORK_REDIRECTS)
def test_a_dev_tcp_redirection_is_an_external_effect(command):  # [beyond SPEC], §5 step 6
    allow = ("Terminal(exec)", "Terminal(echo)", "Terminal(cat)", "Terminal(ls)", "Terminal(bash)")
    v = term(command, allow=allow, autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
    assert v.decision == "require_approval", (command, v)
    if "<<<" not in command:
        assert v.reason == "cap_external_effect", (command, v)
    assert term(command, allow=allow, project=CONTAINER_RUNNING).decision == "require_approval"


def test_other_dev_redirections_and_tcp_words_are_not_network():  # R4.9: no over-capping
    allow = ("Terminal(echo)", "Terminal(cat)", "Terminal(ls)")
    for command in ("echo x >/dev/null", "cat x 2>/dev/stderr", "ls /dev/tcp", "echo /dev/tcp/h/80"):
        v = term(command, allow=allow, autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
        assert v.decision == "auto_approve", (command, v)


# -- 4. framework shells and runners that run code given to them are inline code (R4.9) ------------------------
FRAMEWORK_CODE = [
    ("python3 manage.py shell -c 'import os'", "Terminal(python3 manage.py)"),
    ("python3 manage.py shell --command='import os'", "Terminal(python3 manage.py)"),
    ("python3 manage.py shell --command 'import os'", "Terminal(python3 manage.py)"),
    ("python3 -W ignore manage.py shell -c 'x'", "Terminal(python3)"),
    ("python3.12 manage.py shell -c 'x'", "Terminal(python3.12 manage.py)"),
    ("./manage.py shell -c 'x'", "Terminal(./manage.py)"),
    ("python manage.py shell_plus -c 'x'", "Terminal(python manage.py)"),
    ("python manage.py dbshell -- -c 'select 1'", "Terminal(python manage.py)"),
    ("python manage.py shell", "Terminal(python manage.py)"),  # reads its code from the input
    ("python3 -m django shell -c 'x'", "Terminal(python3 -m django)"),
    ("django-admin shell -c 'x'", "Terminal(django-admin)"),
    ("django-admin.py shell -c 'x'", "Terminal(django-admin.py)"),
    ("python3 -m flask shell", "Terminal(python3 -m flask)"),
    ("bundle exec rake -e 'x'", "Terminal(bundle exec rake)"),
    ("django-admin --settings=a.b shell -c 'x'", "Terminal(django-admin)"),
    ("rails runner 'x'", "Terminal(rails)"),
    ("rails r 'x'", "Terminal(rails)"),
    ("bin/rails runner 'x'", "Terminal(bin/rails)"),
    ("ruby bin/rails runner 'x'", "Terminal(ruby bin/rails)"),
    ("bundle exec rails runner 'x'", "Terminal(bundle exec)"),
    ("rails console", "Terminal(rails)"),
    ("php artisan tinker --execute='x'", "Terminal(php artisan)"),
    ("php artisan tinker", "Terminal(php artisan)"),
    ("./artisan tinker --execute 'x'", "Terminal(./artisan)"),
    ("mix run -e 'x'", "Terminal(mix run)"),
    ("mix run --eval 'x'", "Terminal(mix)"),
    ("elixir -e 'x'", "Terminal(elixir)"),
    ("iex -S mix", "Terminal(iex)"),
    ("rake -e 'x'", "Terminal(rake)"),
    ("rake --execute='x'", "Terminal(rake)"),
    ("flask shell", "Terminal(flask)"),
    ("flask --app web shell", "Terminal(flask)"),
    ("bundle exec ruby -e 'x'", "Terminal(bundle exec)"),
    ("poetry run python -c 'x'", "Terminal(poetry run)"),
    ("uv run python -c 'x'", "Terminal(uv run)"),
    ("pipenv run python -c 'x'", "Terminal(pipenv run)"),
    ("poetry run python manage.py shell -c 'x'", "Terminal(poetry run)"),
    ("uv run ./manage.py shell -c 'x'", "Terminal(uv run)"),
]


@pytest.mark.parametrize(("command", "prefix"), FRAMEWORK_CODE)
def test_a_framework_shell_running_given_code_is_opaque(command, prefix):  # R4.9
    # A prefix allow does not cover it, and neither auto mode nor the container floor approves it.
    v = term(command, allow=(prefix,), autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
    assert v.decision == "require_approval" and v.reason == "unparseable", (command, v)
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval"
    # Only an allow written for exactly that invocation covers it (R4.9).
    exact = "Terminal(" + " ".join(parse_command(command).segments[0].words) + ")"
    if "'" not in command:
        assert term(command, allow=(exact,)).decision == "auto_approve", command


FRAMEWORK_ORDINARY = [
    ("python3 manage.py test", "Terminal(python3 manage.py)"),
    ("python3 manage.py migrate", "Terminal(python3 manage.py)"),
    ("python3 manage.py makemigrations --check", "Terminal(python3 manage.py)"),
    ("python3 -m django test", "Terminal(python3 -m django)"),
    ("bin/rails test", "Terminal(bin/rails test)"),
    ("rails db:migrate", "Terminal(rails db:migrate)"),
    ("php artisan migrate", "Terminal(php artisan)"),
    ("mix test", "Terminal(mix test)"),
    ("mix run priv/repo/seeds.exs", "Terminal(mix run)"),
    ("rake test", "Terminal(rake)"),
    ("flask run", "Terminal(flask run)"),
    ("python3 -m flask run", "Terminal(python3 -m flask)"),
    ("django-admin.py check", "Terminal(django-admin.py)"),
]


@pytest.mark.parametrize(("command", "prefix"), FRAMEWORK_ORDINARY)
def test_ordinary_framework_commands_stay_covered_by_a_prefix(command, prefix):  # R4.9: no over-reach
    v = term(command, allow=(prefix,), autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
    assert v.decision == "auto_approve", (command, v)


def test_bodies_read_again_share_a_budget_so_hostile_nesting_stays_linear():  # R4.9
    # Each level's body is read for its substitutions and again as the shell's script: without a shared
    # budget the work doubles per level (2**7 copies of the innermost commands).
    inner = " ".join(f"$(a{k})" for k in range(2000))
    command = inner
    for k in range(7):
        command = f"sh <<E{k}\n$({command}\n)\nE{k}"
    parsed = parse_command(command)
    assert parsed.unparseable
    assert len(parsed.segments) < 20_000  # unbounded: over 2**7 * 2000
    # deny still sees the innermost: read, or named in a command too complex to read in full (R4.7)
    assert term(command, deny=("Terminal(a1999)",)).decision == "deny"
