"""The package keeps its layout: each sub-package's import rule, no cycles, no upward imports."""

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sokosolve"

#: Each unit's layer: a module imports units of lower layers, and of its own unit.
LAYERS = {
    "version": 0, "level": 0, "replay": 1, "kernels": 2, "analysis": 3, "result": 4,
    "limits": 4, "io": 5, "pictures": 6, "environments": 6, "search": 7, "optimizer": 8,
    "solver": 9, "parallel": 10, "batch": 11, "cli": 12, "__init__": 13, "__main__": 13,
}
#: Outside imports allowed beside the standard library.
OUTSIDE = {"kernels": {"numpy", "numba"}, "analysis": {"numpy", "numba"},
           "search": {"numpy"}, "io": set(), "pictures": {"PIL"},
           "environments": {"numpy"}, "parallel": {"numpy", "dask", "distributed"}}
#: The imports inside a function allowed to go up: a Level draws itself in Jupyter with
#: the pictures (as python-chess boards do), which import the level module.
LAZY_UPWARD = {("sokosolve.level", "sokosolve.pictures.svg")}


def imports() -> dict[str, set[str]]:
    """Module name (sokosolve.x.y) -> the modules it imports, sokosolve's resolved."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("sokosolve", *path.relative_to(PACKAGE).with_suffix("").parts)
        package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
        module_name = ".".join(p for p in parts if p != "__init__") or "sokosolve"
        tree = ast.parse(path.read_text())
        lazy = {id(node) for function in ast.walk(tree)
                if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
                for node in ast.walk(function)}
        names = set()
        for node in ast.walk(tree):
            if id(node) in lazy and isinstance(node, ast.ImportFrom) and node.level:
                base = package[:len(package) - node.level + 1]
                if (module_name, ".".join((*base, node.module))) in LAZY_UPWARD:
                    continue
            if isinstance(node, ast.Import):
                names |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[:len(package) - node.level + 1]
                    module = ".".join((*base, node.module) if node.module else base)
                else:
                    module = node.module
                if module == "__future__":
                    continue
                names.add(module)
                names |= {f"{module}.{a.name}" for a in node.names}  # "from . import loop"
        found[module_name] = names
    return found


def unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_each_unit_imports_only_lower_layers_and_its_allowed_libraries():
    modules = imports()
    for module, names in modules.items():
        own = unit(module)
        for name in names:
            if name.startswith("sokosolve"):
                if name.startswith("sokosolve.__version__") or name not in modules:
                    continue  # a name imported from a module, or the version
                other = unit(name)
                assert other == own or LAYERS[other] < LAYERS[own], f"{module} imports {name}"
            elif own in OUTSIDE:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top in OUTSIDE[own], \
                    f"{module} imports {name}"


def test_the_import_graph_has_no_cycles():
    imported = imports()
    graph = {m: {n for n in names if n in imported and n != m} for m, names in imported.items()}
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for name in graph[module]:
            assert state.get(name) != 1, " -> ".join([*path, module, name])
            if name not in state:
                visit(name, [*path, module])
        state[module] = 2

    for module in graph:
        if module not in state:
            visit(module, [])
