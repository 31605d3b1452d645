// The catalog store's loads: load, ensure_loaded, load_buffer, load_static, reload, unload
// and load_many, each one write transaction (store_write.h) under the writer lock, and the
// events of a load (load_report: start, stop or failure, fuzzy entries skipped, a plural
// rule that differs from CLDR's, the memory warning).
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/cldr_plurals.h"
#include "store_impl.h"
#include "store_write.h"

namespace erli18n {

using detail::called_from_observer;
using detail::catalog;
using detail::checked_load;
using detail::checked_locale;
using detail::guarded;
using detail::not_loaded;
using detail::store_impl;
using detail::store_write;

namespace {

// The events of one load or reload, raised under the writer lock: load_start when reading
// begins, then load_stop (or reload) with what was published, or load_failure.
class load_report {
 public:
  load_report(store_impl& s, std::string_view domain, std::string_view locale) noexcept
      : s_(s), domain_(domain), locale_(locale) {}

  // Copies `source`: the failure event may come after the caller's string is gone (reload
  // reads the path from the catalog it replaces).
  void begin(std::string_view source) {
    source_.assign(source);
    reading_ = true;
    start_ = std::chrono::steady_clock::now();
    raise(event(event_kind::load_start));
  }

  // After `w` published its catalog: the outcome, and the events of a success.
  load_outcome published(const store_write& w, event_kind kind) noexcept {
    const load_outcome outcome{w.messages(), false};
    store_event e = event(kind);
    e.duration = elapsed();
    e.messages = outcome.messages;
    e.bytes = w.bytes_read();
    raise(e);
    if (w.fuzzy_skipped() != 0) {
      store_event f = event(event_kind::fuzzy_skipped);
      f.count = w.fuzzy_skipped();
      raise(f);
    }
    check_plural_rule(w.published_catalog());
    check_memory();
    return outcome;
  }

  void failed(const error& failure) noexcept {
    store_event e = event(event_kind::load_failure);
    e.duration = elapsed();
    e.failure = &failure;
    raise(e);
  }

 private:
  store_event event(event_kind kind) const noexcept {
    store_event e;
    e.kind = kind;
    e.domain = domain_;
    e.locale = locale_;
    e.source = source_;
    return e;
  }

  std::chrono::nanoseconds elapsed() const noexcept {
    if (!reading_) return std::chrono::nanoseconds(0);  // failed before reading
    return std::chrono::steady_clock::now() - start_;
  }

  void raise(const store_event& e) const noexcept {
    detail::deliver(&s_, s_.observers.get(), e, s_.observer_failures);
  }

  // A plural-divergence event when the catalog's Plural-Forms picks other forms than CLDR's
  // rule for its locale. Only with observers (the comparison costs up to a few ms), only for
  // a header that declares a rule, and never a change: the header's rule is the one used.
  void check_plural_rule(const catalog& c) const noexcept {
    if (!s_.observers || !c.plural_declared) return;
    try {
      const std::optional<cldr_divergence> d = compare_with_cldr(c.plural(), c.locale);
      if (!d) return;
      const std::string catalog_rule =
          "nplurals=" + std::to_string(c.plural().nplurals()) + "; plural=" + c.plural().expression() + ";";
      store_event e = event(event_kind::plural_divergence);
      e.catalog_rule = catalog_rule;
      e.cldr_rule = d->cldr->plural_forms;
      e.n = d->comparison.n;
      e.catalog_form = d->comparison.form_a;
      e.cldr_form = d->comparison.form_b;
      e.forms_differ = d->comparison.forms_differ;
      raise(e);
    } catch (...) {
      // Out of memory: the check is skipped; the load it follows has already succeeded.
    }
  }

