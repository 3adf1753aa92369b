//! A tokenizer for arithmetic expressions.
#[derive(Debug, PartialEq)]
pub enum Token {
    Number(f64),
    Plus,
    Minus,
    Star,
    Slash,
    Open,
    Close,
}

pub fn tokenize(source: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = source.chars().collect();
    let mut position = 0;
    while position < chars.len() {
        let c = chars[position];
        match c {
            ' ' | '\t' => position += 1,
            '+' => { tokens.push(Token::Plus); position += 1; }
            '-' => { tokens.push(Token::Minus); position += 1; }
            '*' => { tokens.push(Token::Star); position += 1; }
            '/' => { tokens.push(Token::Slash); position += 1; }
            '(' => { tokens.push(Token::Open); position += 1; }
            ')' => { tokens.push(Token::Close); position += 1; }
            '0'..='9' | '.' => {
                let start = position;
                while position < chars.len() && (chars[position].is_ascii_digit() || chars[position] == '.') {
                    position += 1;
                }
                let text: String = chars[start..position].iter().collect();
                tokens.push(Token::Number(text.parse().map_err(|_| format!("bad number {}", text))?));
            }
            other => return Err(format!("unexpected {:?} at {}", other, position)),
        }
    }
    Ok(tokens)
}

pub enum Precedence {
    Multiplicative(u32) = 20..=29,
    Additive = 10..=19,
}

pub const LEVELS: &[Precedence] = &[Precedence::Multiplicative(2), Precedence::Additive];

pub fn describe(tokens: &[Token]) -> String {
    format!("{} tokens", tokens.len())
}
