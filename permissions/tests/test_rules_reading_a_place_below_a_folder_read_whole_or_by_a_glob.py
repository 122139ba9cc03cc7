"""R4.10, red team: a place a rule names, read through the folder it lies in or through a glob of a star rule.

Under a deny of `cat secrets/prod.json` (or `cat secrets/*`, `cat ~/.ssh/id_rsa`), a search descending into the
folder (`grep -r KEY secrets`, `rg KEY secrets`, `ag`, `git grep KEY -- secrets`) and an archive of it written
to the output (`tar cf - secrets`, `zip -r - secrets`) printed the file and were auto-approved in auto mode and
behind an allow of every word: permissions.commands.recursive_reads gives the folders such a view reads whole, and
decide._read_below asks for the places a rule names below them (the file may be skipped -- ignored, binary, not
matched -- so it asks). Not a search printing names or counts (`grep -rl`, `rg -c`, `rg --files`), an archive
written to a file, or a search of the whole folder the command starts in (`grep -rn TODO .`, `rg TODO`: the
everyday search, kept approved as before) or of one holding it (`grep -r KEY /`: the path scope's to answer). And under a star rule (`cat secrets/*`, `cat .env*`) a glob naming the
folder or the name's start (`cat secret[s]/prod.json`, `cat */prod.json`, `cat .e*`) now asks as a glob naming
a literal rule's place does (matching._glob_may). 52 of its 78 cases fail on 20df7cd (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, auto_and_allowed

PLACES = ("sandbox", "agent")

BELOW = [
    ("cat secrets/prod.json", "grep -r KEY secrets"),
    ("cat secrets/prod.json", "grep -r KEY secrets/"),
    ("cat secrets/prod.json", "grep -rn KEY ./secrets"),
    ("cat secrets/prod.json", "grep -R -e KEY secrets"),
    ("cat secrets/prod.json", "grep --recursive KEY secrets"),
    ("cat secrets/prod.json", "egrep -ri 'key|token' secrets"),
    ("cat secrets/prod.json", "rg KEY secrets"),
    ("cat secrets/prod.json", "ag KEY secrets"),
    ("cat secrets/prod.json", "git grep KEY -- secrets"),
    ("cat secrets/prod.json", "tar cf - secrets"),
    ("cat secrets/prod.json", "tar -c secrets"),
    ("cat secrets/prod.json", "zip -r - secrets"),
    ("cat secrets/prod.json", "cd secrets && grep -r KEY ."),
    ("cat secrets/*", "grep -r KEY secrets"),
    ("cat secrets/*", "rg KEY secrets"),
    ("cat ~/.ssh/id_rsa", "grep -r KEY ~/.ssh"),
    ("cat ~/.ssh/id_rsa", "tar cf - ~/.ssh"),
    ("cat config/secrets.yml", "grep -r password config"),
]

STAR_GLOBS = [
    ("cat secrets/*", "cat secret[s]/prod.json"),
    ("cat secrets/*", "cat secret[[:alpha:]]/prod.json"),
    ("cat secrets/*", "cat secre?s/prod.json"),
    ("cat secrets/*", "cat s*/prod.json"),
    ("cat secrets/*", "cat */prod.json"),
    ("cat secrets/*", "shopt -s globstar; cat **/prod.json"),
    ("cat .env*", "cat .e*"),
    ("cat .env*", "cat .[e]nv.local"),
]

ORDINARY = [
    ("cat secrets/prod.json", "grep -rl KEY secrets"),
    ("cat secrets/prod.json", "rg -c KEY secrets"),
    ("cat secrets/prod.json", "rg --files secrets"),
    ("cat secrets/prod.json", "tar cf x.tar secrets"),
    ("cat secrets/prod.json", "grep -r KEY src"),
    ("cat secrets/prod.json", "grep -rn TODO ."),
    ("cat secrets/prod.json", "rg TODO"),
    ("cat secrets/prod.json", "grep -r KEY /"),
    ("cat secrets/prod.json", "grep -r KEY .."),
    ("cat secrets/prod.json", "grep KEY secrets"),
    ("cat secrets/*", "cat src/*.ts"),
    ("cat .env*", "cat *.local"),
    ("cat .env*", "cat x*"),
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize(("rule", "command"), BELOW + STAR_GLOBS)
def test_a_place_read_below_its_folder_or_by_a_glob_asks(rule: str, command: str, runs_in: str) -> None:
    assert (
        auto_and_allowed(command, runs_in, deny=(f"Terminal({rule})",))
        == [("require_approval", "ask_rule")] * 2
    )


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize(("rule", "command"), ORDINARY)
def test_names_counts_copies_and_the_everyday_search_are_not_the_place(
    rule: str, command: str, runs_in: str
) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)
