//! The projects of a corpus: a folder inside a folder that `treereduce
//! batch` reduces is one input, a project reduced as `treereduce -i SCRIPT
//! FOLDER` reduces it (see `project`), with the batch's shared budget of
//! tests. Its result is the folder `results/<name>`, replaced whole as it
//! improves; its record is like a program's, with the bytes of all its
//! files and the tokens of its programs.

use std::path::Path;
use std::sync::Arc;

use xxhash_rust::xxh3::xxh3_128;

use super::driver::{
    BatchRun, Ended, WriterObserver, Written, checked_oracle, finish_record, status_of,
};
use super::{Input, InputRecord, Status, canonical, hex};
use crate::files::Files;
use crate::job::{self, BestWriter, Destination, deadline::Deadline};
use crate::lang::Language;
use crate::oracle::{Cancel, store};
use crate::project::{Project, Selection, load_folder};
use crate::reduce::{self, Config};
use crate::single;
use crate::stats::{Report, Stats};

/// The language the records of projects name.
pub const PROJECT: &str = "project";

/// A project input's files as read (what `.gitignore` names left out),
/// and their archive.
pub fn read(path: &Path) -> Result<(Files, Vec<u8>), String> {
    let files = load_folder(path, &Selection::default()).map_err(|e| e.to_string())?;
    let archive = files.encode();
    Ok((files, archive))
}

/// A project's result folder as written (its stamp left out), as an
/// archive.
pub fn read_result(path: &Path) -> Option<Vec<u8>> {
    let mut files = load_folder(path, &Selection::default()).ok()?;
    files.remove(job::folder::STAMP);
    Some(files.encode())
}

/// Reduces a project input (see the module documentation).
pub fn reduce(
    shared: &BatchRun<'_>,
    input: &Input,
    mut record: InputRecord,
    cancel: &Arc<Cancel>,
    (files, archive): (Files, Vec<u8>),
) -> InputRecord {
    let args = shared.args;
    record.input_hash = Some(hex(xxh3_128(&archive)));
    record.start_bytes = files.bytes();
    record.language = Some(PROJECT.to_string());
    let only = args.language.lang.as_deref().and_then(Language::by_name);
    let project = match Project::new(input.name.clone(), files, only) {
        Ok(p) => p,
        Err(e) => return record.fail(Status::Unreadable, e.to_string()),
    };
    let oracle = match checked_oracle(shared, input, cancel, &archive, true) {
        Ok(o) => o,
        Err((status, reason)) => return record.fail(status, reason),
    };
    let result_path = shared.results.join(&input.file_name);
    let destination = match Destination::folder(&result_path) {
        Ok(d) => d,
        Err(e) => return record.fail(Status::OutputFailed, e),
    };
    let writer = BestWriter::new(destination, None);
    if let Err(e) = writer.start(&archive) {
        return record.fail(
            Status::OutputFailed,
            format!("cannot write {}: {e}", result_path.display()),
        );
    }
    record.result = Some(format!("results/{}", input.name));
    let config = Config {
        passes: args.stop.passes,
        verify: !args.verify.no_verify,
        ..single::config(&shared.run)
    };
    let stats = Stats::new(reduce::names());
    let observer = WriterObserver {
        writer: &writer,
        panic_on: None,
    };
    let context = store::context(
        &shared.script_bytes,
        PROJECT,
        input.file_name.as_encoded_bytes(),
    );
    let script = store::Script {
        path: oracle.script(),
        bytes: &shared.script_bytes,
    };
    let session = crate::project::Session {
        oracle: &oracle,
        config: &config,
        stats: &stats,
        cancel: Some(cancel),
        observer: &observer,
        store: args.launch.store(context, Some(&script)).unwrap_or(None),
        deadline: shared.deadline.as_ref().map(Deadline::flag),
    };
    let outcome = crate::project::reduce(&session, &project);
    let found = status_of(outcome, &stats, &archive);
    let size = |text: &[u8], tokens: Option<u64>, report: &Report| Written {
        bytes: Files::decode(text).map_or(0, |f| f.bytes()),
        tokens: tokens.unwrap_or(report.final_size.tokens),
        canonical: canonical(text, None),
    };
    let ended = Ended {
        writer: &writer,
        oracle: &oracle,
        stats: &stats,
        result_path: &result_path,
    };
    finish_record(shared, input, record, &ended, found, size)
}
