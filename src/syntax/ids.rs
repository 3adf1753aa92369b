//! Typed ids for the tables the reducer builds from a syntax tree: nodes,
//! lists, interned names, node kinds and fields. Each is a newtype so that a
//! list index is never passed where a node id is expected, and each has one
//! checked conversion from `usize`: the input is checked to fit the 32-bit
//! range before any table is built ([`crate::syntax::NodeTable::new`]), so a
//! failing conversion is a bug, not a silent truncation.

use std::fmt;

macro_rules! index_id {
    ($(#[$doc:meta])* $name:ident($repr:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name($repr);

        impl $name {
            /// The id of the element at `index`. Panics if the index does not
            /// fit the id type: tables are checked to fit before they are built.
            pub fn new(index: usize) -> $name {
                match <$repr>::try_from(index) {
                    Ok(raw) if raw != <$repr>::MAX => $name(raw),
                    _ => panic!(concat!(stringify!($name), " {} out of range"), index),
                }
            }

            /// The index this id stands for.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                if self.0 == <$repr>::MAX {
                    write!(f, concat!(stringify!($name), "(none)"))
                } else {
                    write!(f, concat!(stringify!($name), "({})"), self.0)
                }
            }
        }
    };
}

index_id!(
    /// A node of a [`crate::syntax::NodeTable`], in preorder: the subtree of
    /// `n` is the id range `n..subtree_end(n)`.
    NodeId(u32)
);
index_id!(
    /// A list slot of an [`crate::syntax::Original`].
    ListId(u32)
);
index_id!(
    /// An interned identifier text of an [`crate::syntax::Original`].
    NameId(u32)
);

impl NodeId {
    /// "No node": the parent of the root, the owner of the comment list, a
    /// missing separator.
    pub const NONE: NodeId = NodeId(u32::MAX);

    /// The next id in preorder.
    pub fn next(self) -> NodeId {
        NodeId::new(self.index() + 1)
    }

    /// The ids `self..end`, in preorder.
    pub fn up_to(self, end: NodeId) -> impl DoubleEndedIterator<Item = NodeId> {
        (self.0..end.0).map(NodeId)
    }

    /// The id `n` places earlier, or the first id.
    pub fn back(self, n: u32) -> NodeId {
        NodeId(self.0.saturating_sub(n))
    }

    /// The id `n` places later (not checked against any table).
    pub fn forward(self, n: u32) -> NodeId {
        NodeId(self.0.saturating_add(n).min(u32::MAX - 1))
    }
}

impl NameId {
    /// "Not a name": nodes that are not identifier tokens.
    pub const NONE: NameId = NameId(u32::MAX);
}

/// A node kind of a tree-sitter grammar (tree-sitter's own `u16` symbol id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct KindId(pub u16);

impl KindId {
    /// The index of this kind in per-kind tables.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A field of a tree-sitter grammar (tree-sitter's own non-zero `u16`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FieldId(pub std::num::NonZeroU16);

impl FieldId {
    /// The field with tree-sitter's raw id, if it is one (0 means "no field").
    pub fn from_raw(raw: u16) -> Option<FieldId> {
        std::num::NonZeroU16::new(raw).map(FieldId)
    }

    /// tree-sitter's raw id.
    #[cfg(any(test, feature = "cli"))]
    pub fn raw(self) -> u16 {
        self.0.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_convert_and_refuse_out_of_range_indices() {
        assert_eq!(NodeId::new(7).index(), 7);
        assert_eq!(NodeId::new(3).next(), NodeId::new(4));
        assert_eq!(
            NodeId::new(2).up_to(NodeId::new(5)).collect::<Vec<_>>(),
            vec![NodeId::new(2), NodeId::new(3), NodeId::new(4)]
        );
        assert_eq!(NodeId::new(3).back(10), NodeId::new(0));
        assert!(std::panic::catch_unwind(|| NodeId::new(u32::MAX as usize)).is_err());
        assert!(std::panic::catch_unwind(|| ListId::new(1 << 40)).is_err());
        assert_eq!(format!("{:?}", NodeId::NONE), "NodeId(none)");
        assert_eq!(FieldId::from_raw(0), None);
        assert_eq!(FieldId::from_raw(5).unwrap().raw(), 5);
    }
}
