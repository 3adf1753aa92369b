'use strict';

const { byId } = require('./graph');

function check(tasks) {
  const ids = byId(tasks);
  const problems = [];
  for (const t of tasks) {
    for (const dep of t.after) {
      if (!ids.has(dep)) problems.push(t.id + ' waits for unknown ' + dep);
    }
    if (t.hours <= 0) problems.push(t.id + ' takes no time');
  }
  return problems;
}

module.exports = { check };
