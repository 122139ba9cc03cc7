"""A module's top-level name is bound once: a second binding of it further down replaces the first for every
function of the module, including those written above it against the first (functions look their globals up when
they run). Two such pairs in the engine's Windows reader made `%NAME%` and `env:` readings use another pattern than
the one written beside them, and one in the where-it-runs reader turned PowerShell's Where-Object filters into
grep's names (caught by the friction bench). A binding that reads the name itself (`X = X | {...}`) is a deliberate
widening and stays allowed; so do `if`/`try` branches (one of them binds).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The application's packages (tests and migrations bind what they like).
PACKAGES = ("brabo", "projects", "permissions", "actions", "containers")


def _bound_twice(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    first: dict[str, int] = {}
    out: list[str] = []
    for node in tree.body:
        names: list[str] = []
        value: ast.AST | None = None
        if isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            value = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            names, value = [node.target.id], node.value
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        for name in names:
            reads_itself = value is not None and any(
                isinstance(n, ast.Name) and n.id == name for n in ast.walk(value)
            )
            if name in first and not reads_itself:
                out.append(
                    f"{path.relative_to(root)}:{node.lineno}: {name} (bound first at line {first[name]})"
                )
            first.setdefault(name, node.lineno)
    return out


def test_no_module_binds_a_top_level_name_twice() -> None:
    found = [
        hit
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "tests" not in path.parts and "migrations" not in path.parts
        for hit in _bound_twice(path)
    ]
    assert not found, "rename one of each pair:\n" + "\n".join(found)


def test_the_check_finds_a_second_binding(tmp_path: Path) -> None:
    """The check itself: a name bound twice is found, a widening of itself is not."""
    module = tmp_path / "probe.py"
    module.write_text("import re\nA = re.compile('a')\nB = {1}\nB = B | {2}\nA = re.compile('b')\n")
    assert _bound_twice(module, tmp_path) == ["probe.py:5: A (bound first at line 2)"]
