"""The tests' own honesty (issue 37): they wait on a value that changes, and never time the code.

Read from the tests' source with :mod:`ast`, so that the rules stay true:

- no fixed sleep (``time.sleep``, ``asyncio.sleep``, Playwright's
  ``wait_for_timeout``) directly followed by an ``assert``: that assert
  passes or fails with the machine's speed (a negative check passes without
  looking). A browser test never waits a fixed time at all; a sleep stays
  where time passing is the behaviour (a stopwatch running out) or inside
  a polling loop;
- no ``assert`` puts an upper bound on a wall-clock reading (``time.monotonic``,
  ``perf_counter``, ``time.time``, or a name computed from one): a loaded
  machine must not fail a correct answer. Speed is the benchmarks' business.
  A lower bound stays allowed: "this call waited at least its timeout" cannot
  fail by slowness. A wait loop gives up with ``pytest.fail``, not an assert.

(A check that cannot fail, like ``assert all(x >= 0 for x in counts)``, is
not found this way: those are read by people.)
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SOURCES = sorted(TESTS.rglob("*.py"))
CLOCKS = {"monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns", "time"}
SLEEPS = {"sleep", "wait_for_timeout"}


def _is_sleep(statement: ast.stmt) -> bool:
    """``time.sleep(…)``, ``await asyncio.sleep(…)``, ``page.wait_for_timeout(…)`` as a statement."""
    if not isinstance(statement, ast.Expr):
        return False
    value = statement.value.value if isinstance(statement.value, ast.Await) else statement.value
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in SLEEPS


def _statement_lists(tree: ast.AST):
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody", "handlers"):
            statements = getattr(node, field, None)
            if isinstance(statements, list) and statements and isinstance(statements[0], ast.stmt):
                yield statements


def sleeps_before_asserts(source: str) -> list[int]:
    """The lines of sleeps that the next statement asserts after."""
    if not any(name in source for name in SLEEPS):
        return []
    found = []
    for statements in _statement_lists(ast.parse(source)):
        for here, after in itertools.pairwise(statements):
            if _is_sleep(here) and isinstance(after, ast.Assert):
                found.append(here.lineno)
    return sorted(found)


def fixed_waits(source: str) -> list[int]:
    """The lines of Playwright's ``wait_for_timeout`` calls."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "wait_for_timeout"
    )


def _reads_clock(node: ast.AST, timed: set[str]) -> bool:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name) and inner.id in timed:
            return True
        if (
            isinstance(inner, ast.Call)
            and isinstance(inner.func, ast.Attribute)
            and inner.func.attr in CLOCKS
            and isinstance(inner.func.value, ast.Name)
            and inner.func.value.id == "time"
        ):
            return True
    return False


def _timed_names(tree: ast.AST) -> set[str]:
    """Names assigned from a clock reading, or from such a name (``elapsed = now - t0``), in the module."""
    assigns = [node for node in ast.walk(tree) if isinstance(node, ast.Assign)]
    timed: set[str] = set()
    for _round in range(3):
        for node in assigns:
            if _reads_clock(node.value, timed):
                names = (n for target in node.targets for n in ast.walk(target))
                timed.update(n.id for n in names if isinstance(n, ast.Name))
    return timed


def clock_upper_bounds(source: str) -> list[int]:
    """The lines of asserts that bound a wall-clock reading from above (``elapsed < 2``)."""
    if not any(f"time.{name}(" in source for name in CLOCKS):
        return []
    tree = ast.parse(source)
    timed = _timed_names(tree)
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assert):
            continue
        for compare in (c for c in ast.walk(node.test) if isinstance(c, ast.Compare)):
            operands = [compare.left, *compare.comparators]
            for (left, right), op in zip(itertools.pairwise(operands), compare.ops, strict=True):
                small = left if isinstance(op, (ast.Lt, ast.LtE)) else right
                if isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) and _reads_clock(small, timed):
                    found.add(node.lineno)
    return sorted(found)


def _where(path: Path, lines: list[int]) -> list[str]:
    return [f"{path.relative_to(TESTS.parent)}:{line}" for line in lines]


def test_no_sleep_is_directly_followed_by_an_assert():
    found = [w for path in SOURCES for w in _where(path, sleeps_before_asserts(path.read_text("utf-8")))]
    assert found == []


def test_no_browser_test_waits_a_fixed_time():
    browser = [path for path in SOURCES if path.parent.name == "browser"]
    assert len(browser) >= 30
    found = [w for path in browser for w in _where(path, fixed_waits(path.read_text("utf-8")))]
    assert found == []


def test_no_assert_bounds_the_wall_clock_from_above():
    found = [w for path in SOURCES for w in _where(path, clock_upper_bounds(path.read_text("utf-8")))]
    assert found == []


def test_the_scanners_find_what_they_look_for():
    """Each rule finds its planted case and leaves the honest forms alone (the scanners can fail)."""
    planted = """
import asyncio, time

def test_sleeps(page):
    page.click("#go")
    page.wait_for_timeout(500)
    assert page.locator("#done").count() == 0
    time.sleep(1)
    assert True
    while not ready():
        time.sleep(0.1)
    assert ready()

async def test_async():
    await asyncio.sleep(0.1)
    assert done

def test_clocks():
    start = time.perf_counter()
    work()
    elapsed = time.perf_counter() - start
    assert elapsed < 2
    assert 2 > time.monotonic() - start
    assert time.monotonic() - start >= 0.2
    deadline = time.monotonic() + 60
    assert time.monotonic() < deadline or fallback
"""
    assert sleeps_before_asserts(planted) == [6, 8, 15]
    assert fixed_waits(planted) == [6]
    assert clock_upper_bounds(planted) == [22, 23, 26]  # not the lower bound on line 24
