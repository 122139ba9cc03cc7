"""The apps depend downward only: permissions (the engine: plain Python, no Django in its decision,
no first-party import) ← brabo (the kernel, whose error catalogue reads the engine's decision reasons) ←
projects ← actions ← containers (the engine at the bottom, so a client can ship it alone). Every import is read with ``ast`` — at module level and inside functions — and
turned into app → app edges; a cycle between apps, an edge pointing up, or a first-party import hidden in
a function (the old way of dodging a cycle) fails here.

Out of the graph: test modules and migrations (not app code), ``brabo/wiring.py``, the composition root that
plugs every app into the ports of the apps below it, and ``brabo/urls.py``, the URL root that wires every
app's views together (with its async twin ``brabo/async_urls.py`` and the ASGI root ``brabo/asgi.py``)
(``brabo/settings.py`` names apps only as strings). Imports of third-party
and standard-library modules inside functions cannot form an app cycle and are not judged here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Lowest first: an app may import only the apps before it.
LAYERS = ("permissions", "brabo", "projects", "actions", "containers")
WIRING = {"brabo/urls.py", "brabo/async_urls.py", "brabo/asgi.py", "brabo/wiring.py"}

# A first-party import inside a function is allowed only here, each for a reason other than a cycle.
LAZY_ALLOWED = {
    ("brabo/apps.py", "brabo.wiring"): "AppConfig.ready: the composition root imports every app's models, "
    "which load only once the app registry is ready",
    ("brabo/wsgi.py", "brabo.celery"): "the broker transport loads after get_wsgi_application() configured "
    "Django, and only when a broker is configured (tests/test_wsgi.py)",
}


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(root: Path, dotted: str) -> bool:
    path = root / Path(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _imports(path: Path, root: Path = ROOT):
    """(imported module, line, inside a function?) for every import of ``path``; ``from m import x`` names
    ``m.x`` when x is a module, else ``m``."""
    tree = ast.parse(path.read_text(), filename=str(path))
    name = _module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []

    def visit(node, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, in_function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                for alias in child.names:
                    sub = f"{target}.{alias.name}"
                    item = (sub if _is_module(root, sub) else target, child.lineno, in_function)
                    if item not in found:
                        found.append(item)
            visit(
                child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            )

    visit(tree, False)
    return found


def app_sources(root: Path = ROOT, apps=LAYERS):
    for app in apps:
        for path in sorted((root / app).rglob("*.py")):
            rel = path.relative_to(root)
            if "tests" in rel.parts or "migrations" in rel.parts or rel.as_posix() in WIRING:
                continue
            yield app, path


def build_graph(root: Path = ROOT, apps=LAYERS):
    """({(from_app, to_app): [where, ...]}, [(file, line, module) of first-party imports in functions])."""
    edges: dict[tuple[str, str], list[str]] = {}
    in_functions = []
    for app, path in app_sources(root, apps):
        rel = path.relative_to(root).as_posix()
        for target, line, in_function in _imports(path, root):
            top = target.split(".")[0]
            if top not in apps:
                continue
            if in_function:
                in_functions.append((rel, line, target))
            if top != app:
                edges.setdefault((app, top), []).append(f"{rel}:{line} {target}")
    return edges, in_functions


def find_cycle(edges) -> list[str] | None:
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def walk(node, path):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := walk(nxt, path + [nxt])):
                return cycle
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := walk(start, [start])):
            return cycle
    return None


def test_no_cycle_between_apps():
    edges, _ = build_graph()
    cycle = find_cycle(edges)
    assert cycle is None, (
        "apps import each other in a circle: "
        + " → ".join(cycle)
        + "\n"
        + "\n".join(
            f"  {a} → {b}: {', '.join(edges[(a, b)][:3])}" for a, b in zip(cycle, cycle[1:], strict=False)
        )
    )


def test_apps_depend_downward_only():
    edges, _ = build_graph()
    upward = {(a, b): where for (a, b), where in edges.items() if LAYERS.index(b) > LAYERS.index(a)}
    assert not upward, "\n".join(f"{a} imports {b} above it: {w}" for (a, b), w in upward.items())


def test_no_first_party_import_hides_in_a_function():
    _, in_functions = build_graph()
    hidden = [
        f"{path}:{line} imports {module} inside a function"
        for path, line, module in in_functions
        if (path, module) not in LAZY_ALLOWED
    ]
    assert not hidden, (
        "\n".join(hidden) + "\n(hoist it; if it is genuinely lazy, add it to LAZY_ALLOWED with why)"
    )


def test_every_lazy_allowance_is_still_used():
    _, in_functions = build_graph()
    used = {(path, module) for path, _, module in in_functions}
    assert set(LAZY_ALLOWED) <= used, f"stale LAZY_ALLOWED entries: {sorted(set(LAZY_ALLOWED) - used)}"


# -- the checker itself can fail ---------------------------------------------------------------------


@pytest.fixture
def tree(tmp_path):
    def write(rel: str, text: str) -> None:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        for parent in path.relative_to(tmp_path).parents:
            if str(parent) != ".":
                (tmp_path / parent / "__init__.py").touch()
        path.write_text(text)

    return write


def test_the_checker_sees_a_cycle_made_inside_a_function(tmp_path, tree):
    tree("low/services.py", "def f():\n    from high.models import Thing\n    return Thing\n")
    tree("high/models.py", "from low import services\n")
    edges, in_functions = build_graph(tmp_path, ("low", "high"))
    assert find_cycle(edges) == ["high", "low", "high"]
    assert in_functions == [("low/services.py", 2, "high.models")]


def test_the_checker_reads_relative_imports_and_ignores_tests(tmp_path, tree):
    tree("low/a.py", "from .b import x\nfrom ..high import y\n")
    tree("low/tests/test_a.py", "import high\n")
    tree("high/__init__.py", "")
    edges, _ = build_graph(tmp_path, ("low", "high"))
    assert list(edges) == [("low", "high")] and find_cycle(edges) is None


def test_one_composition_root_fills_the_ports():
    """Ports and registries are filled in one place (brabo/wiring.py, run by one AppConfig.ready): an app's
    own ready() would be a second, hidden composition root."""
    readies = []
    for _, path in app_sources():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(f, ast.FunctionDef) and f.name == "ready" for f in node.body
            ):
                readies.append(f"{path.relative_to(ROOT).as_posix()}:{node.name}")
    assert readies == ["brabo/apps.py:WiringConfig"], (
        f"AppConfig.ready outside the composition root: {readies} (wire it in brabo/wiring.py)"
    )
