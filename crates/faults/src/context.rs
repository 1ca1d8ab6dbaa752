//! A library's one error as an error kind in its context: what went wrong (the kind, which a
//! caller matches on) and where (context frames, outermost first: a file as it is shown, a unit
//! kind), displayed on one line as each frame followed by `: `, then the kind's message
//! (`TYPE1.SEQ: at byte 0x0064: ...`). [`error_in_context!`](crate::error_in_context) declares
//! such a type for a crate, so that every crate that keeps its errors so (`sprite-data`,
//! `sprite-inputs`) keeps them the same way.
//!
//! The errors of other crates a kind carries are part of its message, so
//! [`std::error::Error::source`] does not chain them too (the command line prints an error with
//! its chain, and would show them twice).

/// The kind and the frames of an error declared by [`error_in_context!`](crate::error_in_context).
#[doc(hidden)]
#[derive(Debug)]
pub struct Frames<K> {
    pub context: Vec<String>,
    pub kind: K,
}

/// Declares `$name`, the crate's one error: a `$kind` in its context, boxed (one pointer wide),
/// with `kind`, `into_kind`, `context`, `framing` and `in_context`, `From<$kind>`, `Display` (each frame
/// followed by `: `, then the kind), `Debug` and `std::error::Error` (no source: the kind's text
/// holds what it carries). Whose fault it is, the crate says with `faults::Faulty`.
#[macro_export]
macro_rules! error_in_context {
    ($(#[$meta:meta])* $vis:vis struct $name:ident($kind:ty);) => {
        $(#[$meta])*
        $vis struct $name(::std::boxed::Box<$crate::context::Frames<$kind>>);

        impl $name {
            /// What went wrong.
            pub fn kind(&self) -> &$kind {
                &self.0.kind
            }

            /// What went wrong, owned.
            pub fn into_kind(self) -> $kind {
                self.0.kind
            }

            /// Where it went wrong, outermost first: a file as shown, a unit kind.
            pub fn context(&self) -> &[::std::string::String] {
                &self.0.context
            }

            /// The error with its kind said as `kind` (a front end's words for it, where it
            /// names the request's parameters): each frame followed by `: `, then `kind`.
            pub fn framing(&self, kind: impl ::std::fmt::Display) -> ::std::string::String {
                let mut shown = ::std::string::String::new();
                for frame in &self.0.context {
                    shown.push_str(frame);
                    shown.push_str(": ");
                }
                shown.push_str(&kind.to_string());
                shown
            }

            /// This error inside `context` (a file, a unit kind), which is shown before what
            /// was there.
            #[must_use]
            pub fn in_context(mut self, context: impl ::std::fmt::Display) -> Self {
                self.0.context.insert(0, context.to_string());
                self
            }
        }

        impl ::std::convert::From<$kind> for $name {
            fn from(kind: $kind) -> Self {
                Self(::std::boxed::Box::new($crate::context::Frames {
                    context: ::std::vec::Vec::new(),
                    kind,
                }))
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&self.framing(&self.0.kind))
            }
        }

        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("context", &self.0.context)
                    .field("kind", &self.0.kind)
                    .finish()
            }
        }

        impl ::std::error::Error for $name {}
    };
}

#[cfg(test)]
mod tests {
    #[derive(Debug)]
    struct Cut;

    impl std::fmt::Display for Cut {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("expected 4 more bytes")
        }
    }

    crate::error_in_context! {
        /// An error for the test.
        struct Error(Cut);
    }

    #[test]
    fn the_frames_come_before_the_kind_outermost_first() {
        let error = Error::from(Cut)
            .in_context("slot 24")
            .in_context("TYPE1.SEQ");
        assert_eq!(
            error.to_string(),
            "TYPE1.SEQ: slot 24: expected 4 more bytes"
        );
        assert_eq!(error.context(), ["TYPE1.SEQ", "slot 24"]);
        assert_eq!(error.framing("cut"), "TYPE1.SEQ: slot 24: cut");
        assert_eq!(error.kind().to_string(), error.into_kind().to_string());
    }
}
