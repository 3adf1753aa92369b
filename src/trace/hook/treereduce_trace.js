'use strict';
// Records and replays the random decisions of a JavaScript generator for
// `treereduce trace` (see doc/trace-protocol.md). treereduce preloads this
// file with `node --require` (through NODE_OPTIONS): every call of
// Math.random is one decision, written to $TREEREDUCE_TRACE_OUT with its
// execution index (the call site and the stack of calling positions); with
// $TREEREDUCE_TRACE_REPLAY set, decisions come from that plan instead,
// aligned by execution index (the call site, the stack of calling
// positions and its depth, and the iteration of each loop around the
// decision) and, for a decision that picked a value, by that value.
// JavaScript gives no cheap view of the generator's syntax at run time, so
// loops and selections are marked with `globalThis.treereduceTrace`:
// `loop(lo, hi)` (an iterable of a random number of iterations),
// `maybe(p, block)` (runs the block with probability p), `int(lo, hi)` and
// `pick(items)` (both replayed by the value they picked).

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
  // Plan lines carry value keys and iteration paths (trace-protocol.md).
  emit('X');
  let plan = null;
  const planSites = new Map();
  let pos = 0;
  // Open structures, innermost last: a loop counts its iterations.
  const open = [];
  let halted = false;

  if (replay) {
    plan = [];
    for (const line of fs.readFileSync(replay, 'utf8').split('\n')) {
      if (!line) continue;
      const f = line.split('\t');
      const entry = { site: f[0], kind: f[1], value: f[2], key: f[3] || '', path: f[4] || '' };
      const index = entry.site + '\t' + entry.kind + '\t' + entry.path;
      if (!planSites.has(index)) planSites.set(index, []);
      planSites.get(index).push(plan.length);
      plan.push(entry);
    }
  }

  // The ordinal of the current iteration of each open loop, outer first.
  const path = () => open.filter((o) => o.loop && o.iters > 0).map((o) => o.iters - 1).join('.');
  // Closes the structures opened after `depth` of them.
  const closeTo = (depth) => {
    while (open.length > depth) {
      open.pop();
      emit('E');
    }
  };

  const flush = (final) => {
    if (final && plan !== null && pos < plan.length) emit('U', pos);
    if (final) emit('Z');
    fs.writeFileSync(out, lines.join('\n') + '\n');
  };
  process.on('exit', () => {
    if (halted) return;
    closeTo(0);
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
  const planDepths = plan === null ? [] : plan.map((e) => depthOf(e.site));
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

  // The plan entry a decision at `s` of `kind` on iteration path `p`
  // aligns with: the one at the position if it has that execution index,
  // else the next one that has it if no entry before it lies shallower in
  // calls; null if none (the plan then waits).
  const aligned = (s, kind, p) => {
    // Ablation: paths left out, the next entry of the same site.
    const anyPath = ablated.includes('path');
    const here = pos < plan.length ? plan[pos] : null;
    const same = (e) => e.site === s && e.kind === kind && (anyPath || e.path === p);
    if (here !== null && same(here)) return pos;
    if (align === 'halt') halt('site');
    emit('M', pos, 'site');
    let q = nextPosition(s + '\t' + kind + '\t' + p, pos + 1);
    if (anyPath) {
      q = null;
      for (let j = pos + 1; j < plan.length && q === null; j++) if (same(plan[j])) q = j;
    }
    return q !== null && skippable(depthOf(s), pos, q) ? q : null;
  };

  // One decision: `fresh()` draws it (recording), `feasible(v)` checks a
  // planned one, `lowest` is taken when nothing aligns (for a guard, its
  // "off" value). `byValue` (optional) names the value an index picked:
  // `key(i)`, `find(planned, key)` (the index whose value has the key, or
  // null) and `lowest` (a loop's count: the lowest it can be).
  const decide = (kind, n, fresh, feasible, lowest, parse, byValue) => {
    const s = site();
    const p = path();
    let value = null;
    if (plan === null) {
      value = fresh();
    } else {
      const q = aligned(s, kind, p);
      if (q !== null) {
        const entry = plan[q];
        const planned = parse(entry.value);
        if (byValue && entry.key !== '' && !ablated.includes('by-value')) {
          const found = byValue.find(feasible(planned) ? planned : null, entry.key);
          if (found !== null) {
            value = found;
          } else {
            if (align === 'halt') { pos = q; halt('value'); }
            emit('M', q, 'value');
            if (feasible(planned)) value = planned;
          }
        } else if (feasible(planned)) {
          value = planned;
        } else if (align === 'halt') {
          pos = q;
          halt('value');
        } else {
          emit('M', q, 'value');
        }
        pos = q + 1;
      }
      if (value === null) value = lowest;
    }
    emit('D', s, kind, n, String(value));
    if (byValue) {
      const k = byValue.key(value);
      if (k !== null) {
        if (byValue.lowest === null) emit('V', k); else emit('V', k, byValue.lowest);
      }
    }
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

  // A value's key as a plan line can hold it: short text without tabs or
  // line breaks, else `#` and a hash of it; null without a stable text.
  const keyOf = (x) => {
    let text;
    try {
      text = typeof x === 'string' ? JSON.stringify(x) : JSON.stringify(x) ?? String(x);
    } catch (e) {
      return null;
    }
    if (typeof text !== 'string') return null;
    if (text.length > 64 || /[\t\n\r]/.test(text) || text.startsWith('#')) return '#' + hash(text);
    return text;
  };

  // An index from 0 to hi - lo for a number from lo to hi, replayed by the
  // number (a loop's count: the largest count not above the planned one,
  // never below lo).
  const int = (lo, hi, count = false) => {
    const n = hi - lo + 1;
    const byValue = {
      key: (i) => String(lo + i),
      find: (_, key) => {
        const want = Number(key);
        if (!Number.isInteger(want) || want < lo) return null;
        if (want <= hi) return want - lo;
        return count ? n - 1 : null;
      },
      lowest: count ? lo : null,
    };
    const i = decide('i', n, () => Math.floor(originalRandom() * n),
      (v) => Number.isInteger(v) && v >= 0 && v < n, 0, (t) => parseInt(t, 10), byValue);
    return lo + i;
  };

  globalThis.treereduceTrace = {
    int: (lo, hi) => int(lo, hi),
    pick(items) {
      const n = items.length;
      if (n === 0) return undefined;
      const byValue = {
        key: (i) => keyOf(items[i]),
        find: (planned, key) => {
          if (planned !== null && keyOf(items[planned]) === key) return planned;
          for (let i = 0; i < n; i++) if (keyOf(items[i]) === key) return i;
          return null;
        },
        lowest: null,
      };
      const i = decide('i', n, () => Math.floor(originalRandom() * n),
        (v) => Number.isInteger(v) && v >= 0 && v < n, 0, (t) => parseInt(t, 10), byValue);
      return items[i];
    },
    *loop(lo, hi) {
      const count = int(lo, hi, true);
      emit('L', 1);
      open.push({ loop: true, iters: 0 });
      const mine = open.length;
      try {
        for (let i = 0; i < count; i++) {
          closeTo(mine);
          emit('I');
          open[mine - 1].iters++;
          yield i;
        }
      } finally {
        closeTo(mine - 1);
      }
    },
    maybe(p, block) {
      // Its "off" value, 0, is also what a decision that cannot be
      // aligned takes: the block is skipped.
      const v = decide('i', 2, () => (originalRandom() < p ? 1 : 0),
        (x) => x === 0 || x === 1, 0, (t) => parseInt(t, 10));
      if (v === 1 && block) {
        emit('S', 0, 1);
        open.push({ loop: false, iters: 0 });
        const mine = open.length;
        try {
          block();
        } finally {
          closeTo(mine - 1);
        }
      }
      return v === 1;
    },
  };
}
