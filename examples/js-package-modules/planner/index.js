'use strict';

const { load } = require('./lib/load');
const { order } = require('./lib/graph');
const { days } = require('./lib/calendar');
const { report } = require('./lib/format');
const { check } = require('./lib/check');
const summary = require('./lib/summary');

const tasks = load();
const problems = check(tasks);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const plan = days(order(tasks));
console.log(report(plan));
const s = summary(report(plan));
console.log('%d days, %d hours, %d hours of slack', s.days, s.hours, s.slack);