  // A memory warning when retained text and mappings passed the threshold, at most once
  // per interval.
  void check_memory() noexcept {
    const std::size_t retained = s_.text_bytes + s_.mapped_bytes;
    if (s_.memory_warning_bytes == 0 || retained < s_.memory_warning_bytes || !s_.observers) return;
    const auto now = std::chrono::steady_clock::now();
    auto& last = s_.last_memory_warning;  // writer lock held
    if (last && now - *last < s_.memory_warning_interval) return;
    last = now;
    store_event e = event(event_kind::memory_warning);
    e.bytes = retained;
    raise(e);
  }

  store_impl& s_;
  std::string_view domain_;
  std::string_view locale_;
  std::string source_;
  bool reading_ = false;
  std::chrono::steady_clock::time_point start_;
};

// Runs a load or reload of (domain, locale): `f(canonical_locale, report)` under the
// writer lock. Every failure, the arguments' included, raises load_failure.
template <class F>
result<load_outcome> loading(store_impl& s, std::string_view domain, std::string_view locale,
                             const load_options* options, F&& f) {
  if (detail::inside_observer_of(&s)) return called_from_observer();
  return guarded([&]() -> result<load_outcome> {
    result<std::string> canonical = options ? checked_load(domain, locale, *options) : checked_locale(locale);
    std::lock_guard lock(s.writer);
    load_report report(s, domain, canonical ? std::string_view(*canonical) : locale);
    result<load_outcome> r = canonical ? guarded([&] { return f(*canonical, report); })
                                       : result<load_outcome>(std::move(canonical).error());
    if (!r) report.failed(r.error());
    return r;
  });
}

result<load_outcome> load_file(store_impl& s, std::string_view domain, std::string_view locale,
                               const std::string& path, const load_options& options, bool only_if_absent) {
  if (detail::inside_observer_of(&s)) return called_from_observer();
  // Opened, and a pipe read whole, before the writer lock is taken: a pipe's writer keeps
  // its own pace, and no other write may wait for it. A failure is the load's, reported
  // under the lock (unless the arguments are wrong: that error comes first).
  result<detail::opened_catalog> file = guarded([&]() -> result<detail::opened_catalog> {
    if (!checked_load(domain, locale, options)) return detail::make_error(errc::invalid_argument, "");
    return detail::open_catalog(path, options.max_bytes, true);
  });
  return loading(s, domain, locale, &options,
                 [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
                   store_write w(s, std::string(domain), canonical);
                   if (only_if_absent)
                     if (const catalog* c = w.previous()) return load_outcome{c->size(), true};
                   report.begin(path);
                   if (!file) return file.error();
                   if (result<void> r = w.read_file(*file, path, options); !r) return r.error();
                   if (result<void> r = w.publish(path, true, options, file->stream); !r) return r.error();
                   return report.published(w, event_kind::load_stop);
                 });
}

}  // namespace

result<load_outcome> detail::load_file_bytes(store_impl& s, std::string_view domain, std::string_view locale,
                                             const std::string& path, std::string_view bytes,
                                             const load_options& options) {
  return loading(s, domain, locale, &options,
                 [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
                   store_write w(s, std::string(domain), canonical);
                   report.begin(path);
                   if (result<void> r = w.read_buffer(bytes, path, options); !r) return r.error();
                   if (result<void> r = w.publish(path, true, options); !r) return r.error();
                   return report.published(w, event_kind::load_stop);
                 });
}

result<load_outcome> catalog_store::ensure_loaded(std::string_view domain, std::string_view locale,
                                                  const std::string& path, const load_options& options) {
  return load_file(*impl_, domain, locale, path, options, true);
}

result<load_outcome> catalog_store::load(std::string_view domain, std::string_view locale,
                                         const std::string& path, const load_options& options) {
  return load_file(*impl_, domain, locale, path, options, false);
}

result<load_outcome> catalog_store::load_buffer(std::string_view domain, std::string_view locale,
                                                std::string_view bytes, std::string_view name,
                                                const load_options& options) {
  return loading(*impl_, domain, locale, &options,
                 [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
                   store_write w(*impl_, std::string(domain), canonical);
                   report.begin(name);
                   if (result<void> r = w.read_buffer(bytes, name, options); !r) return r.error();
                   if (result<void> r = w.publish(std::string(name), false, options); !r) return r.error();
                   return report.published(w, event_kind::load_stop);
                 });
}

result<load_outcome> catalog_store::load_static(std::string_view domain, std::string_view locale,
                                                std::string_view mo_bytes, std::string_view name,
                                                const load_options& options) {
  return loading(*impl_, domain, locale, &options,
                 [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
                   store_write w(*impl_, std::string(domain), canonical);
                   report.begin(name);
                   if (result<void> r = w.read_buffer(mo_bytes, name, options, true); !r) return r.error();
                   if (result<void> r = w.publish(std::string(name), false, options); !r) return r.error();
                   return report.published(w, event_kind::load_stop);
                 });
}

result<load_outcome> catalog_store::reload(std::string_view domain, std::string_view locale) {
  return loading(
      *impl_, domain, locale, nullptr,
      [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
        store_write w(*impl_, std::string(domain), canonical);
        const catalog* c = w.previous();
        if (c == nullptr) return not_loaded(domain, locale);
        if (c->from_pipe)
          return detail::make_error(errc::invalid_argument,
                                    "catalog '" + c->source + "' was read from a pipe; load it again");
        if (!c->from_file)
          return detail::make_error(
              errc::invalid_argument,
              "catalog '" + c->source + "' was loaded from memory; load it again with load_buffer");
        const std::string path = c->source;
        const load_options options = c->options;
        report.begin(path);
        // Under the writer lock: a path that became a pipe is refused, not waited for.
        result<detail::opened_catalog> file = detail::open_catalog(path, options.max_bytes, false);
        if (!file) return file.error();
        if (result<void> r = w.read_file(*file, path, options); !r) return r.error();
        if (result<void> r = w.publish(path, true, options); !r) return r.error();
        return report.published(w, event_kind::reload);
      });
}

result<void> catalog_store::unload(std::string_view domain, std::string_view locale) {
  if (detail::inside_observer_of(impl_.get())) return called_from_observer();
  return guarded([&]() -> result<void> {
    result<std::string> canonical = checked_locale(locale);
    if (!canonical) return std::move(canonical).error();
    std::lock_guard lock(impl_->writer);
    store_write w(*impl_, std::string(domain), *canonical);
    const catalog* c = w.previous();
    if (c == nullptr) return not_loaded(domain, locale);
    const std::string source = c->source;
    if (result<void> r = w.remove(); !r) return r;
    store_event e;
    e.kind = event_kind::unload;
    e.domain = domain;
    e.locale = *canonical;
    e.source = source;
    detail::deliver(impl_.get(), impl_->observers.get(), e, impl_->observer_failures);
    return {};
  });
}

void detail::raise_event(store_impl& s, const store_event& event) noexcept {
  // An observer running on this thread holds the writer: taking it again would deadlock.
  if (detail::inside_observer_of(&s)) return;
  std::lock_guard lock(s.writer);
  if (s.observers) detail::deliver(&s, s.observers.get(), event, s.observer_failures);
}

void detail::raise_unread(store_impl& s, event_kind kind, std::string_view domain, std::string_view locale,
                          std::string_view used, std::string_view ignored) noexcept {
  store_event e;
  e.kind = kind;
  e.domain = domain;
  e.locale = locale;
  e.source = used;
  e.ignored = ignored;
  raise_event(s, e);
}

std::vector<result<load_outcome>> catalog_store::load_many(const std::vector<load_request>& requests) {
  std::vector<result<load_outcome>> results;
  results.reserve(requests.size());
  for (const load_request& r : requests)
    results.push_back(ensure_loaded(r.domain, r.locale, r.path, r.options));
  return results;
}

}  // namespace erli18n
