"""R3.7 by family, red team: the files a program runs or reads at its start without being asked, beyond the
ones the table named -- the other interpreters' start-up files (most read from the working folder first: R's
.Rprofile, GHCi's .ghci, IEx's .iex.exs, Octave's .octaverc, OCaml's .ocamlinit, the Perl debugger's .perldb),
the other shells', the editors' start-up files and plugin folders, the other version control systems' settings
and hooks (Mercurial, Jujutsu, Subversion), the same package-manager settings under other managers' names, more
clients' credentials and settings, and what a desktop session or the user's service manager starts on its own.

Written as an attacker would: each file written by every kind of shell write, in the project and in the home
folder, where the command runs (Brabo's sandbox, the developer's machine), under auto mode, a terminal autonomy
row and an allow of every word; through the typed ``write_file``; and by the tool's own command that writes it.
None is auto-approved. The names beside them, and the tools' reads, stay ordinary.
"""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow
from permissions.protected_paths import protected_file

from .helpers import AUTO_MODE, CONTAINER_RUNNING, typed
from .redteam import never_auto_where, stays_auto_where

FILES = [
    # interpreters, debuggers and REPLs: the working folder's file first, then home's
    ".Rprofile",
    "analysis/.Rprofile",
    "~/.Rprofile",
    "Rprofile.site",
    ".ghci",
    "~/.ghc/ghci.conf",
    "~/.config/ghc/ghci.conf",
    ".iex.exs",
    "~/.erlang",
    ".octaverc",
    ".ocamlinit",
    ".perldb",
    ".psysh.php",
    "~/.config/psysh/config.php",
    "~/.julia/config/startup.jl",
    "~/.ipython/profile_default/startup/00-x.py",
    "~/.ipython/profile_default/ipython_config.py",
    "~/.jupyter/jupyter_server_config.py",
    "~/.sqliterc",
    "~/.sbclrc",
    "~/.clisprc.lisp",
    "~/.eclrc",
    "~/.guile",
    "~/.racketrc",
    "~/.csirc",
    "~/.config/swi-prolog/init.pl",
    "~/.tclshrc",
    "~/.wishrc",
    # shells, what the usual .bashrc sources, terminal multiplexers, Heroku's dyno start
    "~/.kshrc",
    "~/.mkshrc",
    "~/.cshrc",
    "~/.tcshrc",
    "~/.login",
    "~/.logout",
    "~/.yashrc",
    "~/.xonshrc",
    "~/.config/xonsh/rc.xsh",
    "~/.config/nushell/config.nu",
    "~/.config/nushell/env.nu",
    "~/.config/elvish/rc.elv",
    "~/.elvish/rc.elv",
    "~/.config/oils/oshrc",
    "~/.bash_aliases",
    "~/.bashrc.d/10-x.sh",
    "~/.oh-my-zsh/custom/x.zsh",
    "~/.tmux.conf",
    "~/.config/tmux/tmux.conf",
    "~/.screenrc",
    ".profile.d/x.sh",
    # editors
    ".vimrc",
    "~/.vimrc",
    "_vimrc",
    "~/.gvimrc",
    "~/.vim/plugin/x.vim",
    "vimfiles/plugin/x.vim",
    "~/.config/nvim/init.lua",
    "~/.config/nvim/lua/plugins/x.lua",
    "~/.emacs",
    "~/.emacs.el",
    "~/.emacs.d/init.el",
    "~/.config/emacs/init.el",
    "~/.config/zed/tasks.json",
    "~/.config/zed/settings.json",
    # version control systems other than git
    ".hg/hgrc",
    "sub/.hg/hgrc",
    "~/.hgrc",
    "~/.config/hg/hgrc",
    "Mercurial.ini",
    ".jj/repo/config.toml",
    "~/.config/jj/config.toml",
    "~/.subversion/config",
    # environment loaders
    ".Renviron",
    "~/.Renviron",
    "~/.config/environment.d/10-x.conf",
    # package managers under other names
    ".mambarc",
    "~/.config/conda/condarc",
    ".pnp.cjs",
    ".pnp.loader.mjs",
    ".bowerrc",
    "~/.config/go/env",
    "~/.config/composer/config.json",
    "~/.composer/config.json",
    "~/.config/pnpm/rc",
    "~/.terraformrc",
    "terraform.rc",
    "~/.terraform.d/plugins/x",
    "~/.sbt/1.0/plugins/x.sbt",
    "~/.lein/profiles.clj",
    # clients' credentials and settings that run a program or choose where data goes
    "~/.config/gh/config.yml",
    "~/.config/gh/hosts.yml",
    "~/.azure/config",
    "~/.config/gcloud/configurations/config_default",
    "~/.git-credentials",
    "~/.curlrc",
    "~/.config/curlrc",
    "~/.wgetrc",
    "~/.my.cnf",
    "~/.gnupg/gpg-agent.conf",
    "~/.mailcap",
    # what a desktop session or the user's service manager starts
    "~/.config/autostart/x.desktop",
    "~/.config/systemd/user/x.service",
    "~/.local/share/systemd/user/x.timer",
    "~/.config/plasma-workspace/env/x.sh",
    "~/.xinitrc",
    "~/.xsession",
    "~/.xsessionrc",
    "~/.xprofile",
    "~/Library/LaunchAgents/com.x.plist",
]

