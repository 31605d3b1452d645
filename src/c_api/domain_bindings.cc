#include "domain_bindings.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <string>

namespace erli18n::intl {

// bindings_generation()'s counter (see the header). Outside `state()`: a lookup reads it
// without the function-local static's guard.
std::atomic<std::uint64_t> bindings_counter{0};

namespace {

struct bindings {
  std::shared_mutex lock;
  std::set<std::string, std::less<>> interned;  // node-based: c_str() pointers never move
  std::map<std::string, domain_binding, std::less<>> by_domain;
  std::atomic<const char*> current_domain{"messages"};

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
  bindings_counter.fetch_add(1, std::memory_order_release);  // as glibc's counter: LANGUAGE is read again
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
  bindings_counter.fetch_add(1, std::memory_order_release);
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
  bindings_counter.fetch_add(1, std::memory_order_release);
  return it->second.codeset;
}

domain_binding binding_of(const char* domain) {
  bindings& b = state();
  domain_binding out{default_catalog_dir, nullptr};
  {
    std::shared_lock guard(b.lock);
    auto it = b.by_domain.find(std::string_view(domain));
    if (it != b.by_domain.end()) out = it->second;
  }
  if (out.dir == nullptr) out.dir = default_catalog_dir;
  if (out.codeset != nullptr && *out.codeset == '\0') out.codeset = nullptr;
  return out;
}

}  // namespace erli18n::intl
