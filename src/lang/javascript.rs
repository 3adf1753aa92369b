//! JavaScript (ES modules and CommonJS).

use super::{
    Constness, Expressions, FileReference, Language, Layout, Scoping, Signature, Variable, joined,
};

/// The JavaScript table entry.
pub static JAVASCRIPT: Language = Language {
    file_references: JS_FILE_REFERENCES,
    aliases: &["js"],
    extensions: &["js", "mjs", "cjs"],
    identifier_kinds: JS_IDENTIFIERS,
    // Variable declarators and patterns name what they bind.
    definer_fields: &["name", "pattern"],
    // JSX's character references (`&amp;`) besides what TypeScript keeps.
    verbatim_kinds: &joined::<{ JS_VERBATIM.len() + 1 }>(
        JS_VERBATIM,
        &["html_character_reference"],
    ),
    layout: JS_LAYOUT,
    signatures: JS_SIGNATURES,
    // `x.f(a)`.
    callee_fields: &["property"],
    expression_statements: &[("expression_statement", ";")],
    scoping: JS_SCOPING,
    // `const x = 3;` (a constant); `let x = f();`, `var x = f();` (variables).
    variables: &[Variable {
        kind: "variable_declarator",
        name: "name",
        value: "value",
        other_fields: &[],
        modifiers: &[],
        constness: Constness::Marked("const"),
    }],
    expressions: JS_EXPRESSIONS,
    ..Language::entry(
        "javascript",
        tree_sitter_javascript::LANGUAGE,
        tree_sitter_javascript::NODE_TYPES,
        include_str!("../../grammars/javascript.json"),
    )
};

/// What JavaScript shares with TypeScript, whose grammar extends it.
pub(super) const JS_FILE_REFERENCES: &[FileReference] = &[
    FileReference::Specifier("import_statement", "source"),
    FileReference::Specifier("export_statement", "source"),
    FileReference::Call("require"),
];

pub(super) const JS_IDENTIFIERS: &[&str] = &[
    "identifier",
    "private_property_identifier",
    "property_identifier",
    "shorthand_property_identifier",
    "statement_identifier",
];

pub(super) const JS_VERBATIM: &[&str] = &[
    "comment",
    "html_comment",
    "regex",
    "regex_flags",
    "regex_pattern",
    "string",
    "string_fragment",
    "template_string",
    "template_substitution",
];

pub(super) const JS_LAYOUT: Layout = Layout {
    blocks: &[
        "statement_block",
        "class_body.member",
        "switch_body",
        "switch_case.body",
        "switch_default.body",
    ],
    flat: &["program"],
    spaced_parents: &[
        "binary_expression",
        "assignment_expression",
        "augmented_assignment_expression",
        "ternary_expression",
    ],
    spaced: &["=", "=>"],
    sticky: &["unary_expression", "update_expression", "spread_element"],
    attached: &[],
    tight: &[".", "optional_chain"],
    line_tokens: &[],
    glue_ok: &[],
    // Automatic semicolon insertion: a line break after these ends the
    // statement, and one before `++`/`--` makes them prefix operators.
    keep_break_after: &["return", "throw", "break", "continue", "yield"],
    keep_break_before: &["++", "--"],
    keep_statement_breaks: true,
};

pub(super) const JS_SIGNATURES: &[Signature] = &[
    Signature::named("function_declaration"),
    Signature::named("generator_function_declaration"),
    Signature::named("method_definition"),
    // `const f = function (a) {}` and `const f = (a) => a`.
    Signature {
        kind: "variable_declarator",
        name: &["name"],
        parameters: &["value", "parameters"],
    },
];

pub(super) const JS_SCOPING: Scoping = Scoping {
    value_names: &[
        "identifier",
        "shorthand_property_identifier",
        "shorthand_property_identifier_pattern",
    ],
    scopes: &[
        "program",
        "statement_block",
        "class_body",
        "for_statement",
        "for_in_statement",
        "switch_body",
        "arrow_function",
        "function_expression",
    ],
    parameter_lists: &["formal_parameters"],
    binders: &[
        "formal_parameters",
        "arrow_function.parameter",
        "array_pattern",
        "object_pattern",
        "rest_pattern",
    ],
    // Declarations are hoisted to their scope (`let` and `const` only
    // in name, but a use above them in a function called later is
    // common in module code).
    visible_before: &[
        "lexical_declaration",
        "variable_declaration",
        "function_declaration",
        "generator_function_declaration",
        "class_declaration",
    ],
    qualified: &[],
    // Labels and properties are tokens of kinds of their own.
    not_uses: &[],
    // `{x}` is `{x: x}`.
    shorthands: &["shorthand_property_identifier"],
};

pub(super) const JS_EXPRESSIONS: Expressions = Expressions {
    primary: &[
        "identifier",
        "this",
        "number",
        "string",
        "template_string",
        "regex",
        "true",
        "false",
        "null",
        "undefined",
        "call_expression",
        "member_expression",
        "subscript_expression",
        "parenthesized_expression",
        "array",
    ],
    // Not a statement: an object or a function there starts a block or
    // a declaration.
    bare: &[
        "arguments",
        "array",
        "parenthesized_expression",
        "variable_declarator.value",
        "return_statement",
        "pair.value",
        "assignment_expression.right",
        "subscript_expression.index",
    ],
    writes: &[
        "assignment_expression.left",
        "augmented_assignment_expression.left",
        "update_expression.argument",
        "for_in_statement.left",
    ],
    droppable: &["array"],
    postfix: &[
        "member_expression.object",
        "subscript_expression.object",
        "call_expression.function",
    ],
};
