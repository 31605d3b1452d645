// MO writer: `compile_mo` reproduces msgfmt's output byte for byte. msgfmt's choices, found
// by experiment with msgfmt 0.21 (see tests/parity/mo_*.sh): static strings sorted by key
// (bytewise, context `\x04` msgid), system-dependent ones in file order after them; a hash
// table sized for all strings but holding only the static ones; tables first, then the
// strings (static originals, static translations, segment names, system-dependent
// originals, then translations), NUL-terminated and unpadded.
#include <algorithm>
#include <cstdint>
#include <cstring>
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

std::string key_of(const po_message& m) {
  std::string key;
  if (m.msgctxt) {
    key = *m.msgctxt;
    key += '\x04';
  }
  key += m.msgid;
  return key;
}

// The first message (in file order) whose key (context, <EOT>, msgid) an earlier one already
// has, whatever the entries' state, obsolete included: msgfmt 0.21 refuses it. One sort of views instead
// of a map of copied keys: no allocation per message. `by_key` receives the indexes of the
// messages that are not obsolete, sorted by key, which is the order of the MO file's tables.
std::optional<error> find_duplicate(const po_file& po, std::vector<std::size_t>& by_key) {
  std::size_t with_context = 0;
  for (const po_message& m : po.messages) with_context += m.msgctxt ? 1 : 0;
  std::vector<std::string> context_keys;  // reserved: the views below must not move
  context_keys.reserve(with_context);
  std::vector<std::pair<std::string_view, std::size_t>> keys;  // (key, index in the file)
  keys.reserve(po.messages.size());
  for (std::size_t i = 0; i < po.messages.size(); ++i) {
    const po_message& m = po.messages[i];
    if (m.msgctxt) {
      context_keys.push_back(key_of(m));
      keys.emplace_back(context_keys.back(), i);
    } else {
      keys.emplace_back(m.msgid, i);
    }
  }
  std::sort(keys.begin(), keys.end());
  by_key.reserve(keys.size());
  for (const auto& k : keys)
    if (!po.messages[k.second].obsolete) by_key.push_back(k.second);
  // Within a run of equal keys the indexes ascend: the run's second one is the first repeat.
  std::size_t repeat = std::string_view::npos, first = 0, run = 0;
  for (std::size_t k = 1; k < keys.size(); ++k) {
    if (keys[k].first != keys[k - 1].first) {
      run = k;
    } else if (k == run + 1 && keys[k].second < repeat) {
      repeat = keys[k].second;
      first = keys[run].second;
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
  return mo_format::build_image(input, !options.no_hash, options.big_endian);
}

}  // namespace

result<std::string> compile_mo(const po_file& po, const mo_compile_options& options) {
  return or_out_of_memory("compiling the catalog", [&] { return compile_unguarded(po, options); });
}

}  // namespace erli18n
