// The MO format's shared pieces (mo_format.h), used by both the reader and the writer: the
// segment tables of system-dependent strings, the hash table size, the image builder and
// the c-format segmentation. One file, so that neither of the two calls into the other.
#include "mo_format.h"

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include "c_format.h"
#include "erli18n/mo.h"
#include "printf_directive.h"

namespace erli18n {

bool is_mo_image(std::string_view bytes) noexcept {
  if (bytes.size() < 4) return false;
  const std::string_view head = bytes.substr(0, 4);
  return head == std::string_view("\xde\x12\x04\x95", 4) || head == std::string_view("\x95\x04\x12\xde", 4);
}

namespace mo_format {

std::optional<std::string_view> expand_segment(std::string_view name) noexcept {
  // glibc knows the <inttypes.h> PRI macros and the `I` flag; the values are this
  // platform's, which is the point of system-dependent strings.
  // Arrays, not pointers: a table of pointers would be relocated, a page of it written, at
  // every start of every program liberli18n_intl.so is preloaded into.
  struct macro {
    char name[12];  // "PRIXLEAST64" and its NUL at most
    char value[8];
  };
#define ERLI18N_PRI_ROW(w)                                                                \
  {"PRId" #w, PRId##w}, {"PRIi" #w, PRIi##w}, {"PRIo" #w, PRIo##w}, {"PRIu" #w, PRIu##w}, \
      {"PRIx" #w, PRIx##w}, {                                                             \
    "PRIX" #w, PRIX##w                                                                    \
  }
  static constexpr macro table[] = {
      ERLI18N_PRI_ROW(8),      ERLI18N_PRI_ROW(16),      ERLI18N_PRI_ROW(32),      ERLI18N_PRI_ROW(64),
      ERLI18N_PRI_ROW(LEAST8), ERLI18N_PRI_ROW(LEAST16), ERLI18N_PRI_ROW(LEAST32), ERLI18N_PRI_ROW(LEAST64),
      ERLI18N_PRI_ROW(FAST8),  ERLI18N_PRI_ROW(FAST16),  ERLI18N_PRI_ROW(FAST32),  ERLI18N_PRI_ROW(FAST64),
      ERLI18N_PRI_ROW(MAX),    ERLI18N_PRI_ROW(PTR),
  };
#undef ERLI18N_PRI_ROW
  if (name == "I") return std::string_view("I");
  // The table's row and column from the name (a file opened at start-up expands every one
  // of its segments, and a scan of the 84 rows was most of that), then one comparison
  // with the row's name, which rejects every name the parse let through by mistake.
  if (name.size() < 5 || name.substr(0, 3) != "PRI") return std::nullopt;
  static constexpr std::string_view conversions = "diouxX";
  const std::size_t column = conversions.find(name[3]);
  if (column == std::string_view::npos) return std::nullopt;
  std::string_view width = name.substr(4);
  std::size_t row = 0;
  if (width == "MAX") {
    row = 12;
  } else if (width == "PTR") {
    row = 13;
  } else {
    if (width.starts_with("LEAST")) {
      row = 4;
      width.remove_prefix(5);
    } else if (width.starts_with("FAST")) {
      row = 8;
      width.remove_prefix(4);
    }
    if (width == "8") {
    } else if (width == "16") {
      row += 1;
    } else if (width == "32") {
      row += 2;
    } else if (width == "64") {
      row += 3;
    } else {
      return std::nullopt;
    }
  }
  const macro& m = table[6 * row + column];
  if (std::string_view(m.name) != name) return std::nullopt;
  return std::string_view(m.value);
}

std::string display_segment(std::string_view name) {
  std::string out;
  append_display_segment(out, name);
  return out;
}

void append_display_segment(std::string& out, std::string_view name) {
  if (name == "I") {
    out += name;
    return;
  }
  out += '<';
  out += name;
  out += '>';
}

namespace {

// msgfmt's primality test treats 3 as composite (its trial division starts at 3 and tests
// the candidate itself), so a count that needs 3 slots gets 5.
bool msgfmt_prime(std::uint64_t candidate) noexcept {
  if (candidate < 3) return candidate == 1;
  if (candidate % 2 == 0) return false;
  for (std::uint64_t d = 3; d * d <= candidate; d += 2)
    if (candidate % d == 0) return false;
  return candidate != 3;
}

class image_writer {
 public:
  explicit image_writer(bool big_endian) : big_(big_endian) {}
  void put(std::uint32_t v) {
    unsigned char b[4];
    for (int i = 0; i < 4; ++i) {
      int shift = big_ ? 24 - 8 * i : 8 * i;
      b[i] = static_cast<unsigned char>(v >> shift);
    }
    out_.append(reinterpret_cast<const char*>(b), 4);
  }
  void put_string(std::string_view s) {
    out_ += s;
    out_ += '\0';
  }
  std::string& bytes() { return out_; }
  void reserve(std::size_t n) { out_.reserve(n); }

 private:
  bool big_;
  std::string out_;
};

std::uint32_t u32(std::size_t v) { return static_cast<std::uint32_t>(v); }

}  // namespace

std::uint32_t hash_table_size(std::uint32_t count) noexcept {
  std::uint64_t seed = std::uint64_t{count} * 4 / 3;
  seed |= 1;
  while (!msgfmt_prime(seed)) seed += 2;
  return static_cast<std::uint32_t>(std::max<std::uint64_t>(seed, 3));
}

// Long (about 130 lines) on purpose: it lays the MO file out in one allocation, section by
// section (segment names, header, string tables, hash table, system-dependent tables, string
// area), each offset computed from the sizes before it; read top to bottom it is the file
// format, which separate functions would hide behind a dozen shared offsets.
std::string build_image(const image_input& input, bool with_hash, bool big_endian, std::size_t alignment) {
  const std::size_t n = input.statics.size();
  const std::size_t m = input.sysdeps.size();
  const bool v1 = m != 0;

  // Segment names, numbered in order of first use: message by message, original first.
  std::vector<std::string> segment_names;
  std::map<std::string, std::uint32_t, std::less<>> segment_index;
  bool uses_i_flag = false;
  auto note_segments = [&](const segmented& s) {
    for (const std::string& name : s.segments) {
      if (name == "I") uses_i_flag = true;
      if (segment_index.emplace(name, u32(segment_names.size())).second) segment_names.push_back(name);
    }
  };
  for (const auto& [o, t] : input.sysdeps) {
    note_segments(o);
    note_segments(t);
  }

  // msgfmt keeps the hash table for system-dependent strings even under --no-hash: glibc
  // inserts their expansions into it at load time.
  const std::uint32_t hash_size = with_hash || v1 ? hash_table_size(u32(n + m)) : 0;
  const std::size_t header_bytes = 4 * (v1 ? header_words_v1 : header_words_v0);
  const std::size_t orig_table = header_bytes;
  const std::size_t trans_table = orig_table + 8 * n;
  const std::size_t hash_table = trans_table + 8 * n;
  const std::size_t seg_table = hash_table + std::size_t{4} * hash_size;
  const std::size_t osys_table = seg_table + 8 * segment_names.size();
  const std::size_t tsys_table = osys_table + 4 * m;
  std::size_t descriptors = tsys_table + 4 * m;
  auto descriptor_bytes = [](const segmented& s) { return 4 + 8 * (s.segments.size() + 1); };
  std::size_t strings = v1 ? descriptors : seg_table;
  if (v1) {
    for (const auto& [o, t] : input.sysdeps) strings += descriptor_bytes(o) + descriptor_bytes(t);
  }

  // Each string (a system-dependent one as a whole) starts at a multiple of `alignment`,
  // zeros before it (msgfmt -a); the last one is not padded after.
  auto aligned = [alignment](std::size_t offset) { return (offset + alignment - 1) / alignment * alignment; };
  const std::size_t string_count = 2 * n + segment_names.size() + 2 * m;

  // The whole image in one allocation: growing it by doubling would copy it and touch
  // twice the pages.
  std::size_t total = strings + string_count * (alignment - 1);
  for (const auto& p : input.statics) total += p.first.size() + p.second.size() + 2;
  for (const std::string& name : segment_names) total += name.size() + 1;
  auto text_bytes = [](const segmented& s) {
    std::size_t b = 1;
    for (const std::string& t : s.texts) b += t.size();
    return b;
  };
  for (const auto& [o, t] : input.sysdeps) total += text_bytes(o) + text_bytes(t);

  image_writer w(big_endian);
  w.reserve(total);
  w.put(magic);
  w.put(v1 ? (uses_i_flag ? 0x00010001U : 1U) : 0U);
  w.put(u32(n));
  w.put(u32(orig_table));
  w.put(u32(trans_table));
  w.put(hash_size);
  w.put(u32(hash_table));
  if (v1) {
    w.put(u32(segment_names.size()));
    w.put(u32(seg_table));
    w.put(u32(m));
    w.put(u32(osys_table));
    w.put(u32(tsys_table));
  }

  // String area offsets, in writing order.
  std::size_t at = strings;
  for (const auto& p : input.statics) {
    at = aligned(at);
    w.put(u32(p.first.size()));
    w.put(u32(at));
    at += p.first.size() + 1;
  }
  for (const auto& p : input.statics) {
    at = aligned(at);
    w.put(u32(p.second.size()));
    w.put(u32(at));
    at += p.second.size() + 1;
  }

  if (hash_size != 0) {
    std::vector<std::uint32_t> slots(hash_size, 0);
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t h = hash_string(input.statics[i].first);
      std::uint32_t idx = h % hash_size;
      std::uint32_t incr = 1 + h % (hash_size - 2);
      while (slots[idx] != 0) idx = idx >= hash_size - incr ? idx - (hash_size - incr) : idx + incr;
      slots[idx] = u32(i + 1);
    }
    for (std::uint32_t s : slots) w.put(s);
  }

  if (v1) {
    std::vector<std::size_t> seg_offsets;
    for (const std::string& name : segment_names) {
      at = aligned(at);
      w.put(u32(name.size() + 1));
      w.put(u32(at));
      at += name.size() + 1;
    }
    std::size_t d = descriptors;
    for (const auto& p : input.sysdeps) {
      w.put(u32(d));
      d += descriptor_bytes(p.first);
    }
    for (const auto& p : input.sysdeps) {
      w.put(u32(d));
      d += descriptor_bytes(p.second);
    }
    auto put_descriptor = [&](const segmented& s) {
      at = aligned(at);
      w.put(u32(at));
      for (std::size_t i = 0; i < s.segments.size(); ++i) {
        w.put(u32(s.texts[i].size()));
        w.put(segment_index.find(s.segments[i])->second);
        at += s.texts[i].size();
      }
      w.put(u32(s.texts.back().size() + 1));
      w.put(segment_end);
      at += s.texts.back().size() + 1;
    };
    for (const auto& p : input.sysdeps) put_descriptor(p.first);
    for (const auto& p : input.sysdeps) put_descriptor(p.second);
  }

  auto pad = [&] { w.bytes().resize(aligned(w.bytes().size()), '\0'); };
  for (const auto& p : input.statics) pad(), w.put_string(p.first);
  for (const auto& p : input.statics) pad(), w.put_string(p.second);
  if (v1) {
    for (const std::string& name : segment_names) pad(), w.put_string(name);
    auto put_texts = [&](const segmented& s) {
      pad();
      for (const std::string& t : s.texts) w.bytes() += t;
      w.bytes() += '\0';
    };
    for (const auto& p : input.sysdeps) put_texts(p.first);
    for (const auto& p : input.sysdeps) put_texts(p.second);
  }
  return std::move(w.bytes());
}

// Splits a c-format string at its `<PRI...>` macros (and, in a translation, its `I` flags)
// as msgfmt does. A string that is not a valid C format (msgfmt's check, c_format.h; the `I`
// flag only in a translation) yields no segments at all.
segmented segment_c_format(std::string_view s, bool translation, bool* valid) {
  if (valid != nullptr) *valid = false;
  segmented plain;
  plain.texts[0] = std::string(s);
  if (!c_format::parse_c_format(s).valid) return plain;
  segmented out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] != '%') {
      out.texts.back() += s[i++];
      continue;
    }
    const printf_directive d = read_printf_directive(s, i);
    const bool macro = d.conversion == '<';
    if (macro && !expand_segment(d.macro)) return plain;
    // The directive's text, cut at each `I` flag and at the macro.
    const std::size_t flags = static_cast<std::size_t>(d.flags.data() - s.data());
    const std::size_t text_end = macro ? d.end - d.macro.size() - 2 : d.end;
    for (std::size_t k = i; k < text_end; ++k) {
      if (k >= flags && k < flags + d.flags.size() && s[k] == 'I') {
        if (!translation) return plain;
        out.segments.emplace_back("I");
        out.texts.emplace_back();
      } else {
        out.texts.back() += s[k];
      }
    }
    if (macro) {
      out.segments.emplace_back(d.macro);
      out.texts.emplace_back();
    }
    i = d.end;
  }
  if (valid != nullptr) *valid = true;
  return out;
}

}  // namespace mo_format
}  // namespace erli18n
