'use strict';

const { HOURS_PER_DAY } = require('./calendar');

function summary(days) {
  const hours = days.reduce((n, d) => n + d.hours, 0);
  const slack = days.length * HOURS_PER_DAY - hours;
  return { days: days.length, hours, slack, busiest: days.sort((a, b) => b.hours - a.hours)[0] };
}

module.exports = summary;
