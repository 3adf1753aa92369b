//! The tasks of a pass in running order: more tokens first, then lower
//! rank, then first pushed first (so that one worker is deterministic).
//! Only a pass's coordinator touches it.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use crate::task::{Priority, Queued, Subject, Task};

/// The place of a task in the running order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Order {
    pub tokens: Reverse<u64>,
    pub rank: u8,
    pub seq: u64,
}

impl Order {
    /// The priority the task was queued with.
    pub fn priority(&self) -> Priority {
        Priority {
            tokens: self.tokens.0,
            rank: self.rank,
        }
    }
}

/// The tasks still to run.
pub struct Queue<S: Subject> {
    pub tasks: BTreeMap<Order, Task<S>>,
    /// The last sequence number handed out.
    pub seq: u64,
}

impl<S: Subject> Queue<S> {
    /// A queue holding `tasks`, pushed in their order.
    pub fn of(tasks: Vec<Queued<S>>) -> Queue<S> {
        let mut queue = Queue {
            tasks: BTreeMap::new(),
            seq: 0,
        };
        for (priority, task) in tasks {
            queue.push(priority, task);
        }
        queue
    }

    /// Queues `task` behind the tasks of the same priority.
    pub fn push(&mut self, priority: Priority, task: Task<S>) {
        self.seq += 1;
        let order = Order {
            tokens: Reverse(priority.tokens),
            rank: priority.rank,
            seq: self.seq,
        };
        self.tasks.insert(order, task);
    }
}
