// The watcher of catalog_store::watch (see watch.h): one thread per watcher that waits for
// inotify events (or the next polling round), lets each changed file settle for `debounce`,
// then loads it with the store's transactional `load`.
//
// Work is keyed by (folder name under ROOT, domain). An event marks its key pending with the
// time it was seen; a key is handled once it has been quiet for `debounce`. The domain "" of
// a folder means "examine the whole folder" (its symlink or LC_MESSAGES changed); the folder
// "" means "examine everything" (the event queue overflowed, or the watcher restarts).
#include <errno.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "erli18n/locale_name.h"
#include "erli18n/watch.h"
#include "file_io.h"
#include "store_impl.h"
#include "watch_internal.h"
#include "watch_scan.h"

namespace erli18n {
namespace detail {
namespace {

std::atomic<watcher_hook> installed_watcher_hook{nullptr};
std::atomic<std::size_t> watch_limit{0};

}  // namespace

watcher_hook set_watcher_hook(watcher_hook hook) noexcept { return installed_watcher_hook.exchange(hook); }
void set_inotify_watch_limit(std::size_t count) noexcept { watch_limit.store(count); }

}  // namespace detail

namespace {

using clock = std::chrono::steady_clock;
using detail::catalog_file;
using detail::file_signature;

// What happens in a folder watched at each level.
enum level : int { root_level = 0, locale_level = 1, messages_level = 2 };

constexpr std::uint32_t dir_events = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE |
                                     IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR;

error watch_error(errc code, std::string message, std::string file = {}) {
  error e;
  e.code = code;
  e.message = std::move(message);
  e.file = std::move(file);
  return e;
}

}  // namespace

struct catalog_watcher::state {
  catalog_store* store = nullptr;
  catalog_store::impl* store_impl = nullptr;  // for loads of bytes read here (see load_po)
  std::string root;
  watch_options options;
  std::atomic<bool> stopping{false};
  std::atomic<watch_mode> mode{watch_mode::inotify};
  std::atomic<std::uint64_t> failures{0};
  int wake_fd = -1;
  std::thread thread;
  std::atomic<std::thread::id> worker{};  // the thread's id, for stop() called from it
  std::mutex stop_mutex;                  // one stop() joins; the others wait for it

  // Touched only by the watcher's thread once it runs (by watch() before that).
  int inotify_fd = -1;
  // The root was moved away or deleted: the watcher polls, and looks for a folder at the
  // root's path again to go back to inotify. `parent_fd` (an inotify instance of its own, so
  // its watch descriptors never mix with those of `inotify_fd`) watches the root's parent
  // folder, so that the return is seen at once rather than at the next polling round.
  bool awaiting_root = false;
  bool check_root = false;  // an event of the parent named the root: look now
  int parent_fd = -1;
  std::string root_parent, root_name;  // where to look; root_name empty: polling rounds only
  std::map<int, std::set<std::pair<int, std::string>>> watched;  // wd -> (level, folder name)
  std::map<std::pair<int, std::string>, int> wd_of;
  std::map<std::string, std::string> dirs;  // folder name -> canonical locale, of folders in use
  // Folders left out as second names of a locale, each told once (again if it comes back).
  std::set<std::pair<std::string, std::string>> duplicates_told;  // (used, ignored)
  struct tracked {
    std::string path;      // the file last handed to the store
    file_signature acted;  // its signature then
    bool loaded = false;   // the store accepted it
  };
  std::map<std::pair<std::string, std::string>, tracked> files;
  std::map<std::pair<std::string, std::string>, file_signature> seen;  // polling: last signatures
  // Polling: last signatures of the .po files shadowed by their .mo, whose edits a round
  // reports (the .mo's own signature does not move).
  std::map<std::pair<std::string, std::string>, file_signature> shadows_seen;
  struct change {
    clock::time_point last;
    bool force = false;  // an event named the file: load it even if its signature is unchanged
  };
  std::map<std::pair<std::string, std::string>, change> pending;
  clock::time_point next_poll{};

  ~state() {
    if (thread.joinable()) thread.detach();  // only on the thread itself, after a detached stop
    if (inotify_fd >= 0) ::close(inotify_fd);
    if (parent_fd >= 0) ::close(parent_fd);
    if (wake_fd >= 0) ::close(wake_fd);
  }

  // --- reporting -------------------------------------------------------------------------

