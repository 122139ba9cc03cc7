"""§5, R12.2: what decide() remembers of the commands it has read is listed in one place (permissions.memos),
so forget_remembered() empties all of it and the next decision reads its command afresh -- the "first sight"
figure of bench/decide.py and any test of a memo rely on nothing being missed."""

from __future__ import annotations

import ast
import importlib
import pathlib

import pytest

import permissions.decide
import permissions.segments
import permissions.shell
from permissions.decide import compiled
from permissions.memos import Memo, forget_remembered, remembered

from .helpers import perms, term

PACKAGE = pathlib.Path(permissions.decide.__file__).parent

# Module-level caches that are not text memos: what they keep depends on the rules or the project's settings
# (and where a command starts), which a deployment reads once, never on a command's text.
NOT_TEXT = {
    "permissions.cli:_PERMS_CACHE": "a request line's rule set",
    "permissions.commands.views:ONE_VIEW": "a table of the known programs, filled once at import",
    "permissions.commands.views:RENAMED_AS": "a table of the known programs, filled once at import",
    "permissions.commands.git_branches:_ENTRY_CACHE": "the project's protected branch entries",
    "permissions.decide:_CACHE": "compiled rule sets (their segment memos are Memos)",
    "permissions.decide:_BY_VALUE": "compiled rule sets (their segment memos are Memos)",
    "permissions.files:_PARSED": "a permissions file's text",
    "permissions.files:_split_absolute": "how an absolute path splits below its folder, to open a file without "
    "following links (the policy file, a write's target); decide() never reads it",
    "permissions.mcp:_INDEX": "a rule set's Mcp(...) index",
    "permissions.mcp:parse_mcp": "an Mcp(...) pattern of the rules",
    "permissions.protected_paths:_BY_FIRST": "a table of the protected paths, filled once at import",
    "permissions.protected_paths:_PLACES": "the project's roots and where the command starts",
    "permissions.scope:_SCOPES": "the project's settings and where the command starts",
    "permissions.where:_NO_VALUES": "an empty default argument, never written",
}


def _module_caches() -> dict[str, str]:
    """Every module-level name of the package (tests aside) bound to an empty dict or a Memo, and every
    function behind a cache decorator: 'module:name' -> how it is made."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "tests" in path.parts or "migrations" in path.parts:
            continue
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                made = ast.unparse(node.value)
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if made in ("{}", "dict()") or made.startswith(
                    ("Memo(", "dict(", "defaultdict(", "OrderedDict(")
                ):
                    for t in targets:
                        found[f"{module}:{ast.unparse(t)}"] = made
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef) and any("cache" in ast.unparse(d) for d in fn.decorator_list):
                found[f"{module}:{fn.name}"] = "a cache decorator"
    return found


def _registered(memo: object) -> bool:
    return any(m is memo for m in remembered())


def test_every_module_level_memo_of_the_engine_is_listed():
    caches = _module_caches()
    assert "permissions.shell:_MEMO" in caches  # the scan sees the memos it is about
    unlisted = []
    for where in sorted(caches):
        if where in NOT_TEXT:
            continue
        module, name = where.split(":")
        value = getattr(importlib.import_module(module), name)
        if not (isinstance(value, Memo) and _registered(value)):
            unlisted.append(f"{where} ({caches[where]})")
    assert unlisted == [], "text memos forget_remembered() cannot reach: make each a permissions.memos.Memo"
    assert not set(NOT_TEXT) - set(caches), "NOT_TEXT names a cache that is gone"


def test_each_rule_set_s_segment_memos_are_listed_and_go_with_it():
    comp = compiled(perms(allow=("Terminal(ls)",)))
    assert all(isinstance(m, Memo) and _registered(m) for m in comp.segment_memo)
    before = len(remembered())
    comp2 = type(comp)(("Terminal(cat)",), (), ())
    assert len(remembered()) == before + 2
    del comp2
    assert len(remembered()) == before


@pytest.fixture
def counted(monkeypatch):  # type: ignore[no-untyped-def]
    """How often the parser, the text-only reading of _never_auto and a segment's reading run."""
    calls = {"parse": 0, "text": 0, "segment": 0}

    def count(module, name, key):  # type: ignore[no-untyped-def]
        real = getattr(module, name)

        def wrapper(*a, **k):  # type: ignore[no-untyped-def]
            calls[key] += 1
            return real(*a, **k)

        monkeypatch.setattr(module, name, wrapper)

    count(permissions.shell, "_fast", "parse")
    count(permissions.decide, "_never_auto_by_text", "text")
    count(permissions.segments, "_read_one", "segment")
    return calls


def test_after_forget_remembered_a_decision_reads_its_command_afresh(counted):
    cmd = "git status && npm test > out.txt"
    allow = ("Terminal(git status)", "Terminal(npm test)")
    first = term(cmd, allow=allow)
    assert counted["parse"] >= 1 and counted["text"] == 1 and counted["segment"] == 2
    seen = dict(counted)
    assert term(cmd, allow=allow) == first
    assert counted == seen  # remembered: nothing read again
    forget_remembered()
    assert all(len(m) == 0 for m in remembered())
    assert term(cmd, allow=allow) == first
    assert counted["parse"] > seen["parse"]
    assert counted["text"] == 2 and counted["segment"] == 4


def test_a_memo_empties_itself_when_it_reaches_its_limit():
    from permissions.memos import Memo

    memo: Memo[int, str] = Memo(limit=3)
    assert [memo.keep(n, str(n)) for n in range(3)] == ["0", "1", "2"]
    assert len(memo) == 3
    assert memo.keep(3, "3") == "3"  # full: emptied first, so a stream of distinct commands stays bounded
    assert dict(memo) == {3: "3"}
