"""R4.10, the database clients' options by any spelling: psql, mysql (and MariaDB's `mariadb`), redis-cli (and
valkey-cli, keydb-cli).

A deny of `psql -c` met `psql --command 'x'`, `psql -Xc 'x'`, `psql -c'x'` and `psql -d db -c 'x'`; a deny of
`mysql -e` met `mysql --execute 'x'`, `mysql -uroot -e 'x'` and `mariadb -e 'x'`; a deny of `redis-cli flushall` met
`redis-cli -h h flushall`, `redis-cli FLUSHALL` and `valkey-cli flushall` -- each asked (inline code, a send to a
server) where it should be refused, and `mariadb` alone was auto-approved under a deny of `mysql`. The three have
tables now (permissions.commands.option_tables_clients, read for deny and ask only): getopt_long's clusters,
glued values and abbreviations for psql, my_getopt's for mysql, redis-cli's options before
its command and Redis's commands in any case. MariaDB's, Valkey's and KeyDB's programs are those programs
(wrappers.OTHER_NAMES). Other options and commands keep their answers.
209 of its 278 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    # psql: long names, clusters, glued values, abbreviations, options among the database's name
    ("psql -c", "psql --command 'x'"),
    ("psql -c", "psql --command='x'"),
    ("psql -c", "psql -c'x'"),
    ("psql -c", "psql -Xc 'x'"),
    ("psql -c", "psql -d db -c 'x'"),
    ("psql -c", "psql db -c 'x'"),
    ("psql -c", "psql db u -c 'x'"),
    ("psql -c", "psql --comm 'x'"),
    ("psql -c", "/usr/lib/postgresql/16/bin/psql -c 'x'"),
    ("psql -c", "PGPASSWORD=x psql -c 'x'"),
    ("psql -c", "psql -h db -U u -c 'drop table x'"),
    ("psql -c", "psql -1c 'x'"),
    ("psql -c", "psql -qAtc 'select 1'"),
    ("psql -c", "sudo -u postgres psql -c 'x'"),
    ("psql -f", "psql --file x.sql"),
    ("psql -f", "psql -Xf x.sql"),
    ("psql -f", "psql --fi=x.sql"),
    ("psql -f", "psql -1 -f x.sql db"),
    ("psql -h prod", "psql --host=prod"),
    ("psql -h prod", "psql --host prod"),
    ("psql -h prod", "psql -hprod"),
    ("psql -h prod", "psql -U u -h prod -d db"),
    ("psql -h prod", "psql db -h prod"),
    ("psql --single-transaction", "psql -1 -f x.sql"),
    # mysql and mariadb
    ("mysql -e", "mysql --execute 'x'"),
    ("mysql -e", "mysql -e'x'"),
    ("mysql -e", "mysql -uroot -e 'x'"),
    ("mysql -e", "mysql --exec='x'"),
    ("mysql -e", "mysql -u root -p -e 'x'"),
    ("mysql -e", "mysql -Be 'x'"),
    ("mysql -e", "mysql db -e 'x'"),
    ("mysql -e", "/usr/bin/mysql -e 'x'"),
    ("mysql -e", "mariadb -e 'x'"),
    ("mysql -e", "mariadb --execute='x' db"),
    ("mysql -h prod", "mysql --host=prod"),
    ("mysql -h prod", "mysql --host prod db"),
    ("mysql -h prod", "mysql -hprod"),
    ("mysql -h prod", "mariadb -h prod"),
    ("mysql -h prod", "mysql -u root -h prod -e 'x'"),
    ("mysql", "mariadb"),
    ("mysql", "mariadb -u root db"),
    # redis-cli, valkey-cli, keydb-cli: options first, then the command in any case
    ("redis-cli flushall", "redis-cli FLUSHALL"),
    ("redis-cli flushall", "redis-cli FlushAll"),
    ("redis-cli flushall", "redis-cli -h h flushall"),
    ("redis-cli flushall", "redis-cli -n 0 flushall"),
    ("redis-cli flushall", "redis-cli -h h -p 6380 -a pw FLUSHALL"),
    ("redis-cli flushall", "redis-cli --raw flushall"),
    ("redis-cli flushall", "redis-cli -u redis://h:6379 flushall"),
    ("redis-cli flushall", "redis-cli flushall async"),
    ("redis-cli flushall", "redis-cli --tls flushall"),
    ("redis-cli flushall", "valkey-cli flushall"),
    ("redis-cli flushall", "keydb-cli flushall"),
    ("redis-cli flushall", "valkey-cli -h h FLUSHALL"),
    ("redis-cli flushdb", "redis-cli FLUSHDB"),
    ("redis-cli flushdb", "redis-cli -n 3 flushdb"),
    ("redis-cli -h prod", "redis-cli -h prod get x"),
    ("redis-cli -h prod", "redis-cli -p 1 -h prod"),
    ("redis-cli config set", "redis-cli CONFIG SET dir /tmp"),
    ("redis-cli config set", "redis-cli -h h config set dir /tmp"),
    ("redis-cli config set", "redis-cli Config Set dbfilename x"),
    ("redis-cli", "valkey-cli"),
    ("redis-cli", "keydb-cli ping"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("psql -c", "psql -d db"),
    ("psql -c", "psql -l"),
    ("psql -f", "psql -c 'x'"),
    ("psql -h prod", "psql -h dev"),
    ("psql -h prod", "psql -d prod"),
    ("mysql -e", "mysql -u root db"),
    ("mysql -e", "mysql -E db"),
    ("mysql -h prod", "mysql -h dev"),
    ("redis-cli flushall", "redis-cli get x"),
    ("redis-cli flushall", "redis-cli -h h ping"),
    ("redis-cli flushall", "redis-cli flushdb"),
    ("redis-cli flushall", "redis-cli get flushall"),
    ("redis-cli flushall", "redis-cli echo FLUSHALL"),
    ("redis-cli -h prod", "redis-cli -h dev ping"),
    ("redis-cli config set", "redis-cli config get dir"),
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_a_deny_refuses_the_act_by_another_spelling(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_an_ask_asks_for_the_act_by_another_spelling(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent", rank="ask")


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), KEPT)
def test_other_acts_keep_their_answers(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)
