// The hash index of a catalog: 4-byte slots, 7/4 as many as entries (7 bytes a message),
// open addressing with linear probing. A slot holds two flags of the entry (low 2 bits),
// the entry's number plus one (the next `entry_bits` bits: as many as the catalog's size
// needs) and, in the bits left, the high bits of the key's hash_key as a tag, so most
// probes that would compare the wrong key stop at the tag (a catalog of 60,000 messages
// keeps a 14-bit tag; one of 2^30, the most there can be, none). Entries themselves live
// elsewhere (the catalog's entries or a `.mo`'s own tables); the caller says whether entry
// e has a key, through `same`.
//
// The slots are allocated zeroed (a table of a page or more is fresh pages the kernel only
// provides when touched, so that a load stays O(1)) and filled in order of entry number,
// possibly a chunk at a time by different threads: one builder at a time holds the claim,
// and readers use the slots only once the index is complete (an acquire load that pairs
// with the last builder's release).
#ifndef ERLI18N_SRC_MESSAGE_INDEX_H
#define ERLI18N_SRC_MESSAGE_INDEX_H

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>

namespace erli18n::detail {

class message_index {
 public:
  message_index() = default;
  message_index(const message_index&) = delete;
  message_index& operator=(const message_index&) = delete;
  ~message_index() { release_zeroed(slots_, bytes()); }

  // Entry flags, kept in the slot.
  static constexpr std::uint32_t unusable = 1;       // found, but answers as a miss
  static constexpr std::uint32_t several_forms = 2;  // its translation holds a NUL (plural forms)
  static constexpr std::uint32_t flag_bits = 3;
  static constexpr std::size_t max_entries = std::size_t{1} << 30;

  struct found {
    std::uint32_t entry;
    std::uint32_t flags;
  };

  // Room for `entries` entries (at most max_entries), once. Throws std::bad_alloc.
  void allocate(std::size_t entries) {
    // 2^30 entries take at least 16 GiB of `.mo` tables: no real catalog comes near it.
    if (entries > max_entries) throw std::bad_alloc();
    entries_ = entries;
    const unsigned entry_bits = static_cast<unsigned>(std::bit_width(entries));  // entry + 1 <= entries
    entry_mask_ = static_cast<std::uint32_t>((std::uint64_t{1} << entry_bits) - 1);
    tag_mask_ = static_cast<std::uint32_t>(~std::uint64_t{0} << (2 + entry_bits));
    // At most 4/7 full (7 bytes a message): a miss then ends after a few probes of one
    // cache line, about as cheap as a hit. One empty slot at least, even with no entries,
    // so that a probe needs no test of the size.
    capacity_ = entries + entries * 3 / 4 + 1;
    slots_ = allocate_zeroed(bytes());
    if (entries == 0) complete_.store(true, std::memory_order_release);
  }
  std::size_t bytes() const noexcept { return capacity_ * sizeof(std::uint32_t); }
  bool complete() const noexcept { return complete_.load(std::memory_order_acquire); }

  // Counts a lookup answered without the index; true once there were `threshold`.
  bool count_lookup(std::uint32_t threshold) const noexcept {
    return lookups_.load(std::memory_order_relaxed) >= threshold ||
           lookups_.fetch_add(1, std::memory_order_relaxed) + 1 >= threshold;
  }

  // The entry whose key `same` accepts among those with this hash; complete indexes only.
  // Inline into each lookup: a call would cost a short lookup a tenth.
  template <class Same>
  [[gnu::always_inline]] std::optional<found> find(std::uint64_t hash, Same&& same) const noexcept {
    const std::uint32_t tag = tag_of(hash);
    for (std::size_t i = home(hash);; i = next(i)) {
      const std::uint32_t s = slots_[i];
      if (s == 0) return std::nullopt;
      if (same_tag(s, tag)) {
        const std::uint32_t e = entry_of(s);
        if (same(e)) return found{e, s & flag_bits};
      }
    }
  }

  // ---- building (one thread at a time, holding the claim) ----
  bool try_claim() const noexcept { return !claimed_.exchange(true, std::memory_order_acquire); }
  void release() const noexcept { claimed_.store(false, std::memory_order_release); }
  std::size_t built() const noexcept { return built_; }
  std::size_t entries() const noexcept { return entries_; }
  // Records that entries below `end` are in; completes the index at the last one.
  void set_built(std::size_t end) const noexcept {
    built_ = end;
    if (end == entries_) complete_.store(true, std::memory_order_release);
  }

  // Adds entry `e`. When an entry with the same key (`same(existing)`) is already in,
  // `resolve(existing)` says which of the two stays.
  template <class Same, class Resolve>
  void insert(std::uint32_t e, std::uint64_t hash, std::uint32_t flags, Same&& same,
              Resolve&& resolve) const noexcept {
    const std::uint32_t tag = tag_of(hash);
    const std::uint32_t value = tag | static_cast<std::uint32_t>((std::uint64_t{e} + 1) << 2) | flags;
    for (std::size_t i = home(hash);; i = next(i)) {
      std::uint32_t& s = slots_[i];
      if (s == 0) {
        s = value;
        return;
      }
      const std::uint32_t existing = entry_of(s);
      if (same_tag(s, tag) && same(existing)) {
        if (resolve(existing) == e) s = value;
        return;
      }
    }
  }

 private:
  // Zeroed slots the kernel provides only when touched: a table of a page or more is mapped
  // anonymous memory of its own. The index is built after the first lookups, if ever: a
  // program that exits before (`ls --help` in French: a 13 KiB table) then never touches
  // its pages, where calloc cleared them at the load (4 page faults and 17 K instructions).
  // calloc would also reuse, and so clear, heap memory once glibc's dynamic mmap threshold
  // has risen above the table's size.
  static constexpr std::size_t mapped_from = std::size_t{4} << 10;
  static std::uint32_t* allocate_zeroed(std::size_t bytes);
  static void release_zeroed(std::uint32_t* p, std::size_t bytes) noexcept;
  // The tag: the hash's high bits above the flags and entry (none with 2^30 entries).
  std::uint32_t tag_of(std::uint64_t hash) const noexcept {
    return static_cast<std::uint32_t>(hash >> 32) & tag_mask_;
  }
  bool same_tag(std::uint32_t slot, std::uint32_t tag) const noexcept {
    return ((slot ^ tag) & tag_mask_) == 0;
  }
  std::uint32_t entry_of(std::uint32_t slot) const noexcept { return ((slot >> 2) & entry_mask_) - 1; }
  // The low 32 bits pick the slot (multiply-shift: any capacity, no division); the high
  // ones are the tag, so the two stay independent.
  std::size_t home(std::uint64_t hash) const noexcept {
    return static_cast<std::size_t>((hash & 0xffffffffULL) * capacity_ >> 32);
  }
  std::size_t next(std::size_t i) const noexcept { return i + 1 == capacity_ ? 0 : i + 1; }

  std::uint32_t* slots_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t entries_ = 0;
  std::uint32_t entry_mask_ = 0;
  std::uint32_t tag_mask_ = 0;
  mutable std::size_t built_ = 0;  // the claim's holder only
  mutable std::atomic<bool> complete_{false};
  mutable std::atomic<bool> claimed_{false};
  mutable std::atomic<std::uint32_t> lookups_{0};
};

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_MESSAGE_INDEX_H
