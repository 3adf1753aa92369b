'use strict';

const HOURS_PER_DAY = 6;

function days(tasks) {
  const out = [];
  let day = { hours: 0, tasks: [] };
  for (const t of tasks) {
    if (day.hours + t.hours > HOURS_PER_DAY && day.tasks.length) {
      out.push(day);
      day = { hours: 0, tasks: [] };
    }
    day.hours += t.hours;
    day.tasks.push(t);
  }
  if (day.tasks.length) out.push(day);
  return out;
}

module.exports = { days, HOURS_PER_DAY };
