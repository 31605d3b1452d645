// Fuzzes the PO reader, and the writer on whatever the reader accepts: no input may crash,
// hang or read out of bounds, and everything read must be writable.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "erli18n/po.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  erli18n::po_read_options options;
  options.max_entries = 10000;
  erli18n::result<erli18n::po_file> po = erli18n::read_po(text, "fuzz.po", options);
  if (!po) return 0;
  erli18n::result<std::string> written = erli18n::write_po(*po);
  // A file we read in UTF-8 must write back; other charsets may hold text the writer
  // cannot convert back only if the reader let invalid input through.
  if (!written) std::abort();
  erli18n::po_write_options narrow;
  narrow.width = 20;
  if (!erli18n::write_po(*po, narrow)) std::abort();
  return 0;
}
