pub fn pad(s: &str, width: usize) -> String {
    let mut out = String::from(s);
    while out.len() < width {
        out.push(' ');
    }
    out
}

pub fn dollars(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}
