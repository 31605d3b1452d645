// Fuzzes `compile_mo` (PO -> MO) on hostile PO, then reads back what it wrote: no input may
// crash, hang or read out of bounds; a refusal must say where; and the MO written (with and
// without a hash table, in both byte orders) must open, validate, decompile and hold exactly
// the messages msgfmt keeps, each with its translation.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "charset.h"
#include "erli18n/mo.h"
#include "erli18n/plural.h"
#include "erli18n/po.h"

namespace {

bool kept(const erli18n::po_message& m, bool use_fuzzy) {
  if (m.obsolete || (m.fuzzy && !use_fuzzy && !m.is_header())) return false;
  return !m.msgstr.empty() && !m.msgstr[0].empty();
}

bool has_flag(const erli18n::po_message& m, std::string_view flag) {
  for (const std::string& f : m.flags)
    if (f == flag) return true;
  return false;
}

// A c-format string with `<` or `I` may become a system-dependent string, looked up under its
// expansion for this platform rather than under its msgid.
bool maybe_system_dependent(const erli18n::po_message& m) {
  if (!has_flag(m, "c-format")) return false;
  auto marks = [](std::string_view s) { return s.find_first_of("<I") != std::string_view::npos; };
  if (marks(m.msgid)) return true;
  for (const std::string& s : m.msgstr)
    if (marks(s)) return true;
  return false;
}

bool over_plural_limits(const erli18n::po_file& po) {
  const std::optional<std::string> rule = po.header_field("Plural-Forms");
  if (!rule) return false;
  const erli18n::result<erli18n::plural_rule> parsed = erli18n::plural_rule::parse_for_catalog(*rule);
  return !parsed && parsed.error().code == erli18n::errc::limit_exceeded;
}

// The header msgfmt writes: without its first POT-Creation-Date line.
std::string written_header(std::string_view header) {
  constexpr std::string_view field = "POT-Creation-Date:";
  for (std::size_t line = 0; line < header.size();) {
    const std::size_t nl = header.find('\n', line);
    const std::size_t end = nl == std::string_view::npos ? header.size() : nl + 1;
    if (header.substr(line, field.size()) == field)
      return std::string(header.substr(0, line)) + std::string(header.substr(end));
    line = end;
  }
  return std::string(header);
}

void check_image(const erli18n::po_file& po, const std::string& bytes,
                 const erli18n::mo_compile_options& options) {
  // The .mo is read in the charset its written header declares. Where that is not the one the
  // PO reader used, the .mo is another catalog, read as glibc reads it, not compared here: a
  // charset declared only on the POT-Creation-Date line (msgfmt drops that line too), or a
  // header that is not the file's first entry (the PO reader then reads the file as UTF-8,
  // where msgfmt takes the header's charset: a difference not yet fixed).
  if (const erli18n::po_message* h = po.header(); h != nullptr && !h->msgstr.empty()) {
    const std::string written = written_header(h->msgstr[0]);
    const std::string_view declared = erli18n::charset::header_charset(written);
    if ((declared.empty() ? std::string_view("UTF-8") : declared) != po.charset) return;
  }
  // In charsets where iconv reads bytes 0x5C and 0x7E as other characters (Shift_JIS, JOHAB,
  // JIS X 0201 "JP"), the PO reader keeps them ASCII as msgcat does, while the MO reader
  // converts whole strings as glibc does: the texts legitimately differ.
  if (!erli18n::charset::is_utf8(po.charset) && po.charset != "CHARSET") {
    const erli18n::charset::conversion ascii = erli18n::charset::to_utf8("\\~", po.charset);
    if (!ascii.ok || ascii.text != "\\~") return;
  }
  std::size_t expected = 0;
  for (const erli18n::po_message& m : po.messages) expected += kept(m, options.use_fuzzy) ? 1 : 0;
  if (bytes.empty()) {
    if (expected != 0) std::abort();
    return;
  }
  erli18n::result<erli18n::mo_catalog> mo =
      erli18n::mo_catalog::from_memory(bytes.data(), bytes.size(), "out.mo");
  // A rule glibc would evaluate but over erli18n's limits is written, as msgfmt writes it, and
  // refused when read (plural_rule::parse_for_catalog): never read as another rule.
  if (!mo && mo.error().code == erli18n::errc::limit_exceeded && over_plural_limits(po)) return;
  if (!mo || !mo->validate() || mo->size() != expected) std::abort();
  if (mo->big_endian() != options.big_endian) std::abort();
  for (const erli18n::po_message& m : po.messages) {
    if (!kept(m, options.use_fuzzy) || maybe_system_dependent(m)) continue;
    std::string forms;
    for (std::size_t i = 0; i < m.msgstr.size(); ++i) {
      if (i != 0) forms += '\0';
      forms += m.is_header() ? written_header(m.msgstr[i]) : m.msgstr[i];
    }
    const std::optional<std::string_view> found =
        m.msgctxt ? mo->lookup_forms(*m.msgctxt, m.msgid) : mo->lookup_forms(m.msgid);
    if (!found || *found != forms) std::abort();
  }
  if (!erli18n::decompile_mo(*mo)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  erli18n::po_read_options limits;
  limits.max_bytes = 1 << 16;
  limits.max_entries = 2000;
  const erli18n::result<erli18n::po_file> po = erli18n::read_po(text, "fuzz.po", limits);
  if (!po) return 0;
  erli18n::mo_compile_options options;
  options.use_fuzzy = (size & 1) != 0;
  for (int variant = 0; variant < 2; ++variant) {
    options.no_hash = variant == 1;
    options.big_endian = variant == 1;
    const erli18n::result<std::string> bytes = erli18n::compile_mo(*po, options);
    if (!bytes) {
      const erli18n::error& e = bytes.error();
      if (e.file != "fuzz.po" || e.line == 0 || e.column == 0 || e.message.empty()) std::abort();
      if (e.code != erli18n::errc::syntax && e.code != erli18n::errc::charset) std::abort();
      continue;
    }
    check_image(*po, *bytes, options);
  }
  return 0;
}
