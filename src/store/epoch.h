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
// command, Linux 4.14+). Where that command is unavailable, and under ThreadSanitizer
// (which does not model it), readers use a sequentially consistent store instead.
#ifndef ERLI18N_SRC_EPOCH_H
#define ERLI18N_SRC_EPOCH_H

#include <atomic>
#include <cstdint>

namespace erli18n::detail {

struct alignas(64) reader_slot {
  std::atomic<std::uint64_t> epoch{0};  // 0: not reading
  std::atomic<bool> claimed{false};
};

// The calling thread's slot, claimed on first use; nullptr when every slot is taken (the
// thread then uses the shared overflow counter).
reader_slot* this_thread_slot() noexcept;

class read_section {
 public:
  read_section() noexcept;
  ~read_section();
  read_section(const read_section&) = delete;
  read_section& operator=(const read_section&) = delete;

 private:
  reader_slot* slot_;
};

// Waits until every read section that started before the call has ended. Writer side only.
void synchronize() noexcept;

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_EPOCH_H
