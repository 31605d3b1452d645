#include "epoch.h"

#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstddef>

namespace erli18n::detail {
namespace {

// Enough for any thread pool; threads beyond it share one counter (correct, only slower).
constexpr std::size_t slot_count = 1024;

reader_slot slots[slot_count];
std::atomic<std::size_t> slots_used{0};  // high-water mark: the writer scans only these

#if defined(__SANITIZE_THREAD__)
constexpr bool sanitizing_threads = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
constexpr bool sanitizing_threads = true;
#else
constexpr bool sanitizing_threads = false;
#endif
#else
constexpr bool sanitizing_threads = false;
#endif

bool register_membarrier() noexcept {
  if (sanitizing_threads) return false;
  long supported = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
  if (supported < 0 || (supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0) return false;
  return syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
}

thread_local bool t_overflow = false;

void release_slot(void* p) {
  auto* s = static_cast<reader_slot*>(p);
  // Destructors that run after this one on the exiting thread may still look strings up.
  t_slot = nullptr;
  t_overflow = true;
  s->epoch.store(0, std::memory_order_release);
  s->claimed.store(false, std::memory_order_release);
}

// A pthread key (not a thread_local destructor) releases the slot at thread exit: it needs
// no allocation, so a thread's first lookup stays allocation-free.
pthread_key_t slot_key() {
  static pthread_key_t key = [] {
    pthread_key_t k;
    pthread_key_create(&k, release_slot);
    return k;
  }();
  return key;
}

reader_slot* claim_slot() noexcept {
  for (std::size_t i = 0; i < slot_count; ++i) {
    bool expected = false;
    if (slots[i].claimed.load(std::memory_order_relaxed) ||
        !slots[i].claimed.compare_exchange_strong(expected, true, std::memory_order_acq_rel))
      continue;
    std::size_t used = slots_used.load(std::memory_order_relaxed);
    while (used < i + 1 && !slots_used.compare_exchange_weak(used, i + 1, std::memory_order_seq_cst)) {
    }
    pthread_setspecific(slot_key(), &slots[i]);
    return &slots[i];
  }
  return nullptr;
}

}  // namespace

std::atomic<std::uint64_t> global_epoch{1};
// Readers without a slot: a count of those inside a read section.
std::atomic<std::uint64_t> overflow_readers{0};
std::atomic<bool> asymmetric_fences{false};
constinit thread_local reader_slot* t_slot = nullptr;

reader_slot* claim_this_thread_slot() noexcept {
  if (t_slot == nullptr && !t_overflow) {
    t_slot = claim_slot();
    t_overflow = t_slot == nullptr;
  }
  return t_slot;
}

// Registers for membarrier's private expedited command once, on the first synchronize (no
// process pays its two system calls before it retires something), and says whether the
// process is registered. Concurrent first callers wait for the one that registers (a
// function-local static), so every synchronize returns from here with the final answer.
static bool fences_are_asymmetric() noexcept {
  static const bool registered = [] {
    const bool r = register_membarrier();
    if (r) asymmetric_fences.store(true, std::memory_order_seq_cst);
    return r;
  }();
  return registered;
}

// Why readers that read `asymmetric_fences` at any moment are covered. A reader takes the
// light path (a plain store, no fence) only after it saw the flag true; the flag is set
// only inside fences_are_asymmetric's one-time initialisation, after the registration, and
// every synchronize goes through that initialisation before it scans, so every scan made
// when any reader can have seen the flag true is preceded by a membarrier: on the reader's
// CPU that is a full barrier, either before its slot store (then its pointer load sees the
// pointer the writer published before the membarrier) or after it (then the scan below
// sees the slot). A reader that saw the flag false uses a seq_cst store, ordered before its
// pointer load by itself, with or without a membarrier. A reader needs no consistent view
// of the flag across read sections: each section decides on its own.
void synchronize() noexcept {
  // Every reader's slot store is now ordered before its pointer load, on every CPU.
  if (fences_are_asymmetric()) syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
  const std::uint64_t now = global_epoch.fetch_add(1, std::memory_order_seq_cst) + 1;
  const std::size_t used = slots_used.load(std::memory_order_seq_cst);
  for (std::size_t i = 0; i < used; ++i) {
    for (;;) {
      std::uint64_t e = slots[i].epoch.load(std::memory_order_seq_cst);
      if (e == 0 || e >= now) break;
      sched_yield();
    }
  }
  while (overflow_readers.load(std::memory_order_seq_cst) != 0) sched_yield();
}

}  // namespace erli18n::detail
