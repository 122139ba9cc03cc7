"""Option tables for the database clients people write rules for (SPEC R4.10): psql, mysql (and MariaDB's
`mariadb`, read as mysql: permissions.commands.wrappers.OTHER_NAMES), redis-cli (and valkey-cli, keydb-cli).

red team: a deny of `psql -c` met `psql --command 'x'`, `psql -Xc 'x'`, `psql -c'x'` and `psql -d db -c 'x'`; a
deny of `mysql -e` met `mysql --execute 'x'` and `mysql -uroot -e 'x'`; a deny of `redis-cli flushall` met
`redis-cli -h h flushall`, `redis-cli -n 0 flushall` and `redis-cli FLUSHALL` -- by their spelling only. Read for
deny and ask only (options.DENY_ONLY); an option these tables do not know is read both ways.
"""

from __future__ import annotations

from permissions.commands.option_reader import Program, Reading

__all__ = ["GPG", "MYSQL", "PSQL", "REDIS_CLI", "TRUNCATE"]

# psql (PostgreSQL's getopt_long: unique abbreviations of long options, short letters that cluster, options
# anywhere among the database and user names).
PSQL = Program(
    "psql",
    "-a --echo-all\n-b --echo-errors\n-c= --command=\n-d= --dbname=\n-e --echo-queries\n-E --echo-hidden\n"
    "-f= --file=\n-F= --field-separator=\n-h= --host=\n-H --html\n-l --list\n-L= --log-file=\n-n --no-readline\n"
    "-o= --output=\n-p= --port=\n-P= --pset=\n-q --quiet\n-R= --record-separator=\n-s --single-step\n"
    "-S --single-line\n-t --tuples-only\n-T= --table-attr=\n-U= --username=\n-v= --set= --variable=\n"
    "-V --version\n-w --no-password\n-W --password\n-x --expanded\n-X --no-psqlrc\n-z --field-separator-zero\n"
    "-0 --record-separator-zero\n-1 --single-transaction\n-A --no-align\n--csv\n--help=?",
    abbrev=True,
)

# mysql and mariadb (my_getopt: unique prefixes of long options, `-pSECRET` attached only).
MYSQL = Program(
    "mysql",
    "-e= --execute=\n-u= --user=\n-p=? --password=?\n-h= --host=\n-P= --port=\n-D= --database=\n-B --batch\n"
    "-N --skip-column-names\n-s --silent\n-v --verbose\n-t --table\n-E --vertical\n-f --force\n-S= --socket=\n"
    "--protocol=\n-A --no-auto-rehash\n--ssl-mode=\n-X --xml\n-H --html\n--defaults-file=\n"
    "--defaults-extra-file=\n--login-path=\n-C --compress\n-r --raw\n-i --ignore-spaces\n-o --one-database\n"
    "--init-command=\n--local-infile=?\n-U --safe-updates --i-am-a-dummy\n--binary-mode\n-V --version\n"
    "-? --help\n--skip-ssl\n--ssl\n--connect-timeout=\n--max-allowed-packet=\n--default-character-set=",
    abbrev=True,
)


# redis-cli (its own parser: options first, one at a time, then the command and its arguments; Redis reads a
# command's name in any case, `FLUSHALL` is `flushall`).
REDIS_CLI = Program(
    "redis-cli",
    "-h=\n-p=\n-s=\n-a=\n--user=\n--pass=\n--askpass\n-u=\n-r=\n-i=\n-n=\n-2\n-3\n-x\n-X=\n-d=\n-D=\n-c\n-e\n"
    "--tls\n--sni=\n--cacert=\n--cacertdir=\n--insecure\n--cert=\n--key=\n--tls-ciphers=\n--tls-ciphersuites=\n"
    "--raw\n--no-raw\n--quoted-input\n--csv\n--json\n--quoted-json\n--show-pushes=\n--stat\n--latency\n"
    "--latency-history\n--latency-dist\n--lru-test=\n--replica\n--rdb=\n--functions-rdb=\n--pipe\n"
    "--pipe-timeout=\n--bigkeys\n--memkeys\n--memkeys-samples=\n--hotkeys\n--scan\n--pattern=\n--count=\n"
    "--quoted-pattern=\n--intrinsic-latency=\n--eval=\n--ldb\n--ldb-sync-mode\n--verbose\n--no-auth-warning\n"
    "--cluster=\n--help\n-v --version",
    bundle=False,
    intersperse=False,
)


# Redis's commands that take a subcommand, read in any case too (`CONFIG SET`, `ACL SETUSER`, `CLIENT KILL`).
_REDIS_CONTAINERS = frozenset(
    "acl client cluster command config debug function latency memory module object pubsub script slowlog xinfo"
    " xgroup".split()
)


def _redis_command(r: Reading) -> tuple[Reading, ...]:
    """The command's name in lower case (Redis reads it in any case), and a container's subcommand's."""
    ops = r.operands
    if not ops:
        return (r,)
    name = ops[0].lower()
    k = 2 if name in _REDIS_CONTAINERS and len(ops) > 1 else 1
    lowered = (*(w.lower() for w in ops[:k]), *ops[k:])
    return (r,) if lowered == ops else (Reading(r.path, r.keys, lowered),)


REDIS_CLI.rewrite = _redis_command

# GnuPG (its own parser: unique abbreviations of long options; commands are options too). red team (R4.10): a deny
# of `gpg --export-secret-keys` met `gpg --export-secret-key x` (gpg's own singular), `gpg -a --export-secret-keys x`
# and `gpg2 --export-secret-keys x`; a deny of `gpg --delete-secret-keys` met `gpg --delete-secret-key x`.
GPG = Program(
    "gpg",
    "-s --sign\n--clear-sign --clearsign\n-b --detach-sign\n-e --encrypt\n-c --symmetric\n-d --decrypt\n--verify\n"
    "-k --list-keys --list-public-keys\n-K --list-secret-keys\n--list-sigs\n--check-sigs\n--fingerprint\n"
    "--gen-key --generate-key\n--full-gen-key --full-generate-key\n--quick-gen-key --quick-generate-key\n"
    "--delete-keys --delete-key\n--delete-secret-keys --delete-secret-key\n--delete-secret-and-public-keys "
    "--delete-secret-and-public-key\n--export\n--export-secret-keys --export-secret-key\n"
    "--export-secret-subkeys --export-secret-subkey\n--export-ssh-key\n--import\n--recv-keys --recv-key\n"
    "--send-keys --send-key\n--search-keys\n--refresh-keys\n--edit-key\n--sign-key\n--lsign-key\n"
    "--gen-revoke --generate-revocation\n--card-edit\n--card-status\n--change-passphrase --passwd\n"
    "-a --armor\n-o= --output=\n-r= --recipient=\n-u= --local-user=\n--batch\n--yes\n--no\n-q --quiet\n"
    "-v --verbose\n--homedir=\n--keyring=\n--secret-keyring=\n--keyserver=\n--pinentry-mode=\n--passphrase=\n"
    "--passphrase-fd=\n--passphrase-file=\n--trust-model=\n--default-key=\n--no-default-keyring\n--with-colons\n"
    "--status-fd=\n--logger-fd=\n--always-trust\n-n --dry-run\n--no-tty\n--options=\n-h --help\n--version",
    abbrev=True,
)

# truncate (GNU getopt_long). red team (R4.10): a deny of `truncate -s 0` met `truncate -s0 f`, `truncate --size=0 f`
# and `truncate --size 0 f`.
TRUNCATE = Program(
    "truncate",
    "-c --no-create\n-o --io-blocks\n-r= --reference=\n-s= --size=\n--help\n--version",
    abbrev=True,
)
