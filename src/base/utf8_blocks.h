// Whole-string UTF-8 validation 32 bytes at a time, for charset::find_invalid_utf8 (which
// keeps the byte-by-byte reader that says where a string goes wrong).
#ifndef ERLI18N_BASE_UTF8_BLOCKS_H
#define ERLI18N_BASE_UTF8_BLOCKS_H

#include <cstddef>

namespace erli18n::charset::detail {

/// Whether this CPU (and its operating system) runs AVX2 code, as glibc found at its start
/// (no CPUID here: a preloaded library must not probe the CPU at every start).
bool avx2_usable() noexcept;

/// Whether the n bytes at p are well-formed UTF-8 (the rules of find_invalid_utf8: no
/// overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequence at the end).
/// Only when avx2_usable(); for fewer than 32 bytes, the byte reader is as fast.
bool utf8_valid_avx2(const unsigned char* p, std::size_t n) noexcept;

}  // namespace erli18n::charset::detail

#endif  // ERLI18N_BASE_UTF8_BLOCKS_H