  void report(const error& e) noexcept {
    failures.fetch_add(1, std::memory_order_relaxed);
    if (!options.on_error) return;
    try {
      options.on_error(e);
    } catch (...) {
      // A failing error callback must not stop the watcher.
    }
  }

  // Tells observers of a file or folder left unread, through the store's event channel.
  void tell_unread(event_kind kind, const std::string& domain, const std::string& locale,
                   const std::string& used, const std::string& ignored) noexcept {
    detail::raise_unread(*store_impl, kind, domain, locale, used, ignored);
  }

  // --- inotify ---------------------------------------------------------------------------

  void use_polling(const std::string& why) {
    if (mode.load() == watch_mode::polling) return;
    if (inotify_fd >= 0) ::close(inotify_fd);
    inotify_fd = -1;
    watched.clear();
    wd_of.clear();
    mode.store(watch_mode::polling);
    next_poll = clock::now();
    report(watch_error(errc::io, "polling instead of inotify: " + why, root));
  }

  // The root's path names nothing now (or something else than the folder watched): poll, and
  // wait for a folder to be there again.
  void root_gone() {
    use_polling("the watched folder was moved or deleted; back to inotify once it is there again");
    awaiting_root = true;
    if (parent_fd >= 0) ::close(parent_fd);
    parent_fd = -1;
    if (!root_name.empty()) {
      parent_fd = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
      if (parent_fd >= 0 &&
          ::inotify_add_watch(parent_fd, root_parent.c_str(), IN_CREATE | IN_MOVED_TO | IN_ONLYDIR) < 0) {
        ::close(parent_fd);  // the parent went too: polling rounds look for the root
        parent_fd = -1;
      }
    }
    check_root = true;  // it may have come back before the parent was watched
  }

  // Reads the parent's events; one naming the root (or lost events) means look at the root.
  void drain_parent_events() {
    const int err = read_events(parent_fd, [this](const inotify_event& e) {
      if ((e.mask & IN_Q_OVERFLOW) || (e.len != 0 && root_name == e.name)) check_root = true;
    });
    if (err == 0) return;
    ::close(parent_fd);  // polling rounds look for the root
    parent_fd = -1;
  }

  // Back to inotify if a folder is at the root's path: watches set again, then the whole
  // folder examined (what it holds may differ from what was loaded: another folder was
  // renamed there, or files changed meanwhile). False if there is none yet.
  bool return_to_inotify() {
    if (!awaiting_root) return false;
    const file_signature sig = detail::signature_of(root);
    if (sig.error != 0 || !S_ISDIR(sig.mode)) return false;
    const int fd = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
    if (fd < 0) return false;  // still polling; tried again at the next round
    awaiting_root = false;
    if (parent_fd >= 0) ::close(parent_fd);
    parent_fd = -1;
    inotify_fd = fd;
    watched.clear();
    wd_of.clear();
    mode.store(watch_mode::inotify);
    examine_all();
    return true;
  }

  // Watches a folder (symlinks followed, so the real folder is watched; called again after
  // a symlink may have changed, it moves the watch to the folder the link now names).
  void add_watch(int lvl, const std::string& name, const std::string& path) {
    if (mode.load() != watch_mode::inotify) return;
    const std::size_t limit = detail::watch_limit.load();
    int wd = -1;
    auto known = wd_of.find({lvl, name});
    if (limit != 0 && watched.size() >= limit && known == wd_of.end()) {
      errno = ENOSPC;
    } else {
      wd = ::inotify_add_watch(inotify_fd, path.c_str(), dir_events);
    }
    if (wd < 0) {
      if (errno == ENOSPC || errno == ENOMEM) return use_polling("inotify watch limit reached at " + path);
      drop_watch(lvl, name);  // not there (yet): its parent's events will tell when it is
      return;
    }
    if (known != wd_of.end() && known->second == wd) return;
    drop_watch(lvl, name);
    wd_of[{lvl, name}] = wd;
    watched[wd].insert({lvl, name});
  }

  void drop_watch(int lvl, const std::string& name) {
    auto known = wd_of.find({lvl, name});
    if (known == wd_of.end()) return;
    const int wd = known->second;
    wd_of.erase(known);
    auto users = watched.find(wd);
    if (users == watched.end()) return;
    users->second.erase({lvl, name});
    if (users->second.empty()) {
      watched.erase(users);
      if (inotify_fd >= 0) ::inotify_rm_watch(inotify_fd, wd);
    }
  }

