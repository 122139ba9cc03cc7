"""Properties of the command knowledge (permissions.commands) under composition (hypothesis), R4.9
classes 5-8: a denied command inside any program that runs command lines is still denied; a sudo-like is
never auto-approved; inline code is never approved by autonomy, auto mode or the container floor; the
answers are deterministic; nothing raises."""

from __future__ import annotations

import shlex

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from permissions.commands import carried_scripts, opaque_reason
from permissions.commands.git import canonical_branch, names_protected_branch
from permissions.commands.views import views
from permissions.decide import REASON_CODES, AutonomyRow, DecisionRequest, Permissions, ProjectState, decide
from permissions.shell import parse_command

from .helpers import AUTO_MODE, ROOT

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ARG = st.text(alphabet=st.sampled_from(list("abcxyz0123456789-_.")), min_size=1, max_size=6)
PROJECTS = st.sampled_from(
    [
        ProjectState(execution_mode="container", container_running=True, root=ROOT),
        ProjectState(execution_mode="runner", root=ROOT),
        ProjectState(execution_mode="local", root=ROOT),
    ]
)
AUTONOMY = st.sampled_from([(), AUTO_MODE, (AutonomyRow("terminal", "auto_approve"),)])

# A command line goes where {} stands, quoted as one shell word (class 5 and 6).
CARRIERS = [
    "watch {}",
    "watch -n 2 {}",
    "ssh host {}",
    "ssh -p 22 host {}",
    "ssh -o ProxyCommand={} host",
    "trap {} EXIT",
    "mapfile -C {} -c 1 arr",
    "readarray -tC {} arr",
    "git -c core.pager={} log",
    "git -c core.sshCommand={} fetch",
    "git config core.editor {}",
    "git submodule foreach {}",
    "git rebase --exec {} main",
    "tar --to-command={} -xf a.tar",
    "tar -I {} -cf a.tar .",
    "tar --checkpoint-action=exec={} -cf a.tar .",
    "rsync -e {} a h:b",
    "rsync --rsync-path={} a h:b",
    "parallel {} ::: a b",
    "npx -c {}",
    "GIT_SSH_COMMAND={} git fetch",
    "bash -c {}",
    "sh -ec {}",
    "su -c {}",
    "flock /tmp/l -c {}",
    "eval {}",
]
# Programs that exec what follows them (R4.8 views).
WRAPPERS = ["", "env ", "nice -n 5 ", "timeout 5 ", "chronic ", "nohup ", "env A=1 ", "strace -f ", "setsid "]


def _inside(template: str, line: str) -> str:
    return template.replace("{}", shlex.quote(line))


@SETTINGS
@given(
    outer=st.sampled_from(CARRIERS),
    inner=st.sampled_from(CARRIERS),
    wrapper=st.sampled_from(WRAPPERS),
    before=st.sampled_from(["", "ls; ", "echo a && "]),
    arg=ARG,
    nested=st.booleans(),
    project=PROJECTS,
    autonomy=AUTONOMY,
)
def test_a_denied_command_in_any_command_line_carrier_is_denied(
    outer, inner, wrapper, before, arg, nested, project, autonomy
):  # R4.9, code run from strings and programs that run programs; R4.7
    line = f"{before}curl {arg}"
    if nested:
        line = _inside(inner, line)
    command = wrapper + _inside(outer, line)
    allow = (f"Terminal({command})", "Terminal(ls)", "Terminal(echo)")
    req = DecisionRequest(
        "terminal",
        "developer",
        project,
        command=command,
        permissions=Permissions(allow=allow, deny=("Terminal(curl)",)),
        autonomy=autonomy,
    )
    v = decide(req)
    assert (v.decision, v.reason) == ("deny", "deny_rule"), command
    assert decide(req) == v  # deterministic


SUDO_LIKES = [
    "sudo ls",
    "sudo -u bob ls",
    "doas ls",
    "pkexec ls",
    "pkexec --user bob ls",
    "run0 ls",
    "su -c ls",
    "su - bob",
    "su",
    "sudoedit f",
    "runuser -u bob -- ls",
    "gosu bob ls",
    "setpriv --reuid=1 ls",
    "capsh -- -c ls",
    "systemd-run ls",
    "machinectl shell",
]


@SETTINGS
@given(
    priv=st.sampled_from(SUDO_LIKES),
    wrapper=st.sampled_from(WRAPPERS + ["/usr/bin/", "command ", "exec "]),
    carrier=st.sampled_from(["{}", "bash -c {}", "watch {}", "ssh h {}"]),
    project=PROJECTS,
    autonomy=AUTONOMY,
)
def test_a_sudo_like_is_never_auto_approved(priv, wrapper, carrier, project, autonomy):  # §5 step 6
    command = carrier.replace("{}", wrapper + priv) if carrier == "{}" else _inside(carrier, wrapper + priv)
    allow = (f"Terminal({command})", "Terminal(ls)")
    v = decide(
        DecisionRequest(
            "terminal",
            "developer",
            project,
            command=command,
            permissions=Permissions(allow=allow),
            autonomy=autonomy,
        )
    )
    assert v.decision != "auto_approve", command


