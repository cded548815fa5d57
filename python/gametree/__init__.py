"""gametree: game-tree search made teachable and checkable.

Write a small MAX/MIN/CHANCE tree as text; gametree evaluates it with the
classic algorithms and reports what each did: values, best move, pruned
edges, visit order, the alpha/beta window at every node. The functions here
call the same library as the ``gametree`` command and return what its
``--format json`` prints.

>>> import gametree
>>> spec = "MAX A { MIN B { 3 12 8 } MIN C { 2 4 6 } MIN D { 14 5 2 } }"
>>> r = gametree.solve(spec)
>>> r["value"], r["best_move"], r["pruned"]
(3, '1', ['2.2', '2.3'])
>>> gametree.solve(spec, "minimax", report="value")
3
>>> tie = "MAX { MIN { 3 5 } MIN { 3 1 } }"
>>> gametree.solve(tie)["pruned"], gametree.solve(tie, strict_cuts=True)["pruned"]
(['2.2'], [])
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional, Union

from . import _gametree
from ._gametree import SpecError

__all__ = [
    "Spec",
    "SpecError",
    "Result",
    "algorithms",
    "check",
    "draw",
    "generate",
    "grade",
    "load",
    "solve",
    "solve_all",
]

__version__ = _gametree.__version__ if hasattr(_gametree, "__version__") else "0.1.0"


class Spec(str):
    """A spec's text with the file name it came from (see :func:`load`).

    The name decides the form: ``.yaml``/``.yml`` is the YAML form, anything
    else the text form. Every function taking ``spec`` takes a plain ``str``
    too (the text form, or the YAML form when it has a ``tree:`` key).
    """

    name: str

    def __new__(cls, text: str, name: str = "spec.tree") -> "Spec":
        s = super().__new__(cls, text)
        s.name = name
        return s


def _name(spec: str) -> str:
    if isinstance(spec, Spec):
        return spec.name
    if any(line.startswith("tree:") for line in spec.splitlines()):
        return "spec.yaml"
    return "spec.tree"


def load(path: Union[str, "os.PathLike[str]"]) -> Spec:
    """Reads a spec file (``.tree``, ``.yaml`` or ``.yml``) and checks it.

    Raises :class:`SpecError` (with ``line`` and ``col``) when it is not a
    valid spec, and ``OSError`` when it cannot be read.

    >>> import gametree, tempfile, os
    >>> d = tempfile.mkdtemp(); p = os.path.join(d, "t.tree")
    >>> _ = open(p, "w").write("MAX { 1 2 }")
    >>> gametree.solve(gametree.load(p))["value"]
    2
    """
    path = os.fspath(path)
    with open(path, encoding="utf-8") as f:
        spec = Spec(f.read(), path)
    _gametree.title(spec, spec.name)
    return spec


class Result(dict):
    """One algorithm's report: a ``dict`` with the fields of ``solve
    --format json`` (``value``, ``best_move``, ``pv``, ``pruned``,
    ``visit_order``, ``leaf_order``, ``nodes``, ``stats``, …). In Jupyter it
    shows the diagram of the search."""

    def __init__(self, fields: Dict[str, Any], spec: str, options: Dict[str, Any]):
        super().__init__(fields)
        self._spec = spec
        self._options = options

    def _repr_svg_(self) -> str:
        return draw(self._spec, "svg", algorithm=self["algorithm"], **self._options)


def solve(
    spec: str,
    algorithm: str = "alphabeta",
    *,
    report: str = "full",
    trace: bool = False,
    **options: Any,
) -> Any:
    """Evaluates ``spec`` with one algorithm.

    ``algorithm`` is a CLI name (see :func:`algorithms`). Options are the
    CLI's, as keywords: ``strict_cuts=True``, ``fail_hard=True``,
    ``order="best"``, ``depth=2``, ``ties="last"``, ``ignore_bounds=True``,
    ``tt_size=64``, ``guess=3``, ``shallow=True``, ``player="A"``,
    ``quiescence=True``, ``beam=2``, ``singular_extension=1``. An unknown
    keyword raises ``TypeError``.

    Returns a :class:`Result` (a ``dict`` with the fields of one entry of
    ``solve --format json``'s ``results``; ``trace=True`` adds the narrated
    ``steps``), or with ``report="value"`` only the root value (an ``int``,
    a ``float``, or a ``list`` for vectors; a ``fractions.Fraction`` when it
    is not whole), without building the report: for big trees.
    The search runs with the GIL released.

    >>> solve("MAX { CHANCE { 1 2 } 3 }", "expectiminimax")["value"]
    3
    >>> solve("MAX { CHANCE { 1 2 } CHANCE { 0 1/3 } }", "expectiminimax", report="value")
    Fraction(3, 2)
    """
    fields = json.loads(_gametree.solve(spec, algorithm, _name(spec), report, trace, **options))
    if report == "value":
        exact = fields.get("value_exact")
        if exact is not None:
            from fractions import Fraction

            return Fraction(exact)
        return fields["value"]
    return Result(fields, spec, options)


def solve_all(spec: str) -> Dict[str, Any]:
    """Every algorithm that applies, as ``gametree solve FILE --format json``
    prints it: ``{"title": …, "results": [{…}, …]}``."""
    return json.loads(_gametree.solve_all(spec, _name(spec)))


def check(spec: str) -> Dict[str, Any]:
    """Runs every ``expect`` block of ``spec`` and compares it.

    Returns ``{"passed": n, "failed": m, "blocks": [{"algorithm", "options",
    "line", "col", "passed", "mismatches": [{"item", "line", "col",
    "expected", "got", "detail"}]}]}``. A puzzle spec (``?`` leaves) is
    checked as ``gametree check`` does, solvable over its declared bounds:
    ``{"passed", "failed", "blocks": [], "puzzle": {"solvable", "message"}}``.

    >>> r = check("MAX { 3 5 } expect minimax { value 4 }")
    >>> r["failed"], r["blocks"][0]["mismatches"][0]["got"]
    (1, '5')
    """
    return json.loads(_gametree.check(spec, _name(spec)))


def draw(
    spec: str,
    format: str = "svg",
    *,
    algorithm: Optional[str] = None,
    steps: bool = False,
    standalone: bool = False,
    **options: Any,
) -> str:
    """The diagram of a search of ``spec`` as text: ``svg`` (the finished
    search), ``tikz`` (``standalone=True`` for a whole LaTeX document;
    ``steps=True`` for beamer overlays), ``dot`` or ``html`` (one offline
    page; ``steps=True`` adds the stepper). ``algorithm`` defaults to the
    first of alphabeta, expectiminimax, maxn that applies.

    >>> "<svg" in draw("MAX { 3 5 }")
    True
    """
    return _gametree.draw(spec, _name(spec), format, algorithm, steps, standalone, **options)


def algorithms() -> List[str]:
    """The algorithm names, as ``solve`` and ``gametree solve -a`` take them."""
    return list(_gametree.algorithms())


def grade(
    spec: str,
    answers: Union[str, List[str]],
    rubric: Optional[str] = None,
    *,
    algorithm: Optional[str] = None,
    **options: Any,
) -> Dict[str, Any]:
    r"""Grades answers (the texts of YAML answer files) against ``spec``, as
    ``gametree grade SPEC FILES --format json`` does: ``{"grades": [{student,
    file, score, out_of, algorithm, conventions, marks: [{item, right,
    points, max_points, answer, correct, detail, note}], first_divergence,
    right_under, error}]}``. ``rubric`` is a rubric's YAML text (default:
    the spec's own ``rubric`` block, else the default rubric). An answer
    that cannot be read is a row scoring 0 with its ``error``.

    >>> r = grade("MAX A { MIN B { 3 12 8 } MIN C { 2 4 6 } }", "value: 3\npruned: [C.2, C.3]\n")
    >>> g = r["grades"][0]
    >>> g["score"] == g["out_of"], g["error"]
    (True, None)
    """
    texts = [answers] if isinstance(answers, str) else list(answers)
    return json.loads(_gametree.grade(spec, _name(spec), texts, rubric, algorithm, **options))


def generate(**constraints: Any) -> str:
    """A new exam tree as spec text with its ``expect`` answers, as
    ``gametree generate`` writes it: ``depth``, ``branching``, ``range``
    (``(lo, hi)``), ``chance``, ``pruned``, ``min_pruned``,
    ``equality_case``, ``root_tie``, ``bounds``, ``seed``."""
    return _gametree.generate(**constraints)
