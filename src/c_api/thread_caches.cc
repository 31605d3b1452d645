#include "thread_caches.h"

#include <pthread.h>

#include <cstdlib>
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

thread_caches::thread_caches() {
  static_assert(std::is_trivially_copyable_v<remembered_answer>, "answers are calloc'ed");
  answers = static_cast<remembered_answer*>(std::calloc(answer_slots, sizeof(remembered_answer)));
  if (answers == nullptr) throw std::bad_alloc();
}

thread_caches::~thread_caches() { std::free(answers); }

thread_caches& make_thread_caches() {
  const pthread_key_t key = caches_key();
  if (void* p = pthread_getspecific(key)) return *static_cast<thread_caches*>(p);
  auto fresh = std::make_unique<thread_caches>();
  if (pthread_setspecific(key, fresh.get()) != 0) throw std::bad_alloc();
  t_caches = fresh.release();
  return *t_caches;
}

}  // namespace erli18n::intl