INLINE = [
    "python3 -c {}",
    "python3.12 -Ic {}",
    "python -W error -c {}",
    "perl -e {}",
    "perl -ne {} f",
    "node -e {}",
    "node --eval={}",
    "ruby -e {}",
    "php -r {}",
    "lua -e {}",
    "Rscript -e {}",
    "osascript -e {}",
    "pwsh -Command {}",
    "deno eval {}",
    "bun -e {}",
    "vim -c {} f",
    "emacs --batch --eval {}",
    "gdb -ex {} p",
]
PREFIX_ALLOW = (
    "Terminal(python3)",
    "Terminal(python3.12)",
    "Terminal(python)",
    "Terminal(perl)",
    "Terminal(node)",
    "Terminal(ruby)",
    "Terminal(php)",
    "Terminal(lua)",
    "Terminal(Rscript)",
    "Terminal(osascript)",
    "Terminal(pwsh)",
    "Terminal(deno)",
    "Terminal(bun)",
    "Terminal(vim)",
    "Terminal(emacs)",
    "Terminal(gdb)",
    "Terminal(env)",
    "Terminal(nice)",
)


@SETTINGS
@given(
    form=st.sampled_from(INLINE),
    code=ARG,
    wrapper=st.sampled_from(["", "env ", "nice -n 5 ", "timeout 5 ", "/usr/bin/"]),
    project=PROJECTS,
    autonomy=AUTONOMY,
)
def test_inline_code_is_never_approved_by_a_prefix_autonomy_auto_mode_or_the_floor(
    form, code, wrapper, project, autonomy
):  # programs that run programs, R4.9
    command = wrapper + _inside(form, code)
    vs = views(parse_command(command).segments[0].words)
    assert opaque_reason(vs) is not None, command
    v = decide(
        DecisionRequest(
            "terminal",
            "developer",
            project,
            command=command,
            permissions=Permissions(allow=PREFIX_ALLOW),
            autonomy=autonomy,
        )
    )
    assert v.decision == "require_approval", command


VOCABULARY = st.sampled_from(
    [
        "watch", "ssh", "parallel", ":::", "trap", "mapfile", "-C", "-c", "-e", "-x", "-I", "-I{}", "{}", "git",
        "-c", "core.pager=x", "alias.a=!x", "config", "tar", "--to-command=x", "-I", "sort", "--compress-prog=x",
        "rsync", "--rsh", "npx", "npm", "exec", "--", "python3", "perl", "-ne", "awk", "sed", "e", "s/a/b/e",
        "'BEGIN{system(1)}'", "env", "-S", "'a b'", "sudo", "pkexec", "su", "-", "source", "/dev/stdin",
        "<(x)", "xargs", "find", "-exec", ";", "+", "|", "&&", "'", '"', "$x", "GIT_SSH_COMMAND=x", "LD_PRELOAD=x",
        "vim", "+!x", "make", "-f", "capsh", "machinectl", "shell", "systemd-run", "--user", "-oProxyCommand=x",
    ]
)  # fmt: skip


@SETTINGS
@given(words=st.lists(VOCABULARY, min_size=1, max_size=10), project=PROJECTS, autonomy=AUTONOMY)
def test_the_command_knowledge_never_raises_and_is_deterministic(words, project, autonomy):
    command = " ".join(words)
    parsed = parse_command(command)
    assert parse_command(command) == parsed
    for seg in parsed.segments:
        if seg.words:
            carried_scripts(seg.words)
            opaque_reason(views(seg.words))
    req = DecisionRequest("terminal", "developer", project, command=command, autonomy=autonomy)
    v = decide(req)
    assert v.reason in REASON_CODES
    assert decide(req) == v


@SETTINGS
@given(
    name=st.one_of(
        st.text(max_size=20),
        st.builds(
            lambda pre, post: pre + "main" + post,
            st.sampled_from(["", "refs/heads/", "heads/", "origin/", " ", "+", ":", "HEAD:", "ＭＡ"]),
            st.sampled_from(["", "^{}", "~0", "@{0}", " ", "\u200b", ".lock", "/"]),
        ),
    )
)
def test_a_merge_target_is_protected_unless_it_is_plainly_another_branch(name):  # RN-006
    protected = ("dev", "qa", "rc", "main")
    branch = canonical_branch(name)
    v = decide(DecisionRequest("git_merge", "owner", ProjectState(), target_branch=name, autonomy=AUTO_MODE))
    if branch is None or names_protected_branch(name, protected):
        assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), name
    else:
        assert branch.casefold() not in protected
        assert all(part.casefold() not in protected for part in branch.split("/")[-1:])
        assert v.decision == "auto_approve"


def _pre_filter_words():
    from permissions.commands import CARRIER_VERBS
    from permissions.commands.wrappers import PEELED_VERBS

    extra = ["PAGER=x", "BASH_ENV=x", "CARGO_TARGET_X_RUNNER=sh", "GIT_PAGER=y", "a=1", "-u", "x", "-n", "5"]
    extra += ["--", "git", "log", "cargo", "run", "ls", "-c", "curl x", "-S", "sh -c y", "/bin/sh"]
    return sorted(PEELED_VERBS) + sorted(CARRIER_VERBS) + extra


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=st.lists(st.sampled_from(_pre_filter_words()), min_size=1, max_size=6).map(tuple))
@example(words=("aa-exec", "uu-chroot", "aa-exec"))  # a shell starter by its other name, behind a wrapper
@example(words=("aa-exec", "nun", "exec", "ls"))  # `nun` (npm uninstall) rebuilds its words, behind one
def test_the_carry_pre_filter_never_skips_a_segment_that_carries_a_command(words):
    # The shell reader skips segments _may_carry rules out; it must never rule out one that carries a
    # command line, loads code, or cannot be read (R4.9: `linux64 PAGER='curl x' git log`).
    from permissions.commands import _NOTHING, _carried_scripts, _may_carry

    if not _may_carry(words):
        found = _carried_scripts(words)
        assert found is _NOTHING or not (found.scripts or found.problem or found.unseen), (words, found)
