'use strict';
// Records and replays the random decisions of a JavaScript generator for
// `treereduce trace` (see doc/trace-protocol.md). treereduce preloads this
// file with `node --require` (through NODE_OPTIONS): every call of
// Math.random is one decision, written to $TREEREDUCE_TRACE_OUT with its
// execution index (the call site and the stack of calling positions); with
// $TREEREDUCE_TRACE_REPLAY set, decisions come from that plan instead,
// aligned by execution index. JavaScript gives no cheap view of the
// generator's syntax at run time, so loops and selections are marked with
// `globalThis.treereduceTrace`: `loop(lo, hi)` (an iterable of a random
// number of iterations), `maybe(p, block)` (runs the block with probability
// p) and `int(lo, hi)`.

const fs = require('fs');

const out = process.env.TREEREDUCE_TRACE_OUT;
const replay = process.env.TREEREDUCE_TRACE_REPLAY;
const align = process.env.TREEREDUCE_TRACE_ALIGN || 'realign';
// Child processes of the generator are not traced.
delete process.env.TREEREDUCE_TRACE_OUT;
delete process.env.TREEREDUCE_TRACE_REPLAY;
delete process.env.TREEREDUCE_TRACE_ALIGN;

const HALT_STATUS = 86;

if (out) {
  const lines = [];
  const emit = (...fields) => lines.push(fields.join('\t'));
  let plan = null;
  const planSites = new Map();
  let pos = 0;
  let depth = 0; // open structures
  let halted = false;

  if (replay) {
    plan = [];
    for (const line of fs.readFileSync(replay, 'utf8').split('\n')) {
      if (!line) continue;
      const a = line.indexOf('\t');
      const b = line.indexOf('\t', a + 1);
      const entry = [line.slice(0, a), line.slice(a + 1, b), line.slice(b + 1)];
      const key = entry[0] + '\t' + entry[1];
      if (!planSites.has(key)) planSites.set(key, []);
      planSites.get(key).push(plan.length);
      plan.push(entry);
    }
  }

  const flush = (final) => {
    if (final && plan !== null && pos < plan.length) emit('U', pos);
    if (final) emit('Z');
    fs.writeFileSync(out, lines.join('\n') + '\n');
  };
  process.on('exit', () => {
    if (halted) return;
    for (; depth > 0; depth--) emit('E');
    flush(true);
  });

  // FNV-1a, 32 bits: a stable name for a stack.
  const hash = (text) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };

  // A file's name relative to the directory the generator started in, when
  // it is inside it: each worker runs the generator in a private copy of the
  // user's directory, a different one per worker, and a call site must have
  // the same name in all of them.
  const root = require('path').join(process.cwd(), '/');
  const relative = (name) => {
    let text = String(name);
    if (text.startsWith('file://')) text = decodeURIComponent(text.slice(7));
    return text.startsWith(root) ? text.slice(root.length) : text;
  };

  const site = () => {
    const limit = Error.stackTraceLimit;
    const prepare = Error.prepareStackTrace;
    Error.stackTraceLimit = Infinity;
    Error.prepareStackTrace = (_, frames) => frames;
    const holder = {};
    Error.captureStackTrace(holder, site);
    const frames = holder.stack;
    Error.stackTraceLimit = limit;
    Error.prepareStackTrace = prepare;
    const user = frames.filter((f) => f.getFileName() !== __filename);
    if (user.length === 0) return '?';
    const where = (f) => `${relative(f.getFileName())}:${f.getLineNumber()}:${f.getColumnNumber()}`;
    const inner = user[0];
    const base = String(inner.getFileName() || '?').split('/').pop();
    return `${base}:${inner.getLineNumber()}#${hash(user.map(where).join('\0'))}.${user.length}`;
  };

  // The stack depth a site names (see site()).
  const depthOf = (s) => {
    const d = s.slice(s.lastIndexOf('.') + 1);
    return /^[0-9]+$/.test(d) ? Number(d) : 0;
  };
  const planDepths = plan === null ? [] : plan.map((e) => depthOf(e[0]));
  const ablated = (process.env.TREEREDUCE_ABLATE || '').split(',');
  // Whether the plan entries from `start` to `end` can be ones the run did
  // not reach, for a decision `depth` frames deep: none lies shallower (in a
  // frame the decision is inside of, which the run has still to come back
  // to: the decision is one the plan does not have at this point).
  const skippable = (depth, start, end) => {
    if (ablated.includes('bounded-realign')) return true;
    for (let j = start; j <= end; j++) if (planDepths[j] < depth) return false;
    return true;
  };

  const nextPosition = (key, start) => {
    const positions = planSites.get(key);
    if (!positions) return null;
    let lo = 0, hi = positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (positions[mid] < start) lo = mid + 1; else hi = mid;
    }
    return lo < positions.length ? positions[lo] : null;
  };

  // One decision: `fresh()` draws it (recording), `feasible(v)` checks a
  // planned one, `lowest` is taken when nothing aligns.
  const decide = (kind, n, fresh, feasible, lowest, parse) => {
    const s = site();
    let value = null;
    if (plan === null) {
      value = fresh();
    } else {
      if (pos < plan.length && plan[pos][0] === s && plan[pos][1] === kind) {
        const planned = parse(plan[pos][2]);
        if (feasible(planned)) value = planned;
        else if (align === 'halt') halt('value');
        else emit('M', pos, 'value');
        pos++;
      } else if (align === 'halt') {
        halt('site');
      } else {
        let q = nextPosition(s + '\t' + kind, pos + 1);
        emit('M', pos, 'site');
        if (q !== null && !skippable(depthOf(s), pos, q)) q = null;
        if (q !== null) {
          const planned = parse(plan[q][2]);
          if (feasible(planned)) value = planned;
          pos = q + 1;
        }
      }
      if (value === null) value = lowest;
    }
    emit('D', s, kind, n, String(value));
    return value;
  };

  const halt = (reason) => {
    emit('H', pos, reason);
    flush(false);
    halted = true;
    process.exit(HALT_STATUS);
  };

  // The source of fresh decisions: Math.random as node made it, or
  // whatever the generator assigns to Math.random (a seeded generator
  // usually does), which then becomes the source instead of replacing the
  // hook.
  let source = Math.random;
  const originalRandom = () => source();
  const isFloat = (v) => Number.isFinite(v) && v >= 0 && v < 1;
  const recorded = function random() {
    return decide('f', 0, originalRandom, isFloat, 0, Number);
  };
  Object.defineProperty(Math, 'random', {
    configurable: true,
    enumerable: false,
    get: () => recorded,
    set: (f) => {
      if (typeof f === 'function' && f !== recorded) source = f;
    },
  });

  const int = (lo, hi) => {
    const n = hi - lo + 1;
    const i = decide('i', n, () => Math.floor(originalRandom() * n),
      (v) => Number.isInteger(v) && v >= 0 && v < n, 0, (t) => parseInt(t, 10));
    return lo + i;
  };

  globalThis.treereduceTrace = {
    int,
    *loop(lo, hi) {
      const count = int(lo, hi);
      emit('L');
      depth++;
      const mine = depth;
      try {
        for (let i = 0; i < count; i++) {
          for (; depth > mine; depth--) emit('E');
          emit('I');
          yield i;
        }
      } finally {
        for (; depth >= mine; depth--) emit('E');
      }
    },
    maybe(p, block) {
      const v = decide('i', 2, () => (originalRandom() < p ? 1 : 0),
        (x) => x === 0 || x === 1, 0, (t) => parseInt(t, 10));
      if (v === 1 && block) {
        emit('S', 0, 1);
        depth++;
        const mine = depth;
        try {
          block();
        } finally {
          for (; depth >= mine; depth--) emit('E');
        }
      }
      return v === 1;
    },
  };
}
