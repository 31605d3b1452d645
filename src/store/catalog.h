// An immutable catalog of the store: its messages, the compiled plural rule, and where it
// came from. The messages are either entries over NUL-terminated text the store retains (a
// `.po`'s strings copied into one block, or for a `.mo` loaded over an earlier one the
// strings that changed, copied), or a `.mo` image itself, read in place: its own tables
// are the entries, so loading it is O(1) whatever its size.
//
// Either way lookups go through a message_index (message_index.h) over the entries. For a
// `.po` it is built with the catalog; for a `.mo` read in place it is built lazily, by the
// lookups themselves, a bounded chunk at a time once the catalog has answered enough of them
// (a short-lived program never pays for it), and until it is complete the MO's own hash
// table answers. Both give the same answer for every key, so a reader never sees the switch.
#ifndef ERLI18N_SRC_CATALOG_H
#define ERLI18N_SRC_CATALOG_H

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/plural.h"
#include "erli18n/po.h"
#include "erli18n/result.h"
#include "message_index.h"
#include "mo_access.h"

namespace erli18n::detail {

struct built_catalog;

// What the index records of an entry, and the key a lookup gives to find it.
struct indexed_message {
  std::uint64_t hash = 0;   // hash_key(context or null, msgid)
  std::uint32_t flags = 0;  // message_index's
  bool has_context = false;
  std::string_view context;
  std::string_view msgid;
};

struct catalog_entry {
  const char* msgid;
  const char* context;      // nullptr when the message has no context
  const char* translation;  // the forms, each NUL-terminated, one after the other
  std::uint32_t msgid_size;
  std::uint32_t context_size;
  std::uint32_t translation_size;  // all forms and the NULs between them, not the last NUL
  std::uint32_t first_size;        // the first form: what a singular lookup returns

