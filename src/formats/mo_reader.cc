// MO reader: maps or borrows the bytes, validates the fixed structure once, and reads each
// string lazily through bounds-checked accessors (see erli18n/mo.h for the contract).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <limits>
#include <utility>

#include "charset.h"
#include "erli18n/mo.h"
#include "file_io.h"
#include "header_fields.h"
#include "mo_access.h"
#include "mo_format.h"
#include "out_of_memory.h"

namespace erli18n {
std::size_t mo_entry::form_count() const noexcept {
  return static_cast<std::size_t>(std::count(translation.begin(), translation.end(), '\0')) + 1;
}

std::string_view mo_entry::form(std::size_t i) const noexcept {
  std::string_view rest = translation;
  for (;;) {
    std::size_t nul = rest.find('\0');
    if (i == 0) return rest.substr(0, nul);
    if (nul == std::string_view::npos) return {};
    rest.remove_prefix(nul + 1);
    --i;
  }
}

namespace {

using mo_format::segment_end;

// Cold, as every error constructor of the load path (store_write.h says why).
[[gnu::cold]] error mo_error(const std::string& name, errc code, std::string message) {
  error e;
  e.code = code;
  e.file = name;
  e.message = std::move(message);
  return e;
}

// mo_open_options::populate_bytes: the pages put in the mapping now, in one system call,
// rather than each by a page fault at its first read. Best effort: a kernel older than 5.14
// refuses the advice (EINVAL), and the pages then come as they are read.
void populate(void* addr, std::size_t bytes) noexcept { ::madvise(addr, bytes, MADV_POPULATE_READ); }

std::string hex(std::uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, v);
  return buf;
}

// The key of an entry ends at its first NUL (what follows is msgid_plural).
std::string_view key_of(std::string_view orig) noexcept { return orig.substr(0, orig.find('\0')); }

// Compares the lookup key (context `\x04` msgid, or just msgid) with a stored key, like
// strcmp on the assembled key, without assembling it.
int compare_key(const std::string_view* context, std::string_view msgid, std::string_view stored) noexcept {
  auto compare_part = [&stored](std::string_view part) -> int {
    std::size_t n = std::min(part.size(), stored.size());
    int c = n == 0 ? 0 : std::memcmp(part.data(), stored.data(), n);
    if (c != 0) return c;
    if (part.size() > n) return 1;  // stored ran out first
    stored.remove_prefix(n);
    return 0;
  };
  if (context != nullptr) {
    if (int c = compare_part(*context); c != 0) return c;
    if (int c = compare_part(std::string_view("\x04", 1)); c != 0) return c;
  }
  if (int c = compare_part(msgid); c != 0) return c;
  return stored.empty() ? 0 : -1;
}

std::uint32_t hash_key(const std::string_view* context, std::string_view msgid) noexcept {
  mo_format::hashpjw h;
  if (context != nullptr) {
    h.add(*context);
    h.add('\x04');
  }
  h.add(msgid);
  return h.value;
}

bool key_has_nul(const std::string_view* context, std::string_view msgid) noexcept {
  // Stored keys end at their first NUL, so a key containing one can never match.
  return msgid.find('\0') != std::string_view::npos ||
         (context != nullptr && context->find('\0') != std::string_view::npos);
}

mo_entry split_entry(std::string_view orig, std::string_view trans) {
  mo_entry e;
  std::string_view key = orig;
  if (std::size_t nul = orig.find('\0'); nul != std::string_view::npos) {
    key = orig.substr(0, nul);
    e.has_plural = true;
    e.msgid_plural = orig.substr(nul + 1);
    // msgunfmt shows only the text up to the next NUL as msgid_plural.
    e.msgid_plural = e.msgid_plural.substr(0, e.msgid_plural.find('\0'));
  }
  if (std::size_t eot = key.find('\x04'); eot != std::string_view::npos) {
    e.has_context = true;
    e.context = key.substr(0, eot);
    e.msgid = key.substr(eot + 1);
  } else {
    e.msgid = key;
  }
  e.translation = trans;
  return e;
}

// A system-dependent string after expansion at open: two texts in the catalog's
// `sysdep_text`, each followed by a NUL (returned views are C strings). 32-bit offsets:
// the expansion limit keeps the arena below 4 GiB.
struct sysdep_string {
  std::uint32_t display_at = 0;  // with `<PRIu64>` segments, as msgunfmt shows it
  std::uint32_t display_size = 0;
  std::uint32_t expanded_at = 0;  // with this platform's values, what lookups match
  std::uint32_t expanded_size = 0;
  bool expandable = true;
  bool uses_macros = false;
};

struct sysdep_entry {
  sysdep_string orig;
  sysdep_string trans;
};
// mo_open_options::max_expansion documents this bookkeeping (with the sorted index's 4 bytes).
static_assert(sizeof(sysdep_entry) <= 40);

class mapping {
 public:
  mapping() = default;
  mapping(void* addr, std::size_t len) noexcept : addr_(addr), len_(len) {}
  mapping(mapping&& o) noexcept : addr_(std::exchange(o.addr_, nullptr)), len_(std::exchange(o.len_, 0)) {}
  mapping& operator=(mapping&& o) noexcept {
    if (this != &o) {
      reset();
      addr_ = std::exchange(o.addr_, nullptr);
      len_ = std::exchange(o.len_, 0);
    }
    return *this;
  }
  ~mapping() { reset(); }
  void reset() noexcept {
    if (addr_ != nullptr) ::munmap(addr_, len_);
    addr_ = nullptr;
  }
  std::size_t size() const noexcept { return len_; }

