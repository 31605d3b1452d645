// Pseudo-localization (erli18n/tools/pseudo.h): the msgids with accented letters, lengthened and
// bracketed, every part the program fills in or a renderer reads kept as written.
#include "erli18n/tools/pseudo.h"

#include <array>
#include <string>
#include <vector>

#include "erli18n/interpolate.h"
#include "erli18n/tools/merge.h"
#include "printf_directive.h"

namespace erli18n {
namespace {

// An accented form of each ASCII letter, one precomposed code point each (so a text's
// length in characters is the same and only the padding lengthens it).
constexpr std::array<std::string_view, 26> accented_lower = {"á", "ƀ", "ç", "ð", "é", "ƒ", "ĝ", "ĥ", "í",
                                                             "ĵ", "ķ", "ļ", "ɱ", "ñ", "ö", "þ", "ǫ", "ŕ",
                                                             "š", "ţ", "û", "ṽ", "ŵ", "ẋ", "ý", "ž"};
constexpr std::array<std::string_view, 26> accented_upper = {"Á", "Ɓ", "Ç", "Ð", "É", "Ƒ", "Ĝ", "Ĥ", "Í",
                                                             "Ĵ", "Ķ", "Ļ", "Ṁ", "Ñ", "Ö", "Þ", "Ǫ", "Ŕ",
                                                             "Š", "Ţ", "Û", "Ṽ", "Ŵ", "Ẋ", "Ý", "Ž"};

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }

// The length of a markup tag at `at` (`<b>`, `</a>`, `<br/>`, `<a href="x">`, `<!-- -->`), or 0:
// a `<` followed by a letter, `/` or `!`, up to the next `>` on the same line.
std::size_t tag_length(std::string_view text, std::size_t at) {
  if (at + 1 >= text.size() || !(is_alpha(text[at + 1]) || text[at + 1] == '/' || text[at + 1] == '!'))
    return 0;
  const std::size_t close = text.find_first_of(">\n<", at + 1);
  return close == std::string_view::npos || text[close] != '>' ? 0 : close + 1 - at;
}

// The length of an entity at `at` (`&amp;`, `&#169;`, `&#xA9;`), or 0 (an accelerator `&File`).
std::size_t entity_length(std::string_view text, std::size_t at) {
  std::size_t i = at + 1;
  if (i < text.size() && text[i] == '#') {
    ++i;
    const bool hex = i < text.size() && (text[i] == 'x' || text[i] == 'X');
    if (hex) ++i;
    const std::size_t digits = i;
    while (i < text.size() && (hex ? is_alnum(text[i]) : is_digit(text[i]))) ++i;
    if (i == digits) return 0;
  } else {
    const std::size_t name = i;
    while (i < text.size() && is_alnum(text[i])) ++i;
    if (i == name || !is_alpha(text[name])) return 0;
  }
  return i < text.size() && text[i] == ';' ? i + 1 - at : 0;
}

// The length of a brace field at `at` (`{0}`, `{name}`, `{}`: std::format's and ICU's), or 0.
std::size_t brace_field_length(std::string_view text, std::size_t at) {
  std::size_t i = at + 1;
  while (i < text.size() && (is_alnum(text[i]) || text[i] == '_')) ++i;
  return i < text.size() && text[i] == '}' ? i + 1 - at : 0;
}

// The body of a text (no leading or trailing newline) pseudo-localized, and its letter count.
std::string transformed(std::string_view body, std::size_t& letters) {
  std::vector<bool> placeholder_at(body.size(), false);
  std::vector<std::size_t> placeholder_size(body.size(), 0);
  for (const placeholder& p : placeholders(body)) {
    placeholder_at[p.offset] = true;
    placeholder_size[p.offset] = p.name.size() + 3;  // %{ name }
  }
  std::string out;
  out.reserve(body.size() * 2);
  for (std::size_t i = 0; i < body.size();) {
    const char c = body[i];
    std::size_t keep = 0;
    if (c == '%') {
      if (placeholder_at[i]) {
        keep = placeholder_size[i];
      } else {
        const printf_directive d = read_printf_directive(body, i);
        keep = d.problem == printf_problem::none ? d.end - d.start : 1;
      }
    } else if (c == '<') {
      keep = tag_length(body, i);
    } else if (c == '&') {
      keep = entity_length(body, i);
    } else if (c == '{') {
      keep = brace_field_length(body, i);
    }
    if (keep != 0) {
      out.append(body.substr(i, keep));
      i += keep;
      continue;
    }
    if (c >= 'a' && c <= 'z') {
      out += accented_lower[static_cast<std::size_t>(c - 'a')];
      ++letters;
    } else if (c >= 'A' && c <= 'Z') {
      out += accented_upper[static_cast<std::size_t>(c - 'A')];
      ++letters;
    } else {
      out += c;
    }
    ++i;
  }
  return out;
}

}  // namespace

std::string pseudo_localize(std::string_view text, unsigned expansion_percent) {
  const std::size_t first = text.find_first_not_of('\n');
  if (first == std::string_view::npos) return std::string(text);  // empty, or newlines only
  const std::size_t last = text.find_last_not_of('\n');
  std::size_t letters = 0;
  const std::string body = transformed(text.substr(first, last + 1 - first), letters);
  const std::size_t padding = (letters * expansion_percent + 99) / 100;
  std::string out(text.substr(0, first));
  out += '[';
  out += body;
  if (padding != 0) {
    out += ' ';
    out.append(padding, '~');
  }
  out += ']';
  out += text.substr(last + 1);
  return out;
}

po_file pseudo_catalog(const po_file& source, const pseudo_options& options) {
  po_file out;
  out.file_name = source.file_name;
  out.charset = "UTF-8";
  const std::size_t nplurals = plural_forms_count(options.plural_forms).value_or(2);
  for (const po_message& m : source.messages) {
    if (m.obsolete) continue;
    po_message& copy = out.messages.emplace_back(m);
    if (m.is_header()) continue;
    copy.fuzzy = false;
    copy.previous_msgctxt.reset();
    copy.previous_msgid.reset();
    copy.previous_msgid_plural.reset();
    if (!m.msgid_plural) {
      copy.msgstr.assign(1, pseudo_localize(m.msgid, options.expansion_percent));
      continue;
    }
    copy.msgstr.clear();
    for (std::size_t form = 0; form < nplurals; ++form)
      copy.msgstr.push_back(
          pseudo_localize(form == 0 && nplurals > 1 ? m.msgid : *m.msgid_plural, options.expansion_percent));
  }
  fill_init_header(out, options.locale, options.plural_forms, options.header);
  return out;
}

}  // namespace erli18n
