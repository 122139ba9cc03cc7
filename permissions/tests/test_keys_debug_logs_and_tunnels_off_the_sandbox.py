"""Where it runs (SPEC §5, R1.4, R4.8, R4.10, R9.7), session 27: three leftovers of session 26's readings, each
read as a class -- on the developer's machine (``agent``, ``host``) a command that prints secrets, changes the
machine's network or reaches outside the project asks (``cap_path_scope``, or the external-effect cap); an
ordinary one keeps its answer. In Brabo's own sandbox every answer stays as it was.

1. **A key store reached through what stands before it (friction).** permissions.scope reads the keys of
   ``etcdctl get /app/version``, ``consul kv get /x``, ``vault kv list /secret``, ``gh api /user``, ``aws logs tail
   /aws/lambda/fn``, ``kubectl get --raw /healthz`` as keys, not places -- but only when the program word was
   written bare: ``env ETCDCTL_API=3 etcdctl get /x``, ``timeout 10 etcdctl ...``, ``command gh api /user``,
   ``etcdctl.exe get /x``, ``sudo etcdctl get /x`` asked as touching ``/x``. The scope now finds the program
   with the resolver deny, ask and the caps read through (views.views_of): wrappers, assignments, verb paths and
   other spellings. A word is a key only when every program the segment may run reads it as one (``nice --weird
   etcdctl get /etc/shadow`` may run ``get /etc/shadow``: read as before); the wrapper's own words stay places
   (``env -C /etc ...``, ``flock /etc/lock ...``, ``xargs -a /etc/passwd ...``), and so do the program's option
   values and redirections. A verb given as a path outside the project (``/usr/local/bin/etcdctl``) is itself
   such a place, as ``/usr/bin/git status`` is: only its key leaves the list.
2. **A debug log turned on by another shell's assignment; a mention is none.** session 26 read
   ``CLOUDSDK_CORE_LOG_HTTP``, ``CLOUDSDK_CORE_VERBOSITY=debug`` and ``TF_LOG*`` as assignments from the text (a
   quote counted as the start of a script), so fish's ``set -x|-gx|-Ux NAME VALUE``, ``setenv``, tmux's
   ``set-environment``, PowerShell's ``Set-Item env:NAME``, make's command line (exported to its recipes) were
   missed, and ``echo 'CLOUDSDK_CORE_LOG_HTTP=1'``, ``grep -rn 'TF_LOG=trace' docs``, ``git commit -m "set
   TF_LOG=trace ..."`` asked. permissions.commands.credentials now reads assignments from the parsed segments and
   their views (``bash -c``'s script, a here-document fed to a shell, ``eval``'s string, wrappers), a quoted
   command line given to a program Brabo has no reading for included; a command the reader cannot parse
   (``[Environment]::SetEnvironmentVariable(...)``) is never auto-approved and is read from its text.
3. **Tunnels, VPNs and a virtual machine's files.** Beyond Code's Expose (``expose share URL``, bare ``expose``,
   ``share-cwd``, ``serve``) is a tunnel as ngrok's (the external-effect cap, everywhere; its ``token`` and
   defaults are the home folder's, asked off the sandbox); the VPN clients network_settings did not read
   (Surfshark's ``surfshark-vpn attack``, strongSwan's ``swanctl --initiate`` and ``strongswan up``, CyberGhost,
   Hotspot Shield, NordLayer, PureVPN, AdGuard VPN, Cisco's ``vpn``, ``openfortivpn``, ``f5fpc``, ``snx``,
   ``gpclient``, ``tunnelblickctl``, ``wireguard-go``, the PPP/L2TP/SSTP dialers, Windows' ``rasdial`` and
   ``rasphone``, macOS' ``networksetup -connectpppoeservice``, the TUN-capable proxies ``sing-box run`` and
   ``mihomo``) ask off the sandbox as ``wg-quick up`` does, their listings and help stay; OrbStack's ``orb
   push|pull`` (the Linux machine's side named in its own home, no place of the project), ``multipass
   transfer`` and ``limactl copy`` ask off the sandbox.

Not fixed here (another module's): ``ssh -g -L ...``, ``ssh -R ...``, ``ssh -N -D 1080 h`` through an agent's hook
are read as an interactive session (typed_input) -- ``unparseable`` -- before the caps; the guards below only hold
that they ask there.

On the base (617442c) 181 of this file's 299 cases fail: the 23 wrapped KEYS and the seven scope lists (sudo,
doas, a verb path); 34 of the 52 debug variables set off the sandbox (fish's, tmux's, csh's, make's, PowerShell's
items, a quoted command line, a here-document, ``+=``, a value known when it runs: the rest -- ``$env:``, ``setx``, ``launchctl``, ``systemctl``,
``export``, ``eval`` -- asked there already) and the five sentences; nine MENTIONS (quoted); three secrets
printed through a wrapper (asked with the key as the place); the eight Expose tunnels and its two settings; the
33 VPNs on the agent's machine and the host (66); the twelve virtual machines' file copies (24). The guards pass
there: the places beside the keys, the listings, the sandbox's answers, ``echo $TF_LOG``, ssh's listeners.
"""

