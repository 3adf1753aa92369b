//! A round-robin task scheduler with priorities, quotas and a report.

use std::collections::HashMap;

const QUANTUM: u32 = 4;
const MAX_TASKS: usize = 8;
static DEFAULT_NAME: &str = "task";
const BOOST: u32 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Priority {
    Low,
    Normal,
    High,
    Realtime,
}

#[derive(Debug)]
pub enum State {
    Ready,
    Running { since: u64 },
    Blocked(u32),
    Done,
}

#[derive(Debug)]
pub struct Task {
    pub id: usize,
    pub name: String,
    pub priority: Priority,
    pub remaining: u32,
    pub state: State,
    pub runs: u32,
}

pub struct Scheduler {
    tasks: Vec<Task>,
    clock: u64,
    quota: HashMap<Priority, u32>,
    log: Vec<String>,
}

impl Scheduler {
    pub fn new() -> Self {
        let mut quota = HashMap::new();
        quota.insert(Priority::Low, 1);
        quota.insert(Priority::Normal, 2);
        quota.insert(Priority::High, 3);
        quota.insert(Priority::Realtime, 4);
        Scheduler { tasks: Vec::new(), clock: 0, quota, log: Vec::new() }
    }

    pub fn spawn(&mut self, name: Option<&str>, priority: Priority, work: u32) -> Option<usize> {
        if self.tasks.len() >= MAX_TASKS {
            return None;
        }
        let id = self.tasks.len();
        let label = name.unwrap_or(DEFAULT_NAME).to_string();
        self.tasks.push(Task { id, name: label, priority, remaining: work, state: State::Ready, runs: 0 });
        Some(id)
    }

    fn slice_for(&self, task: &Task) -> u32 {
        let base = self.quota.get(&task.priority).copied().unwrap_or(1);
        let boosted = match task.priority {
            Priority::Realtime => base * BOOST,
            Priority::High => base + BOOST,
            Priority::Normal | Priority::Low => base,
        };
        boosted * QUANTUM
    }

    pub fn step(&mut self) -> bool {
        let clock = self.clock;
        let mut ran = false;
        for i in 0..self.tasks.len() {
            let slice = self.slice_for(&self.tasks[i]);
            let task = &mut self.tasks[i];
            match task.state {
                State::Done => continue,
                State::Blocked(0) => task.state = State::Ready,
                State::Blocked(n) => {
                    task.state = State::Blocked(n - 1);
                    continue;
                }
                State::Ready | State::Running { .. } => {}
            }
            let used = slice.min(task.remaining);
            task.remaining -= used;
            task.runs += 1;
            task.state = if task.remaining == 0 {
                State::Done
            } else if task.runs % 3 == 0 {
                State::Blocked(1)
            } else {
                State::Running { since: clock }
            };
            self.log.push(format!("{} {} {}", clock, task.name, used));
            ran = true;
        }
        self.clock += 1;
        ran
    }

    pub fn report(&self) -> Vec<(usize, &str, u32)> {
        let mut out = Vec::new();
        for task in &self.tasks {
            let label: &str = &task.name;
            out.push((task.id, label, task.runs));
        }
        out
    }

    pub fn busiest(&self) -> Option<&Task> {
        self.tasks.iter().max_by_key(|t| t.runs)
    }

    pub fn total_runs(&self) -> u64 {
        let total = self.tasks.iter().map(|t| t.runs).sum::<u32>();
        total
    }
}

pub fn run_all(work: &[(Option<&str>, Priority, u32)]) -> usize {
    let mut s = Scheduler::new();
    for &(name, priority, amount) in work {
        s.spawn(name, priority, amount);
    }
    let mut steps = 0;
    while s.step() {
        steps += 1;
    }
    let busiest = s.busiest().map(|t| t.id).unwrap_or(0);
    steps + busiest + s.log.len()
}
