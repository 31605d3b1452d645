#include "catalog.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <thread>
#include <utility>

#include "charset.h"
#include "mo_format.h"
#include "text_hash.h"

namespace erli18n::detail {
namespace {

// An entry over views (the views' text must outlive it); the first form ends at the first NUL.
catalog_entry entry_over(bool has_context, std::string_view context, std::string_view msgid,
                         std::string_view translation) noexcept {
  return {msgid.data(),
          has_context ? context.data() : nullptr,
          translation.data(),
          static_cast<std::uint32_t>(msgid.size()),
          static_cast<std::uint32_t>(context.size()),
          static_cast<std::uint32_t>(translation.size()),
          static_cast<std::uint32_t>(std::min(translation.find('\0'), translation.size()))};
}

// The entry of a key found in a `.mo`'s string `key` (context `\x04` msgid, with the
// lookup's sizes), its forms `forms`, their first `first_size` bytes the first form.
catalog_entry matched_entry(const char* key, const std::string_view* context, std::string_view msgid,
                            std::string_view forms, std::size_t first_size) noexcept {
  catalog_entry e;
  e.context = context ? key : nullptr;
  e.context_size = context ? static_cast<std::uint32_t>(context->size()) : 0;
  e.msgid = context ? key + context->size() + 1 : key;
  e.msgid_size = static_cast<std::uint32_t>(msgid.size());
  e.translation = forms.data();
  e.translation_size = static_cast<std::uint32_t>(forms.size());
  e.first_size = static_cast<std::uint32_t>(first_size);
  return e;
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

[[gnu::cold]] error build_error(const std::string& file, std::size_t line, std::size_t column, errc code,
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

std::uint32_t* message_index::allocate_zeroed(std::size_t bytes) {
  if (bytes < mapped_from) {
    auto* p = static_cast<std::uint32_t*>(std::calloc(bytes / sizeof(std::uint32_t), sizeof(std::uint32_t)));
    if (p == nullptr) throw std::bad_alloc();
    return p;
  }
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return static_cast<std::uint32_t*>(p);
}

void message_index::release_zeroed(std::uint32_t* p, std::size_t bytes) noexcept {
  if (p == nullptr) return;
  if (bytes < mapped_from)
    std::free(p);
  else
    ::munmap(p, bytes);
}

std::size_t catalog::index_bytes() const noexcept {
  return sizeof(catalog) + entries_.capacity() * sizeof(catalog_entry) + index_.bytes();
}

namespace {

// What a lookup adds to an incomplete index (see catalog::lookups_before_indexing).
constexpr std::size_t entries_per_chunk = 1024;

bool valid_utf8(std::string_view s) noexcept {
  return charset::find_invalid_utf8(s) == std::string_view::npos;
}

}  // namespace

// The entry a found message answers with: its key from the lookup's own sizes (the stored
// key equals context `\x04` msgid), its forms from the table.
std::optional<catalog_entry> catalog::find(const std::string_view* context,
                                           std::string_view msgid) const noexcept {
  return find(context, msgid, hash_key(context, msgid));
}

std::optional<catalog_entry> catalog::find_indexed(const std::string_view* context, std::string_view msgid,
                                                   std::uint64_t hash) const noexcept {
  if (mo_ == nullptr) {
    std::optional<message_index::found> f =
        index_.find(hash, [&](std::uint32_t e) { return same_entry_key(entries_[e], context, msgid); });
    if (!f || (f->flags & message_index::unusable) != 0) return std::nullopt;
    return entries_[f->entry];
  }
  std::optional<message_index::found> f = find_in_tables(context, msgid, hash);
  if (!f) return std::nullopt;
  if (f->entry >= tables_.count) return entries_[f->entry - tables_.count];
  // A static string of the `.mo`, checked when it was indexed.
  const std::size_t orig = tables_.orig_table + std::size_t{8} * f->entry;
  const std::size_t trans = tables_.trans_table + std::size_t{8} * f->entry;
  const char* key = reinterpret_cast<const char*>(tables_.data) + tables_.word(orig + 4);
  const std::string_view forms(reinterpret_cast<const char*>(tables_.data) + tables_.word(trans + 4),
                               tables_.word(trans));
  const bool several = (f->flags & message_index::several_forms) != 0;
  return matched_entry(key, context, msgid, forms, several ? std::strlen(forms.data()) : forms.size());
}

// Out of the lookups' way: counts the lookup, builds a chunk past the threshold, and answers
// from the index if that completed it, else from the MO's own table.
std::optional<catalog_entry> catalog::find_before_index(const std::string_view* context,
                                                        std::string_view msgid,
                                                        std::uint64_t hash) const noexcept {
  if (index_.count_lookup(lookups_before_indexing)) index_some(entries_per_chunk);
  if (index_.complete()) return find(context, msgid, hash);
  return find_in_mo(context, msgid);
}

std::string_view catalog::form(std::string_view forms, unsigned long n) const noexcept {
  const std::size_t first = std::min(forms.find('\0'), forms.size());
  unsigned long index = plural().form(n);
  std::size_t start = 0, end = first;
  for (; index > 0; --index) {
    // A form the entry does not have (a short plural entry, a singular one): glibc shows the first.
    if (end >= forms.size()) return forms.substr(0, first);
    start = end + 1;
    end = std::min(forms.find('\0', start), forms.size());
  }
  return forms.substr(start, end - start);
}

std::optional<std::string_view> catalog::translation_otherwise(const std::string_view* context,
                                                               std::string_view msgid, std::uint64_t hash,
                                                               bool plural, unsigned long n) const noexcept {
  const std::optional<catalog_entry> e = find(context, msgid, hash);
  if (!e) return std::nullopt;
  if (!plural) return e->first_form();
  return form(e->translation_view(), n);
}

// Whether entry i's key is context `\x04` msgid (or msgid), as the MO compares keys: the
// bytes up to the stored string's first NUL. Indexed entries only (their strings were
// checked to lie in the image).
bool catalog::same_key(std::uint32_t i, const std::string_view* context,
                       std::string_view msgid) const noexcept {
  if (mo_ == nullptr || i >= tables_.count)
    return same_entry_key(entries_[i - (mo_ ? tables_.count : 0)], context, msgid);
  return mo_key_at(tables_, i, context, msgid, (context ? context->size() + 1 : 0) + msgid.size());
}

// Entry i, checked: what the index records of it and what a lookup of its key answers.
std::optional<indexed_message> catalog::index_key(std::uint32_t i) const noexcept {
  indexed_message m;
  if (mo_ == nullptr || i >= tables_.count) {
    const catalog_entry& e = entries_[i - (mo_ ? tables_.count : 0)];
    if (e.msgid == nullptr) return std::nullopt;  // a system-dependent string this platform cannot expand
    m.has_context = e.context != nullptr;
    m.context = e.context_view();
    m.msgid = e.msgid_view();
    if (e.translation_size == 0 || e.translation[0] == '\0') m.flags |= message_index::unusable;
    if (e.first_size != e.translation_size) m.flags |= message_index::several_forms;
  } else {
    // As the MO's own lookup reads it: a key that is not in the image is never found, a
    // translation that is not (or is empty, or not UTF-8 in a UTF-8 catalog) is a miss.
    std::optional<std::string_view> o = tables_.string(tables_.orig_table, i);
    if (!o) return std::nullopt;
    std::optional<std::string_view> t = tables_.string(tables_.trans_table, i);
    std::string_view key = o->substr(0, o->find('\0'));
    if (std::size_t eot = key.find('\x04'); eot != std::string_view::npos) {
      m.has_context = true;
      m.context = key.substr(0, eot);
      key.remove_prefix(eot + 1);
    }
    m.msgid = key;
    if (!t || t->empty() || t->front() == '\0' ||
        (tables_.check_utf8 && (!valid_utf8(*o) || !valid_utf8(*t))))
      m.flags |= message_index::unusable;
    if (t && t->find('\0') != std::string_view::npos) m.flags |= message_index::several_forms;
  }
  m.hash = hash_key(m.has_context ? &m.context : nullptr, m.msgid);
  return m;
}

// Of two entries with one key, the one the `.mo`'s own lookup answers with (glibc's).
std::uint32_t catalog::winner(std::uint32_t a, std::uint32_t b) const noexcept {
  std::optional<indexed_message> m = index_key(b);
  if (!m || mo_ == nullptr) return a;
  std::optional<mo_hit> hit = mo_access::find(*mo_, m->has_context ? &m->context : nullptr, m->msgid);
  return hit && hit->index == b ? b : a;
}

void catalog::index_some(std::size_t limit) const noexcept {
  if (!index_.try_claim()) return;  // another thread is at it: this lookup goes on without
  const std::size_t begin = index_.built();
  const std::size_t end = std::min(index_.entries(), begin + limit);
  for (std::size_t i = begin; i < end; ++i) {
    const auto e = static_cast<std::uint32_t>(i);
    std::optional<indexed_message> m = index_key(e);
    if (!m) continue;
    const std::string_view* ctx = m->has_context ? &m->context : nullptr;
    index_.insert(
        e, m->hash, m->flags, [&](std::uint32_t other) { return same_key(other, ctx, m->msgid); },
        [&](std::uint32_t other) { return winner(other, e); });
  }
  index_.set_built(end);
  index_.release();
}

void catalog::finish_index() const noexcept {
  while (!index_.complete()) {
    index_some(index_.entries());
    if (!index_.complete()) std::this_thread::yield();  // a lookup holds the claim for one chunk
  }
}

// Before the index is complete: the MO's own lookup, with the index's rules for what
// answers as a miss.
std::optional<catalog_entry> catalog::find_in_mo(const std::string_view* context,
                                                 std::string_view msgid) const noexcept {
  if (mo_ == nullptr) return std::nullopt;
  std::optional<mo_hit> hit = mo_access::find(*mo_, context, msgid);
  if (!hit || !hit->forms || hit->forms->empty() || hit->forms->front() == '\0') return std::nullopt;
  if (hit->index >= tables_.count) return entries_[hit->index - tables_.count];
  if (tables_.check_utf8 && (!valid_utf8(hit->orig) || !valid_utf8(*hit->forms))) return std::nullopt;
  return matched_entry(hit->orig.data(), context, msgid, *hit->forms,
                       std::min(hit->forms->find('\0'), hit->forms->size()));
}

std::optional<catalog_entry> catalog::entry(std::uint32_t i) const noexcept {
  std::optional<indexed_message> m = index_key(i);
  if (!m || (m->flags & message_index::unusable) != 0) return std::nullopt;
  // A key that loses to an equal one is not a message of its own.
  std::optional<catalog_entry> e = find(m->has_context ? &m->context : nullptr, m->msgid, m->hash);
  if (!e || e->msgid != m->msgid.data()) return std::nullopt;
  return e;
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

  result<built_catalog> build(const load_options& options) {
    if (items_.size() > options.max_entries)
      return build_error(file_, 0, 0, errc::limit_exceeded,
                         "catalog has " + std::to_string(items_.size()) +
                             " messages, more than the limit of " + std::to_string(options.max_entries));
    built_catalog out;
    out.value = std::make_unique<catalog>();
    catalog& c = *out.value;
    if (result<void> r = index(c); !r) return r.error();
    assign_text(c, out);
    return out;
  }

 private:
  result<void> index(catalog& c) {
    c.entries_.resize(items_.size());
    for (std::size_t k = 0; k < items_.size(); ++k) {
      const pending& p = items_[k];
      // Views into the source for now, so that duplicates can be compared; assign_text
      // moves them onto retained text.
      c.entries_[k] = entry_over(p.has_context, p.context, p.msgid, p.translation);
    }
    c.index_.allocate(items_.size());
    const pending* duplicate = nullptr;
    for (std::uint32_t k = 0; k < items_.size(); ++k) {
      const pending& p = items_[k];
      const std::string_view* ctx = p.has_context ? &p.context : nullptr;
      std::optional<indexed_message> m = c.index_key(k);
      c.index_.insert(
          k, m->hash, m->flags, [&](std::uint32_t other) { return c.same_key(other, ctx, p.msgid); },
          [&](std::uint32_t other) {
            if (duplicate == nullptr) duplicate = &p;
            return other;
          });
    }
    c.index_.set_built(items_.size());
    if (duplicate)
      return build_error(file_, duplicate->line, duplicate->column, errc::syntax,
                         "duplicate message definition");
    return {};
  }

  void assign_text(catalog& c, built_catalog& out) {
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
  // strings, so they must never move. At most three a message (a plural's forms, then a
  // system-dependent plural's expanded msgid and forms): two was one short, and a growing
  // vector moved short strings under their views (fuzz_store found it).
  std::vector<std::string> joined;
  joined.reserve(3 * po.messages.size());
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
  result<built_catalog> built = builder.build(options);
  if (!built) return built;
  built->value->set_plural(std::move(rule));
  built->value->plural_declared = declared;
  built->fuzzy_skipped = fuzzy_skipped;
  return built;
}

// The catalog of a `.mo` read in place: O(1) (the tables are its entries, the index is
// built later by its lookups), except for the system-dependent strings, expanded at open,
// which get entries of their own, and a file without a hash table, whose index is built
// now (the MO's binary search cannot answer as the index would past a damaged entry).
result<built_catalog> serve_mo_in_place(const mo_catalog& mo, const load_options& options) {
  if (options.verify_all) {
    if (result<void> r = mo.validate(); !r) return std::move(r).error();
  } else if (mo.size() != 0) {
    // The first entry (the header, in the files msgfmt writes) is checked now, in O(1): a
    // file damaged from its start is refused rather than served as all misses.
    if (result<mo_entry> first = mo.entry(0); !first) return std::move(first).error();
  }
  built_catalog out;
  out.value = std::make_unique<catalog>();
  catalog& c = *out.value;
  c.mo_ = &mo;
  c.tables_ = mo_access::tables(mo);
  c.native_tables_ = !c.tables_.swap;
  const std::size_t expanded = mo_access::system_dependent_count(mo);
  c.entries_.resize(expanded);
  for (std::size_t k = 0; k < expanded; ++k) {
    std::optional<mo_entry> found = mo_access::system_dependent(mo, k);
    if (!found) continue;  // msgid stays null: never found
    const mo_entry& e = *found;
    c.entries_[k] = entry_over(e.has_context, e.context, e.msgid, e.translation);
  }
  c.index_.allocate(c.size());
  if (mo.hash_size() == 0) c.finish_index();
  out.uses_mo_text = true;
  return out;
}

namespace {

// A `.mo` whose text the catalog copies (a buffer the caller may free, a reload that keeps
// the previous catalog's keys): every entry read and indexed now. Not inlined into
// build_catalog: a short program's start-up serves its `.mo` in place and never runs this,
// and its code would sit among the functions that start-up does run (the C ABI's start-up
// group of src/c_api/startup_functions.ld), a page of them.
[[gnu::noinline]] result<built_catalog> build_copied_catalog(const mo_catalog& mo,
                                                             const load_options& options,
                                                             const catalog* previous) {
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
  result<built_catalog> built = builder.build(options);
  if (!built) return built;
  built->value->set_plural(mo.plural());
  built->value->plural_declared = mo.header_field("Plural-Forms").has_value();
  built->value->from_mo = true;
  return built;
}

}  // namespace

result<built_catalog> build_catalog(const mo_catalog& mo, const load_options& options,
                                    const catalog* previous, bool copy_text) {
  if (mo.size() > options.max_entries)
    return build_error(mo.name(), 0, 0, errc::limit_exceeded,
                       "catalog has " + std::to_string(mo.size()) + " messages, more than the limit of " +
                           std::to_string(options.max_entries));
  if (copy_text) return build_copied_catalog(mo, options, previous);
  result<built_catalog> built = serve_mo_in_place(mo, options);
  if (!built) return built;
  built->value->borrow_plural(mo.plural());
  built->value->plural_declared = mo.header_field("Plural-Forms").has_value();
  built->value->from_mo = true;
  return built;
}

}  // namespace erli18n::detail