 private:
  void* addr_ = nullptr;
  std::size_t len_ = 0;
};

}  // namespace

struct mo_catalog::impl {
  std::string name;
  mapping map;
  std::string owned;  // the native-order image of a converted catalog
  const unsigned char* data = nullptr;
  std::size_t size = 0;
  bool swap = false;
  bool big = false;
  bool converted = false;
  std::uint32_t revision = 0;
  std::uint32_t count = 0;
  std::uint32_t orig_table = 0;
  std::uint32_t trans_table = 0;
  std::uint32_t hash_size = 0;
  std::uint32_t hash_table = 0;
  std::vector<sysdep_entry> sysdeps;
  std::vector<std::uint32_t> sysdep_order;  // expandable sysdeps, sorted by expanded key
  std::string sysdep_text;                  // the texts of `sysdeps`, reserved to fit exactly
  bool check_utf8 = false;                  // entry() checks the text (a catalog read as UTF-8)
  std::string_view header;
  std::string charset = "UTF-8";
  plural_rule plural;

  // What the expansion of the system-dependent strings holds (counted in owned_bytes()).
  std::size_t expanded_bytes() const noexcept {
    if (sysdeps.empty()) return 0;  // an empty string's capacity is its inline buffer
    return sysdep_text.capacity() + sysdeps.capacity() * sizeof(sysdep_entry) +
           sysdep_order.capacity() * sizeof(std::uint32_t);
  }
  std::string_view display(const sysdep_string& s) const noexcept {
    return {sysdep_text.data() + s.display_at, s.display_size};
  }
  std::string_view expanded(const sysdep_string& s) const noexcept {
    return {sysdep_text.data() + s.expanded_at, s.expanded_size};
  }

  std::uint32_t word(std::size_t offset) const noexcept {
    std::uint32_t v;
    std::memcpy(&v, data + offset, 4);
    return swap ? __builtin_bswap32(v) : v;
  }

  // The string described by the (length, offset) pair at `desc`: nullopt unless it lies in
  // the file and is NUL-terminated. `desc` itself was bounds-checked at open.
  std::optional<std::string_view> string_at(std::size_t desc) const noexcept {
    std::uint32_t len = word(desc);
    std::uint32_t off = word(desc + 4);
    if (off >= size || len >= size - off || data[off + len] != 0) return std::nullopt;
    return std::string_view(reinterpret_cast<const char*>(data) + off, len);
  }
  std::optional<std::string_view> orig(std::uint32_t i) const noexcept {
    return string_at(orig_table + std::size_t{8} * i);
  }
  std::optional<std::string_view> trans(std::uint32_t i) const noexcept {
    return string_at(trans_table + std::size_t{8} * i);
  }

  // Index of the static entry with this key, or count.
  std::uint32_t find_static(const std::string_view* context, std::string_view msgid) const noexcept {
    if (count == 0) return count;
    if (hash_size != 0) {
      std::uint32_t h = hash_key(context, msgid);
      std::uint32_t idx = h % hash_size;
      std::uint32_t incr = 1 + h % (hash_size - 2);
      // Bounded: a table with no empty slot would otherwise loop forever. In a well-formed
      // table the probe sequence (distinct slots, as the size is prime) meets at most
      // `count` occupied slots before an empty one, so count + 1 probes suffice.
      const std::uint32_t max_probes =
          std::min<std::uint32_t>(hash_size, count == UINT32_MAX ? count : count + 1);
      for (std::uint32_t probes = 0; probes < max_probes; ++probes) {
        std::uint32_t slot = word(hash_table + std::size_t{4} * idx);
        if (slot == 0) return count;
        if (slot - 1 < count) {
          std::optional<std::string_view> o = orig(slot - 1);
          if (o && compare_key(context, msgid, key_of(*o)) == 0) return slot - 1;
        }
        idx = idx >= hash_size - incr ? idx - (hash_size - incr) : idx + incr;
      }
      return count;
    }
    std::uint32_t lo = 0, hi = count;
    while (lo < hi) {
      std::uint32_t mid = lo + (hi - lo) / 2;
      std::optional<std::string_view> o = orig(mid);
      if (!o) return count;  // a corrupt entry: the order cannot be trusted past it
      int c = compare_key(context, msgid, key_of(*o));
      if (c == 0) return mid;
      if (c < 0)
        hi = mid;
      else
        lo = mid + 1;
    }
    return count;
  }

  std::optional<detail::mo_hit> find_hit(const std::string_view* context,
                                         std::string_view msgid) const noexcept {
    if (key_has_nul(context, msgid)) return std::nullopt;
    std::uint32_t i = find_static(context, msgid);
    if (i != count) return detail::mo_hit{i, *orig(i), trans(i)};
    if (sysdep_order.empty()) return std::nullopt;
    auto it = std::lower_bound(sysdep_order.begin(), sysdep_order.end(), 0, [&](std::uint32_t s, int) {
      return compare_key(context, msgid, key_of(expanded(sysdeps[s].orig))) > 0;
    });
    if (it == sysdep_order.end() || compare_key(context, msgid, key_of(expanded(sysdeps[*it].orig))) != 0)
      return std::nullopt;
    return detail::mo_hit{count + *it, expanded(sysdeps[*it].orig), expanded(sysdeps[*it].trans)};
  }

  std::optional<std::string_view> find_forms(const std::string_view* context,
                                             std::string_view msgid) const noexcept {
    std::optional<detail::mo_hit> hit = find_hit(context, msgid);
    if (!hit) return std::nullopt;
    return hit->forms;
  }

