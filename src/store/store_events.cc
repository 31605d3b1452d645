#include "store_events.h"

namespace erli18n {

std::string_view to_string(event_kind kind) noexcept {
  switch (kind) {
    case event_kind::load_start:
      return "load_start";
    case event_kind::load_stop:
      return "load_stop";
    case event_kind::load_failure:
      return "load_failure";
    case event_kind::reload:
      return "reload";
    case event_kind::unload:
      return "unload";
    case event_kind::fuzzy_skipped:
      return "fuzzy_skipped";
    case event_kind::plural_divergence:
      return "plural_divergence";
    case event_kind::memory_warning:
      return "memory_warning";
    case event_kind::lookup_miss:
      return "lookup_miss";
    case event_kind::fallback_used:
      return "fallback_used";
    case event_kind::catalog_shadowed:
      return "catalog_shadowed";
    case event_kind::duplicate_locale_folder:
      return "duplicate_locale_folder";
  }
  return "unknown";
}

namespace detail {
namespace {

// The observers the thread is running, innermost first: an observer may call into another
// store whose observers then run nested in it. Each frame lives on call_observer's stack.
struct observer_frame {
  const void* store;
  const observer_frame* outer;
};

// A plain pointer with a constant initializer: no guard and no constructor to run on first
// use. Lookups read it only when they have an event to deliver (someone listens).
thread_local const observer_frame* t_innermost = nullptr;

}  // namespace

bool call_observer(const void* store, const observer& fn, const store_event& event) noexcept {
  const observer_frame frame{store, t_innermost};
  t_innermost = &frame;
  bool ok = true;
  try {
    fn(event);
  } catch (...) {
    ok = false;
  }
  t_innermost = frame.outer;
  return ok;
}

void deliver(const void* store, const observer_list* list, const store_event& event,
             std::atomic<std::uint64_t>& failures) noexcept {
  if (list == nullptr) return;
  for (const auto& entry : list->entries)
    if (!call_observer(store, entry->fn, event)) failures.fetch_add(1, std::memory_order_relaxed);
}

void deliver_lookup_event(const void* store, const observer_list& list, const store_event& event,
                          std::atomic<std::uint64_t>& failures) noexcept {
  // A lookup made by an observer (of this store or any other, through the C++ API or the C
  // ABI's, on this thread) raises nothing: else an observer that looks up a missing message
  // is called again from its own lookup, without end, and observers of two stores looking up
  // in each other call each other. Such lookups are not counted for sampling either.
  if (t_innermost != nullptr) return;
  for (const auto& entry : list.entries) {
    if (!entry->options.lookup_events) continue;
    const std::uint64_t seen = entry->lookup_events_seen.fetch_add(1, std::memory_order_relaxed);
    if (seen % entry->options.sample_every != 0) continue;
    if (!call_observer(store, entry->fn, event)) failures.fetch_add(1, std::memory_order_relaxed);
  }
}

// Any enclosing observer counts, not only the innermost: a store's observer that calls into
// another store, whose observer then writes to the first store, would lock the first store's
// writer a second time on this thread (its write is still delivering events).
bool inside_observer_of(const void* store) noexcept {
  for (const observer_frame* f = t_innermost; f != nullptr; f = f->outer)
    if (f->store == store) return true;
  return false;
}

}  // namespace detail
}  // namespace erli18n
