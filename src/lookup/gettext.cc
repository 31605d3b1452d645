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

// Bumped by textdomain and set_default_locale once the new name is in place: a thread's
// resolved key (below) made under an older value is stale.
std::atomic<std::uint64_t> defaults_version{0};

void defaults_changed() noexcept { defaults_version.fetch_add(1, std::memory_order_release); }

// Everything the free functions need per thread, in one thread-local block (one address
// computation per call): the thread's locale, in a fixed buffer so that it needs no
// allocation and no destructor, and the (default domain, current locale) key resolved for
// the free functions, with the default store's slot for it once the store had one. A key's
// slot never changes for the store's life (the default store lives forever), so the
// resolution is only stale when the domain or the locale changes: the thread's own
// setlocale clears `resolved_version`, textdomain and set_default_locale move defaults_version. It
// is thread-local, so keeping it writes no shared memory.
struct thread_state {
  char name[max_locale_name + 1];
  std::size_t size;
  std::uint64_t hash;
  bool set;  // the thread has its own locale (name, size, hash)

  // defaults_version + 1 when `key` was resolved; 0 when it was not (one compare per call).
  std::uint64_t resolved_version;
  lookup_key key;  // views of `name` or of the process's name records
  const catalog_store::impl* store;
  const catalog_slot* slot;   // null until a lookup found the key in the store's map
  std::uint64_t locale_hash;  // of key.locale

  // The d forms' last domain other than the default one, with the same locale: its name (to
  // compare the next call's with; the lookups use the caller's view), the key's hash and
  // slot. Cleared whenever `key` is resolved.
  char named[64];
  std::size_t named_size;  // 0: none
  std::uint64_t named_hash;
  const catalog_slot* named_slot;
};
thread_local thread_state t_state{};

struct locale_ref {
  std::string_view name;
  std::uint64_t hash;
};

locale_ref current_locale() noexcept {
  if (t_state.set) return {std::string_view(t_state.name, t_state.size), t_state.hash};
  const name_record& r = current_default_locale();
  return {r.name, r.hash};
}

// Whether any thread ever set its own locale: until one does, thread_locale_override
// answers without touching thread-local storage (from a shared library, each access is a
// call into the dynamic linker).
std::atomic<bool> any_thread_locale{false};

void set_thread_locale(std::string_view canonical) noexcept {
  thread_state& t = t_state;
  t.resolved_version = 0;
  if (canonical.empty()) {
    t.set = false;
    return;
  }
  std::memcpy(t.name, canonical.data(), canonical.size());
  t.name[canonical.size()] = '\0';
  t.size = canonical.size();
  t.hash = hash_text(canonical);
  t.set = true;
  if (!any_thread_locale.load(std::memory_order_relaxed))
    any_thread_locale.store(true, std::memory_order_relaxed);
}

lookup_key default_key(std::string_view domain, std::uint64_t domain_hash) noexcept {
  locale_ref l = current_locale();
  return {domain, l.name, hash_pair(domain_hash, l.hash)};
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
  return t_state.set ? std::string_view(t_state.name, t_state.size) : std::string_view();
}

}  // namespace detail

// The store's lookups live in its impl; translator and the free functions reach it here.
struct store_access {
  static const catalog_store::impl& of(const catalog_store& s) noexcept { return *s.impl_; }
  static std::optional<detail::found_message> find_message(const translator& t,
                                                           const std::string_view* context,
                                                           std::string_view msgid, bool plural,
                                                           unsigned long n) noexcept {
    return of(*t.store_).find_message(t.key_->key, t.key_->slot, context, msgid, plural, n,
                                      detail::hash_key(context, msgid));
  }
};

