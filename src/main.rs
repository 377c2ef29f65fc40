//! The `steerlab` binary; see [`steerlab::cli`].

fn main() -> std::process::ExitCode {
    steerlab::cli::run(std::env::args_os())
}