  void mark(const std::string& dir, const std::string& domain, bool force) {
    change& c = pending[{dir, domain}];
    c.last = clock::now();
    c.force = c.force || force;
  }

  // Reads the events queued on `fd`, passing each to `handle`; 0, or the errno of a failed
  // read. `fd` is a member, read again before each read: a handler may close it (a fall back
  // to polling), and its number may then be reused by another instance.
  template <class F>
  static int read_events(const int& fd, F&& handle) {
    alignas(inotify_event) char buffer[16384];
    while (fd >= 0) {
      const ssize_t got = ::read(fd, buffer, sizeof buffer);
      if (got < 0) {
        if (errno == EINTR) continue;
        return errno == EAGAIN ? 0 : errno;
      }
      for (ssize_t at = 0; at < got;) {
        const auto* e = reinterpret_cast<const inotify_event*>(buffer + at);
        at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
        handle(*e);
      }
    }
    return 0;
  }

  // Reads every queued event and marks what it concerns.
  void drain_events() {
    if (const int err = read_events(inotify_fd, [this](const inotify_event& e) { on_event(e); }))
      use_polling(io_error({}, "cannot read inotify events", err).message);
  }

  void on_event(const inotify_event& e) {
    if (e.mask & IN_Q_OVERFLOW) return mark("", "", false);
    auto users = watched.find(e.wd);
    if (users == watched.end()) return;
    const std::string name = e.len ? std::string(e.name) : std::string();
    const bool self_gone = (e.mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) != 0;
    // Copied: marking may not change the set, but IN_IGNORED below does.
    const std::set<std::pair<int, std::string>> owners = users->second;
    if (e.mask & IN_IGNORED) {
      for (const auto& [lvl, dir] : owners) wd_of.erase({lvl, dir});
      watched.erase(users);
    }
    for (const auto& [lvl, dir] : owners) {
      if (lvl == root_level) {
        if (self_gone) return root_gone();
        if (!name.empty() && name.front() != '.') mark(name, "", false);
      } else if (lvl == locale_level) {
        if (self_gone || name == "LC_MESSAGES") mark(dir, "", false);
      } else if (self_gone) {
        mark(dir, "", false);
      } else if (std::string_view domain = detail::domain_of(name); !domain.empty()) {
        mark(dir, std::string(domain), true);
      }
    }
  }

  // --- the work --------------------------------------------------------------------------

  // The domains of one folder among the keys (folder, domain) of `m`: a range of the map
  // (a polling round looks at every folder; scanning the whole map for each would be
  // quadratic in the number of catalogs).
  template <class Map>
  static std::vector<std::string> domains_in(const Map& m, const std::string& dir) {
    std::vector<std::string> out;
    for (auto it = m.lower_bound({dir, std::string()}); it != m.end() && it->first.first == dir; ++it)
      out.push_back(it->first.second);
    return out;
  }

  // Hands one domain's file to the store, or handles its deletion.
  void act(const std::string& dir, const std::string& domain, const catalog_file& file, bool force) {
    auto dir_it = dirs.find(dir);
    if (dir_it == dirs.end()) return;
    const std::string& locale = dir_it->second;
    const std::pair<std::string, std::string> key{dir, domain};
    auto it = files.find(key);
    if (!file.signature.exists()) {
      if (it == files.end()) return;
      if (options.unload_deleted && it->second.loaded) (void)store->unload(domain, locale);
      files.erase(it);
      return;
    }
    // Edits to a .po shadowed by its .mo are events that name the .po (`force`): each says
    // that the edit changes nothing, rather than be ignored without a word.
    if (const std::string po = detail::shadowed_po(file);
        !po.empty() && (force || it == files.end() || it->second.path != file.path))
      tell_unread(event_kind::catalog_shadowed, domain, locale, file.path, po);
    if (it != files.end() && !force && it->second.path == file.path && it->second.acted == file.signature)
      return;
    tracked& t = files[key];
    t.path = file.path;
    t.acted = file.signature;
    if (!file.signature.loadable()) {
      report(watch_error(errc::io, "not a regular file; not loaded", file.path));
      return;
    }
    // An empty file is a writer between truncating and writing (no catalog is empty: the
    // header is an entry). The write that follows is a change, and is loaded.
    if (file.signature.error == 0 && S_ISREG(file.signature.mode) && file.signature.size == 0) return;
    // A failure raises load_failure in the store and leaves its catalog as it was.
    const bool is_po = file.path.size() > 3 && file.path.compare(file.path.size() - 3, 3, ".po") == 0;
    const bool ok = is_po ? load_po(dir, domain, locale, file.path)
                          : static_cast<bool>(store->load(domain, locale, file.path, options.load));
    t.loaded = ok || t.loaded;
  }

