// An immutable catalog of the store: a hash index over NUL-terminated text that the store
// retains (a `.po`'s strings copied into one block, a `.mo`'s own bytes, or for a `.mo`
// loaded over an earlier one the strings that changed, copied), the compiled plural rule,
// and where it came from. Built once by a writer, then only read.
#ifndef ERLI18N_SRC_CATALOG_H
#define ERLI18N_SRC_CATALOG_H

#include <cstdint>
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

namespace erli18n::detail {

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

class catalog {
 public:
  std::string domain;
  std::string locale;  // canonical
  std::string source;  // path, or the name given with a buffer
  bool from_mo = false;
  bool from_file = false;  // reload() reads `source` again
  bool from_pipe = false;  // read from a pipe or FIFO: there is nothing to read again
  load_options options;
  plural_rule plural;
  bool plural_declared = false;  // the header has a Plural-Forms field (else glibc's default)

  std::size_t size() const noexcept { return entries_.size(); }
  const std::vector<catalog_entry>& entries() const noexcept { return entries_; }
  std::size_t index_bytes() const noexcept;

  // The message's entry, by value (a `.mo` read in place has none stored), or nullopt.
  // `hash` is hash_key(context, msgid), for callers that computed it already (at compile
  // time, for a literal msgid).
  std::optional<catalog_entry> find(const std::string_view* context, std::string_view msgid) const noexcept;
  std::optional<catalog_entry> find(const std::string_view* context, std::string_view msgid,
                                    std::uint64_t hash) const noexcept;
  // Before publication: moves the entries' pointers into [from, from + size) to the same
  // offsets in `to`, an identical copy of that text.
  void rebase(const char* from, std::size_t size, const char* to) noexcept;

 private:
  friend class catalog_builder;
  std::vector<catalog_entry> entries_;
  std::vector<std::uint64_t> slots_;  // 0 empty, else (hash high 32 bits << 32) | (entry + 1)
  std::uint64_t mask_ = 0;
};

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
