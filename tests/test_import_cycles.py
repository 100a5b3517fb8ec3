"""No import cycle in ``asteroyds`` (issue 36): the layers say which way imports go between
layers; this test says it inside a layer too, where ``lint-imports`` lets siblings import each other.

The graph is grimp's, the one ``lint-imports`` reads: every import counts, one inside a function or
under ``TYPE_CHECKING`` too. A cycle is broken by moving the shared piece down, by a registry the
lower module reads and the upper one fills, or by passing a function in; never by hiding the
import (hidden, it still counts here).

What counts as a cycle, where packages are concerned. Python runs a package's ``__init__``
before any module in it, so each module in a sense imports its package; and a package's
``__init__`` importing its own submodules (to re-export their names) is what every package
does. That pair is no cycle. Any other path back is, so two graphs are read, a cycle in either
fails:

- the imports as written (a module that imports its own package back, for a name the package
  re-exports from a module that imports it, is a cycle here);
- the imports as written, without a package's imports of its own submodules, with each module's
  import of its package (a package whose ``__init__`` imports a module outside it that imports
  back into the package is a cycle here).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import grimp
import pytest

PACKAGE = "asteroyds"

Graph = Mapping[str, Iterable[str]]


def _as_written(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    """Each module's imports of the package's modules, as grimp reads them."""
    return {m: set(graph.find_modules_directly_imported_by(m)) & graph.modules for m in graph.modules}


def _as_run(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    """The imports as written less a package's of its own submodules, plus each module's of its package."""
    written = _as_written(graph)
    edges = {m: {x for x in imported if not x.startswith(m + ".")} for m, imported in written.items()}
    for module in graph.modules:
        parent = module.rpartition(".")[0]
        if parent in edges:
            edges[module].add(parent)
    return edges


def strongly_connected(edges: Graph) -> list[list[str]]:
    """The groups of modules that reach one another (Tarjan's algorithm, without recursion), each sorted.

    A module that imports itself is a group of one; other single modules are no cycle and left out.
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in edges.get(node, ()):
                    groups.append(sorted(group))
    return sorted(groups)


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every group of modules in a cycle, in either reading (see the module's docstring)."""
    found: list[list[str]] = []
    for edges in (_as_written(graph), _as_run(graph)):
        for group in strongly_connected(edges):
            if group not in found:
                found.append(group)
    return sorted(found)


def describe(graph: grimp.ImportGraph, group: list[str]) -> str:
    """A cycle as the imports that make it, each with its line, so a failure says where to look."""
    members = set(group)
    lines = [f"{len(group)} modules: {', '.join(group)}"]
    for importer in group:
        for imported in sorted(graph.find_modules_directly_imported_by(importer) & members):
            for detail in graph.get_import_details(importer=importer, imported=imported):
                lines.append(f"    {importer}:{detail['line_number']} {detail['line_contents']}")
    for module in group:  # the implicit imports of a package, which the second reading adds
        parent = module.rpartition(".")[0]
        if parent in members and not graph.direct_import_exists(importer=module, imported=parent):
            lines.append(f"    {module} runs its package {parent} first")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def package_graph() -> grimp.ImportGraph:
    return grimp.build_graph(PACKAGE, cache_dir=None)


def test_the_package_has_no_import_cycle(package_graph):
    assert len(package_graph.modules) > 100  # the whole package was read, not an empty graph
    found = cycles(package_graph)
    assert not found, "import cycles in asteroyds:\n" + "\n".join(describe(package_graph, g) for g in found)


def _toy(imports: dict[str, list[str]]) -> grimp.ImportGraph:
    graph = grimp.ImportGraph()
    for importer, imported in imports.items():
        graph.add_module(importer)
        for target in imported:
            graph.add_module(target)
            graph.add_import(importer=importer, imported=target)
    return graph


def test_a_cycle_between_two_modules_is_found():
    graph = _toy({"p": [], "p.a": ["p.b"], "p.b": ["p.c"], "p.c": ["p.a"], "p.d": ["p.a"]})
    assert cycles(graph) == [["p.a", "p.b", "p.c"]]
    assert strongly_connected({"a": ["a"], "b": []}) == [["a"]]  # a module importing itself


def test_a_cycle_is_described_by_its_imports_and_their_lines():
    graph = _toy({"p": [], "p.a": [], "p.b": []})
    graph.add_import(importer="p.a", imported="p.b", line_number=3, line_contents="from .b import B")
    graph.add_import(importer="p.b", imported="p.a", line_number=9, line_contents="from .a import A")
    assert describe(graph, ["p.a", "p.b"]).splitlines() == [
        "2 modules: p.a, p.b",
        "    p.a:3 from .b import B",
        "    p.b:9 from .a import A",
    ]


def test_a_package_importing_its_own_submodules_is_no_cycle():
    graph = _toy({"p": ["p.a", "p.sub", "p.sub.b"], "p.a": ["p.sub.b"], "p.sub": ["p.sub.b"], "p.sub.b": []})
    assert cycles(graph) == []


def test_a_module_importing_its_package_back_is_a_cycle():
    # p re-exports a name of p.view; p.view imports p.scene, which takes the name from p.
    graph = _toy({"p": ["p.view"], "p.view": ["p.scene"], "p.scene": ["p"]})
    assert cycles(graph) == [["p", "p.scene", "p.view"]]


def test_a_package_importing_a_module_that_imports_back_into_it_is_a_cycle():
    # p's __init__ imports q, which imports p.a: importing p.a runs p first, which imports q.
    graph = _toy({"p": ["q"], "q": ["p.a"], "p.a": []})
    assert cycles(graph) == [["p", "p.a", "q"]]
