//! The documents against the table: every table and list of exit codes in
//! README.md and doc/*.md (`--help` and the man page: src/app/mod.rs).

use std::path::{Path, PathBuf};

use super::{ALL, Code};

fn code(n: u64) -> Option<&'static Code> {
    ALL.iter().find(|c| u64::from(c.code) == n)
}

/// README.md and every doc/*.md, with their text.
fn documents() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("doc"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

/// A markdown table of exit codes: its rows (code, meaning), from the row
/// under a header whose first cell is `code`.
fn tables(text: &str) -> Vec<Vec<(String, String)>> {
    let mut found = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let header = cells(line);
        if header
            .first()
            .is_none_or(|c| !c.eq_ignore_ascii_case("code"))
        {
            continue;
        }
        lines.next(); // |---|---|
        let mut rows = Vec::new();
        while let Some(row) = lines.next_if(|l| l.trim_start().starts_with('|')) {
            let row = cells(row);
            rows.push((row[0].clone(), row[1..].join("|")));
        }
        found.push(rows);
    }
    found
}

fn cells(line: &str) -> Vec<String> {
    let line = line.trim();
    if !line.starts_with('|') {
        return Vec::new();
    }
    line.trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_string())
        .collect()
}

/// The lists of exit codes in prose: a sentence `Exit codes ...: N text,
/// N text; ...` (items separated by `,` or `;` outside parentheses, up to
/// the end of the sentence), and in code blocks a comment `# N: text, N:
/// text`. Each item as (code, text).
fn lists(text: &str) -> Vec<Vec<(String, String)>> {
    let mut found = Vec::new();
    let mut in_code = false;
    let mut prose = String::new();
    let mut paragraphs = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            let comment = line.trim_start().trim_start_matches(['#', '/', '-', ' ']);
            let starts_with_code = comment
                .split_once(':')
                .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            if line.trim_start().starts_with('#') && starts_with_code {
                found.push(items(comment, true));
            }
            continue;
        }
        if line.trim().is_empty() {
            paragraphs.push(std::mem::take(&mut prose));
        } else {
            prose.push(' ');
            prose.push_str(line.trim());
        }
    }
    paragraphs.push(prose);
    for paragraph in paragraphs {
        let mut rest = paragraph.as_str();
        while let Some(at) = rest.find("Exit codes") {
            let sentence = &rest[at..];
            let end = sentence_end(sentence);
            let sentence = &sentence[..end];
            rest = &rest[at + end..];
            if let Some((_, list)) = sentence.split_once(':') {
                found.push(items(list, false));
            }
        }
    }
    found
}

/// Where the sentence that `text` starts ends: at a `.` outside
/// parentheses followed by white space or nothing.
fn sentence_end(text: &str) -> usize {
    let mut depth = 0i32;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'.' if depth == 0 && bytes.get(i + 1).is_none_or(u8::is_ascii_whitespace) => {
                return i;
            }
            _ => {}
        }
    }
    text.len()
}

/// The items of a list: `N text` (or `N: text` with `colon`), separated by
/// `,` or `;` outside parentheses; a part that does not start with a
/// number continues the item before it.
fn items(list: &str, colon: bool) -> Vec<(String, String)> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, b) in list.bytes().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b',' | b';' if depth == 0 => {
                parts.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&list[start..]);
    let mut items: Vec<(String, String)> = Vec::new();
    for part in parts {
        let part = part.trim();
        let digits = part.bytes().take_while(u8::is_ascii_digit).count();
        let after = &part[digits..];
        let after = if colon {
            after.strip_prefix(':')
        } else {
            Some(after)
        };
        match after {
            Some(text) if digits > 0 && (colon || text.starts_with(' ')) => {
                items.push((part[..digits].to_string(), text.trim().to_string()));
            }
            _ => match items.last_mut() {
                Some(last) => {
                    last.1.push_str(", ");
                    last.1.push_str(part);
                }
                None => items.push((String::new(), part.to_string())),
            },
        }
    }
    items
}

/// What is wrong with a listed item `number text`, if anything.
fn check_item(number: &str, text: &str) -> Option<String> {
    let Some(c) = number.parse().ok().and_then(code) else {
        return Some(format!("`{number} {text}`: {number:?} is no exit code"));
    };
    let lower = text.to_lowercase();
    if c.words.iter().any(|w| lower.contains(&w.to_lowercase())) {
        return None;
    }
    Some(format!(
        "`{number} {text}`: {number} is {} ({}); its description names none of {:?}",
        c.name, c.short, c.words
    ))
}

#[test]
fn the_table_is_ordered_and_every_code_has_words() {
    for pair in ALL.windows(2) {
        assert!(pair[0].code < pair[1].code, "{pair:?}");
    }
    for c in ALL {
        assert!(!c.words.is_empty() && !c.short.is_empty(), "{c:?}");
        let lower = (c.meaning.to_lowercase(), c.short.to_lowercase());
        assert!(
            c.words
                .iter()
                .any(|w| lower.0.contains(w) || lower.1.contains(w)),
            "{c:?}: its own texts name none of its words"
        );
    }
}

#[test]
fn every_document_lists_the_exit_codes_of_the_table() {
    let mut wrong = Vec::new();
    let (mut tables_seen, mut items_seen) = (0, 0);
    for (path, text) in documents() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for table in tables(&text) {
            tables_seen += 1;
            let numbers: Vec<&str> = table.iter().map(|(n, _)| n.as_str()).collect();
            let expected: Vec<String> = ALL.iter().map(|c| c.code.to_string()).collect();
            if numbers != expected {
                wrong.push(format!(
                    "{name}: the table lists {numbers:?}, not {expected:?}"
                ));
            }
            for (number, meaning) in &table {
                match number.parse().ok().and_then(code) {
                    Some(c) if c.meaning == meaning => {}
                    Some(c) => wrong.push(format!(
                        "{name}: row {number} says {meaning:?}; src/exit.rs says {:?}",
                        c.meaning
                    )),
                    None => wrong.push(format!("{name}: {number:?} is no exit code")),
                }
            }
        }
        for list in lists(&text) {
            for (number, item) in list {
                items_seen += 1;
                if let Some(problem) = check_item(&number, &item) {
                    wrong.push(format!("{name}: {problem}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The README's table, its batch list, doc/ci.md's list and comment.
    assert!(tables_seen >= 1, "no table of exit codes found");
    assert!(
        items_seen >= 10,
        "only {items_seen} listed exit codes found"
    );
}

#[test]
fn a_list_that_gives_a_code_another_meaning_is_found() {
    let doc = "Exit codes to expect: 0 all reduced, 6 the deadline passed (more to do next\n\
               run), 7 some inputs failed (`summary.md` says which; often a crash), 2 a\n\
               usage error. The jobs below treat 6 as success.\n";
    let list = &lists(doc)[0];
    let numbers: Vec<&str> = list.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(numbers, ["0", "6", "7", "2"]);
    let problems: Vec<String> = list.iter().filter_map(|(n, t)| check_item(n, t)).collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].starts_with("`6 the deadline passed"),
        "{problems:?}"
    );
    assert!(
        problems[1].starts_with("`7 some inputs failed"),
        "{problems:?}"
    );
    let comment = "```sh\n# 0: all reduced, 9: the deadline passed.\n```\n";
    let list = &lists(comment)[0];
    assert!(
        check_item(&list[1].0, &list[1].1)
            .unwrap()
            .contains("no exit code")
    );
    let table = "| code | meaning |\n|---|---|\n| 0 | done |\n| 7 | the deadline |\n";
    assert_eq!(tables(table)[0][1], ("7".into(), "the deadline".into()));
}