  std::optional<std::string_view> find_plural(const std::string_view* context, std::string_view msgid,
                                              unsigned long n) const noexcept {
    std::optional<std::string_view> forms = find_forms(context, msgid);
    if (!forms) return std::nullopt;
    mo_entry e;
    e.translation = *forms;
    unsigned long index = plural.form(n);
    if (index >= e.form_count()) return e.form(0);  // glibc's answer, found by experiment
    return e.form(index);
  }

  result<void> read_structure(const mo_open_options& options);
  result<void> read_sysdeps(const mo_open_options& options);
  template <class Piece, class Segment>
  result<void> walk_segmented(std::uint32_t desc, std::uint32_t nseg, std::uint32_t seg_table, Piece&& piece,
                              Segment&& segment) const;
  void sort_sysdeps();
  result<void> check_sysdep_utf8() const;
  [[gnu::cold]] error utf8_error(const char* what, std::size_t index, std::size_t desc, std::size_t at) const;
  result<mo_entry> entry(std::size_t index, bool check_text) const;
  result<void> read_header();
  result<void> convert();
  static result<void> open_common(impl& m, const mo_open_options& options);
};

result<void> mo_catalog::impl::read_structure(const mo_open_options& options) {
  if (size > options.max_bytes)
    return mo_error(name, errc::limit_exceeded,
                    "file is " + std::to_string(size) + " bytes, more than the limit of " +
                        std::to_string(options.max_bytes));
  if (size < 4 * mo_format::header_words_v0)
    return mo_error(
        name, errc::syntax,
        "file is too small for an mo header (" + std::to_string(size) + " bytes, at least 28 needed)");
  std::uint32_t m;
  std::memcpy(&m, data, 4);
  if (m == mo_format::magic) {
    swap = false;
  } else if (__builtin_bswap32(m) == mo_format::magic) {
    swap = true;
  } else {
    return mo_error(name, errc::syntax, "bad magic number " + hex(m) + " at offset 0: not an mo file");
  }
  big = (std::endian::native == std::endian::big) != swap;
  revision = word(4);
  std::uint32_t major = revision >> 16, minor = revision & 0xffff;
  if (major > 1 || minor > 1)
    return mo_error(name, errc::syntax, "unsupported mo revision " + hex(revision) + " at offset 4");
  count = word(8);
  orig_table = word(12);
  trans_table = word(16);
  hash_size = word(20);
  hash_table = word(24);
  std::size_t header_bytes = 4 * mo_format::header_words_v0;
  if (minor >= 1) {
    header_bytes = 4 * mo_format::header_words_v1;
    if (size < header_bytes)
      return mo_error(name, errc::syntax,
                      "file is too small for a revision 1 mo header (" + std::to_string(size) +
                          " bytes, at least 48 needed)");
  }

  struct region {
    const char* what;
    std::uint64_t begin;
    std::uint64_t bytes;
    std::size_t field;
  };
  std::vector<region> regions = {
      {"original strings table", orig_table, std::uint64_t{8} * count, 12},
      {"translated strings table", trans_table, std::uint64_t{8} * count, 16},
  };
  if (hash_size == 1 || hash_size == 2)
    return mo_error(
        name, errc::syntax,
        "invalid hash table size " + std::to_string(hash_size) + " at offset 20 (must be 0 or at least 3)");
  if (hash_size != 0) regions.push_back({"hash table", hash_table, std::uint64_t{4} * hash_size, 24});
  if (minor >= 1) {
    std::uint32_t nseg = word(28), seg_table = word(32), nsys = word(36), osys = word(40), tsys = word(44);
    regions.push_back({"system-dependent segments table", seg_table, std::uint64_t{8} * nseg, 32});
    regions.push_back({"system-dependent original strings table", osys, std::uint64_t{4} * nsys, 40});
    regions.push_back({"system-dependent translated strings table", tsys, std::uint64_t{4} * nsys, 44});
  }
  for (const region& r : regions) {
    if (r.bytes == 0) continue;
    if (r.begin < header_bytes || r.begin > size || r.bytes > size - r.begin)
      return mo_error(name, errc::syntax,
                      std::string(r.what) + " at " + hex(r.begin) + " (" + std::to_string(r.bytes) +
                          " bytes, field at offset " + std::to_string(r.field) + ") lies outside the " +
                          std::to_string(size) + "-byte file or inside its header");
  }
  for (std::size_t i = 0; i < regions.size(); ++i)
    for (std::size_t j = i + 1; j < regions.size(); ++j) {
      const region& a = regions[i];
      const region& b = regions[j];
      if (a.bytes == 0 || b.bytes == 0) continue;
      if (a.begin < b.begin + b.bytes && b.begin < a.begin + a.bytes)
        return mo_error(
            name, errc::syntax,
            std::string(a.what) + " at " + hex(a.begin) + " overlaps the " + b.what + " at " + hex(b.begin));
    }
  if (minor >= 1) return read_sysdeps(options);
  return {};
}

