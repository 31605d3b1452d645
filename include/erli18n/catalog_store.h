/// \file
/// erli18n/catalog_store.h — many catalogs keyed by (domain, locale), read without locks.
///
/// A `catalog_store` holds immutable catalogs built from `.po` files or opened from `.mo`
/// files (the first `.mo` of each (domain, locale) zero-copy, by mmap). Any number of threads look strings up
/// at once; writes (load, reload, unload) are serialized and transactional: a write builds the new catalog
/// off to the side and publishes it with one atomic pointer swap, so a failing write —
/// malformed input, a bound exceeded, an I/O error, an allocation failure — leaves every
/// published catalog exactly as it was, and readers see the old catalog or the new one,
/// never a mix. Reads never wait for writes.
///
/// Lifetime of returned text: lookups return `std::string_view`s over NUL-terminated text
/// that stays valid as long as the store lives — after the catalog it came from is reloaded
/// or unloaded too (the default store lives for the whole process, as glibc's catalogs do).
/// Text is therefore retained; a reload adds only the strings that changed, so memory stays
/// bounded by the distinct text loaded. For a `.mo` that means: the first `.mo` loaded for a
/// (domain, locale) stays mapped and its views point into it; a later `.mo` for the same key
/// (a reload, or a load over it) is read, the strings it does not share with the catalog it
/// replaces are copied, and it is unmapped at the end of the load (a file whose bytes equal
/// a retained image's is read from that image instead). Index memory is reclaimed once no
/// reader can still be using it. A `.mo` file must be replaced by renaming a new file over
/// it, never by truncating it in place (the mapping would fault, as glibc's does).
///
/// Files: a load opens its path once, non-blocking. A regular file is read where it is; a
/// pipe or FIFO (`erli18n lookup <(zcat fr.po.gz)`) is read whole before the store's writer
/// lock is taken, so a slow writer delays that load only, never another write; one that
/// gives no bytes (a FIFO with no writer reads as empty at once) is `errc::io`, as is
/// anything else (a folder, a device, a socket). A catalog read from a pipe cannot be
/// reloaded, and `reload` of a path that has become a pipe is refused without reading it.
///
/// Locale names are canonicalized (`pt-BR`, `pt_br`, `pt_BR.UTF-8` all key `pt_BR`; see
/// locale_name.h); domains are used as given.
///
/// \code
/// erli18n::catalog_store store;
/// auto n = store.ensure_loaded("app", "fr", "locale/fr/LC_MESSAGES/app.mo");
/// if (!n) { std::cerr << n.error().to_string() << '\n'; return 1; }
/// std::string_view s = store.dlgettext("app", "fr", "Hello");  // "Bonjour", or "Hello"
/// \endcode
///
/// The lookup family with the current thread's locale and the default domain, and the
/// `translator` value type, are in gettext.h.
#ifndef ERLI18N_CATALOG_STORE_H
#define ERLI18N_CATALOG_STORE_H

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/events.h"
#include "erli18n/result.h"

