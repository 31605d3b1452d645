// A fast 64-bit hash for lookup keys. Not cryptographic: catalogs are trusted to the extent
// that a collision only costs probe length, never a wrong answer (keys are compared).
#ifndef ERLI18N_SRC_TEXT_HASH_H
#define ERLI18N_SRC_TEXT_HASH_H

#include <cstdint>
#include <cstring>
#include <string_view>

namespace erli18n::detail {

__extension__ typedef unsigned __int128 uint128;  // __extension__: GNU type, keeps -Wpedantic quiet

// Folded 64x64->128 multiply: every input bit reaches many output bits in one instruction.
inline std::uint64_t fold_multiply(std::uint64_t a, std::uint64_t b) noexcept {
  uint128 r = static_cast<uint128>(a) * b;
  return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
}

inline std::uint64_t read64(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

inline std::uint64_t read32(const char* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Odd constants with balanced bits (digits of pi and e); any such constants would do.
inline constexpr std::uint64_t hash_k0 = 0x243f6a8885a308d3ULL;
inline constexpr std::uint64_t hash_k1 = 0x13198a2e03707345ULL;
inline constexpr std::uint64_t hash_k2 = 0xa4093822299f31d1ULL;
inline constexpr std::uint64_t hash_k3 = 0x2b7e151628aed2a7ULL;

inline std::uint64_t hash_text(std::string_view s, std::uint64_t seed = 0) noexcept {
  const char* p = s.data();
  std::size_t n = s.size();
  std::uint64_t h = seed ^ fold_multiply(n ^ hash_k0, hash_k1);
  while (n > 16) {
    h = fold_multiply(read64(p) ^ hash_k2, read64(p + 8) ^ h);
    p += 16;
    n -= 16;
  }
  // The last 1..16 bytes, read as two possibly overlapping words so no byte loop is needed.
  std::uint64_t a = 0, b = 0;
  if (n >= 8) {
    a = read64(p);
    b = read64(p + n - 8);
  } else if (n >= 4) {
    a = read32(p);
    b = read32(p + n - 4);
  } else if (n > 0) {
    a = (static_cast<std::uint64_t>(static_cast<unsigned char>(p[0])) << 16) |
        (static_cast<std::uint64_t>(static_cast<unsigned char>(p[n / 2])) << 8) |
        static_cast<unsigned char>(p[n - 1]);
  }
  return fold_multiply(fold_multiply(a ^ hash_k3, b ^ h) ^ hash_k1, hash_k2);
}

// Keys with a context hash differently from the same msgid without one.
inline std::uint64_t hash_key(const std::string_view* context, std::string_view msgid) noexcept {
  return context ? hash_text(msgid, hash_text(*context, hash_k3)) : hash_text(msgid);
}

// (domain, locale) pairs for the catalog map.
inline std::uint64_t hash_pair(std::uint64_t domain_hash, std::uint64_t locale_hash) noexcept {
  return fold_multiply(domain_hash ^ hash_k2, locale_hash ^ hash_k0);
}

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_TEXT_HASH_H