template <class Piece, class Segment>
result<void> mo_catalog::impl::walk_segmented(std::uint32_t desc, std::uint32_t nseg, std::uint32_t seg_table,
                                              Piece&& piece, Segment&& segment) const {
  // A descriptor: the offset of the concatenated texts, then (text length, segment index)
  // pairs; the last pair has index 0xffffffff and its text includes the terminating NUL.
  // `piece` gets each text (the last one without its NUL), `segment` each segment's name
  // and index; either returns false to stop the walk early (a limit was reached, which the caller
  // reports).
  if (desc > size || size - desc < 4)
    return mo_error(name, errc::syntax,
                    "system-dependent string descriptor at " + hex(desc) + " is past the end");
  std::uint64_t text = word(desc);
  std::size_t at = std::size_t{desc} + 4;
  for (;;) {
    if (size - at < 8)
      return mo_error(
          name, errc::syntax,
          "system-dependent string descriptor at " + hex(desc) + " runs past the end of the file");
    std::uint32_t len = word(at);
    std::uint32_t ref = word(at + 4);
    at += 8;
    if (text > size || len > size - text)
      return mo_error(name, errc::syntax,
                      "system-dependent string text at " + hex(text) + " (" + std::to_string(len) +
                          " bytes) lies outside the file");
    std::string_view text_piece(reinterpret_cast<const char*>(data) + text, len);
    text += len;
    if (ref == segment_end) {
      if (text_piece.empty() || text_piece.back() != '\0')
        return mo_error(name, errc::syntax,
                        "system-dependent string at " + hex(text - len) + " is not NUL-terminated");
      text_piece.remove_suffix(1);
      piece(text_piece);
      return {};
    }
    if (!piece(text_piece)) return {};
    if (ref >= nseg)
      return mo_error(name, errc::syntax,
                      "system-dependent segment " + std::to_string(ref) + " at offset " +
                          std::to_string(at - 4) + " is out of range (" + std::to_string(nseg) +
                          " segments)");
    // A segment's length counts its NUL.
    std::uint32_t seg_len = word(seg_table + std::size_t{8} * ref);
    std::uint32_t seg_off = word(seg_table + std::size_t{8} * ref + 4);
    if (seg_len == 0 || seg_off >= size || seg_len > size - seg_off || data[seg_off + seg_len - 1] != 0)
      return mo_error(name, errc::syntax,
                      "system-dependent segment " + std::to_string(ref) + " at " + hex(seg_off) +
                          " is outside the file or not NUL-terminated");
    std::string_view seg_name(reinterpret_cast<const char*>(data) + seg_off, seg_len - 1);
    if (!segment(seg_name.substr(0, seg_name.find('\0')), ref)) return {};
  }
}

namespace {

// What the expanded system-dependent strings of a `size`-byte file may take (mo.h).
std::size_t expansion_limit(const mo_open_options& options, std::size_t size) noexcept {
  const std::size_t by_size = options.max_expansion != 0 && size > SIZE_MAX / options.max_expansion
                                  ? SIZE_MAX
                                  : size * options.max_expansion;
  return std::min({by_size, options.max_bytes, std::size_t{UINT32_MAX}});
}

}  // namespace

// Long (about 100 lines) on purpose: the two passes over the system-dependent strings (measure
// against the expansion limit, then expand) read the same descriptors through the same segment
// cache; keeping them together keeps the limit check next to what it bounds.
result<void> mo_catalog::impl::read_sysdeps(const mo_open_options& options) {
  std::uint32_t nseg = word(28), seg_table = word(32), nsys = word(36), osys = word(40), tsys = word(44);
  auto descriptor = [&](std::uint32_t i, bool translation) {
    return word((translation ? tsys : osys) + std::size_t{4} * i);
  };
  // A catalog refers to a few segments many times (coreutils: 21 strings, 59 references), so
  // each of the first segments is expanded once, on its first reference, not at each one.
  struct cached_segment {
    bool known = false;
    bool expandable = false;
    std::string_view value;
  };
  std::array<cached_segment, 16> cache{};
  auto expansion = [&cache](std::string_view seg, std::uint32_t ref) -> std::optional<std::string_view> {
    if (ref >= cache.size()) return mo_format::expand_segment(seg);
    cached_segment& c = cache[ref];
    if (!c.known) {
      std::optional<std::string_view> v = mo_format::expand_segment(seg);
      c = {true, v.has_value(), v.value_or(std::string_view())};
    }
    if (!c.expandable) return std::nullopt;
    return c.value;
  };
  // Expansion is where a small file can ask for much memory: every string may point at
  // one long text, or repeat a long segment name. So a first pass only measures, and stops
  // as soon as the limit is passed; nothing is allocated before the total is known to fit.
  const std::size_t limit = expansion_limit(options, size);
  constexpr std::size_t per_entry = sizeof(sysdep_entry) + sizeof(std::uint32_t);
  std::size_t total = 0;           // bytes measured so far, bookkeeping included
  std::size_t display_bytes = 0;   // the texts as shown and their NULs
  std::size_t expanded_bytes = 0;  // the texts expanded and their NULs
  auto over_limit = [&] {
    const bool by_size = limit < std::min(options.max_bytes, std::size_t{UINT32_MAX});
    return mo_error(name, errc::limit_exceeded,
                    "expanding its " + std::to_string(nsys) + " system-dependent strings takes more than " +
                        std::to_string(limit) + " bytes, the limit (" +
                        (by_size ? "max_expansion: " + std::to_string(options.max_expansion) +
                                       " times the file's " + std::to_string(size) + " bytes"
                                 : std::string("max_bytes, or 4 GiB")) +
                        ")");
  };
  for (std::uint32_t i = 0; i < nsys; ++i) {
    total += per_entry;
    if (total > limit) return over_limit();
    for (bool translation : {false, true}) {
      // Each text is kept twice (as shown, and expanded), each copy followed by a NUL.
      total += 2;
      display_bytes += 1;
      expanded_bytes += 1;
      if (total > limit) return over_limit();
      auto piece = [&](std::string_view p) {
        total += 2 * p.size();
        display_bytes += p.size();
        expanded_bytes += p.size();
        return total <= limit;
      };
      auto segment = [&](std::string_view seg, std::uint32_t ref) {
        const std::optional<std::string_view> value = expansion(seg, ref);
        const std::size_t shown = mo_format::display_segment_size(seg);
        total += shown + (value ? value->size() : 0);
        display_bytes += shown;
        expanded_bytes += value ? value->size() : 0;
        return total <= limit;
      };
      if (result<void> r = walk_segmented(descriptor(i, translation), nseg, seg_table, piece, segment); !r)
        return r;
      if (total > limit) return over_limit();
    }
  }

  // The second pass fills exactly what the first one measured, in one walk a string: the
  // texts as shown first, the expanded ones after them. Every descriptor was read whole by
  // the first pass, so this one cannot fail.
  sysdeps.resize(nsys);
  sysdep_order.reserve(nsys);
  // Zero-filled then written (not resize_and_overwrite: libstdc++ 12 hands that one's
  // callback the capacity it allocated, which may exceed the size asked for, and the bytes
  // past what was measured were then kept as text).
  sysdep_text.assign(display_bytes + expanded_bytes, '\0');
  {
    char* const buf = sysdep_text.data();
    char* shown_at = buf;
    char* expanded_at = buf + display_bytes;
    auto put = [](char*& at, std::string_view p) {
      if (!p.empty()) std::memcpy(at, p.data(), p.size());
      at += p.size();
    };
    for (std::uint32_t i = 0; i < nsys; ++i)
      for (bool translation : {false, true}) {
        sysdep_string& out = translation ? sysdeps[i].trans : sysdeps[i].orig;
        out.display_at = static_cast<std::uint32_t>(shown_at - buf);
        out.expanded_at = static_cast<std::uint32_t>(expanded_at - buf);
        auto piece = [&](std::string_view p) {
          put(shown_at, p);
          put(expanded_at, p);
          return true;
        };
        auto segment = [&](std::string_view seg, std::uint32_t ref) {
          if (seg == "I") {
            *shown_at++ = 'I';
          } else {
            *shown_at++ = '<';
            put(shown_at, seg);
            *shown_at++ = '>';
            out.uses_macros = true;
          }
          if (const std::optional<std::string_view> value = expansion(seg, ref))
            put(expanded_at, *value);
          else
            out.expandable = false;
          return true;
        };
        (void)walk_segmented(descriptor(i, translation), nseg, seg_table, piece, segment);
        out.display_size = static_cast<std::uint32_t>(shown_at - buf) - out.display_at;
        out.expanded_size = static_cast<std::uint32_t>(expanded_at - buf) - out.expanded_at;
        *shown_at++ = '\0';
        *expanded_at++ = '\0';
      }
  }
  for (std::uint32_t i = 0; i < nsys; ++i)
    if (sysdeps[i].orig.expandable && sysdeps[i].trans.expandable) sysdep_order.push_back(i);
  sort_sysdeps();
  return {};
}

