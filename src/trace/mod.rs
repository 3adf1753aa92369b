//! Generator-trace reduction (GReduce, Ren et al.): instead of cutting the
//! program a generator wrote, reduce the generator's run. The run is
//! recorded as its random decisions with their execution indexes and the
//! loops and selections they drove (`record`); the reduction removes loop
//! iterations and selection blocks and replays the generator aligned with
//! what is left (`reduce`, with the generator run by `generator`), so every
//! candidate is a program the generator itself could have written.
//!
//! The hooks that record and replay inside the generator are in `hook/`:
//! Python and node are intercepted without a change to the generator; any
//! other language follows doc/trace-protocol.md.

pub mod generator;
pub mod mirror;
pub mod pipeline;
pub mod record;
pub mod reduce;
#[cfg(test)]
mod tests;
