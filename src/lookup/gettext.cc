#include "erli18n/gettext.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "erli18n/locale_name.h"
#include "lookup_internal.h"
#include "process_defaults.h"
#include "store_impl.h"

namespace erli18n {
namespace detail {
namespace {

// The thread's locale: a fixed buffer, so that it needs no allocation and no destructor.
struct thread_locale {
  char name[max_locale_name + 1];
  std::size_t size;
  std::uint64_t hash;
  bool set;
  std::uint64_t version;  // changes with every setlocale, for the slot cache below
};
thread_local thread_locale t_locale{};

struct locale_ref {
  std::string_view name;
  std::uint64_t hash;
};

locale_ref current_locale() noexcept {
  if (t_locale.set) return {std::string_view(t_locale.name, t_locale.size), t_locale.hash};
  const name_record& r = current_default_locale();
  return {r.name, r.hash};
}

// Whether any thread ever set its own locale: until one does, thread_locale_override
// answers without touching thread-local storage (from a shared library, each access is a
// call into the dynamic linker).
std::atomic<bool> any_thread_locale{false};

void set_thread_locale(std::string_view canonical) noexcept {
  ++t_locale.version;
  if (canonical.empty()) {
    t_locale.set = false;
    return;
  }
  std::memcpy(t_locale.name, canonical.data(), canonical.size());
  t_locale.name[canonical.size()] = '\0';
  t_locale.size = canonical.size();
  t_locale.hash = hash_text(canonical);
  t_locale.set = true;
  if (!any_thread_locale.load(std::memory_order_relaxed))
    any_thread_locale.store(true, std::memory_order_relaxed);
}

lookup_key default_key(std::string_view domain, std::uint64_t domain_hash) noexcept {
  locale_ref l = current_locale();
  return {domain, l.name, hash_pair(domain_hash, l.hash)};
}

// The default store's slot for this thread's (default domain, current locale), remembered
// once a lookup found it, so that the next lookups skip the map search as a translator
// does. A key's slot never changes for the store's life (the default store lives forever),
// so the cache is only stale when the domain or the locale changes; it is thread-local, so
// keeping it writes no shared memory.
struct slot_cache {
  const name_record* domain;
  const name_record* default_locale;  // null while the thread has its own locale
  std::uint64_t locale_version;
  const catalog_slot* slot;
};
thread_local slot_cache t_slot_cache{};

struct cached_key {
  lookup_key key;
  const catalog_slot* slot;  // null when unknown
  slot_cache identity;
};

cached_key current_cached_key() noexcept {
  const name_record& d = current_domain();
  const name_record* deflt = t_locale.set ? nullptr : &current_default_locale();
  slot_cache id{&d, deflt, t_locale.set ? t_locale.version : 0, nullptr};
  const slot_cache& c = t_slot_cache;
  const bool same =
      c.domain == id.domain && c.default_locale == id.default_locale && c.locale_version == id.locale_version;
  return {default_key(d.name, d.hash), same ? c.slot : nullptr, id};
}

void remember_slot(const cached_key& k, const catalog_slot* found) noexcept {
  if (found == nullptr) return;
  t_slot_cache = k.identity;
  t_slot_cache.slot = found;
}

lookup_key domain_key(std::string_view domain) noexcept { return default_key(domain, hash_text(domain)); }

error invalid(std::string message) {
  error e;
  e.code = errc::invalid_argument;
  e.message = std::move(message);
  return e;
}

}  // namespace

std::string_view thread_locale_override() noexcept {
  // Relaxed is enough: only the calling thread's own earlier set_thread_locale matters,
  // and a thread always sees its own stores.
  if (!any_thread_locale.load(std::memory_order_relaxed)) return {};
  return t_locale.set ? std::string_view(t_locale.name, t_locale.size) : std::string_view();
}

}  // namespace detail

// The store's lookups live in its impl; translator and the free functions reach it here.
struct store_access {
  static const catalog_store::impl& of(const catalog_store& s) noexcept { return *s.impl_; }
  static std::optional<detail::found_message> find_message(const translator& t,
                                                           const std::string_view* context,
                                                           std::string_view msgid, bool plural,
                                                           unsigned long n) noexcept {
    return of(*t.store_).find_message(t.key_->key(), t.key_->slot, context, msgid, plural, n);
  }
};

namespace {
const catalog_store::impl& default_impl() noexcept {
  return store_access::of(catalog_store::default_store());
}

// A lookup in the default domain and the thread's locale, through the thread's slot cache.
std::string_view default_lookup(const std::string_view* context, std::string_view msgid,
                                const std::string_view* msgid_plural, unsigned long n) noexcept {
  const detail::cached_key k = detail::current_cached_key();
  const detail::catalog_slot* found = nullptr;
  std::string_view s = default_impl().lookup(k.key, context, msgid, msgid_plural, n, k.slot, &found);
  detail::remember_slot(k, found);
  return s;
}
}  // namespace

std::string_view gettext(std::string_view msgid) noexcept {
  return default_lookup(nullptr, msgid, nullptr, 0);
}
plural_text ngettext(std::string_view msgid, std::string_view msgid_plural, unsigned long n) noexcept {
  return {default_lookup(nullptr, msgid, &msgid_plural, n), n};
}
std::string_view pgettext(std::string_view context, std::string_view msgid) noexcept {
  return default_lookup(&context, msgid, nullptr, 0);
}
plural_text npgettext(std::string_view context, std::string_view msgid, std::string_view msgid_plural,
                      unsigned long n) noexcept {
  return {default_lookup(&context, msgid, &msgid_plural, n), n};
}

std::string_view dgettext(std::string_view domain, std::string_view msgid) noexcept {
  return default_impl().lookup(detail::domain_key(domain), nullptr, msgid, nullptr, 0);
}
plural_text dngettext(std::string_view domain, std::string_view msgid, std::string_view msgid_plural,
                      unsigned long n) noexcept {
  return {default_impl().lookup(detail::domain_key(domain), nullptr, msgid, &msgid_plural, n), n};
}
std::string_view dpgettext(std::string_view domain, std::string_view context,
                           std::string_view msgid) noexcept {
  return default_impl().lookup(detail::domain_key(domain), &context, msgid, nullptr, 0);
}
plural_text dnpgettext(std::string_view domain, std::string_view context, std::string_view msgid,
                       std::string_view msgid_plural, unsigned long n) noexcept {
  return {default_impl().lookup(detail::domain_key(domain), &context, msgid, &msgid_plural, n), n};
}

std::string_view dlgettext(std::string_view domain, std::string_view locale,
                           std::string_view msgid) noexcept {
  return catalog_store::default_store().dlgettext(domain, locale, msgid);
}
plural_text dlngettext(std::string_view domain, std::string_view locale, std::string_view msgid,
                       std::string_view msgid_plural, unsigned long n) noexcept {
  return {catalog_store::default_store().dlngettext(domain, locale, msgid, msgid_plural, n), n};
}
std::string_view dlpgettext(std::string_view domain, std::string_view locale, std::string_view context,
                            std::string_view msgid) noexcept {
  return catalog_store::default_store().dlpgettext(domain, locale, context, msgid);
}
plural_text dlnpgettext(std::string_view domain, std::string_view locale, std::string_view context,
                        std::string_view msgid, std::string_view msgid_plural, unsigned long n) noexcept {
  return {catalog_store::default_store().dlnpgettext(domain, locale, context, msgid, msgid_plural, n), n};
}

result<void> setlocale(std::string_view locale) {
  if (locale.empty()) {
    detail::set_thread_locale({});
    return {};
  }
  result<std::string> canonical = canonical_locale(locale);
  if (!canonical) return std::move(canonical).error();
  detail::set_thread_locale(*canonical);
  return {};
}

std::string_view which_locale() noexcept { return detail::current_locale().name; }

result<void> set_default_locale(std::string_view locale) {
  result<std::string> canonical = canonical_locale(locale);
  if (!canonical) return std::move(canonical).error();
  detail::set_process_default_locale(*canonical);
  return {};
}

std::string_view default_locale() noexcept { return detail::current_default_locale().name; }

result<void> textdomain(std::string_view domain) {
  if (domain.empty()) return detail::invalid("empty domain name");
  if (domain.find('\0') != std::string_view::npos) return detail::invalid("domain name contains a NUL byte");
  detail::set_process_domain(domain);
  return {};
}

std::string_view textdomain() noexcept { return detail::current_domain().name; }

result<domain_load> bind_domain(std::string_view domain, const std::string& root,
                                const load_options& options) {
  return catalog_store::default_store().load_domain(domain, root, options);
}

result<environment_locale> use_environment_locale(locale_target target) {
  return use_environment_locale(catalog_store::default_store(), ::getenv, target);
}

result<environment_locale> use_environment_locale(catalog_store& store, const environment_lookup& env_lookup,
                                                  locale_target target) {
  environment_locale env = locale_from_environment(env_lookup);
  locale_fallback fallback = store.fallback();
  bool changed = false;
  if (!env.fallbacks.empty()) {
    if (fallback.kind != locale_fallback::mode::explicit_chain)
      fallback = {locale_fallback::mode::explicit_chain, {}};
    fallback.chains[env.locale] = env.fallbacks;
    changed = true;
  } else if (fallback.kind == locale_fallback::mode::explicit_chain) {
    // The environment names no fallback: a chain an earlier call set for this locale goes.
    changed = fallback.chains.erase(env.locale) != 0;
  }
  if (changed)
    if (result<void> r = store.set_fallback(fallback); !r) return std::move(r).error();
  // The locale is canonical already, so neither call can fail.
  if (target == locale_target::thread)
    detail::set_thread_locale(env.locale);
  else
    detail::set_process_default_locale(env.locale);
  return env;
}

locale_scope::locale_scope(std::string_view locale) {
  if (detail::t_locale.set) {
    saved_size_ = detail::t_locale.size;
    std::memcpy(saved_, detail::t_locale.name, saved_size_ + 1);
  }
  ok_ = static_cast<bool>(setlocale(locale));
}

locale_scope::~locale_scope() { detail::set_thread_locale(std::string_view(saved_, saved_size_)); }

translator::translator(const catalog_store& store, std::string_view domain, std::string_view locale)
    : store_(&store) {
  result<std::string> canonical = canonical_locale(locale);
  std::string name = canonical ? std::move(*canonical) : std::string(locale);
  const std::uint64_t h = detail::hash_pair(detail::hash_text(domain), detail::hash_text(name));
  const detail::catalog_slot* slot = store_access::of(store).find_slot(domain, name);
  key_ = std::make_shared<const detail::bound_key>(
      detail::bound_key{std::string(domain), std::move(name), h, slot});
}

std::string_view translator::gettext(std::string_view msgid) const noexcept {
  return store_access::of(*store_).lookup(key_->key(), nullptr, msgid, nullptr, 0, key_->slot);
}
plural_text translator::ngettext(std::string_view msgid, std::string_view msgid_plural,
                                 unsigned long n) const noexcept {
  return {store_access::of(*store_).lookup(key_->key(), nullptr, msgid, &msgid_plural, n, key_->slot), n};
}
std::string_view translator::pgettext(std::string_view context, std::string_view msgid) const noexcept {
  return store_access::of(*store_).lookup(key_->key(), &context, msgid, nullptr, 0, key_->slot);
}
plural_text translator::npgettext(std::string_view context, std::string_view msgid,
                                  std::string_view msgid_plural, unsigned long n) const noexcept {
  return {store_access::of(*store_).lookup(key_->key(), &context, msgid, &msgid_plural, n, key_->slot), n};
}

std::optional<detail::found_message> detail::find_message(const translator& t,
                                                          const std::string_view* context,
                                                          std::string_view msgid, bool plural,
                                                          unsigned long n) noexcept {
  return store_access::find_message(t, context, msgid, plural, n);
}

std::string_view translator::domain() const noexcept { return key_->domain; }
std::string_view translator::locale() const noexcept { return key_->locale; }

}  // namespace erli18n
