// A fast 64-bit hash for lookup keys. Not cryptographic: catalogs are trusted to the extent
// that a collision only costs probe length, never a wrong answer (keys are compared).
#ifndef ERLI18N_SRC_TEXT_HASH_H
#define ERLI18N_SRC_TEXT_HASH_H

#include <cstdint>
#include <string_view>

#include "erli18n/hashed.h"

namespace erli18n::detail {

// hash_text, hash_key and the constants live in the public erli18n/hashed.h, so that a
// literal's hash computed by the compiler (ERLI18N_MSG) is the one lookups compute at run
// time: one definition, constexpr.

// (domain, locale) pairs for the catalog map.
constexpr std::uint64_t hash_pair(std::uint64_t domain_hash, std::uint64_t locale_hash) noexcept {
  return fold_multiply(domain_hash ^ hash_k2, locale_hash ^ hash_k0);
}

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_TEXT_HASH_H