from __future__ import annotations

import pytest

from permissions.scope import scope_for
from permissions.shell import parse_command
from permissions.tests.redteam import stays_auto_where

from .helpers import (
    AUTO_MODE,
    ROOT,
    allow_every_word,
    assert_asks_in_auto_mode,
    assert_capped,
    assert_not_capped,
    term,
)

OFF = ("agent", "host")

# -- 1. keys through wrappers ------------------------------------------------------------------------------
WRAPPED_KEYS = [
    "env ETCDCTL_API=3 etcdctl get /app/version",
    "ETCDCTL_API=3 etcdctl get /app/version",
    "env ETCDCTL_API=3 ETCDCTL_ENDPOINTS=http://127.0.0.1:2379 etcdctl get /app/version --print-value-only",
    "timeout 10 etcdctl get /app/version",
    "timeout -s KILL 5 etcdctl get /app/x",
    "stdbuf -oL etcdctl watch /app/",
    "nice -n 5 consul kv get /app/x",
    "nohup consul kv get /app/x",
    "command vault kv list /secret",
    "nice -n 5 vault kv list /secret",
    "command gh api /user",
    "env gh api /repos/o/r/issues",
    "exec gh api /user",
    "ionice -c3 glab api /projects",
    "command aws logs tail /aws/lambda/fn",
    "env AWS_PROFILE=dev aws ssm get-parameter --name /app/config/version",
    "AWS_REGION=eu-west-1 aws logs filter-log-events --log-group-name /aws/lambda/fn",
    "command kubectl get --raw /healthz",
    "timeout 5 oc get --raw /version",
    "etcdctl.exe get /app/version",
    "ETCDCTL get /app/version",
    "cd x && env ETCDCTL_API=3 etcdctl get /app/version",
    "env ETCDCTL_API=3 etcdctl get /app/version | jq .",
]

# the wrapper's own words, the program's option values, a redirection, an uncertain reading: places still
WRAPPED_PLACES = [
    "env -C /etc etcdctl get /app/x",
    "flock /etc/lockfile gh api /user",
    "xargs -a /etc/passwd etcdctl get",
    "command etcdctl --cacert /etc/ssl/ca.pem get /app/version",
    "env etcdctl get --cacert=/etc/x /app/version",
    "command etcdctl snapshot save /etc/x.db",
    "command etcdctl get /app/x > /etc/x",
    "timeout 5 consul kv get -token-file /etc/tok /app/x",
    "nice --weird etcdctl get /etc/shadow",
    "env -S 'etcdctl get' /etc/passwd",
    "command gh api --input /etc/passwd /user",
    "env aws s3 ls --ca-bundle /etc/x",
    "command cat /etc/passwd",
    "env ETCDCTL_API=3 cat /etc/passwd",
]

