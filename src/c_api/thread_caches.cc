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
static_assert(sizeof(remembered_answer) == 32, "two answers a cache line, 128 a page (see the header)");
static_assert(sizeof(thread_caches::small_answers) == sizeof(remembered_answer)
                                                          << thread_caches::small_answer_bits);

namespace {
std::size_t table_bytes(unsigned bits) { return sizeof(remembered_answer) << bits; }
}  // namespace

thread_caches::~thread_caches() {
  if (answers != small_answers) ::munmap(answers, table_bytes(answers_bits));
}

bool thread_caches::grow_answers() noexcept {
  const unsigned bits = answers_bits == small_answer_bits ? middle_answer_bits : answer_bits;
  // A mapping of its own, page-aligned (a calloc this large is a mapping too, but 16 bytes
  // into its first page), its pages in place at once (see the header).
  void* larger = ::mmap(nullptr, table_bytes(bits), PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  answers_stored = 0;  // on failure: try again after another fill
  if (larger == MAP_FAILED) return false;
  remembered_answer* old = answers;
  const unsigned old_bits = answers_bits;
  answers = static_cast<remembered_answer*>(larger);
  answers_bits = bits;
  // The answers move along (a thread that outgrew a table is looking up its call sites
  // again and again), each into the first free way of its set in the larger table.
  for (std::size_t i = 0; i < std::size_t{1} << old_bits; ++i) {
    if (old[i].caller_msgid == nullptr) continue;
    remembered_answer* set = answer_set(old[i].caller_msgid, remembered_answer::n_of(old[i].n_plus));
    for (unsigned w = 0; w < answer_ways; ++w)
      if (set[w].caller_msgid == nullptr) {
        set[w] = old[i];
        ++answers_stored;
        break;
      }
  }
  if (old != small_answers) ::munmap(old, table_bytes(old_bits));
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
