// MO writer: `compile_mo` reproduces msgfmt's output byte for byte. msgfmt's choices, found
// by experiment with msgfmt 0.21 (see tests/parity/mo_*.sh): static strings sorted by key
// (bytewise, context `\x04` msgid), system-dependent ones in file order after them; a hash
// table sized for all strings but holding only the static ones; tables first, then the
// strings (static originals, static translations, segment names, system-dependent
// originals, then translations), NUL-terminated and unpadded.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include "charset.h"
#include "erli18n/mo.h"
#include "mo_format.h"
#include "out_of_memory.h"

namespace erli18n {
namespace {

using mo_format::segment_c_format;
using mo_format::segmented;

void append(segmented& to, const segmented& from) {
  to.texts.back() += from.texts.front();
  for (std::size_t i = 0; i < from.segments.size(); ++i) {
    to.segments.push_back(from.segments[i]);
    to.texts.push_back(from.texts[i + 1]);
  }
}

error po_error(const po_file& po, const po_message& m, std::string message) {
  error e;
  e.code = errc::syntax;
  e.file = po.file_name;
  e.line = m.line;
  e.column = m.column;
  e.message = std::move(message);
  return e;
}

// A message's key, (context, <EOT>, msgid), as the views it is made of: compared as their
// concatenation without building it, so that sorting the keys allocates nothing per message.
struct key_view {
  std::string_view context;  // followed by <EOT> when has_context
  std::string_view msgid;
  bool has_context = false;
};

key_view key_of(const po_message& m) {
  return m.msgctxt ? key_view{*m.msgctxt, m.msgid, true} : key_view{{}, m.msgid, false};
}

// Compares the concatenations bytewise (as unsigned chars, as std::string does).
int compare_keys(const key_view& a, const key_view& b) {
  if (!a.has_context && !b.has_context) return a.msgid.compare(b.msgid);
  if (a.has_context && b.has_context && a.context.size() == b.context.size()) {
    const int c = a.context.compare(b.context);
    return c != 0 ? c : a.msgid.compare(b.msgid);
  }
  // Different lengths of context: walk both as pieces.
  static constexpr std::string_view eot = "\x04";
  const std::string_view pa[3] = {a.context, a.has_context ? eot : std::string_view(), a.msgid};
  const std::string_view pb[3] = {b.context, b.has_context ? eot : std::string_view(), b.msgid};
  std::size_t i = 0, j = 0, at_i = 0, at_j = 0;
  for (;;) {
    while (i < 3 && at_i == pa[i].size()) ++i, at_i = 0;
    while (j < 3 && at_j == pb[j].size()) ++j, at_j = 0;
    if (i == 3 || j == 3) return (i == 3 ? 0 : 1) - (j == 3 ? 0 : 1);
    const std::size_t n = std::min(pa[i].size() - at_i, pb[j].size() - at_j);
    if (const int c = pa[i].substr(at_i, n).compare(pb[j].substr(at_j, n)); c != 0) return c;
    at_i += n;
    at_j += n;
  }
}

struct keyed_message {
  key_view key;
  std::size_t catalog;
  std::size_t index;
};

// The keys of every message of `catalogs`, sorted by key, then by position: within a run of
// equal keys the first is the first definition.
std::vector<keyed_message> sorted_keys(const std::vector<const po_file*>& catalogs) {
  std::size_t count = 0;
  for (const po_file* po : catalogs) count += po->messages.size();
  std::vector<keyed_message> keys;
  keys.reserve(count);
  for (std::size_t c = 0; c < catalogs.size(); ++c)
    for (std::size_t i = 0; i < catalogs[c]->messages.size(); ++i)
      keys.push_back({key_of(catalogs[c]->messages[i]), c, i});
  std::sort(keys.begin(), keys.end(), [](const keyed_message& x, const keyed_message& y) {
    const int c = compare_keys(x.key, y.key);
    if (c != 0) return c < 0;
    return x.catalog != y.catalog ? x.catalog < y.catalog : x.index < y.index;
  });
  return keys;
}

bool same_key(const keyed_message& x, const keyed_message& y) { return compare_keys(x.key, y.key) == 0; }

// The first message (in file order) whose key an earlier one already has, whatever the
// entries' state, obsolete included: msgfmt 0.21 refuses it. `by_key` receives the indexes
// of the messages that are not obsolete, sorted by key, which is the order of the MO file's
// tables.
std::optional<error> find_duplicate(const po_file& po, std::vector<std::size_t>& by_key) {
  const std::vector<keyed_message> keys = sorted_keys({&po});
  by_key.reserve(keys.size());
  for (const keyed_message& k : keys)
    if (!po.messages[k.index].obsolete) by_key.push_back(k.index);
  // Within a run of equal keys the indexes ascend: the run's second one is the first repeat.
  std::size_t repeat = std::string_view::npos, first = 0, run = 0;
  for (std::size_t k = 1; k < keys.size(); ++k) {
    if (!same_key(keys[k], keys[k - 1])) {
      run = k;
    } else if (k == run + 1 && keys[k].index < repeat) {
      repeat = keys[k].index;
      first = keys[run].index;
    }
  }
  if (repeat == std::string_view::npos) return std::nullopt;
  error e = po_error(po, po.messages[repeat], "duplicate message definition");
  e.message += " (first defined at line " + std::to_string(po.messages[first].line) + ")";
  return e;
}

bool begins_nl(std::string_view s) { return !s.empty() && s.front() == '\n'; }
bool ends_nl(std::string_view s) { return !s.empty() && s.back() == '\n'; }

// The checks msgfmt makes without --check: the newline agreement of msgid with
// msgid_plural and each msgstr.
result<void> check_newlines(const po_file& po, const po_message& m) {
  if (m.is_header()) return {};
  auto mismatch = [&](const char* other, bool begin) -> error {
    return po_error(po, m,
                    std::string("'msgid' and '") + other + "' entries do not both " +
                        (begin ? "begin" : "end") + " with '\\n'");
  };
  if (m.msgid_plural) {
    if (begins_nl(m.msgid) != begins_nl(*m.msgid_plural)) return mismatch("msgid_plural", true);
    if (ends_nl(m.msgid) != ends_nl(*m.msgid_plural)) return mismatch("msgid_plural", false);
    for (std::size_t i = 0; i < m.msgstr.size(); ++i) {
      bool begin = begins_nl(m.msgid) != begins_nl(m.msgstr[i]);
      if (begin || ends_nl(m.msgid) != ends_nl(m.msgstr[i]))
        return mismatch(("msgstr[" + std::to_string(i) + "]").c_str(), begin);
    }
    return {};
  }
  std::string_view str = m.msgstr.empty() ? std::string_view() : std::string_view(m.msgstr[0]);
  if (begins_nl(m.msgid) != begins_nl(str)) return mismatch("msgstr", true);
  if (ends_nl(m.msgid) != ends_nl(str)) return mismatch("msgstr", false);
  return {};
}

// msgfmt drops the header's first `POT-Creation-Date:` line, so that rebuilding a catalog
// from an unchanged translation gives the same bytes.
std::string without_pot_creation_date(std::string_view header) {
  constexpr std::string_view field = "POT-Creation-Date:";
  for (std::size_t line = 0; line < header.size();) {
    std::size_t nl = header.find('\n', line);
    std::size_t end = nl == std::string_view::npos ? header.size() : nl + 1;
    if (header.substr(line, field.size()) == field)
      return std::string(header.substr(0, line)) + std::string(header.substr(end));
    line = end;
  }
  return std::string(header);
}

// A c-format string can only be system-dependent at a `<PRI...>` macro or an `I` flag; a
// string with neither character needs no segmenting.
bool may_have_segments(std::string_view s) { return s.find_first_of("<I") != std::string_view::npos; }

// Long (about 130 lines) on purpose: one pass over the messages fills the parallel tables the
// image is built from (statics, their key lengths and slots, the system-dependent strings),
// which the sort after it reads, with one charset lambda reporting against the file; split,
// each piece would take all of them. compile_mo runs it under the out-of-memory guard
// (HACKING.md "Errors").
result<std::string> compile_unguarded(const po_file& po, const mo_compile_options& options) {
  // Duplicates are fatal whatever the entries' state, fuzzy and untranslated included.
  std::vector<std::size_t> by_key;
  if (std::optional<error> e = find_duplicate(po, by_key)) return std::move(*e);

  const bool convert = !charset::is_utf8(po.charset) && po.charset != "CHARSET";
  // Appends `s` to `out` in the file's charset; in UTF-8 files that is a plain copy.
  auto append_encoded = [&](std::string& out, const po_message& m,
                            std::string_view s) -> std::optional<error> {
    if (!convert) {
      out += s;
      return std::nullopt;
    }
    charset::conversion c = charset::from_utf8(s, po.charset);
    if (!c.ok) {
      error e = po_error(po, m, "cannot convert a string to " + po.charset);
      e.code = errc::charset;
      return e;
    }
    out += c.text;
    return std::nullopt;
  };

  mo_format::image_input input;
  // Static strings in file order, and the length of each one's key (up to its first NUL),
  // which the sort below compares.
  std::vector<std::pair<std::string, std::string>> statics;
  std::vector<std::size_t> key_lengths;
  statics.reserve(po.messages.size());
  key_lengths.reserve(po.messages.size());
  // Where each message's static strings are in `statics`, if it has some.
  constexpr std::uint32_t none = UINT32_MAX;
  std::vector<std::uint32_t> slot(po.messages.size(), none);
  // Whether every static key is exactly (context, <EOT>, msgid), unconverted: `by_key` is then
  // already their order.
  bool keys_as_read = !convert;
  std::string header;
  for (std::size_t index = 0; index < po.messages.size(); ++index) {
    const po_message& m = po.messages[index];
    if (m.obsolete) continue;
    if (m.fuzzy && !options.use_fuzzy && !m.is_header()) continue;
    if (m.msgstr.empty() || m.msgstr[0].empty()) continue;
    if (options.refuse_newline_mismatch)
      if (result<void> r = check_newlines(po, m); !r) return r.error();

    // The header loses its POT-Creation-Date line; every other form is used as it is.
    auto form = [&](std::size_t i) -> std::string_view {
      if (!m.is_header()) return m.msgstr[i];
      header = without_pot_creation_date(m.msgstr[i]);
      return header;
    };

    const bool c_format = std::find(m.flags.begin(), m.flags.end(), "c-format") != m.flags.end();
    bool segments_possible = c_format && may_have_segments(m.msgid);
    for (std::size_t i = 0; c_format && !segments_possible && i < m.msgstr.size(); ++i)
      segments_possible = may_have_segments(m.msgstr[i]);
    if (segments_possible) {
      std::string msgid;
      if (auto e = append_encoded(msgid, m, m.msgid)) return std::move(*e);
      segmented orig = segment_c_format(msgid, false, nullptr);
      bool sysdep = !orig.segments.empty();
      segmented trans;
      for (std::size_t i = 0; i < m.msgstr.size(); ++i) {
        if (i != 0) trans.texts.back() += '\0';
        std::string f;
        if (auto e = append_encoded(f, m, form(i))) return std::move(*e);
        segmented s = segment_c_format(f, true, nullptr);
        sysdep = sysdep || !s.segments.empty();
        append(trans, s);
      }
      if (sysdep) {
        segmented o;
        if (m.msgctxt) {
          if (auto e = append_encoded(o.texts[0], m, *m.msgctxt)) return std::move(*e);
          o.texts[0] += '\x04';
        }
        append(o, orig);
        if (m.msgid_plural) {
          o.texts.back() += '\0';
          if (auto e = append_encoded(o.texts.back(), m, *m.msgid_plural)) return std::move(*e);
        }
        input.sysdeps.emplace_back(std::move(o), std::move(trans));
        continue;
      }
    }

    // Built in place, each string allocated once at its final size (in UTF-8 files).
    std::string orig;
    orig.reserve((m.msgctxt ? m.msgctxt->size() + 1 : 0) + m.msgid.size() +
                 (m.msgid_plural ? m.msgid_plural->size() + 1 : 0));
    if (m.msgctxt) {
      if (auto e = append_encoded(orig, m, *m.msgctxt)) return std::move(*e);
      orig += '\x04';
    }
    if (auto e = append_encoded(orig, m, m.msgid)) return std::move(*e);
    std::size_t key_length = orig.find('\0');
    if (key_length == std::string::npos) key_length = orig.size();
    if (m.msgid_plural) {
      orig += '\0';
      if (auto e = append_encoded(orig, m, *m.msgid_plural)) return std::move(*e);
    }
    std::string trans;
    std::size_t trans_size = m.msgstr.size() - 1;
    for (const std::string& f : m.msgstr) trans_size += f.size();
    trans.reserve(trans_size);
    for (std::size_t i = 0; i < m.msgstr.size(); ++i) {
      if (i != 0) trans += '\0';
      if (auto e = append_encoded(trans, m, form(i))) return std::move(*e);
    }
    keys_as_read = keys_as_read && key_length == (m.msgctxt ? m.msgctxt->size() + 1 : 0) + m.msgid.size();
    slot[index] = static_cast<std::uint32_t>(statics.size());
    statics.emplace_back(std::move(orig), std::move(trans));
    key_lengths.push_back(key_length);
  }
  if (statics.empty() && input.sysdeps.empty()) return std::string();

  // Sorted by key, bytewise, up to the first NUL (keys are unique: duplicates were rejected
  // above). In a UTF-8 file that is the order the duplicate check sorted the messages in;
  // otherwise the encoded keys are sorted, as indexes over precomputed views: no string is
  // moved and no length measured per comparison.
  std::vector<std::uint32_t> order;
  order.reserve(statics.size());
  if (keys_as_read) {
    for (std::size_t i : by_key)
      if (slot[i] != none) order.push_back(slot[i]);
  } else {
    for (std::size_t i = 0; i < statics.size(); ++i) order.push_back(static_cast<std::uint32_t>(i));
    auto key = [&](std::uint32_t i) { return std::string_view(statics[i].first.data(), key_lengths[i]); };
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      int c = key(a).compare(key(b));
      return c != 0 ? c < 0 : a < b;
    });
  }
  input.statics.reserve(statics.size());
  for (std::uint32_t i : order) input.statics.push_back(std::move(statics[i]));
  return mo_format::build_image(input, !options.no_hash, options.big_endian,
                                std::max<std::size_t>(options.alignment, 1));
}

}  // namespace

