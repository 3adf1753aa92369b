//! C (and C headers). Real-world C often contains macros that tree-sitter parses
//! into ERROR nodes; the engine accepts candidates with no *new* errors, so such
//! files still reduce.

use super::{Language, Layout, Preprocessor, Signature, TypeAlias};

/// The C table entry.
pub static C: Language = Language {
    extensions: &["c", "h"],
    identifier_kinds: &[
        "identifier",
        "field_identifier",
        "statement_identifier",
        "type_identifier",
    ],
    // A declaration names what it defines in its declarator
    // (`int *f(void)`: declarator -> declarator -> identifier).
    definer_fields: &["name", "declarator"],
    verbatim_kinds: &[
        "char_literal",
        "character",
        "comment",
        "concatenated_string",
        "preproc_arg",
        "string_content",
        "string_literal",
        "system_lib_string",
    ],
    layout: Layout {
        blocks: &[
            "compound_statement",
            "field_declaration_list",
            "case_statement",
        ],
        flat: &[
            "translation_unit",
            "preproc_if",
            "preproc_ifdef",
            "preproc_else",
            "preproc_elif",
        ],
        spaced_parents: &[
            "binary_expression",
            "assignment_expression",
            "conditional_expression",
        ],
        spaced: &["="],
        sticky: &[
            "unary_expression",
            "pointer_expression",
            "pointer_declarator",
            "abstract_pointer_declarator",
            "update_expression",
        ],
        // `#define f(x)`: a space before `(` would make `f` an object-like macro.
        attached: &["preproc_params"],
        tight: &[".", "->"],
        line_tokens: &[
            "#include",
            "#define",
            "#if",
            "#ifdef",
            "#ifndef",
            "#else",
            "#elif",
            "#endif",
            "preproc_directive",
        ],
        glue_ok: &[],
        keep_break_after: &[],
        keep_break_before: &[],
        keep_statement_breaks: false,
    },
    // `int f(int a)`, in a prototype or a definition, behind any pointer declarator.
    signatures: &[Signature {
        kind: "function_declarator",
        name: &["declarator"],
        parameters: &["parameters"],
    }],
    prototypes: &[("function_definition", "body", ";")],
    expression_statements: &[("expression_statement", ";")],
    type_aliases: &[TypeAlias {
        kind: "type_definition",
        name: "declarator",
        aliased: "type",
        allowed: &[],
    }],
    preprocessor: Some(Preprocessor {
        definitions: &["preproc_def", "preproc_function_def"],
        name: "name",
        parameters: "parameters",
        value: "value",
        ellipsis: "...",
        variadic_name: "__VA_ARGS__",
        // The body starts right after `{` (a wrapper that ended in a space
        // could lose it to a deletion that takes the spaces before a node),
        // and what follows it starts on a line of its own (a body may end
        // in a `//` comment). A type goes before an expression: the grammar
        // reads `unsigned long int;` in a function as a statement too.
        body_wrappers: &[
            ("void __treereduce(void) {", "\n}\n"),
            ("", " __treereduce;\n"),
            ("void __treereduce(void) {", "\n;}\n"),
            ("", "\n"),
        ],
        zero: ("0", "number_literal"),
        conditional_open: &["#if", "#ifdef", "#ifndef"],
        conditional_branch: &["#elif", "#elifdef", "#elifndef", "#else"],
        conditional_close: "#endif",
        conditional_kinds: &["preproc_if", "preproc_ifdef"],
        directive_kinds: &["preproc_directive"],
        name_kinds: &["primitive_type"],
        definedness: &["#ifdef", "#ifndef", "#elifdef", "#elifndef", "defined"],
    }),
    ..Language::entry(
        "c",
        tree_sitter_c::LANGUAGE,
        tree_sitter_c::NODE_TYPES,
        include_str!("../../grammars/c.json"),
    )
};
