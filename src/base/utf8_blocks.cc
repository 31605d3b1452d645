// UTF-8 validation by blocks, after Keiser and Lemire, "Validating UTF-8 In Less Than One
// Instruction Per Byte" (2021): each byte is checked with the one before it by three table
// lookups (the high nibble of the byte before, its low nibble, the high nibble of this byte),
// each giving the set of errors that nibble allows; an error is present when all three allow
// it. What a pair of bytes cannot tell (a third or fourth byte that must be a continuation)
// is checked against the bytes two and three back. A block of ASCII only checks that the
// block before it did not end inside a sequence.
#include "utf8_blocks.h"

#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && __has_include(<sys/platform/x86.h>)
#include <immintrin.h>
// glibc's header is C's: it names C's boolean type, which clang's C++ does not know.
#if defined(__clang__)
#define _Bool bool
#include <sys/platform/x86.h>
#undef _Bool
#else
#include <sys/platform/x86.h>
#endif
#define ERLI18N_UTF8_AVX2 1
#endif

namespace erli18n::charset::detail {

#if defined(ERLI18N_UTF8_AVX2)
namespace {

// The error classes, one bit each, a pair of bytes (the one before, this one) can show.
constexpr std::uint8_t too_short = 1 << 0;       // a lead byte, then no continuation
constexpr std::uint8_t too_long = 1 << 1;        // ASCII, then a continuation
constexpr std::uint8_t overlong_3 = 1 << 2;      // E0, then 80..9F
constexpr std::uint8_t too_large = 1 << 3;       // F4, then 90..BF; F5..FF, then any continuation
constexpr std::uint8_t surrogate = 1 << 4;       // ED, then A0..BF
constexpr std::uint8_t overlong_2 = 1 << 5;      // C0 or C1, then a continuation
constexpr std::uint8_t too_large_1000 = 1 << 6;  // F5..FF, then 80..8F
constexpr std::uint8_t overlong_4 = 1 << 6;      // F0, then 80..8F (same bit: told apart by the low nibble)
constexpr std::uint8_t two_conts = 1 << 7;       // a continuation, then another
// Bits every low nibble of the byte before allows: the high nibbles alone decide them.
constexpr std::uint8_t carry = too_short | too_long | two_conts;

// The tables, one entry a nibble (laid out by hand: a row of four or eight nibbles each).
// clang-format off
// Indexed by the high nibble of the byte before.
alignas(16) constexpr std::uint8_t by_high_before[16] = {
    too_long,  too_long,  too_long,  too_long,  too_long,  too_long,  too_long,  too_long,  // ASCII
    two_conts, two_conts, two_conts, two_conts,                                             // continuations
    too_short | overlong_2, too_short, too_short | overlong_3 | surrogate,                  // C_, D_, E_
    too_short | too_large | too_large_1000 | overlong_4};                                   // F_
// By the low nibble of the byte before.
constexpr std::uint8_t large = carry | too_large | too_large_1000;
alignas(16) constexpr std::uint8_t by_low_before[16] = {
    carry | overlong_3 | overlong_2 | overlong_4, carry | overlong_2, carry, carry,
    carry | too_large, large, large, large,
    large, large, large, large,
    large, large | surrogate, large, large};
// By the high nibble of this byte.
constexpr std::uint8_t after_80 = too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4;
constexpr std::uint8_t after_90 = too_long | overlong_2 | two_conts | overlong_3 | too_large;
constexpr std::uint8_t after_a0 = too_long | overlong_2 | two_conts | surrogate | too_large;
alignas(16) constexpr std::uint8_t by_high[16] = {
    too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short,  // ASCII
    after_80,  after_90,  after_a0,  after_a0,                                               // continuations
    too_short, too_short, too_short, too_short};                                             // leads
// clang-format on
// A block ends inside a sequence when its last byte is a lead byte, or its second to last
// starts three or four bytes, or its third to last four: bytes above these limits.
constexpr std::uint8_t incomplete_limits[32] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,     0xFF,     0xFF,
                                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,     0xFF,     0xFF,
                                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,     0xFF,     0xFF,
                                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0 - 1, 0xE0 - 1, 0xC0 - 1};

__attribute__((target("avx2"))) inline __m256i table(const std::uint8_t (&t)[16]) noexcept {
  return _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(t)));
}

// The 32 bytes that end `n` bytes before the end of `input`, `prev` being the block before.
template <int n>
__attribute__((target("avx2"))) inline __m256i shifted(__m256i input, __m256i prev) noexcept {
  return _mm256_alignr_epi8(input, _mm256_permute2x128_si256(prev, input, 0x21), 16 - n);
}