namespace {
const catalog_store::impl& default_impl() noexcept {
  return store_access::of(catalog_store::default_store());
}

// The thread's key for the default domain and its current locale, resolved again when
// stale (out of line: the common call only compares two words).
[[gnu::noinline]] void resolve(detail::thread_state& t, std::uint64_t version) noexcept {
  const detail::name_record& d = detail::current_domain();
  const detail::locale_ref l = detail::current_locale();
  t.key = {d.name, l.name, detail::hash_pair(d.hash, l.hash)};
  t.locale_hash = l.hash;
  t.store = &default_impl();
  t.slot = nullptr;  // found again by the next lookup (the new key may have another)
  t.named_size = 0;
  t.resolved_version = version + 1;
}

detail::thread_state& resolved_state() noexcept {
  detail::thread_state& t = detail::t_state;
  // Acquire: a thread that saw textdomain's new version also sees its new name record.
  const std::uint64_t version = detail::defaults_version.load(std::memory_order_acquire);
  if (t.resolved_version != version + 1) [[unlikely]]
    resolve(t, version);
  return t;
}

// A lookup in the default domain and the thread's locale, through the thread's resolved key.
// `hash` is detail::hash_key(context, msgid). Inline, as the store's lookup is, into each
// free function.
[[gnu::always_inline]] inline std::string_view default_lookup(const std::string_view* context,
                                                              std::string_view msgid,
                                                              const std::string_view* msgid_plural,
                                                              unsigned long n, std::uint64_t hash) noexcept {
  detail::thread_state& t = resolved_state();
  // The key itself, not a copy (which would cost a short lookup a twentieth): the lookup
  // reads it before it delivers a lookup event, whose observer may change the thread's locale.
  // Until the slot is known, the lookup searches the map and stores the key's slot there.
  return t.store->lookup(t.key, context, msgid, msgid_plural, n, hash, t.slot, &t.slot);
}

// The d forms: the default domain's resolved key when `domain` is that domain, else the
// thread's last other domain when it is that one, else `domain` remembered in its place
// (when it fits).
std::string_view domain_lookup(std::string_view domain, const std::string_view* context,
                               std::string_view msgid, const std::string_view* msgid_plural, unsigned long n,
                               std::uint64_t hash) noexcept {
  detail::thread_state& t = resolved_state();
  if (domain == t.key.domain)
    return t.store->lookup(t.key, context, msgid, msgid_plural, n, hash, t.slot, &t.slot);
  if (domain != std::string_view(t.named, t.named_size)) {
    if (domain.empty() || domain.size() > sizeof t.named)
      return t.store->lookup(detail::domain_key(domain), context, msgid, msgid_plural, n, hash);
    std::memcpy(t.named, domain.data(), domain.size());
    t.named_size = domain.size();
    t.named_hash = detail::hash_pair(detail::hash_text(domain), t.locale_hash);
    t.named_slot = nullptr;
  }
  const detail::lookup_key key{domain, t.key.locale, t.named_hash};
  return t.store->lookup(key, context, msgid, msgid_plural, n, hash, t.named_slot, &t.named_slot);
}
}  // namespace

std::string_view gettext(std::string_view msgid) noexcept {
  return default_lookup(nullptr, msgid, nullptr, 0, detail::hash_key(nullptr, msgid));
}
plural_text ngettext(std::string_view msgid, std::string_view msgid_plural, unsigned long n) noexcept {
  return {default_lookup(nullptr, msgid, &msgid_plural, n, detail::hash_key(nullptr, msgid)), n};
}
std::string_view pgettext(std::string_view context, std::string_view msgid) noexcept {
  return default_lookup(&context, msgid, nullptr, 0, detail::hash_key(&context, msgid));
}
plural_text npgettext(std::string_view context, std::string_view msgid, std::string_view msgid_plural,
                      unsigned long n) noexcept {
  return {default_lookup(&context, msgid, &msgid_plural, n, detail::hash_key(&context, msgid)), n};
}

std::string_view gettext(const hashed_msgid& msgid) noexcept {
  return default_lookup(nullptr, msgid.msgid(), nullptr, 0, msgid.hash());
}
plural_text ngettext(const hashed_nmsgid& msgid, unsigned long n) noexcept {
  const std::string_view plural = msgid.msgid_plural();
  return {default_lookup(nullptr, msgid.singular().msgid(), &plural, n, msgid.singular().hash()), n};
}
std::string_view pgettext(const hashed_pmsgid& msgid) noexcept {
  const std::string_view context = msgid.context();
  return default_lookup(&context, msgid.msgid(), nullptr, 0, msgid.hash());
}
plural_text npgettext(const hashed_npmsgid& msgid, unsigned long n) noexcept {
  const hashed_pmsgid key = msgid.singular();
  const std::string_view context = key.context(), plural = msgid.msgid_plural();
  return {default_lookup(&context, key.msgid(), &plural, n, key.hash()), n};
}

std::string_view dgettext(std::string_view domain, std::string_view msgid) noexcept {
  return domain_lookup(domain, nullptr, msgid, nullptr, 0, detail::hash_key(nullptr, msgid));
}
plural_text dngettext(std::string_view domain, std::string_view msgid, std::string_view msgid_plural,
                      unsigned long n) noexcept {
  return {domain_lookup(domain, nullptr, msgid, &msgid_plural, n, detail::hash_key(nullptr, msgid)), n};
}
std::string_view dpgettext(std::string_view domain, std::string_view context,
                           std::string_view msgid) noexcept {
  return domain_lookup(domain, &context, msgid, nullptr, 0, detail::hash_key(&context, msgid));
}
plural_text dnpgettext(std::string_view domain, std::string_view context, std::string_view msgid,
                       std::string_view msgid_plural, unsigned long n) noexcept {
  return {domain_lookup(domain, &context, msgid, &msgid_plural, n, detail::hash_key(&context, msgid)), n};
}

