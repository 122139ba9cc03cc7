"""Tunnels are external effects (§5 step 6, effects by family): a command that makes a local port or folder
reachable from the internet -- ngrok, cloudflared, ``ssh -R`` in any spelling, localtunnel, bore, tailscale
funnel/serve, VS Code's tunnel -- is never auto-approved by autonomy, auto mode or the container floor, and
approve-always writes no pattern for it (R7.2). Their read-only forms stay as they were."""

from __future__ import annotations

import pytest

from permissions.always import derive_always
from permissions.tests.helpers import AUTO_MODE, assert_capped, assert_not_capped, term

TUNNELS = [
    # ngrok
    "ngrok http 8000",
    "ngrok http --domain=demo.ngrok.app 3000",
    "ngrok http --url https://x.ngrok.app 127.0.0.1:8000",
    "ngrok tcp 22",
    "ngrok tls 443",
    "ngrok start --all",
    "ngrok --config ngrok.yml start web",
    "ngrok service install --config ngrok.yml",
    "/usr/local/bin/ngrok http 80",
    "npx ngrok http 8000",
    # cloudflared
    "cloudflared tunnel --url http://localhost:8000",
    "cloudflared tunnel --url localhost:8000 --no-autoupdate",
    "cloudflared tunnel run mytunnel",
    "cloudflared tunnel --no-autoupdate run --token eyJh",
    "cloudflared --config cfg.yml tunnel run",
    "cloudflared --url localhost:8000",
    "cloudflared",
    "cloudflared service install eyJh",
    "cloudflared tunnel create api",
    "cloudflared tunnel route dns api api.example.com",
    # ssh reverse forwarding, every spelling
    "ssh -R 8080:localhost:80 host",
    "ssh -R8080:localhost:80 host",
    "ssh -NR 8080:localhost:80 host",
    "ssh -fNR 80:localhost:8000 serveo.net",
    "ssh -R 80:localhost:3000 nokey@localhost.run",
    "ssh -p 443 -R0:localhost:3000 a.pinggy.io",
    "ssh -o RemoteForward=8080:localhost:80 host",
    "ssh -oRemoteForward=8080:localhost:80 host",
    "ssh -o remoteforward=8080:localhost:80 host",
    "ssh -o 'RemoteForward 8080 localhost:80' host",
    "ssh -N -o ExitOnForwardFailure=yes -o RemoteForward=80:localhost:8000 host",
    "ssh -vvvo RemoteForward=80:localhost:8000 host",
    "ssh -No RemoteForward=80:localhost:8000 host",
    "autossh -M 0 -R 8080:localhost:80 host",
    "autossh -M 0 -N -o RemoteForward=8080:localhost:80 host",
    "sshpass -p x ssh -R 80:localhost:8000 serveo.net",
    # localtunnel, bore and the like
    "lt --port 8000",
    "lt -p 8000 --subdomain demo",
    "localtunnel --port 3000",
    "npx localtunnel --port 8000",
    "bunx localtunnel --port 3000",
    "pnpm dlx localtunnel --port 3000",
    "bore local 8000 --to bore.pub",
    "uvx bore local 8000",
    "frpc -c frpc.toml",
    "chisel client server:8080 R:80:localhost:80",
    "zrok share public localhost:8080",
    "pagekite.py 80 demo.pagekite.me",
    "tmole 8000",
    "loclx tunnel http --to localhost:8000",
    # tailscale, VS Code, dev tunnels
    "tailscale funnel 3000",
    "tailscale funnel --bg 3000",
    "tailscale funnel --https=8443 --set-path /files ./public",
    "tailscale serve 3000",
    "tailscale serve --bg https / http://localhost:3000",
    "tailscale up --advertise-exit-node",
    "tailscale file cp dump.sql laptop:",
    "code tunnel",
    "code tunnel --accept-server-license-terms",
    "code-tunnel",
    "devtunnel host -p 8000",
    # behind wrappers, in a background job, in a compound
    "nohup ngrok http 8000 > /dev/null 2>&1 &",
    "timeout 600 cloudflared tunnel --url http://127.0.0.1:8000",
    "env NGROK_AUTHTOKEN=x ngrok http 80",
    "python3 -m http.server 8000 & ngrok http 8000",
    "ls && lt --port 8000",
]


@pytest.mark.parametrize("command", TUNNELS)
def test_a_tunnel_is_never_auto_approved(command):  # §5 step 6, effects by family; compounds: R4.4
    assert_capped(command)


