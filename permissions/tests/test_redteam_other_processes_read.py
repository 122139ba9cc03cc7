"""Red team, §5 where it runs and R6 (permissions.commands.peeks): another process read, or the machine's traffic.

On the developer's machine a tracer or debugger attached to a process the command did not start reads what it
holds and does (a password typed in another terminal, a token in a server's memory), a memory dump writes it to
a file, and a packet capture reads every application's traffic: outside the project, though no path says so --
``cap_path_scope`` on ``host`` and ``agent`` in every mode, as `cat /proc/1234/environ` already is. 112 of the
124 PEEKS cases were auto-approved there on 7d2c7f4 under an allow of every word or in auto mode; the other 12
asked already for another reason (an interactive debugger on the agent's machine, gdb's `-ex` commands,
gdbserver's listener, sudo) and are kept as guards. In Brabo's sandbox they keep their answer,
and a process the command starts itself stays ordinary everywhere.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, allow_every_word, term

OFF_SANDBOX = ("host", "agent")

PEEKS = [
    "strace -p 1234",
    "strace -p 1234 -e trace=read",
    "strace -fp 1234",
    "strace -f -p 1234 -o out.txt",
    "strace --attach=1234",
    "strace -p1234",
    "strace -s 200 -e write -p 4321",
    "ltrace -p 1234",
    "gdb -p 1234",
    "gdb --pid=1234",
    "gdb -batch -p 1234",
    "gdb /usr/bin/node 1234",
    "gdb -batch -ex 'attach 1234' -ex bt",
    "lldb -p 1234",
    "lldb --attach-name Safari",
    "gdbserver --attach :9999 1234",
    "py-spy dump --pid 1234",
    "py-spy dump -p 1234 --locals",
    "py-spy record -p 1234 -o out.svg",
    "py-spy top --pid 1234",
    "rbspy record --pid 1234",
    "heaptrack -p 1234",
    "perf record -p 1234",
    "perf record -a -g",
    "perf stat -a sleep 1",
    "perf top",
    "perf trace",
    "dtruss -p 1234",
    "gcore 1234",
    "gcore -o dump 1234",
    "reptyr 1234",
    "pyrasite 1234 payload.py",
    "jmap -dump:live,format=b,file=heap.hprof 1234",
    "jcmd 1234 VM.system_properties",
    "jstack 1234",
    "jattach 1234 properties",
    "jhsdb jmap --heap --pid 1234",
    "sample Safari 5",
    "memray attach 1234",
    "dotnet-dump collect -p 1234",
    "dotnet-trace collect --process-id 1234",
    "dotnet-counters monitor -n MyApp",
    "criu dump -t 1234 -D ckpt",
    "bpftrace -e 'tracepoint:syscalls:sys_enter_read { @[comm] = count(); }'",
    "dtrace -n 'syscall:::entry'",
    "opensnoop",
    "execsnoop-bpfcc",
    "sslsniff-bpfcc",
    "bashreadline",
    "tcpconnect -t",
    "tcpdump -i any",
    "tcpdump -i lo0 -A port 8080",
    "tcpdump -w out.pcap",
    "tshark -i any",
    "tshark -i eth0 -Y http",
    "dumpcap -i any -w x.pcapng",
    "ngrep -d any password",
    "tcpflow -i any -c",
    "termshark -i any",
    "sudo tcpdump -i any",
    "timeout 10 tcpdump -i any",
    "env strace -p 1234",
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", PEEKS)
def test_another_process_or_the_traffic_read_off_the_sandbox_asks(command: str, runs_in: str) -> None:
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, allow=allow_every_word(command), runs_in=runs_in),
    ):
        assert v.decision == "require_approval", (command, runs_in, v.reason)
        # (or asked already for another reason: an interactive debugger, gdb's -ex commands, a server)
        assert v.reason in (
            "cap_path_scope",
            "unparseable",
            "default",
            "cap_external_effect",
            "cap_privileged",
        ), (command, v.reason)


ORDINARY = [
    "strace -f ./app",
    "strace -c -o out.txt python3 x.py",
    "strace -e trace=open ls",
    "ltrace ./app",
    "py-spy record -o out.svg -- python x.py",
    "perf record -g -- make",
    "perf stat -- ./bench",
    "perf report",
    "tcpdump -r capture.pcap",
    "tcpdump -D",
    "tshark -r capture.pcap -Y http",
    "tshark -D",
    "jstack --help",
    "bpftrace -l",
    "lsof -i :3000",
]


@pytest.mark.parametrize("runs_in", (*OFF_SANDBOX, "sandbox"))
@pytest.mark.parametrize("command", ORDINARY)
def test_a_process_the_command_starts_or_a_capture_file_stays_ordinary(command: str, runs_in: str) -> None:
    v = term(command, allow=allow_every_word(command), runs_in=runs_in)
    assert v.reason != "cap_path_scope", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command", ["strace -p 1234", "py-spy dump --pid 1234", "tcpdump -i any", "gcore 1234"]
)
def test_in_the_sandbox_they_keep_their_answer(command: str) -> None:
    v = term(command, allow=allow_every_word(command), runs_in="sandbox")
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.reason)
