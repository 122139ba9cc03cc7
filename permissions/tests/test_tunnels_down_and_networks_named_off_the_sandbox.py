"""SPEC §5, where it runs ("the path scope holds for [host and agent] in every mode (auto mode included)"), R6, R3.7:
session 25's leftovers of the machine's network -- tunnels and VPNs taken down, more VPN clients, container networks
named on the machine's own network -- each the seed of a family, ruled by the safest reading and weighed for
friction. A command that changes the developer's machine outside the project must not be auto-approved on the
developer's machine (``agent``) or a runner without a sandbox (``host``) -- auto mode, a terminal autonomy row, or an
allow of every word: it asks there as outside the path scope (``cap_path_scope``, with a sentence saying what it
changes). In Brabo's sandbox it changes only the sandbox and keeps its answer.

1. **Routes removed, as routes added.** ``wg-quick down``, ``nmcli con down``, ``scutil --nc stop``, ``mullvad
   disconnect``, ``warp-cli disconnect`` and ``minikube tunnel --cleanup`` asked off the sandbox on the base, while
   ``telepresence quit``, ``kubevpn disconnect|quit``, ``netbird down`` and ``twingate stop`` were approved (session
   25 kept the first two among its ordinary commands). The ruling, the consistent and the safer one: a tunnel or a
   VPN taken down is a machine-wide change as one brought up is -- the routes and the name resolution it removes are
   the machine's, and every program of the machine that reached the cluster or the private network through it loses
   it (the developer's own session in another terminal, a company's network the developer is working in); whether
   the agent itself brought it up is not something the engine can know. They ask off the sandbox with the VPN
   clients' sentence ("connects, disconnects or reroutes the machine's network"). NetBird's daemon installed,
   started or stopped (``netbird service …``) is a system service (as ``systemctl`` is), its routes picked
   (``netbird routes|networks select|deselect``) reroute, its ``login|logout`` is the user's stored credentials;
   Twingate's ``setup`` writes the system's configuration. Friction: disconnecting after a connect that already
   asked is a second click, and rare in an agent's work; statuses and listings stay.
2. **More VPN clients, up and down.** Palo Alto's ``globalprotect connect|disconnect``, ``pritunl-client
   start|stop``, Private Internet Access' ``piactl connect|disconnect|set``, ``windscribe``, ``ivpn``, Netmaker's
   ``netclient join|leave|up|down``, strongSwan's ``ipsec up|down|start|stop|restart``, a ``nebula`` node run with its
   configuration, Teleport's ``tsh vnet`` (a virtual network and resolver for the cluster's apps): approved on the
   base, as ``openconnect``, ``nordvpn connect`` and ``protonvpn connect`` asked. Their logins, as other clients'.
3. **A container network on the machine's own network.** ``docker network create --subnet 10.0.0.0/8 x`` gives the
   machine a route (on Linux, a bridge with an address) for the range the command names -- a range the developer's
   LAN or VPN may use, which it then shadows; a range the engine picks itself is chosen around the machine's routes.
   ``-d macvlan|ipvlan`` puts the containers on the machine's physical network, addressable from the LAN. They ask
   off the sandbox (docker, podman, nerdctl, finch). Friction kept, the safest reading weighed against it (SPEC is
   silent): a network made without a named range or with the bridge driver (Compose makes networks all day),
   ``network connect|disconnect|rm|prune`` (no route of the machine's: one container joined to an engine's bridge,
   as ``docker run --network x`` is) and the listings.
4. **Already held, guarded.** The exposures the brief listed ask already, on and off the sandbox, as external
   effects (permissions.commands.listeners and families' tunnels): ``tailscale serve|funnel``, ``ngrok http 3000``,
   ``cloudflared tunnel run``, ``ssh -R``, a listening ``ssh -L`` on every interface, ``kubectl port-forward
   --address 0.0.0.0``; and off the sandbox the kubeconfig merged and switched (``kind export kubeconfig``, ``k3d
   kubeconfig merge --kubeconfig-switch-context``) and ``minikube addons enable``. ``minikube service NAME`` stays
   ordinary (ruled): it opens the service in the browser -- through a tunnel on loopback on macOS' docker driver --
   as ``open http://localhost:3000`` and ``kubectl port-forward`` (loopback) are; nothing listens beyond the
   machine.

5. **OrbStack's own commands.** ``orb update`` (OrbStack itself updated: the app and the engine every container
   runs on) and ``orb migrate docker`` (Docker Desktop's containers, images and volumes moved into OrbStack) were
   approved: they ask off the sandbox, as ``orb start`` does. orb's own commands are listed in the wrapper table
   (permissions.commands.wrappers.WRAPPER_COMMANDS), so that ``orb list`` behind an allow of every word
   (``Terminal(orb)`` + ``Terminal(list)``) reads as orb's own listing and is covered by the allow of ``orb``; that
   reading needs permissions/commands/views.py (outside this helper's files) to consult the table -- until then it
   still asks as ``default`` there (auto mode approves it): see the report.

Written as an attacker would: wrappers (``env``, ``timeout``, ``nice``, ``command``, ``sh -c``, ``bash -c``),
``.exe`` names, options before and after the subcommand, attached option values (``--subnet=…``, ``-dmacvlan``,
``--driver=…``), after ``cd x &&``.

Older test changed (its verdict is this class's): test_engines_stopped_and_traffic_routed_off_the_sandbox's
ORDINARY ``telepresence quit`` and ``kubevpn disconnect`` now ask off the sandbox (they are in this file's lists)
and stay auto-approved in the sandbox.

172 of this file's 268 cases fail on the base (base26): all 81 ``ATTACKS`` (``TAKEN_DOWN``, ``NETBIRD_AND_TWINGATE``,
``VPN_CLIENTS``, ``NETWORKS_NAMED``, ``ORB``) in both of their tests, and the 10 sentence cases. ``ASKED_ALREADY``,
``EXPOSED_EVERYWHERE``, ``SANDBOX_KEEPS`` and ``ORDINARY`` pass there (guards: already held, and friction).
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, term
from .redteam import OFF_THE_SANDBOX, a_machine_change_on_the_laptop, never_auto_where, stays_auto_where

TAKEN_DOWN = [
    "telepresence quit",
    "telepresence quit -s",
    "telepresence quit --stop-daemons",
    "env telepresence quit",
    "timeout 30 telepresence quit",
    "cd infra && telepresence quit",
    "bash -c 'telepresence quit'",
    "command telepresence quit",
    "telepresence.exe quit",
    "kubevpn disconnect",
    "kubevpn disconnect --all",
    "kubevpn disconnect 0",
    "kubevpn quit",
    "nice kubevpn disconnect",
    "netbird down",
    "netbird down --daemon-addr unix:///var/run/netbird.sock",
    "netbird routes deselect all",
    "netbird networks deselect corp",
    "sh -c 'netbird down'",
    "twingate stop",
    "twingate desktop-stop",
]

NETBIRD_AND_TWINGATE = [
    "netbird routes select all",
    "netbird networks select corp",
    "netbird service install",
    "netbird service start",
    "netbird service stop",
    "netbird service uninstall",
    "netbird logout",
    "netbird login --setup-key x",
    "twingate desktop-start",
    "twingate setup",
]

VPN_CLIENTS = [
    "globalprotect connect --portal vpn.corp.example",
    "globalprotect disconnect",
    "globalprotect rediscover-network",
    "pritunl-client start abc123",
    "pritunl-client stop abc123",
    "piactl connect",
    "piactl disconnect",
    "piactl set region us-east",
    "piactl login creds.txt",
    "windscribe connect",
    "windscribe disconnect",
    "windscribe firewall off",
    "windscribe-cli disconnect",
    "ivpn connect",
    "ivpn disconnect",
    "ivpn firewall -off",
    "netclient join -t TOKEN",
    "netclient leave corp",
    "netclient down",
    "netclient up",
    "ipsec up corp",
    "ipsec down corp",
    "ipsec restart",
    "ipsec stop",
    "nebula -config nebula/config.yml",
    "env nebula -config config.yml",
    "tsh vnet",
    "tsh --proxy teleport.example.com vnet",
]

NETWORKS_NAMED = [
    "docker network create --subnet 10.0.0.0/8 wide",
    "docker network create --subnet=192.168.1.0/24 lan",
    "docker network create --subnet 172.30.0.0/16 --gateway 172.30.0.1 x",
    "docker network create --ip-range=10.8.0.0/24 --subnet=10.8.0.0/16 x",
    "docker network create -d macvlan -o parent=eth0 lan",
    "docker network create --driver macvlan --subnet 192.168.1.0/24 -o parent=en0 lan",
    "docker network create --driver=ipvlan x",
    "docker network create -dmacvlan x",
    "docker network create -d MACVLAN x",
    "docker -H unix:///var/run/docker.sock network create --subnet 10.1.0.0/16 x",
    "docker.exe network create --subnet 10.1.0.0/16 x",
    "env docker network create -d macvlan x",
    "podman network create --subnet 192.168.1.0/24 x",
    "podman network create -d macvlan -o parent=eth0 lan",
    "nerdctl network create --subnet 10.4.0.0/16 x",
    "finch network create -d ipvlan x",
    "cd deploy && docker network create --subnet 10.9.0.0/16 x",
]

# OrbStack itself updated (the app and its engine, every container restarts with it), Docker Desktop's containers,
# images and volumes migrated into it
ORB = [
    "orb update",
    "orbctl update",
    "env orb update",
    "orb migrate docker",
    "orbctl migrate docker",
]

ATTACKS = TAKEN_DOWN + NETBIRD_AND_TWINGATE + VPN_CLIENTS + NETWORKS_NAMED + ORB

# Asked off the sandbox on the base already (each its own module's): the rulings above are consistent with them;
# and the exposures, asked everywhere.
ASKED_ALREADY = [
    "wg-quick down wg0",
    "nmcli con down corp-vpn",
    "scutil --nc stop corp",
    "mullvad disconnect",
    "warp-cli disconnect",
    "minikube tunnel --cleanup",
    "zerotier-cli leave 8056c2e21c000001",
    "telepresence connect",
    "kubevpn connect",
    "netbird up",
    "openconnect vpn.corp.example",
    "nordvpn connect",
    "kind export kubeconfig",
    "kind export kubeconfig --name dev",
    "k3d kubeconfig merge dev --kubeconfig-switch-context",
    "minikube addons enable ingress",
    "minikube addons enable metrics-server -p dev",
]

EXPOSED_EVERYWHERE = [
    "tailscale serve 3000",
    "tailscale serve --bg 3000",
    "tailscale funnel 3000",
    "tailscale funnel --bg 443",
    "ngrok http 3000",
    "ngrok tcp 22",
    "cloudflared tunnel run web",
    "cloudflared tunnel --url http://localhost:3000",
    "ssh -R 8080:localhost:3000 bastion",
    "ssh -N -L 0.0.0.0:8080:db:5432 bastion",
    "ssh -g -L 8080:db:5432 bastion",
    "kubectl port-forward --address 0.0.0.0 svc/web 8080:80",
    "kubectl port-forward --address=0.0.0.0 pod/web 8080",
]

# Auto-approved in Brabo's sandbox on the base: they stay so there (the machine there is the sandbox).
SANDBOX_KEEPS = [
    "telepresence quit",
    "kubevpn disconnect",
    "netbird down",
    "twingate stop",
    "globalprotect disconnect",
    "ipsec down corp",
    "tsh vnet",
    "docker network create --subnet 10.0.0.0/8 wide",
    "docker network create -d macvlan -o parent=eth0 lan",
]

ORDINARY = [
    # the tunnels' and VPN clients' statuses, listings, versions, help
    "telepresence status",
    "telepresence list",
    "telepresence version",
    "telepresence quit --help",
    "kubevpn status",
    "kubevpn disconnect -h",
    "netbird status",
    "netbird status -d",
    "netbird routes list",
    "netbird networks ls",
    "netbird version",
    "netbird down --help",
    "twingate status",
    "twingate resources",
    "globalprotect show --status",
    "pritunl-client list",
    "piactl get region",
    "piactl monitor connectionstate",
    "windscribe status",
    "ivpn status",
    "netclient list",
    "ipsec status",
    "ipsec statusall",
    "ipsec version",
    "nebula -version",
    "nebula -test -config config.yml",
    "tsh status",
    "tsh ls",
    # container networks the engine places, and the rest of docker network's forms
    "docker network create backend",
    "docker network create -d bridge backend",
    "docker network create --driver=bridge --label app=web backend",
    "docker network create --label subnet x",
    "docker network create --internal backend",
    "docker network connect backend web",
    "docker network disconnect backend web",
    "docker network rm backend",
    "docker network prune -f",
    "docker network ls",
    "docker network inspect backend",
    "docker network create --help",
    "podman network create backend",
    "podman network ls",
    "docker run --network backend --rm alpine true",
    # orb's own readings (in auto mode; behind an allow of every word see the docstring)
    "orb list",
    "orb status",
    "orb info",
    "orb version",
    "orb logs dev",
    "orb doctor",
    "orb config get memory_mib",
    "orb update --help",
    "orb stop dev",
    # the browser opened on a cluster's service, through loopback (ruled)
    "minikube service web",
    "minikube service web --url",
    "minikube service list",
    "minikube addons list",
    "kubectl port-forward svc/web 8080:80",
]


@pytest.mark.parametrize("command", ATTACKS)
def test_never_auto_approved_off_the_sandbox(command):
    never_auto_where(command, places=OFF_THE_SANDBOX)


@pytest.mark.parametrize("command", ATTACKS)
def test_outside_the_path_scope_in_auto_mode_on_the_laptop(command):
    a_machine_change_on_the_laptop(command)


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("telepresence quit", "disconnects or reroutes the machine's network"),
        ("kubevpn disconnect", "disconnects or reroutes the machine's network"),
        ("netbird down", "disconnects or reroutes the machine's network"),
        ("globalprotect connect --portal x", "connects, disconnects or reroutes"),
        ("nebula -config config.yml", "routes the machine's traffic"),
        ("tsh vnet", "routes the machine's traffic"),
        ("netbird service stop", "the machine's services"),
        ("netbird logout", "keychain or the login"),
        ("docker network create --subnet 10.0.0.0/8 x", "changes the machine's network"),
        ("docker network create -d macvlan x", "changes the machine's network"),
    ],
)
def test_the_person_reads_what_it_changes(command, said):
    v = term(command, autonomy=AUTO_MODE, runs_in="host")
    assert v.reason == "cap_path_scope", v.reason
    assert said in v.message and "outside the" in v.message, v.message


@pytest.mark.parametrize("command", ASKED_ALREADY)
def test_what_asked_already_still_asks(command):
    never_auto_where(command, places=OFF_THE_SANDBOX)


@pytest.mark.parametrize("command", EXPOSED_EVERYWHERE)
def test_what_opens_the_machine_to_others_asks_everywhere(command):
    never_auto_where(command)


@pytest.mark.parametrize("command", SANDBOX_KEEPS)
def test_in_brabos_sandbox_it_changes_only_the_sandbox(command):
    stays_auto_where(command, places=("sandbox",))


@pytest.mark.parametrize("command", ORDINARY)
def test_statuses_listings_and_engine_placed_networks_stay_ordinary(command):
    stays_auto_where(command)


# OrbStack's own commands are orb's, not a program run in its machine (wrappers.WRAPPER_COMMANDS, views): an allow
# of `orb` covers the listings (they asked behind it on the base), and its machine changes keep their ruling.
@pytest.mark.parametrize("command", ["orb list", "orb status", "orb info", "orb version", "orb logs dev"])
def test_an_allow_of_orb_covers_its_own_listings(command):
    for runs_in in ("sandbox", "agent"):
        v = term(command, allow=("Terminal(orb)",), runs_in=runs_in)
        assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, runs_in, v.reason)


@pytest.mark.parametrize("command", ["orb stop", "orb start", "orb delete dev", "orb update"])
def test_an_allow_of_orb_does_not_lift_its_machine_changes_off_the_sandbox(command):
    v = term(command, allow=("Terminal(orb)",), runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.reason)