# what they print is the secret readers' to judge: still asked off the sandbox, with the credential's sentence
SECRETS_PRINTED = [
    "command vault kv get secret/x",
    "env VAULT_ADDR=http://127.0.0.1:8200 vault kv get /secret/x",
    "command etcdctl get --prefix /registry/",
    "env aws ssm get-parameter --name /app/db/password --with-decryption",
]


@pytest.mark.parametrize("command", WRAPPED_KEYS)
def test_a_key_through_a_wrapper_is_no_path(command):
    stays_auto_where(command, OFF)
    # (in the sandbox, behind an allow of every word: the scope no longer asks -- a wrapper's form an allow of
    # its words does not cover is the rules' own answer)
    v = term(command, allow=allow_every_word(command), runs_in="sandbox")
    assert v.reason != "cap_path_scope", (command, v.message)


@pytest.mark.parametrize(
    ("command", "outside"),
    [
        ("sudo etcdctl get /app/x", []),
        ("sudo -u etcd etcdctl get /app/x", []),
        ("doas vault kv list /secret", []),
        ("sudo gh api /user", []),
        ("/usr/local/bin/etcdctl get /app/x", ["/usr/local/bin/etcdctl"]),
        ("sudo etcdctl --cacert /etc/ssl/ca.pem get /app/x", ["/etc/ssl/ca.pem"]),
        ("sudo -C /etc etcdctl get /app/x", ["/etc"]),
    ],
)
def test_the_scope_reads_the_key_past_sudo_and_a_verb_path(command, outside):
    # (sudo asks as privileged whatever the scope says: the scope's own list is what changed)
    assert scope_for("runner", False, ROOT, ROOT).outside_paths(parse_command(command).segments) == outside


@pytest.mark.parametrize("command", WRAPPED_PLACES)
def test_places_beside_the_key_still_ask(command):
    for runs_in in OFF:
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert v.decision == "require_approval", (command, runs_in, v.reason)


@pytest.mark.parametrize("command", SECRETS_PRINTED)
def test_a_secret_printed_through_a_wrapper_still_asks(command):
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), command
    assert v.message.endswith("prints a credential the machine keeps outside the project"), v.message


# -- 2. debug logs turned on by another shell's assignment ---------------------------------------------------
SET_ELSEWHERE = [
    "set -x CLOUDSDK_CORE_LOG_HTTP 1",
    "set -gx TF_LOG trace",
    "set -Ux TF_LOG TRACE",
    "set --export TF_LOG_PROVIDER debug",
    "set -gx CLOUDSDK_CORE_VERBOSITY debug; gcloud projects list",
    "fish -c 'set -x TF_LOG trace; terraform plan'",
    "setx TF_LOG trace",
    "Set-Item env:TF_LOG trace",
    "Set-Item -Path Env:TF_LOG -Value trace",
    "New-Item -Path Env:\\TF_LOG -Value trace",
    "si env:CLOUDSDK_CORE_VERBOSITY debug",
    '$env:TF_LOG = "trace"; terraform plan',
    "setenv TF_LOG trace",
    "tmux set-environment -g TF_LOG trace",
    "tmux setenv TF_LOG debug",
    "launchctl setenv TF_LOG trace",
    "systemctl --user set-environment TF_LOG=trace",
    "make plan TF_LOG=trace",
    "make -C infra plan CLOUDSDK_CORE_LOG_HTTP=true",
    "foo 'TF_LOG=trace terraform plan'",
    "bash <<'EOF'\nexport TF_LOG=trace\nterraform plan\nEOF",
    "eval 'export TF_LOG=trace'",
    "nice env TF_LOG=json terraform plan",
    "export TF_LOG='TRACE'",
    "TF_LOG+=trace terraform plan",
    "TF_LOG=$(cat level) terraform plan",
]

