// Fuzzes merge_catalogs (and its c-format reader) on PO texts separated by NUL bytes: the
// catalog, the template, then (after a second NUL) a compendium. No input may crash, hang or read out of
// bounds; every template message gets exactly one decision, in order, and the merge writes out whenever the
// catalog does.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "erli18n/po.h"
#include "erli18n/tools/merge.h"
#include "merge_c_format.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t split = text.find('\0');
  std::string_view def_text = text.substr(0, split);
  std::string_view ref_text = split == std::string_view::npos ? std::string_view() : text.substr(split + 1);
  const std::size_t compendium_split = ref_text.find('\0');
  const bool with_compendium = compendium_split != std::string_view::npos;
  std::string_view compendium_text =
      with_compendium ? ref_text.substr(compendium_split + 1) : std::string_view();
  ref_text = ref_text.substr(0, compendium_split);
  // The format reader takes translations as they come: any bytes.
  (void)erli18n::detail::c_format_translation_fits(def_text, ref_text, (size & 1) != 0);

  erli18n::po_read_options limits;
  limits.max_bytes = 1 << 16;
  limits.max_entries = 2000;
  auto def = erli18n::read_po(def_text, "def.po", limits);
  auto ref = erli18n::read_po(ref_text, "ref.pot", limits);
  auto compendium = erli18n::read_po(compendium_text, "compendium.po", limits);
  if (!def || !ref || !compendium) return 0;
  erli18n::merge_options options;
  if (with_compendium) options.compendia = {&*compendium, &*def};  // the catalog itself as well
  options.keep_previous = (size & 2) != 0;
  options.fuzzy_matching = (size & 4) == 0;
  erli18n::merge_result merged = erli18n::merge_catalogs(*def, *ref, options);
  // One decision per template message, in template order, then one per unused catalog entry.
  // A live template message is kept, seeded fuzzy or added; only one the template itself keeps as
  // obsolete can end obsolete or dropped.
  std::size_t next = 0;
  for (const erli18n::po_message& m : ref->messages) {
    if (!m.msgctxt && m.msgid.empty()) continue;
    if (next == merged.decisions.size()) std::abort();
    const erli18n::merge_decision& d = merged.decisions[next++];
    if (d.msgid != m.msgid || d.msgctxt != m.msgctxt) std::abort();
    const bool live_kind = d.kind == erli18n::merge_decision_kind::kept ||
                           d.kind == erli18n::merge_decision_kind::fuzzy ||
                           d.kind == erli18n::merge_decision_kind::added;
    if (!m.obsolete && !live_kind) std::abort();
  }
  for (; next < merged.decisions.size(); ++next) {
    const erli18n::merge_decision_kind kind = merged.decisions[next].kind;
    if (kind != erli18n::merge_decision_kind::obsolete && kind != erli18n::merge_decision_kind::dropped)
      std::abort();
  }
  (void)erli18n::write_po(merged.catalog);
  return 0;
}
