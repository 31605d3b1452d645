/// \file
/// erli18n/hashed.h — lookups whose key is hashed at compile time (opt-in).
///
/// Every lookup hashes its (context, msgid) before it searches the catalog. For a msgid
/// written as a string literal that hash can be computed by the compiler instead: the
/// macros below make a small value carrying the literal and its hash, and the lookups of
/// gettext.h (the free functions and `translator`) take it in place of the plain strings.
/// The answer is the same as the plain call's, fallbacks and the miss rule included; only
/// the hashing is gone from the run time.
///
/// \code
/// std::string_view a = erli18n::gettext(ERLI18N_MSG("Save"));
/// std::string_view b = fr.pgettext(ERLI18N_PMSG("menu", "Open"));     // fr: a translator
/// erli18n::plural_text c = erli18n::ngettext(ERLI18N_NMSG("%d file", "%d files"), n);
/// erli18n::plural_text d = fr.npgettext(ERLI18N_NPMSG("disk", "%d file", "%d files"), n);
/// \endcode
///
/// The macros take string literals only (anything else fails to compile), and their hash is
/// a template argument, so it is computed while compiling even without optimization. `erli18n
/// extract` (and xgettext with the keywords `default_keywords_for_xgettext` lists) finds the
/// messages inside them: `ERLI18N_MSG:1`, `ERLI18N_PMSG:1c,2`, `ERLI18N_NMSG:1,2`,
/// `ERLI18N_NPMSG:1c,2,3`. The plural forms carry msgid_plural in the macro so that extraction
/// sees the message as a plural one.
///
/// A key known only at run time can be hashed once and kept: `erli18n::hashed_msgid(view)`
/// (constexpr: in a `constexpr` variable it is computed while compiling too), or
/// `hashed_msgid(view, hash)` with a hash computed earlier by `msgid_hash(view)`; a hash that
/// is not that of the view finds nothing (the key's text is still compared, so it never
/// finds a wrong message). The views must outlive the value; a literal's always does.
///
/// C++17, constexpr only.
#ifndef ERLI18N_HASHED_H
#define ERLI18N_HASHED_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace erli18n {
namespace detail {

// The lookup hash (src/base/text_hash.h uses these definitions, so run-time and compile-time
// hashes are the same function). Not cryptographic: a collision only costs probe length,
// keys are compared.

__extension__ typedef unsigned __int128 uint128;  // __extension__: GNU type, keeps -Wpedantic quiet

// Folded 64x64->128 multiply: every input bit reaches many output bits in one instruction.
constexpr std::uint64_t fold_multiply(std::uint64_t a, std::uint64_t b) noexcept {
  const uint128 r = static_cast<uint128>(a) * b;
  return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
}

// `size` bytes at p as a little-endian integer. At run time one load (byte-swapped on a
// big-endian machine), so every machine and the compiler agree on the value.
template <std::size_t size>
constexpr std::uint64_t read_le(const char* p) noexcept {
  if (__builtin_is_constant_evaluated()) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < size; ++i) v |= std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
    return v;
  }
  using word = std::conditional_t<size == 8, std::uint64_t, std::uint32_t>;
  word v = 0;
  std::memcpy(&v, p, size);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  if constexpr (size == 8)
    v = __builtin_bswap64(v);
  else
    v = __builtin_bswap32(v);
#endif
  return v;
}

// Odd constants with balanced bits (digits of pi and e); any such constants would do.
inline constexpr std::uint64_t hash_k0 = 0x243f6a8885a308d3ULL;
inline constexpr std::uint64_t hash_k1 = 0x13198a2e03707345ULL;
inline constexpr std::uint64_t hash_k2 = 0xa4093822299f31d1ULL;
inline constexpr std::uint64_t hash_k3 = 0x2b7e151628aed2a7ULL;

constexpr std::uint64_t hash_text(std::string_view s, std::uint64_t seed = 0) noexcept {
  const char* p = s.data();
  std::size_t n = s.size();
  std::uint64_t h = seed ^ fold_multiply(n ^ hash_k0, hash_k1);
  while (n > 16) {
    h = fold_multiply(read_le<8>(p) ^ hash_k2, read_le<8>(p + 8) ^ h);
    p += 16;
    n -= 16;
  }
  // The last 1..16 bytes, read as two possibly overlapping words so no byte loop is needed.
  std::uint64_t a = 0, b = 0;
  if (n >= 8) {
    a = read_le<8>(p);
    b = read_le<8>(p + n - 8);
  } else if (n >= 4) {
    a = read_le<4>(p);
    b = read_le<4>(p + n - 4);
  } else if (n > 0) {
    a = (std::uint64_t{static_cast<unsigned char>(p[0])} << 16) |
        (std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8) | static_cast<unsigned char>(p[n - 1]);
  }
  return fold_multiply(fold_multiply(a ^ hash_k3, b ^ h) ^ hash_k1, hash_k2);
}

// The hash a lookup finds a message by: keys with a context hash differently from the same
// msgid without one.
constexpr std::uint64_t hash_key(const std::string_view* context, std::string_view msgid) noexcept {
  return context ? hash_text(msgid, hash_text(*context, hash_k3)) : hash_text(msgid);
}

}  // namespace detail

/// The lookup hash of `msgid` (no context), as `hashed_msgid` keeps it.
constexpr std::uint64_t msgid_hash(std::string_view msgid) noexcept {
  return detail::hash_key(nullptr, msgid);
}
/// The lookup hash of `msgid` in the msgctxt `context`, as `hashed_pmsgid` keeps it.
constexpr std::uint64_t msgid_hash(std::string_view context, std::string_view msgid) noexcept {
  return detail::hash_key(&context, msgid);
}