# a word naming the variable, nothing assigned (asked on the base: a quote counted as a script's start)
MENTIONS = [
    "echo 'CLOUDSDK_CORE_LOG_HTTP=1'",
    'echo "TF_LOG=trace"',
    "printf '%s\\n' 'TF_LOG=trace'",
    "grep -rn 'TF_LOG=trace' docs",
    'rg -n "CLOUDSDK_CORE_VERBOSITY=debug" .',
    'git commit -m "set TF_LOG=trace when debugging"',
    "git log --grep='TF_LOG=debug'",
    "cat <<'EOF'\nexport TF_LOG=trace\nEOF",
    "echo 'export TF_LOG=trace' | wc -c",
    "set -e TF_LOG",
    "set -q TF_LOG",
    "set -gx TF_LOG info",
    "TF_LOG=info terraform plan",
    "etcdctl --help",
    "ssh host ls",
]


@pytest.mark.parametrize("runs_in", OFF)
@pytest.mark.parametrize("command", SET_ELSEWHERE)
def test_a_debug_log_set_by_another_shell_asks_off_the_sandbox(command, runs_in):
    assert_asks_in_auto_mode(command, runs_in, "cap_path_scope")


@pytest.mark.parametrize(
    "command",
    [
        "set -gx TF_LOG trace",
        "setenv TF_LOG trace",
        "Set-Item env:TF_LOG trace",
        "make plan TF_LOG=trace",
        "tmux setenv TF_LOG debug",
    ],
)
def test_the_sentence_says_it_logs(command):
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert "logs its requests and responses whole" in v.message, (command, v.message)


@pytest.mark.parametrize("command", MENTIONS)
def test_a_mention_is_no_assignment(command):
    stays_auto_where(command)


def test_a_variable_printed_keeps_its_answer():
    # `echo $TF_LOG` asked on the agent's machine as a variable's place before (SHOWN_VARIABLES), not as a log
    assert term("echo $TF_LOG", autonomy=AUTO_MODE, runs_in="sandbox").decision == "auto_approve"
    v = term("echo $TF_LOG", autonomy=AUTO_MODE, runs_in="agent")
    assert v.reason == "cap_path_scope" and "logs its requests" not in v.message, v.message


@pytest.mark.parametrize(
    "command",
    [
        "[Environment]::SetEnvironmentVariable('TF_LOG','trace','User')",
        '[Environment]::SetEnvironmentVariable("TF_LOG", "trace")',
    ],
)
def test_an_assignment_the_reader_cannot_parse_is_never_auto(command):
    for runs_in in OFF:
        assert term(command, autonomy=AUTO_MODE, runs_in=runs_in).decision == "require_approval", command


@pytest.mark.parametrize(
    "command",
    ["set -gx TF_LOG trace", "setenv TF_LOG trace", "make plan TF_LOG=trace", "tmux setenv TF_LOG x"],
)
def test_they_stay_in_the_sandbox(command):
    stays_auto_where(command, ("sandbox",))


# -- 3. tunnels, VPNs, a virtual machine's files ---------------------------------------------------------------
EXPOSE_TUNNELS = [
    "expose share http://localhost:8000",
    "expose share my-site.test --subdomain=demo",
    "expose share http://localhost:3000 --server eu-1",
    "expose",
    "expose share-cwd",
    "expose serve",
    "env expose share http://localhost:8000",
    "/usr/local/bin/expose share http://localhost:8000",
]


@pytest.mark.parametrize("command", EXPOSE_TUNNELS)
def test_expose_is_a_tunnel(command):
    assert_capped(command)
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "require_approval", (command, v.reason)


@pytest.mark.parametrize("command", ["expose --help", "expose list", "expose share --help", "expose servers"])
def test_expose_reading_is_not(command):
    assert_not_capped(command)
    stays_auto_where(command)


@pytest.mark.parametrize("command", ["expose token abc123", "expose default-server eu-1"])
def test_expose_settings_are_the_home_folders(command):
    for runs_in in OFF:
        assert_asks_in_auto_mode(command, runs_in, "cap_path_scope")
    stays_auto_where(command, ("sandbox",))


