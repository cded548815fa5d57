"""Type stubs of the compiled extension (``python/src/lib.rs``); use the
functions of :mod:`gametree`, which wrap these."""

from typing import Any, List, Optional

__version__: str

class SpecError(ValueError):
    """A spec or answer file with an error."""

    file: str
    line: int
    col: int
    rendered: str

def solve(spec: str, algorithm_name: str, name: str, report: str, trace: bool, **options: Any) -> str: ...
def solve_all(spec: str, name: str) -> str: ...
def check(spec: str, name: str) -> str: ...
def draw(
    spec: str,
    name: str,
    format: str,
    algorithm_name: Optional[str],
    steps: bool,
    standalone: bool,
    **options: Any,
) -> str: ...
def title(spec: str, name: str) -> Optional[str]: ...
def algorithms() -> List[str]: ...
def grade(
    spec: str, name: str, answers: List[str], rubric: Optional[str], algorithm_name: Optional[str] = None, **options: Any
) -> str: ...
def generate(
    *,
    depth: int = 2,
    branching: int = 3,
    range: tuple = (0, 10),
    chance: bool = False,
    pruned: Optional[int] = None,
    min_pruned: Optional[int] = None,
    equality_case: bool = False,
    root_tie: bool = False,
    bounds: bool = False,
    seed: int = 1,
) -> str: ...
def run_cli(argv: List[str]) -> int: ...
