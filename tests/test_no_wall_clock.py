"""No test asserts anything about the wall clock.

On a machine shared by other work any duration can stretch, so a test that
asserts how long something took fails for reasons that are not the code's.
Budgets are tested by what they count (iterations done, games played), the
GIL by what another thread did meanwhile (``test_ai.py``,
``test_simulate.py``).

This reads every test module's syntax tree: a value read from a clock
(``time.perf_counter()``, ``time.monotonic()``, ``time.time()``,
``datetime.now()`` and their kin), and every name computed from one in the
same function, must not appear in an ``assert``. A deadline that gives up
waiting for something outside the code under test (a server to start)
raises instead of asserting, and is allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
CLOCKS = {
    "time": {
        "time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic",
        "monotonic_ns", "process_time", "process_time_ns", "thread_time",
        "thread_time_ns",
    },
    "datetime": {"now", "utcnow", "today"},
}  # fmt: skip


def clock_names(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The names a module binds to the clock modules (``import time as t``)
    and to their clock functions (``from time import perf_counter``)."""
    modules: set[str] = set()
    functions: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in CLOCKS:
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module in CLOCKS:
            for alias in node.names:
                if alias.name in CLOCKS[node.module]:
                    functions.add(alias.asname or alias.name)
                elif alias.name == "datetime":
                    modules.add(alias.asname or alias.name)
    return modules, functions


def reads_clock(node: ast.AST, modules: set[str], functions: set[str]) -> bool:
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        func = call.func
        if isinstance(func, ast.Name) and func.id in functions:
            return True
        if isinstance(func, ast.Attribute):
            base = func.value
            # time.perf_counter(), datetime.now(), datetime.datetime.now()
            while isinstance(base, ast.Attribute) and base.attr == "datetime":
                base = base.value
            known = set().union(*CLOCKS.values())
            if isinstance(base, ast.Name) and base.id in modules and func.attr in known:
                return True
    return False


def names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def bound_names(target: ast.AST) -> set[str]:
    """The names an assignment target binds or changes (``x``, ``a, b``,
    ``record.seconds[0]`` changes ``record``)."""
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        return set().union(*(bound_names(t) for t in target.elts))
    if isinstance(target, (ast.Attribute, ast.Subscript, ast.Starred)):
        return bound_names(target.value)
    return set()


FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def module_level(tree: ast.Module) -> list[ast.AST]:
    """The module's own nodes, without the bodies of its functions."""
    nodes: list[ast.AST] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        nodes.append(node)
        pending.extend(c for c in ast.iter_child_nodes(node) if not isinstance(c, FUNCTIONS))
    return nodes


def clock_asserts(source: str) -> list[int]:
    """The lines of the asserts that depend on a clock reading: each
    function is one scope (with the functions nested in it), the module's
    own statements another."""
    tree = ast.parse(source)
    modules, functions = clock_names(tree)
    scopes = [module_level(tree)]
    scopes += [list(ast.walk(n)) for n in ast.walk(tree) if isinstance(n, FUNCTIONS)]
    found: set[int] = set()
    for scope in scopes:
        assignments: list[tuple[set[str], ast.AST]] = []
        for node in scope:
            if isinstance(node, ast.Assign):
                targets = set().union(*(bound_names(t) for t in node.targets))
                assignments.append((targets, node.value))
            elif (
                isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr))
                and node.value is not None
            ):
                assignments.append((bound_names(node.target), node.value))
        timed: set[str] = set()
        changed = True
        while changed:
            changed = False
            for targets, value in assignments:
                if targets - timed and (
                    reads_clock(value, modules, functions) or names_in(value) & timed
                ):
                    timed |= targets
                    changed = True
        for node in scope:
            if isinstance(node, ast.Assert) and (
                reads_clock(node, modules, functions) or names_in(node) & timed
            ):
                found.add(node.lineno)
    return sorted(found)


MODULES = sorted(TESTS.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(TESTS).as_posix())
def test_no_assert_reads_the_clock(path: Path) -> None:
    assert clock_asserts(path.read_text(encoding="utf-8")) == []


def test_the_test_modules_are_found() -> None:
    names = {path.name for path in MODULES}
    assert {"test_ai.py", "test_simulate.py", "test_no_wall_clock.py"} <= names


# The check itself, on made-up tests: each kind of clock assertion is found.

TIMED = """
import time
import time as clock
from time import perf_counter as pc
from datetime import datetime

def a():
    start = time.perf_counter()
    run()
    elapsed = (time.perf_counter() - start) * 1000
    assert 180 <= elapsed <= 250

def b():
    start = clock.monotonic()
    run()
    assert clock.monotonic() - start < 5

def c():
    t0 = pc()
    run()
    took = pc() - t0
    seconds = [took]
    assert seconds[0] < 1

def d():
    began = datetime.now()
    assert (datetime.now() - began).total_seconds() < 2

def e():
    record.seconds[0] += time.time()
    assert record.seconds[0] > 0
"""

UNTIMED = """
import time

def counted():
    stats = analyse(time_ms=200)
    assert 0 < sum(s["visits"] for s in stats) <= 200 * 100_000

def deadline():
    deadline = time.monotonic() + 20
    while not started():
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    assert started()
"""


def test_clock_assertions_are_found() -> None:
    lines = TIMED.splitlines()
    found = [lines[n - 1].strip() for n in clock_asserts(TIMED)]
    assert found == [
        "assert 180 <= elapsed <= 250",
        "assert clock.monotonic() - start < 5",
        "assert seconds[0] < 1",
        "assert (datetime.now() - began).total_seconds() < 2",
        "assert record.seconds[0] > 0",
    ]


def test_counts_and_deadlines_pass() -> None:
    assert clock_asserts(UNTIMED) == []


def test_a_name_is_timed_only_in_its_own_function() -> None:
    source = (
        "import time\n"
        "def timed():\n    start = time.monotonic()\n    print(start)\n"
        "def counted():\n    start = 3\n    assert start == 3\n"
    )
    assert clock_asserts(source) == []
