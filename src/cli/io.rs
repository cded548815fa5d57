//! Input and output for every command: reading a spec (diagnostics rendered
//! on standard error with carets), writing a result to standard output or
//! atomically to a file, and turning an output error into the exit code.
//!
//! Standard output is written through a `Write` that reports errors (never
//! `print!`, which panics on them): a closed pipe (`gametree … | head`)
//! ends the command quietly with exit 0, as ripgrep does; any other write
//! error (`> /dev/full`) is `error: cannot write the output: …`, exit 2.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use gametree::check::files::render;
use gametree::check::spec::Spec;
use gametree::diagnostic::{Diagnostic, Source};
use gametree::model::Game;

/// A command's result: its exit code, or an error writing standard output.
pub type Exit = io::Result<u8>;

/// The process's exit code for a command's result.
pub fn exit_code(result: Exit) -> u8 {
    match result {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            2
        }
    }
}

/// Reports an error that is not the user's (serialization) and gives exit 2.
pub fn internal(e: impl std::fmt::Display) -> u8 {
    eprintln!("error: {e}");
    2
}

/// A file's bytes, in room of at least [`BIG_ROOM`] when it is 1 MiB or
/// more. glibc's `malloc` serves blocks of 128 KiB and up with `mmap`,
/// and when one is freed it raises that threshold to the block's size (up
/// to 32 MiB; mallopt(3), `M_MMAP_THRESHOLD`). A big spec's text is freed
/// before the search ([`Input::release_text`]), so its size became the
/// threshold, and the search's and the analysis's blocks below it came
/// from the heap, where the freed ones are kept: at 10^6 leaves the whole
/// process held 79–90 MB instead of 72–76. A block past 32 MiB leaves the
/// threshold as it is; the room beyond the text is never written, so it
/// costs address space, not memory.
fn read_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let len = file.metadata().map_or(0, |m| usize::try_from(m.len()).unwrap_or(usize::MAX));
    let room = if len >= 1 << 20 { len.saturating_add(1).max(BIG_ROOM) } else { len.saturating_add(1) };
    let mut bytes = Vec::new();
    // A size the system cannot give is left to `read_to_end` to grow to.
    let _ = bytes.try_reserve_exact(room);
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Past the most glibc raises its `mmap` threshold to (32 MiB).
const BIG_ROOM: usize = 33 << 20;

/// A file read as text, kept for rendering diagnostics.
pub struct Input {
    pub name: String,
    pub text: String,
    /// The file, when its text was not kept (a big YAML tree read in
    /// pieces, [`Input::read_game`]): read again to show a diagnostic.
    pub again: Option<PathBuf>,
}

/// YAML specs from this size on are read in pieces by [`Input::read_game`].
const PIECES_FROM: u64 = 4 << 20;

/// The size of those pieces (each also runs to the next line of an item of
/// the root's list).
const PIECE: usize = 2 << 20;

impl Input {
    /// Reads `path`; on failure says why on standard error (exit code 2).
    pub fn read(path: &Path) -> Result<Input, u8> {
        let name = path.display().to_string();
        let bytes = read_bytes(path).map_err(|e| {
            eprintln!("error: cannot read {name}: {e}");
            2
        })?;
        // The bytes become the text without a copy, checked once (a big
        // tree's text is tens of megabytes).
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Input { name, text, again: None }),
            Err(e) => {
                let bytes = e.into_bytes();
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let input = Input { name, text, again: None };
                if let Err(d) = gametree::decode(&bytes) {
                    input.report(&[d]);
                }
                Err(2)
            }
        }
    }

    /// The game of the spec at `path`, for a command that needs no more
    /// of it (`solve`). A big YAML spec is read in
    /// pieces and its text not kept (`quick::load_yaml_tree_in_pieces`):
    /// holding it was most of the run's peak memory. Any other file, or
    /// any refusal or error, is read whole as [`Input::read`] and
    /// [`Input::game`] do, which word every error.
    pub fn read_game(path: &Path) -> Result<(Input, Game), u8> {
        let name = path.display().to_string();
        let len = std::fs::metadata(path).ok().filter(|m| m.is_file()).map_or(0, |m| m.len());
        if len >= PIECES_FROM
            && gametree::syntax::is_yaml(&name)
            && let Ok(mut file) = std::fs::File::open(path)
            && let Some(spec) = gametree::check::spec::load_yaml_in_pieces(&mut file, len as usize, PIECE)
        {
            return Ok((Input { name, text: String::new(), again: Some(path.to_path_buf()) }, spec.game));
        }
        let input = Input::read(path)?;
        let game = input.game()?;
        Ok((input, game))
    }

    /// Prints the diagnostics with carets on standard error.
    pub fn report(&self, diagnostics: &[Diagnostic]) {
        match &self.again {
            // The file as it is now: the game was read from it moments ago.
            Some(path) => {
                let bytes = std::fs::read(path).unwrap_or_default();
                let text = String::from_utf8_lossy(&bytes);
                eprint!("{}", render(&Source { name: &self.name, text: &text }, diagnostics));
            }
            _ => eprint!("{}", render(&self.source(), diagnostics)),
        }
    }

    pub fn source(&self) -> Source<'_> {
        Source { name: &self.name, text: &self.text }
    }

    /// Lets the source text go once no diagnostic can point into it any
    /// more: on a big tree it is a tenth of what the report needs.
    pub fn release_text(&mut self) {
        self.text = String::new();
    }

    /// The validated game, or exit code 2 with the diagnostics reported.
    pub fn game(&self) -> Result<Game, u8> {
        self.spec().map(|s| s.game)
    }

    /// The validated game with its resolved `expect` blocks.
    pub fn spec(&self) -> Result<Spec, u8> {
        gametree::check::spec::load(&self.name, &self.text).map_err(|ds| {
            self.report(&ds);
            2
        })
    }
}

