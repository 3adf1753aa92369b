'use strict';

function byId(tasks) {
  const map = new Map();
  for (const t of tasks) map.set(t.id, t);
  return map;
}

function order(tasks) {
  const done = new Set();
  const out = [];
  let left = tasks.slice();
  while (left.length) {
    const ready = left.filter((t) => t.ready(done));
    if (!ready.length) throw new Error('a cycle among ' + left.map((t) => t.id).join(', '));
    for (const t of ready) {
      done.add(t.id);
      out.push(t);
    }
    left = left.filter((t) => !done.has(t.id));
  }
  return out;
}

module.exports = { byId, order };
