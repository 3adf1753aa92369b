//! The inputs of a batch run: those named (files, folders expanded, a
//! list in `--from-file`), the shard's share of them, and the results
//! folder, checked before the first test.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::io::BufRead;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};

use super::{Input, in_shard, parse_shard};
use crate::cli::BatchArgs;
use crate::job::{Destination, Failure, same_file, usage};
use crate::lang::Language;

/// The inputs of this run.
pub(crate) struct Selected {
    /// The shard's share of the inputs named (all of them without
    /// `--shard`).
    pub(crate) inputs: Vec<Input>,
    /// `--shard`: (index, count).
    pub(crate) shard: Option<(u64, u64)>,
    /// How many inputs were named in all.
    pub(crate) total: usize,
}

/// The inputs of this run. An unknown `--language` or `--shard`, or
/// inputs that cannot be listed, are usage errors.
pub(crate) fn selected(args: &BatchArgs) -> Result<Selected, Failure> {
    if let Some(name) = &args.language.lang
        && Language::by_name(name).is_none()
    {
        return Err(Failure::Usage(anyhow!(
            "unknown language {name:?}; the choices are: {}",
            Language::choices()
        )));
    }
    let shard = match &args.shard {
        Some(text) => Some(usage(
            parse_shard(text, &|name| std::env::var(name).ok()).map_err(|e| anyhow!(e)),
        )?),
        None => None,
    };
    let all = usage(collect_inputs(args))?;
    let total = all.len();
    let inputs: Vec<Input> = all
        .into_iter()
        .filter(|i| shard.is_none_or(|s| in_shard(&i.name, s)))
        .collect();
    Ok(Selected {
        inputs,
        shard,
        total,
    })
}

/// The inputs named on the command line and in `--from-file`, directories
/// expanded (sorted, hidden ones left out): their files are programs, their
/// subfolders projects (see `projects`).
fn collect_inputs(args: &BatchArgs) -> Result<Vec<Input>> {
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut named = args.inputs.clone();
    if let Some(list) = &args.from_file {
        let reader: Box<dyn BufRead> = if list == Path::new("-") {
            Box::new(std::io::stdin().lock())
        } else {
            Box::new(std::io::BufReader::new(fs::File::open(list).with_context(
                || format!("cannot read --from-file {}", list.display()),
            )?))
        };
        for line in reader.lines() {
            let line = line.context("cannot read --from-file")?;
            let line = line.trim_end_matches('\r');
            if !line.trim().is_empty() && !line.starts_with('#') {
                named.push(PathBuf::from(line));
            }
        }
    }
    if named.is_empty() {
        return Err(anyhow!(
            "no inputs: name files or directories, or pass --from-file"
        ));
    }
    for path in named {
        if path.is_dir() {
            let mut files: Vec<PathBuf> = fs::read_dir(&path)
                .with_context(|| format!("cannot list the directory {}", path.display()))?
                .filter_map(|e| e.ok())
                .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
                .map(|e| e.path())
                .collect();
            files.sort();
            paths.extend(files);
        } else {
            // Missing or unreadable files are reported per input.
            paths.push(path);
        }
    }
    let mut seen: BTreeMap<OsString, PathBuf> = BTreeMap::new();
    let mut inputs = Vec::new();
    for path in paths {
        let file_name = path
            .file_name()
            .ok_or_else(|| anyhow!("the input {} has no file name", path.display()))?
            .to_owned();
        if let Some(other) = seen.get(&file_name) {
            if other == &path {
                continue;
            }
            return Err(anyhow!(
                "two inputs are named {}: {} and {}; their results would have the same name (reduce them in separate runs)",
                file_name.to_string_lossy(),
                other.display(),
                path.display()
            ));
        }
        seen.insert(file_name.clone(), path.clone());
        inputs.push(Input {
            name: file_name.to_string_lossy().into_owned(),
            file_name,
            path,
        });
    }
    Ok(inputs)
}

/// The results folder, created, and the summary files, checked: no result
/// may overwrite an input or the test script.
pub(crate) fn check_outputs(args: &BatchArgs, inputs: &[Input]) -> Result<PathBuf, Failure> {
    let (out, script) = (usage(args.result.required())?, usage(args.test.required())?);
    let results = out.join("results");
    fs::create_dir_all(&results)
        .map_err(|e| Failure::Usage(anyhow!("-o: cannot create {}: {e}", results.display())))?;
    for name in ["summary.json", "summary.md", "groups.json"] {
        Destination::of(&out.join(name)).map_err(|e| Failure::Usage(anyhow!("-o: {e}")))?;
    }
    for input in inputs {
        let result = results.join(&input.file_name);
        if same_file(&result, &input.path) || same_file(&result, script) {
            return Err(Failure::Usage(anyhow!(
                "-o {}: the result {} would overwrite an input or the test script; choose another output directory",
                out.display(),
                result.display()
            )));
        }
    }
    Ok(results)
}