namespace erli18n {

/// Bounds and choices for one load. The defaults are safe for untrusted files.
struct load_options {
  bool include_fuzzy = false;                     ///< keep `#, fuzzy` entries of a `.po`
  std::size_t max_bytes = std::size_t{64} << 20;  ///< larger files are refused (limit_exceeded)
  std::size_t max_entries = 500000;               ///< catalogs with more entries are refused
  /// Check every message of a `.mo` at load (O(N)) and refuse a damaged file. Without it a
  /// `.mo` loads in O(1): its header and tables are checked, and each message when it is
  /// read; a damaged one (a string outside the file, text that is not UTF-8 in a UTF-8
  /// catalog) then reads as missing, as glibc reads it. `.po` files are always read whole.
  bool verify_all = false;
  /// For a `.mo` mapped in place: mo_open_options::populate_bytes (the first bytes of the
  /// file put in the mapping at load, in one system call). 0: each page when first read.
  std::size_t populate_mo_bytes = 0;
};

/// What a successful load did.
struct load_outcome {
  std::size_t messages = 0;     ///< messages in the catalog now published (the header included)
  bool already_loaded = false;  ///< `ensure_loaded` found the catalog there and did nothing
};

/// One request of `load_many`: the arguments of one `ensure_loaded` call.
struct load_request {
  std::string domain;    ///< the text domain the catalog is loaded under
  std::string locale;    ///< the locale it is loaded under (canonicalized by the load)
  std::string path;      ///< the `.mo` or `.po` file to read
  load_options options;  ///< bounds and choices for this load
};

/// What to try when a lookup misses (no catalog, or no translation in it).
struct locale_fallback {
  /// Which fallback rule applies.
  enum class mode {
    off,            ///< a miss returns the msgid (the default)
    base_language,  ///< pt_BR -> pt -> the process default locale (see gettext.h)
    explicit_chain  ///< the locales `chains[locale]` lists, in order
  };
  mode kind = mode::off;  ///< the rule in force
  /// For `explicit_chain`: canonical locale -> the locales to try after it, in order.
  std::map<std::string, std::vector<std::string>> chains;
};

/// One loaded catalog, for observability.
struct catalog_info {
  std::string domain;        ///< the text domain it is loaded under
  std::string locale;        ///< the canonical locale it is loaded under
  std::string source;        ///< the path it was loaded from, or the name given to `load_buffer`
  bool from_mo = false;      ///< true for an `.mo` image, false for a `.po` parsed into memory
  std::size_t messages = 0;  ///< messages in it (the header included)
};

/// A message key of a catalog.
struct catalog_key {
  bool has_context = false;  ///< whether the message has a msgctxt (which may be empty)
  std::string context;       ///< the msgctxt; empty when `has_context` is false
  std::string msgid;         ///< the msgid (the singular one for a plural message)
};

/// Memory the store holds, in bytes.
struct store_memory {
  /// Text retained on the heap: from `.po` files, `.mo` buffers, and the strings a `.mo`
  /// loaded over an earlier one of its key changed (copied).
  std::size_t text_bytes = 0;
  std::size_t mapped_bytes = 0;  ///< `.mo` files retained (mappings, converted images, expanded strings)
  std::size_t index_bytes = 0;   ///< live lookup indexes (reclaimed after reloads)
};

/// One catalog `catalog_store::load_domain` loaded.
struct domain_catalog {
  std::string locale;        ///< the canonical locale it is loaded under (`pt_BR` for `pt_BR.UTF-8/`)
  std::string path;          ///< the file it was read from
  std::size_t messages = 0;  ///< messages in it (the header included)
};

/// What `catalog_store::load_domain` loaded.
struct domain_load {
  std::string domain;                    ///< the domain, as given
  std::string root;                      ///< the folder, as given
  std::vector<domain_catalog> catalogs;  ///< one per locale, sorted by folder name
};

struct store_access;
struct watch_options;
class catalog_watcher;

/// Catalogs keyed by (domain, locale): lock-free lookups, transactional writes.
///
/// Lookups (`dlgettext` and the rest, and those of gettext.h and `translator`) may run on any
/// number of threads at once and never wait; loads, reloads and unloads are serialized and
/// either publish a complete new catalog or change nothing. Neither copyable nor movable.
/// See the file description for the lifetime of returned text.
class catalog_store {
 public:
  /// An empty store: no catalogs, no fallback, no observers; memory warning at 256 MiB.
  catalog_store();
  /// Frees every catalog and all retained text: no view a lookup returned may be used
  /// afterwards, and no other thread may still be using the store.
  ~catalog_store();
  catalog_store(const catalog_store&) = delete;             ///< Not copyable.
  catalog_store& operator=(const catalog_store&) = delete;  ///< Not copyable.

  /// The process-wide store the free functions of gettext.h use. Never destroyed.
  static catalog_store& default_store() noexcept;

