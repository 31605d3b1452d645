// Epoch-based reclamation for the catalog store: readers never lock or write shared memory;
// the single writer waits, after publishing a new pointer, until no reader can still hold
// the old one, and only then frees it.
//
// Each reading thread owns one slot (claimed on its first read, released when the thread
// exits). Entering a read section stores the current global epoch in the slot; leaving
// stores 0. `synchronize` advances the epoch and waits until every slot is 0 or holds the
// new epoch: a reader that entered before the advance has left, and one that entered after
// it can only have seen the new pointer.
//
// That needs the reader's slot store ordered before its pointer load. A full fence there
// would cost a third of a lookup, so the cost is moved to the writer: readers only stop the
// compiler from reordering, and the writer, before it scans, makes the kernel run a full
// barrier on every CPU running a thread of the process (membarrier's private expedited
// command, Linux 4.14+). That command needs the process registered first, two system calls
// that a short program (one that loads its catalogs and exits, and so never retires one)
// need not pay: the registration is made by the first `synchronize`, and until then, as
// where the command is unavailable and under ThreadSanitizer (which does not model it),
// readers use a sequentially consistent store instead. Why a reader that saw the old mode
// and one that saw the new are both safe: see `synchronize` in epoch.cc.
#ifndef ERLI18N_SRC_EPOCH_H
#define ERLI18N_SRC_EPOCH_H

#include <atomic>
#include <cstdint>

namespace erli18n::detail {

struct alignas(64) reader_slot {
  std::atomic<std::uint64_t> epoch{0};  // 0: not reading
  std::atomic<bool> claimed{false};
};

// What the inline read section below reads (epoch.cc defines them).
extern std::atomic<std::uint64_t> global_epoch;
extern std::atomic<std::uint64_t> overflow_readers;
// membarrier registered: readers need no fence. False until the first synchronize, then
// for good (it never goes back).
extern std::atomic<bool> asymmetric_fences;
extern constinit thread_local reader_slot* t_slot;
reader_slot* claim_this_thread_slot() noexcept;

// The calling thread's slot, claimed on first use; nullptr when every slot is taken (the
// thread then uses the shared overflow counter).
inline reader_slot* this_thread_slot() noexcept {
  if (reader_slot* s = t_slot) [[likely]]
    return s;
  return claim_this_thread_slot();
}

// Inline: every lookup enters one, and a call each way would cost a tenth of a short lookup.
class read_section {
 public:
  read_section() noexcept : slot_(this_thread_slot()) {
    if (slot_ && asymmetric_fences.load(std::memory_order_relaxed)) [[likely]] {
      slot_->epoch.store(global_epoch.load(std::memory_order_relaxed), std::memory_order_relaxed);
      std::atomic_signal_fence(std::memory_order_seq_cst);  // the writer's membarrier does the rest
    } else if (slot_) {
      slot_->epoch.store(global_epoch.load(std::memory_order_relaxed), std::memory_order_seq_cst);
    } else {
      overflow_readers.fetch_add(1, std::memory_order_seq_cst);
    }
  }
  ~read_section() {
    if (slot_) [[likely]]
      slot_->epoch.store(0, std::memory_order_release);
    else
      overflow_readers.fetch_sub(1, std::memory_order_release);
  }
  read_section(const read_section&) = delete;
  read_section& operator=(const read_section&) = delete;

 private:
  reader_slot* slot_;
};

// Waits until every read section that started before the call has ended. Writer side only.
void synchronize() noexcept;

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_EPOCH_H