void mo_catalog::impl::sort_sysdeps() {
  // The first of equal keys wins, as in file order (std::stable_sort trips clang's
  // deprecation of get_temporary_buffer in libstdc++ 12). Each key is cut at its NUL once,
  // and its first 8 bytes read as one big-endian number, which orders most pairs of keys
  // without a memcmp: the sort runs at every open of a catalog that has such strings.
  struct sort_key {
    std::uint64_t prefix;
    std::string_view key;
    std::uint32_t s;
    bool operator<(const sort_key& o) const noexcept {
      if (prefix != o.prefix) return prefix < o.prefix;
      return key != o.key ? key < o.key : s < o.s;
    }
  };
  std::vector<sort_key> keys;
  keys.reserve(sysdep_order.size());
  for (std::uint32_t s : sysdep_order) {
    const std::string_view k = key_of(expanded(sysdeps[s].orig));
    unsigned char bytes[8] = {};
    std::memcpy(bytes, k.data(), std::min<std::size_t>(k.size(), 8));
    std::uint64_t prefix = 0;
    for (unsigned char b : bytes) prefix = prefix << 8 | b;
    keys.push_back({prefix, k, s});
  }
  // Mostly in order already (msgfmt writes the strings sorted before expansion): insertion
  // sort for a few, the general sort beyond.
  if (keys.size() <= 64) {
    for (std::size_t i = 1; i < keys.size(); ++i)
      for (std::size_t j = i; j > 0 && keys[j] < keys[j - 1]; --j) std::swap(keys[j], keys[j - 1]);
  } else {
    std::sort(keys.begin(), keys.end());
  }
  for (std::size_t i = 0; i < keys.size(); ++i) sysdep_order[i] = keys[i].s;
}

error mo_catalog::impl::utf8_error(const char* what, std::size_t index, std::size_t desc,
                                   std::size_t at) const {
  return mo_error(name, errc::charset,
                  std::string(what) + " " + std::to_string(index) + " (descriptor at offset " +
                      std::to_string(desc) + ") is not valid UTF-8 (byte " + std::to_string(at) +
                      " of the string)");
}

result<void> mo_catalog::impl::check_sysdep_utf8() const {
  // One pass over all the texts: the NUL after each one ends any sequence, so a string
  // cannot borrow bytes from its neighbour.
  const std::size_t bad = charset::find_invalid_utf8(sysdep_text);
  if (bad == std::string_view::npos) return {};
  std::uint32_t osys = word(40), tsys = word(44);
  for (std::size_t i = 0; i < sysdeps.size(); ++i)
    for (bool translation : {false, true}) {
      const sysdep_string& s = translation ? sysdeps[i].trans : sysdeps[i].orig;
      for (auto [at, bytes] :
           {std::pair{s.display_at, s.display_size}, std::pair{s.expanded_at, s.expanded_size}})
        if (bad >= at && bad < std::size_t{at} + bytes)
          return utf8_error(
              translation ? "system-dependent translated string" : "system-dependent original string", i,
              (translation ? tsys : osys) + std::size_t{4} * i, bad - at);
    }
  return mo_error(name, errc::charset, "system-dependent strings are not valid UTF-8");
}

