//! The commands of a page's `sh` blocks, as the tests that run the README's and docs/'s
//! commands as written read them (tests/docs/readme.rs by section, tests/docs/run.rs every block).

/// The `sh` code blocks of a page's section (from `heading`, a `## ` line, to the next), as
/// commands: lines joined at a trailing `\`, comments and blank lines dropped.
///
/// # Panics
/// When the page has no such heading, or a block is not closed.
pub fn commands(page: &str, heading: &str) -> Vec<String> {
    let start = page
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("the page has no {heading:?}"));
    let section = &page[start + heading.len() + 2..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let mut out = Vec::new();
    for block in section.split("```sh\n").skip(1) {
        let block = &block[..block.find("```").expect("a closed block")];
        let mut command = String::new();
        for line in block.lines() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            let line = line.split(" # ").next().unwrap_or(line).trim_end();
            match line.strip_suffix('\\') {
                Some(part) => command.push_str(part),
                None => {
                    command.push_str(line);
                    if !command.trim().is_empty() {
                        out.push(command.trim().to_string());
                    }
                    command.clear();
                }
            }
        }
    }
    out
}

/// A command line split into words as a POSIX shell would for these commands: on spaces, with
/// single and double quotes grouping (`--animation "Swing High"`, `--ignore 'animations[*].mode'`).
pub fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for c in command.chars() {
        match (c, quote) {
            ('"' | '\'', None) => {
                quote = Some(c);
                started = true;
            }
            (c, Some(q)) if c == q => quote = None,
            (' ', None) => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (c, _) => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}
