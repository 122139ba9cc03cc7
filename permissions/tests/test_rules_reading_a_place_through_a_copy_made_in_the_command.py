"""R4.10, a place a rule prints read by the name a copy, a move or a link gave it earlier in the same command.

Under a deny of `cat secrets/prod.key`, `mv secrets/prod.key k && cat k`, `ln -s secrets s && cat s/prod.key` and
`cp -r . /tmp/p && cat /tmp/p/secrets/prod.key` print the same bytes as `cat secrets/prod.key`; they were
auto-approved (in the sandbox's auto mode, and behind an allow of every word on the developer's machine for the
moves and links). The later path is read as the original's (permissions.commands.copies: cp, mv, ln, install,
rsync, scp, ditto, `git clone` of a local repository, `git worktree add`, an archive made then unpacked; permissions.decide._paths_spelt), from
every folder the segment may run in, through wrappers and program paths, through up to three copies in a row.
A copy anywhere in the command counts (a loop runs a later segment first).

A move or a link is the place itself under another name, so a deny of `rm -rf data` meets `mv data x; rm -rf x`;
a copy deleted, moved or changed leaves the original alone (`cp -r data /tmp/d && rm -rf /tmp/d` keeps its answer:
permissions.commands.copies.ON_THE_NAME). A reading of anything else in the copy keeps its answer, and so does a
recursive search of the whole copy (read as `grep -r KEY .` is: approved). 388 of 461 cases fail on 617442c.
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses, auto_and_allowed

_KEY = "cat secrets/prod.key"
_ENV = "cat .env"
_AWS = "cat ~/.aws/credentials"
_DATA = "rm -rf data"

REFUSED = [
    # a file copied, moved or linked, then read by its new name
    (_KEY, "cp secrets/prod.key /tmp/k && cat /tmp/k"),
    (_KEY, "mv secrets/prod.key k && cat k"),
    (_KEY, "mv secrets/prod.key k; head -c 999 k"),
    (_KEY, "ln -s secrets/prod.key k && cat k"),
    (_KEY, "ln secrets/prod.key k && cat k"),
    (_KEY, "ln -sf ../app-1a2b3c4d/secrets/prod.key /tmp/k; cat /tmp/k"),
    (_KEY, "install -m 644 secrets/prod.key /tmp/k && cat /tmp/k"),
    (_KEY, "install -D secrets/prod.key /tmp/a/b/k && tail /tmp/a/b/k"),
    (_KEY, "scp secrets/prod.key /tmp/k && cat /tmp/k"),
    (_KEY, "rsync secrets/prod.key /tmp/k && cat /tmp/k"),
    (_KEY, "cp -T secrets/prod.key /tmp/k && cat /tmp/k"),
    (_KEY, "cp -t /tmp/q secrets/prod.key && cat /tmp/q/prod.key"),
    (_KEY, "cp --target-directory=/tmp/q secrets/prod.key README.md && cat /tmp/q/prod.key"),
    (_KEY, "cp --target /tmp/q secrets/prod.key && cat /tmp/q/prod.key"),
    (_KEY, "cp --parents secrets/prod.key /tmp/q && cat /tmp/q/secrets/prod.key"),
    (_KEY, "cp secrets/prod.key README.md /tmp/q/ && cat /tmp/q/prod.key"),
    (_KEY, "cp secrets/* /tmp/ && cat /tmp/prod.key"),
    (_KEY, "cp secrets/*.key /tmp/q && cat /tmp/q/prod.key"),
    (_KEY, "cp secrets/prod.* /tmp/q && cat /tmp/q/prod.key"),
    # a folder holding it, then a read below the copy
    (_KEY, "cp -r secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "cp -r secrets /tmp/ && cat /tmp/secrets/prod.key"),
    (_KEY, "cp -R secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "cp -a secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "cp --recursive secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "cp -r secrets/ /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "cp -r secrets/. /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "cp -r . /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "cp -r ./ /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "cp -r $PWD /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, 'cp -r "$PWD" /tmp/p && cat /tmp/p/secrets/prod.key'),
    (_KEY, "cp -r /srv/ws/app-1a2b3c4d /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "cp -r . ../p && cat ../p/secrets/prod.key"),
    (_KEY, "mv secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "ln -s secrets s && cat s/prod.key"),
    (_KEY, "ln -s $PWD/secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "ln -sfn . /tmp/here && cat /tmp/here/secrets/prod.key"),
    (_KEY, "rsync -a secrets/ /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "rsync -a secrets /tmp/ && cat /tmp/secrets/prod.key"),
    (_KEY, "rsync -av --exclude node_modules ./ /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "rsync -r --delete . /tmp/p/ && cat /tmp/p/secrets/prod.key"),
    (_KEY, "scp -r secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "ditto secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "ditto . /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "git clone . /tmp/c && cat /tmp/c/secrets/prod.key"),
    (_KEY, "git clone --depth 1 . /tmp/c && cat /tmp/c/secrets/prod.key"),
    (_KEY, "git clone -b main ./ /tmp/c && cat /tmp/c/secrets/prod.key"),
    (_KEY, "git clone file://$PWD /tmp/c && cat /tmp/c/secrets/prod.key"),
    (_KEY, "git clone . c && cat c/secrets/prod.key"),
    (_KEY, "git -C . clone . /tmp/c && cat /tmp/c/secrets/prod.key"),
    (_KEY, "git worktree add /tmp/w && cat /tmp/w/secrets/prod.key"),
    (_KEY, "git worktree add -b x ../w && cat ../w/secrets/prod.key"),
    (_KEY, "cd src && git worktree add /tmp/w HEAD && cat /tmp/w/secrets/prod.key"),
    # the program by another name or through a wrapper
    (_KEY, "sudo cp -r . /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "command cp -r . /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "/bin/cp -r . /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "env cp -r . /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "gcp -r . /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "/usr/bin/mv secrets/prod.key k && cat k"),
    (_KEY, "gln -s secrets s && cat s/prod.key"),
    # into the copy first, then read from there
    (_KEY, "cp -r . /tmp/p && cd /tmp/p && cat secrets/prod.key"),
    (_KEY, "cp -r secrets /tmp/s && cd /tmp/s && cat prod.key"),
    (_KEY, "ln -s secrets s && cd s && cat prod.key"),
    # copies in a row
    (_KEY, "cp -r . /tmp/p && mv /tmp/p/secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, "cp -r . /tmp/p && mv /tmp/p /tmp/q && cat /tmp/q/secrets/prod.key"),
    (_KEY, "mv secrets/prod.key a && mv a b && mv b c && cat c"),
    # other readers of the copy
    (_KEY, "cp -r . /tmp/p && head -5 /tmp/p/secrets/prod.key"),
    (_KEY, "cp -r . /tmp/p && grep KEY /tmp/p/secrets/prod.key"),
    (_KEY, "cp -r . /tmp/p && base64 /tmp/p/secrets/prod.key"),
    (_KEY, "cp -r . /tmp/p && python3 -m json.tool /tmp/p/secrets/prod.key"),
    (_KEY, "cp -r . /tmp/p && cat < /tmp/p/secrets/prod.key"),
    (_KEY, "cp -r . /tmp/p && xargs cat <<< /tmp/p/secrets/prod.key"),
    (_KEY, "cp -r . /tmp/p && echo /tmp/p/secrets/prod.key | xargs cat"),
    (_KEY, "cp -r . /tmp/p && cat $(echo /tmp/p/secrets/prod.key)"),
    # whatever runs first
    (_KEY, "for i in 1 2; do cat /tmp/k; cp secrets/prod.key /tmp/k; done"),
    (_KEY, "cp secrets/prod.key /tmp/k || true; cat /tmp/k"),
    (_KEY, "(cp secrets/prod.key /tmp/k) && cat /tmp/k"),
    (_KEY, "echo $(cp secrets/prod.key /tmp/k) && cat /tmp/k"),
    # an archive made of it, then unpacked and read
    (_ENV, "tar czf /tmp/a.tgz . && tar xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/.env"),
    (_ENV, "tar -c -f /tmp/a.tar .env && tar -x -f /tmp/a.tar --directory=/tmp/o && cat /tmp/o/.env"),
    (_ENV, "gtar --create --file=/tmp/a.tar . && gtar -xf /tmp/a.tar -C /tmp/o; head /tmp/o/.env"),
    (_ENV, "zip -qr /tmp/a.zip . && unzip -q /tmp/a.zip -d /tmp/o && cat /tmp/o/.env"),
    (_ENV, "zip -r /tmp/a.zip .env && cd /tmp && unzip a.zip && cat .env"),
    (_ENV, "zip -r /tmp/a.zip . -x 'node_modules/*' && unzip /tmp/a.zip -d /tmp/o && cat /tmp/o/.env"),
    (_ENV, "7z a /tmp/a.7z . && 7z x /tmp/a.7z -o/tmp/o && cat /tmp/o/.env"),
    (
        _ENV,
        "python3 -m zipfile -c /tmp/a.zip .env && python3 -m zipfile -e /tmp/a.zip /tmp/o && cat /tmp/o/.env",
    ),
    (_KEY, "tar czf /tmp/a.tgz secrets && tar xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/secrets/prod.key"),
    (
        _KEY,
        "tar czf /tmp/a.tgz /srv/ws/app-1a2b3c4d && tar xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/srv/ws/app-1a2b3c4d/secrets/prod.key",
    ),
    # an archive or a compressed copy written through a redirection, or fed by one
    (_ENV, "git archive HEAD > /tmp/a.tar && tar xf /tmp/a.tar -C /tmp/o && cat /tmp/o/.env"),
    (_ENV, "tar cf - . > /tmp/a.tar; mkdir /tmp/o; tar xf - -C /tmp/o < /tmp/a.tar; cat /tmp/o/.env"),
    (_KEY, "gzip -c secrets/prod.key > /tmp/k.gz && zcat /tmp/k.gz"),
    (_KEY, "gzip -k secrets/prod.key && zcat secrets/prod.key.gz"),
    (_KEY, "gzip secrets/prod.key && zcat secrets/prod.key.gz"),
    (_KEY, "xz -kc secrets/prod.key > /tmp/k.xz; xzcat /tmp/k.xz"),
    (_KEY, "zstd secrets/prod.key -o /tmp/k.zst && zstdcat /tmp/k.zst"),
    (_KEY, "gzip -c secrets/prod.key | gunzip -c > /tmp/k && cat /tmp/k"),
    (_KEY, "gzip < secrets/prod.key > /tmp/k.gz; zcat /tmp/k.gz"),
    (_KEY, "bzip2 -k secrets/prod.key && bzcat secrets/prod.key.bz2"),
    (_KEY, "zcat -f secrets/prod.key"),
    # the dot file and the home folder
    (_ENV, "cp -r . /tmp/p && cat /tmp/p/.env"),
    (_ENV, "cp -a . /tmp/p; cat /tmp/p/.env"),
    (_ENV, "rsync -a . /tmp/p/ && cat /tmp/p/.env"),
    (_ENV, "ln -s . l && cat l/.env"),
    (_ENV, "git clone . /tmp/c && cat /tmp/c/.env"),
    (_ENV, "git worktree add /tmp/w && cat /tmp/w/.env"),
    (_ENV, "mkdir -p /tmp/q && cp -R ./ /tmp/q && cat /tmp/q/.env"),
    (_ENV, "cp .e* /tmp/ && cat /tmp/.env"),
    (_AWS, "cp -r ~/.aws /tmp/a && cat /tmp/a/credentials"),
    (_AWS, "cp -r $HOME/.aws /tmp/a; cat /tmp/a/credentials"),
    (_AWS, "ln -s ~/.aws x && cat x/credentials"),
    (_AWS, "cp ~/.aws/credentials /tmp/c && cat /tmp/c"),
    (_AWS, "cd ~ && cp -r .aws /tmp/a && cat /tmp/a/credentials"),
    (_AWS, "mv ~/.aws /tmp/a && cat /tmp/a/credentials"),
    (_AWS, "cp -r ~ /tmp/h && cat /tmp/h/.aws/credentials"),
    # a deletion of the place by the name a move or a link gave it
    (_DATA, "mv data /tmp/d && rm -rf /tmp/d"),
    (_DATA, "mv data x; rm -rf x"),
    (_DATA, "ln -s data d && rm -rf d/"),
    (_DATA, "ln -s $PWD/data /tmp/d && rm -rf /tmp/d/"),
    (_DATA, "rsync -a --remove-source-files data/ /tmp/d && rm -rf /tmp/d"),
    (_DATA, "mv -t /tmp data && rm -rf /tmp/data"),
]

KEPT = [
    # the rest of a copy, other copies, copies from elsewhere
    (_KEY, "cp -r . /tmp/p && cat /tmp/p/README.md"),
    (_KEY, "cp -r secrets /tmp/s && cat /tmp/s/README.md"),
    (_KEY, "cp -r src /tmp/build && cat /tmp/build/index.ts"),
    (_KEY, "cp -r . /tmp/p && grep -r KEY /tmp/p"),
    (_KEY, "cp README.md /tmp/x && cat /tmp/x"),
    (_KEY, "mv a.txt b.txt && cat b.txt"),
    (_KEY, "ln -s src/lib lib && cat lib/index.ts"),
    (_KEY, "cp secrets/prod.key.example /tmp/k && cat /tmp/k"),
    (_KEY, "cp secrets/*.md /tmp/q && cat /tmp/q/prod.key"),
    (_KEY, "git clone https://github.com/a/b /tmp/b && cat /tmp/b/secrets/prod.key"),
    (_KEY, "git clone git@github.com:a/b.git /tmp/b && cat /tmp/b/secrets/prod.key"),
    (_KEY, "rsync -a host:app/ /tmp/p && cat /tmp/p/secrets/prod.key"),
    (_KEY, "scp host:secrets/prod.key /tmp/k && cat /tmp/k"),
    (_KEY, "install -d /tmp/k && ls /tmp/k"),
    (_KEY, "cp -r . /tmp/p && ls /tmp/p/secrets"),
    (_KEY, "cp -r secrets /tmp/s && wc -c /tmp/s/other.key"),
    (_ENV, "cp .env.example .env.local && cat .env.local.bak"),
    (_ENV, "unzip -q dist.zip -d /tmp/o && cat /tmp/o/.env"),
    (_KEY, "gzip -k logs/app.log && zcat logs/app.log.gz"),
    (_KEY, "cat logs.gz | gunzip > /tmp/l && cat /tmp/l"),
    (_KEY, "git archive HEAD > /tmp/a.tar && tar xf /tmp/a.tar -C /tmp/o && cat /tmp/o/README.md"),
    (_ENV, "tar czf /tmp/a.tgz src && tar xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/.env"),
    (_ENV, "tar czf /tmp/a.tgz . && tar xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/README.md"),
    (_ENV, "cp -r . /tmp/p && cat /tmp/p/.env.example"),
    (_AWS, "cp -r ~/.aws /tmp/a && cat /tmp/a/config.bak"),
    # a copy deleted, moved or changed leaves the original alone
    (_DATA, "cp -r data /tmp/d && rm -rf /tmp/d"),
    (_DATA, "cp -a data /tmp/d; rm -rf /tmp/d"),
    (_DATA, "rsync -a data/ /tmp/d && rm -rf /tmp/d"),
    (_DATA, "git clone . /tmp/c && rm -rf /tmp/c/data"),
    (_DATA, "mv data2 /tmp/d && rm -rf /tmp/d"),
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_a_deny_refuses_the_place_read_through_a_copy(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), REFUSED[::3])
def test_an_ask_asks_for_the_place_read_through_a_copy(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent", rank="ask")


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), KEPT)
def test_other_copies_and_other_names_keep_their_answers(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)


# More copies than are read one by one (each copy's places are read, up to a bound): what is left unread may be
# the place, so the command asks -- never approved because the copy that matters was past the bound.
_MANY = [
    "cp " + " ".join(f"a{i}" for i in range(70)) + " /tmp/x; mv secrets/prod.key k; cat k",
    "; ".join(f"cp -r a{i} /tmp/d" for i in range(40)) + "; mv secrets/prod.key /tmp/d/k; cat /tmp/d/k",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", _MANY)
def test_more_copies_than_are_read_ask(command: str, runs_in: str) -> None:
    for decision, _ in auto_and_allowed(command, runs_in, deny=(f"Terminal({_KEY})",)):
        assert decision in ("deny", "require_approval"), (command, runs_in)
