//! The reductions of Perses and its successors that need nothing but the
//! tree and the grammar: delta debugging over list slots, deleting optional
//! nodes, hoisting a descendant into its ancestor's place, replacing a node
//! by the smallest compatible one, statements to expression statements,
//! identifier replacement, and the body stubs and prototypes that let a
//! function lose its code while its signature stays.

pub mod closure;
pub mod ddmin;
pub mod delete;
pub mod expr_stmt;
pub mod forms;
pub mod hoist;
pub mod prototype;
pub mod rename;
pub mod replace;
pub mod stub_bodies;
