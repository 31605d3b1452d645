#include "catalog.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <utility>

#include "mo_format.h"
#include "text_hash.h"

namespace erli18n::detail {
namespace {

constexpr std::uint64_t tag_mask = 0xffffffff00000000ULL;

bool same_key(const catalog_entry& e, const std::string_view* context, std::string_view msgid) noexcept {
  if (e.msgid_size != msgid.size() || (e.context != nullptr) != (context != nullptr)) return false;
  // An empty view may have a null data(), which memcmp must never get, even with a length of 0.
  if (context && (e.context_size != context->size() ||
                  (!context->empty() && std::memcmp(e.context, context->data(), context->size()) != 0)))
    return false;
  return msgid.empty() || std::memcmp(e.msgid, msgid.data(), msgid.size()) == 0;
}

// A message on its way into a catalog, as views into the source (a po_file or a mapped .mo).
struct pending {
  bool has_context = false;
  std::string_view context;
  std::string_view msgid;
  std::string_view translation;
  std::size_t line = 0;
  std::size_t column = 0;
};

error build_error(const std::string& file, std::size_t line, std::size_t column, errc code,
                  std::string message) {
  error e;
  e.code = code;
  e.message = std::move(message);
  e.file = file;
  e.line = line;
  e.column = column;
  return e;
}

bool is_c_format(const po_message& m) {
  return std::find(m.flags.begin(), m.flags.end(), "c-format") != m.flags.end();
}

// Only a `<PRI...>` macro or an `I` flag makes a c-format string system-dependent.
bool may_be_system_dependent(const po_message& m) {
  auto may = [](std::string_view s) { return s.find_first_of("<I") != std::string_view::npos; };
  return may(m.msgid) || std::any_of(m.msgstr.begin(), m.msgstr.end(), may);
}

// A segmented string with this platform's expansions, as glibc reads the `.mo` msgfmt
// writes; false when a segment is unknown here.
bool expand(const mo_format::segmented& s, std::string& out) {
  out += s.texts[0];
  for (std::size_t i = 0; i < s.segments.size(); ++i) {
    std::optional<std::string_view> e = mo_format::expand_segment(s.segments[i]);
    if (!e) return false;
    out += *e;
    out += s.texts[i + 1];
  }
  return true;
}

// msgfmt compiles a c-format message with `<PRIu64>`-style macros (or the `I` flag in a
// translation) into a system-dependent string, which glibc finds under its expansion for
// this platform (`%lu`); a catalog read from the .po must answer the same keys. Writes the
// expanded msgid and forms (joined by NULs); false when the message cannot be looked up.
bool expand_system_dependent(const po_message& m, std::string& msgid, std::string& translation) {
  if (!expand(mo_format::segment_c_format(m.msgid, false, nullptr), msgid)) return false;
  for (std::size_t i = 0; i < m.msgstr.size(); ++i) {
    if (i != 0) translation += '\0';
    if (!expand(mo_format::segment_c_format(m.msgstr[i], true, nullptr), translation)) return false;
  }
  return true;
}

}  // namespace

std::size_t catalog::index_bytes() const noexcept {
  return sizeof(catalog) + entries_.capacity() * sizeof(catalog_entry) +
         slots_.capacity() * sizeof(std::uint64_t);
}

std::optional<catalog_entry> catalog::find(const std::string_view* context,
                                           std::string_view msgid) const noexcept {
  return find(context, msgid, hash_key(context, msgid));
}

std::optional<catalog_entry> catalog::find(const std::string_view* context, std::string_view msgid,
                                           std::uint64_t h) const noexcept {
  if (slots_.empty()) return std::nullopt;
  const std::uint64_t tag = h & tag_mask;
  for (std::uint64_t i = h & mask_;; i = (i + 1) & mask_) {
    const std::uint64_t s = slots_[i];
    if (s == 0) return std::nullopt;
    if ((s & tag_mask) == tag) {
      const catalog_entry& e = entries_[(s & ~tag_mask) - 1];
      if (same_key(e, context, msgid)) return e;
    }
  }
}

void catalog::rebase(const char* from, std::size_t size, const char* to) noexcept {
  // Compared as integers: the pointers may belong to unrelated blocks.
  const auto begin = reinterpret_cast<std::uintptr_t>(from);
  auto move = [&](const char*& p) {
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    if (p != nullptr && at >= begin && at - begin < size) p = to + (at - begin);
  };
  for (catalog_entry& e : entries_) {
    move(e.msgid);
    move(e.context);
    move(e.translation);
  }
}

// Builds the index over the pending messages and gives each its text, borrowed from the
// previous catalog when identical, else from the source (`.mo`) or a new block (`.po`).
class catalog_builder {
 public:
  catalog_builder(const std::vector<pending>& items, const catalog* previous, std::string file)
      : items_(items), previous_(previous), file_(std::move(file)) {}

