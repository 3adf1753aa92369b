//! A round-robin task scheduler with priorities.
use std::collections::VecDeque;

pub struct Task {
    pub id: u64,
    pub name: &'static str,
    pub remaining: u32,
}

pub struct Scheduler {
    queue: VecDeque<Task>,
    quantum: u32,
    clock: u64,
}

impl Scheduler {
    pub fn with_quantum(quantum: u32) -> Self {
        Scheduler { queue: VecDeque::new(), quantum, clock: 0 }
    }

    pub fn spawn(&mut self, name: &'static str, work: u32) -> u64 {
        let id = self.clock * 31 + self.queue.len() as u64;
        self.queue.push_back(Task { id, name, remaining: work });
        id
    }

    pub fn tick(&mut self) -> Option<u64> {
        let mut task = self.queue.pop_front()?;
        let slice = task.remaining.min(self.quantum);
        task.remaining -= slice;
        self.clock += u64::from(slice);
        if task.remaining > 0 {
            self.queue.push_back(task);
            None
        } else {
            Some(task.id)
        }
    }

    pub fn run_all(&mut self) -> Vec<u64> {
        let mut finished = Vec::new();
        while !self.queue.is_empty() {
            if let Some(id) = self.tick() {
                finished.push(id);
            }
        }
        finished
    }
}

enum Band {
    Realtime(u64) = 0..=3,
    Batch = 4..=99,
    Idle(u64, u64) = 1000..=2000,
}

const BANDS: &[Band] = &[Band::Batch, Band::Realtime(1), Band::Idle(0, 0)];

pub fn band_count() -> usize {
    BANDS.len()
}
