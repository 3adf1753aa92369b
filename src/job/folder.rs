//! A project's result as a folder: written whole beside the output, then
//! swapped with the output in one step (`renameat2` with
//! `RENAME_EXCHANGE`), so the output always holds one whole version of the
//! project, never a mix of two; the old version is removed after the swap.
//!
//! A folder that treereduce wrote holds a stamp file ([`STAMP`]); an
//! existing output folder is replaced only if it holds one (or is empty),
//! so a folder of the user's named by mistake is never destroyed.

use std::ffi::CString;
use std::fs;
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::files::{Entry, Files};

/// The file in every result folder that says treereduce wrote it.
pub const STAMP: &str = ".treereduce-result";

const STAMP_TEXT: &str =
    "This folder is a result of treereduce: a later run with the same output replaces it whole.\n";

/// Checks, before anything runs, that `path` can become a result folder:
/// nothing there yet, an empty folder, or a folder treereduce wrote; and
/// that a folder can be made beside it.
pub fn check(path: &Path) -> Result<(), String> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("cannot use {}: {e}", path.display())),
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(format!(
                "{} is a symbolic link; name the folder itself",
                path.display()
            ));
        }
        Ok(meta) if !meta.is_dir() => {
            return Err(format!(
                "{} is not a folder; the result of a project is a folder",
                path.display()
            ));
        }
        Ok(_) => {
            let empty = fs::read_dir(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?
                .next()
                .is_none();
            if !empty && !path.join(STAMP).is_file() {
                return Err(format!(
                    "{} is a folder treereduce did not write; it is never replaced (remove it, or name another with -o)",
                    path.display()
                ));
            }
        }
    }
    tempfile::Builder::new()
        .prefix(".treereduce-")
        .tempdir_in(parent(path))
        .map(drop)
        .map_err(|e| {
            format!(
                "cannot create a folder in {} (for {}): {e}",
                parent(path).display(),
                path.display()
            )
        })
}

fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Writes the project of `archive` as the folder `path`, replacing what is
/// there in one step; gives up (`Ok(false)`, `path` as it was) once
/// `abandon` is set.
pub fn write(path: &Path, archive: &[u8], abandon: &AtomicBool) -> io::Result<bool> {
    let files = Files::decode(archive).map_err(io::Error::other)?;
    let tmp = tempfile::Builder::new()
        .prefix(".treereduce-")
        .tempdir_in(parent(path))?;
    fs::set_permissions(tmp.path(), fs::Permissions::from_mode(0o755))?;
    for (name, entry) in files.iter() {
        if abandon.load(Ordering::Relaxed) {
            return Ok(false);
        }
        put(&tmp.path().join(name), entry)?;
    }
    fs::write(tmp.path().join(STAMP), STAMP_TEXT)?;
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let kept = tmp.keep();
            fs::rename(&kept, path)?;
        }
        Err(e) => return Err(e),
        Ok(meta) if meta.is_dir() && owned(path) => {
            exchange(tmp.path(), path)?;
            // `tmp` now holds the old version, removed when it drops.
        }
        Ok(_) => {
            return Err(io::Error::other(format!(
                "{} is no longer a folder treereduce wrote; it was not replaced",
                path.display()
            )));
        }
    }
    Ok(true)
}

/// Whether `path` is a folder treereduce may replace: it wrote it, or it
/// is empty.
fn owned(path: &Path) -> bool {
    path.join(STAMP).is_file() || fs::read_dir(path).is_ok_and(|mut d| d.next().is_none())
}

/// Puts one entry at `path` (its folders made on the way).
fn put(path: &Path, entry: &Entry) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    match entry {
        Entry::File { bytes, mode } => {
            let mut file = fs::File::create(path)?;
            file.write_all(bytes)?;
            file.set_permissions(fs::Permissions::from_mode(*mode))?;
        }
        Entry::Link { target } => std::os::unix::fs::symlink(target, path)?,
        Entry::Folder { mode } => {
            fs::create_dir_all(path)?;
            fs::set_permissions(path, fs::Permissions::from_mode(*mode))?;
        }
    }
    Ok(())
}

/// Swaps the folders `a` and `b` in one step; where the file system cannot
/// (no `RENAME_EXCHANGE`), `b` is moved aside to `a`'s name's sibling and
/// `a` renamed into its place, then the old one moved to `a`.
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    let ca = CString::new(a.as_os_str().as_bytes()).map_err(io::Error::other)?;
    let cb = CString::new(b.as_os_str().as_bytes()).map_err(io::Error::other)?;
    // SAFETY: both are NUL-terminated paths that outlive the call.
    let swapped = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            ca.as_ptr(),
            libc::AT_FDCWD,
            cb.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if swapped == 0 {
        return Ok(());
    }
    let error = io::Error::last_os_error();
    if !matches!(error.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) {
        return Err(error);
    }
    let aside: PathBuf = tempfile::Builder::new()
        .prefix(".treereduce-old-")
        .make_in(parent(b), |p| fs::rename(b, p))?
        .into_temp_path()
        .keep()
        .map_err(|e| e.error)?;
    fs::rename(a, b)?;
    fs::rename(&aside, a)
}

/// Saves the project of `archive` in a new folder of the temporary folder
/// (when the output cannot be written); its path.
pub fn save_in_temp(archive: &[u8]) -> io::Result<PathBuf> {
    let dir = tempfile::Builder::new()
        .prefix("treereduce-result-")
        .tempdir()?
        .keep();
    let out = dir.join("project");
    write(&out, archive, &AtomicBool::new(false))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn archive(entries: &[(&str, &str)]) -> Vec<u8> {
        let mut files = Files::new();
        for (p, t) in entries {
            files.insert(p, Entry::file(t.as_bytes())).unwrap();
        }
        files.encode()
    }

    #[test]
    fn a_result_folder_is_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("p.reduced");
        check(&out).unwrap();
        let never = AtomicBool::new(false);
        write(
            &out,
            &archive(&[("src/a.c", "int a;\n"), ("b.h", "")]),
            &never,
        )
        .unwrap();
        assert_eq!(fs::read_to_string(out.join("src/a.c")).unwrap(), "int a;\n");
        check(&out).unwrap();
        write(&out, &archive(&[("b.h", "int b;\n")]), &never).unwrap();
        assert!(
            !out.join("src").exists(),
            "nothing of the old version stays"
        );
        assert_eq!(fs::read_to_string(out.join("b.h")).unwrap(), "int b;\n");
        let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary folder left beside it");
    }

    #[test]
    fn a_folder_treereduce_did_not_write_is_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let mine = dir.path().join("src");
        fs::create_dir(&mine).unwrap();
        fs::write(mine.join("main.c"), "int main;\n").unwrap();
        let err = check(&mine).unwrap_err();
        assert!(err.contains("did not write"), "{err}");
        let never = AtomicBool::new(false);
        assert!(write(&mine, &archive(&[("x", "")]), &never).is_err());
        assert_eq!(
            fs::read_to_string(mine.join("main.c")).unwrap(),
            "int main;\n"
        );
        let file = dir.path().join("f");
        fs::write(&file, "x").unwrap();
        assert!(check(&file).is_err());
    }
}
