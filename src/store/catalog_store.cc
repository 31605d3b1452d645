// The catalog store's public glue: construction and the default store, the writes that
// publish the same catalogs again with another fallback rule or other observers, the memory
// warning, and the inspection calls (memory, catalogs, locales, keys). The read path is in
// catalog_store_read.cc, the loads in catalog_store_load.cc, the write transaction in
// store_write.cc.
#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "erli18n/catalog_store.h"
#include "store_impl.h"
#include "store_write.h"

namespace erli18n {

using detail::called_from_observer;
using detail::catalog;
using detail::catalog_map;
using detail::checked_locale;
using detail::guarded;
using detail::not_loaded;
using detail::store_impl;
using detail::store_write;

// No reader may use a store being destroyed; its catalogs and text die with it (`current`
// owns what `published` points to).
catalog_store::impl::~impl() = default;

catalog_store::catalog_store() : impl_(std::make_unique<impl>()) {}
catalog_store::~catalog_store() = default;

catalog_store& catalog_store::default_store() noexcept {
  // Never destroyed: its text must outlive every thread that may still hold a view.
  static catalog_store* store = new catalog_store();
  return *store;
}

namespace {

// A write that changes no catalog's content but what the store publishes with them (the
// fallback rule, the observers): `change()` updates the store's state and returns a
// function that undoes it, then the same catalogs are published again. An empty function
// means nothing changed: nothing is published.
template <class Change>
result<void> republish(store_impl& s, Change&& change) {
  if (detail::inside_observer_of(&s)) return called_from_observer();
  return guarded([&]() -> result<void> {
    std::lock_guard lock(s.writer);
    const std::function<void()> undo = change();
    if (!undo) return {};
    // A write of no catalog's key (the empty domain): the same catalogs, published again.
    store_write w(s, std::string(), std::string());
    try {
      return w.remove();
    } catch (...) {
      undo();
      throw;
    }
  });
}

}  // namespace

result<void> catalog_store::set_fallback(const locale_fallback& fallback) {
  locale_fallback canonical;
  result<void> checked = guarded([&]() -> result<void> {
    canonical.kind = fallback.kind;
    for (const auto& [locale, chain] : fallback.chains) {
      result<std::string> from = checked_locale(locale);
      if (!from) return std::move(from).error();
      std::vector<std::string>& to = canonical.chains[*from];
      for (const std::string& l : chain) {
        result<std::string> c = checked_locale(l);
        if (!c) return std::move(c).error();
        to.push_back(std::move(*c));
      }
    }
    return {};
  });
  if (!checked) return checked;
  return republish(*impl_, [&] {
    return [this, previous = std::make_shared<locale_fallback>(std::exchange(
                      impl_->fallback, std::move(canonical)))] { impl_->fallback = std::move(*previous); };
  });
}

result<observer_id> catalog_store::add_observer(observer fn, const observer_options& options) {
  if (!fn) return detail::make_error(errc::invalid_argument, "empty observer");
  if (options.sample_every == 0)
    return detail::make_error(errc::invalid_argument, "sample_every must be at least 1");
  observer_id id = 0;
  result<void> r = republish(*impl_, [&] {
    auto entry = std::make_shared<detail::observer_entry>();
    entry->id = id = impl_->next_observer_id;
    entry->fn = std::move(fn);
    entry->options = options;
    auto list = std::make_shared<detail::observer_list>();
    if (impl_->observers) list->entries = impl_->observers->entries;
    list->entries.push_back(std::move(entry));
    list->wants_lookup_events =
        (impl_->observers && impl_->observers->wants_lookup_events) || options.lookup_events;
    auto previous = std::exchange(impl_->observers, std::move(list));
    ++impl_->next_observer_id;
    return [this, previous] {
      impl_->observers = previous;
      --impl_->next_observer_id;
    };
  });
  if (!r) return r.error();
  return id;
}

result<void> catalog_store::remove_observer(observer_id id) {
  bool found = false;
  result<void> r = republish(*impl_, [&]() -> std::function<void()> {
    auto list = std::make_shared<detail::observer_list>();
    if (impl_->observers)
      for (const auto& entry : impl_->observers->entries) {
        if (entry->id == id) {
          found = true;
          continue;
        }
        list->entries.push_back(entry);
        list->wants_lookup_events = list->wants_lookup_events || entry->options.lookup_events;
      }
    if (!found) return {};
    auto previous = std::exchange(impl_->observers, list->entries.empty() ? nullptr : std::move(list));
    return [this, previous] { impl_->observers = previous; };
  });
  if (!r) return r;
  if (!found) return detail::make_error(errc::not_found, "no observer with id " + std::to_string(id));
  return {};
}

std::uint64_t catalog_store::observer_failures() const noexcept {
  return impl_->observer_failures.load(std::memory_order_relaxed);
}

result<void> catalog_store::set_memory_warning(std::size_t bytes, std::chrono::milliseconds min_interval) {
  if (min_interval.count() < 0) return detail::make_error(errc::invalid_argument, "negative min_interval");
  if (detail::inside_observer_of(impl_.get())) return called_from_observer();
  std::lock_guard lock(impl_->writer);
  impl_->memory_warning_bytes = bytes;
  impl_->memory_warning_interval = min_interval;
  impl_->last_memory_warning.reset();
  return {};
}

void catalog_store::build_indexes() {
  std::lock_guard lock(impl_->writer);
  for (const auto& [key, c] : impl_->catalogs) c->finish_index();
}

store_memory catalog_store::memory() const {
  std::lock_guard lock(impl_->writer);
  store_memory m;
  m.text_bytes = impl_->text_bytes;
  m.mapped_bytes = impl_->mapped_bytes;
  for (const auto& [key, c] : impl_->catalogs) m.index_bytes += c->index_bytes();
  if (impl_->current)
    m.index_bytes += sizeof(catalog_map) + impl_->current->capacity * sizeof(catalog_map::slot);
  return m;
}

std::vector<catalog_info> catalog_store::catalogs() const {
  std::lock_guard lock(impl_->writer);
  std::vector<catalog_info> out;
  for (const auto& [key, c] : impl_->catalogs)
    out.push_back({c->domain, c->locale, c->source, c->from_mo, c->size()});
  return out;
}

std::vector<std::string> catalog_store::locales() const {
  std::lock_guard lock(impl_->writer);
  std::vector<std::string> out;
  for (const auto& [key, c] : impl_->catalogs) out.push_back(key.second);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

result<std::vector<catalog_key>> catalog_store::keys(std::string_view domain, std::string_view locale) const {
  result<std::string> canonical = checked_locale(locale);
  if (!canonical) return std::move(canonical).error();
  std::lock_guard lock(impl_->writer);
  auto it = impl_->catalogs.find(std::pair<std::string, std::string>(domain, *canonical));
  if (it == impl_->catalogs.end()) return not_loaded(domain, locale);
  std::vector<catalog_key> out;
  out.reserve(it->second->size());
  it->second->for_each_entry([&out](const detail::catalog_entry& e) {
    out.push_back({e.context != nullptr, std::string(e.context_view()), std::string(e.msgid_view())});
  });
  return out;
}

}  // namespace erli18n
