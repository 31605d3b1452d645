// Test hooks of the watcher (watcher.cc): a failure inside the watcher's thread, and an
// inotify watch limit reached, both hard to cause from outside on demand.
#ifndef ERLI18N_SRC_WATCH_INTERNAL_H
#define ERLI18N_SRC_WATCH_INTERNAL_H

#include <cstddef>

namespace erli18n::detail {

// Called on the watcher's thread at the start of each round of work (after it woke up);
// it may throw. nullptr removes it. Returns the previous hook.
using watcher_hook = void (*)();
watcher_hook set_watcher_hook(watcher_hook hook) noexcept;

// Watchers behave as if the kernel refused inotify watches beyond `count` per watcher
// (ENOSPC, the limit of /proc/sys/fs/inotify/max_user_watches); 0 restores the real limit.
void set_inotify_watch_limit(std::size_t count) noexcept;

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_WATCH_INTERNAL_H