  result<built_catalog> build(bool copy_new_text, const load_options& options) {
    if (items_.size() > options.max_entries)
      return build_error(file_, 0, 0, errc::limit_exceeded,
                         "catalog has " + std::to_string(items_.size()) +
                             " messages, more than the limit of " + std::to_string(options.max_entries));
    built_catalog out;
    out.value = std::make_unique<catalog>();
    catalog& c = *out.value;
    if (result<void> r = index(c); !r) return r.error();
    assign_text(c, copy_new_text, out);
    return out;
  }

 private:
  result<void> index(catalog& c) {
    std::size_t capacity = 8;
    // At most 40% full: a miss then ends after one or two probes, as cheap as a hit.
    while (capacity < items_.size() * 5 / 2 + 1) capacity *= 2;
    c.slots_.assign(capacity, 0);
    c.mask_ = capacity - 1;
    c.entries_.resize(items_.size());
    for (std::size_t k = 0; k < items_.size(); ++k) {
      const pending& p = items_[k];
      catalog_entry& e = c.entries_[k];
      // Views into the source for now, so that duplicates can be compared; assign_text
      // moves them onto retained text.
      e = {p.msgid.data(),
           p.has_context ? p.context.data() : nullptr,
           p.translation.data(),
           static_cast<std::uint32_t>(p.msgid.size()),
           static_cast<std::uint32_t>(p.context.size()),
           static_cast<std::uint32_t>(p.translation.size()),
           static_cast<std::uint32_t>(std::min(p.translation.find('\0'), p.translation.size()))};
      const std::string_view* ctx = p.has_context ? &p.context : nullptr;
      const std::uint64_t h = hash_key(ctx, p.msgid);
      std::uint64_t i = h & c.mask_;
      for (; c.slots_[i] != 0; i = (i + 1) & c.mask_) {
        const std::uint64_t s = c.slots_[i];
        if ((s & tag_mask) == (h & tag_mask) && same_key(c.entries_[(s & ~tag_mask) - 1], ctx, p.msgid))
          return build_error(file_, p.line, p.column, errc::syntax, "duplicate message definition");
      }
      c.slots_[i] = (h & tag_mask) | (k + 1);
    }
    return {};
  }

  void assign_text(catalog& c, bool copy_new_text, built_catalog& out) {
    // Pass 1: borrow what the previous catalog has, and size what is left.
    std::vector<std::uint8_t> own(items_.size(), 0);  // bit 1: key, bit 2: translation
    constexpr std::uint8_t own_key = 1, own_translation = 2;
    std::size_t needed = 0;
    for (std::size_t k = 0; k < items_.size(); ++k) {
      catalog_entry& e = c.entries_[k];
      const pending& p = items_[k];
      const std::optional<catalog_entry> old =
          previous_ ? previous_->find(p.has_context ? &p.context : nullptr, p.msgid) : std::nullopt;
      if (old) {
        e.msgid = old->msgid;
        e.context = old->context;
      } else {
        own[k] |= own_key;
        needed += p.msgid.size() + 1 + (p.has_context ? p.context.size() + 1 : 0);
      }
      if (old && old->translation_view() == p.translation) {
        e.translation = old->translation;
      } else {
        own[k] |= own_translation;
        needed += p.translation.size() + 1;
      }
    }
    if (!copy_new_text) {
      out.uses_mo_text = needed > 0;
      return;
    }
    if (needed == 0) return;
    // Pass 2 (a `.po`): copy what is new into one block.
    out.new_text.bytes = std::make_unique<char[]>(needed);
    out.new_text.size = needed;
    char* w = out.new_text.bytes.get();
    auto copy = [&w](std::string_view s) {
      char* start = w;
      std::memcpy(w, s.data(), s.size());
      w[s.size()] = '\0';
      w += s.size() + 1;
      return start;
    };
    for (std::size_t k = 0; k < items_.size(); ++k) {
      catalog_entry& e = c.entries_[k];
      const pending& p = items_[k];
      if (own[k] & own_key) {
        e.msgid = copy(p.msgid);
        e.context = p.has_context ? copy(p.context) : nullptr;
      }
      if (own[k] & own_translation) e.translation = copy(p.translation);
    }
  }

