// The inside of `catalog_store`, shared by the store (writes) and the lookup functions of
// gettext.h (reads). See epoch.h for how readers and the writer avoid each other.
#ifndef ERLI18N_SRC_STORE_IMPL_H
#define ERLI18N_SRC_STORE_IMPL_H

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "catalog.h"
#include "epoch.h"
#include "erli18n/catalog_store.h"
#include "found_message.h"
#include "store_events.h"
#include "text_hash.h"

namespace erli18n::detail {

// A (domain, locale) resolved once, as a translator and the thread's locale keep it.
struct lookup_key {
  std::string_view domain;
  std::string_view locale;
  std::uint64_t hash;  // hash_pair(hash_text(domain), hash_text(locale))
};

inline lookup_key key_of(std::string_view domain, std::string_view locale) noexcept {
  return {domain, locale, hash_pair(hash_text(domain), hash_text(locale))};
}

// The catalog currently published for one (domain, locale), for readers that resolved the
// key once (translators). Created by the first load of the key, never freed before the store.
struct catalog_slot {
  std::atomic<const catalog*> current{nullptr};  // null while the key has no catalog
  std::string domain;
  std::string locale;
  // Writer only: a `.mo` of this key was read in place and its image retained. Later `.mo`
  // loads of the key copy the strings they change instead, so that each key pins at most
  // one image (plus images byte-identical to one retained).
  bool image_retained = false;
};

// A translator's (domain, locale), made in place and never moved: `key` views its own strings,
// so a lookup passes it as it is.
struct bound_key {
  bound_key(std::string d, std::string l, std::uint64_t hash, const catalog_slot* s)
      : domain(std::move(d)), locale(std::move(l)), key{domain, locale, hash}, slot(s) {}
  bound_key(const bound_key&) = delete;
  bound_key& operator=(const bound_key&) = delete;

  const std::string domain;
  const std::string locale;
  const lookup_key key;
  // The key's slot when one existed at binding time, else null (the map is searched).
  const catalog_slot* const slot;
};

// The published state: the slot of each (domain, locale) ever loaded, whose `current` is
// the catalog that serves it, and the fallback rule. A key loaded for the first time is added
// in place while the table has room (its slot pointer is stored last, with release, so a
// reader sees a slot whole or not at all); otherwise (a full table, a new fallback rule or
// observer list) a new map is built and published, and the old one retired.
struct catalog_map {
  struct slot {
    std::atomic<const catalog_slot*> key{nullptr};
    std::uint64_t hash = 0;  // hash_pair of the key's domain and locale, written before `key`
  };
  std::unique_ptr<slot[]> slots;  // open addressing; null when no key was ever loaded
  std::size_t capacity = 0;       // a power of two, at least twice the keys
  std::size_t keys = 0;           // writer only
  locale_fallback::mode fallback = locale_fallback::mode::off;
  std::vector<std::pair<std::string, std::vector<std::string>>> chains;  // sorted by locale
  // The observers of lookup events, or null when none asked for them (the common case: a
  // lookup that misses then only tests this pointer).
  std::shared_ptr<const observer_list> lookup_observers;

  const catalog* find(const lookup_key& k) const noexcept;
  const catalog_slot* find_entry(const lookup_key& k) const noexcept;
  const std::vector<std::string>* chain(std::string_view locale) const noexcept;
  // Writer only: adds a key in place; false when the table has no room for it.
  bool insert(const catalog_slot* key, std::uint64_t hash) noexcept;
};

// The catalog of the lookup's own key: through its slot when the caller has it, else the
// map's (and then, when asked, the slot found, for callers that remember it).
inline const catalog* own_catalog(const catalog_map& map, const lookup_key& key, const catalog_slot* slot,
                                  const catalog_slot** found_slot) noexcept {
  if (slot) return slot->current.load(std::memory_order_seq_cst);
  const catalog_slot* entry = map.find_entry(key);
  if (entry == nullptr) return nullptr;
  if (found_slot) *found_slot = entry;
  return entry->current.load(std::memory_order_seq_cst);
}

// `catalog_store::load` of `path` from bytes the caller read (the watcher, which reads a
// file whole and checks it held still first): the catalog's source is `path`, as if the store
// had read it, so `reload` reads it again.
result<load_outcome> load_file_bytes(catalog_store::impl& s, std::string_view domain, std::string_view locale,
                                     const std::string& path, std::string_view bytes,
                                     const load_options& options);

// Delivers an event that is no load of the store (the watcher's catalog_shadowed,
// duplicate_locale_folder) to its observers, as write events are: with the writer lock held.
void raise_event(catalog_store::impl& s, const store_event& event) noexcept;
// raise_event of a file or folder left unread (`kind` one of those two): `used` is what was
// read instead, `ignored` what was not.
void raise_unread(catalog_store::impl& s, event_kind kind, std::string_view domain, std::string_view locale,
                  std::string_view used, std::string_view ignored) noexcept;

}  // namespace erli18n::detail

namespace erli18n {

struct catalog_store::impl {
  // Read side.
  std::atomic<const detail::catalog_map*> published{nullptr};

