// The store's observers (see erli18n/events.h): who is registered, and delivering an event
// to them so that nothing an observer does can break the operation that raised it.
#ifndef ERLI18N_SRC_STORE_EVENTS_H
#define ERLI18N_SRC_STORE_EVENTS_H

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "erli18n/events.h"

namespace erli18n::detail {

struct observer_entry {
  observer_id id = 0;
  observer fn;
  observer_options options;
  mutable std::atomic<std::uint64_t> lookup_events_seen{0};  // for sampling
};

// One immutable set of observers. The store's writer replaces the whole list on every
// change; the published map points to the current one for lookups.
struct observer_list {
  std::vector<std::shared_ptr<observer_entry>> entries;
  bool wants_lookup_events = false;  // some entry has options.lookup_events
  // Lookups delivering an event from this list right now, outside their read section. A
  // writer that unpublished this list waits for 0 before it lets the list go.
  mutable std::atomic<std::uint64_t> lookups_delivering{0};
};

// Calls `fn(event)`, catching anything it throws; while it runs, the thread is marked as
// inside an observer of `store` (see inside_observer_of). Returns false if it threw.
bool call_observer(const void* store, const observer& fn, const store_event& event) noexcept;

// Delivers a write event to every entry of `list` (may be null); counts exceptions.
void deliver(const void* store, const observer_list* list, const store_event& event,
             std::atomic<std::uint64_t>& failures) noexcept;

// Delivers a lookup event to the entries that asked for lookup events, one in their
// `sample_every`; nothing when the thread is running an observer (of any store).
void deliver_lookup_event(const void* store, const observer_list& list, const store_event& event,
                          std::atomic<std::uint64_t>& failures) noexcept;

// True while the calling thread runs an observer called by `store`, at any depth of nesting.
bool inside_observer_of(const void* store) noexcept;

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_STORE_EVENTS_H
