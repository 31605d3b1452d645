/// \file
/// erli18n/events.h — what a catalog store reports to observers.
///
/// A program registers observers on a store (`catalog_store::add_observer`) to log, count or
/// alert on what the store does: catalogs loaded, reloaded, unloaded or refused, fuzzy
/// entries left out, a catalog whose plural rule disagrees with CLDR's, retained memory
/// passing a threshold, files a watcher leaves unread (a `.po` beside its `.mo`, a second
/// folder of one locale), and — opt-in, sampled — lookups that miss or fall back to another
/// locale. Ready-made observers (a stderr logger, Prometheus counters) are in observers.h.
///
/// \code
/// store.add_observer([](const erli18n::store_event& e) {
///   if (e.kind == erli18n::event_kind::load_failure) alert(e.failure->to_string());
/// });
/// \endcode
///
/// How observers are called:
///  - Events of writes (load, reload, unload, fuzzy skipped, plural divergence, memory
///    warning) are delivered on the writing thread, in order, while the store's writer lock is
///    held: a slow observer delays other writes, never lookups.
///  - Lookup events (`lookup_miss`, `fallback_used`) are delivered on the looking-up thread,
///    only to observers that asked for them, and only for one lookup in `sample_every`. With
///    no such observer, a lookup does not even count.
///  - An exception thrown by an observer is caught and counted (`observer_failures()`); the
///    operation that raised the event completes as if the observer had returned.
///  - An observer must not load, reload, unload or change observers or the fallback of the
///    store that called it, or of a store whose observer it runs within on the same thread
///    (those calls return `errc::invalid_argument` when made from inside an observer);
///    lookups are fine.
///  - Lookups made while the thread runs an observer raise no lookup events, in any store:
///    an observer that looks up a missing message is not called again from its own lookup.
///  - Once `remove_observer` returns, the observer is not running and will not be called
///    again, so it may be destroyed.
///
/// The views in a `store_event` are valid only during the call: copy what you keep.
#ifndef ERLI18N_EVENTS_H
#define ERLI18N_EVENTS_H

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

#include "erli18n/result.h"

namespace erli18n {

/// What happened; says which fields of a `store_event` are set.
enum class event_kind : unsigned char {
  load_start,         ///< a load or reload begins: domain, locale, source
  load_stop,          ///< a load succeeded: duration, messages, bytes
  load_failure,       ///< a load or reload failed (nothing changed): duration, failure
  reload,             ///< a `reload` succeeded (instead of load_stop): duration, messages, bytes
  unload,             ///< a catalog was removed: domain, locale, source
  fuzzy_skipped,      ///< a `.po` load left out `count` fuzzy entries (include_fuzzy is off)
  plural_divergence,  ///< the catalog's Plural-Forms behaves unlike CLDR's rule for its locale
  memory_warning,     ///< retained text and mappings passed the threshold: bytes
  lookup_miss,        ///< opt-in: no catalog had a translation (after any fallback)
  fallback_used,      ///< opt-in: the translation came from `fallback_locale`
  /// A watcher found `DOMAIN.po` beside the `DOMAIN.mo` of one catalog: the `.mo` is loaded
  /// (`source`), the `.po` (`ignored`) is not, and edits to it change nothing.
  catalog_shadowed,
  /// A watcher found two folders naming one locale (`pt-br/` and `pt_BR.UTF-8/`): the first
  /// name in byte order is used (`source`), the other (`ignored`) is not read.
  duplicate_locale_folder,
};

/// The event's name as a lower-case identifier (`load_start`, ...).
std::string_view to_string(event_kind kind) noexcept;

/// One event. Fields not listed for a kind are empty or zero.
struct store_event {
  event_kind kind = event_kind::load_start;  ///< what happened
  std::string_view domain;                   ///< the catalog's text domain (every kind)
  /// The catalog's locale: canonical; as the caller spelled it when it did not canonicalize.
  std::string_view locale;
  /// The path, or the name given to `load_buffer` (load events).
  std::string_view source;
  std::chrono::nanoseconds duration{0};  ///< load_stop, reload, load_failure
  std::size_t messages = 0;              ///< load_stop, reload: messages in the catalog
  /// load_stop, reload: bytes read; memory_warning: bytes retained.
  std::size_t bytes = 0;
  std::size_t count = 0;             ///< fuzzy_skipped: entries left out
  const error* failure = nullptr;    ///< load_failure: what went wrong
  std::string_view context;          ///< lookup_miss, fallback_used: the msgctxt, if any
  std::string_view msgid;            ///< lookup_miss, fallback_used
  std::string_view fallback_locale;  ///< fallback_used: the locale whose catalog answered
  /// catalog_shadowed: the `.po` left unread; duplicate_locale_folder: the folder left
  /// unread (`source` is then the folder used, both as paths under the watched root).
  std::string_view ignored;
  /// plural_divergence: both rules as `nplurals=N; plural=EXPR;` text. When some n gets
  /// different forms (`forms_differ`), the smallest such n and the form each rule picks
  /// there (form i of one taken to mean form i of the other); otherwise only the numbers of
  /// forms differ. See compare_plural_rules in plural.h.
  std::string_view catalog_rule;
  std::string_view cldr_rule;      ///< plural_divergence: CLDR's rule for the locale
  bool forms_differ = false;       ///< plural_divergence: some n gets different forms
  unsigned long n = 0;             ///< plural_divergence: the smallest such n
  unsigned long catalog_form = 0;  ///< plural_divergence: the catalog rule's form for n
  unsigned long cldr_form = 0;     ///< plural_divergence: the form CLDR's rule picks for n
};

/// A function called with each event it receives (see the file description for when, on
/// which thread, and what it may do). May throw: the store catches and counts it.
using observer = std::function<void(const store_event&)>;

/// Identifies a registered observer; never 0.
using observer_id = std::uint64_t;

/// What an observer receives beyond the events of writes.
struct observer_options {
  bool lookup_events = false;      ///< also receive lookup_miss and fallback_used
  std::uint32_t sample_every = 1;  ///< of the lookup events, deliver one in this many (>= 1)
};

}  // namespace erli18n

#endif  // ERLI18N_EVENTS_H
