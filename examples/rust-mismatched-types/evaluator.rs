//! A tiny arithmetic evaluator: tokenizer, recursive-descent parser, and an
//! environment of named values.

use std::collections::HashMap;
use std::fmt;

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(f64),
    Ident(String),
    Plus,
    Minus,
    Star,
    Slash,
    LParen,
    RParen,
    Assign,
}

#[derive(Debug)]
enum Expr {
    Number(f64),
    Var(String),
    Binary(Box<Expr>, char, Box<Expr>),
    Negate(Box<Expr>),
    Assign(String, Box<Expr>),
}

#[derive(Debug)]
pub enum EvalError {
    UnknownVariable(String),
    DivisionByZero,
    Syntax(String),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::UnknownVariable(name) => write!(f, "unknown variable {name}"),
            EvalError::DivisionByZero => write!(f, "division by zero"),
            EvalError::Syntax(msg) => write!(f, "syntax error: {msg}"),
        }
    }
}

fn tokenize(input: &str) -> Result<Vec<Token>, EvalError> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = input.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' => i += 1,
            '+' => {
                tokens.push(Token::Plus);
                i += 1;
            }
            '-' => {
                tokens.push(Token::Minus);
                i += 1;
            }
            '*' => {
                tokens.push(Token::Star);
                i += 1;
            }
            '/' => {
                tokens.push(Token::Slash);
                i += 1;
            }
            '(' => {
                tokens.push(Token::LParen);
                i += 1;
            }
            ')' => {
                tokens.push(Token::RParen);
                i += 1;
            }
            '=' => {
                tokens.push(Token::Assign);
                i += 1;
            }
            '0'..='9' | '.' => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                    i += 1;
                }
                let text: String = chars[start..i].iter().collect();
                let value = text
                    .parse::<f64>()
                    .map_err(|_| EvalError::Syntax(format!("bad number {text}")))?;
                tokens.push(Token::Number(value));
            }
            c if c.is_alphabetic() => {
                let start = i;
                while i < chars.len() && chars[i].is_alphanumeric() {
                    i += 1;
                }
                tokens.push(Token::Ident(chars[start..i].iter().collect()));
            }
            other => return Err(EvalError::Syntax(format!("unexpected {other}"))),
        }
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
}

impl Parser {
    fn new(tokens: Vec<Token>) -> Self {
        Parser { tokens, pos: 0 }
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn statement(&mut self) -> Result<Expr, EvalError> {
        if let (Some(Token::Ident(name)), Some(Token::Assign)) =
            (self.tokens.get(self.pos).cloned(), self.tokens.get(self.pos + 1))
        {
            self.pos += 2;
            let value = self.expression()?;
            return Ok(Expr::Assign(name, Box::new(value)));
        }
        self.expression()
    }

    fn expression(&mut self) -> Result<Expr, EvalError> {
        let mut left = self.term()?;
        while let Some(op) = self.peek().cloned() {
            let symbol = match op {
                Token::Plus => '+',
                Token::Minus => '-',
                _ => break,
            };
            self.next();
            let right = self.term()?;
            left = Expr::Binary(Box::new(left), symbol, Box::new(right));
        }
        Ok(left)
    }

    fn term(&mut self) -> Result<Expr, EvalError> {
        let mut left = self.factor()?;
        while let Some(op) = self.peek().cloned() {
            let symbol = match op {
                Token::Star => '*',
                Token::Slash => '/',
                _ => break,
            };
            self.next();
            let right = self.factor()?;
            left = Expr::Binary(Box::new(left), symbol, Box::new(right));
        }
        Ok(left)
    }

    fn factor(&mut self) -> Result<Expr, EvalError> {
        match self.next() {
            Some(Token::Number(n)) => Ok(Expr::Number(n)),
            Some(Token::Ident(name)) => Ok(Expr::Var(name)),
            Some(Token::Minus) => Ok(Expr::Negate(Box::new(self.factor()?))),
            Some(Token::LParen) => {
                let inner = self.expression()?;
                match self.next() {
                    Some(Token::RParen) => Ok(inner),
                    _ => Err(EvalError::Syntax("expected )".to_string())),
                }
            }
            other => Err(EvalError::Syntax(format!("unexpected {other:?}"))),
        }
    }
}

pub struct Environment {
    values: HashMap<String, f64>,
    history: Vec<f64>,
}

impl Environment {
    pub fn new() -> Self {
        Environment {
            values: HashMap::new(),
            history: Vec::new(),
        }
    }

    fn eval(&mut self, expr: &Expr) -> Result<f64, EvalError> {
        match expr {
            Expr::Number(n) => Ok(*n),
            Expr::Var(name) => self
                .values
                .get(name)
                .copied()
                .ok_or_else(|| EvalError::UnknownVariable(name.clone())),
            Expr::Negate(inner) => Ok(-self.eval(inner)?),
            Expr::Binary(l, op, r) => {
                let (a, b) = (self.eval(l)?, self.eval(r)?);
                match op {
                    '+' => Ok(a + b),
                    '-' => Ok(a - b),
                    '*' => Ok(a * b),
                    _ if b == 0.0 => Err(EvalError::DivisionByZero),
                    _ => Ok(a / b),
                }
            }
            Expr::Assign(name, value) => {
                let v = self.eval(value)?;
                self.values.insert(name.clone(), v);
                Ok(v)
            }
        }
    }

    pub fn run(&mut self, line: &str) -> Result<f64, EvalError> {
        let tokens = tokenize(line)?;
        let mut parser = Parser::new(tokens);
        let expr = parser.statement()?;
        if parser.pos < parser.tokens.len() {
            return Err(EvalError::Syntax("trailing input".to_string()));
        }
        let value = self.eval(&expr)?;
        self.history.push(value);
        Ok(value)
    }

    pub fn last_result(&self) -> String {
        let last: f64 = self.history.last().copied().unwrap_or(0.0);
        last
    }
}

fn main() {
    let mut env = Environment::new();
    for line in ["x = 4", "y = x * (3 + 2)", "y / (x - 4)", "-y + 10"] {
        match env.run(line) {
            Ok(v) => println!("{line} => {v}"),
            Err(e) => println!("{line} => error: {e}"),
        }
    }
    println!("last: {}", env.last_result());
}