result<mo_entry> mo_catalog::impl::entry(std::size_t index, bool check_text) const {
  if (index < count) {
    auto i = static_cast<std::uint32_t>(index);
    std::optional<std::string_view> o = orig(i);
    if (!o)
      return mo_error(name, errc::syntax,
                      "original string " + std::to_string(index) + " (descriptor at offset " +
                          std::to_string(orig_table + std::size_t{8} * index) +
                          ") lies outside the file or is not NUL-terminated");
    std::optional<std::string_view> t = trans(i);
    if (!t)
      return mo_error(name, errc::syntax,
                      "translated string " + std::to_string(index) + " (descriptor at offset " +
                          std::to_string(trans_table + std::size_t{8} * index) +
                          ") lies outside the file or is not NUL-terminated");
    if (check_text) {
      // As the PO reader refuses invalid UTF-8 in a string: lookups would hand it out.
      if (std::size_t bad = charset::find_invalid_utf8(*o); bad != std::string_view::npos)
        return utf8_error("original string", index, orig_table + std::size_t{8} * index, bad);
      if (std::size_t bad = charset::find_invalid_utf8(*t); bad != std::string_view::npos)
        return utf8_error("translated string", index, trans_table + std::size_t{8} * index, bad);
    }
    return split_entry(*o, *t);
  }
  std::size_t s = index - count;
  if (s >= sysdeps.size()) return mo_error(name, errc::invalid_argument, "entry index out of range");
  mo_entry e = split_entry(display(sysdeps[s].orig), display(sysdeps[s].trans));
  e.system_dependent = true;
  e.uses_format_macros = sysdeps[s].trans.uses_macros;
  return e;
}

result<void> mo_catalog::impl::read_header() {
  std::string_view empty;
  std::uint32_t i = find_static(nullptr, empty);
  if (i != count) {
    std::optional<std::string_view> t = trans(i);
    if (t) header = t->substr(0, t->find('\0'));
  }
  auto field = [this](std::string_view field_name) { return find_header_field(header, field_name); };
  if (std::string_view cs = charset::header_charset(header); !cs.empty()) charset = std::string(cs);
  if (std::optional<std::string_view> pf = field("Plural-Forms")) {
    // A rule glibc cannot read either gets its default; one over our limits is refused.
    result<plural_rule> rule = plural_rule::parse_for_catalog(*pf);
    if (!rule) return mo_error(name, rule.error().code, std::move(rule).error().message);
    plural = std::move(*rule);
  }
  return {};
}

result<void> mo_catalog::impl::convert() {
  // Every string is converted, so the whole catalog is validated first, and the result is
  // a fresh native-order image (the keys change bytes, so the hash table is rebuilt).
  mo_format::image_input input;
  input.statics.reserve(count);
  auto to_utf8 = [this](std::string_view text, std::string& out, const std::string& what) -> result<void> {
    charset::conversion c = charset::to_utf8(text, charset);
    if (!c.ok)
      return mo_error(
          name, errc::charset,
          what + " is not valid " + charset + " (byte " + std::to_string(c.error_offset) + " of the string)");
    out = std::move(c.text);
    return {};
  };
  for (std::uint32_t i = 0; i < count; ++i) {
    std::optional<std::string_view> o = orig(i);
    std::optional<std::string_view> t = trans(i);
    if (!o || !t) {
      result<mo_entry> e = entry(i, false);
      return std::move(e).error();
    }
    std::pair<std::string, std::string> p;
    std::uint32_t o_off = word(orig_table + std::size_t{8} * i + 4);
    std::uint32_t t_off = word(trans_table + std::size_t{8} * i + 4);
    if (result<void> r = to_utf8(*o, p.first, "original string at " + hex(o_off)); !r) return r;
    if (result<void> r = to_utf8(*t, p.second, "translated string at " + hex(t_off)); !r) return r;
    input.statics.push_back(std::move(p));
  }
  // The system-dependent texts, converted into a new arena (conversion changes their sizes).
  std::string sysdep_utf8;
  sysdep_utf8.reserve(sysdep_text.size());
  std::string piece;
  for (sysdep_entry& s : sysdeps)
    for (sysdep_string* str : {&s.orig, &s.trans})
      for (auto [at, bytes] : {std::pair{&str->display_at, &str->display_size},
                               std::pair{&str->expanded_at, &str->expanded_size}}) {
        if (result<void> r =
                to_utf8(std::string_view(sysdep_text).substr(*at, *bytes), piece, "system-dependent string");
            !r)
          return r;
        if (sysdep_utf8.size() + piece.size() >= UINT32_MAX)
          return mo_error(name, errc::limit_exceeded, "system-dependent strings exceed 4 GiB in UTF-8");
        *at = static_cast<std::uint32_t>(sysdep_utf8.size());
        *bytes = static_cast<std::uint32_t>(piece.size());
        sysdep_utf8 += piece;
        sysdep_utf8 += '\0';
      }
  sysdep_text = std::move(sysdep_utf8);
  sysdep_text.shrink_to_fit();
  std::sort(input.statics.begin(), input.statics.end(),
            [](const auto& a, const auto& b) { return key_of(a.first) < key_of(b.first); });
  owned = mo_format::build_image(input, true, std::endian::native == std::endian::big);
  data = reinterpret_cast<const unsigned char*>(owned.data());
  size = owned.size();
  swap = false;
  map.reset();
  count = word(8);
  orig_table = word(12);
  trans_table = word(16);
  hash_size = word(20);
  hash_table = word(24);
  converted = true;
  sort_sysdeps();
  header = {};
  std::uint32_t h = find_static(nullptr, std::string_view());
  if (h != count)
    if (std::optional<std::string_view> t = trans(h)) header = t->substr(0, t->find('\0'));
  return {};
}

