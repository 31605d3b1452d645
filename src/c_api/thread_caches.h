// Per-thread memory of the lookup path (see translate.cc and domain_bindings.cc).
//
// Not C++ `thread_local` objects: those are destroyed at thread exit in reverse order of
// construction, so a gettext() called from another thread_local's destructor could find
// them destroyed. These live on the heap behind a pthread key whose destructor runs after
// every C++ thread_local destructor; a lookup made even later (from another key's
// destructor) makes a fresh set, which the next destructor round frees.
#ifndef ERLI18N_INTL_THREAD_CACHES_H
#define ERLI18N_INTL_THREAD_CACHES_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace erli18n::intl {

struct catalog_file;

// How one (domain, category) is answered for one locale, found once and reused while
// nothing it depends on changes: the catalogs to try, in order (every language's directory
// variants; an entry "C" ends the list), and the domain's bound codeset.
struct resolution {
  std::string domain;
  int category = -1;
  std::string locale;          // the thread's erli18n locale, or the C locale's name
  bool thread_locale = false;  // `locale` is the thread's erli18n locale
  // `locale` is a category of the process's global locale (no uselocale in the thread):
  // its name then changes only through setlocale, which moves glibc's counter, so while
  // the counter holds, a lookup need not read the name again.
  bool global_locale = false;
  std::uint64_t bindings = 0;  // domain_bindings.h's generation it was made under
  int glibc_counter = 0;       // and glibc's catalog counter (setlocale moves it)
  // The answers found under this resolution carry the low bits of `serial`, and are good
  // while it holds. It is taken anew from the thread's counter (thread_caches::next_serial)
  // at the first lookup, and whenever the catalogs' epoch (catalog_files.h's
  // catalogs_epoch()) or the catalogs' clock second (catalog_clock()) has moved since: an
  // answer is kept one second at most, so that catalogs are still looked at on disk, and
  // none outlives a reload. `answers_epoch` and `answers_second` are what the serial was
  // taken under; the second's initial value is no clock's.
  std::uint64_t serial = 0;
  std::uint64_t answers_epoch = 0;
  std::int64_t answers_second = INT64_MIN;
  std::vector<catalog_file*> files;
  const char* bound_codeset = nullptr;  // NULL when unset or ""
  // The output codeset is known to be UTF-8 (nothing to convert) for as long as this
  // resolution is used: bound to UTF-8, or unbound with the thread's erli18n locale, or
  // with the global locale in a UTF-8 LC_CTYPE (which only setlocale changes, moving
  // glibc's counter). When false, the codeset is looked at on every lookup.
  bool utf8_output = false;
};

// An answer remembered for one call site, recognised again by comparing the caller's text
// with the catalog's copy of the key (so a reused buffer holding another text is never
// mistaken for it). The call site is kept as the low 32 bits of the caller's msgid pointer
// only: two call sites that share them are told apart, or found to ask the same text, by
// that comparison, and an answer depends on nothing else of the call (its resolution is
// the serial's, n is kept whole). 24 bytes: the larger tables below are touched page by page
// as a thread's call sites fill them, and in a virtual machine each page's first touch
// costs microseconds (docs/performance.md); the 32 bytes of a layout that kept the whole
// pointer and the translation's own pointer took a third more pages, the 64 bytes of one
// that stamped each answer with its resolution, epoch and second twice as many again.
struct alignas(8) remembered_answer {
  std::uint32_t site = 0;        // site_of the caller's msgid ("context\004msgid" for a context)
  std::uint32_t serial = 0;      // the low bits of its resolution's serial then; 0: no answer
  const char* key = nullptr;     // the catalog's copy of the caller's text, contiguous
  std::int32_t text_offset = 0;  // where the translation lies from `key` (text())
  std::uint16_t key_size = 0;    // the answer is remembered only when the key fits
  std::uint16_t n_plus = 0;      // n_plus_of the lookup

