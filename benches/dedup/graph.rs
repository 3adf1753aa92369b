//! Breadth-first search over an adjacency list.
use std::collections::VecDeque;

pub struct Graph {
    adjacency: Vec<Vec<usize>>,
}

impl Graph {
    pub fn with_nodes(n: usize) -> Graph {
        Graph { adjacency: vec![Vec::new(); n] }
    }

    pub fn connect(&mut self, a: usize, b: usize) {
        self.adjacency[a].push(b);
        self.adjacency[b].push(a);
    }

    pub fn distances(&self, source: usize) -> Vec<Option<usize>> {
        let mut distance = vec![None; self.adjacency.len()];
        let mut frontier = VecDeque::from([source]);
        distance[source] = Some(0);
        while let Some(node) = frontier.pop_front() {
            let d = distance[node].unwrap();
            for &next in &self.adjacency[node] {
                if distance[next].is_none() {
                    distance[next] = Some(d + 1);
                    frontier.push_back(next);
                }
            }
        }
        distance
    }

    pub fn components(&self) -> usize {
        let mut seen = vec![false; self.adjacency.len()];
        let mut count = 0;
        for start in 0..self.adjacency.len() {
            if seen[start] {
                continue;
            }
            count += 1;
            for (i, d) in self.distances(start).iter().enumerate() {
                if d.is_some() {
                    seen[i] = true;
                }
            }
        }
        count
    }
}

pub enum Traversal {
    Depth(usize) = 9..=64,
    Breadth = 7..=8,
}

pub const STRATEGIES: &[Traversal] = &[Traversal::Breadth, Traversal::Depth(256)];