  // A `.po` may be rewritten in place while it is read: it is read here whole, and loaded
  // only if it held still meanwhile; else it is tried again once quiet. (A `.mo` is mapped
  // by the store and must be replaced by rename, see catalog_store.h.)
  bool load_po(const std::string& dir, const std::string& domain, const std::string& locale,
               const std::string& path) {
    detail::file_snapshot snap = detail::read_snapshot(path, options.load.max_bytes);
    switch (snap.result) {
      case detail::file_snapshot::outcome::complete:
        return static_cast<bool>(
            detail::load_file_bytes(*store_impl, domain, locale, path, snap.bytes, options.load));
      case detail::file_snapshot::outcome::changing:
        mark(dir, domain, true);
        return false;
      case detail::file_snapshot::outcome::empty:
        return false;
      case detail::file_snapshot::outcome::unreadable:
        break;
    }
    return static_cast<bool>(store->load(domain, locale, path, options.load));  // reports why
  }

  // Whether the .po shadowed by `file` (the .mo of (dir, domain)) changed since last looked
  // at; false the first time, and when there is none.
  bool shadow_changed(const std::string& dir, const std::string& domain, const catalog_file& file) {
    const std::string po = detail::shadowed_po(file);
    if (po.empty()) {
      shadows_seen.erase({dir, domain});
      return false;
    }
    const file_signature sig = detail::signature_of(po);
    auto [it, inserted] = shadows_seen.try_emplace({dir, domain}, sig);
    if (inserted || it->second == sig) return false;
    it->second = sig;
    return true;
  }

  // Folders under ROOT in use now; watches follow, and the files of folders gone are deleted.
  void refresh_dirs() {
    std::map<std::string, std::string> now;
    std::vector<detail::duplicate_locale_dir> duplicates;
    for (auto& [name, locale] : detail::locale_dirs(root, duplicates)) now.emplace(name, locale);
    std::set<std::pair<std::string, std::string>> still;
    for (const detail::duplicate_locale_dir& d : duplicates) {
      still.insert({d.used, d.ignored});
      if (!duplicates_told.count({d.used, d.ignored}))
        tell_unread(event_kind::duplicate_locale_folder, {}, d.locale, root + "/" + d.used,
                    root + "/" + d.ignored);
    }
    duplicates_told = std::move(still);
    for (auto it = dirs.begin(); it != dirs.end();) {
      if (now.count(it->first)) {
        ++it;
        continue;
      }
      const std::string gone = it->first;
      for (const std::string& domain : domains_in(files, gone))
        act(gone, domain, catalog_file{{}, {ENOENT}}, false);
      drop_watch(messages_level, gone);
      drop_watch(locale_level, gone);
      it = dirs.erase(it);
    }
    for (auto& [name, locale] : now)
      if (dirs.emplace(name, locale).second) examine_dir(name, false);
  }

  // Every domain of one folder: watched again (a symlink may name another folder now), then
  // each file whose signature changed (or every file, when `force`) is loaded.
  void examine_dir(const std::string& dir, bool force) {
    if (!dirs.count(dir)) return;
    add_watch(locale_level, dir, root + "/" + dir);
    add_watch(messages_level, dir, detail::messages_dir(root, dir));
    std::map<std::string, catalog_file> found = detail::scan_messages_dir(root, dir);
    for (const std::string& domain : domains_in(files, dir))
      found.try_emplace(domain, catalog_file{{}, {ENOENT}});
    for (const auto& [domain, file] : found) {
      if (stopping.load()) return;
      seen[{dir, domain}] = file.signature;
      (void)shadow_changed(dir, domain, file);
      act(dir, domain, file, force);
    }
  }

  void examine_all() {
    add_watch(root_level, "", root);
    // ROOT went away before its watch was set: no event would ever come from it.
    if (mode.load() == watch_mode::inotify && !wd_of.count({root_level, std::string()})) return root_gone();
    refresh_dirs();
    for (const auto& [dir, locale] : std::map(dirs)) examine_dir(dir, false);
  }