@pytest.mark.parametrize("command", ["ngrok http 8000", "lt --port 8000", "tailscale funnel 3000"])
def test_an_allow_of_the_tunnel_program_does_not_lift_the_cap(command):  # §5 step 6: caps apply last
    verb = command.split()[0]
    v = term(command, allow=(f"Terminal({verb})",), autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect")


@pytest.mark.parametrize(
    "command", ["ngrok http 8000", "cloudflared tunnel run x", "ssh -o RemoteForward=80:h:1 h"]
)
def test_approve_always_writes_no_pattern_for_a_tunnel(command):  # R7.2
    result = derive_always(command)
    assert result.external and result.patterns == ()


# Friction: the read-only forms of the same tools, and ssh's local forwards (this machine reaches the other
# end, not the other way round), keep their verdict.
READS = [
    "ngrok version",
    "ngrok --version",
    "ngrok help",
    "ngrok config check",
    "ngrok config add-authtoken abc",
    "cloudflared --version",
    "cloudflared tunnel list",
    "cloudflared tunnel info api",
    "tailscale status",
    "tailscale ip -4",
    "tailscale funnel status",
    "tailscale serve status --json",
    "ssh -L 5432:db:5432 bastion",
    "ssh -N -L 8080:localhost:80 host",
    "ssh -o LocalForward=8080:localhost:80 host",
    "lt --help",
    "code .",
    "code --diff a.py b.py",
    "devtunnel list",
]


@pytest.mark.parametrize("command", READS)
def test_the_read_only_forms_of_tunnel_tools_are_not_capped(command):  # §5 step 6: a longer list asks more
    assert_not_capped(command)


# ssh's local and dynamic forwards that others can reach through this machine: `-g`, GatewayPorts, or a
# bind address that is not loopback make a listener on every interface into the other end's network.
SSH_GATEWAYS = [
    "ssh -g -L 8080:db:5432 bastion",
    "ssh -NgL 8080:db:5432 bastion",
    "ssh -L 0.0.0.0:8080:db:5432 bastion",
    "ssh -L '*:8080:db:5432' bastion",
    "ssh -L :8080:db:5432 bastion",
    "ssh -L [::]:8080:db:5432 bastion",
    "ssh -L0.0.0.0:8080:db:5432 bastion",
    "ssh -L 0.0.0.0:2375:/var/run/docker.sock host",
    "ssh -D 0.0.0.0:1080 host",
    "ssh -D :1080 host",
    "ssh -ND '*:1080' host",
    "ssh -o GatewayPorts=yes -L 8080:db:5432 host",
    "ssh -o 'GatewayPorts yes' -L 8080:db:5432 host",
    "ssh -o LocalForward='0.0.0.0:8080 db:5432' host",
    "ssh -o 'LocalForward *:8080 db:5432' host",
    "ssh -o DynamicForward=0.0.0.0:1080 host",
    "ssh bastion -g -L 8080:db:5432",
    "autossh -M 0 -g -L 8080:db:80 host",
]


@pytest.mark.parametrize("command", SSH_GATEWAYS)
def test_an_ssh_forward_others_can_reach_is_never_auto_approved(command):  # §5 step 6, effects by family
    assert_capped(command)


# Friction: forwards bound to loopback (ssh's default) stay as they were.
SSH_LOCAL_FORWARDS = [
    "ssh -D 1080 host",
    "ssh -D localhost:1080 host",
    "ssh -L 127.0.0.1:8080:db:5432 host",
    "ssh -L localhost:8080:db:5432 host",
    "ssh -L [::1]:8080:db:5432 host",
    "ssh -L /tmp/db.sock:db:5432 host",
    "ssh -o GatewayPorts=no -L 8080:db:5432 host",
    "ssh -o 'LocalForward 8080 db:5432' host",
    "ssh -o 'LocalForward localhost:8080 db:5432' host",
    "ssh -i key.pem -L 5432:db:5432 bastion",
    "ssh -l git -p 2222 host",
]


@pytest.mark.parametrize("command", SSH_LOCAL_FORWARDS)
def test_an_ssh_forward_on_loopback_is_not_capped(command):  # §5 step 6
    assert_not_capped(command)


# A configuration file no rule reads may hold a RemoteForward: approving it once would let a later edit of
# the file open a tunnel under the same words, so approve-always writes no pattern either.
SSH_CONFIG_FILES = [
    "ssh -F ./ssh_config host",
    "ssh -NF cfg host",
    "ssh -Fcfg -N host",
    "ssh host -F .ssh/cfg",
]


@pytest.mark.parametrize("command", SSH_CONFIG_FILES)
def test_ssh_with_a_configuration_file_is_never_auto_approved(command):  # §5 step 6, R4.9, R7.2
    assert_capped(command)
    result = derive_always(command)
    assert result.external and result.patterns == (), command


@pytest.mark.parametrize("command", ["ssh -F none host", "ssh -F /dev/null host", "ssh -F cfg -G host"])
def test_ssh_reading_no_configuration_or_only_printing_it_is_not_capped(command):  # §5 step 6
    assert_not_capped(command)