  const std::vector<pending>& items_;
  const catalog* previous_;
  std::string file_;
};

result<built_catalog> build_catalog(const po_file& po, const load_options& options, const catalog* previous) {
  // msgfmt accepts a header whose Plural-Forms does not parse, and glibc then uses its
  // default rule: a catalog from a .po must read as the .mo compiled from it.
  plural_rule rule;
  bool declared = false;
  if (std::optional<std::string> forms_header = po.header_field("Plural-Forms")) {
    declared = true;
    result<plural_rule> r = plural_rule::parse_for_catalog(*forms_header);
    if (!r) {
      error e = std::move(r).error();  // a rule glibc reads but we cannot: the load fails
      e.file = po.file_name;
      e.column = 0;
      for (const po_message& m : po.messages)
        if (m.is_header()) e.line = m.line;
      return e;
    }
    rule = std::move(*r);
  }
  // Plural translations are stored as their forms joined by NULs, as in a `.mo`, and
  // system-dependent strings expanded. Reserved up front: items keep views into these
  // strings, so they must never move.
  std::vector<std::string> joined;
  joined.reserve(2 * po.messages.size());
  std::vector<pending> items;
  items.reserve(po.messages.size());
  std::size_t fuzzy_skipped = 0;
  for (const po_message& m : po.messages) {
    if (m.obsolete) continue;
    if (m.fuzzy && !options.include_fuzzy && !m.is_header()) {
      ++fuzzy_skipped;
      continue;
    }
    if (m.msgstr.empty() || m.msgstr[0].empty()) continue;  // untranslated: a miss, as in GNU
    pending p;
    p.has_context = m.msgctxt.has_value();
    if (p.has_context) p.context = *m.msgctxt;
    p.msgid = m.msgid;
    p.line = m.line;
    p.column = m.column;
    p.translation = m.msgstr[0];
    if (m.msgid_plural && m.msgstr.size() > 1) {
      std::string& all = joined.emplace_back(m.msgstr[0]);
      for (std::size_t i = 1; i < m.msgstr.size(); ++i) {
        all.push_back('\0');
        all += m.msgstr[i];
      }
      p.translation = all;
    }
    if (is_c_format(m) && may_be_system_dependent(m)) {
      std::string msgid, translation;
      if (!expand_system_dependent(m, msgid, translation)) continue;  // glibc cannot look it up either
      p.msgid = joined.emplace_back(std::move(msgid));
      p.translation = joined.emplace_back(std::move(translation));
    }
    items.push_back(p);
  }
  catalog_builder builder(items, previous, po.file_name);
  result<built_catalog> built = builder.build(true, options);
  if (!built) return built;
  built->value->plural = std::move(rule);
  built->value->plural_declared = declared;
  built->fuzzy_skipped = fuzzy_skipped;
  return built;
}

result<built_catalog> build_catalog(const mo_catalog& mo, const load_options& options,
                                    const catalog* previous, bool copy_text) {
  std::vector<pending> items;
  items.reserve(mo.size());
  for (std::size_t i = 0; i < mo.size(); ++i) {
    result<std::optional<mo_entry>> found = mo.expanded_entry(i);
    if (!found) return std::move(found).error();
    if (!*found) continue;  // a system-dependent string this platform cannot expand
    const mo_entry& e = **found;
    if (e.translation.empty() || e.translation.front() == '\0') continue;
    if (e.system_dependent) {
      // The .mo's own lookup decides which of equal keys wins (a static entry first, then
      // the first such string): only that one is indexed, so that the answers stay its.
      const std::optional<std::string_view> wins =
          e.has_context ? mo.lookup_forms(e.context, e.msgid) : mo.lookup_forms(e.msgid);
      if (!wins || wins->data() != e.translation.data()) continue;
    }
    pending p;
    p.has_context = e.has_context;
    p.context = e.context;
    p.msgid = e.msgid;
    p.translation = e.translation;
    items.push_back(p);
  }
  catalog_builder builder(items, previous, mo.name());
  result<built_catalog> built = builder.build(copy_text, options);
  if (!built) return built;
  built->value->plural = mo.plural();
  built->value->plural_declared = mo.header_field("Plural-Forms").has_value();
  built->value->from_mo = true;
  return built;
}

}  // namespace erli18n::detail
