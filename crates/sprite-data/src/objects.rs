//! The document's objects read only as JSON objects.
//!
//! serde's derived `Deserialize` for a struct also takes a JSON array of its fields in order, so
//! `"stage": [7, 7, 7, 7, 7]` loaded as a stage although the schema (and every other reader of
//! the format) says a stage is an object (a `mutate_document` fuzz find). Each document struct
//! derives its serde code as inherent functions (`#[serde(remote = "Self")]`) and this macro
//! implements the traits on them: serialising as derived, deserialising from a map alone.

/// `Serialize` as derived and `Deserialize` from a JSON object only, for structs that derive with
/// `#[serde(remote = "Self")]`.
macro_rules! objects_only {
    ($($ty:ident),+ $(,)?) => {$(
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Object;
                impl<'de> serde::de::Visitor<'de> for Object {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("an object")
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        map: A,
                    ) -> Result<$ty, A::Error> {
                        // The derived (inherent) reader, on the object's entries.
                        $ty::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    }
                }
                deserializer.deserialize_map(Object)
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $ty::serialize(self, serializer)
            }
        }
    )+};
}

pub(crate) use objects_only;