  static std::uint32_t site_of(const char* msgid) noexcept {
    return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(msgid));
  }
  bool empty() const noexcept { return serial == 0; }  // no resolution's serial is 0
  /// The translation, before any codeset conversion.
  const char* text() const noexcept {
    return reinterpret_cast<const char*>(
        reinterpret_cast<std::uintptr_t>(key) +
        static_cast<std::uintptr_t>(static_cast<std::intptr_t>(text_offset)));
  }
  /// text_offset for a translation at `text`, when it lies within 2 GiB of `key` (always in
  /// one mapped `.mo`; an answer that does not is not remembered).
  static std::optional<std::int32_t> text_offset_of(const char* key, const char* text) noexcept {
    const auto d = static_cast<std::intptr_t>(reinterpret_cast<std::uintptr_t>(text) -
                                              reinterpret_cast<std::uintptr_t>(key));
    if (d < INT32_MIN || d > INT32_MAX) return std::nullopt;
    return static_cast<std::int32_t>(d);
  }

  /// The n_plus of a lookup: 0 for a singular one, n + 1 for a plural one, and 0 too for a
  /// plural one whose n does not fit (such a lookup is never remembered); n_of undoes it.
  static constexpr std::uint16_t n_plus_of(bool plural, unsigned long n) noexcept {
    return !plural || n >= UINT16_MAX ? 0 : static_cast<std::uint16_t>(n + 1);
  }
  static constexpr unsigned long n_of(std::uint16_t n_plus) noexcept { return n_plus == 0 ? 0 : n_plus - 1u; }
};

struct alignas(remembered_answer) thread_caches {
  // The small answer table (see `answers` below), first: its slots' alignment then costs
  // no padding. Zeroed by its members' initializers, in place: no allocation of its own.
  static constexpr unsigned small_answer_bits = 6;
  remembered_answer small_answers[std::size_t{1} << small_answer_bits];

  // translate.cc: a handful of recent resolutions, replaced in turn. Few enough to scan
  // on every lookup; bounded, so untrusted domains or locale names cannot grow it.
  static constexpr std::size_t resolution_slots = 8;
  std::array<resolution, resolution_slots> resolutions;
  std::size_t filled = 0;       // slots in use
  std::size_t next_victim = 0;  // the slot a new resolution replaces when all are in use
  std::size_t last = 0;         // the slot the previous lookup used: tried first
  std::uint64_t serials = 0;    // the last serial taken (resolution::serial)

  /// A new serial for a resolution's answers. The answers keep its low 32 bits only: when
  /// those wrap, every answer is forgotten and every resolution takes a new serial at its
  /// next lookup, so that no answer outlives its serial's wrap (at one new serial a
  /// microsecond, that takes over an hour of a thread's churning through resolutions).
  std::uint64_t next_serial() noexcept {
    if (static_cast<std::uint32_t>(++serials) == 0) {
      forget_answers();
      ++serials;  // 0 is no answer's serial
    }
    return serials;
  }
  void forget_answers() noexcept;

  // LANGUAGE as last read, re-read when a binding or glibc's catalog counter moves (glibc
  // too answers from its cache until then; see docs/c-abi.md).
  std::uint64_t language_bindings = ~std::uint64_t{0};
  int language_counter = 0;
  std::string language;  // empty when unset or empty

  // Answers by call site, in 8-way sets chosen by the site (and n), in a table that grows
  // with the thread's use. A thread starts with the small table inside this object (64
  // slots, 1.5 KiB: its first lookups touch no page of their own for it), moves to a middle
  // one (1,024 slots, 24 KiB) once it has remembered as many answers as the small one
  // holds, and to the full one (4,096 slots, 96 KiB) once it has remembered half as many
  // as the middle one holds (fuller, its sets would evict answers the thread asks for
  // again); the answers of the table left move to the new one. A short-lived program (`ls
  // --help`: some 50 lookups) stays in the small table. The middle table is the start of
  // the full one's mapping, which grows over it in place (grow_answers), so that the
  // middle table's pages serve the full one too. The pages of each are put in place when
  // it is taken (MADV_POPULATE_WRITE: one system call): the answers a table takes fall on
  // all of its pages in all likelihood (512 answers on 6 or 24 pages), and a first touch
  // of a page not in place costs a page fault of its own: in the virtual machine of
  // docs/performance.md, 10 microseconds a page, against 5 for a page in place; so the
  // full table is as small as its sets allow. Not std::array members: zeroing them would
  // touch every page.
  static constexpr unsigned middle_answer_bits = 10;
  static constexpr unsigned answer_bits = 12;
  remembered_answer* answers = small_answers;
  unsigned answers_bits = small_answer_bits;  // the table's size: 1 << answers_bits slots
  std::uint32_t answers_stored = 0;           // answers remembered in the current table

