// A QuickCheck-style generator of JavaScript programs: recursive random
// expressions over the variables defined so far, statements that define
// variables and print some of them. Every program it writes runs (each
// variable is defined before it is used). Usage: node gen.js SEED; the
// example is seed 11, reduced by the command at the top of check.sh.
//
// Structure marks: with treereduce, `treereduceTrace` marks loops and
// optional blocks exactly; without it the fallback below does the same
// with Math.random.
//
// Required as a module, it writes nothing and lends its structure marks,
// its seeded Math.random and `pick` to a bigger generator
// (benches/trace-cases/quickcheck.js).
'use strict';

const tr = globalThis.treereduceTrace || {
  int: (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1)),
  *loop(lo, hi) {
    const n = this.int(lo, hi);
    for (let i = 0; i < n; i++) yield i;
  },
  maybe(p, block) {
    const taken = Math.random() < p;
    if (taken) block();
    return taken;
  },
};

// A seeded source (mulberry32), so a seed names a program.
let state = Number(process.argv[2] || 1) >>> 0;
Math.random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const pick = (list) => list[Math.floor(Math.random() * list.length)];

function expr(depth, names) {
  if (depth >= 3 || Math.random() < 0.35) {
    if (names.length > 0 && Math.random() < 0.6) return pick(names);
    return String(Math.floor(Math.random() * 20));
  }
  const op = pick(['+', '-', '*']);
  return `(${expr(depth + 1, names)} ${op} ${expr(depth + 1, names)})`;
}

if (require.main === module) {
  const lines = [];
  const names = [];
  for (const i of tr.loop(3, 14)) {
    const name = `v${i}`;
    lines.push(`let ${name} = ${expr(0, names)};`);
    names.push(name);
    tr.maybe(0.4, () => {
      lines.push(`console.log(${pick(names)});`);
    });
  }
  lines.push(`console.log(${pick(names)});`);
  process.stdout.write(lines.join('\n') + '\n');
}

module.exports = { tr, pick };
