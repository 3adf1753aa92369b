//! Parsing `key = value` configuration files with sections.
use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

pub type Sections = BTreeMap<String, BTreeMap<String, String>>;

pub fn parse(text: &str) -> Result<Sections, ParseError> {
    let mut sections = Sections::new();
    let mut current = String::from("global");
    for (number, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') {
            current = line[1..line.len() - 1].trim().to_string();
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            return Err(ParseError { line: number + 1, message: "expected `=`".into() });
        };
        sections
            .entry(current.clone())
            .or_default()
            .insert(key.trim().to_string(), value.trim().to_string());
    }
    Ok(sections)
}

pub enum Verbosity {
    Chatty(i32) = 2..=5,
    Quiet = 0..=1,
}

pub const LEVELS: &[Verbosity] = &[Verbosity::Quiet, Verbosity::Chatty(4)];

pub fn lookup<'a>(sections: &'a Sections, section: &str, key: &str) -> Option<&'a str> {
    sections.get(section)?.get(key).map(String::as_str)
}
