//! SIGINT (Ctrl-C) and SIGTERM while a command writes: the temporary files of the writes under
//! way are removed, then the program ends with the status a shell gives a process a signal
//! stopped (128 + its number: 130, 143). Outputs not yet renamed into place stay as they were.
//! The library lists its temporary files (`sprite_data::output::remove_temporary_files`);
//! handling a signal is the program's choice, made here (docs/mods.md "Safe writes").

/// Handles SIGINT and SIGTERM from now on, on a thread of their own (a signal handler itself may
/// not take a lock or remove a file). Elsewhere than on Unix, Ctrl-C ends the program as usual,
/// and `mod check` names a temporary file it leaves.
pub fn remove_temporary_files_on_signal() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        use signal_hook::iterator::Signals;

        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("signals".to_owned())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    // Held until the process is gone: no write starts or finishes after this.
                    let _held = sprite_data::output::remove_temporary_files();
                    std::process::exit(128 + signal);
                }
            });
    }
}