mo_catalog::mo_catalog(std::unique_ptr<impl> p) noexcept : impl_(std::move(p)) {}
mo_catalog::mo_catalog(mo_catalog&&) noexcept = default;
mo_catalog& mo_catalog::operator=(mo_catalog&&) noexcept = default;
mo_catalog::~mo_catalog() = default;

result<void> mo_catalog::impl::open_common(impl& m, const mo_open_options& options) {
  if (result<void> r = m.read_structure(options); !r) return r;
  if (result<void> r = m.read_header(); !r) return r;
  if (!charset::is_utf8(m.charset) && m.charset != "CHARSET") {
    if (!charset::is_supported(m.charset))
      return mo_error(m.name, errc::charset, "unsupported charset \"" + m.charset + "\" in the header");
    return m.convert();
  }
  // Read as UTF-8 (declared, or no charset at all): the text must be UTF-8. The few
  // system-dependent strings are checked now; the others when entry() reads them, so that
  // opening stays O(1) (the store reads every entry when it loads).
  m.check_utf8 = true;
  return m.check_sysdep_utf8();
}

result<mo_catalog> mo_catalog::from_memory(const void* data, std::size_t size, std::string_view name,
                                           const mo_open_options& options) {
  auto p = std::make_unique<impl>();
  p->name = std::string(name);
  p->data = static_cast<const unsigned char*>(data);
  p->size = size;
  if (size != 0 && data == nullptr) return mo_error(p->name, errc::invalid_argument, "null buffer");
  if (result<void> r = impl::open_common(*p, options); !r) return r.error();
  mo_catalog catalog(std::move(p));
  if (options.validate_all)
    if (result<void> r = catalog.validate(); !r) return r.error();
  return catalog;
}

result<mo_catalog> mo_catalog::open(const std::string& path, const mo_open_options& options) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_error(path, "cannot open", errno);
  result<mo_catalog> r = [&]() -> result<mo_catalog> {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return io_error(path, "cannot stat", errno);
    if (!S_ISREG(st.st_mode)) return mo_error(path, errc::io, "not a regular file");
    return detail::mo_access::map(fd, static_cast<std::size_t>(st.st_size), path, options);
  }();
  ::close(fd);
  return r;
}

namespace detail {

result<mo_catalog> mo_access::map(int fd, std::size_t size, const std::string& path,
                                  const mo_open_options& options) {
  auto p = std::make_unique<mo_catalog::impl>();
  p->name = path;
  if (size > options.max_bytes)
    return mo_error(path, errc::limit_exceeded,
                    "file is " + std::to_string(size) + " bytes, more than the limit of " +
                        std::to_string(options.max_bytes));
  if (size < 4 * mo_format::header_words_v0)
    return mo_error(
        path, errc::syntax,
        "file is too small for an mo header (" + std::to_string(size) + " bytes, at least 28 needed)");
  void* addr = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  if (addr == MAP_FAILED) return io_error(path, "cannot map", errno);
  // Lookups read a few strings here and there: no read-ahead, and no mapping of the pages
  // around each one read (the kernel's fault-around), which would map a whole small file
  // on the first fault and make the resident size that of every file opened.
  ::madvise(addr, size, MADV_RANDOM);
  if (options.populate_bytes != 0) populate(addr, std::min(size, options.populate_bytes));
  p->map = mapping(addr, size);
  p->data = static_cast<const unsigned char*>(addr);
  p->size = size;
  if (result<void> r = mo_catalog::impl::open_common(*p, options); !r) return r.error();
  mo_catalog catalog(std::move(p));
  if (options.validate_all)
    if (result<void> r = catalog.validate(); !r) return r.error();
  return catalog;
}

}  // namespace detail

std::optional<std::string_view> mo_catalog::lookup(std::string_view msgid) const noexcept {
  std::optional<std::string_view> f = impl_->find_forms(nullptr, msgid);
  if (f) f = f->substr(0, f->find('\0'));
  return f;
}
std::optional<std::string_view> mo_catalog::lookup(std::string_view context,
                                                   std::string_view msgid) const noexcept {
  std::optional<std::string_view> f = impl_->find_forms(&context, msgid);
  if (f) f = f->substr(0, f->find('\0'));
  return f;
}
std::optional<std::string_view> mo_catalog::lookup_forms(std::string_view msgid) const noexcept {
  return impl_->find_forms(nullptr, msgid);
}
std::optional<std::string_view> mo_catalog::lookup_forms(std::string_view context,
                                                         std::string_view msgid) const noexcept {
  return impl_->find_forms(&context, msgid);
}
std::optional<std::string_view> mo_catalog::lookup_plural(std::string_view msgid,
                                                          unsigned long n) const noexcept {
  return impl_->find_plural(nullptr, msgid, n);
}
std::optional<std::string_view> mo_catalog::lookup_plural(std::string_view context, std::string_view msgid,
                                                          unsigned long n) const noexcept {
  return impl_->find_plural(&context, msgid, n);
}

