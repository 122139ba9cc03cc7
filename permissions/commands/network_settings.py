"""The machine's network changed by the tools machine's rows did not read (SPEC §5 where it runs; red team,
session 21).

:mod:`permissions.commands.machine` reads ``networksetup``, ``nmcli``, ``ip``, ``ifconfig``, ``route``, the
firewalls: off Brabo's sandbox (``host``, ``agent``) a connection brought down, a DNS server or a route set, a
radio switched off is a change of the developer's machine outside the project -- its every other program's
traffic goes elsewhere or nowhere -- so it is outside the path scope in every mode (``cap_path_scope``). The
same holds for the other tools that do it, most of them without root on a laptop (a VPN client's daemon, the
desktop's resolver, NetworkManager's siblings): ``resolvectl dns|domain|default-route|llmnr|mdns|dnssec|
dnsovertls|nta|revert`` with a value, ``systemd-resolve --set-*|--revert``; WireGuard's ``wg-quick up|down|save``
and ``wg set|setconf|addconf|syncconf``; the VPN clients (``openvpn --config x``, ``openvpn3 session-start``,
``openconnect HOST``, ``vpnc``, ``nordvpn``/``mullvad``/``warp-cli``/``expressvpn``/``protonvpn`` but their
status and listings, ``zerotier-cli join|leave``); Wi-Fi (``iwconfig IFACE essid x``, ``iw dev x connect|set|
del``, ``iwctl station x connect|disconnect``, ``wpa_cli`` but its reads); leases (``dhclient``, ``dhcpcd``);
``ethtool -s|-K ...``, ``tc qdisc|class|filter add|change|del ...`` (any prefix: ``tc q a``), ``brctl
addbr|delbr|addif ...``, iproute2's ``bridge`` (read as ``ip``), ``arp -d|-s|-f``, ``networkctl
up|down|reconfigure|reload|renew|delete``, ``netplan apply|try|set|generate``, ``connmanctl`` but its reads,
``nmtui``, ``ifup``/``ifdown``, macOS's application firewall (``socketfilterfw --setglobalstate off``). Their
listings (``resolvectl status``, ``wg show``, ``tailscale status``, ``mullvad status``, ``iw dev``, ``tc qdisc
show``, ``ethtool eth0``, ``arp -a``) and a DNS cache flushed (``resolvectl flush-caches``: a cache, fetched
again) stay ordinary. Tailscale's ``up|down|set|serve|funnel`` ask already as external effects.

WireGuard's keys printed are the machine's saved network secrets (red team, session 22), as NetworkManager's are
(permissions.commands.peeks): ``wg showconf IFACE`` (the configuration, ``PrivateKey`` and ``PresharedKey`` in
it), ``wg show IFACE|all private-key|preshared-keys|dump`` (``dump``'s first line is the private key); ``wg show``
itself prints "(hidden)" and stays ordinary, with ``public-key``, ``peers``, ``endpoints`` ...
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.commands.peeks import WIFI
from permissions.commands.syntax import plain_words

__all__ = ["NETWORK_READERS", "REROUTED"]

REROUTED = (
    "connects, disconnects or reroutes the machine's network (a VPN, a DNS server, a link, a radio), outside the"
    " project"
)

Reader = Callable[[tuple[str, ...], tuple[str, ...]], "str | None"]

_HELPS = frozenset({"-h", "--help", "help", "--version", "-V", "version"})


def _closed(reads: str, values: str = "", *, bare: bool = False, groups: str = "") -> Reader:
    """A tool whose first word is one of ``reads`` (``word`` or ``group+word`` for a word of ``groups``) or it
    changes the network; a bare run changes it when ``bare`` (a tool that connects by default)."""
    known = frozenset(reads.split())
    opts = frozenset(values.split())
    grouped = frozenset(groups.split())

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        if not _HELPS.isdisjoint(view[1:]):
            return None
        subs = [w.lower() for w in plain_words(view[1:], opts)]
        if not subs:
            return REROUTED if bare else None
        if subs[0] in grouped and len(subs) > 1:
            return None if f"{subs[0]}+{subs[1]}" in known else REROUTED
        return None if subs[0] in known else REROUTED

    return read


def _open(writes: str = "", flags: str = "", values: str = "", *, anywhere: bool = False) -> Reader:
    """A tool that changes the network with one of ``writes`` as its first word (``word+word`` forms too; with
    ``anywhere``, any of its words), or an option starting with one of ``flags``."""
    forms = frozenset(writes.split())
    prefixes = tuple(flags.split())
    opts = frozenset(values.split())

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        args = view[1:]
        if not _HELPS.isdisjoint(args):
            return None
        if prefixes and any(w.startswith(prefixes) for w in args if w[:1] == "-"):
            return REROUTED
        subs = [w.lower() for w in plain_words(args, opts)]
        if anywhere:
            return REROUTED if not forms.isdisjoint(subs) else None
        pair = "+".join(subs[:2])
        return REROUTED if subs[:1] and (subs[0] in forms or pair in forms) else None

    return read


def _every(*reads: str) -> Reader:
    """A tool whose every run with an argument changes the network (a VPN client given a server, a lease
    asked for), but for its listings and help (``reads``)."""
    quiet = _HELPS | frozenset(reads)

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        return REROUTED if len(view) > 1 and quiet.isdisjoint(view[1:]) else None

    return read


def _always(*reads: str) -> Reader:
    """session 27: a tool whose every run changes the network, bare too (a dialer's default connection, a
    proxy's default configuration), but for its help and ``reads``."""
    quiet = _HELPS | frozenset(reads)
    return lambda view, words: REROUTED if quiet.isdisjoint(view[1:]) else None


_RESOLVE_SETTINGS = frozenset("dns domain default-route llmnr mdns dnssec dnsovertls nta log-level".split())


def _resolvectl(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``resolvectl SETTING LINK VALUE...`` sets it (``SETTING LINK`` prints it), ``revert LINK`` drops a link's
    settings; ``log-level LEVEL`` sets the daemon's."""
    subs = plain_words(
        view[1:], frozenset({"-i", "--interface", "-p", "--protocol", "-t", "--type", "-c", "--class"})
    )
    if not subs or not _HELPS.isdisjoint(view[1:]):
        return None
    sub = subs[0].lower()
    if sub == "revert" or (sub == "log-level" and len(subs) > 1):
        return REROUTED
    return REROUTED if sub in _RESOLVE_SETTINGS and len(subs) > 2 else None


def _iwconfig(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``iwconfig IFACE SETTING VALUE`` (``essid``, ``mode``, ``txpower off`` ...); ``iwconfig [IFACE]``
    prints."""
    return REROUTED if len(plain_words(view[1:], frozenset())) > 1 else None


# tc's objects and the verbs that change them (tc takes any prefix of a verb, the first in its own order
# winning: `tc q a` is `tc qdisc add`, `tc q l` is `tc qdisc link`)
_TC_CHANGES = ("add", "change", "replace", "link", "delete", "del")


def _tc(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    subs = plain_words(view[1:], frozenset({"-n", "-netns", "-b", "-batch", "-c", "-color"}))
    if any(w in ("-b", "-batch") for w in view[1:]):
        return REROUTED
    if len(subs) < 2:
        return None
    verb = subs[1].lower()
    return REROUTED if any(c.startswith(verb) for c in _TC_CHANGES) else None


_WG_CHANGES = _open("set setconf addconf syncconf")
_WG_KEYS = frozenset(("private-key", "preshared-keys", "dump"))


def _wg(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``wg showconf IFACE`` and ``wg show IFACE|all private-key|preshared-keys|dump`` print its keys; the
    changes are _WG_CHANGES'."""
    subs = [w.lower() for w in plain_words(view[1:], frozenset())]
    if _HELPS.isdisjoint(view[1:]) and (
        subs[:1] == ["showconf"] or (subs[:1] == ["show"] and not _WG_KEYS.isdisjoint(subs[2:]))
    ):
        return WIFI
    return _WG_CHANGES(view, words)


_ARP_CHANGES = frozenset("dsf")


def _arp(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``arp -d|-s|-f`` (any cluster: ``-ad``), ``--delete|--set|--file``: the machine's neighbour table."""
    for w in view[1:]:
        if w in ("--delete", "--set", "--file"):
            return REROUTED
        if w[:1] == "-" and w[1:2] != "-" and not _ARP_CHANGES.isdisjoint(w[1:]):
            return REROUTED
    return None


NETWORK_READERS: dict[str, Reader] = {
    "resolvectl": _resolvectl,
    "systemd-resolve": _open(flags="--set- --revert"),
    "wg-quick": _open("up down save"),
    "wg": _wg,
    "zerotier-cli": _open("join leave set orbit deorbit", values="-D -p -T"),
    "openvpn": _every(
        "--show-ciphers",
        "--show-digests",
        "--show-tls",
        "--show-engines",
        "--show-curves",
        "--show-groups",
        "--genkey",
    ),
    "openvpn3": _open("session-start session-manage session-acl config-import", values="-c --config"),
    "openconnect": _every(),
    "vpnc": _every("--long-help"),
    "vpnc-disconnect": lambda v, w: REROUTED,
    "nordvpn": _closed("status account settings countries cities groups version help meshnet+peer"),
    "mullvad": _closed(
        "status version help account+get relay+list relay+get dns+get lan+get auto-connect+get"
        " lockdown-mode+get obfuscation+get tunnel+get split-tunnel+list",
        groups="account relay dns lan auto-connect lockdown-mode obfuscation tunnel split-tunnel",
    ),
    "warp-cli": _closed(
        "status settings stats help registration+show tunnel+stats debug+network debug+qlog",
        groups="registration tunnel debug",
    ),
    "expressvpn": _closed("status list ls diagnostics help preferences", groups="preferences"),
    **dict.fromkeys(("protonvpn", "protonvpn-cli"), _closed("status s help --version")),
    "iwconfig": _iwconfig,
    "iw": _open("connect disconnect set del add join leave offchannel switch", anywhere=True),
    "iwctl": _open(
        "connect connect-hidden disconnect set-property forget start stop start-profile push-button pin",
        anywhere=True,
    ),
    "wpa_cli": _closed(
        "status ping list_networks scan scan_results mib bss get_network signal_poll interface_list"
        " get_capability help",
        values="-i -p -P -g -G -a",
        bare=True,
    ),
    "dhclient": _every(),
    "dhcpcd": _every("-U", "--dumplease", "-T", "--test", "--variables"),
    "ethtool": _open(
        flags="-s --change -K --features --offload -A --pause -C --coalesce -G --set-ring -L --set-channels"
        " -E --change-eeprom -f --flash -r --negotiate --reset -W --set-dump -U --config-ntuple -N"
        " --config-nfc -X --set-rxfh --set-priv-flags --set-eee --set-fec --set-phy-tunable --set-tunable"
        " --set-module --set-plca-cfg --set-mm --set-pse"
    ),
    "tc": _tc,
    "brctl": _open(
        "addbr delbr addif delif setageing setbridgeprio setfd sethello setmaxage setpathcost setportprio stp"
        " hairpin"
    ),
    "arp": _arp,
    "networkctl": _open("up down reload reconfigure renew forcerenew delete edit persistent-storage"),
    "netplan": _open("apply try set generate"),
    "connmanctl": _closed("state technologies services peers clock help monitor", bare=True),
    "nmtui": lambda v, w: None if not _HELPS.isdisjoint(v[1:]) else REROUTED,
    **dict.fromkeys(("ifup", "ifdown"), _every("-n", "--no-act")),
    # session 27: more VPN clients, each connecting the machine but for its listings and help -- Surfshark's, strongSwan's
    # ``swanctl`` (its actions are options) and ``strongswan`` (``ipsec``'s name on some systems), CyberGhost,
    # Hotspot Shield, NordLayer, PureVPN, AdGuard VPN, Cisco's ``vpn``, Fortinet's ``openfortivpn``, F5's
    # ``f5fpc``, Check Point's ``snx``, GlobalProtect's ``gpclient``, Tunnelblick's ``tunnelblickctl``,
    # WireGuard's userspace ``wireguard-go``, the PPP and L2TP and SSTP dialers (``pon``/``poff``, ``pppd``,
    # ``xl2tpd-control``, ``sstpc``), Windows' ``rasdial``/``rasphone``, and the proxies that may route the
    # machine's traffic through a TUN device their configuration asks for (``sing-box run``, ``mihomo``,
    # ``clash``)
    "surfshark-vpn": _closed("status version help"),
    "swanctl": _open(
        flags="--initiate --terminate --rekey --redirect --install --uninstall --load-all --load-conns"
        " --load-creds --load-pools --load-authorities --reload-settings --flush-certs -i -t -R -d -p -u -q -c -s"
        " -a -b -r -f"
    ),
    "strongswan": _open("up down start stop restart reload update route unroute"),
    "cyberghostvpn": _open(flags="--connect --stop --setup --firewall"),
    "hotspotshield": _closed("status account locations version help"),
    "nordlayer": _closed("status settings help version"),
    "purevpn": _open(flags="--connect --disconnect --set"),
    "adguardvpn-cli": _closed("status list-locations license check-update help config+show", groups="config"),
    "vpn": _closed("state stats hosts help version", bare=True),
    "openfortivpn": _every(),
    "f5fpc": _open(flags="--start --stop -s -o"),
    "snx": _always(),
    "gpclient": _open("connect disconnect launch-gui"),
    "tunnelblickctl": _open("connect disconnect quit launch"),
    "wireguard-go": _every(),
    **dict.fromkeys(("pon", "poff"), _always()),
    "pppd": _every(),
    "xl2tpd-control": _open("connect disconnect connect-lac disconnect-lac add-lac remove-lac"),
    "sstpc": _every(),
    "rasdial": _every(),
    "rasphone": _every(),
    "sing-box": _open("run"),
    **dict.fromkeys(("mihomo", "clash", "clash-meta"), _always("-t", "-v")),
    "socketfilterfw": _open(
        flags="--setglobalstate --setblockall --setallowsigned --setallowsignedapp --setstealthmode"
        " --setloggingmode --setloggingopt --add --remove --blockapp --unblockapp --block --unblock"
    ),
}
