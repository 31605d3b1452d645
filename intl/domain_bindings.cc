#include "domain_bindings.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <string>

#include "thread_caches.h"

namespace erli18n::intl {
namespace {

struct bindings {
  std::shared_mutex lock;
  std::set<std::string, std::less<>> interned;  // node-based: c_str() pointers never move
  std::map<std::string, domain_binding, std::less<>> by_domain;
  std::atomic<const char*> current_domain{"messages"};
  std::atomic<std::uint64_t> generation{0};  // moves on every change of a binding

  const char* intern(const char* s) {  // caller holds `lock` exclusively
    return interned.emplace(s).first->c_str();
  }
};

// Never destroyed: lookups may run from other threads' exit paths or atexit handlers.
bindings& state() {
  static bindings* b = new bindings();
  return *b;
}

}  // namespace

const char* set_text_domain(const char* domain) {
  bindings& b = state();
  if (domain == nullptr) return b.current_domain.load(std::memory_order_acquire);
  if (*domain == '\0') domain = "messages";
  std::unique_lock guard(b.lock);
  const char* kept = b.intern(domain);
  b.current_domain.store(kept, std::memory_order_release);
  return kept;
}

const char* text_domain() noexcept { return state().current_domain.load(std::memory_order_acquire); }

const char* bind_domain_dir(const char* domain, const char* dir) {
  if (domain == nullptr || *domain == '\0') return nullptr;
  bindings& b = state();
  std::unique_lock guard(b.lock);
  auto it = b.by_domain.find(std::string_view(domain));
  if (dir == nullptr)
    return it == b.by_domain.end() || !it->second.dir ? default_catalog_dir : it->second.dir;
  if (it == b.by_domain.end()) it = b.by_domain.emplace(domain, domain_binding{nullptr, nullptr}).first;
  it->second.dir = b.intern(dir);
  b.generation.fetch_add(1, std::memory_order_release);
  return it->second.dir;
}

const char* bind_domain_codeset(const char* domain, const char* codeset) {
  if (domain == nullptr || *domain == '\0') return nullptr;
  bindings& b = state();
  std::unique_lock guard(b.lock);
  auto it = b.by_domain.find(std::string_view(domain));
  if (codeset == nullptr) return it == b.by_domain.end() ? nullptr : it->second.codeset;
  if (it == b.by_domain.end()) it = b.by_domain.emplace(domain, domain_binding{nullptr, nullptr}).first;
  it->second.codeset = b.intern(codeset);
  b.generation.fetch_add(1, std::memory_order_release);
  return it->second.codeset;
}

domain_binding binding_of(const char* domain) {
  // Each thread remembers its last answer until a binding changes: a lookup then reads one
  // shared atomic instead of taking the lock (whose counter every thread would write).
  thread_caches& caches = this_thread_caches();
  std::uint64_t& seen_generation = caches.binding_generation;
  std::string& seen_domain = caches.binding_domain;
  domain_binding& seen = caches.binding;
  bindings& b = state();
  const std::uint64_t generation = b.generation.load(std::memory_order_acquire);
  if (generation == seen_generation && seen_domain == domain) return seen;
  domain_binding out{default_catalog_dir, nullptr};
  {
    std::shared_lock guard(b.lock);
    auto it = b.by_domain.find(std::string_view(domain));
    if (it != b.by_domain.end()) out = it->second;
  }
  if (out.dir == nullptr) out.dir = default_catalog_dir;
  if (out.codeset != nullptr && *out.codeset == '\0') out.codeset = nullptr;
  seen_domain = domain;
  seen = out;
  seen_generation = generation;
  return out;
}

}  // namespace erli18n::intl