std::size_t mo_catalog::size() const noexcept { return impl_->count + impl_->sysdeps.size(); }
result<mo_entry> mo_catalog::entry(std::size_t index) const { return impl_->entry(index, impl_->check_utf8); }

result<std::optional<mo_entry>> mo_catalog::expanded_entry(std::size_t index) const {
  if (index < impl_->count) {
    result<mo_entry> e = impl_->entry(index, impl_->check_utf8);
    if (!e) return std::move(e).error();
    return std::optional<mo_entry>(*e);
  }
  const std::size_t s = index - impl_->count;
  if (s >= impl_->sysdeps.size())
    return mo_error(impl_->name, errc::invalid_argument, "entry index out of range");
  const sysdep_entry& d = impl_->sysdeps[s];
  if (!d.orig.expandable || !d.trans.expandable) return std::optional<mo_entry>();
  mo_entry e = split_entry(impl_->expanded(d.orig), impl_->expanded(d.trans));
  e.system_dependent = true;
  e.uses_format_macros = d.trans.uses_macros;
  return std::optional<mo_entry>(e);
}

result<void> mo_catalog::validate() const {
  for (std::size_t i = 0; i < size(); ++i)
    if (result<mo_entry> e = entry(i); !e) return std::move(e).error();
  return {};
}

std::string_view mo_catalog::header() const noexcept { return impl_->header; }

std::optional<std::string_view> mo_catalog::header_field(std::string_view field_name) const noexcept {
  return find_header_field(impl_->header, field_name);
}

const std::string& mo_catalog::charset() const noexcept { return impl_->charset; }
bool mo_catalog::converted() const noexcept { return impl_->converted; }
const plural_rule& mo_catalog::plural() const noexcept { return impl_->plural; }
bool mo_catalog::big_endian() const noexcept { return impl_->big; }
std::uint32_t mo_catalog::revision() const noexcept { return impl_->revision; }
std::uint32_t mo_catalog::hash_size() const noexcept { return impl_->hash_size; }
std::string_view mo_catalog::image() const noexcept {
  return {reinterpret_cast<const char*>(impl_->data), impl_->size};
}
std::size_t mo_catalog::owned_bytes() const noexcept {
  return impl_->map.size() + impl_->owned.size() + impl_->expanded_bytes();
}
const std::string& mo_catalog::name() const noexcept { return impl_->name; }

result<po_file> decompile_mo(const mo_catalog& catalog) {
  // A lambda, not a helper function: it keeps this friend's access to the catalog.
  return or_out_of_memory("decompiling the catalog", [&]() -> result<po_file> {
    // msgunfmt lists the static entries in file order, then the system-dependent ones, and
    // writes the text back in the catalog's own charset: ASCII when the header names none.
    po_file po;
    po.file_name = catalog.name();
    const bool named = !charset::header_charset(catalog.header()).empty();
    po.charset = named ? catalog.charset() : std::string("ASCII");
    // Text the reader did not convert (UTF-8, no charset, CHARSET; ASCII is the same bytes)
    // stays the file's bytes, invalid ones included: msgunfmt writes them unconverted,
    // leaving out what is no character of the charset, or escaping it under --escape.
    po.unconverted = !catalog.converted() || charset::is_ascii(po.charset);
    po.messages.reserve(catalog.size());
    for (std::size_t i = 0; i < catalog.size(); ++i) {
      // The text as it is, as msgunfmt reads it.
      result<mo_entry> e = catalog.impl_->entry(i, false);
      if (!e) return std::move(e).error();
      po_message m;
      if (e->has_context) m.msgctxt = std::string(e->context);
      m.msgid = std::string(e->msgid);
      if (e->has_plural) {
        m.msgid_plural = std::string(e->msgid_plural);
        for (std::size_t f = 0; f < e->form_count(); ++f) m.msgstr.emplace_back(e->form(f));
      } else {
        m.msgstr.emplace_back(e->translation);
      }
      if (e->system_dependent) {
        // msgunfmt marks a system-dependent message c-format when its msgid and every
        // translation form read as valid C formats (the `I` flag only in translations).
        bool valid = false;
        (void)mo_format::segment_c_format(m.msgid, false, &valid);
        for (std::size_t f = 0; valid && f < m.msgstr.size(); ++f)
          (void)mo_format::segment_c_format(m.msgstr[f], true, &valid);
        if (valid) m.flags.emplace_back("c-format");
      }
      po.messages.push_back(std::move(m));
    }
    return po;
  });
}

namespace detail {

mo_tables mo_access::tables(const mo_catalog& mo) noexcept {
  const mo_catalog::impl& m = *mo.impl_;
  mo_tables t;
  t.data = m.data;
  t.size = m.size;
  t.swap = m.swap;
  t.check_utf8 = m.check_utf8;
  t.count = m.count;
  t.orig_table = m.orig_table;
  t.trans_table = m.trans_table;
  return t;
}

std::optional<mo_hit> mo_access::find(const mo_catalog& mo, const std::string_view* context,
                                      std::string_view msgid) noexcept {
  return mo.impl_->find_hit(context, msgid);
}

std::size_t mo_access::system_dependent_count(const mo_catalog& mo) noexcept {
  return mo.impl_->sysdeps.size();
}

std::optional<mo_entry> mo_access::system_dependent(const mo_catalog& mo, std::size_t k) noexcept {
  const mo_catalog::impl& m = *mo.impl_;
  const sysdep_entry& d = m.sysdeps[k];
  if (!d.orig.expandable || !d.trans.expandable) return std::nullopt;
  return split_entry(m.expanded(d.orig), m.expanded(d.trans));
}

}  // namespace detail

}  // namespace erli18n
