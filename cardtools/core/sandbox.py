"""The one Jinja2 sandbox every template runs in — card text, layouts, reference sheets — with a
work budget.

Templates are data from a deck folder (DESIGN.md §3.2). Jinja2's sandbox keeps them away from
Python's internals; the budget keeps them from taking a machine down: one render may run at most
``MAX_STEPS`` loop iterations and calls, and no text or list it makes, prints or keeps may exceed
``MAX_TEXT`` characters or items. Operations whose result size follows from their arguments
(``'x' * n``, ``'%999999d' % 1``, ``center(n)``, ``replace``, a list that extends itself) are
refused before they run; loops over constant ranges and constant expressions are
checked when the template is compiled, so a template no card uses fails too. Every breach raises
``BudgetExceeded``, a ``TemplateRuntimeError`` that callers report at the template's line.
"""

from __future__ import annotations

import contextvars
import functools
import math
import re
from typing import Any, Callable

from jinja2 import StrictUndefined, TemplateRuntimeError, TemplateSyntaxError, nodes
from jinja2.nodes import EvalContext, Impossible
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import Namespace

#: Loop iterations and calls one render may make.
MAX_STEPS = 100_000
#: Characters (or items) any one value a template makes may have, and its whole output.
MAX_TEXT = 1_000_000
#: Bits of the largest whole number a template may compute (about 1,200 digits).
MAX_BITS = 4_000
_WIDTH = re.compile(r"\d{7,}")  # a width or precision in a format string beyond MAX_TEXT


class BudgetExceeded(TemplateRuntimeError):
    """A template asked for more work or more text than one render may use."""


class _Budget:
    __slots__ = ("steps", "chars")

    def __init__(self):
        self.steps = self.chars = 0


_CURRENT: contextvars.ContextVar[_Budget | None] = contextvars.ContextVar("template_budget", default=None)


def _step() -> None:
    budget = _CURRENT.get()
    if budget is not None:
        budget.steps += 1
        if budget.steps > MAX_STEPS:
            raise BudgetExceeded(f"the template runs more than {MAX_STEPS:,} loop iterations and calls")


def _printed(text: str) -> str:
    budget = _CURRENT.get()
    if budget is not None:
        budget.chars += len(text)
        if budget.chars > MAX_TEXT:
            raise BudgetExceeded(f"the template writes more than {MAX_TEXT:,} characters")
    return text


def size(value: Any) -> int:
    """How big a value is for the budget: its length, or for a whole number its decimal digits."""
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset, range)):
        return len(value)
    if isinstance(value, int):
        return len(str(abs(value))) if abs(value) < 10 ** 18 else value.bit_length() * 3 // 10
    return 0


def _checked_result(value: Any) -> Any:
    if size(value) > MAX_TEXT:
        raise BudgetExceeded(f"the template makes a value of more than {MAX_TEXT:,} characters or items")
    return value


def _check_growth(name: str, subject: Any, args: tuple, kwargs: dict) -> None:
    """Refuse a string operation or filter whose result would grow past the budget before it runs:
    widths and counts (``center(n)``, ``'%9999999d'``), and what ``replace`` and ``join`` multiply."""
    values = (*args, *kwargs.values())
    if any(isinstance(v, int) and not isinstance(v, bool) and v > MAX_TEXT for v in values):
        raise BudgetExceeded(f"{name}: a width or count beyond {MAX_TEXT:,}")
    text = isinstance(subject, str)
    grows = {"replace": lambda: size(subject) * size(values[1]) if text and len(values) > 1 else 0,
             "join": lambda: size(subject) * size(values[0]) if values else 0,
             "format": lambda: MAX_TEXT + 1 if text and _WIDTH.search(subject) else 0}
    if name in grows and grows[name]() > MAX_TEXT:
        raise BudgetExceeded(f"{name} would make more than {MAX_TEXT:,} characters")


def _bounded_filter(name: str, function: Callable) -> Callable:
    passed = getattr(function, "jinja_pass_arg", None) is not None  # a context or environment comes first

    @functools.wraps(function)
    def bounded(*args, **kwargs):
        _step()
        subject, *rest = args[1:] if passed else args
        _check_growth(name, subject, tuple(rest), kwargs)
        return _checked_result(function(*args, **kwargs))
    return bounded


class _Namespace(Namespace):
    """``namespace()`` whose attributes, the only state a template can carry from one loop iteration
    to the next, stay within the budget."""

    def __setitem__(self, name: str, value: Any) -> None:
        super().__setitem__(name, _checked_result(value))


def _counted(values: Any):
    """What a ``{% for %}`` loop iterates over: each iteration is a step of the budget."""
    for value in values:
        _step()
        yield value


def _text(data: str) -> str:
    return _printed(data)


