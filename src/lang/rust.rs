//! Rust.

use super::{
    Constness, Enumeration, Expressions, FileReference, Language, Layout, Record, Scoping,
    Signature, TypeAlias, Variable,
};

/// The Rust table entry.
pub static RUST: Language = Language {
    file_references: &[FileReference::Module("mod_item", "name", "body")],
    aliases: &["rs"],
    extensions: &["rs"],
    identifier_kinds: &[
        "identifier",
        "field_identifier",
        "scoped_identifier",
        "scoped_type_identifier",
        "shorthand_field_identifier",
        "type_identifier",
    ],
    // `let` binds the names of its `pattern`.
    definer_fields: &["name", "pattern"],
    verbatim_kinds: &[
        "block_comment",
        "char_literal",
        "doc_comment",
        "inner_doc_comment_marker",
        "line_comment",
        "outer_doc_comment_marker",
        "raw_string_literal",
        "string_content",
        "string_literal",
    ],
    reduced_infix: "_reduced",
    layout: Layout {
        blocks: &[
            "block",
            "declaration_list",
            "field_declaration_list",
            "enum_variant_list",
            "match_block",
        ],
        flat: &["source_file"],
        spaced_parents: &[
            "binary_expression",
            "assignment_expression",
            "compound_assignment_expr",
        ],
        spaced: &["=", "=>", "->"],
        sticky: &[
            "unary_expression",
            "reference_expression",
            "reference_type",
            "pointer_type",
            "self_parameter",
            "lifetime",
            "type_arguments",
            "type_parameters",
            "closure_parameters",
            "attribute_item",
            "inner_attribute_item",
            "try_expression",
            "negative_literal",
            "use_list",
        ],
        // `Vec<u8>`, `f::<T>`, `println!(`, `vec![`.
        attached: &[
            "type_arguments",
            "type_parameters",
            "macro_invocation",
            "token_tree",
        ],
        tight: &[".", "::", "..", "..="],
        // rustc and tree-sitter both split `>>` closing two generic lists.
        glue_ok: &[">>"],
        ..Layout::NONE
    },
    signatures: &[
        Signature::named("function_item"),
        Signature::named("function_signature_item"),
    ],
    // `S::f`, `x.f`, `f::<T>`.
    callee_fields: &["name", "field", "function"],
    // A method's receiver has no argument in `x.f(a)`.
    receivers: &[("self_parameter", "field_expression")],
    expression_statements: &[("expression_statement", ";")],
    type_aliases: &[TypeAlias {
        kind: "type_item",
        name: "name",
        aliased: "type",
        allowed: &["visibility_modifier"],
        value_uses: &[],
    }],
    scoping: Scoping {
        value_names: &["identifier"],
        scopes: &[
            "source_file",
            "mod_item",
            "declaration_list",
            "block",
            "match_arm",
            "for_expression",
            "while_expression",
            "if_expression",
            "closure_expression",
        ],
        parameter_lists: &["parameters", "closure_parameters"],
        // Names bound by patterns other than `let x` and `x: T`.
        binders: &[
            "closure_parameters",
            "match_pattern",
            "tuple_pattern",
            "slice_pattern",
            "tuple_struct_pattern",
            "or_pattern",
            "ref_pattern",
            "mut_pattern",
            "captured_pattern",
        ],
        // Items are visible in their whole module or block; `let` only
        // below it (and a later `let` of the name shadows it).
        visible_before: &[
            "const_item",
            "static_item",
            "function_item",
            "function_signature_item",
        ],
        qualified: &["scoped_identifier.name"],
        not_uses: &[
            "scoped_identifier.path",
            "scoped_type_identifier.path",
            "macro_invocation.macro",
            "use_declaration.argument",
            "use_list",
            "use_as_clause.path",
            "use_as_clause.alias",
            "scoped_use_list.path",
            "attribute",
            "label",
            "lifetime",
        ],
        shorthands: &["shorthand_field_initializer"],
    },
    variables: &[
        Variable {
            kind: "const_item",
            name: "name",
            value: "value",
            other_fields: &["type"],
            modifiers: &["visibility_modifier"],
            constness: Constness::Always,
        },
        Variable {
            kind: "static_item",
            name: "name",
            value: "value",
            other_fields: &["type"],
            modifiers: &["visibility_modifier", "mutable_specifier"],
            constness: Constness::UnlessMarked("mut"),
        },
        // `let x = f();` runs `f` once: only its one use gets it.
        Variable {
            kind: "let_declaration",
            name: "pattern",
            value: "value",
            other_fields: &["type"],
            modifiers: &["mutable_specifier"],
            constness: Constness::Never,
        },
    ],
    expressions: Expressions {
        primary: &[
            "identifier",
            "self",
            "integer_literal",
            "float_literal",
            "string_literal",
            "raw_string_literal",
            "char_literal",
            "boolean_literal",
            "call_expression",
            "macro_invocation",
            "field_expression",
            "index_expression",
            "parenthesized_expression",
            "scoped_identifier",
            "generic_function",
            "tuple_expression",
            "array_expression",
            "unit_expression",
        ],
        // Not a condition or a match's value: a struct literal there needs
        // parentheses.
        bare: &[
            "arguments",
            "array_expression",
            "tuple_expression",
            "parenthesized_expression",
            "token_tree",
            "block",
            "expression_statement",
            "let_declaration.value",
            "const_item.value",
            "static_item.value",
            "field_initializer.value",
            "return_expression",
            "assignment_expression.right",
            "compound_assignment_expr.right",
        ],
        writes: &[
            "assignment_expression.left",
            "compound_assignment_expr.left",
        ],
        droppable: &["array_expression"],
        // `index_expression` has no fields: a value gone from its index
        // takes the indexing along too.
        postfix: &[
            "field_expression.value",
            "index_expression",
            "call_expression.function",
            "struct_expression.name",
            "try_expression",
            "await_expression",
        ],
    },
    records: &[Record {
        kind: "struct_item",
        name: "name",
        body: "body",
        member: "field_declaration",
        member_name: "name",
        member_type: "type",
        accesses: &[("field_expression", "field")],
        // `x.len()` calls a method `len`.
        methods: &["call_expression.function"],
        named: &[
            "field_initializer",
            "shorthand_field_initializer",
            "field_pattern",
        ],
        ..Record::NONE
    }],
    enumerations: &[Enumeration {
        kind: "enum_item",
        name: "name",
        body: "body",
        member: "enum_variant",
        member_name: "name",
        paths: &[
            ("scoped_identifier", "path", "name"),
            ("scoped_type_identifier", "path", "name"),
        ],
        arms: &["match_arm.pattern"],
        alternatives: &["or_pattern"],
        ..Enumeration::NONE
    }],
    // Of type `!`, so of any type (`todo!()` is one token longer).
    placeholder: "loop {}",
    // `{}` type-checks only for functions returning `()`; a body that
    // never returns, for any return type.
    stub_bodies: &[("function_item", "body", "{ loop {} }")],
    ..Language::entry(
        "rust",
        tree_sitter_rust::LANGUAGE,
        tree_sitter_rust::NODE_TYPES,
        include_str!("../../grammars/rust.json"),
    )
};
