#include "process_defaults.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "text_hash.h"

namespace erli18n::detail {
namespace {

// Each distinct name is kept once, for the process's life (see name_record).
const name_record* intern(std::string_view name) {
  static std::mutex lock;
  static auto* records = new std::vector<std::unique_ptr<name_record>>();
  std::lock_guard guard(lock);
  for (const auto& r : *records)
    if (r->name == name) return r.get();
  records->push_back(std::make_unique<name_record>(name_record{std::string(name), hash_text(name)}));
  return records->back().get();
}

// The initial values, built before main (not on first use, which would make some thread's
// first lookup allocate).
const name_record c_locale{"C", hash_text("C")};
const name_record gnu_default_domain{"messages", hash_text("messages")};

std::atomic<const name_record*> default_locale_record{nullptr};
std::atomic<const name_record*> default_domain_record{nullptr};

}  // namespace

const name_record& current_default_locale() noexcept {
  const name_record* r = default_locale_record.load(std::memory_order_acquire);
  return r ? *r : c_locale;
}

const name_record& current_domain() noexcept {
  const name_record* r = default_domain_record.load(std::memory_order_acquire);
  return r ? *r : gnu_default_domain;
}

void set_process_default_locale(std::string_view canonical) {
  default_locale_record.store(intern(canonical), std::memory_order_release);
}

void set_process_domain(std::string_view domain) {
  default_domain_record.store(intern(domain), std::memory_order_release);
}

}  // namespace erli18n::detail
