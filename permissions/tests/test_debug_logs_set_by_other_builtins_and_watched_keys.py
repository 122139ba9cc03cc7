"""Where it runs (SPEC §5, R4.8, R4.10), session 28: two leftovers of session 27's readings -- on the developer's
machine (``agent``, ``host``) a command turning on a debug log that prints secrets asks as ``TF_LOG=trace
terraform plan`` does; in Brabo's own sandbox every answer stays as it was.

1. **A debug log's variable set by another builtin.** permissions.commands.credentials read the assignments of
   the parsed segments (leading ``NAME=value`` words, the declaration builtins, ``env``, fish's ``set``, ...) but
   not the builtins that set a variable named among their words to what they read or print: ``read TF_LOG <<<
   trace``, ``IFS= read -r TF_LOG``, ``mapfile``/``readarray``, zsh's ``vared``, ``printf -v TF_LOG trace``, zsh's
   ``print -v``; nor arithmetic (``let CLOUDSDK_CORE_LOG_HTTP=1``, ``(( ... ))``, ``$(( ... ))``), a loop's
   variable (``for TF_LOG in trace; do ...``), an expansion's default (``: ${TF_LOG:=trace}``), a reference
   (``declare -n r=TF_LOG; r=trace``), an array's element 0 (``TF_LOG[0]=trace``), PowerShell's ``$env:TF_LOG =
   Read-Host`` (a cmdlet's output). A reader's value is known when it runs (asked); printf's plain format is its
   value (``printf -v TF_LOG ''`` turns nothing on).
2. **A key read through a program that runs its words as a command line.** ``watch etcdctl get /app/x``, ``watch
   -n 5 gh api /user``, ``eval consul kv get /app/x`` asked off the sandbox as touching ``/app/x``: the carried
   command line is a segment of its own whose keys the scope read already, but the carrier's own words were read
   as places. permissions.scope now blanks them in the carrier too when the line it runs is a plain copy of its
   last words led by a key store (``watch -n etcdctl get /etc/shadow`` runs ``get /etc/shadow``: read as before).

Friction kept: ``printf -v x '%s' y``, ``read -r line < file``, ``echo $TF_LOG`` (asked off the sandbox as a
variable's place before), ``declare -p`` (the environment printed: asked off the sandbox before), a mention of a
variable in a loop's list or a message, ``let CLOUDSDK_CORE_LOG_HTTP=0``.

On the base (617442c) 63 of this file's 132 cases fail: 27 of the 30 debug variables set by another builtin, on
the agent's machine and the host (54: the base's reading of the text caught ``let "NAME = 1"``, ``(( ... ))`` and
``$(( ... ))``, which session 27's reading of the segments lost and this one reads again); ``eval TF_LOG=trace``
(session 27's); the eight watched keys. The guards pass there: the other forms asked already (``declare -gx``,
``typeset -x``, ``local -x``, ``export`` after an assignment, ``set -a``, ``env -S``, ``sudo -E env``, a process
substitution sourced), the sandbox's answers, the friction, the places beside a watched key.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import stays_auto_where

from .helpers import AUTO_MODE, allow_every_word, assert_asks_in_auto_mode, term

OFF = ("agent", "host")

# -- 1. a debug log's variable set by another builtin ---------------------------------------------------------
SET_BY_BUILTINS = [
    "printf -v TF_LOG trace; terraform plan",
    "printf -vTF_LOG trace; terraform plan",
    "printf -v TF_LOG -- trace; terraform plan",
    "printf -v TF_LOG '%s' trace; terraform plan",
    "printf -v TF_LOG_PROVIDER debug; terraform plan",
    "print -v TF_LOG trace; terraform plan",
    "printf -v CLOUDSDK_CORE_LOG_HTTP 1; gcloud projects list",
    "printf -v CLOUDSDK_CORE_VERBOSITY debug; gcloud projects list",
    "read TF_LOG <<< trace; terraform plan",
    "IFS= read -r TF_LOG <<< trace; terraform plan",
    "read -r TF_LOG <<< trace; export TF_LOG; terraform plan",
    "read -a TF_LOG <<< trace; terraform plan",
    "read -r -p 'level? ' TF_LOG; terraform plan",
    "command read TF_LOG_CORE <<< json; terraform plan",
    "{ read TF_LOG; } <<< trace; terraform plan",
    "while read TF_LOG; do terraform plan; done < levels",
    "read CLOUDSDK_CORE_LOG_HTTP <<< 1; gcloud projects list",
    "vared TF_LOG; terraform plan",
    "mapfile -t TF_LOG <<< trace; terraform plan",
    "readarray TF_LOG < levels; terraform plan",
    "let CLOUDSDK_CORE_LOG_HTTP=1; gcloud projects list",
    'let "CLOUDSDK_CORE_LOG_HTTP = 1"; gcloud projects list',
    "let CLOUDSDK_CORE_LOG_HTTP++; gcloud projects list",
    "(( CLOUDSDK_CORE_LOG_HTTP=1 )); gcloud projects list",
    "echo $((CLOUDSDK_CORE_LOG_HTTP=1)); gcloud projects list",
    "for TF_LOG in trace; do export TF_LOG; terraform plan; done",
    "declare -n r=TF_LOG; r=trace; terraform plan",
    "bash -c 'printf -v TF_LOG trace; export TF_LOG; terraform plan'",
    "$env:TF_LOG = Read-Host; terraform plan",
    "$env:TF_LOG=Get-Clipboard; terraform plan",
]

# What asked there already, whatever reads it (guards)
ASKED_ALREADY = [
    "TF_LOG=trace terraform plan",
    "declare -gx TF_LOG=trace; terraform plan",
    "typeset -x TF_LOG=trace; terraform plan",
    "local -x TF_LOG=trace; terraform plan",
    "TF_LOG=trace; export TF_LOG; terraform plan",
    "eval TF_LOG=trace; terraform plan",
    "set -a; TF_LOG=trace; terraform plan",
    ": ${TF_LOG:=trace}; export TF_LOG; terraform plan",
    "env -S 'TF_LOG=trace terraform plan'",
    "sudo -E env TF_LOG=trace terraform plan",
    "source <(echo TF_LOG=trace); terraform plan",
    ". /dev/stdin <<< 'export TF_LOG=trace'",
    "TF_LOG[0]=trace; export TF_LOG; terraform plan",
]

FRICTION = [
    "printf -v x '%s' y",
    "read -r line < file",
    "printf -v TF_LOG ''; terraform plan",
    "printf -v TF_LOG info; terraform plan",
    "let CLOUDSDK_CORE_LOG_HTTP=0; gcloud projects list",
    "read -r TF_LOG_PATH < cfg; terraform plan",
    "for v in TF_LOG TF_LOG_CORE; do echo $v; done",
    'git commit -m "docs: for TF_LOG in docs"',
    'echo "$((CLOUDSDK_CORE_LOG_HTTP))"',
    'let "x = CLOUDSDK_CORE_LOG_HTTP + 1"',
    "unset TF_LOG; terraform plan",
    "grep -rn 'read TF_LOG' docs",
]
# PowerShell's (read off the sandbox only: in the sandbox `$env:TF_LOG` is a bash word)
FRICTION_OFF = ['$env:TF_LOG = "info"; terraform plan', "$env:TF_LOG = 'warn'; terraform plan"]
# (PowerShell's spellings are not auto in the sandbox, whatever they set)
IN_THE_SANDBOX = [c for c in SET_BY_BUILTINS if not c.startswith("$env")]


@pytest.mark.parametrize("runs_in", OFF)
@pytest.mark.parametrize("command", SET_BY_BUILTINS)
def test_a_debug_log_set_by_another_builtin_asks_off_the_sandbox(command, runs_in):
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, runs_in, v.reason)
    # (gcloud's HTTP log in the sentence of a deployed service's environment, as session 27 wrote it)
    said = "environment and settings" if "CLOUDSDK_CORE_LOG_HTTP" in command else "logs its requests"
    assert said in v.message, (command, v.message)


@pytest.mark.parametrize("command", IN_THE_SANDBOX)
def test_they_stay_in_the_sandbox(command):
    stays_auto_where(command, ("sandbox",))


@pytest.mark.parametrize("command", ASKED_ALREADY)
def test_the_forms_asked_already_still_ask(command):
    for runs_in in OFF:
        assert term(command, autonomy=AUTO_MODE, runs_in=runs_in).decision == "require_approval", (
            command,
            runs_in,
        )


@pytest.mark.parametrize("command", FRICTION)
def test_ordinary_commands_keep_their_answers(command):
    stays_auto_where(command)


@pytest.mark.parametrize("command", FRICTION_OFF)
def test_a_powershell_value_that_logs_nothing_keeps_its_answer(command):
    stays_auto_where(command, OFF)


@pytest.mark.parametrize("command", ["echo $TF_LOG", "declare -p"])
def test_a_variable_printed_keeps_its_answer(command):
    # (asked off the sandbox before as the environment's place, never as a log turned on)
    assert term(command, autonomy=AUTO_MODE, runs_in="sandbox").decision == "auto_approve"
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.reason == "cap_path_scope" and "logs its requests" not in v.message, v.message


# -- 2. a key read through a program that runs its words --------------------------------------------------------
WATCHED_KEYS = [
    "watch etcdctl get /app/x",
    "watch -n 5 etcdctl get /app/version",
    "watch -x etcdctl get /app/x",
    "watch --interval=2 etcdctl watch /app/",
    "watch -n 5 -- etcdctl get /app/x",
    "watch -n 1 consul kv get /app/x",
    "watch gh api /user",
    "eval etcdctl get /app/x",
]

WATCHED_PLACES = [
    "watch cat /etc/passwd",
    "watch ls /etc",
    "watch -n etcdctl get /etc/shadow",
    'eval "etcdctl get /app/x; cat /etc/x"',
    "watch etcdctl --cacert /etc/ssl/ca.pem get /app/x",
    "parallel etcdctl get ::: /app/x",
]


@pytest.mark.parametrize("command", WATCHED_KEYS)
def test_a_watched_key_is_no_path(command):
    stays_auto_where(command)
    v = term(command, allow=allow_every_word(command), runs_in="sandbox")
    assert v.reason != "cap_path_scope", (command, v.message)


@pytest.mark.parametrize("command", WATCHED_PLACES)
def test_places_beside_a_watched_key_still_ask(command):
    for runs_in in OFF:
        assert term(command, autonomy=AUTO_MODE, runs_in=runs_in).decision == "require_approval", (
            command,
            runs_in,
        )


def test_a_watched_secret_still_asks():
    assert_asks_in_auto_mode("watch vault kv get /secret/x", "agent", "cap_path_scope")
