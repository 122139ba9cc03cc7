"""R4.10, a place a rule prints read through a copy the earlier readings did not know: other copiers (cpio's and
pax's copy modes, jar, `rsync -R`, `ditto --keepParent`, link(1), `git mv`, the npm packages that copy), an archive made from another folder (`tar -C secrets -czf
a.tgz .`), an archive streamed through a pipe (`tar cf - . | tar xf - -C /tmp/o`, `git archive HEAD | tar x`), the
repository cloned by its `.git` folder, bundled or archived by git; a copy to the terminal or a standard stream
(`cp .env /dev/stdout` prints it, as `cat .env` does); and the same content printed by a program the printers'
table did not list (`docker compose convert`, `op inject -i .env`, `kubectl config view --flatten`, `terraform
console`, `git credential-store --file F get`, the template renderers, `sops exec-file .env 'cat {}'`).

Read by permissions.commands.copies (the copies) and permissions.commands.file_printers (the printers, the copies
to a stream). The rest keeps its answer: another folder archived, an archive downloaded and unpacked, a copy to
`/dev/null`, a relative link, the keys-hiding views. 337 of 405 cases fail on 617442c.
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

_KEY = "cat secrets/prod.key"
_ENV = "cat .env"
_AWS = "cat ~/.aws/credentials"
_KUBE = "cat ~/.kube/config"
_STATE = "cat terraform.tfstate"
_GIT = "cat ~/.git-credentials"
_DATA = "rm -rf data"

REFUSED = [
    # cpio's pass-through mode, its archive through a pipe or a file
    (_KEY, "find . | cpio -pdm /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_KEY, "find secrets | cpio -pdm /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_KEY, "echo secrets/prod.key | cpio -p /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_KEY, "find secrets -type f | cpio --pass-through -d /tmp/o; head /tmp/o/secrets/prod.key"),
    (_ENV, "find . | cpio -pdm /tmp/o && cat /tmp/o/.env"),
    (_ENV, "find . | cpio -o | cpio -id -D /tmp/o && cat /tmp/o/.env"),
    (
        _KEY,
        "find . | cpio -o -F /tmp/a.cpio && cpio -i -F /tmp/a.cpio -D /tmp/o && cat /tmp/o/secrets/prod.key",
    ),
    # pax's copy mode
    (_KEY, "pax -rw secrets /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_ENV, "pax -rw . /tmp/o && cat /tmp/o/.env"),
    (_ENV, "pax -r -w -v . /tmp/o && cat /tmp/o/.env"),
    # jar: a zip made, then unpacked
    (_KEY, "jar cf /tmp/a.jar secrets && unzip /tmp/a.jar -d /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_KEY, "jar -cf /tmp/a.jar secrets && unzip /tmp/a.jar -d /tmp/o && cat /tmp/o/secrets/prod.key"),
    (
        _KEY,
        "jar --create --file /tmp/a.jar secrets && unzip /tmp/a.jar -d /tmp/o && cat /tmp/o/secrets/prod.key",
    ),
    (
        _KEY,
        "jar --create --file=/tmp/a.jar secrets && unzip /tmp/a.jar -d /tmp/o && cat /tmp/o/secrets/prod.key",
    ),
    (_KEY, "jar -cf /tmp/a.jar -C secrets prod.key && unzip /tmp/a.jar -d /tmp/o && cat /tmp/o/prod.key"),
    (_ENV, "jar cf /tmp/a.jar .env && unzip -o /tmp/a.jar -d /tmp/o && cat /tmp/o/.env"),
    (_ENV, "jar cvf /tmp/a.jar . && unzip /tmp/a.jar -d /tmp/o && cat /tmp/o/.env"),
    # rsync keeping the paths as written
    (_KEY, "rsync -R secrets/prod.key /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_KEY, "rsync --relative secrets/prod.key /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_KEY, "rsync -aR secrets /tmp/o/ && cat /tmp/o/secrets/prod.key"),
    (_ENV, "rsync -aR ./.env /tmp/o && cat /tmp/o/.env"),
    # ditto keeping the folder's own name in the archive
    (
        _KEY,
        "ditto -c -k --keepParent secrets /tmp/a.zip && ditto -x -k /tmp/a.zip /tmp/o && cat /tmp/o/secrets/prod.key",
    ),
    (
        _KEY,
        "ditto -c -k --keepParent secrets /tmp/a.zip && unzip /tmp/a.zip -d /tmp/o && cat /tmp/o/secrets/prod.key",
    ),
    # an archive made from another folder (`-C`, `--directory`): its members are that folder's
    (_KEY, "tar -C secrets -czf /tmp/a.tgz . && tar -xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/prod.key"),
    (
        _KEY,
        "tar --directory=secrets -czf /tmp/a.tgz . && tar -xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/prod.key",
    ),
    (
        _KEY,
        "tar --directory secrets -czf /tmp/a.tgz . && tar -xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/prod.key",
    ),
    (_KEY, "tar -czf /tmp/a.tgz -C secrets . && tar -xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/prod.key"),
    (_KEY, "tar -C secrets -cf /tmp/a.tar prod.key && tar -xf /tmp/a.tar -C /tmp/o && cat /tmp/o/prod.key"),
    (_KEY, "tar -C secrets -cf /tmp/a.tar ./ && tar -xf /tmp/a.tar -C /tmp/o && cat /tmp/o/prod.key"),
    (
        _ENV,
        "tar -C /srv/ws/app-1a2b3c4d -czf /tmp/a.tgz . && tar xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/.env",
    ),
    (_AWS, "tar -C ~ -cf /tmp/a.tar .aws && tar xf /tmp/a.tar -C /tmp/o && cat /tmp/o/.aws/credentials"),
    (_AWS, "tar -C ~/.aws -czf /tmp/a.tgz . && tar xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/credentials"),
    # an archive through a pipe
    (_KEY, "tar cf - secrets | tar xf - -C /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_KEY, "tar -cf - secrets | tar -x -C /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_KEY, "bsdtar -cf - secrets | bsdtar -xf - -C /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_KEY, "zip -r - . | bsdtar -xf - -C /tmp/o && cat /tmp/o/secrets/prod.key"),
    (_ENV, "tar czf - . | tar xzf - -C /tmp/o && cat /tmp/o/.env"),
    (_ENV, "tar cf - . | tar x -C /tmp/o; cat /tmp/o/.env"),
    (_AWS, "tar -C ~/.aws -cf - . | tar xf - -C /tmp/o && cat /tmp/o/credentials"),
    # the repository by its `.git` folder, bundled, archived
    (_KEY, "git clone .git /tmp/c && cat /tmp/c/secrets/prod.key"),
    (_KEY, "git clone ./.git /tmp/c && cat /tmp/c/secrets/prod.key"),
    (_KEY, "git clone $PWD/.git /tmp/c && cat /tmp/c/secrets/prod.key"),
    (_KEY, "git clone file://$PWD/.git /tmp/c && cat /tmp/c/secrets/prod.key"),
    (_ENV, "git clone --no-checkout ./.git/ /tmp/c && git -C /tmp/c checkout && cat /tmp/c/.env"),
    (
        _KEY,
        "git bundle create /tmp/b.bundle HEAD && git clone /tmp/b.bundle /tmp/c && cat /tmp/c/secrets/prod.key",
    ),
    (_ENV, "git bundle create /tmp/r.bundle --all && git clone /tmp/r.bundle /tmp/c && cat /tmp/c/.env"),
    (_KEY, "git archive -o /tmp/a.tar HEAD && tar xf /tmp/a.tar -C /tmp/o && cat /tmp/o/secrets/prod.key"),
    (
        _KEY,
        "git archive --output=/tmp/a.zip HEAD && unzip /tmp/a.zip -d /tmp/o && cat /tmp/o/secrets/prod.key",
    ),
    (
        _ENV,
        "git archive --format=zip --output /tmp/a.zip HEAD && unzip /tmp/a.zip -d /tmp/o && cat /tmp/o/.env",
    ),
    (
        _ENV,
        "git archive --prefix=app/ -o /tmp/a.tar HEAD && tar xf /tmp/a.tar -C /tmp/o && cat /tmp/o/app/.env",
    ),
    (_ENV, "git archive HEAD | tar x -C /tmp/o && cat /tmp/o/.env"),
    (_KEY, "git archive --format=tar HEAD | tar -xf - -C /tmp/o && cat /tmp/o/secrets/prod.key"),
    # a hard link by link(1), a move by git, a copy by an npm package
    (_KEY, "link secrets/prod.key /tmp/k && cat /tmp/k"),
    (_ENV, "link .env /tmp/e; head /tmp/e"),
    (_KEY, "git mv secrets/prod.key k && cat k"),
    (_KEY, "git mv -f secrets /tmp/s && cat /tmp/s/prod.key"),
    (_DATA, "git mv data x && rm -rf x"),
    (_KEY, "npx cpy-cli secrets/prod.key /tmp/q && cat /tmp/q/prod.key"),
    (_KEY, "npx copyfiles secrets/prod.key /tmp/q && cat /tmp/q/secrets/prod.key"),
    (_KEY, "npx copyfiles -u 1 secrets/prod.key /tmp/q && cat /tmp/q/prod.key"),
    (_KEY, "npx ncp secrets /tmp/s && cat /tmp/s/prod.key"),
    (_KEY, 'pnpm dlx cpx "secrets/*" /tmp/q && cat /tmp/q/prod.key'),
    (_ENV, "npx cpy-cli .env /tmp/q && cat /tmp/q/.env"),
    # a copy to the terminal or a standard stream prints it
    (_KEY, "cp secrets/prod.key /dev/stdout"),
    (_ENV, "cp .env /dev/stdout"),
    (_ENV, "cp ./.env /dev/tty"),
    (_ENV, "cp .env /dev/stderr"),
    (_ENV, "cp .env /dev/fd/1"),
    (_ENV, "cp .env /proc/self/fd/1"),
    (_ENV, "cp .env /proc/$$/fd/2"),
    (_ENV, "cp -t /dev/stdout .env"),
    (_ENV, "install -m 600 .env /dev/stdout"),
    (_ENV, "rsync .env /dev/stdout"),
    (_ENV, "scp .env /dev/stdout"),
    (_ENV, "sudo cp .env /dev/stdout"),
    (_ENV, "busybox cp .env /dev/stdout"),
    (_ENV, "/bin/cp .env /dev/stdout"),
    (_AWS, "cp ~/.aws/credentials /dev/stdout"),
    (_ENV, "cp .env /tmp/e && cp /tmp/e /dev/stdout"),
    (_KEY, "cp secrets/prod.key /tmp/k && cp /tmp/k /dev/stdout"),
    # printed by a program the printers did not know
    (_ENV, "docker compose convert"),
    (_ENV, "docker compose convert --format json"),
    (_ENV, "docker-compose convert"),
    (_ENV, "op inject -i .env"),
    (_ENV, "op inject --in-file .env"),
    (_ENV, "op inject --in-file=.env -o /dev/stdout"),
    (_KUBE, "kubectl config view --flatten"),
    (_KUBE, "kubectl config view --flatten --minify"),
    (_STATE, "terraform console"),
    (_STATE, "echo 'output.db_password' | terraform console"),
    (_STATE, "tofu console"),
    (_GIT, "git credential-store --file ~/.git-credentials get"),
    (_GIT, "echo host=github.com | git credential-store --file ~/.git-credentials get"),
    # a template renderer printing it, a command handed its decrypted copy
    (_ENV, "gomplate -f .env"),
    (_ENV, "gomplate --file .env"),
    (_ENV, "gomplate --file=.env -o out.txt"),
    (_ENV, "j2 .env"),
    (_ENV, "j2 --format=env .env"),
    (_ENV, "jinja2 .env data.json"),
    (_ENV, "sops exec-file .env 'cat {}'"),
    (_ENV, "sops exec-file --no-fifo .env 'head -5 {}'"),
]

KEPT = [
    # another folder archived or copied, an archive from elsewhere, another member
    (_ENV, "tar -C build -czf /tmp/a.tgz . && tar xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/.env"),
    (_KEY, "tar -czf /tmp/a.tgz -C src . && tar -xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/prod.key"),
    (_KEY, "tar -C secrets -czf /tmp/a.tgz . && tar -xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/README.md"),
    (
        _KEY,
        "tar -C secrets -czf /tmp/a.tgz . && tar -xzf /tmp/a.tgz -C /tmp/o && cat /tmp/o/secrets/prod.key",
    ),
    (
        _KEY,
        "jar -cf /tmp/a.jar -C secrets prod.key && unzip /tmp/a.jar -d /tmp/o && cat /tmp/o/secrets/prod.key",
    ),
    (_ENV, "curl -sL https://example.com/x.tgz | tar xz -C /tmp/o && cat /tmp/o/.env"),
    (_ENV, "tar cf - src | tar xf - -C /tmp/o && cat /tmp/o/.env"),
    (_ENV, "git archive HEAD | tar x -C /tmp/o && cat /tmp/o/README.md"),
    (_ENV, "git archive --remote=git@github.com:a/b HEAD | tar x -C /tmp/o && cat /tmp/o/.env"),
    (_ENV, "git clone https://github.com/a/b.git /tmp/b && cat /tmp/b/.env"),
    (_KEY, "rsync -R src/a.ts /tmp/o && cat /tmp/o/src/a.ts"),
    (_KEY, "rsync -R secrets/prod.key /tmp/o && cat /tmp/o/prod.key.bak"),
    (_KEY, "ln -sr src/lib lib && cat lib/index.ts"),
    (_KEY, "find src | cpio -pdm /tmp/o && cat /tmp/o/src/index.ts"),
    (_KEY, "pax -rw src /tmp/o && cat /tmp/o/src/index.ts"),
    (
        _KEY,
        "ditto -c -k --keepParent build /tmp/b.zip && ditto -x -k /tmp/b.zip /tmp/o && cat /tmp/o/build/x",
    ),
    (_KEY, "git mv -n secrets/prod.key k && cat k"),
    (_KEY, "git mv a.txt b.txt && cat b.txt"),
    (_KEY, 'npx cpy-cli "src/*.png" dist && cat dist/a.png'),
    (_DATA, "npx copyfiles data /tmp/d && rm -rf /tmp/d"),
    # a copy to nowhere, or of something else, to a stream
    (_KEY, "cp secrets/prod.key /dev/null"),
    (_ENV, "cp README.md /dev/stdout"),
    (_ENV, "cp .env .env.bak"),
    (_ENV, "cp .env /tmp/e && cp /tmp/e /tmp/f"),
    # the same programs' other acts
    (_KUBE, "kubectl config view --minify"),
    (_KUBE, "kubectl config view"),
    (_ENV, "docker compose ps"),
    (_ENV, "op inject -i config.tpl.yml -o config.yml"),
    (_STATE, "terraform plan"),
    (_ENV, "gomplate -f README.tpl"),
    (_ENV, "gomplate -d cfg=.env -f t.tmpl"),
    (_ENV, "jinja2 template.j2 .env"),
    (_STATE, "terraform fmt"),
    (_GIT, "git config --get credential.helper"),
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_a_deny_refuses_the_place_read_through_a_stream_or_another_copier(
    rule: str, command: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), REFUSED[::3])
def test_an_ask_asks_for_the_place_read_through_a_stream_or_another_copier(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent", rank="ask")


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), KEPT)
def test_other_places_streams_and_acts_keep_their_answers(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)
