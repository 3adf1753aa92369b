//! Java.

use super::{
    Constness, Enumeration, Expressions, Language, Layout, Record, Scoping, Signature, Variable,
};

/// The Java table entry.
pub static JAVA: Language = Language {
    extensions: &["java"],
    identifier_kinds: &["identifier", "type_identifier"],
    definer_fields: &["name", "declarator", "pattern"],
    verbatim_kinds: &[
        "block_comment",
        "character_literal",
        "line_comment",
        "string_fragment",
        "string_literal",
    ],
    layout: Layout {
        blocks: &[
            "block",
            "class_body",
            "constructor_body",
            "interface_body",
            "switch_block",
        ],
        flat: &["program"],
        spaced_parents: &[
            "binary_expression",
            "assignment_expression",
            "ternary_expression",
        ],
        spaced: &["=", "->"],
        sticky: &[
            "unary_expression",
            "update_expression",
            "type_arguments",
            "type_parameters",
        ],
        attached: &["type_arguments"],
        tight: &[".", "::"],
        // `List<List<X>>` closes two argument lists.
        glue_ok: &[">>", ">>>"],
        ..Layout::NONE
    },
    signatures: &[
        Signature::named("method_declaration"),
        Signature::named("constructor_declaration"),
    ],
    // `o.f(a)`, `new S(a)`.
    calls: &[
        ("method_invocation", "name", "arguments"),
        ("object_creation_expression", "type", "arguments"),
    ],
    expression_statements: &[("expression_statement", ";")],
    scoping: Scoping {
        value_names: &["identifier"],
        scopes: &[
            "program",
            "class_body",
            "block",
            "constructor_body",
            "for_statement",
            "enhanced_for_statement",
            "lambda_expression",
        ],
        parameter_lists: &["formal_parameters"],
        // Members are visible in their whole class.
        visible_before: &["method_declaration", "field_declaration"],
        not_uses: &["method_invocation.name", "field_access.field"],
        ..Scoping::NONE
    },
    // `final int n = 3;` (a constant); `int x = f();` (a variable).
    variables: &[Variable {
        kind: "variable_declarator",
        name: "name",
        value: "value",
        other_fields: &["dimensions"],
        modifiers: &[],
        constness: Constness::Marked("final"),
    }],
    expressions: Expressions {
        primary: &[
            "identifier",
            "decimal_integer_literal",
            "decimal_floating_point_literal",
            "string_literal",
            "character_literal",
            "true",
            "false",
            "null_literal",
            "this",
            "method_invocation",
            "field_access",
            "array_access",
            "parenthesized_expression",
            "object_creation_expression",
        ],
        bare: &[
            "argument_list",
            "variable_declarator.value",
            "expression_statement",
            "return_statement",
            "parenthesized_expression",
            "assignment_expression.right",
            "array_access.index",
        ],
        writes: &["assignment_expression.left", "update_expression"],
        droppable: &["array_initializer"],
        postfix: &[
            "field_access.object",
            "array_access.array",
            "method_invocation.object",
        ],
    },
    records: &[Record {
        kind: "class_declaration",
        name: "name",
        body: "body",
        member: "field_declaration",
        member_name: "declarator",
        member_type: "type",
        accesses: &[("field_access", "field")],
        ..Record::NONE
    }],
    enumerations: &[Enumeration {
        kind: "enum_declaration",
        name: "name",
        body: "body",
        member: "enum_constant",
        member_name: "name",
        paths: &[("field_access", "object", "field")],
        ..Enumeration::NONE
    }],
    // `throw null;` ends a method whatever it returns.
    stub_bodies: &[("method_declaration", "body", "{ throw null; }")],
    ..Language::entry(
        "java",
        tree_sitter_java::LANGUAGE,
        tree_sitter_java::NODE_TYPES,
        include_str!("../../grammars/java.json"),
    )
};
