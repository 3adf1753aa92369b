"""Records and replays the random decisions of a Python generator for
`treereduce trace` (see doc/trace-protocol.md).

treereduce puts this module and a `sitecustomize.py` that installs it on
PYTHONPATH; nothing is installed for good. It wraps the public methods of
`random.Random` (and so the module-level functions and every instance): each
call is one decision, written to $TREEREDUCE_TRACE_OUT with its execution index
(the call site and the stack of calling lines). With $TREEREDUCE_TRACE_REPLAY
set, decisions are taken from that plan instead, aligned by execution index;
$TREEREDUCE_TRACE_ALIGN says what to do when a decision cannot be aligned.

Loops whose iteration count comes from a decision and `if` statements guarded
by a boolean decision are recognized from the generator's own syntax tree
(execution indexing: the frame, the instruction offset and the statement that
encloses each call) and written as structure lines around the decisions;
a loop's iterations are told from the trace events of its own frame, so an
iteration that draws nothing is one too.
Generators may also mark structure explicitly with `loop(lo, hi)` and
`maybe(p)` from this module.
"""

import ast
import atexit
import itertools
import linecache
import operator
import os
import random as _random
import sys
import threading
import zlib

__all__ = ["loop", "maybe"]

_HERE = os.path.abspath(__file__)
_RANDOM_FILE = os.path.abspath(_random.__file__)
_SKIP = {_HERE, _RANDOM_FILE}
# The exit status of a run halted on a decision it could not align.
HALT_STATUS = 86
# A float just below 1: `random() < p` is false for it whatever p <= 1.
_ALMOST_ONE = "0.9999999999999999"

_orig = {}
_lines = []
_plan = None
_plan_sites = {}
_plan_depths = []
_pos = 0
_align = "realign"
_out = None
_guard = threading.local()
_structs = []
_ast_cache = {}
_installed = False
_system_random_used = False
# Parts left out for the benchmarks' ablation (see src/ablate.rs).
_ABLATE = set(os.environ.get("TREEREDUCE_ABLATE", "").split(","))


# --- the trace file ---------------------------------------------------------

def _emit(*fields):
    _lines.append("\t".join(str(f) for f in fields))


def _flush(final):
    if _out is None:
        return
    if _plan is not None and final and _pos < len(_plan):
        _emit("U", _pos)
    if final:
        _emit("Z")
    try:
        with open(_out, "w", encoding="utf-8") as f:
            f.write("\n".join(_lines))
            f.write("\n")
    except OSError as e:
        sys.stderr.write("treereduce_trace: cannot write the trace %s: %s\n" % (_out, e))


def _unrecorded():
    """Random sources this hook does not record that the generator used or
    loaded: their draws cannot be replayed or reduced."""
    found = []
    if "numpy.random" in sys.modules or "numpy" in sys.modules:
        found.append("numpy.random")
    if "secrets" in sys.modules:
        found.append("secrets")
    if _system_random_used:
        found.append("random.SystemRandom")
    return found


def _at_exit():
    for name in _unrecorded():
        _emit("W", name)
    for _ in range(len(_structs)):
        _emit("E")
    del _structs[:]
    _flush(True)


# --- execution index -------------------------------------------------------

def _user_frames():
    """The frames of the generator, innermost first (this module and
    random.py left out), each with the frame it called (None for the
    innermost: the decision is made there)."""
    frames = []
    f = sys._getframe(2)
    callee = None
    while f is not None:
        name = f.f_code.co_filename
        if name not in _SKIP and not name.startswith("<frozen"):
            frames.append((f, callee))
            callee = f
        elif not frames:
            callee = None
        f = f.f_back
    return frames


_real = {}

# The directory the generator started in: each worker runs it in a private
# copy of the user's directory, a different one per worker.
_root = os.path.join(os.path.realpath(os.getcwd()), "")


def _file(code):
    """The name of a code object's file: its real path, relative to the
    directory the generator started in when it is inside it, so the same
    line has the same name whichever worker's copy it ran from."""
    name = code.co_filename
    real = _real.get(name)
    if real is None:
        real = os.path.realpath(name) if not name.startswith("<") else name
        if real.startswith(_root):
            real = real[len(_root):]
        _real[name] = real
    return real


