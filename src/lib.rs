//! treereduce: a fast, parallel, syntax-aware program reducer.
//!
//! The pipeline follows the folders: [`lang`] and [`syntax`] turn a program
//! into a node table with list and optional slots; [`reduce`] proposes
//! changes as tasks; [`engine`] schedules them on parallel workers, renders
//! candidates with [`edit`] and asks an [`oracle`] about them; [`app`] is the
//! command line around it.

pub mod app;
pub mod cli;
pub mod edit;
pub mod engine;
pub mod exit;
pub mod lang;
pub mod lexical;
pub mod oracle;
pub mod reduce;
pub mod stats;
pub mod syntax;