struct block_checker {
  __m256i byte_1_high = table(by_high_before);
  __m256i byte_1_low = table(by_low_before);
  __m256i byte_2_high = table(by_high);
  __m256i low_nibble = _mm256_set1_epi8(0x0F);
  __m256i incomplete_limit = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(incomplete_limits));
  __m256i error = _mm256_setzero_si256();
  __m256i prev_input = _mm256_setzero_si256();
  __m256i prev_incomplete = _mm256_setzero_si256();

  // Explicit, for its target: the members' initializers run in it.
  __attribute__((target("avx2"))) block_checker() noexcept {}

  __attribute__((target("avx2"))) void check(__m256i input) noexcept {
    if (_mm256_movemask_epi8(input) == 0) {  // ASCII: only the end of the block before
      error = _mm256_or_si256(error, prev_incomplete);
      prev_incomplete = _mm256_setzero_si256();
      prev_input = input;
      return;
    }
    const __m256i prev1 = shifted<1>(input, prev_input);
    const __m256i high1 = _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low_nibble);
    const __m256i low1 = _mm256_and_si256(prev1, low_nibble);
    const __m256i high2 = _mm256_and_si256(_mm256_srli_epi16(input, 4), low_nibble);
    const __m256i special = _mm256_and_si256(
        _mm256_and_si256(_mm256_shuffle_epi8(byte_1_high, high1), _mm256_shuffle_epi8(byte_1_low, low1)),
        _mm256_shuffle_epi8(byte_2_high, high2));
    // A byte two after a lead of three or four bytes, or three after one of four, must be a
    // continuation: the pairs above flag it as two_conts (bit 7), which these cancel.
    const __m256i prev2 = shifted<2>(input, prev_input);
    const __m256i prev3 = shifted<3>(input, prev_input);
    const __m256i third = _mm256_subs_epu8(prev2, _mm256_set1_epi8(static_cast<char>(0xE0 - 0x80)));
    const __m256i fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8(static_cast<char>(0xF0 - 0x80)));
    const __m256i must_continue =
        _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(static_cast<char>(0x80)));
    error = _mm256_or_si256(error, _mm256_xor_si256(must_continue, special));
    prev_incomplete = _mm256_subs_epu8(input, incomplete_limit);
    prev_input = input;
  }

  __attribute__((target("avx2"))) bool valid() const noexcept {
    const __m256i all = _mm256_or_si256(error, prev_incomplete);
    return _mm256_testz_si256(all, all) != 0;
  }
};

}  // namespace

bool avx2_usable() noexcept {
  // glibc's record of the CPU (made at its start, for its own string functions), not the
  // CPUID instruction: in a virtual machine each CPUID traps to the hypervisor, which cost
  // `ls --help` more than all of its UTF-8 checks. "Active": the CPU has AVX2 and the
  // operating system saves its registers.
  static const bool active = CPU_FEATURE_ACTIVE(AVX2);
  return active;
}

__attribute__((target("avx2"))) bool utf8_valid_avx2(const unsigned char* p, std::size_t n) noexcept {
  block_checker checker;
  std::size_t i = 0;
  for (; n - i >= 32; i += 32) checker.check(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i)));
  if (i == n) return checker.valid();
  if (n >= 32 + 4) {
    const std::size_t last = n - 32;  // where the last 32 bytes start
    // The last 32 bytes, read again in part: a byte's check needs only the three before
    // it, which the four at last - 4 hold (in the top of their broadcast). The block before
    // may end inside a sequence this one completes: it is judged here, with the bytes after.
    std::uint32_t before;
    std::memcpy(&before, p + last - 4, 4);
    checker.prev_input = _mm256_set1_epi32(static_cast<int>(before));
    checker.prev_incomplete = _mm256_setzero_si256();
    checker.check(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + last)));
    return checker.valid();
  }
  // Fewer than 36 bytes: the rest, padded with NULs (ASCII). A sequence cut by the end is
  // then followed by a byte that is no continuation, which the pairs flag.
  alignas(32) unsigned char tail[32] = {};
  std::memcpy(tail, p + i, n - i);
  checker.check(_mm256_load_si256(reinterpret_cast<const __m256i*>(tail)));
  return checker.valid();
}

#else

bool avx2_usable() noexcept { return false; }
bool utf8_valid_avx2(const unsigned char*, std::size_t) noexcept { return false; }

#endif

}  // namespace erli18n::charset::detail
