#include "thread_caches.h"

#include <pthread.h>

#include <memory>
#include <new>

namespace erli18n::intl {
namespace {

void release(void* caches) { delete static_cast<thread_caches*>(caches); }

pthread_key_t caches_key() {
  static const pthread_key_t key = [] {
    pthread_key_t k;
    if (pthread_key_create(&k, release) != 0) throw std::bad_alloc();
    return k;
  }();
  return key;
}

}  // namespace

thread_caches& this_thread_caches() {
  const pthread_key_t key = caches_key();
  if (void* p = pthread_getspecific(key)) return *static_cast<thread_caches*>(p);
  auto fresh = std::make_unique<thread_caches>();
  if (pthread_setspecific(key, fresh.get()) != 0) throw std::bad_alloc();
  return *fresh.release();
}

}  // namespace erli18n::intl