VPNS = [
    "surfshark-vpn attack",
    "surfshark-vpn down",
    "surfshark-vpn multi",
    "env surfshark-vpn attack",
    "swanctl --initiate --child net",
    "swanctl -i -c net",
    "swanctl --terminate --ike home",
    "swanctl --load-all",
    "strongswan up home",
    "cyberghostvpn --connect --country-code DE",
    "hotspotshield connect",
    "nordlayer connect",
    "purevpn --connect US",
    "adguardvpn-cli connect",
    "vpn connect vpn.example.com",
    "openfortivpn vpn.example.com:443 -u me",
    "nohup openfortivpn vpn.example.com",
    "f5fpc --start --host vpn.example.com",
    "snx -s vpn.example.com -u me",
    "gpclient connect vpn.example.com",
    "tunnelblickctl connect Work",
    "wireguard-go wg0",
    "pon provider",
    "pon",
    "poff",
    "pppd call provider",
    "xl2tpd-control connect myvpn",
    "sstpc vpn.example.com",
    "rasdial Work me secret",
    "rasphone -d Work",
    "networksetup -connectpppoeservice Work",
    "sing-box run -c config.json",
    "mihomo -d .",
]

VPN_READS = [
    "surfshark-vpn status",
    "swanctl --list-sas",
    "swanctl -l",
    "swanctl --version",
    "hotspotshield status",
    "nordlayer status",
    "cyberghostvpn --status",
    "adguardvpn-cli status",
    "vpn state",
    "tunnelblickctl status",
    "rasdial",
    "networksetup -listallnetworkservices",
    "sing-box check -c x.json",
    "mihomo -t -d .",
    "openfortivpn --help",
]


@pytest.mark.parametrize("runs_in", OFF)
@pytest.mark.parametrize("command", VPNS)
def test_a_vpn_connected_asks_off_the_sandbox(command, runs_in):
    assert_asks_in_auto_mode(command, runs_in, "cap_path_scope")


@pytest.mark.parametrize("command", VPNS)
def test_a_vpn_stays_in_the_sandbox(command):
    stays_auto_where(command, ("sandbox",))


@pytest.mark.parametrize("command", VPN_READS)
def test_a_vpn_listing_stays(command):
    stays_auto_where(command)


VM_FILES = [
    "orb push SRC DEST",
    "orb push .env",
    "orb pull SRC DEST",
    "orb pull .bash_history",
    "orb -m dev push x",
    "orb push -m dev x y",
    "orbctl pull x y",
    "command orb push x",
    "multipass transfer x dev:/home/ubuntu/",
    "multipass transfer dev:/etc/hosts .",
    "limactl copy x default:/tmp/y",
    "limactl cp default:~/.bashrc .",
]


@pytest.mark.parametrize("runs_in", OFF)
@pytest.mark.parametrize("command", VM_FILES)
def test_a_virtual_machines_files_copied_ask_off_the_sandbox(command, runs_in):
    assert_asks_in_auto_mode(command, runs_in, "cap_path_scope")


@pytest.mark.parametrize("command", VM_FILES)
def test_a_virtual_machines_files_copied_stay_in_the_sandbox(command):
    stays_auto_where(command, ("sandbox",))


@pytest.mark.parametrize("command", ["orb list", "orb push --help", "multipass list", "limactl list"])
def test_a_virtual_machines_listing_stays(command):
    stays_auto_where(command)


# ssh's listeners: asked through an agent's hook (as a session, typed_input) and capped in the sandbox
@pytest.mark.parametrize(
    "command",
    ["ssh -g -L 8080:x:80 h", "ssh -R 9000:localhost:22 h", "ssh -L 0.0.0.0:8080:db:5432 h", "ssh -D 1080 h"],
)
def test_ssh_listeners_ask_through_a_hook(command):
    assert term(command, autonomy=AUTO_MODE, runs_in="agent").decision == "require_approval", command