  // Lookups: the translation, or the miss rule (msgid; msgid_plural unless n == 1).
  // `slot`, when given, is the key's: the map is then searched only for fallbacks. Else,
  // when the map has the key, its slot is stored in `*found_slot` (if given), for callers
  // that remember it (slots live as long as the store). `hash` is detail::hash_key(context,
  // msgid), which the caller computed (at compile time, for a hashed literal).
  std::string_view lookup(const detail::lookup_key& key, const std::string_view* context,
                          std::string_view msgid, const std::string_view* msgid_plural, unsigned long n,
                          std::uint64_t hash, const detail::catalog_slot* slot = nullptr,
                          const detail::catalog_slot** found_slot = nullptr) const noexcept;
  // lookup() past a miss when the map has a fallback rule or lookup observers.
  std::string_view lookup_after_miss(const detail::lookup_key& key, const std::string_view* context,
                                     std::string_view msgid, const std::string_view* msgid_plural,
                                     unsigned long n, std::uint64_t hash, const detail::catalog_slot* slot,
                                     const detail::catalog_slot** found_slot) const noexcept;
  // lookup_internal.h's find_message: the key's own catalog only, with the matched key's text.
  std::optional<detail::found_message> find_message(const detail::lookup_key& key,
                                                    const detail::catalog_slot* slot,
                                                    const std::string_view* context, std::string_view msgid,
                                                    bool plural, unsigned long n,
                                                    std::uint64_t hash) const noexcept;
  // The slot of (domain, canonical locale), or null when that key has no catalog published.
  // Lock-free, as lookups are: a key's slot never changes for the store's life, so a
  // translator may keep it.
  const detail::catalog_slot* find_slot(std::string_view domain, std::string_view locale) const noexcept;
  // With a locale as the caller spelled it: canonicalized first (a malformed name is used
  // as given, and matches no catalog).
  std::string_view lookup_named(std::string_view domain, std::string_view locale,
                                const std::string_view* context, std::string_view msgid,
                                const std::string_view* msgid_plural, unsigned long n) const noexcept;

  // Write side: everything below is touched only with `writer` held.
  mutable std::mutex writer;
  std::map<std::pair<std::string, std::string>, std::unique_ptr<detail::catalog>, std::less<>> catalogs;
  std::unique_ptr<detail::catalog_map> current;
  std::map<std::pair<std::string, std::string>, std::unique_ptr<detail::catalog_slot>, std::less<>> slots;
  locale_fallback fallback;
  std::shared_ptr<const detail::observer_list> observers;  // every registered observer
  observer_id next_observer_id = 1;
  mutable std::atomic<std::uint64_t> observer_failures{0};
  std::size_t memory_warning_bytes = std::size_t{256} << 20;
  std::chrono::steady_clock::duration memory_warning_interval = std::chrono::minutes(1);
  std::optional<std::chrono::steady_clock::time_point> last_memory_warning;
  // Retained for the store's life: returned views may point into any of these. Each is
  // kept once per distinct content (hash, then bytes compared), so catalogs that alternate
  // between versions stop adding memory after each version was seen once. `mo_files` holds
  // at most one image per key (see catalog_slot::image_retained) and those identical to one;
  // a `.mo` read only for a reload's copies is closed once the load is over.
  struct retained_text {
    std::unique_ptr<char[]> bytes;
    std::size_t size;
    std::uint64_t hash;
  };
  struct retained_mo {
    std::unique_ptr<mo_catalog> mo;
    std::unique_ptr<char[]> buffer;  // the copy of a `load_buffer` .mo, when there is one
    std::uint64_t hash;              // of mo->image() (with its low bit set), or 0 until needed
    std::size_t size;                // mo->image().size(), compared first without touching mo
  };
  std::vector<retained_text> text;
  std::vector<retained_mo> mo_files;
  std::unordered_multimap<std::size_t, std::size_t> mo_files_by_size;  // image size -> index in mo_files
  std::size_t text_bytes = 0;
  std::size_t mapped_bytes = 0;

  ~impl();
};

// A hit, or a miss with no fallback rule and no observer: one read section, nothing on the
// stack but the key; everything else goes to lookup_after_miss. Inline into each caller
// (the translator's members, the free functions), which then drop what their form of lookup
// does not use (a context, a plural): a call and its arguments cost a short lookup a fifth.
[[gnu::always_inline]] inline std::string_view catalog_store::impl::lookup(
    const detail::lookup_key& key, const std::string_view* context, std::string_view msgid,
    const std::string_view* msgid_plural, unsigned long n, std::uint64_t hash,
    const detail::catalog_slot* slot, const detail::catalog_slot** found_slot) const noexcept {
  const bool plural = msgid_plural != nullptr;
  {
    detail::read_section section;
    const detail::catalog_map* map = published.load(std::memory_order_seq_cst);
    if (map == nullptr) [[unlikely]]
      return plural && n != 1 ? *msgid_plural : msgid;
    const detail::catalog* c = detail::own_catalog(*map, key, slot, found_slot);
    if (c != nullptr) [[likely]]
      if (std::optional<std::string_view> s = c->translation(context, msgid, hash, plural, n)) return *s;
    if (map->fallback == locale_fallback::mode::off && !map->lookup_observers)
      return plural && n != 1 ? *msgid_plural : msgid;  // the miss rule
  }
  return lookup_after_miss(key, context, msgid, msgid_plural, n, hash, slot, found_slot);
}

}  // namespace erli18n

#endif  // ERLI18N_SRC_STORE_IMPL_H
