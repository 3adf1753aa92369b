//! C++ (and preprocessed translation units, `.ii`). tree-sitter-cpp extends
//! tree-sitter-c, so the preprocessor, records, enumerations and
//! initializers are C's; what is added are C++'s own kinds (classes,
//! namespaces, templates, lambdas, `using` aliases, references).

use super::c::{
    C_BARE, C_ENUM, C_EXPRESSIONS, C_IDENTIFIERS, C_LAYOUT, C_PREPROCESSOR, C_PRIMARY, C_STRUCT,
    C_TYPEDEF, C_VARIABLE, C_VERBATIM,
};
use super::{
    Enumeration, Expressions, FileReference, Language, Layout, Record, Scoping, Signature,
    Templates, TypeAlias, joined,
};

/// The C++ table entry.
pub static CPP: Language = Language {
    file_references: &[FileReference::Quoted("preproc_include", "path")],
    aliases: &["c++", "cxx"],
    extensions: &["cc", "cpp", "cxx", "hpp", "hh", "hxx", "ii"],
    identifier_kinds: &joined::<{ C_IDENTIFIERS.len() + 1 }>(
        C_IDENTIFIERS,
        &["namespace_identifier"],
    ),
    definer_fields: &["name", "declarator"],
    // An access specifier's `:` is a token of the class body, after the
    // specifier: as a separator it goes with it (`public:` deleted whole).
    separators: &[",", ":"],
    verbatim_kinds: &joined::<{ C_VERBATIM.len() + 3 }>(
        C_VERBATIM,
        &[
            "raw_string_content",
            "raw_string_delimiter",
            "raw_string_literal",
        ],
    ),
    layout: Layout {
        // A namespace's body is not indented, as most C++ is written.
        flat: &[
            "translation_unit",
            "declaration_list",
            "preproc_if",
            "preproc_ifdef",
            "preproc_else",
            "preproc_elif",
        ],
        sticky: &[
            "unary_expression",
            "pointer_expression",
            "pointer_declarator",
            "abstract_pointer_declarator",
            "reference_declarator",
            "abstract_reference_declarator",
            "update_expression",
            "template_argument_list",
            "template_parameter_list",
            "destructor_name",
        ],
        // `#define f(x)`; `S<int>`, `f<T>(`.
        attached: &["preproc_params", "template_argument_list"],
        tight: &[".", "->", "::"],
        // C++11 closes two template argument lists with `>>`; `()` and
        // `[]` are operator names (`operator()`), not to be kept apart in
        // a call or a declarator.
        glue_ok: &[">>", "()", "[]"],
        ..C_LAYOUT
    },
    // `int f(int a)`, `int S::f(int a)`, a method in its class.
    signatures: &[Signature {
        kind: "function_declarator",
        name: &["declarator", "name"],
        parameters: &["parameters"],
    }],
    // `x.f(a)`, `S::f(a)`, `f<T>(a)`.
    callee_fields: &["field", "name"],
    prototypes: &[("function_definition", "body", ";")],
    expression_statements: &[("expression_statement", ";")],
    type_aliases: &[
        C_TYPEDEF,
        // `using A = B;`
        TypeAlias {
            kind: "alias_declaration",
            name: "name",
            aliased: "type",
            allowed: &[],
            value_uses: &[],
        },
    ],
    scoping: Scoping {
        value_names: &["identifier"],
        scopes: &[
            "translation_unit",
            "compound_statement",
            "for_statement",
            "for_range_loop",
            "declaration_list",
            "field_declaration_list",
            "lambda_expression",
        ],
        parameter_lists: &["parameter_list"],
        // `S::x` names the `x` of `S`.
        qualified: &["qualified_identifier.name"],
        not_uses: &["qualified_identifier.scope"],
        ..Scoping::NONE
    },
    variables: &[C_VARIABLE],
    expressions: Expressions {
        primary: &joined::<{ C_PRIMARY.len() + 5 }>(
            C_PRIMARY,
            &[
                "qualified_identifier",
                "template_function",
                "raw_string_literal",
                "user_defined_literal",
                "this",
            ],
        ),
        // A subscript's index is a `subscript_argument_list` here.
        bare: &joined::<{ C_BARE.len() + 1 }>(C_BARE, &["subscript_argument_list"]),
        // `&x` needs an object, and so does a reference bound to it.
        ..C_EXPRESSIONS
    },
    // A `struct`, `class` or `union` is C's `struct` (`S::f` is a
    // qualified name: `scoping`). A method's name after `.` is a field
    // access to the table as well; the test rejects what does not compile.
    records: &[
        C_STRUCT,
        Record {
            kind: "class_specifier",
            ..C_STRUCT
        },
        Record {
            kind: "union_specifier",
            ..C_STRUCT
        },
    ],
    // `enum E { A = 1 }`, `enum class E { A }` used as `E::A`.
    enumerations: &[Enumeration {
        paths: &[("qualified_identifier", "scope", "name")],
        ..C_ENUM
    }],
    // An integer, a null pointer, a false condition.
    placeholder: "0",
    stub_bodies: &[],
    preprocessor: Some(C_PREPROCESSOR),
    templates: Some(Templates {
        namespace: ("namespace_definition", "name", "body"),
        qualified: ("qualified_identifier", "scope", "name"),
        declaration: ("template_declaration", "parameters"),
        // `struct S`, `T f(T)` (behind its declarators), `using A = T`.
        entity_name: &["name", "declarator"],
        uses: &[
            ("template_type", "name", "arguments"),
            ("template_function", "name", "arguments"),
            ("template_method", "name", "arguments"),
        ],
        variadic: &[
            "variadic_parameter_declaration",
            "variadic_type_parameter_declaration",
        ],
        bases: ("base_class_clause", &["access_specifier", "virtual"]),
        initializers: ("field_initializer_list", "field_initializer"),
        class_bodies: &["field_declaration_list"],
        definition: ("function_definition", "body", ";"),
        bodiless: &["default_method_clause", "delete_method_clause"],
        typed: &[
            ("declaration", "type", "declarator"),
            ("for_range_loop", "type", ""),
        ],
        initialized: ("init_declarator", "value"),
        deduced: "auto",
        access: "access_specifier",
        data_members: &["field_declaration"],
        containers: &[
            ("namespace_definition", "body"),
            ("linkage_specification", "body"),
        ],
        kept: &[
            ("using_declaration", "namespace"),
            ("preproc_if", ""),
            ("preproc_ifdef", ""),
            ("preproc_include", ""),
            ("preproc_call", ""),
        ],
        member_names: &["field_identifier"],
        namespace_names: "namespace_identifier",
    }),
    ..Language::entry(
        "cpp",
        tree_sitter_cpp::LANGUAGE,
        tree_sitter_cpp::NODE_TYPES,
        include_str!("../../grammars/cpp.json"),
    )
};