/// A msgid with its lookup hash, for `gettext`, `dgettext` and `translator::gettext`.
class hashed_msgid {
 public:
  /// `msgid`, hashed here (while compiling, when this is constant-evaluated).
  constexpr explicit hashed_msgid(std::string_view msgid) noexcept
      : msgid_(msgid), hash_(msgid_hash(msgid)) {}
  /// `msgid` with `hash`, which must be `msgid_hash(msgid)` (else lookups miss).
  constexpr hashed_msgid(std::string_view msgid, std::uint64_t hash) noexcept : msgid_(msgid), hash_(hash) {}
  /// The msgid.
  constexpr std::string_view msgid() const noexcept { return msgid_; }
  /// Its lookup hash.
  constexpr std::uint64_t hash() const noexcept { return hash_; }

 private:
  std::string_view msgid_;
  std::uint64_t hash_;
};

/// A msgid in a msgctxt with their lookup hash, for `pgettext`, `dpgettext` and
/// `translator::pgettext`.
class hashed_pmsgid {
 public:
  /// `msgid` in `context`, hashed here.
  constexpr hashed_pmsgid(std::string_view context, std::string_view msgid) noexcept
      : context_(context), msgid_(msgid), hash_(msgid_hash(context, msgid)) {}
  /// With `hash`, which must be `msgid_hash(context, msgid)` (else lookups miss).
  constexpr hashed_pmsgid(std::string_view context, std::string_view msgid, std::uint64_t hash) noexcept
      : context_(context), msgid_(msgid), hash_(hash) {}
  /// The msgctxt.
  constexpr std::string_view context() const noexcept { return context_; }
  /// The msgid.
  constexpr std::string_view msgid() const noexcept { return msgid_; }
  /// Their lookup hash.
  constexpr std::uint64_t hash() const noexcept { return hash_; }

 private:
  std::string_view context_;
  std::string_view msgid_;
  std::uint64_t hash_;
};

/// A plural message (msgid hashed, msgid_plural), for `ngettext`, `dngettext` and
/// `translator::ngettext`.
class hashed_nmsgid {
 public:
  /// The hashed msgid and its msgid_plural.
  constexpr hashed_nmsgid(hashed_msgid msgid, std::string_view msgid_plural) noexcept
      : msgid_(msgid), plural_(msgid_plural) {}
  /// The msgid and its hash.
  constexpr hashed_msgid singular() const noexcept { return msgid_; }
  /// The msgid_plural.
  constexpr std::string_view msgid_plural() const noexcept { return plural_; }

 private:
  hashed_msgid msgid_;
  std::string_view plural_;
};

/// A plural message in a msgctxt, for `npgettext`, `dnpgettext` and `translator::npgettext`.
class hashed_npmsgid {
 public:
  /// The hashed (msgctxt, msgid) and its msgid_plural.
  constexpr hashed_npmsgid(hashed_pmsgid msgid, std::string_view msgid_plural) noexcept
      : msgid_(msgid), plural_(msgid_plural) {}
  /// The msgctxt, the msgid and their hash.
  constexpr hashed_pmsgid singular() const noexcept { return msgid_; }
  /// The msgid_plural.
  constexpr std::string_view msgid_plural() const noexcept { return plural_; }

 private:
  hashed_pmsgid msgid_;
  std::string_view plural_;
};

namespace detail {
// A literal's view, its size from the array (so an embedded NUL is kept, and a pointer
// fails to compile: the macros take literals only).
template <std::size_t n>
constexpr std::string_view literal_view(const char (&s)[n]) noexcept {
  return std::string_view(s, n - 1);
}
}  // namespace detail

}  // namespace erli18n

// The hash is a template argument, so it is computed while compiling whatever the
// optimization level.

/// `hashed_msgid` of the literal `msgid`, hashed while compiling.
#define ERLI18N_MSG(msgid)                      \
  (::erli18n::hashed_msgid(                     \
      ::erli18n::detail::literal_view(msgid),   \
      ::std::integral_constant<::std::uint64_t, \
                               ::erli18n::msgid_hash(::erli18n::detail::literal_view(msgid))>::value))
/// `hashed_pmsgid` of the literals `context` and `msgid`, hashed while compiling.
#define ERLI18N_PMSG(context, msgid)                                                           \
  (::erli18n::hashed_pmsgid(                                                                   \
      ::erli18n::detail::literal_view(context), ::erli18n::detail::literal_view(msgid),        \
      ::std::integral_constant<::std::uint64_t,                                                \
                               ::erli18n::msgid_hash(::erli18n::detail::literal_view(context), \
                                                     ::erli18n::detail::literal_view(msgid))>::value))
/// `hashed_nmsgid` of the literals `msgid` and `msgid_plural`, hashed while compiling.
#define ERLI18N_NMSG(msgid, msgid_plural) \
  (::erli18n::hashed_nmsgid(ERLI18N_MSG(msgid), ::erli18n::detail::literal_view(msgid_plural)))
/// `hashed_npmsgid` of the literals `context`, `msgid` and `msgid_plural`, hashed while compiling.
#define ERLI18N_NPMSG(context, msgid, msgid_plural) \
  (::erli18n::hashed_npmsgid(ERLI18N_PMSG(context, msgid), ::erli18n::detail::literal_view(msgid_plural)))

#endif  // ERLI18N_HASHED_H
