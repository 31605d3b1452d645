#include "thread_caches.h"

#include <pthread.h>
#include <sys/mman.h>

#include <memory>
#include <new>
#include <type_traits>

namespace erli18n::intl {
// A plain pointer: no destructor to order (the pthread key's destructor frees the caches).
__thread thread_caches* t_caches __attribute__((tls_model("initial-exec"))) = nullptr;

namespace {

void release(void* caches) {
  delete static_cast<thread_caches*>(caches);
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
  auto fresh = std::make_unique<thread_caches>();
  if (pthread_setspecific(key, fresh.get()) != 0) throw std::bad_alloc();
  t_caches = fresh.release();
  return *t_caches;
}

}  // namespace erli18n::intl