  /// Loads `path` (a `.mo` if it starts with the MO magic number, else a `.po`) as the
  /// catalog of (domain, locale), unless that catalog is already loaded: then nothing is
  /// read and the outcome says `already_loaded`.
  ///
  /// The domain must be non-empty and free of NUL bytes and the locale well-formed
  /// (`errc::invalid_argument`); a file that cannot be read is `errc::io`, a malformed one
  /// `errc::syntax` or `errc::charset`, one past `options`' bounds `errc::limit_exceeded`.
  /// On any error every published catalog is left as it was. Called from inside an
  /// observer of this store, it fails with `errc::invalid_argument`.
  result<load_outcome> ensure_loaded(std::string_view domain, std::string_view locale,
                                     const std::string& path, const load_options& options = {});
  /// Loads `path` as the catalog of (domain, locale), replacing any catalog there. Errors
  /// as for `ensure_loaded`.
  result<load_outcome> load(std::string_view domain, std::string_view locale, const std::string& path,
                            const load_options& options = {});
  /// Loads a catalog (`.mo` or `.po` bytes) from memory, replacing any catalog there. The
  /// bytes are copied as needed; `name` is used in diagnostics.
  result<load_outcome> load_buffer(std::string_view domain, std::string_view locale, std::string_view bytes,
                                   std::string_view name = "<memory>", const load_options& options = {});
  /// Installs an `.mo` image that lives as long as the store (static data, such as the
  /// catalogs `erli18n compile --cpp` generates), replacing any catalog there. The bytes
  /// are read in place: nothing is copied and no file is opened. Anything but MO bytes is
  /// refused (`errc::invalid_argument`); `name` is used in diagnostics.
  result<load_outcome> load_static(std::string_view domain, std::string_view locale,
                                   std::string_view mo_bytes, std::string_view name = "<static>",
                                   const load_options& options = {});
  /// Reads the catalog of (domain, locale) again from the file it was loaded from, with the
  /// same options. `errc::not_found` if it is not loaded, `errc::invalid_argument` if it came
  /// from memory (`load_buffer`, `load_static`) or a pipe; otherwise errors as for `load`.
  result<load_outcome> reload(std::string_view domain, std::string_view locale);
  /// Removes the catalog of (domain, locale); `errc::not_found` if none is loaded. Text
  /// already returned stays valid.
  result<void> unload(std::string_view domain, std::string_view locale);
  /// `ensure_loaded` for each request, in order; each result is independent of the others.
  std::vector<result<load_outcome>> load_many(const std::vector<load_request>& requests);

  /// Loads every installed catalog of `domain` under `root`, laid out as GNU's
  /// `ROOT/LOCALE/LC_MESSAGES/DOMAIN.mo` (or `.po`): `bindtextdomain` done at once, since a
  /// lookup never reads files. Each folder named like a locale is one locale, its name
  /// canonicalized (`pt_BR.UTF-8/`, `pt-br/` and `pt_BR/` all load `pt_BR`; of two folders that
  /// name one locale, the one the watcher uses is loaded: see watch.h); where `DOMAIN.mo` and
  /// `DOMAIN.po` are both there, the `.mo` is read. What is left unread is told to observers,
  /// as the watcher tells it: `duplicate_locale_folder` (a second folder holding this domain's
  /// catalog) and `catalog_shadowed` (the `.po` beside the `.mo`). Each catalog is a `load`,
  /// replacing what was loaded under its key, so calling this again reads the files again.
  ///
  /// Errors: `errc::invalid_argument` for a domain that cannot be a file name, `errc::io` when
  /// `root` is not a readable folder, `errc::not_found` (naming `root` and the domain) when no
  /// locale folder holds a catalog of the domain; a catalog that fails to load gives that
  /// load's error (`file:line:col`), after the other catalogs were loaded all the same.
  result<domain_load> load_domain(std::string_view domain, const std::string& root,
                                  const load_options& options = {});

  /// Sets what a lookup that misses tries next. Takes effect for lookups that start
  /// afterwards. The locales of `fallback.chains` are canonicalized; a malformed one is an
  /// error and changes nothing.
  result<void> set_fallback(const locale_fallback& fallback);
  /// The fallback rule in force (canonical locales), as `set_fallback` last set it. Takes the
  /// writer lock briefly, as `memory()` does.
  locale_fallback fallback() const;

