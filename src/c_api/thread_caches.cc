#include "thread_caches.h"

#include <pthread.h>
#include <sys/mman.h>

#include <cstdlib>
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
static_assert(sizeof(thread_caches::small_answers) == sizeof(remembered_answer)
                                                          << thread_caches::small_answer_bits);

thread_caches::~thread_caches() {
  if (answers != small_answers) ::munmap(answers, answer_slots * sizeof(remembered_answer));
}

bool thread_caches::grow_answers() noexcept {
  // A mapping of its own: zero pages, each costing only when first touched, and
  // page-aligned (a calloc this large is a mapping too, but 16 bytes into its first page).
  void* full = ::mmap(nullptr, answer_slots * sizeof(remembered_answer), PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (full == MAP_FAILED) {
    answers_stored = 0;  // try again after another table's fill
    return false;
  }
  answers = static_cast<remembered_answer*>(full);
  answers_bits = answer_bits;
  return true;
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
