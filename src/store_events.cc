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
  }
  return "unknown";
}

namespace detail {
namespace {

// The store whose observer the thread is running, if any (innermost).
thread_local const void* t_observing_store = nullptr;

}  // namespace

bool call_observer(const void* store, const observer& fn, const store_event& event) noexcept {
  const void* outer = t_observing_store;
  t_observing_store = store;
  bool ok = true;
  try {
    fn(event);
  } catch (...) {
    ok = false;
  }
  t_observing_store = outer;
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
  for (const auto& entry : list.entries) {
    if (!entry->options.lookup_events) continue;
    const std::uint64_t seen = entry->lookup_events_seen.fetch_add(1, std::memory_order_relaxed);
    if (seen % entry->options.sample_every != 0) continue;
    if (!call_observer(store, entry->fn, event)) failures.fetch_add(1, std::memory_order_relaxed);
  }
}

bool inside_observer_of(const void* store) noexcept { return t_observing_store == store; }

}  // namespace detail
}  // namespace erli18n
