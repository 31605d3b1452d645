/// \file
/// Two ready-made observers of a catalog store (see events.h).
///
/// \code
/// // Every event as one line on stderr:
/// store.add_observer(erli18n::stderr_logger());
///
/// // Counters a metrics endpoint can serve as Prometheus text:
/// static erli18n::prometheus_counters counters;  // must outlive its registration
/// store.add_observer(counters.as_observer(), {.lookup_events = true, .sample_every = 100});
/// ...
/// respond(counters.text());  // "# TYPE erli18n_events_total counter\n..."
/// \endcode
#ifndef ERLI18N_OBSERVERS_H
#define ERLI18N_OBSERVERS_H

#include <array>
#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <string>

#include "erli18n/events.h"

namespace erli18n {

/// One line per event on standard error, as `stream_logger(std::cerr)` writes them (through
/// C's `stderr`, which std::cerr writes to by default).
observer stderr_logger();
/// One line per event on `out`, written whole and flushed even when events come from several
/// threads (all stream loggers share one lock), e.g.
/// `erli18n: load_stop domain=app locale=fr source=fr.po messages=12 bytes=345 ms=0.21`.
/// `out` must outlive the observer.
observer stream_logger(std::ostream& out);

/// One line describing `e`, as the loggers above write it (without the newline).
std::string describe(const store_event& e);

/// Counts events, lock-free, and prints them in the Prometheus text exposition format:
///
///  - `erli18n_events_total{kind="..."}`: every event, by kind (counter);
///  - `erli18n_load_seconds_total`: time spent in successful loads and reloads;
///  - `erli18n_fuzzy_entries_skipped_total`: fuzzy entries left out by loads;
///  - `erli18n_retained_bytes`: bytes retained at the last memory warning (gauge).
///
/// Lookup events are counted as delivered, i.e. after sampling.
class prometheus_counters {
 public:
  /// An observer that counts into this object, which must outlive its registration.
  observer as_observer();
  /// Counts `e` (what the observer calls); relaxed atomic adds, safe from any thread.
  void count(const store_event& e) noexcept;
  /// How many events of `kind` were counted so far.
  std::uint64_t events(event_kind kind) const noexcept;
  /// The exposition text; values are read one by one (each is exact, the set is not a
  /// snapshot taken at one instant).
  std::string text() const;

 private:
  static constexpr std::size_t kinds = static_cast<std::size_t>(event_kind::duplicate_locale_folder) + 1;
  std::array<std::atomic<std::uint64_t>, kinds> events_{};
  std::atomic<std::uint64_t> load_nanoseconds_{0};
  std::atomic<std::uint64_t> fuzzy_skipped_{0};
  std::atomic<std::uint64_t> retained_bytes_{0};
};

}  // namespace erli18n

#endif  // ERLI18N_OBSERVERS_H
