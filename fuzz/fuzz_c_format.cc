// Fuzzes the printf directive parser of `erli18n lint` (src/tools/c_format.cc), whose input is
// the msgid and msgstr of untrusted PO files, the one directive reader under it
// (src/base/printf_directive.cc), and the c-format check that compares them.
// The input is split at its first NUL into a msgid and a msgstr. Checked: the parser
// terminates, is deterministic, reads at most 3 arguments per `%` (width, precision,
// value), and reports a failure with a reason and an offset inside the text; the whole lint
// of a catalog holding the pair as a c-format entry never crashes and positions its
// diagnostics inside the file.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "c_format.h"
#include "erli18n/tools/lint.h"
#include "printf_directive.h"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

// Every directive read ends after its `%` and inside the text, with its pieces inside it.
void check_directives(std::string_view text) {
  auto inside = [&](std::string_view piece, const erli18n::printf_directive& d) {
    return piece.empty() ||
           (piece.data() > text.data() + d.start && piece.data() + piece.size() <= text.data() + d.end);
  };
  for (std::size_t i = text.find('%'); i != std::string_view::npos; i = text.find('%', i + 1)) {
    const erli18n::printf_directive d = erli18n::read_printf_directive(text, i);
    check(d.start == i && d.end > i && d.end <= text.size());
    switch (d.problem) {
      case erli18n::printf_problem::none:
        check(text[d.end - 1] == (d.conversion == '<' ? '>' : d.conversion));
        break;
      case erli18n::printf_problem::ends_inside:
        check(d.end == text.size() && d.conversion == '\0');
        break;
      default:
        check(d.end < text.size() && text[d.end] == d.conversion);
    }
    check(inside(d.flags, d) && inside(d.sizes, d) && inside(d.macro, d));
    check(!d.number || *d.number <= erli18n::printf_number_cap);
  }
}

void check_parse(std::string_view text) {
  check_directives(text);
  const erli18n::c_format::parsed p = erli18n::c_format::parse_c_format(text);
  const erli18n::c_format::parsed again = erli18n::c_format::parse_c_format(text);
  check(p.valid == again.valid && p.args == again.args && p.reason == again.reason);
  std::size_t percents = 0;
  for (char c : text) percents += c == '%';
  if (p.valid) {
    check(p.reason.empty());
    check(p.args.size() <= 3 * percents);
    check(p.args.size() <= erli18n::c_format::max_c_format_args);
    for (const erli18n::c_format::arg_type& t : p.args) check(!erli18n::c_format::describe(t).empty());
  } else {
    check(!p.reason.empty() && p.args.empty());
    check(p.offset < text.size() || text.empty());
  }
}

// `s` as the contents of a PO string literal.
std::string escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c == '\n')
      out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += '.';
    else
      out += c;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t nul = input.find('\0');
  const std::string_view msgid = input.substr(0, nul);
  const std::string_view msgstr = nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1);
  check_parse(msgid);
  check_parse(msgstr);

  const std::string po =
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
      "\"Plural-Forms: nplurals=2; plural=n>1;\\n\"\n\n#, c-format\nmsgid \"" +
      escaped(msgid) + "\"\nmsgid_plural \"" + escaped(msgid) + "\"\nmsgstr[0] \"" + escaped(msgstr) +
      "\"\nmsgstr[1] \"" + escaped(msgstr) + "\"\n\n#, c-format\nmsgid \"" + escaped(msgid) +
      "x\"\nmsgstr \"" + escaped(msgstr) + "x\"\n";
  std::size_t lines = 1;
  for (char c : po) lines += c == '\n';
  erli18n::lint_options options;
  options.check_duplicates = true;
  for (const erli18n::lint_diagnostic& d : erli18n::lint_po(po, "fuzz.po", options)) check(d.line <= lines);
  return 0;
}
