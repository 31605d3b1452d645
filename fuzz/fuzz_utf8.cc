// Fuzzes the UTF-8 check every catalog's text goes through (src/base/charset.cc and its block
// check, src/base/utf8_blocks.cc): any bytes. Checked: the block check and the byte reader
// agree on whether the bytes are well-formed; the offset reported lies inside the text and
// starts a sequence that is ill-formed there (the text before it is well-formed).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "charset.h"
#include "utf8_blocks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t bad = erli18n::charset::find_invalid_utf8(text);
  if (bad != std::string_view::npos) {
    if (bad >= size) std::abort();
    if (erli18n::charset::find_invalid_utf8(text.substr(0, bad)) != std::string_view::npos) std::abort();
    // Whatever follows, the sequence at `bad` stays ill-formed: cut there, the rest is
    // reported at its start.
    if (erli18n::charset::find_invalid_utf8(text.substr(bad)) != 0) std::abort();
  }
  if (erli18n::charset::detail::avx2_usable() &&
      erli18n::charset::detail::utf8_valid_avx2(data, size) != (bad == std::string_view::npos))
    std::abort();
  return 0;
}
