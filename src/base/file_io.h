// file_io.h — the one way the library and its tools read a whole file and word an I/O error.
//
// Every reader of a whole file (PO and MO catalogs, sources for extract, templates for check,
// the CLI's inputs) goes through `read_whole_file` or, when it holds the descriptor already,
// `read_to_end`, and every error the operating system causes is made by `io_error`: one
// wording, "<action>: <reason>" (strerror's reason, its first letter lower-cased as the
// library's messages are), with the path in `error::file`, so `to_string()` reads
// "fr.po: error: cannot open: no such file or directory".
//
// All functions are thread-safe (strerror_r, no shared state).
#ifndef ERLI18N_SRC_FILE_IO_H
#define ERLI18N_SRC_FILE_IO_H

#include <cstddef>
#include <string>
#include <string_view>

#include "erli18n/result.h"

namespace erli18n {

/// No bound on the bytes read.
inline constexpr std::size_t no_size_limit = static_cast<std::size_t>(-1);

/// An `errc::io` error about `path`: "<action>: <reason>", the reason `err`'s strerror text
/// with its first letter lower-cased. `action` says what failed ("cannot open", "cannot read").
error io_error(std::string path, std::string_view action, int err);

/// The `errc::limit_exceeded` error of a file over `max_bytes`.
error file_too_large(std::string path, std::size_t max_bytes);

/// Appends what `fd` gives until its end to `out`, at most `max_bytes` in `out` in all (more is
/// `file_too_large`); EINTR is retried; a read error is `io_error(path, "cannot read", errno)`.
result<void> read_to_end(int fd, const std::string& path, std::size_t max_bytes, std::string& out);

/// The whole of the file at `path`, into `out` (replaced; its capacity is reused, so a loop
/// over many files grows one buffer to the largest). A regular file's size is checked against
/// `max_bytes` before anything is read; a pipe, FIFO or device is read to its end, never past
/// the bound. A folder is refused ("cannot read: is a directory"), as `read` would refuse it.
result<void> read_whole_file(const std::string& path, std::string& out,
                             std::size_t max_bytes = no_size_limit);

/// `read_whole_file` into a new string.
result<std::string> read_whole_file(const std::string& path, std::size_t max_bytes = no_size_limit);

}  // namespace erli18n

#endif  // ERLI18N_SRC_FILE_IO_H