namespace {

// A hash of the key's bytes that equal keys share: the key split at its first <EOT> (where
// its context ends, unless the context or a context-less msgid holds one), each part hashed.
std::size_t key_hash(const key_view& k) {
  constexpr std::size_t npos = std::string_view::npos;
  std::hash<std::string_view> hash;
  auto combine = [&](std::string_view head, std::string_view tail, bool split) {
    return (hash(head) * 0x9e3779b97f4a7c15ULL) ^ hash(tail) ^ (split ? 1U : 0U);
  };
  if (k.has_context && k.context.find('\x04') == npos) return combine(k.context, k.msgid, true);
  if (!k.has_context) {
    const std::size_t at = k.msgid.find('\x04');
    if (at == npos) return combine({}, k.msgid, false);
    return combine(k.msgid.substr(0, at), k.msgid.substr(at + 1), true);
  }
  std::string whole = std::string(k.context) + '\x04' + std::string(k.msgid);
  const std::size_t at = whole.find('\x04');
  return combine(std::string_view(whole).substr(0, at), std::string_view(whole).substr(at + 1), true);
}

}  // namespace

std::vector<po_repeat> find_repeated_messages(const std::vector<const po_file*>& catalogs) {
  // One open-addressing table of the first definitions, in file order: no allocation per
  // message and no sort, which msgfmt's check on every compile would pay for twice.
  std::vector<std::size_t> starts;  // the ordinal of each catalog's first message
  std::size_t count = 0;
  for (const po_file* po : catalogs) {
    starts.push_back(count);
    count += po->messages.size();
  }
  auto position = [&](std::size_t ordinal) {
    const std::size_t c =
        static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), ordinal) - starts.begin()) -
        1;
    return std::pair(c, ordinal - starts[c]);
  };
  std::size_t size = 16;
  while (size < count * 2) size *= 2;
  // A slot: the upper half of the key's hash, and the ordinal + 1 of its first definition
  // (0: free; a catalog holds far fewer than 2^32 messages); one probe reads one word.
  std::vector<std::uint64_t> slots(size, 0);
  std::vector<po_repeat> repeats;
  // The table outgrows the caches: the slots of a batch of keys are fetched together, so
  // that their misses overlap instead of each probe waiting for its own.
  constexpr std::size_t batch = 16;
  std::uint64_t hashes[batch];
  for (std::size_t c = 0, ordinal = 0; c < catalogs.size(); ++c) {
    const std::vector<po_message>& messages = catalogs[c]->messages;
    for (std::size_t from = 0; from < messages.size(); from += batch) {
      const std::size_t to = std::min(messages.size(), from + batch);
      for (std::size_t i = from; i < to; ++i) {
        hashes[i - from] = key_hash(key_of(messages[i]));
        __builtin_prefetch(&slots[hashes[i - from] & (size - 1)]);
      }
      for (std::size_t i = from; i < to; ++i, ++ordinal) {
        const key_view key = key_of(messages[i]);
        const std::uint64_t h = hashes[i - from];
        const std::uint64_t tag = h >> 32 << 32;
        for (std::size_t slot = h & (size - 1);; slot = (slot + 1) & (size - 1)) {
          if (slots[slot] == 0) {
            slots[slot] = tag | (ordinal + 1);
            break;
          }
          if ((slots[slot] & ~std::uint64_t{0xffffffff}) != tag) continue;
          const auto [first_catalog, first_index] = position((slots[slot] & 0xffffffff) - 1);
          if (compare_keys(key_of(catalogs[first_catalog]->messages[first_index]), key) == 0) {
            repeats.push_back({c, i, first_catalog, first_index});
            break;
          }
        }
      }
    }
  }
  return repeats;
}

result<std::string> compile_mo(const po_file& po, const mo_compile_options& options) {
  return or_out_of_memory("compiling the catalog", [&] { return compile_unguarded(po, options); });
}

}  // namespace erli18n