  // Polling: what changed since the last round is marked, to be loaded once quiet.
  void poll_round() {
    if (awaiting_root && return_to_inotify()) return;
    refresh_dirs();
    for (const auto& [dir, locale] : dirs) {
      std::map<std::string, catalog_file> found = detail::scan_messages_dir(root, dir);
      for (const std::string& domain : domains_in(seen, dir))
        found.try_emplace(domain, catalog_file{{}, {ENOENT}});
      for (const auto& [domain, file] : found) {
        // An edited .po beside its .mo: handled as an event naming it (act tells it is unread).
        if (shadow_changed(dir, domain, file)) mark(dir, domain, true);
        auto [it, inserted] = seen.try_emplace({dir, domain}, file.signature);
        if (!inserted && it->second == file.signature) continue;
        it->second = file.signature;
        mark(dir, domain, false);
      }
    }
    for (auto it = seen.begin(); it != seen.end();)
      it = dirs.count(it->first.first) ? std::next(it) : seen.erase(it);
    for (auto it = shadows_seen.begin(); it != shadows_seen.end();)
      it = dirs.count(it->first.first) ? std::next(it) : shadows_seen.erase(it);
  }

  // Handles the pending keys that have been quiet for `debounce`.
  void handle_due() {
    const auto now = clock::now();
    std::vector<std::pair<std::pair<std::string, std::string>, bool>> due;
    for (auto it = pending.begin(); it != pending.end();) {
      if (now - it->second.last < options.debounce) {
        ++it;
        continue;
      }
      due.emplace_back(it->first, it->second.force);
      it = pending.erase(it);
    }
    for (const auto& [key, force] : due) {
      if (stopping.load()) return;
      const auto& [dir, domain] = key;
      if (dir.empty()) {
        examine_all();
      } else if (domain.empty()) {
        refresh_dirs();
        examine_dir(dir, false);
      } else if (dirs.count(dir)) {
        catalog_file file = detail::scan_domain(root, dir, domain);
        // Polling: changed since the round that marked it (the thread was held up, and the
        // file was not quiet after all): wait for quiet again.
        if (mode.load() == watch_mode::polling) {
          auto last_seen = seen.find(key);
          if (last_seen != seen.end() && !(last_seen->second == file.signature)) {
            last_seen->second = file.signature;
            mark(dir, domain, force);
            continue;
          }
        }
        act(dir, domain, file, force);
      }
    }
  }

  // How long to sleep: until the first pending key is due or the next polling round;
  // forever (-1) when idle with inotify.
  int timeout_ms() const {
    auto wake = clock::time_point::max();
    for (const auto& [key, c] : pending) wake = std::min(wake, c.last + options.debounce);
    if (mode.load() == watch_mode::polling) wake = std::min(wake, next_poll);
    if (wake == clock::time_point::max()) return -1;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(wake - clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, 60 * 60 * 1000));
  }

  // Sleeps until woken by stop(), an inotify event or the timeout.
  void wait(int timeout) {
    pollfd fds[3] = {{wake_fd, POLLIN, 0}};
    nfds_t count = 1;
    if (inotify_fd >= 0) fds[count++] = {inotify_fd, POLLIN, 0};
    if (parent_fd >= 0) fds[count++] = {parent_fd, POLLIN, 0};
    (void)::poll(fds, count, timeout);
  }

  void round() {
    wait(timeout_ms());
    if (stopping.load()) return;
    if (detail::watcher_hook hook = detail::installed_watcher_hook.load()) hook();
    if (mode.load() == watch_mode::inotify) drain_events();
    drain_parent_events();
    if (std::exchange(check_root, false)) (void)return_to_inotify();
    if (mode.load() == watch_mode::polling && clock::now() >= next_poll) {
      poll_round();
      next_poll = clock::now() + options.poll_interval;
    }
    handle_due();
  }

  // The thread: rounds until stopped; a failure is reported and the watcher starts over
  // from a full examination, after a pause (a failure that repeats must not spin).
  void run() noexcept {
    while (!stopping.load()) {
      try {
        round();
      } catch (const std::exception& e) {
        failed(std::string("watcher failure: ") + e.what());
      } catch (...) {
        failed("watcher failure: unknown exception");
      }
    }
  }

  void failed(const std::string& what) noexcept {
    try {
      report(watch_error(errc::internal, what + "; starting over", root));
      pending.clear();
      pending[{"", ""}] = change{clock::now(), false};
    } catch (...) {
      failures.fetch_add(1, std::memory_order_relaxed);
    }
    pollfd fd{wake_fd, POLLIN, 0};
    (void)::poll(&fd, 1, static_cast<int>(std::min<long long>(options.poll_interval.count(), 1000)));
  }

