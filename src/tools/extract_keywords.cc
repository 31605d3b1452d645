// Keyword specifications of the extractor (extract.h): xgettext's `name:1,2c,3t` syntax plus
// our `Nd` domain argument, and the default set (erli18n's API, checked.h's macros and GNU's C
// names).
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/tools/extract.h"

namespace erli18n {

namespace {

bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }

error spec_error(std::string_view spec, const std::string& why) {
  return error{errc::invalid_argument, "invalid keyword spec '" + std::string(spec) + "': " + why, {}, 0, 0};
}

constexpr unsigned max_position = 1000;

}  // namespace

result<keyword_spec> parse_keyword_spec(std::string_view spec) {
  keyword_spec k;
  const std::size_t colon = spec.find(':');
  std::string_view name = spec.substr(0, colon);
  if (name.empty()) return spec_error(spec, "the function name is empty");
  if (!is_ident_start(name.front()) || !std::all_of(name.begin(), name.end(), is_ident_char))
    return spec_error(spec, "the function name is not an identifier");
  k.name = std::string(name);
  if (colon == std::string_view::npos) return k;
  std::string_view rest = spec.substr(colon + 1);
  if (rest.empty()) return spec_error(spec, "no argument positions after ':'");
  unsigned plain[2] = {0, 0};
  unsigned plain_count = 0;
  while (true) {
    std::size_t comma = rest.find(',');
    // A quoted extracted comment may itself contain commas: it runs to its closing quote.
    if (!rest.empty() && rest.front() == '"') {
      std::size_t close = rest.find('"', 1);
      if (close == std::string_view::npos) return spec_error(spec, "unterminated quoted comment");
      comma = rest.find(',', close);
      if (close + 1 != (comma == std::string_view::npos ? rest.size() : comma))
        return spec_error(spec, "text after a quoted comment");
      k.comments.emplace_back(rest.substr(1, close - 1));
    } else {
      std::string_view item = rest.substr(0, comma);
      if (item.empty()) return spec_error(spec, "an argument position is empty");
      std::size_t i = 0;
      unsigned long value = 0;
      while (i < item.size() && item[i] >= '0' && item[i] <= '9') {
        value = value * 10 + static_cast<unsigned long>(item[i] - '0');
        if (value > max_position) return spec_error(spec, "argument position over 1000");
        ++i;
      }
      if (i == 0) return spec_error(spec, "'" + std::string(item) + "' is not an argument position");
      if (value == 0) return spec_error(spec, "argument positions start at 1");
      std::string_view suffix = item.substr(i);
      const auto v = static_cast<unsigned>(value);
      if (suffix.empty() || suffix == "g") {
        if (plain_count == 2) return spec_error(spec, "more than two message arguments");
        if (suffix == "g") {
          if (k.glib_context != 0) return spec_error(spec, "more than one 'g' argument");
          k.glib_context = v;
        }
        plain[plain_count++] = v;
      } else if (suffix == "c") {
        if (k.context != 0) return spec_error(spec, "more than one context argument");
        k.context = v;
      } else if (suffix == "t") {
        if (k.total != 0) return spec_error(spec, "more than one total argument count");
        k.total = v;
      } else if (suffix == "d") {
        if (k.domain != 0) return spec_error(spec, "more than one domain argument");
        k.domain = v;
      } else {
        return spec_error(spec, "unknown suffix '" + std::string(suffix) + "' (expected c, g, t or d)");
      }
    }
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (plain_count == 0) {
    if (k.context != 0 || k.domain != 0) return spec_error(spec, "no msgid argument");
    plain[0] = 1;  // `name:3t` or `name:"comment"`: the msgid is the first argument
  }
  k.msgid = plain[0];
  k.msgid_plural = plain[1];
  const unsigned positions[4] = {k.msgid, k.msgid_plural, k.context, k.domain};
  for (int a = 0; a < 4; ++a) {
    for (int b = a + 1; b < 4; ++b)
      if (positions[a] != 0 && positions[a] == positions[b])
        return spec_error(spec, "argument " + std::to_string(positions[a]) + " is used twice");
    if (k.total != 0 && positions[a] > k.total)
      return spec_error(spec, "argument " + std::to_string(positions[a]) + " is past the total count");
  }
  return k;
}

namespace {

std::string spec_string(const keyword_spec& k, bool with_domain) {
  std::string s = k.name + ':';
  auto add = [&s](unsigned v, const char* suffix) {
    if (v == 0) return;
    if (s.back() != ':') s += ',';
    s += std::to_string(v);
    s += suffix;
  };
  if (with_domain) add(k.domain, "d");
  add(k.context, "c");
  add(k.msgid, k.glib_context == k.msgid ? "g" : "");
  add(k.msgid_plural, k.glib_context != 0 && k.glib_context == k.msgid_plural ? "g" : "");
  add(k.total, "t");
  for (const std::string& c : k.comments) s += ",\"" + c + '"';
  return s;
}

}  // namespace

std::string to_string(const keyword_spec& spec) { return spec_string(spec, true); }

std::vector<keyword_spec> default_keywords() {
  static constexpr std::string_view specs[] = {
      // erli18n lookups (free and translator members share the layouts) and GNU's C names.
      "gettext:1", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3",  //
      "dgettext:1d,2", "dngettext:1d,2,3", "dpgettext:1d,2c,3", "dnpgettext:1d,2c,3,4", "dlgettext:1d,3",
      "dlngettext:1d,3,4", "dlpgettext:1d,3c,4", "dlnpgettext:1d,3c,4,5",
      // GNU only: the category is the last argument.
      "dcgettext:1d,2", "dcngettext:1d,2,3", "dcpgettext:1d,2c,3", "dcnpgettext:1d,2c,3,4",  //
      "_:1", "N_:1", "gettext_noop:1",
      // erli18n/checked.h's compile-time-checked macros (their msgid is checked against the
      // template, so the template must hold it: `compile --keys` fails otherwise).
      "ERLI18N_MSGID:1", "ERLI18N_GETTEXT:1", "ERLI18N_PGETTEXT:1c,2", "ERLI18N_NGETTEXT:1,2",
      "ERLI18N_NPGETTEXT:1c,2,3", "ERLI18N_GETTEXTF:1", "ERLI18N_PGETTEXTF:1c,2", "ERLI18N_NGETTEXTF:1,2",
      // erli18n/hashed.h's keys hashed while compiling.
      "ERLI18N_MSG:1", "ERLI18N_PMSG:1c,2", "ERLI18N_NMSG:1,2", "ERLI18N_NPMSG:1c,2,3"};
  std::vector<keyword_spec> out;
  out.reserve(std::size(specs));
  for (std::string_view s : specs) out.push_back(*parse_keyword_spec(s));
  return out;
}

std::vector<std::string> default_keywords_for_xgettext() {
  std::vector<std::string> out;
  for (const keyword_spec& k : default_keywords()) out.push_back(spec_string(k, false));
  return out;
}

std::string to_string(const extract_warning& w) {
  std::string s = w.file;
  if (w.line != 0) s += ':' + std::to_string(w.line);
  s += ": warning: ";
  s += w.message;
  return s;
}

}  // namespace erli18n
