// The catalogs the libintl API reads, by path, loaded on first use into a private
// catalog_store and watched for replacement.
//
// Each `DIR/LOCALE/CATEGORY/DOMAIN.mo` path a lookup tries gets one `catalog_file`, kept
// for the life of the process (so does the store: returned text never dangles). The first
// lookup reads the `.mo`, or the `.po` beside it when there is no `.mo` (beyond glibc).
// Later lookups look at the file again at most once per second per catalog, on a monotonic
// clock: a file replaced on disk (another inode, size or mtime) is loaded again, a catalog
// that appeared is loaded, one that disappeared stays as it was (glibc keeps its mapping).
// A file the store refuses (corrupt, too large) counts as absent, as glibc ignores it; with
// ERLI18N_DEBUG set (outside secure mode) its error goes to stderr, and so does a warning for
// a `.po` the `.mo` beside it leaves unread (docs/c-abi.md).
#ifndef ERLI18N_INTL_CATALOG_FILES_H
#define ERLI18N_INTL_CATALOG_FILES_H

#include <atomic>
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace erli18n::intl {

struct catalog_file;

/// The entry for `mo_path`, made on first use and kept forever (its address is stable).
catalog_file& catalog_at(const std::string& mo_path);
/// The clock catalog_ready counts in: monotonic seconds. Inline, as every lookup reads it:
/// a vDSO read, no system call.
inline std::int64_t catalog_clock() noexcept {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return ts.tv_sec;
}

/// Whether the catalog is loaded, after looking at the disk when due: on the first call
/// (which waits for a load in progress), then at most once per second (`now` is
/// catalog_clock(), read once per lookup).
bool catalog_ready(catalog_file& file, std::int64_t now);

/// A message found in a catalog: its translation (NUL-terminated, valid forever) and the
/// catalog's own copy of its key, also valid forever. `msgid.data()` is null when the
/// message has no single key copy (a .mo's system-dependent string).
struct catalog_message {
  std::string_view text;
  std::string_view msgid;
  std::string_view context;  // data() null when the message has no context
};

/// A message of `file`: `context` (null for none), `msgid`, and for the plural forms
/// `msgid_plural` (null for the singular) and n. nullopt on a miss.
std::optional<catalog_message> lookup_message(const catalog_file& file, const std::string_view* context,
                                              std::string_view msgid, const std::string_view* msgid_plural,
                                              unsigned long n) noexcept;

/// A counter that moves whenever any catalog is loaded or reloaded (inline: every lookup
/// reads it).
extern std::atomic<std::uint64_t> catalog_loads;
inline std::uint64_t catalogs_epoch() noexcept { return catalog_loads.load(std::memory_order_acquire); }

}  // namespace erli18n::intl

#endif  // ERLI18N_INTL_CATALOG_FILES_H