  std::string_view msgid_view() const noexcept { return {msgid, msgid_size}; }
  std::string_view context_view() const noexcept { return {context, context_size}; }
  std::string_view translation_view() const noexcept { return {translation, translation_size}; }
  std::string_view first_form() const noexcept { return {translation, first_size}; }
};

// Equal bytes, inline: keys are mostly short, where a call to memcmp costs more than the
// comparison. Every load stays inside [0, n) of both sides (overlapping words, no overread).
inline bool same_bytes(const char* a, const char* b, std::size_t n) noexcept {
  auto word8 = [](const char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  };
  auto word4 = [](const char* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  };
  if (n >= 8) {
    if (n > 16) return std::memcmp(a, b, n) == 0;
    return word8(a) == word8(b) && word8(a + n - 8) == word8(b + n - 8);
  }
  if (n >= 4) return word4(a) == word4(b) && word4(a + n - 4) == word4(b + n - 4);
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// Whether static string e of the tables (indexed: it lies in the image) has this key: the
// bytes up to its first NUL are context `\x04` msgid (key_size bytes), as the MO compares.
// `native`: the image is in the host's byte order (the caller tested tables.swap).
template <bool native = false>
inline bool mo_key_at(const mo_tables& t, std::uint32_t e, const std::string_view* context,
                      std::string_view msgid, std::size_t key_size) noexcept {
  const std::size_t desc = t.orig_table + std::size_t{8} * e;
  const std::uint32_t len = native ? t.native_word(desc) : t.word(desc);
  const char* s =
      reinterpret_cast<const char*>(t.data) + (native ? t.native_word(desc + 4) : t.word(desc + 4));
  if (len < key_size || (len > key_size && s[key_size] != '\0')) return false;
  if (context) {
    if (!same_bytes(s, context->data(), context->size()) || s[context->size()] != '\x04') return false;
    s += context->size() + 1;
  }
  return same_bytes(s, msgid.data(), msgid.size());
}

// Whether the entry's key is (context, msgid).
[[gnu::always_inline]] inline bool same_entry_key(const catalog_entry& e, const std::string_view* context,
                                                  std::string_view msgid) noexcept {
  if (e.msgid_size != msgid.size() || (e.context != nullptr) != (context != nullptr)) return false;
  if (context &&
      (e.context_size != context->size() || !same_bytes(e.context, context->data(), context->size())))
    return false;
  return same_bytes(e.msgid, msgid.data(), msgid.size());
}

class catalog {
 public:
  catalog() = default;
  catalog(const catalog&) = delete;
  catalog& operator=(const catalog&) = delete;

  std::string domain;
  std::string locale;  // canonical
  std::string source;  // path, or the name given with a buffer
  bool from_mo = false;
  bool from_file = false;  // reload() reads `source` again
  bool from_pipe = false;  // read from a pipe or FIFO: there is nothing to read again
  load_options options;
  bool plural_declared = false;  // the header has a Plural-Forms field (else glibc's default)

  // The plural rule: a `.mo` read in place lends its own (no copy per catalog).
  const plural_rule& plural() const noexcept { return borrowed_plural_ ? *borrowed_plural_ : own_plural_; }
  void set_plural(plural_rule rule) noexcept {
    own_plural_ = std::move(rule);
    borrowed_plural_ = nullptr;
  }
  void borrow_plural(const plural_rule& rule) noexcept { borrowed_plural_ = &rule; }

  // Messages, the header included (for a `.mo` read in place, every entry of the file).
  std::size_t size() const noexcept {
    return mo_ ? std::size_t{tables_.count} + entries_.size() : entries_.size();
  }
  // Calls f(const catalog_entry&) for each usable message, in file order.
  template <class F>
  void for_each_entry(F&& f) const {
    for (std::uint32_t i = 0; i < size(); ++i)
      if (std::optional<catalog_entry> e = entry(i)) f(*e);
  }
  std::size_t index_bytes() const noexcept;
  bool index_complete() const noexcept { return index_.complete(); }
  // A `.mo` read in place answers its first lookups from its own hash table; once it has
  // answered this many, each lookup that finds the index incomplete adds a chunk of entries
  // to it (unless another thread is doing so). A program that looks up a few dozen strings
  // and exits never builds it (`ls --help` makes 51 lookups, `date --help` 32, `grep --help`
  // 19), nor does one that makes a few hundred: building the index reads every key and
  // translation of the chunk, pages such a program would never touch. With 64, a program
  // making 10,000 lookups of coreutils' messages took 3% less time, and one making 100 or
  // 150 took half as long again (docs/performance.md).
  static constexpr std::uint32_t lookups_before_indexing = 256;
  // Builds what is left of the index now (a writer's call: catalog_store::build_indexes).
  void finish_index() const noexcept;

  std::optional<catalog_entry> find(const std::string_view* context, std::string_view msgid) const noexcept;
  // `hash` is hash_key(context, msgid), for callers that computed it already (at compile
  // time, for a literal msgid).
  std::optional<catalog_entry> find(const std::string_view* context, std::string_view msgid,
                                    std::uint64_t hash) const noexcept {
    if (!index_.complete()) [[unlikely]]
      return find_before_index(context, msgid, hash);
    return find_indexed(context, msgid, hash);
  }
  // What a lookup answers: the first form, or for a plural lookup the form the plural rule
  // picks for n (`form`); nullopt on a miss. Inline (below): the store's lookups are this and
  // little else.
  std::optional<std::string_view> translation(const std::string_view* context, std::string_view msgid,
                                              std::uint64_t hash, bool plural,
                                              unsigned long n) const noexcept;
  std::string_view form(std::string_view forms, unsigned long n) const noexcept;
  // Before publication: moves the entries' pointers into [from, from + size) to the same
  // offsets in `to`, an identical copy of that text.
  void rebase(const char* from, std::size_t size, const char* to) noexcept;

 private:
  friend class catalog_builder;
  friend result<built_catalog> serve_mo_in_place(const mo_catalog& mo, const load_options& options);

  // Entry i as a lookup returns it, or nullopt when it is damaged, untranslated, or (for a
  // `.mo`) loses to an earlier entry with the same key under the MO's own rules.
  std::optional<catalog_entry> entry(std::uint32_t i) const noexcept;
  // What the index records of entry i, or nullopt when it can never be found.
  std::optional<indexed_message> index_key(std::uint32_t i) const noexcept;
  bool same_key(std::uint32_t i, const std::string_view* context, std::string_view msgid) const noexcept;
  std::uint32_t winner(std::uint32_t a, std::uint32_t b) const noexcept;
  void index_some(std::size_t limit) const noexcept;
  template <bool native = false>
  std::optional<message_index::found> find_in_tables(const std::string_view* context, std::string_view msgid,
                                                     std::uint64_t hash) const noexcept;
  // translation() before the index is complete, of a `.mo` in the other byte order, and of
  // a `.mo`'s system-dependent strings (entries of their own).
  std::optional<std::string_view> translation_otherwise(const std::string_view* context,
                                                        std::string_view msgid, std::uint64_t hash,
                                                        bool plural, unsigned long n) const noexcept;
  std::optional<catalog_entry> find_before_index(const std::string_view* context, std::string_view msgid,
                                                 std::uint64_t hash) const noexcept;
  // find() once the index is complete. A function of its own, and find() inline: a short
  // program's lookups all come before the index, and the probe's code, in find(), sat among
  // the functions its start-up runs (the C ABI's start-up group), half a page of them.
  std::optional<catalog_entry> find_indexed(const std::string_view* context, std::string_view msgid,
                                            std::uint64_t hash) const noexcept;
  std::optional<catalog_entry> find_in_mo(const std::string_view* context,
                                          std::string_view msgid) const noexcept;

  // A `.mo` read in place (null otherwise): its static strings are entries 0..count-1, and
  // `entries_` holds its expanded system-dependent strings, entries count and up.
  const mo_catalog* mo_ = nullptr;
  mo_tables tables_;
  bool native_tables_ = false;  // mo_ is set and its image is in the host's byte order
  plural_rule own_plural_;
  const plural_rule* borrowed_plural_ = nullptr;
  std::vector<catalog_entry> entries_;
  message_index index_;
};

// The usable entry of a `.mo` read in place with this key (the index is complete). The
// key tests are forced inline, as the probe is: GCC's budget for the larger hit path that
// inlines this left them out, a call per probe.
template <bool native>
[[gnu::always_inline]] inline std::optional<message_index::found> catalog::find_in_tables(
    const std::string_view* context, std::string_view msgid, std::uint64_t hash) const noexcept {
  const std::size_t key_size = (context ? context->size() + 1 : 0) + msgid.size();
  std::optional<message_index::found> f = index_.find(
      hash, [&](std::uint32_t e) __attribute__((always_inline)) {
        if (e >= tables_.count) [[unlikely]]
          return same_entry_key(entries_[e - tables_.count], context, msgid);
        return mo_key_at<native>(tables_, e, context, msgid, key_size);
      });
  if (!f || (f->flags & message_index::unusable) != 0) return std::nullopt;
  return f;
}

// With the index complete: a `.mo` read in place answers from the translation's place in its
// table, without an entry (a file in the other byte order takes translation_otherwise), a
// catalog of entries (a `.po`, a reloaded `.mo`) from the entry.
[[gnu::always_inline]] inline std::optional<std::string_view> catalog::translation(
    const std::string_view* context, std::string_view msgid, std::uint64_t hash, bool plural,
    unsigned long n) const noexcept {
  if (!index_.complete()) [[unlikely]]
    return translation_otherwise(context, msgid, hash, plural, n);
  if (native_tables_) [[likely]] {
    std::optional<message_index::found> f = find_in_tables<true>(context, msgid, hash);
    if (!f) return std::nullopt;
    if (f->entry < tables_.count) [[likely]] {
      const std::size_t desc = tables_.trans_table + std::size_t{8} * f->entry;
      const std::string_view forms(
          reinterpret_cast<const char*>(tables_.data) + tables_.native_word(desc + 4),
          tables_.native_word(desc));
      if (plural) return form(forms, n);
      if ((f->flags & message_index::several_forms) != 0) return std::string_view(forms.data());
      return forms;
    }
  } else if (mo_ == nullptr) {
    // A `.po`'s entries, or a `.mo`'s copied ones.
    std::optional<message_index::found> f = index_.find(
        hash, [&](std::uint32_t e)
                  __attribute__((always_inline)) { return same_entry_key(entries_[e], context, msgid); });
    if (!f || (f->flags & message_index::unusable) != 0) return std::nullopt;
    const catalog_entry& e = entries_[f->entry];
    if (plural) return form(e.translation_view(), n);
    return e.first_form();
  }
  return translation_otherwise(context, msgid, hash, plural, n);
}

// Strings a new catalog needs that the previous catalog of the same key does not hold.
struct text_block {
  std::unique_ptr<char[]> bytes;
  std::size_t size = 0;
};

struct built_catalog {
  std::unique_ptr<catalog> value;
  text_block new_text;            // text to retain (may be empty): a `.po`'s, a copied `.mo`'s
  bool uses_mo_text = false;      // for a `.mo` read in place: entries point into it, keep it
  std::size_t fuzzy_skipped = 0;  // for a `.po`: fuzzy entries left out (include_fuzzy off)
};

// `previous` (same domain and locale, may be null) lends its text to identical strings, so
// reloading an unchanged catalog adds no text. Errors name `po.file_name`.
result<built_catalog> build_catalog(const po_file& po, const load_options& options, const catalog* previous);
// A `.mo`'s system-dependent strings are indexed under their expansion for this platform.
// With `copy_text`, the strings `previous` does not lend are copied into `new_text`, and
// nothing points into `mo` (it may then be closed); else they point into it. Errors name
// `mo.name()`.
result<built_catalog> build_catalog(const mo_catalog& mo, const load_options& options,
                                    const catalog* previous, bool copy_text);

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_CATALOG_H
