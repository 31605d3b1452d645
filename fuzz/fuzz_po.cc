// Fuzzes the PO reader, the report's counts and the writer on whatever the reader accepts: no input may
// crash, hang or read out of bounds, and everything read must be writable.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "erli18n/po.h"
#include "erli18n/tools/report.h"

namespace {

// The reader leaves duplicate definitions to later stages (msgfmt's check); the writer, like
// msgcat, refuses them. Obsolete entries count too, as for msgcat.
bool has_duplicates(const erli18n::po_file& po) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const erli18n::po_message& m : po.messages) {
    std::string ctxt = m.msgctxt ? "1" + *m.msgctxt : "0";
    if (!seen.emplace(std::move(ctxt), m.msgid).second) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  erli18n::po_read_options options;
  options.max_entries = 10000;
  erli18n::result<erli18n::po_file> po = erli18n::read_po(text, "fuzz.po", options);
  if (!po) {
    // A rejection must say where (bounds aside).
    const erli18n::error& e = po.error();
    if (e.message.empty() || e.file != "fuzz.po") std::abort();
    if (e.code != erli18n::errc::limit_exceeded && (e.line == 0 || e.column == 0)) std::abort();
    return 0;
  }
  for (const erli18n::po_message& m : po->messages)
    if (m.msgstr.empty() || m.line == 0 || m.column == 0) std::abort();
  (void)po->header_field("Plural-Forms");
  // The report's counts: every entry but the header falls in exactly one state.
  const erli18n::message_counts counts = erli18n::count_messages(*po);
  std::size_t headers = 0;  // the reader leaves duplicate headers to msgfmt's check
  for (const erli18n::po_message& m : po->messages) headers += m.is_header() ? 1 : 0;
  if (counts.partial_plurals > counts.untranslated || counts.permille_complete() > 1000) std::abort();
  if (counts.total() + counts.obsolete + headers != po->messages.size()) std::abort();
  if (has_duplicates(*po)) return 0;
  erli18n::result<std::string> written = erli18n::write_po(*po);
  // A file we read in UTF-8 must write back; other charsets may hold text the writer
  // cannot convert back only if the reader let invalid input through.
  if (!written) std::abort();
  erli18n::po_write_options narrow;
  narrow.width = 20;
  if (!erli18n::write_po(*po, narrow)) std::abort();
  return 0;
}
