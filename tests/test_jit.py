import ast
import os
import subprocess
import sys
from pathlib import Path

import sokosolve.kernels
from sokosolve.kernels.jit import drop_stale_cache

from .conftest import PUZZLES

# Solves each level by each strategy twice, counting numba's allocations: a kernel
# compiled without reference counts (``kernels.jit.borrowing``) that kept a reference
# would leave more arrays alive after the second round than after the first.
_ROUNDS = """
import sys
from numba.core.runtime import rtsys
from sokosolve.io.files import load_levels
from sokosolve.limits import Limits
from sokosolve.solver import solve

levels = [load_levels(path)[0] for path in sys.argv[1:]]
strategies = ("greedy", "features-out-of-plan-advised", "features-dive-explorer",
              "features-phases-boxes", "meet-mixed")
live = []
for _ in range(2):
    for level in levels:
        for strategy in strategies:
            assert solve(level, strategy, Limits(seconds=60)).solution
    stats = rtsys.get_allocation_stats()
    live.append((stats.alloc - stats.free, stats.mi_alloc - stats.mi_free))
print(live[0] == live[1], live)
"""


def test_solving_again_leaves_no_more_arrays_alive():
    levels = [str(PUZZLES / name) for name in ("first-steps.xsb", "storeroom.xsb")]
    done = subprocess.run([sys.executable, "-c", _ROUNDS, *levels], capture_output=True,
                          text=True, timeout=600, env={**os.environ, "NUMBA_NRT_STATS": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("True"), done.stdout


def _kernels() -> dict[str, ast.FunctionDef]:
    found = {}
    for path in Path(sokosolve.kernels.__file__).parent.glob("*.py"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef):
                found[node.name] = node
    return found


def test_a_borrowing_kernel_calls_only_borrowing_kernels_and_returns_no_array():
    # numba compiles what a kernel calls with the kernel's own flags: a function that
    # allocates or returns an array, called from one without reference counts, would
    # lose or keep references (and whichever was compiled first would decide).
    kernels = _kernels()
    borrowing = {name for name, node in kernels.items()
                 if any(ast.unparse(d) == "borrowing" for d in node.decorator_list)}
    assert {"scanline_fill", "is_frozen", "packed_count"} <= borrowing
    for name in borrowing:
        node = kernels[name]
        assert "ndarray" not in ast.unparse(node.returns), name
        called = {call.func.id for call in ast.walk(node)
                  if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)}
        assert called & kernels.keys() <= borrowing, (name, called & kernels.keys() - borrowing)


def test_a_changed_kernel_source_drops_the_cached_kernels(tmp_path):
    kernels, cache = tmp_path / "kernels", tmp_path / "kernels" / "__pycache__"
    cache.mkdir(parents=True)
    (kernels / "loop.py").write_text("A = 1\n")
    (kernels / "macros.py").write_text("B = 2\n")
    cached = [cache / "loop.run-1.py311.nbi", cache / "loop.run-1.py311.1.nbc"]
    for path in cached:
        path.write_bytes(b"old")
    assert drop_stale_cache(kernels, cache)  # no digest yet: the cache's source is unknown
    assert not any(path.exists() for path in cached)
    for path in cached:
        path.write_bytes(b"new")
    assert not drop_stale_cache(kernels, cache)
    assert all(path.exists() for path in cached)
    (kernels / "macros.py").write_text("B = 3\n")  # a constant loop.py's kernels might read
    assert drop_stale_cache(kernels, cache)
    assert not any(path.exists() for path in cached)
