// Per-thread memory of the lookup path (see translate.cc and domain_bindings.cc).
//
// Not C++ `thread_local` objects: those are destroyed at thread exit in reverse order of
// construction, so a gettext() called from another thread_local's destructor could find
// them destroyed. These live on the heap behind a pthread key whose destructor runs after
// every C++ thread_local destructor; a lookup made even later (from another key's
// destructor) makes a fresh set, which the next destructor round frees.
#ifndef ERLI18N_INTL_THREAD_CACHES_H
#define ERLI18N_INTL_THREAD_CACHES_H

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "domain_bindings.h"

namespace erli18n::intl {

struct catalog_file;

struct thread_caches {
  // translate.cc: "dir\ncategory\ndomain\nlanguage" -> the catalogs to try, in order.
  std::unordered_map<std::string, std::vector<catalog_file*>> resolved;
  std::string key;  // reused for building keys: no allocation once it has grown
  // domain_bindings.cc: the last binding looked up, valid while the generation holds.
  std::uint64_t binding_generation = ~std::uint64_t{0};
  std::string binding_domain;
  domain_binding binding{};
};

/// The calling thread's caches, made on first use. Throws std::bad_alloc.
thread_caches& this_thread_caches();

}  // namespace erli18n::intl

#endif  // ERLI18N_INTL_THREAD_CACHES_H
