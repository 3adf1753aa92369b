'use strict';

const { Task } = require('./task');

const PLAN = [
  ['a', 'sketch the schema', 3, []],
  ['b', 'write migrations', 4, ['a']],
  ['c', 'seed test data', 2, ['b']],
  ['d', 'api endpoints', 5, ['b']],
  ['e', 'client screens', 6, ['d']],
  ['f', 'load test', 3, ['d', 'c']],
];

function load(rows) {
  return (rows || PLAN).map(([id, title, hours, after]) => new Task(id, title, hours, after));
}

module.exports = { load, PLAN };