  void request_stop() noexcept {
    stopping.store(true);
    const std::uint64_t one = 1;
    (void)!::write(wake_fd, &one, sizeof one);
  }
};

catalog_watcher::catalog_watcher() noexcept = default;
catalog_watcher::catalog_watcher(std::shared_ptr<state> s) noexcept : state_(std::move(s)) {}
catalog_watcher::catalog_watcher(catalog_watcher&&) noexcept = default;
catalog_watcher& catalog_watcher::operator=(catalog_watcher&& other) noexcept {
  if (this != &other) {
    release();
    state_ = std::move(other.state_);
  }
  return *this;
}
catalog_watcher::~catalog_watcher() { release(); }

void catalog_watcher::stop() noexcept {
  if (!state_) return;
  state_->request_stop();
  // From the watcher's own thread (an observer of its load) the thread cannot wait for
  // itself: it ends after this round, and a later stop() or the destructor joins it.
  if (state_->worker.load() == std::this_thread::get_id()) return;
  std::lock_guard lock(state_->stop_mutex);
  if (state_->thread.joinable()) state_->thread.join();
}

void catalog_watcher::release() noexcept {
  if (!state_) return;
  stop();
  if (state_->worker.load() == std::this_thread::get_id()) {
    // Destroyed on its own thread: nobody is left to join it. The thread owns the state
    // too, so the state lives until the thread ends.
    std::unique_lock lock(state_->stop_mutex, std::try_to_lock);
    if (lock.owns_lock() && state_->thread.joinable()) state_->thread.detach();
  }
  state_.reset();
}

bool catalog_watcher::running() const noexcept { return state_ && !state_->stopping.load(); }

watch_mode catalog_watcher::mode() const noexcept {
  return state_ ? state_->mode.load() : watch_mode::polling;
}

std::uint64_t catalog_watcher::failures() const noexcept {
  return state_ ? state_->failures.load(std::memory_order_relaxed) : 0;
}

result<catalog_watcher> catalog_store::watch(const std::string& root) { return watch(root, watch_options{}); }

result<catalog_watcher> catalog_store::watch(const std::string& root, const watch_options& options) {
  if (options.debounce.count() < 0 || options.poll_interval.count() <= 0)
    return watch_error(errc::invalid_argument, "debounce must be >= 0 and poll_interval > 0");
  const file_signature root_sig = detail::signature_of(root);
  if (root_sig.error != 0) return io_error(root, "cannot watch", root_sig.error);
  if (!S_ISDIR(root_sig.mode)) return watch_error(errc::io, "cannot watch: not a folder", root);
  try {
    auto s = std::make_shared<catalog_watcher::state>();
    s->store = this;
    s->store_impl = impl_.get();
    s->root = root;
    // The root's parent and name, for a return to inotify after the root moved away.
    std::string trimmed = root;
    while (trimmed.size() > 1 && trimmed.back() == '/') trimmed.pop_back();
    const std::filesystem::path root_path(trimmed);
    const std::string name = root_path.filename().string();
    if (name != "." && name != ".." && name != "/" && !name.empty()) {
      s->root_name = name;
      s->root_parent = root_path.has_parent_path() ? root_path.parent_path().string() : std::string(".");
    }
    s->options = options;
    s->wake_fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (s->wake_fd < 0) return io_error({}, "eventfd", errno);
    s->mode.store(watch_mode::polling);
    if (!options.force_polling) {
      s->inotify_fd = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
      if (s->inotify_fd >= 0)
        s->mode.store(watch_mode::inotify);
      else
        s->report(io_error(root, "polling instead of inotify", errno));
    }
    // Watches are set before the files are read, so a change made meanwhile is not missed.
    s->examine_all();
    s->next_poll = clock::now() + options.poll_interval;
    std::lock_guard lock(s->stop_mutex);  // `thread` is set before a stop() can look at it
    s->thread = std::thread([s] {
      s->worker.store(std::this_thread::get_id());
      s->run();
    });
    return catalog_watcher(std::move(s));
  } catch (const std::exception& e) {
    return watch_error(errc::internal, std::string("cannot start the watcher: ") + e.what(), root);
  }
}

}  // namespace erli18n