  /// Counts an answer about to be remembered, and moves to the next larger table, with the
  /// answers of this one, when this one has taken its fill. Returns false when the table
  /// changed, so that the caller asks answer_set again. Never throws: when a larger table
  /// cannot be had, the current one stays.
  bool note_answer_stored() noexcept {
    if (answers_bits == answer_bits || ++answers_stored < fill_of(answers_bits)) return true;
    return !grow_answers();
  }
  /// The answers a table of 1 << bits slots takes before the thread moves on (see above).
  static constexpr std::uint32_t fill_of(unsigned bits) noexcept {
    return bits == small_answer_bits ? std::uint32_t{1} << bits : std::uint32_t{1} << (bits - 1);
  }
  bool grow_answers() noexcept;
  void take_answers(const remembered_answer* from, std::size_t count) noexcept;

  /// The slots (one set of answer_ways) an answer for (msgid, n) may occupy. Eight ways, so
  /// that the call sites hashed to one set seldom outnumber its ways: a program cycling
  /// through more call sites than a set holds misses on each of them at every round (the
  /// least recently remembered leaves first). bench/intl_lookups.c cycles through 1,826:
  /// with 2 ways in 8,192 slots, some 60 sets held three of them; with 8 ways in 4,096, a
  /// Poisson estimate leaves about 4 sets over 8, and 10,000 lookups took 10% less time
  /// than with 4 ways in 8,192 (twice the pages: docs/performance.md).
  static constexpr unsigned answer_ways = 8;
  remembered_answer* answer_set(const char* msgid, unsigned long n) noexcept {
    return answer_set_of(remembered_answer::site_of(msgid), n);
  }
  // From the site alone, so that a larger table can place the answers of a smaller one.
  remembered_answer* answer_set_of(std::uint32_t site, unsigned long n) noexcept {
    std::uint64_t h = (std::uint64_t{site} ^ n) * 0x9E3779B97F4A7C15u;  // Fibonacci hashing
    return &answers[(h >> (64 - answers_bits)) & ~std::uint64_t{answer_ways - 1}];
  }

  /// The way of `set` a new answer for `msgid` asked with `n_plus` (remembered_answer's)
  /// goes to: the first, the others moving one way down (the least recently remembered
  /// out), or, when a way already holds this call site with this n (an answer gone stale),
  /// only those before it. (The call site's answers for another n stay: a singular lookup
  /// and a plural one with n = 0 share a set.)
  static remembered_answer& way_for_new_answer(remembered_answer* set, const char* msgid,
                                               std::uint16_t n_plus) noexcept {
    const std::uint32_t site = remembered_answer::site_of(msgid);
    unsigned last = answer_ways - 1;
    for (unsigned w = 0; w < answer_ways; ++w)
      if (set[w].site == site && set[w].n_plus == n_plus && !set[w].empty()) {
        last = w;
        break;
      }
    for (unsigned w = last; w > 0; --w) set[w] = set[w - 1];
    return set[0];
  }

  thread_caches() = default;
  ~thread_caches();
  thread_caches(const thread_caches&) = delete;
  thread_caches& operator=(const thread_caches&) = delete;
};

/// The calling thread's caches once made, else null. Initial-exec TLS: one load from the
/// thread pointer, no call into the dynamic linker (a pointer fits glibc's static TLS
/// reserve even when the library is dlopen'ed); `__thread`, not `thread_local`, so that
/// other files read it without C++'s TLS wrapper call.
extern __thread thread_caches* t_caches __attribute__((tls_model("initial-exec")));
/// this_thread_caches()'s first call in a thread. Throws std::bad_alloc.
thread_caches& make_thread_caches();
/// The calling thread's caches, made on first use. Throws std::bad_alloc.
inline thread_caches& this_thread_caches() { return t_caches != nullptr ? *t_caches : make_thread_caches(); }

}  // namespace erli18n::intl

#endif  // ERLI18N_INTL_THREAD_CACHES_H
