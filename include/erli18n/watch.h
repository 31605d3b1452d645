/// \file
/// Hot reload: keep a store's catalogs in step with a locale folder.
///
/// `catalog_store::watch(ROOT, options)` loads every catalog of a standard layout,
/// `ROOT/LOCALE/LC_MESSAGES/DOMAIN.{mo,po}`, then follows the folder from a thread of its own:
/// a file replaced (renamed over) or rewritten is loaded again once it has been quiet for
/// `debounce`; new domains and new locale folders are loaded; symlinks swapped by deployment
/// tools (`ROOT/de -> releases/v2`) are followed. Each load is the store's `load`, so it is
/// transactional: a bad or half-written file raises `load_failure` and the catalog that was
/// there stays; the next change of the file is tried again.
///
/// \code
/// erli18n::watch_options options;
/// options.on_error = [](const erli18n::error& e) { log(e.to_string()); };
/// auto watcher = store.watch("/srv/app/locale", options);
/// if (!watcher) return fail(watcher.error());
/// // ... serve; the catalogs follow the files ...
/// watcher->stop();  // or let the watcher go out of scope
/// \endcode
///
/// Rules (docs/hot-reload.md has the whole story):
///  - Domain = the file's stem; locale = the folder's name, canonicalized (a folder whose name
///    is not a locale is skipped; of two folders with the same canonical name, the first in
///    byte order is used). When `DOMAIN.mo` and `DOMAIN.po` are both there, the `.mo` is
///    loaded (it is what msgfmt produced for deployment, and what glibc would read).
///  - Inotify tells of changes; when it cannot be used (inotify_init fails, the watch limit is
///    reached) or `force_polling` is set, the folder is examined every `poll_interval`
///    (stat: inode, size, modification time in ns). `mode()` says which is in use. When ROOT
///    itself is moved away or deleted, the watcher polls until a folder is at ROOT's path
///    again (moved back, renamed or made there: its parent folder is watched for that), then
///    uses inotify again and examines the whole folder.
///  - A deleted file keeps its catalog unless `unload_deleted` is set.
///  - A `.mo` is mapped, not copied: replace it by renaming a new file over it, never rewrite
///    it in place (see catalog_store.h). `.po` files may be rewritten in place.
///  - Failures of the watcher itself (not of a load: those are store events) are caught,
///    counted (`failures()`), passed to `on_error`, and the watcher starts again from a full
///    examination of the folder, as a supervised worker is restarted.
///  - The store must outlive the watcher. The destructor stops the watcher.
#ifndef ERLI18N_WATCH_H
#define ERLI18N_WATCH_H

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

#include "erli18n/catalog_store.h"
#include "erli18n/result.h"

namespace erli18n {

/// How a watcher learns of changes (`catalog_watcher::mode`).
enum class watch_mode : unsigned char {
  inotify,  ///< the kernel reports changes; an idle watcher costs nothing
  polling   ///< the folder is examined every `poll_interval`
};

/// How a watcher follows its folder.
struct watch_options {
  /// Bounds and choices of every load (see catalog_store.h).
  load_options load;
  /// A file is loaded once no change was seen for this long (a burst of writes loads once).
  std::chrono::milliseconds debounce{100};
  /// Polling mode: how often the folder is examined.
  std::chrono::milliseconds poll_interval{1000};
  /// Poll even where inotify works (network file systems, which inotify does not see).
  bool force_polling = false;
  /// Unload a catalog whose file was deleted (by default the catalog stays).
  bool unload_deleted = false;
  /// What the watcher itself reports (load failures are store events instead): its own
  /// failures, a fall back to polling, a file it will not read (a FIFO, a device). Called on
  /// the watcher's thread (or in `watch`); exceptions it throws are caught and ignored.
  std::function<void(const error&)> on_error;
};

/// A running watcher (see watch.h). Movable; stops when destroyed.
class catalog_watcher {
 public:
  catalog_watcher() noexcept;  ///< watches nothing
  ~catalog_watcher();
  /// Takes over the other watcher's thread; the other one then watches nothing.
  catalog_watcher(catalog_watcher&&) noexcept;
  /// Stops this watcher (as the destructor does), then takes over the other one's thread.
  catalog_watcher& operator=(catalog_watcher&&) noexcept;
  catalog_watcher(const catalog_watcher&) = delete;
  catalog_watcher& operator=(const catalog_watcher&) = delete;

  /// Stops the thread and waits for it: a load in progress completes, pending ones are
  /// dropped. Idempotent. Called from the watcher's own thread (an observer of a load), it
  /// only asks the thread to end.
  void stop() noexcept;
  /// True from `watch` until `stop()` is called; false for a watcher that watches nothing.
  bool running() const noexcept;
  /// Whether changes come from inotify or polling; `polling` for a watcher that watches
  /// nothing.
  watch_mode mode() const noexcept;
  /// How many reports the watcher made so far (each passed to `on_error`).
  std::uint64_t failures() const noexcept;

  /// The thread's shared state (internal; defined in the library).
  struct state;
  /// Wraps a started thread's state: what `catalog_store::watch` returns. Internal: it is
  /// public only so that the store can build a watcher.
  explicit catalog_watcher(std::shared_ptr<state> s) noexcept;

 private:
  void release() noexcept;  // stop(), then let go of the state (the destructor's work)
  std::shared_ptr<state> state_;
};

}  // namespace erli18n

#endif  // ERLI18N_WATCH_H
