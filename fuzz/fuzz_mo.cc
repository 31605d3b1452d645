// Fuzzes the MO reader: no input may crash, hang or read out of bounds — at open, in
// lookups (hash probing and binary search), in iteration, validation and decompilation.
// Whatever validates must compile back into a catalog that reads the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/mo.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // An exact-size copy, so that any read past the end is caught by the sanitizer.
  std::vector<std::uint8_t> bytes(data, data + size);
  erli18n::mo_open_options options;
  options.max_bytes = 1 << 20;
  erli18n::result<erli18n::mo_catalog> mo =
      erli18n::mo_catalog::from_memory(bytes.data(), bytes.size(), "fuzz.mo", options);
  if (!mo) {
    if (mo.error().message.empty()) std::abort();
    return 0;
  }
  (void)mo->lookup("");
  (void)mo->lookup("a");
  (void)mo->lookup("ctx", "a");
  (void)mo->lookup_plural("a", 2);
  (void)mo->header_field("Plural-Forms");
  const std::size_t n = mo->size() < 4096 ? mo->size() : 4096;
  // Decompiling reads the text unchecked, as msgunfmt does: an entry refused only for invalid
  // UTF-8 (errc::charset, checked after the bounds) still decompiles.
  bool all_valid = true, all_in_bounds = true;
  for (std::size_t i = 0; i < n; ++i) {
    erli18n::result<erli18n::mo_entry> e = mo->entry(i);
    if (!e) {
      all_valid = false;
      if (e.error().code != erli18n::errc::charset) all_in_bounds = false;
      continue;
    }
    // Every entry is found by its own key, unless a duplicate or an unsorted table (no
    // hash) hides it — allowed for hand-made files, but the lookup must stay in bounds.
    if (e->has_context)
      (void)mo->lookup_forms(e->context, e->msgid);
    else
      (void)mo->lookup_forms(e->msgid);
    (void)e->form(e->form_count());
  }
  if (all_valid != static_cast<bool>(mo->validate()) && n == mo->size()) std::abort();
  erli18n::result<erli18n::po_file> po = erli18n::decompile_mo(*mo);
  if (static_cast<bool>(po) != all_in_bounds && n == mo->size()) std::abort();
  return 0;
}
