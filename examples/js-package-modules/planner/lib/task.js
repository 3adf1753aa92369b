'use strict';

class Task {
  constructor(id, title, hours, after) {
    this.id = id;
    this.title = title;
    this.hours = hours;
    this.after = after || [];
  }

  ready(done) {
    return this.after.every((id) => done.has(id));
  }
}

module.exports = { Task };
