"""Networks scanned and machines attacked from where the command runs (SPEC §5 step 6, effects by family; red
team, session 20). A port scan of another machine or of a whole network is how one tenant finds another from a
shared worker (``nmap -sT 172.17.0.0/16``), and an exploitation console or a load test run from the sandbox acts
on whoever it targets: an external effect, as an upload is. The same tools aimed at this machine's own loopback
(a test of one's own server) stay as they were, and so does a lookup or a probe of one port of one name the
command spells (``nc -z db 5432``, ``ping host``: permissions.commands.uploads reads what they send).

- port scanners and packet crafters: ``nmap``, ``masscan``, ``unicornscan``, ``hping3``, ``nping``, ``arp-scan``
  and ``netdiscover`` (a local network's every host), ``fping -g`` (a range): any target that is not the
  loopback, a random one (``nmap -iR``), an idle-scan zombie or an FTP bounce (``-sI``, ``-b``);
- netcat's scan mode over more than one port (``nc -zv h 1-1000``, ``nc -z h 22 80 443``);
- Metasploit's console (``msfconsole``, ``msfconsole -x '...'``, ``-r script.rc``): what it runs is exploits;
- load tests that name their target: Locust's ``--host``, Artillery's ``--target``/``quick URL``, its cloud
  runners (``run-fargate``, ``run-lambda``, ``run-aci``) and results recorded to its cloud (``--record``), k6's cloud runs (``k6 cloud``, ``k6 run --out cloud``).

Read by ``permissions.commands.families`` (besides what permissions.commands.uploads reads of the same verbs).
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.commands.listeners import _binds_elsewhere, _named_value
from permissions.commands.script_binds import bound_to_loopback

__all__ = ["READERS"]

_QUIET = frozenset({"-h", "--help", "-V", "--version", "-v"})

# Options whose value is the next word (when not glued), per scanner: the rest of the operands are targets.
_NMAP_VALUES = frozenset(
    (
        "-p -e -S -D -g -oN -oX -oS -oG -oA -oM -iL --script --script-args --script-args-file --script-help"
        " --top-ports --port-ratio --max-rate --min-rate --max-retries --host-timeout --scan-delay"
        " --max-scan-delay --exclude --excludefile --exclude-ports --data --data-string --data-length --ttl"
        " --spoof-mac --proxies --proxy --datadir --dns-servers --max-parallelism --min-parallelism"
        " --min-hostgroup --max-hostgroup --version-intensity --stylesheet --servicedb --versiondb"
        " --script-timeout --initial-rtt-timeout --max-rtt-timeout --min-rtt-timeout --source-port --mtu"
        " --ip-options --resume"
    ).split()
)
_NMAP_ELSEWHERE = ("-iR", "-sI", "-b")  # random targets, an idle-scan zombie, an FTP bounce
_MASSCAN_VALUES = frozenset(
    (
        "-p --ports --rate --max-rate --exclude --excludefile -oX -oG -oJ -oL -oB -oD --adapter --adapter-ip"
        " --adapter-port --adapter-mac --router-mac --router-ip --source-ip --source-port --ttl --wait --shard"
        " --seed --retries -iL --includefile -c --conf --resume --http-user-agent --echo"
    ).split()
)
_HPING_VALUES = frozenset(
    (
        "-c --count -i --interval -I --interface -s --baseport -p --destport -d --data -E --file -a --spoof -t"
        " --ttl -w --win -o --tos -M --setseq -L --setack -N --id -H --ipproto -O --tcpoff -e --sign -g --fragoff"
        " -m --mtu -C --icmptype -K --icmpcode -T"
    ).split()
)
_NPING_VALUES = frozenset(
    (
        "-c --count -p --dest-port -g --source-port --rate --delay -e --interface -S --source-ip --ttl --data"
        " --data-string --data-length --icmp-type --icmp-code --flags --seq --ack --win --dest-ip --dest-mac"
        " --source-mac -H"
    ).split()
)
_UNICORN_VALUES = frozenset(
    "-m --mode -p --ports -r --pps -R --repeats -i --interface -s --source-addr".split()
)
_ARP_VALUES = frozenset(
    "-I --interface -f --file -t --timeout -r --retry -B --bandwidth -i --interval".split()
)


def _targets(view: tuple[str, ...], values: frozenset[str]) -> list[str]:
    """The operands of ``view`` that are not an option's value (``-p 80``; glued values, ``-p80``, are one word)."""
    out: list[str] = []
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w[:1] != "-":
            out.append(w)
        elif w in values:
            k += 1
    return out


def _elsewhere(targets: list[str]) -> bool:
    return any(not bound_to_loopback(t.strip("'\"")) for t in targets)


