//! C (and C headers). Real-world C often contains macros that tree-sitter parses
//! into ERROR nodes; the engine accepts candidates with no *new* errors, so such
//! files still reduce.

use super::{
    Constness, Enumeration, Expressions, FileReference, Language, Layout, Positional, Preprocessor,
    Record, Scoping, Signature, TypeAlias, Variable, joined,
};

/// C's `struct`: members are field declarations, used as `x.f` and `p->f`,
/// initialized by `.f = v` or by position (C++'s records, which add `S::f`
/// through their qualified identifiers, too).
pub(super) const C_STRUCT: Record = Record {
    kind: "struct_specifier",
    name: "name",
    body: "body",
    member: "field_declaration",
    member_name: "declarator",
    member_type: "type",
    accesses: &[("field_expression", "field")],
    methods: &[],
    named: &["initializer_pair"],
    positional: C_POSITIONAL,
};

/// `typedef T name;` (C++ has `using` besides).
pub(super) const C_TYPEDEF: TypeAlias = TypeAlias {
    kind: "type_definition",
    name: "declarator",
    aliased: "type",
    allowed: &[],
    value_uses: &["identifier"],
};

/// `const int x = 3;` (a constant); `int x = f();` (a variable; C++'s
/// `auto x = f();` too).
pub(super) const C_VARIABLE: Variable = Variable {
    kind: "init_declarator",
    name: "declarator",
    value: "value",
    other_fields: &[],
    modifiers: &[],
    constness: Constness::Marked("const"),
};

/// The kinds of C's primary expressions; C++'s are these and its own.
pub(super) const C_PRIMARY: &[&str] = &[
    "identifier",
    "number_literal",
    "string_literal",
    "concatenated_string",
    "char_literal",
    "true",
    "false",
    "null",
    "call_expression",
    "parenthesized_expression",
    "field_expression",
    "subscript_expression",
];

/// Where C takes an expression without parentheses, a subscript's index
/// aside (C++'s grammar gives the index a node of its own).
pub(super) const C_BARE: &[&str] = &[
    "argument_list",
    "init_declarator.value",
    "initializer_list",
    "initializer_pair.value",
    "expression_statement",
    "return_statement",
    "parenthesized_expression",
    "assignment_expression.right",
];

/// C's expressions; C++ adds its own primary kinds and subscripts.
pub(super) const C_EXPRESSIONS: Expressions = Expressions {
    primary: C_PRIMARY,
    bare: &joined::<{ C_BARE.len() + 1 }>(C_BARE, &["subscript_expression.index"]),
    // `&x` needs an object: neither a value nor `0` can take its place.
    writes: &[
        "assignment_expression.left",
        "update_expression.argument",
        "pointer_expression.argument",
    ],
    droppable: &["initializer_list"],
    postfix: &[
        "field_expression.argument",
        "subscript_expression.argument",
        "call_expression.function",
    ],
};

/// `enum E { A = 1 }` (C++ adds `E::A`).
pub(super) const C_ENUM: Enumeration = Enumeration {
    kind: "enum_specifier",
    name: "name",
    body: "body",
    member: "enumerator",
    member_name: "name",
    value: "value",
    ..Enumeration::NONE
};

/// C's layout; C++ keeps its blocks, spacing and preprocessor lines.
pub(super) const C_LAYOUT: Layout = Layout {
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
    ..Layout::NONE
};

/// The kinds of C's names; C++'s are these and its namespaces'.
pub(super) const C_IDENTIFIERS: &[&str] = &[
    "identifier",
    "field_identifier",
    "statement_identifier",
    "type_identifier",
];

/// C's kinds whose text is kept as it is; C++'s are these and its raw
/// strings.
pub(super) const C_VERBATIM: &[&str] = &[
    "char_literal",
    "character",
    "comment",
    "concatenated_string",
    "preproc_arg",
    "string_content",
    "string_literal",
    "system_lib_string",
];

/// The C table entry.
pub static C: Language = Language {
    file_references: &[FileReference::Quoted("preproc_include", "path")],
    extensions: &["c", "h"],
    identifier_kinds: C_IDENTIFIERS,
    // A declaration names what it defines in its declarator
    // (`int *f(void)`: declarator -> declarator -> identifier).
    definer_fields: &["name", "declarator"],
    verbatim_kinds: C_VERBATIM,
    layout: C_LAYOUT,
    // `int f(int a)`, in a prototype or a definition, behind any pointer declarator.
    signatures: &[Signature {
        kind: "function_declarator",
        name: &["declarator"],
        parameters: &["parameters"],
    }],
    prototypes: &[("function_definition", "body", ";")],
    expression_statements: &[("expression_statement", ";")],
    type_aliases: &[C_TYPEDEF],
    scoping: Scoping {
        value_names: &["identifier"],
        // A function's name belongs to the file, its parameters to its
        // body (through `parameter_list`); `for (int i ...)` to the loop.
        scopes: &["translation_unit", "compound_statement", "for_statement"],
        parameter_lists: &["parameter_list"],
        // C names are visible from their declaration on.
        ..Scoping::NONE
    },
    variables: &[C_VARIABLE],
    expressions: C_EXPRESSIONS,
    // A union's members are declared and used as a struct's.
    records: &[
        C_STRUCT,
        Record {
            kind: "union_specifier",
            ..C_STRUCT
        },
    ],
    enumerations: &[C_ENUM],
    // An integer, a null pointer, a false condition.
    placeholder: "0",
    // Definitions become prototypes instead (`prototypes`).
    stub_bodies: &[],
    preprocessor: Some(C_PREPROCESSOR),
    coarse_closure: true,
    ..Language::entry(
        "c",
        tree_sitter_c::LANGUAGE,
        tree_sitter_c::NODE_TYPES,
        include_str!("../../grammars/c.json"),
    )
};

/// The C preprocessor's constructs in tree-sitter-c (and tree-sitter-cpp,
/// whose grammar extends C's and parses directives the same way).
pub(super) const C_PREPROCESSOR: Preprocessor = Preprocessor {
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
};

/// Where C initializes a record by position: `struct S s = {1, 2};`, arrays
/// of records (`struct S a[2] = {{1, 2}, {3, 4}};`), compound literals.
pub(super) const C_POSITIONAL: &[Positional] = &[
    Positional {
        kind: "declaration",
        type_path: &["type"],
        declarators: "declarator",
        value: "value",
        arrays: &["array_declarator"],
        list: "initializer_list",
    },
    Positional {
        kind: "compound_literal_expression",
        type_path: &["type", "type"],
        declarators: "",
        value: "value",
        arrays: &[],
        list: "initializer_list",
    },
];
