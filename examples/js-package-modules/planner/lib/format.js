'use strict';

function pad(s, n) {
  s = String(s);
  while (s.length < n) s += ' ';
  return s;
}

function line(task) {
  return '  ' + pad(task.id, 4) + pad(task.title, 24) + task.hours + 'h';
}

function report(days) {
  return days
    .map((d, i) => 'day ' + (i + 1) + ' (' + d.hours + 'h)\n' + d.tasks.map(line).join('\n'))
    .join('\n');
}

module.exports = { pad, line, report };