def _scan(
    values: frozenset[str], elsewhere_options: tuple[str, ...] = ()
) -> Callable[[tuple[str, ...]], bool]:
    """A scanner's reader: a target not on the loopback, or an option that aims it elsewhere."""

    def read(view: tuple[str, ...]) -> bool:
        if len(view) == 2 and view[1] in _QUIET:
            return False
        if any(w.partition("=")[0] in elsewhere_options for w in view[1:]):
            return True
        return _elsewhere(_targets(view, values))

    return read


def _masscan(view: tuple[str, ...]) -> bool:
    """masscan: its operands and ``--range`` values (the spaced value is an operand to :func:`_targets`)."""
    glued = [w.partition("=")[2] for w in view[1:] if w.startswith("--range=")]
    return _elsewhere(glued) or _MASSCAN(view)


def _every_host(view: tuple[str, ...]) -> bool:
    """``arp-scan``/``netdiscover``: the local network's every host unless only loopback is named."""
    if len(view) == 2 and view[1] in _QUIET:
        return False
    if any(w in ("-l", "--localnet", "-r", "-p", "-P") or w.startswith("--localnet") for w in view[1:]):
        return True
    targets = _targets(view, _ARP_VALUES)
    return not targets or _elsewhere(targets)


def _fping(view: tuple[str, ...]) -> bool:
    """``fping -g`` generates a range of targets (a sweep); pinging the names spelled stays a ping."""
    if not any(w in ("-g", "--generate") for w in view[1:]):
        return False
    return _elsewhere(_targets(view, frozenset("-c -C -i -p -t -r -b -B -O -Q -S -I -f --file".split())))


_NC_VALUES = frozenset("-w -i -p -s -e -c -q -X -x -I -O -T -V -W".split())


def _nc_scan(view: tuple[str, ...]) -> bool:
    """netcat's ``-z`` over more than one port (a range, a list, several operands) of a host not on the
    loopback: a port scan. One port of one host (``nc -z db 5432``, waiting for a service) stays a probe."""
    if not any(w[:1] == "-" and w[1:2] != "-" and "z" in w for w in view[1:]):
        return False
    operands = _targets(view, _NC_VALUES)
    if len(operands) < 2 or bound_to_loopback(operands[0]):
        return False
    ports = operands[1:]
    return len(ports) > 1 or any("-" in p or "," in p for p in ports)


def _msfconsole(view: tuple[str, ...]) -> bool:
    return not (len(view) == 2 and view[1] in _QUIET)


def _locust(view: tuple[str, ...]) -> bool:
    """Locust's target (``--host URL``, ``-H URL``): another machine's, or none after the option (fail closed)."""
    return _binds_elsewhere(view, ("--host", "-H"))


_ARTILLERY_CLOUD = frozenset({"run-fargate", "run-lambda", "run-aci", "run-cluster"})


def _artillery(view: tuple[str, ...]) -> bool:
    words = [w for w in view[1:] if w[:1] != "-"]
    if words[:1] and words[0] in _ARTILLERY_CLOUD:
        return True
    if words[:1] == ["quick"]:
        return _elsewhere([w for w in words[1:] if "://" in w] or ["?"])
    if words[:1] == ["run"] and any(w.partition("=")[0] in ("--record", "--key") for w in view[2:]):
        return True  # the run's results sent to Artillery Cloud
    return words[:1] == ["run"] and _binds_elsewhere(view, ("--target", "-t"))


def _k6(view: tuple[str, ...]) -> bool:
    """``k6 cloud`` runs the test from Grafana's machines; ``k6 run --out cloud`` (``-o cloud``) streams the
    results there. ``k6 run script.js`` runs a script no rule reads, as ``node script.js`` does."""
    words = [w for w in view[1:] if w[:1] != "-"]
    if words[:1] == ["cloud"]:
        return not (words[1:2] == ["login"] or "--help" in view)
    return any(v.startswith("cloud") for v in _named_value(view, ("--out", "-o")) or ())


_MASSCAN = _scan(_MASSCAN_VALUES)

READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "nmap": _scan(_NMAP_VALUES, _NMAP_ELSEWHERE),
    "masscan": _masscan,
    "unicornscan": _scan(_UNICORN_VALUES),
    "hping3": _scan(_HPING_VALUES),
    "hping": _scan(_HPING_VALUES),
    "nping": _scan(_NPING_VALUES),
    "arp-scan": _every_host,
    "netdiscover": _every_host,
    "fping": _fping,
    "nc": _nc_scan,
    "ncat": _nc_scan,
    "netcat": _nc_scan,
    "msfconsole": _msfconsole,
    "locust": _locust,
    "artillery": _artillery,
    "k6": _k6,
}