def _site(frames):
    """`file:line#hash.depth`: the call line, a hash of the calling lines
    on the stack, and how many frames of the generator the stack holds."""
    if not frames:
        return "?"
    inner = frames[0][0]
    path = "\x00".join("%s:%d" % (_file(f.f_code), f.f_lineno) for f, _ in frames)
    return "%s:%d#%08x.%d" % (
        os.path.basename(inner.f_code.co_filename),
        inner.f_lineno,
        zlib.crc32(path.encode("utf-8", "replace")),
        len(frames),
    )


def _depth(site):
    """The stack depth a site names (0 if it names none)."""
    _, _, depth = site.rpartition(".")
    return int(depth) if depth.isdigit() else 0


# --- structure from the generator's syntax ---------------------------------

def _names_in(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _span(body):
    return body[0].lineno, max(getattr(s, "end_lineno", s.lineno) for s in body)


def _analyse(filename):
    """line -> ("loop", region_start, body_lines) or ("sel", off_rule, body_lines)."""
    table = _ast_cache.get(filename)
    if table is not None:
        return table
    table = {}
    _ast_cache[filename] = table
    try:
        source = "".join(linecache.getlines(filename))
        tree = ast.parse(source)
    except (SyntaxError, ValueError, OSError):
        return table

    def mark(node, entry):
        for line in range(node.lineno, getattr(node, "end_lineno", node.lineno) + 1):
            table.setdefault(line, entry)

    comprehensions = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
    for node in ast.walk(tree):
        # [f() for _ in range(random.randint(1, 9))]: the count is drawn in
        # the enclosing frame, the iterations run in the comprehension's.
        if isinstance(node, comprehensions) and node.generators:
            mark(node.generators[0].iter,
                 ("loop", node.lineno, (node.lineno, node.end_lineno), "comp", node.lineno))
    for parent in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(parent, field, None)
            if not isinstance(stmts, list):
                continue
            for i, stmt in enumerate(stmts):
                if isinstance(stmt, (ast.For, ast.AsyncFor)) and stmt.body:
                    mark(stmt.iter, ("loop", stmt.lineno, _span(stmt.body), "for", stmt.lineno))
                elif isinstance(stmt, (ast.If, ast.While)) and stmt.body:
                    # `if random() < p:`, `if a and choice([True, False]):`,
                    # and `while random() < p:` (each true test one block).
                    guards = [stmt.test]
                    # A while loop's test is compiled at its end too, past
                    # the body: its block is told by line alone.
                    tag = ("while",) if isinstance(stmt, ast.While) else ()
                    while guards:
                        test = guards.pop()
                        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
                            guards.extend(test.values)
                        elif isinstance(test, ast.Call):
                            mark(test, ("sel", "flip", _span(stmt.body)) + tag)
                        elif (isinstance(test, ast.Compare) and isinstance(test.left, ast.Call)
                              and len(test.ops) == 1):
                            op = test.ops[0]
                            if isinstance(op, (ast.Lt, ast.LtE)):
                                mark(test.left, ("sel", _ALMOST_ONE, _span(stmt.body)) + tag)
                            elif isinstance(op, (ast.Gt, ast.GtE)):
                                mark(test.left, ("sel", "0.0", _span(stmt.body)) + tag)
                elif (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                      and isinstance(stmt.targets[0], ast.Name)
                      and isinstance(stmt.value, ast.Call)):
                    name = stmt.targets[0].id
                    for later in stmts[i + 1:]:
                        if isinstance(later, (ast.For, ast.AsyncFor)) and later.body \
                                and name in _names_in(later.iter):
                            mark(stmt, ("loop", stmt.lineno, _span(later.body), "for", later.lineno))
                            break
                        comp = next((c for c in ast.walk(later) if isinstance(c, comprehensions)
                                     and c.generators and name in _names_in(c.generators[0].iter)),
                                    None)
                        if comp is not None:
                            mark(stmt, ("loop", stmt.lineno, (comp.lineno, comp.end_lineno), "comp",
                                        comp.lineno))
                            break
                        if isinstance(later, ast.Assign) and name in _names_in(later):
                            break
    return table


_COMPREHENSIONS = ("<listcomp>", "<setcomp>", "<genexpr>", "<dictcomp>")


class _Struct:
    __slots__ = ("kind", "frame", "init", "lo", "body", "last", "explicit", "comp", "iters",
                 "by_line", "traced", "header", "pending", "inner", "start")

    def __init__(self, kind, frame, lo, body, explicit, comp=False):
        self.kind = kind
        self.frame = frame
        self.init = frame.f_lasti if frame is not None else -1
        self.lo = lo
        self.body = body
        self.last = None
        self.explicit = explicit
        # The iterations run in a comprehension's own frame (before 3.12).
        self.comp = comp
        # Iterations begun (`I` lines written).
        self.iters = 0
        # Inside while the frame is on its lines, whatever its offset.
        self.by_line = False
        # Iterations told by tracing the loop's lines (or, for a
        # comprehension, the instructions of its own frame), not by the
        # decisions made in them: see _trace_loop.
        self.traced = False
        self.header = None
        # The header ran (a `for` line, a comprehension's FOR_ITER): the
        # next line of the body starts an iteration.
        self.pending = False
        # A comprehension's own frame, once called, and the offset where
        # an iteration's body starts in it.
        self.inner = None
        self.start = None


def _close_from(k):
    while len(_structs) > k:
        s = _structs.pop()
        _emit("E")
        if s.traced and not s.comp and s.frame is not None and not any(
                t.traced and t.frame is s.frame for t in _structs):
            s.frame.f_trace = None


# --- loop iterations by tracing ---------------------------------------------
#
# A loop whose count is a decision is one unit per iteration, also when its
# body draws nothing (`params = ["p%d" % j for j in range(randint(1, 3))]`).
# Its iterations are told from the interpreter's trace events of the loop's
# own frame alone: for a `for` statement, the body's first line after the
# header's; for a comprehension, the instruction after its first FOR_ITER
# (its frame is traced by instructions). Every other frame is left alone:
# the global trace function only looks for comprehensions to trace.

_tracing = False


def _global_trace(frame, event, arg):
    if event == "call" and frame.f_code.co_name in _COMPREHENSIONS:
        for s in reversed(_structs):
            if s.traced and s.comp and (s.inner is frame or (
                    s.inner is None and frame.f_back is s.frame)):
                if s.inner is None:
                    s.inner = frame
                    s.start = _body_offset(frame.f_code)
                frame.f_trace_lines = False
                frame.f_trace_opcodes = True
                return _comp_trace
    return None


def _body_offset(code):
    """The offset of the instruction after a comprehension's first
    FOR_ITER: where each iteration starts (an exhausted FOR_ITER jumps
    past it)."""
    import dis
    found = False
    for ins in dis.get_instructions(code):
        if found:
            return ins.offset
        found = ins.opname == "FOR_ITER"
    return None


def _comp_trace(frame, event, arg):
    if event == "opcode":
        for k, s in enumerate(_structs):
            if s.inner is frame:
                if frame.f_lasti == s.start:
                    _close_from(k + 1)
                    _emit("I")
                    s.iters += 1
                break
    return _comp_trace


def _line_trace(frame, event, arg):
    if event == "line":
        _on_line(frame, frame.f_lineno)
    return _line_trace


def _on_line(frame, line):
    for k, s in enumerate(_structs):
        if not s.traced or s.comp or s.frame is not frame:
            continue
        if not s.lo <= line <= s.body[1]:
            # The loop is done (or left by a jump).
            _close_from(k)
            return
        if line == s.header:
            s.pending = True
        elif s.pending and s.body[0] <= line:
            s.pending = False
            _close_from(k + 1)
            _emit("I")
            s.iters += 1
            return


def _trace_loop(s, header):
    """Traces the loop `s` just opened (see above), unless the benchmarks'
    ablation leaves it out or its body is on the header's line; whether it
    does."""
    global _tracing
    if "iterations" in _ABLATE or s.frame is None:
        return False
    if not s.comp:
        if header >= s.body[0]:
            return False
        s.header = header
        # The count is drawn on the header's line, before the first
        # iteration (or before it, on the line of an assignment).
        s.pending = s.lo == header
        s.frame.f_trace_lines = True
        s.frame.f_trace = _line_trace
    s.traced = True
    if not _tracing:
        _tracing = True
        sys.settrace(_global_trace)
    return True


def _before_decision(frames):
    """Closes the structures the execution has left and starts new loop
    iterations, before the decision is written."""
    on_stack = {id(f): (f, callee) for f, callee in frames}
    for k, s in enumerate(_structs):
        if s.explicit:
            continue
        entry = on_stack.get(id(s.frame))
        line = s.frame.f_lineno
        if entry is None or entry[0] is not s.frame or not (
                (s.by_line or s.frame.f_lasti > s.init) and s.lo <= line <= s.body[1]):
            _close_from(k)
            break
    for k, s in enumerate(_structs):
        if s.kind != "loop" or s.explicit:
            continue
        if s.traced:
            # Its iterations are written as they start (_on_line).
            continue
        f, callee = on_stack[id(s.frame)]
        if not s.body[0] <= f.f_lineno <= s.body[1]:
            continue
        nested = next((t for t in _structs[k + 1:] if t.frame is s.frame), None)
        if nested is not None:
            continue
        if s.comp and callee is not None and callee.f_code.co_name in _COMPREHENSIONS:
            f, callee = on_stack[id(callee)]
        event = (f.f_lasti, callee)
        last = s.last
        s.last = event
        if last is None or event[0] < last[0] or (
                event[0] == last[0] and (callee is None or callee is not last[1])):
            _close_from(k + 1)
            _emit("I")
            s.iters += 1
            return


def _after_decision(frames, kind, n, value, result, explicit):
    """Opens the loop or selection this decision starts, if any."""
    if explicit or not frames or kind not in ("i", "f"):
        return
    f = frames[0][0]
    entry = _analyse(f.f_code.co_filename).get(f.f_lineno)
    if entry is None:
        return
    if entry[0] == "loop" and kind == "i":
        comp = entry[3] == "comp"
        if comp and f.f_code.co_name in _COMPREHENSIONS:
            # A decision inside the comprehension, on the line of its count.
            return
        mine = _Struct("loop", f, entry[1], entry[2], False, comp)
        # `1`: every iteration is a unit (see doc/trace-protocol.md).
        _emit("L", 1) if _trace_loop(mine, entry[4]) else _emit("L")
        _structs.append(mine)
        # A decision in the loop's own frame before the body (`n = ...`)
        # belongs to no iteration yet.
    elif entry[0] == "sel":
        rule, body = entry[1], entry[2]
        if rule == "flip" and kind == "i" and n == 2 and value in (0, 1):
            if not result:
                return
            other = 1 - value
            _emit("S", other, 1)
        elif rule != "flip" and kind == "f":
            _emit("S", rule, 0)
        else:
            return
        mine = _Struct("sel", f, body[0], body, False)
        mine.by_line = len(entry) > 3 and entry[3] == "while"
        _structs.append(mine)


# --- deciding: record or replay ---------------------------------------------

def _path():
    """The execution index within the structure: the ordinal of the current
    iteration of each open loop, outer first (what treereduce writes in the
    plan, counting only the iterations it kept)."""
    return ".".join(str(s.iters - 1) for s in _structs if s.kind == "loop" and s.iters > 0)


def _key(x):
    """A name for a chosen value that is the same in every run (no object
    addresses): its repr if short, else a hash of it; None if it has no such
    name."""
    try:
        if isinstance(x, (bool, int, float, str, bytes, type(None))):
            text = repr(x)
        elif isinstance(x, tuple) and all(isinstance(e, (bool, int, float, str, type(None))) for e in x):
            text = repr(x)
        else:
            fields = getattr(x, "__dict__", None)
            if fields is None:
                text = repr(x)
            else:
                simple = sorted((k, v) for k, v in fields.items()
                                if isinstance(v, (bool, int, float, str, type(None))))
                text = type(x).__name__ + repr(simple)
    except Exception:
        return None
    if " at 0x" in text:
        return None
    if len(text) > 64 or "\t" in text or "\n" in text or text.startswith("#"):
        return "#%08x" % zlib.crc32(text.encode("utf-8", "replace"))
    return text


def _by_key(items, index, key, count):
    """The index in `items` of the value named `key`: `index` if it still
    holds it, else the first that does; for a loop's count (`count`) the
    largest number not above it. None if there is none."""
    n = len(items)
    if isinstance(items, range):
        try:
            want = int(key)
        except ValueError:
            return None
        if want in items:
            return items.index(want)
        if count and n and items.step > 0 and want >= items[0]:
            return n - 1 if want > items[-1] else (want - items[0]) // items.step
        return None
    if 0 <= index < n and _key(items[index]) == key:
        return index
    for j in range(n):
        if _key(items[j]) == key:
            return j
    if count:
        try:
            want = int(key)
        except ValueError:
            return None
        best = None
        for j in range(n):
            v = items[j]
            if isinstance(v, int) and not isinstance(v, bool) and v <= want and (
                    best is None or v > items[best]):
                best = j
        return best
    return None


def _fallback(frames, kind, n, lowest, convert):
    """The value of a decision that cannot be aligned: a selection's guard
    takes the value that skips its block (a float compared in an `if`, a
    flip), anything else the lowest value its arguments allow."""
    if frames and "off-fallback" not in _ABLATE:
        f = frames[0][0]
        entry = _analyse(f.f_code.co_filename).get(f.f_lineno)
        if entry is not None and entry[0] == "sel":
            rule = entry[1]
            if rule != "flip" and kind == "f":
                return float(rule)
            if rule == "flip" and kind == "i" and n == 2:
                for v in (0, 1):
                    try:
                        if not convert(v):
                            return v
                    except Exception:
                        break
    return lowest


def _decide(kind, n, fresh, feasible, lowest, convert, explicit=False, truthy=None,
            items=None):
    """One decision. `fresh()` draws it from the generator's own random
    state (recording) and returns (value, result); `feasible(value)` says
    whether a planned value fits this call; `lowest` is the value taken when
    nothing can be aligned; `convert(value)` the result of a replayed one.
    `items`: the values an index picks from (choice, randrange), so that a
    replay aligns it by the value it picked."""
    global _pos
    frames = _user_frames()
    site = _site(frames)
    _before_decision(frames)
    path = _path()
    if _plan is None:
        value, result = fresh()
    else:
        value = None
        entry = _plan[_pos] if _pos < len(_plan) else None
        if "path" in _ABLATE:
            path = None
        if entry is not None and entry[0] == site and entry[1] == kind and (
                path is None or entry[4] in (None, path)):
            q = _pos
        elif _align == "halt":
            _halt("site")
        else:
            # Resume at this decision's execution index further on, if the
            # plan has it and what lies between was not run; else this
            # decision is one the plan does not have, and the plan waits.
            _emit("M", _pos, "site")
            q = _next_position(site, kind, path, _pos + 1)
            if q is not None and not _skippable(_depth(site), _pos, q):
                q = None
        if q is not None:
            planned = _parse(kind, _plan[q][2])
            key = _plan[q][3]
            if key is not None and items is not None and "by-value" not in _ABLATE:
                found = _by_key(items, planned, key, _counts_loop(frames))
                if found is not None:
                    value = found
                else:
                    if _align == "halt":
                        _pos = q
                        _halt("value")
                    _emit("M", q, "value")
                    # The index is the fallback.
                    if feasible(planned):
                        value = planned
            elif feasible(planned):
                value = planned
            elif _align == "halt":
                _pos = q
                _halt("value")
            else:
                _emit("M", q, "value")
            _pos = q + 1
        if value is None:
            value = _fallback(frames, kind, n, lowest, convert)
        result = convert(value)
    _emit("D", site, kind, n, _show(kind, value))
    if items is not None and 0 <= value < len(items):
        k = _key(items[value])
        if k is not None:
            lowest = _lowest_count(items) if _counts_loop(frames) else None
            if lowest is None:
                _emit("V", k)
            else:
                _emit("V", k, lowest)
    if truthy is not None:
        result_for_structure = truthy(result)
    else:
        result_for_structure = result
    _after_decision(frames, kind, n, value, result_for_structure, explicit)
    return result


def _lowest_count(items):
    """The lowest count a loop's count drawn from `items` can take: what
    removing its iterations cannot go below. None if not a number."""
    if isinstance(items, range):
        return items[0] if items.step > 0 else None
    counts = [v for v in items if isinstance(v, int) and not isinstance(v, bool)]
    return min(counts) if counts else None


def _counts_loop(frames):
    if not frames:
        return False
    f = frames[0][0]
    entry = _analyse(f.f_code.co_filename).get(f.f_lineno)
    return entry is not None and entry[0] == "loop"


def _halt(reason):
    _emit("H", _pos, reason)
    _flush(False)
    sys.stdout.flush()
    os._exit(HALT_STATUS)


def _skippable(depth, start, end):
    """Whether the plan entries from `start` up to `end` can be ones the run
    did not reach, for a decision made `depth` frames deep: each lies at
    least as deep (in calls the run did not make, or in the decision's own
    frames, later). One shallower is in a frame the decision is inside of:
    the run has still to come back to it, and the decision is one made in
    a call the plan does not have at this point (the paper's realign makes
    it and aligns what follows it)."""
    if "bounded-realign" in _ABLATE:
        return True
    return min(_plan_depths[start:end + 1]) >= depth


def _next_position(site, kind, path, start):
    if path is None:
        # Ablation: the next entry made at the same site, whatever its path.
        positions = sorted(p for (s, k, _), ps in _plan_sites.items() if s == site and k == kind
                           for p in ps)
    else:
        positions = _plan_sites.get((site, kind, path))
    if not positions:
        return None
    import bisect
    i = bisect.bisect_left(positions, start)
    return positions[i] if i < len(positions) else None


def _show(kind, value):
    if kind == "f":
        return repr(float(value))
    if kind == "l":
        return ",".join(str(v) for v in value)
    if kind == "x":
        return value.hex()
    return str(value)


def _parse(kind, text):
    if kind == "i":
        return int(text)
    if kind == "f":
        return float(text)
    if kind == "l":
        return [int(v) for v in text.split(",")] if text else []
    if kind == "x":
        return bytes.fromhex(text)
    return text


class _Quiet:
    """Inside a wrapped method, the calls it makes are not decisions."""

    def __enter__(self):
        depth = getattr(_guard, "depth", 0)
        _guard.depth = depth + 1
        return depth == 0

    def __exit__(self, *exc):
        _guard.depth -= 1


def _wrap(name, make):
    original = getattr(_random.Random, name)
    _orig[name] = original

    def method(self, *args, **kwargs):
        with _Quiet() as outer:
            if not outer:
                return original(self, *args, **kwargs)
            # The calls a decision makes are not traced (see _trace_loop).
            tracer = sys.gettrace()
            if tracer is None:
                return make(self, original, *args, **kwargs)
            sys.settrace(None)
            try:
                return make(self, original, *args, **kwargs)
            finally:
                sys.settrace(tracer)

    method.__name__ = name
    method.__doc__ = original.__doc__
    setattr(_random.Random, name, method)


def _w_random(self, original):
    return _decide("f", 0, lambda: (lambda u: (u, u))(original(self)),
                   lambda v: 0.0 <= v < 1.0, 0.0, float)


def _w_uniform(self, original, a, b):
    def fresh():
        u = _orig["random"](self)
        return u, a + (b - a) * u
    return _decide("f", 0, fresh, lambda v: 0.0 <= v < 1.0, 0.0, lambda u: a + (b - a) * u)


def _w_getrandbits(self, original, k):
    n = 1 << k
    return _decide("i", n, lambda: (lambda v: (v, v))(original(self, k)),
                   lambda v: 0 <= v < n, 0, int)


def _integral(x):
    """An int argument as randrange takes it (3.11 still accepts integral
    floats, with a warning); None if it is not one."""
    try:
        return operator.index(x)
    except TypeError:
        if isinstance(x, float) and x.is_integer():
            return int(x)
        return None


def _w_randrange(self, original, start, stop=None, step=1):
    bounds = [_integral(x) for x in ((start,) if stop is None else (start, stop, step))]
    if None in bounds:
        return original(self, start, stop, step)
    r = range(*bounds)
    if len(r) == 0:
        return original(self, start, stop, step)

    def fresh():
        v = original(self, start, stop, step)
        return r.index(v), v
    return _decide("i", len(r), fresh, lambda i: 0 <= i < len(r), 0, lambda i: r[i], items=r)


def _w_randint(self, original, a, b):
    return _w_randrange(self, _orig["randrange"], a, b + 1)


def _w_choice(self, original, seq):
    n = len(seq)
    if n == 0:
        return original(self, seq)

    def fresh():
        i = self._randbelow(n)
        return i, seq[i]
    return _decide("i", n, fresh, lambda i: 0 <= i < n, 0, lambda i: seq[i], items=seq)


def _w_shuffle(self, original, x):
    n = len(x)

    def fresh():
        perm = list(range(n))
        original(self, perm)
        return perm, perm

    perm = _decide("l", n, fresh, lambda p: sorted(p) == list(range(n)),
                   list(range(n)), list)
    x[:] = [x[p] for p in perm]


def _w_sample(self, original, population, k, *, counts=None):
    if counts is not None:
        population = list(itertools.chain.from_iterable(
            itertools.repeat(e, c) for e, c in zip(population, counts)))
    n = len(population)

    def fresh():
        idx = original(self, range(n), k)
        return idx, idx

    def feasible(idx):
        return len(idx) == k and len(set(idx)) == k and all(0 <= i < n for i in idx)
    lowest = list(range(k)) if k <= n else []
    idx = _decide("l", n, fresh, feasible, lowest, list)
    if len(idx) != k:
        return original(self, population, k)
    return [population[i] for i in idx]


def _w_choices(self, original, population, weights=None, *, cum_weights=None, k=1):
    n = len(population)

    def fresh():
        idx = original(self, range(n), weights, cum_weights=cum_weights, k=k)
        return idx, idx

    def feasible(idx):
        return len(idx) == k and all(0 <= i < n for i in idx)
    idx = _decide("l", n, fresh, feasible, [0] * k if n else [], list)
    if len(idx) != k:
        return original(self, population, weights, cum_weights=cum_weights, k=k)
    return [population[i] for i in idx]


def _w_randbytes(self, original, n):
    return _decide("x", n, lambda: (lambda b: (b, b))(original(self, n)),
                   lambda b: len(b) == n, bytes(n), bytes)


_WRAPPERS = {
    "random": _w_random,
    "uniform": _w_uniform,
    "getrandbits": _w_getrandbits,
    "randrange": _w_randrange,
    "randint": _w_randint,
    "choice": _w_choice,
    "shuffle": _w_shuffle,
    "sample": _w_sample,
    "choices": _w_choices,
    "randbytes": _w_randbytes,
}


# --- explicit markers --------------------------------------------------------

def loop(lo, hi, rng=None):
    """`for i in loop(lo, hi):` runs between lo and hi iterations (a random
    decision), marked exactly as one loop with one part per iteration, so
    treereduce can drop any of them."""
    rng = rng or _random._inst
    n = hi - lo + 1

    def fresh():
        i = rng._randbelow(n)
        return i, i
    with _Quiet():
        count = lo + _decide("i", n, fresh, lambda i: 0 <= i < n, 0, int, explicit=True)
    if not _installed:
        yield from range(count)
        return
    _emit("L")
    mine = _Struct("loop", None, 0, (0, 0), True)
    _structs.append(mine)
    try:
        for i in range(count):
            if mine not in _structs:
                break
            _close_from(_structs.index(mine) + 1)
            _emit("I")
            mine.iters += 1
            yield i
    finally:
        if mine in _structs:
            _close_from(_structs.index(mine))


def maybe(p=0.5, rng=None):
    """True with probability p: a boolean decision that, used as the test of
    an `if`, is known to guard the block (treereduce may turn it off)."""
    rng = rng or _random._inst

    def fresh():
        v = 1 if _orig.get("random", _random.Random.random)(rng) < p else 0
        return v, v
    with _Quiet():
        return bool(_decide("i", 2, fresh, lambda v: v in (0, 1), 0, int))


# --- installation -------------------------------------------------------------

def install():
    """Wraps `random` and starts recording (called by sitecustomize)."""
    global _out, _plan, _align, _installed
    if _installed:
        return
    _out = os.environ.pop("TREEREDUCE_TRACE_OUT", None)
    replay = os.environ.pop("TREEREDUCE_TRACE_REPLAY", None)
    _align = os.environ.pop("TREEREDUCE_TRACE_ALIGN", "realign")
    if _out is None:
        return
    if replay:
        _plan = []
        with open(replay, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if not line:
                    continue
                fields = line.split("\t")
                site, kind, value = fields[0], fields[1], fields[2]
                key = fields[3] if len(fields) > 3 and fields[3] != "" else None
                path = fields[4] if len(fields) > 4 else None
                _plan_sites.setdefault((site, kind, path if path is not None else ""), []).append(len(_plan))
                _plan.append((site, kind, value, key, path))
        _plan_depths.extend(_depth(e[0]) for e in _plan)
    # SystemRandom draws from the operating system, which nothing replays.
    for name in ("random", "getrandbits"):
        original_sys = getattr(_random.SystemRandom, name)

        def noted(self, *args, _original=original_sys, **kwargs):
            global _system_random_used
            _system_random_used = True
            return _original(self, *args, **kwargs)
        setattr(_random.SystemRandom, name, noted)
    # Plan lines carry value keys and iteration paths (doc/trace-protocol.md).
    _emit("X")
    for name, make in _WRAPPERS.items():
        if hasattr(_random.Random, name):
            _wrap(name, make)
    inst = _random._inst
    for name in _WRAPPERS:
        if hasattr(_random, name) and hasattr(inst, name):
            setattr(_random, name, getattr(inst, name))
    _installed = True
    atexit.register(_at_exit)
