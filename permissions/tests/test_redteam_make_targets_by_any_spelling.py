"""R4.10, a make target run whatever the options, variables and other targets beside it.

GNU make reads its options anywhere (getopt_long: clusters, long names, their unique abbreviations, `=` or apart),
sets `VAR=value` operands as variables and runs every target it is given. A deny of `make deploy` met `make -C
infra deploy`, `make -k deploy`, `make --directory=x deploy`, `make ENV=prod deploy` and `make build deploy` (each
asked by the external-effect cap only), and `gmake deploy`. make has a table now
(permissions.commands.option_tables_tools.MAKE, read for deny and ask only): its options are read by their meaning,
and a segment is also read without its variables and from each of its targets -- readings only a segment has,
so a deny of `make build deploy` is not `make deploy`'s. `gmake` is make (wrappers.OTHER_NAMES).
188 of its 246 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    # options before, between and after the targets, clustered, long, abbreviated, `=` or apart
    ("make deploy", "make -C x deploy"),
    ("make deploy", "make -Cx deploy"),
    ("make deploy", "make --directory=x deploy"),
    ("make deploy", "make --directory x deploy"),
    ("make deploy", "make --dir=x deploy"),
    ("make deploy", "make -j4 deploy"),
    ("make deploy", "make -j 4 deploy"),
    ("make deploy", "make deploy -j"),
    ("make deploy", "make -l 2 deploy"),
    ("make deploy", "make -f Makefile deploy"),
    ("make deploy", "make --file=infra.mk deploy"),
    ("make deploy", "make --makefile infra.mk deploy"),
    ("make deploy", "make -k deploy"),
    ("make deploy", "make -sk deploy"),
    ("make deploy", "make --keep-going deploy"),
    ("make deploy", "make --keep deploy"),
    ("make deploy", "make -B deploy"),
    ("make deploy", "make --always-make deploy"),
    ("make deploy", "make -e deploy"),
    ("make deploy", "make -w deploy"),
    ("make deploy", "make --no-print-directory deploy"),
    ("make deploy", "make -O deploy"),
    ("make deploy", "make --output-sync=target deploy"),
    ("make deploy", "make --eval='X=1' deploy"),
    ("make deploy", "make -i deploy"),
    ("make deploy", "make --trace deploy"),
    ("make deploy", "make -- deploy"),
    ("make deploy", "make -I inc deploy"),
    ("make deploy", "make -W src.c deploy"),
    # variables set on the line, other targets beside it
    ("make deploy", "make ENV=prod deploy"),
    ("make deploy", "make deploy ENV=prod"),
    ("make deploy", "make ENV=prod REGION=eu deploy"),
    ("make deploy", "make build deploy"),
    ("make deploy", "make build test deploy"),
    ("make deploy", "make -C infra build deploy"),
    ("make deploy prod", "make deploy prod"),
    ("make deploy prod", "make -C x deploy prod"),
    # the program by another name or path, behind wrappers
    ("make deploy", "gmake deploy"),
    ("make deploy", "gmake -C x deploy"),
    ("make deploy", "/usr/bin/make deploy"),
    ("make deploy", "sudo make deploy"),
    ("make deploy", "env CI=1 make deploy"),
    ("make deploy", "nice make -j8 deploy"),
    ("make deploy", "timeout 100 make -k deploy"),
    ("make deploy", "cd infra && make deploy"),
    # an option's own spellings
    ("make -n", "make --dry-run"),
    ("make -n", "make --just-print deploy"),
    ("make -n", "make --recon"),
    ("make -n", "make -sn deploy"),
    ("make -n", "make --dry deploy"),
    ("make -B", "make --always-make"),
    ("make -B", "make -kB build"),
    ("make clean", "make -C build clean"),
    ("make clean", "make clean all"),
    ("make clean", "make -s clean"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("make deploy", "make build"),
    ("make deploy", "make deploy-docs"),
    ("make deploy", "make -C deploy build"),
    ("make deploy", "make -f deploy.mk build"),
    ("make deploy", "make DEPLOY=1 build"),
    ("make deploy", "make -o deploy build"),
    ("make deploy", "make -W deploy build"),
    ("make build deploy", "make deploy"),
    ("make build deploy", "make build"),
    ("make -n", "make deploy"),
    ("make -n", "make -s deploy"),
    ("make clean", "make all"),
    ("make clean", "make -C clean all"),
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
