// `erli18n compile --cpp`: catalogs as constant data in a C++ source (see embedded.h).
#include "compile_cpp.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <sstream>

#include "erli18n/locale_name.h"
#include "erli18n/po.h"
#include "file_io.h"

namespace erli18n::cli {
namespace {

error input_error(const std::string& path, std::string message) {
  return error{errc::invalid_argument, std::move(message), path, 0, 0};
}

// The key of the catalog at `path`, by the rules of embed_naming.
result<embed_input> name_catalog(const std::string& path, const embed_naming& naming) {
  const std::filesystem::path p(path);
  const std::filesystem::path parent = p.parent_path();
  embed_input in;
  std::string locale = naming.locale;
  std::string domain = naming.domain;
  if (parent.filename() == "LC_MESSAGES") {
    if (locale.empty()) locale = parent.parent_path().filename().string();
    if (domain.empty()) domain = p.stem().string();
  } else if (locale.empty()) {
    locale = p.stem().string();
  }
  if (domain.empty())
    return input_error(path,
                       "cannot tell the catalog's domain (not under LOCALE/LC_MESSAGES/): give --domain");
  result<std::string> canonical = canonical_locale(locale);
  if (!canonical) return input_error(path, "'" + locale + "' is not a locale name: give --locale");
  in.domain = std::move(domain);
  in.locale = std::move(*canonical);
  return in;
}

// `name` for a `//` comment: no control character (a newline would end it) and no
// backslash (one at the end of the line would continue the comment onto the next).
std::string comment_safe(std::string_view name) {
  std::string out(name);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == '\\' || c == 0x7f) c = '?';
  return out;
}

}  // namespace

result<std::vector<embed_input>> read_embed_inputs(const std::vector<std::string>& paths,
                                                   const embed_naming& naming,
                                                   const mo_compile_options& options) {
  if (!naming.locale.empty() && paths.size() != 1)
    return error{errc::invalid_argument, "--locale names the locale of one catalog only", {}, 0, 0};
  std::vector<embed_input> out;
  for (const std::string& path : paths) {
    result<embed_input> in = name_catalog(path, naming);
    if (!in) return std::move(in).error();
    result<std::string> bytes = read_whole_file(path);
    if (!bytes) return std::move(bytes).error();
    if (is_mo_image(*bytes)) {
      // Refuse what the store would refuse at startup, now rather than in the user's program.
      result<mo_catalog> mo = mo_catalog::from_memory(bytes->data(), bytes->size(), path);
      if (!mo) return std::move(mo).error();
      if (result<void> valid = mo->validate(); !valid) return std::move(valid).error();
      in->mo = std::move(*bytes);
    } else {
      result<po_file> po = read_po(*bytes, path);
      if (!po) return std::move(po).error();
      result<std::string> compiled = compile_mo(*po, options);
      if (!compiled) return std::move(compiled).error();
      if (compiled->empty()) {
        std::cerr << path << ": warning: no translated message; not embedded\n";
        continue;
      }
      in->mo = std::move(*compiled);
    }
    out.push_back(std::move(*in));
  }
  // Sorted, so that the output does not depend on the order a build system lists files in.
  std::sort(out.begin(), out.end(), [](const embed_input& a, const embed_input& b) {
    return std::tie(a.domain, a.locale) < std::tie(b.domain, b.locale);
  });
  for (std::size_t i = 1; i < out.size(); ++i)
    if (out[i].domain == out[i - 1].domain && out[i].locale == out[i - 1].locale)
      return error{errc::invalid_argument,
                   "two catalogs for domain '" + out[i].domain + "' and locale '" + out[i].locale + "'",
                   {},
                   0,
                   0};
  return out;
}

bool is_namespace_name(std::string_view ns) {
  std::size_t start = 0;
  while (true) {
    const std::size_t end = std::min(ns.find("::", start), ns.size());
    const std::string_view part = ns.substr(start, end - start);
    if (part.empty() || std::isdigit(static_cast<unsigned char>(part.front()))) return false;
    for (char c : part)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    if (end == ns.size()) return true;
    start = end + 2;
  }
}

std::string cpp_string_literal(std::string_view bytes, std::string_view indent) {
  constexpr std::size_t line_width = 96;
  std::string out;
  std::string line;
  auto flush = [&] {
    out += indent;
    out += '"';
    out += line;
    out += "\"\n";
    line.clear();
  };
  for (const char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      line += '\\';
      line += ch;
    } else if (c == '?') {
      line += "\\?";  // never part of a trigraph (-Wtrigraphs)
    } else if (c >= 0x20 && c < 0x7f) {
      line += ch;
    } else {
      // Always three octal digits, so a following digit is never read as part of it.
      line += '\\';
      line += static_cast<char>('0' + (c >> 6));
      line += static_cast<char>('0' + ((c >> 3) & 7));
      line += static_cast<char>('0' + (c & 7));
    }
    if (line.size() >= line_width) flush();
  }
  if (!line.empty() || out.empty()) flush();
  return out;
}

std::string render_embedded_cpp(const std::vector<embed_input>& catalogs, std::string_view ns) {
  std::ostringstream o;
  o << "// Generated by `erli18n compile --cpp`: do not edit. The catalogs' .mo bytes, and\n"
       "// register_catalogs() installing them in a store (see erli18n/embedded.h).\n"
       "#include <cstddef>\n\n"
       "#include \"erli18n/embedded.h\"\n\n"
       "ERLI18N_EMBEDDED_CATALOGS("
    << ns << ")\n\nnamespace " << ns << " {\nnamespace {\n\n";
  for (std::size_t i = 0; i < catalogs.size(); ++i) {
    const embed_input& c = catalogs[i];
    // Aligned as the MO reader prefers its 32-bit words.
    std::string data = cpp_string_literal(c.mo, "    ");
    data.back() = ';';
    o << "// domain " << comment_safe(c.domain) << ", locale " << c.locale << ", " << c.mo.size()
      << " bytes\n"
      << "alignas(4) constexpr char catalog_" << i << "[] =\n"
      << data << "\n\n";
  }
  if (!catalogs.empty()) {
    o << "constexpr ::erli18n::embedded_catalog catalogs[] = {\n";
    for (std::size_t i = 0; i < catalogs.size(); ++i) {
      const embed_input& c = catalogs[i];
      std::string domain = cpp_string_literal(c.domain, "");
      std::string locale = cpp_string_literal(c.locale, "");
      domain.pop_back();
      locale.pop_back();
      o << "    {" << domain << ", " << locale << ", catalog_" << i << ", sizeof catalog_" << i << " - 1},\n";
    }
    o << "};\n\n";
  }
  o << "}  // namespace\n\n"
       "::erli18n::result<std::size_t> register_catalogs(::erli18n::catalog_store& store) {\n";
  if (catalogs.empty())
    o << "  return ::erli18n::register_embedded(store, nullptr, 0);\n";
  else
    o << "  return ::erli18n::register_embedded(store, catalogs, sizeof catalogs / sizeof catalogs[0]);\n";
  o << "}\n\n"
       "::erli18n::result<std::size_t> register_catalogs() {\n"
       "  return register_catalogs(::erli18n::catalog_store::default_store());\n"
       "}\n\n"
       "}  // namespace "
    << ns << "\n";
  return o.str();
}

}  // namespace erli18n::cli