/// Where `-o` writes, and what it may replace.
pub struct Output<'a> {
    /// `-o`; `None` is standard output.
    pub path: Option<&'a Path>,
    /// The command's input, never written over.
    pub input: &'a Path,
    /// `--force`: replace an existing file.
    pub force: bool,
}

impl Output<'_> {
    /// Writes `text` to standard output, or atomically to the file, never
    /// over the input and never over an existing file without `--force`.
    pub fn write(&self, out: &mut dyn Write, text: &str) -> Exit {
        self.write_bytes(out, text.as_bytes())
    }

    /// [`Output::write`] for bytes (a zip).
    pub fn write_bytes(&self, out: &mut dyn Write, text: &[u8]) -> Exit {
        let Some(path) = self.path else {
            out.write_all(text)?;
            return Ok(0);
        };
        let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        };
        if same(path, self.input) {
            eprintln!("error: refusing to write over the input file {}", self.input.display());
            return Ok(2);
        }
        if path.exists() && !self.force {
            eprintln!("error: {} exists; pass --force to replace it", path.display());
            return Ok(2);
        }
        if let Err(e) = atomic_write(path, text, self.force) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return Ok(2);
        }
        Ok(0)
    }
}

/// Writes `text` to `path` atomically: a [`tempfile::NamedTempFile`] beside
/// the real file (a unique name, so concurrent writers never share it),
/// then a rename, without changing what `path` is: through a symlink to its
/// target (the link stays a link), keeping an existing file's permissions
/// (a private file stays private; the temporary file has them from its
/// creation on). Without `replace`, an existing target is never replaced,
/// even one created meanwhile. Shared by `fmt --write` and every `-o`.
pub fn atomic_write(path: &Path, text: impl AsRef<[u8]>, replace: bool) -> io::Result<()> {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link { resolve_link(path)? } else { path.to_path_buf() };
    let permissions = std::fs::metadata(&target).ok().map(|m| m.permissions());
    let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".gametree-tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // A new file gets the usual 0666 less the umask, as `>` would give.
        let mode = permissions.as_ref().map_or(0o666, |p| p.mode() & 0o7777);
        builder.permissions(std::fs::Permissions::from_mode(mode));
    }
    let mut file = builder.tempfile_in(dir)?;
    if let Some(p) = permissions {
        file.as_file().set_permissions(p)?; // the mode above is cut by the umask
    }
    file.write_all(text.as_ref())?;
    file.as_file().sync_all()?;
    // On an error the temporary file is removed when `file` is dropped.
    let persisted = if replace { file.persist(&target) } else { file.persist_noclobber(&target) };
    persisted.map(drop).map_err(|e| e.error)
}

/// Where a symlink finally points: its canonical path, or for a dangling
/// link, the path it names (relative to the link's folder).
fn resolve_link(path: &Path) -> io::Result<PathBuf> {
    if let Ok(real) = std::fs::canonicalize(path) {
        return Ok(real);
    }
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        if !std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink()) {
            return Ok(at);
        }
        let to = std::fs::read_link(&at)?;
        at = match at.parent() {
            Some(dir) if to.is_relative() => dir.join(to),
            _ => to,
        };
    }
    Err(io::Error::other("too many levels of symbolic links"))
}
