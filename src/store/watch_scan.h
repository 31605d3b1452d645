// What a watcher sees of a locale folder: which catalog files are there, and a signature of
// each that changes when the file is replaced or rewritten (see watcher.cc for its use).
#ifndef ERLI18N_SRC_WATCH_SCAN_H
#define ERLI18N_SRC_WATCH_SCAN_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace erli18n::detail {

// stat(2) of a path, following symlinks. Two signatures differ when the file was replaced
// (another inode), resized, modified or had its mode changed (a permission fixed). A
// rewrite of the same size within one tick of the file system's clock keeps the signature:
// polling cannot see it (inotify does).
struct file_signature {
  int error = 0;  // errno of a failed stat (ENOENT: nothing there), 0 when it succeeded
  std::uint64_t dev = 0, ino = 0, size = 0;
  std::int64_t mtime_ns = 0, ctime_ns = 0;
  unsigned mode = 0;
  bool operator==(const file_signature&) const = default;
  bool exists() const noexcept;
  // Something the store can be asked to read: a regular file, or a path that is there but
  // broken (a folder, an unreadable name), whose load then fails and says why. FIFOs,
  // sockets and devices are not: reading one could block the watcher.
  bool loadable() const noexcept;
};

file_signature signature_of(const std::string& path);

// The bytes of a file read whole, and whether they are a state of it that held still.
struct file_snapshot {
  enum class outcome {
    complete,    // `bytes` is the whole file, which did not change during the read
    changing,    // the file changed while it was read (a writer is at work): try later
    empty,       // nothing in it (a writer between truncating and writing)
    unreadable,  // cannot be opened or read, is not a regular file or is over the limit:
                 // the store's own load will say why
  };
  outcome result = outcome::unreadable;
  std::string bytes;
};

// Reads `path` (at most `max_bytes`) and checks with fstat before and after that size,
// modification and change times held, so a catalog is never built from a half-rewritten
// file. Opened non-blocking: a FIFO put there does not hang the reader.
file_snapshot read_snapshot(const std::string& path, std::size_t max_bytes);

// The catalog file a domain of one locale folder uses.
struct catalog_file {
  std::string path;
  file_signature signature;
};

// `ROOT/DIR/LC_MESSAGES`.
std::string messages_dir(const std::string& root, std::string_view dir);

// The domain a file name in LC_MESSAGES stands for (`app.po` -> `app`), or empty for any
// other name (temporary files, `app.po.tmp`, `.app.po.swp`, ...).
std::string_view domain_of(std::string_view file_name);

// The catalogs of `ROOT/DIR/LC_MESSAGES`, by domain; `DOMAIN.mo` when it is there, else
// `DOMAIN.po`. Empty when the folder is missing or unreadable.
std::map<std::string, catalog_file> scan_messages_dir(const std::string& root, std::string_view dir);
// The same for one domain; `signature.exists()` is false when neither file is there.
catalog_file scan_domain(const std::string& root, std::string_view dir, std::string_view domain);

// The `DOMAIN.po` that a `DOMAIN.mo` chosen by scan_domain leaves unread: its path when
// `used` is a `.mo` with a `.po` beside it, else empty. The `.mo` wins (as glibc reads only
// `.mo`); the caller says so rather than ignore edits to the `.po` silently.
std::string shadowed_po(const catalog_file& used);

// The entries of ROOT that are folders (symlinks followed) named like a locale, as
// (folder name, canonical locale), each canonical locale once (the first name in byte order).
std::vector<std::pair<std::string, std::string>> locale_dirs(const std::string& root);

// A folder locale_dirs leaves out: it names the same locale as one it keeps.
struct duplicate_locale_dir {
  std::string locale;   // canonical
  std::string used;     // the folder name kept (first in byte order)
  std::string ignored;  // the folder name left out
};
// locale_dirs, and in `duplicates` each folder it left out (cleared first), in byte order.
std::vector<std::pair<std::string, std::string>> locale_dirs(const std::string& root,
                                                             std::vector<duplicate_locale_dir>& duplicates);

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_WATCH_SCAN_H
