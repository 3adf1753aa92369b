// A QuickCheck-style generator of JavaScript programs, written for the
// trace benchmark: recursive random expressions over the variables, objects
// and functions defined so far; statements that define them, print them,
// loop and branch. Programs may throw (a call of a field that holds a
// number), as fuzzers' programs do. Loops and optional blocks are marked
// through `treereduceTrace` when treereduce runs it; the fallback draws the
// same way. Usage: node quickcheck.js SEED
'use strict';

// The structure marks (`treereduceTrace` or the fallback), the seeded
// Math.random (mulberry32, seeded with process.argv[2] when loaded) and
// `pick` come from the example generator, which writes nothing when
// required.
const { tr, pick } = require('../../examples/trace-js-defined-before-use/gen.js');

const scope = { values: [], objects: [], functions: [] };
let counter = 0;
const fresh = (prefix) => `${prefix}${counter++}`;

function expr(depth) {
  if (depth >= 3 || Math.random() < 0.3) {
    const r = Math.random();
    if (scope.values.length > 0 && r < 0.5) return pick(scope.values);
    if (scope.objects.length > 0 && r < 0.65) return `${pick(scope.objects)}.${pick(['a', 'b'])}`;
    if (scope.functions.length > 0 && r < 0.75) return `${pick(scope.functions)}(${expr(depth + 1)})`;
    return String(Math.floor(Math.random() * 20));
  }
  const op = pick(['+', '-', '*', '%']);
  if (op === '%') return `(${expr(depth + 1)} % ${1 + Math.floor(Math.random() * 9)})`;
  return `(${expr(depth + 1)} ${op} ${expr(depth + 1)})`;
}

function statement(out, indent, depth) {
  const pad = '  '.repeat(indent);
  const kind = Math.floor(Math.random() * (depth >= 2 ? 3 : 6));
  if (kind === 0) {
    const name = fresh('v');
    out.push(`${pad}let ${name} = ${expr(0)};`);
    scope.values.push(name);
  } else if (kind === 1) {
    if (scope.values.length > 0) out.push(`${pad}console.log(${pick(scope.values)});`);
  } else if (kind === 2) {
    const name = fresh('o');
    out.push(`${pad}let ${name} = { a: ${expr(1)}, b: ${expr(1)} };`);
    scope.objects.push(name);
  } else if (kind === 3) {
    const name = fresh('f');
    const saved = [scope.values.length, scope.objects.length, scope.functions.length];
    scope.values.push('x');
    out.push(`${pad}function ${name}(x) {`);
    for (const _ of tr.loop(0, 3)) statement(out, indent + 1, depth + 1);
    out.push(`${pad}  return ${expr(0)};`);
    out.push(`${pad}}`);
    [scope.values.length, scope.objects.length, scope.functions.length] = saved;
    scope.functions.push(name);
  } else if (kind === 4) {
    const i = fresh('i');
    out.push(`${pad}for (let ${i} = 0; ${i} < ${1 + Math.floor(Math.random() * 5)}; ${i}++) {`);
    const saved = [scope.values.length, scope.objects.length, scope.functions.length];
    scope.values.push(i);
    for (const _ of tr.loop(1, 3)) statement(out, indent + 1, depth + 1);
    [scope.values.length, scope.objects.length, scope.functions.length] = saved;
    out.push(`${pad}}`);
  } else {
    out.push(`${pad}if (${expr(1)} > ${Math.floor(Math.random() * 20)}) {`);
    const saved = [scope.values.length, scope.objects.length, scope.functions.length];
    for (const _ of tr.loop(1, 3)) statement(out, indent + 1, depth + 1);
    [scope.values.length, scope.objects.length, scope.functions.length] = saved;
    out.push(`${pad}}`);
    tr.maybe(0.3, () => {
      if (scope.objects.length > 0) out.push(`${pad}${pick(scope.objects)}.a();`);
    });
  }
}

const out = [];
for (const _ of tr.loop(4, 30)) statement(out, 0, 0);
if (scope.values.length > 0) out.push(`console.log(${pick(scope.values)});`);
process.stdout.write(out.join('\n') + '\n');
