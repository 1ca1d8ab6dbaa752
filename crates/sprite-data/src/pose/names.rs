//! "Did you mean": the names nearest to a name that is not in the document, for an error line
//! that helps instead of listing a hundred names.

/// At most this many names are suggested.
pub const MAX_SUGGESTIONS: usize = 5;

/// The names of `available` nearest to `name`, nearest first: those containing it or contained
/// in it (case aside), then those whose normalised Damerau-Levenshtein similarity (a swap of
/// two neighbours is one edit, so "Wlak" is nearer "Walk" than "Blank"; case aside) is at
/// least 0.5; at most [`MAX_SUGGESTIONS`].
pub fn nearest<'a, S: AsRef<str>>(name: &str, available: &'a [S]) -> Vec<&'a str> {
    let wanted = name.to_lowercase();
    let mut scored: Vec<(f64, &str)> = available
        .iter()
        .filter_map(|candidate| {
            let candidate = candidate.as_ref();
            let lower = candidate.to_lowercase();
            let similarity = strsim::normalized_damerau_levenshtein(&wanted, &lower);
            let contains =
                !wanted.is_empty() && (lower.contains(&wanted) || wanted.contains(&lower));
            let score = if contains {
                1.0 + similarity
            } else {
                similarity
            };
            (score >= 0.5).then_some((score, candidate))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
        .into_iter()
        .map(|(_, name)| name)
        .take(MAX_SUGGESTIONS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_misspelling_and_a_part_find_their_names() {
        let available = names(&["Idle", "Walk", "Swing High", "Swing Low", "Casting Mid"]);
        assert_eq!(nearest("swing hihg", &available)[0], "Swing High");
        assert_eq!(nearest("swing", &available), ["Swing Low", "Swing High"]);
        assert!(nearest("zzzzzz", &available).is_empty());
    }
}