class Sandbox(SandboxedEnvironment):
    """Jinja2's sandbox, strict about undefined names, under a work budget."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self, **options: Any):
        super().__init__(undefined=StrictUndefined, autoescape=False, optimized=False,
                         finalize=lambda value: _printed(value if isinstance(value, str) else str(value)), **options)
        self.filters = {name: _bounded_filter(name, f) for name, f in self.filters.items()}
        self.filters.update(_counted=_counted, _text=_text)
        self.globals = {name: value for name, value in self.globals.items() if name != "lipsum"}
        self.globals["namespace"] = _Namespace

    def _generate(self, source: nodes.Template, name, filename, defer_init: bool = False):
        problem = static_problem(source, self)
        if problem is not None:
            raise TemplateSyntaxError(problem[1], problem[0], name, filename)
        _budgeted(source)
        return super()._generate(source, name, filename, defer_init=defer_init)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja2's signature
        _step()
        method = getattr(__obj, "__wrapped__", __obj)
        owner = getattr(method, "__self__", None)
        if isinstance(owner, str):  # 'x'.center(n), 'x'.replace(a, b), '{:>9}'.format(1)
            _check_growth(method.__name__.replace("format_map", "format"), owner, args, kwargs)
        elif isinstance(owner, (list, dict, set)):  # said.append(x); a list extending itself must not double
            if size(owner) + sum(size(v) for v in (*args, *kwargs.values())) > MAX_TEXT:
                raise BudgetExceeded(f"a list or mapping would grow beyond {MAX_TEXT:,} items")
        return _checked_result(super().call(__context, __obj, *args, **kwargs))

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            counts = [v for v in (left, right) if isinstance(v, int) and not isinstance(v, bool)]
            sequences = [v for v in (left, right) if isinstance(v, (str, list, tuple))]
            if counts and sequences and size(sequences[0]) * max(counts[0], 0) > MAX_TEXT:
                raise BudgetExceeded(f"repeating a value this often makes more than {MAX_TEXT:,} characters or items")
        elif operator == "**" and isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0:
            if right * math.log2(abs(left)) > MAX_BITS:
                raise BudgetExceeded(f"{left} ** {right} is a number of more than {MAX_BITS * 3 // 10:,} digits")
        elif operator == "%" and isinstance(left, str):
            _check_growth("format", left, right if isinstance(right, tuple) else (right,), {})
        return _checked_result(super().call_binop(context, operator, left, right))


def _budgeted(tree: nodes.Node) -> None:
    """Count each loop iteration, and each piece of text written inside a loop, macro or call block
    (where it may be written many times), against the budget."""
    for loop in tree.find_all(nodes.For):
        loop.iter = nodes.Filter(loop.iter, "_counted", [], [], None, None, lineno=loop.lineno)
    for block in tree.find_all((nodes.For, nodes.Macro, nodes.CallBlock)):
        for output in block.find_all(nodes.Output):
            output.nodes = [nodes.Filter(nodes.Const(n.data), "_text", [], [], None, None, lineno=n.lineno)
                            if isinstance(n, nodes.TemplateData) else n for n in output.nodes]


def static_problem(tree: nodes.Node, env: Sandbox) -> tuple[int, str] | None:
    """A budget breach visible before running: nested loops over constant ranges, a macro that
    calls itself, or a constant expression too large to compute. Returns (line in the template,
    message)."""
    context = EvalContext(env)

    def loops(node: nodes.Node, outer: int) -> tuple[int, str] | None:
        for child in node.iter_child_nodes():
            total = outer
            if isinstance(child, nodes.For):
                total = outer * _constant_length(child.iter, context)
                if total > MAX_STEPS:
                    return child.lineno, f"nested loops of {total:,} iterations exceed the budget of {MAX_STEPS:,}"
            found = loops(child, total)
            if found:
                return found
        return None

    found = loops(tree, 1)
    if found:
        return found
    for macro in tree.find_all(nodes.Macro):
        for call in macro.find_all(nodes.Call):
            if isinstance(call.node, nodes.Name) and call.node.name == macro.name:
                return call.lineno, f"macro '{macro.name}' calls itself: templates do not recurse"
    for node in tree.find_all((nodes.BinExpr, nodes.Filter, nodes.Call)):
        try:
            _constant(node, context)
        except BudgetExceeded as exc:
            return node.lineno, exc.message
        except Impossible as exc:
            if isinstance(exc.__cause__, BudgetExceeded):
                return node.lineno, exc.__cause__.message
        except Exception:  # noqa: BLE001 - any other failure is reported when the template runs
            pass
    return None


def _constant(node: nodes.Node, context: EvalContext) -> Any:
    """The value of a constant expression, computed within the budget (Jinja2 does not fold the
    operators the sandbox intercepts); ``Impossible`` when it is not constant."""
    if isinstance(node, nodes.BinExpr):
        left, right = _constant(node.left, context), _constant(node.right, context)
        return context.environment.call_binop(None, node.operator, left, right)
    return node.as_const(context)


def _constant_length(node: nodes.Node, context: EvalContext) -> int:
    """How many items a loop runs over, when that is known before running (else 1)."""
    try:
        if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name) and node.node.name == "range":
            return len(range(*(_constant(a, context) for a in node.args)))
        return size(_constant(node, context))
    except Exception:  # noqa: BLE001 - not a constant: counted when it runs
        return 1


def run(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call ``function`` (a template's ``render``, a compiled expression) under a fresh budget, unless
    it is part of a render already running (a helper rendering a nested effect): one budget then."""
    if _CURRENT.get() is not None:
        return function(*args, **kwargs)
    token = _CURRENT.set(_Budget())
    try:
        return function(*args, **kwargs)
    except RecursionError:
        raise BudgetExceeded("the template calls itself too deeply") from None
    finally:
        _CURRENT.reset(token)