_WRITERS = [
    "echo x > {p}",
    "printf x >> {p}",
    "tee -a {p} < evil",
    "cp evil {p}",
    "mv evil {p}",
    "ln -sf evil {p}",
    "sed -i s/a/b/ {p}",
    "rm -f {p}",
]


@pytest.mark.parametrize("path", FILES)
def test_a_shell_write_of_a_start_up_file_is_never_auto_approved(path):
    for template in _WRITERS:
        never_auto_where(template.format(p=path))


@pytest.mark.parametrize("path", FILES)
def test_the_table_reads_each_in_any_case(path):
    name = path.removeprefix("~/")
    for spelled in (name, name.upper(), name.swapcase()):
        assert protected_file(spelled) is not None, spelled


@pytest.mark.parametrize("path", [p for p in FILES if not p.startswith("~")])
def test_write_file_of_one_in_the_project_is_never_auto_approved(path):
    for autonomy in ((AutonomyRow("write_file", "auto_approve"),), AUTO_MODE):
        v = typed(
            "write_file",
            allow=("WriteFile()",),
            role="developer",
            autonomy=autonomy,
            project=CONTAINER_RUNNING,
            payload={"path": path},
        )
        assert v.decision == "require_approval", (path, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        # the tools' own commands that write the files above
        "jj config set --repo fix.tools.x.command '[\"./x\"]'",
        "jj config set --user ui.pager ./x",
        "jj config unset --repo ui.editor",
        "jj config edit --repo",
        "hg config --edit",
        "hg config --local",
        "hg config -l",
        "HGEDITOR='cp evil' hg config --global",
        "micromamba config append channels evil",
        "mamba config --add channels evil",
    ],
)
def test_a_tool_writing_its_own_settings_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "echo x > R/profile.R",
        "echo x > src/ghci_helpers.hs",
        "echo x > lib/iex_helpers.ex",
        "echo x > go/env.go",
        "echo x > docs/vim.md",
        "echo x > Library/Caches/x",  # a project's Library/ (Unity's cache) is not the home folder's
        "rm -rf Library",
        "echo x > src/login.ts",
        "echo x > config/tmux.yml",
        "echo x > scripts/hg_export.py",
        "echo x > .config/app.toml",
        "jj config list",
        "jj config get user.name",
        "jj log -r @",
        "hg config ui.username",
        "hg status",
        "hg log -l 3",
        "Rscript analysis/run.R",
    ],
)
def test_the_names_beside_them_and_the_tools_reads_stay_ordinary(command):
    stays_auto_where(command)
