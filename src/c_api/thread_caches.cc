#include "thread_caches.h"

#include <pthread.h>
#include <sys/mman.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

namespace erli18n::intl {
// A plain pointer: no destructor to order (the pthread key's destructor frees the caches).
__thread thread_caches* t_caches __attribute__((tls_model("initial-exec"))) = nullptr;

namespace {

// The caches live in memory of their own alignment from aligned_alloc, not from C++'s
// aligned operator new: libstdc++'s calls a function of libgcc's that lies far from the
// start-up code, a page fault of its own on every process's first lookup.
thread_caches* new_caches() {
  void* p = std::aligned_alloc(alignof(thread_caches), sizeof(thread_caches));
  if (p == nullptr) throw std::bad_alloc();
  return new (p) thread_caches();
}
static_assert(std::is_nothrow_default_constructible_v<thread_caches>, "new_caches cannot leak its memory");

void delete_caches(thread_caches* caches) noexcept {
  caches->~thread_caches();
  std::free(caches);
}

void release(void* caches) {
  delete_caches(static_cast<thread_caches*>(caches));
  t_caches = nullptr;  // a lookup even later makes a fresh set (see the header)
}

pthread_key_t caches_key() {
  static const pthread_key_t key = [] {
    pthread_key_t k;
    if (pthread_key_create(&k, release) != 0) throw std::bad_alloc();
    return k;
  }();
  return key;
}

}  // namespace

static_assert(std::is_trivially_copyable_v<remembered_answer>, "answers are zeroed bytes");
static_assert(sizeof(remembered_answer) == 24, "a set of 8 answers in 3 cache lines (see the header)");
static_assert((sizeof(remembered_answer) << thread_caches::middle_answer_bits) % 4096 == 0,
              "the full table's pages past the middle one's start on a page");
static_assert(sizeof(thread_caches::small_answers) == sizeof(remembered_answer)
                                                          << thread_caches::small_answer_bits);

namespace {
std::size_t table_bytes(unsigned bits) { return sizeof(remembered_answer) << bits; }
}  // namespace

thread_caches::~thread_caches() {
  if (answers != small_answers) ::munmap(answers, table_bytes(answer_bits));
}

namespace {

// The full table's mapping, made when the small table fills, its first middle-table's worth
// of pages in place: the middle table is its start, and the full one grows over it, in
// place (see the header).
remembered_answer* map_larger_tables() noexcept {
  void* p = ::mmap(nullptr, table_bytes(thread_caches::answer_bits), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  // When the kernel cannot (before Linux 5.14), the pages come as they are touched.
  ::madvise(p, table_bytes(thread_caches::middle_answer_bits), MADV_POPULATE_WRITE);
  return static_cast<remembered_answer*>(p);
}

}  // namespace

// Each answer of `from` into the first free way of its set in this table (a thread that
// outgrew a table is looking up its call sites again and again). The ways keep their order:
// the most recently remembered first.
void thread_caches::take_answers(const remembered_answer* from, std::size_t count) noexcept {
  for (std::size_t i = 0; i < count; ++i) {
    if (from[i].empty()) continue;
    remembered_answer* set = answer_set_of(from[i].site, remembered_answer::n_of(from[i].n_plus));
    for (unsigned w = 0; w < answer_ways; ++w)
      if (set[w].empty()) {
        set[w] = from[i];
        ++answers_stored;
        break;
      }
  }
}

bool thread_caches::grow_answers() noexcept {
  answers_stored = 0;  // on failure: try again after another fill
  if (answers_bits == small_answer_bits) {
    remembered_answer* middle = map_larger_tables();
    if (middle == nullptr) return false;
    answers = middle;
    answers_bits = middle_answer_bits;
    take_answers(small_answers, std::size_t{1} << small_answer_bits);
    return true;
  }
  // From the middle table to the full one over it. An answer's set in a table of b bits is
  // its hash's top b bits less the way's, so the middle table's set k moves to the full
  // table's slots [ways * 4k, ways * 4k + ways * 4): four sets of its own, which only the
  // middle sets 4k to 4k + 3 occupied before. Moving the sets from the last to the first,
  // each set's new place is free when its turn comes (those sets moved already), and the
  // set itself is set apart first (the first set's new place holds it).
  ::madvise(answers + (std::size_t{1} << middle_answer_bits),
            table_bytes(answer_bits) - table_bytes(middle_answer_bits), MADV_POPULATE_WRITE);
  constexpr unsigned spread = 1u << (answer_bits - middle_answer_bits);
  constexpr std::size_t middle_slots = std::size_t{1} << middle_answer_bits;
  answers_bits = answer_bits;
  for (std::size_t k = middle_slots / answer_ways; k-- > 0;) {
    remembered_answer set[answer_ways];
    std::memcpy(static_cast<void*>(set), answers + k * answer_ways, sizeof set);
    // The new place, cleared of what moved already; past the middle table it is as mapped,
    // zero. (Set k's own slots, but the first set's, lie in set k / 4's new place: cleared
    // at its turn.)
    remembered_answer* place = answers + k * answer_ways * spread;
    if (place < answers + middle_slots) std::memset(static_cast<void*>(place), 0, sizeof set * spread);
    take_answers(set, answer_ways);
  }
  return true;
}

void thread_caches::forget_answers() noexcept {
  std::memset(static_cast<void*>(answers), 0, table_bytes(answers_bits));
  for (resolution& r : resolutions) r.answers_second = INT64_MIN;  // a new serial at the next lookup
}

thread_caches& make_thread_caches() {
  const pthread_key_t key = caches_key();
  if (void* p = pthread_getspecific(key)) return *static_cast<thread_caches*>(p);
  thread_caches* fresh = new_caches();
  if (pthread_setspecific(key, fresh) != 0) {
    delete_caches(fresh);
    throw std::bad_alloc();
  }
  t_caches = fresh;
  return *t_caches;
}

}  // namespace erli18n::intl
