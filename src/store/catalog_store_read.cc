// The catalog store's read path: the published map's searches, the choice of a plural form,
// the lookups with their fallbacks and lookup events, and the store's own lookup members
// (dlgettext and its family). Nothing here takes a lock or allocates (DESIGN.md, "The read
// path").
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "epoch.h"
#include "erli18n/catalog_store.h"
#include "erli18n/locale_name.h"
#include "locale_chain.h"
#include "process_defaults.h"
#include "store_impl.h"

namespace erli18n {
namespace detail {

const catalog_slot* catalog_map::find_entry(const lookup_key& k) const noexcept {
  if (capacity == 0) return nullptr;
  const std::uint64_t mask = capacity - 1;
  for (std::uint64_t i = k.hash & mask;; i = (i + 1) & mask) {
    const slot& s = slots[i];
    const catalog_slot* key = s.key.load(std::memory_order_acquire);
    if (key == nullptr) return nullptr;
    if (s.hash == k.hash && key->locale == k.locale && key->domain == k.domain) return key;
  }
}

const catalog* catalog_map::find(const lookup_key& k) const noexcept {
  const catalog_slot* s = find_entry(k);
  return s ? s->current.load(std::memory_order_seq_cst) : nullptr;
}

bool catalog_map::insert(const catalog_slot* key, std::uint64_t hash) noexcept {
  if (2 * (keys + 1) > capacity) return false;
  const std::uint64_t mask = capacity - 1;
  std::uint64_t i = hash & mask;
  while (slots[i].key.load(std::memory_order_relaxed) != nullptr) i = (i + 1) & mask;
  slots[i].hash = hash;
  slots[i].key.store(key, std::memory_order_release);
  ++keys;
  return true;
}

const std::vector<std::string>* catalog_map::chain(std::string_view locale) const noexcept {
  auto it = std::lower_bound(chains.begin(), chains.end(), locale,
                             [](const auto& entry, std::string_view l) { return entry.first < l; });
  return it != chains.end() && it->first == locale ? &it->second : nullptr;
}

namespace {

std::optional<std::string_view> translate(const catalog* c, const std::string_view* context,
                                          std::string_view msgid, std::uint64_t hash, bool plural,
                                          unsigned long n) noexcept {
  if (c == nullptr) return std::nullopt;
  return c->translation(context, msgid, hash, plural, n);
}

}  // namespace
}  // namespace detail

using detail::catalog;
using detail::catalog_map;

// The rest of a lookup that missed: the fallback locales and the lookup events. It starts
// again (the catalogs may have changed since the first section ended).
[[gnu::noinline]] std::string_view catalog_store::impl::lookup_after_miss(
    const detail::lookup_key& key, const std::string_view* context, std::string_view msgid,
    const std::string_view* msgid_plural, unsigned long n, std::uint64_t hash,
    const detail::catalog_slot* slot, const detail::catalog_slot** found_slot) const noexcept {
  const bool plural = msgid_plural != nullptr;
  std::string_view answer = plural && n != 1 ? *msgid_plural : msgid;  // the miss rule
  // Set only when an observer wants lookup events: then the event is delivered after the
  // read section (an observer may look strings up itself), and `answered_by` keeps a copy
  // of the fallback locale that answered, which the map owns.
  const detail::observer_list* listeners = nullptr;
  char answered_by[max_locale_name + 1];
  std::size_t answered_by_size = 0;
  {
    detail::read_section section;
    const catalog_map* map = published.load(std::memory_order_seq_cst);
    if (map != nullptr) {
      const catalog* c = detail::own_catalog(*map, key, slot, found_slot);
      if (auto s = detail::translate(c, context, msgid, hash, plural, n)) return *s;
      listeners = map->lookup_observers.get();
      // Counted inside the section, so a writer that unpublishes the list and then
      // synchronizes sees the count and waits for the delivery to end.
      if (listeners) listeners->lookups_delivering.fetch_add(1, std::memory_order_seq_cst);
      if (map->fallback != locale_fallback::mode::off) {
        auto try_locale = [&](std::string_view locale) {
          std::optional<std::string_view> s = detail::translate(map->find(detail::key_of(key.domain, locale)),
                                                                context, msgid, hash, plural, n);
          if (s && listeners && locale.size() < sizeof answered_by) {
            std::memcpy(answered_by, locale.data(), locale.size());
            answered_by_size = locale.size();
          }
          return s;
        };
        std::optional<std::string_view> found;
        if (map->fallback == locale_fallback::mode::base_language) {
          detail::visit_parent_locales(
              key.locale, [&](std::string_view locale) { return (found = try_locale(locale)).has_value(); });
          std::string_view default_locale = detail::process_default_locale();
          if (!found && default_locale != key.locale) found = try_locale(default_locale);
        } else if (const std::vector<std::string>* chain = map->chain(key.locale)) {
          for (const std::string& locale : *chain)
            if ((found = try_locale(locale))) break;
        }
        if (found) {
          if (!listeners) return *found;
          answer = *found;
        }
      }
      if (!listeners) return answer;
    }
  }
  if (listeners) {
    store_event e;
    e.kind = answered_by_size != 0 ? event_kind::fallback_used : event_kind::lookup_miss;
    e.domain = key.domain;
    e.locale = key.locale;
    if (context) e.context = *context;
    e.msgid = msgid;
    e.fallback_locale = std::string_view(answered_by, answered_by_size);
    detail::deliver_lookup_event(this, *listeners, e, observer_failures);
    listeners->lookups_delivering.fetch_sub(1, std::memory_order_release);
  }
  return answer;
}

std::optional<detail::found_message> catalog_store::impl::find_message(
    const detail::lookup_key& key, const detail::catalog_slot* slot, const std::string_view* context,
    std::string_view msgid, bool plural, unsigned long n, std::uint64_t hash) const noexcept {
  detail::read_section section;
  const catalog* c = nullptr;
  if (slot) {
    c = slot->current.load(std::memory_order_seq_cst);
  } else if (const catalog_map* map = published.load(std::memory_order_seq_cst)) {
    if (const detail::catalog_slot* entry = map->find_entry(key))
      c = entry->current.load(std::memory_order_seq_cst);
  }
  if (c == nullptr) return std::nullopt;
  const std::optional<detail::catalog_entry> e = c->find(context, msgid, hash);
  if (!e) return std::nullopt;
  detail::found_message out;
  out.text = plural ? c->form(e->translation_view(), n) : e->first_form();
  out.msgid = e->msgid_view();
  if (e->context != nullptr) out.context = e->context_view();
  return out;
}

std::string_view catalog_store::impl::lookup_named(std::string_view domain, std::string_view locale,
                                                   const std::string_view* context, std::string_view msgid,
                                                   const std::string_view* msgid_plural,
                                                   unsigned long n) const noexcept {
  char canonical[max_locale_name + 1];
  std::size_t size = canonical_locale(locale, canonical, sizeof canonical);
  if (size != 0) locale = std::string_view(canonical, size);
  return lookup(detail::key_of(domain, locale), context, msgid, msgid_plural, n,
                detail::hash_key(context, msgid));
}

// From the published map, as a lookup reads it: a translator is bound per request, and must
// not wait for a load that holds the writer lock while it parses. A key published later (or
// unloaded now) gets no slot here; its translator's lookups then search the map, and answer
// the same.
const detail::catalog_slot* catalog_store::impl::find_slot(std::string_view domain,
                                                           std::string_view locale) const noexcept {
  detail::read_section section;
  const catalog_map* map = published.load(std::memory_order_seq_cst);
  if (map == nullptr) return nullptr;
  return map->find_entry(detail::key_of(domain, locale));
}

std::string_view catalog_store::dlgettext(std::string_view domain, std::string_view locale,
                                          std::string_view msgid) const noexcept {
  return impl_->lookup_named(domain, locale, nullptr, msgid, nullptr, 0);
}
std::string_view catalog_store::dlngettext(std::string_view domain, std::string_view locale,
                                           std::string_view msgid, std::string_view msgid_plural,
                                           unsigned long n) const noexcept {
  return impl_->lookup_named(domain, locale, nullptr, msgid, &msgid_plural, n);
}
std::string_view catalog_store::dlpgettext(std::string_view domain, std::string_view locale,
                                           std::string_view context, std::string_view msgid) const noexcept {
  return impl_->lookup_named(domain, locale, &context, msgid, nullptr, 0);
}
std::string_view catalog_store::dlnpgettext(std::string_view domain, std::string_view locale,
                                            std::string_view context, std::string_view msgid,
                                            std::string_view msgid_plural, unsigned long n) const noexcept {
  return impl_->lookup_named(domain, locale, &context, msgid, &msgid_plural, n);
}

}  // namespace erli18n