  /// Looks `msgid` up in the catalog of (domain, locale); returns the translation, or
  /// `msgid` on a miss.
  ///
  /// The lookups with an explicit domain and locale take no lock and allocate nothing; the
  /// locale is canonicalized as for a load (a malformed name finds nothing). On a miss
  /// (after any fallback, see `set_fallback`) they return their own argument: the msgid, or
  /// for the plural forms `msgid_plural` unless n == 1, as glibc does.
  std::string_view dlgettext(std::string_view domain, std::string_view locale,
                             std::string_view msgid) const noexcept;
  /// The plural form for `n` of (`msgid`, `msgid_plural`) in (domain, locale), chosen by the
  /// catalog's `Plural-Forms`; on a miss `msgid` when n == 1, else `msgid_plural`.
  std::string_view dlngettext(std::string_view domain, std::string_view locale, std::string_view msgid,
                              std::string_view msgid_plural, unsigned long n) const noexcept;
  /// `dlgettext` for the message `msgid` in the msgctxt `context`.
  std::string_view dlpgettext(std::string_view domain, std::string_view locale, std::string_view context,
                              std::string_view msgid) const noexcept;
  /// `dlngettext` for the plural message `msgid` in the msgctxt `context`.
  std::string_view dlnpgettext(std::string_view domain, std::string_view locale, std::string_view context,
                               std::string_view msgid, std::string_view msgid_plural,
                               unsigned long n) const noexcept;

  /// Registers an observer of the store's events (see events.h for when and how it is
  /// called) and returns its id. Lookup events only reach observers whose options ask for them.
  /// `errc::invalid_argument` for an empty `fn`, a `sample_every` of 0, or a call from
  /// inside an observer of this store.
  result<observer_id> add_observer(observer fn, const observer_options& options = {});
  /// Unregisters an observer; once this returns it is not running and will not be called.
  /// `errc::not_found` for an unknown id.
  result<void> remove_observer(observer_id id);
  /// Exceptions observers threw (each caught; the operation went on as if it returned).
  std::uint64_t observer_failures() const noexcept;
  /// Raises `memory_warning` after a load when the retained text and mappings
  /// (`memory().text_bytes + memory().mapped_bytes`) reach `bytes` (0 turns it off), at most
  /// once per `min_interval`. Default: 256 MiB, once a minute.
  result<void> set_memory_warning(std::size_t bytes,
                                  std::chrono::milliseconds min_interval = std::chrono::minutes(1));

  /// Loads every catalog under `root` (`ROOT/LOCALE/LC_MESSAGES/DOMAIN.mo` or `.po`) and
  /// keeps them in step with the files from a thread of its own until the watcher is
  /// stopped or destroyed; see watch.h (include it to call these). An error when `root` is not a
  /// readable folder or the thread cannot start; a catalog that fails to load raises
  /// `load_failure` and does not fail the call.
  result<catalog_watcher> watch(const std::string& root);
  /// `watch(root)` with the choices of `options` (load options, debounce, polling; see
  /// watch.h); `errc::invalid_argument` for a negative debounce or a non-positive poll
  /// interval.
  result<catalog_watcher> watch(const std::string& root, const watch_options& options);

  /// Completes, on the calling thread, the lookup index of every `.mo` catalog read in
  /// place whose index its lookups have not finished yet (they start after a few hundred
  /// lookups; see docs/performance.md). Optional: a server may call it after loading, so
  /// that its first requests already run at full speed; a benchmark, to measure that speed.
  /// Takes the writer lock; lookups go on meanwhile.
  void build_indexes();

  /// The memory the store holds now.
  ///
  /// This and the other observability calls (`catalogs`, `locales`, `keys`) take the writer
  /// lock briefly, so they wait for a write in progress; do not call them per request.
  store_memory memory() const;
  std::vector<catalog_info> catalogs() const;  ///< The loaded catalogs, sorted by (domain, locale).
  std::vector<std::string> locales() const;    ///< The canonical locales with a catalog, sorted.
  /// The keys of one catalog, in its order; `errc::not_found` if it is not loaded.
  result<std::vector<catalog_key>> keys(std::string_view domain, std::string_view locale) const;

  /// The store's state, defined in the library's sources (src/store_impl.h); opaque to users.
  struct impl;

 private:
  friend struct store_access;  // the lookup functions of gettext.h
  std::unique_ptr<impl> impl_;
};

}  // namespace erli18n

#endif  // ERLI18N_CATALOG_STORE_H
