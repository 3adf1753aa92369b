//! A generator of C programs over global arrays, written for the trace
//! benchmark: functions fill arrays in counted loops and fold them into a
//! checksum. Now and then a loop bound is one too far (`<=`), the kind of
//! memory error fuzzing with AddressSanitizer finds. It draws from `rand`
//! through `treereduce_tape::Tape` (the one line that lets `treereduce
//! trace` record and replay it) and marks its loops and optional parts.
//! Usage: array-generator SEED

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use treereduce_tape::Tape;

fn main() {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = Tape::from_env(StdRng::seed_from_u64(seed));
    let mut out = vec!["#include <stdio.h>".to_string(), String::new()];
    let mut arrays = Vec::new();
    for i in 0..rng.loop_count(2, 6) {
        rng.iteration();
        let len = rng.between(2, 16);
        out.push(format!("static int a{i}[{len}];"));
        arrays.push((format!("a{i}"), len));
    }
    rng.end();
    out.push(String::new());
    let functions = rng.loop_count(1, 8);
    for f in 0..functions {
        rng.iteration();
        out.push(format!("static int f{f}(int p) {{"));
        out.push("    int s = p;".to_string());
        for _ in 0..rng.loop_count(1, 4) {
            rng.iteration();
            let (name, len) = &arrays[rng.below(arrays.len() as u64) as usize];
            let bound = if rng.random_bool(0.08) { "<=" } else { "<" };
            let k: u32 = rng.random_range(1..10);
            out.push(format!("    for (int i = 0; i {bound} {len}; i++) {{"));
            out.push(format!("        {name}[i] = s * {k} + i;"));
            if rng.maybe(0.4) {
                let other = &arrays[rng.below(arrays.len() as u64) as usize].0;
                out.push(format!("        s += {other}[0];"));
                rng.end();
            }
            out.push("    }".to_string());
        }
        rng.end();
        out.push("    return s;".to_string());
        out.push("}".to_string());
        out.push(String::new());
    }
    rng.end();
    out.push("int main(void) {".to_string());
    out.push("    int sum = 0;".to_string());
    for _ in 0..rng.loop_count(1, 6) {
        rng.iteration();
        let f = rng.below(functions);
        let arg: u32 = rng.random_range(0..50);
        out.push(format!("    sum += f{f}({arg});"));
    }
    rng.end();
    out.push("    printf(\"%d\\n\", sum);".to_string());
    out.push("    return 0;".to_string());
    out.push("}".to_string());
    println!("{}", out.join("\n"));
}