std::string_view dgettext(std::string_view domain, const hashed_msgid& msgid) noexcept {
  return domain_lookup(domain, nullptr, msgid.msgid(), nullptr, 0, msgid.hash());
}
plural_text dngettext(std::string_view domain, const hashed_nmsgid& msgid, unsigned long n) noexcept {
  const std::string_view plural = msgid.msgid_plural();
  return {domain_lookup(domain, nullptr, msgid.singular().msgid(), &plural, n, msgid.singular().hash()), n};
}
std::string_view dpgettext(std::string_view domain, const hashed_pmsgid& msgid) noexcept {
  const std::string_view context = msgid.context();
  return domain_lookup(domain, &context, msgid.msgid(), nullptr, 0, msgid.hash());
}
plural_text dnpgettext(std::string_view domain, const hashed_npmsgid& msgid, unsigned long n) noexcept {
  const hashed_pmsgid key = msgid.singular();
  const std::string_view context = key.context(), plural = msgid.msgid_plural();
  return {domain_lookup(domain, &context, key.msgid(), &plural, n, key.hash()), n};
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
  detail::defaults_changed();
  return {};
}

std::string_view default_locale() noexcept { return detail::current_default_locale().name; }

result<void> textdomain(std::string_view domain) {
  if (domain.empty()) return detail::invalid("empty domain name");
  if (domain.find('\0') != std::string_view::npos) return detail::invalid("domain name contains a NUL byte");
  detail::set_process_domain(domain);
  detail::defaults_changed();
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
  else {
    detail::set_process_default_locale(env.locale);
    detail::defaults_changed();
  }
  return env;
}

locale_scope::locale_scope(std::string_view locale) {
  if (detail::t_state.set) {
    saved_size_ = detail::t_state.size;
    std::memcpy(saved_, detail::t_state.name, saved_size_ + 1);
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
  key_ = std::make_shared<const detail::bound_key>(std::string(domain), std::move(name), h, slot);
}

// Inline: eight one-line members share it, and a call would cost more than its body.
[[gnu::always_inline]] inline std::string_view translator::lookup(const std::string_view* context,
                                                                  std::string_view msgid,
                                                                  const std::string_view* msgid_plural,
                                                                  unsigned long n,
                                                                  std::uint64_t hash) const noexcept {
  return store_access::of(*store_).lookup(key_->key, context, msgid, msgid_plural, n, hash, key_->slot);
}

std::string_view translator::gettext(std::string_view msgid) const noexcept {
  return lookup(nullptr, msgid, nullptr, 0, detail::hash_key(nullptr, msgid));
}
plural_text translator::ngettext(std::string_view msgid, std::string_view msgid_plural,
                                 unsigned long n) const noexcept {
  return {lookup(nullptr, msgid, &msgid_plural, n, detail::hash_key(nullptr, msgid)), n};
}
std::string_view translator::pgettext(std::string_view context, std::string_view msgid) const noexcept {
  return lookup(&context, msgid, nullptr, 0, detail::hash_key(&context, msgid));
}
plural_text translator::npgettext(std::string_view context, std::string_view msgid,
                                  std::string_view msgid_plural, unsigned long n) const noexcept {
  return {lookup(&context, msgid, &msgid_plural, n, detail::hash_key(&context, msgid)), n};
}

std::string_view translator::gettext(const hashed_msgid& msgid) const noexcept {
  return lookup(nullptr, msgid.msgid(), nullptr, 0, msgid.hash());
}
plural_text translator::ngettext(const hashed_nmsgid& msgid, unsigned long n) const noexcept {
  const std::string_view plural = msgid.msgid_plural();
  return {lookup(nullptr, msgid.singular().msgid(), &plural, n, msgid.singular().hash()), n};
}
std::string_view translator::pgettext(const hashed_pmsgid& msgid) const noexcept {
  const std::string_view context = msgid.context();
  return lookup(&context, msgid.msgid(), nullptr, 0, msgid.hash());
}
plural_text translator::npgettext(const hashed_npmsgid& msgid, unsigned long n) const noexcept {
  const hashed_pmsgid key = msgid.singular();
  const std::string_view context = key.context(), plural = msgid.msgid_plural();
  return {lookup(&context, key.msgid(), &plural, n, key.hash()), n};
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
