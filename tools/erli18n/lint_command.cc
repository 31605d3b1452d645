// erli18n lint [--format text|json] [--werror] FILE.po...: checks translators' catalogs for
// problems the GNU tools do not report.
//
// Checks so far (each diagnostic names its check in brackets):
//  - plural-forms (error): the header's Plural-Forms does not compile (glibc would then
//    silently use `n != 1`).
//  - plural-cldr (warning): the header's rule picks other forms than CLDR's rule for the
//    catalog's locale, compared by behaviour (see compare_with_cldr). The header's rule is
//    the one used at run time; the warning asks a human to confirm it. CLDR itself parts
//    from long-standing gettext practice in places (fr, es, it and pt gained a `many` form
//    in CLDR 38), so this is a warning, never an error.
//  - language (warning): the header's Language is not a locale name, or not in canonical
//    form (`pt-BR` for `pt_BR`).
// The catalog's locale is its Language header, else taken from the path
// (`LOCALE/LC_MESSAGES/DOMAIN.po`, or `LOCALE.po`).
//
// Exit status: 0 when no error was found (warnings allowed unless --werror), 1 otherwise
// (a file that cannot be read counts as an error), 2 on a usage error.
#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.h"
#include "erli18n/cldr_plurals.h"
#include "erli18n/locale_name.h"
#include "erli18n/plural.h"
#include "erli18n/po.h"

namespace erli18n::cli {
namespace {

struct diagnostic {
  std::string file;
  std::size_t line = 0;
  std::size_t column = 0;
  bool is_error = false;
  std::string check;
  std::string message;
};

// Where `"FIELD:` starts in the file (1-based line and column of FIELD), or the header's
// msgid line when the field is not found as written.
void position_of_field(std::string_view text, std::string_view field, const po_message& header,
                       diagnostic& d) {
  const std::string needle = "\"" + std::string(field) + ":";
  std::size_t line = 1, start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '\n') {
      const std::string_view row = text.substr(start, i - start);
      if (std::size_t at = row.find(needle); at != std::string_view::npos) {
        d.line = line;
        d.column = at + 2;
        return;
      }
      ++line;
      start = i + 1;
    }
  }
  d.line = header.line;
  d.column = header.column;
}

// The catalog's locale as its path names it, or "".
std::string locale_from_path(const std::filesystem::path& path) {
  const std::filesystem::path parent = path.parent_path();
  if (parent.filename() == "LC_MESSAGES") return parent.parent_path().filename().string();
  return path.stem().string();
}

void lint_file(const std::string& path, std::vector<diagnostic>& out) {
  auto report = [&](const po_message* header, std::string_view field, bool is_error, std::string check,
                    std::string message, std::string_view text) {
    diagnostic d{path, 0, 0, is_error, std::move(check), std::move(message)};
    if (header) position_of_field(text, field, *header, d);
    out.push_back(std::move(d));
  };
  std::string text;
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      report(nullptr, {}, true, "read", "cannot open the file", {});
      return;
    }
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  result<po_file> po = read_po(text, path);
  if (!po) {
    const error& e = po.error();
    out.push_back({path, e.line, e.column, true, "syntax", e.message});
    return;
  }
  const po_message* header = po->header();
  if (header == nullptr) return;

  std::string locale = locale_from_path(path);
  if (std::optional<std::string> language = po->header_field("Language"); language && !language->empty()) {
    result<std::string> canonical = canonical_locale(*language);
    if (!canonical)
      report(header, "Language", false, "language",
             "Language '" + *language + "' is not a locale name: " + canonical.error().message, text);
    else if (*canonical != *language)
      report(header, "Language", false, "language",
             "Language '" + *language + "' is not in canonical form; write '" + *canonical + "'", text);
    if (canonical) locale = *canonical;
  }

  std::optional<std::string> forms = po->header_field("Plural-Forms");
  if (!forms) return;
  result<plural_rule> rule = plural_rule::parse(*forms);
  if (!rule) {
    report(header, "Plural-Forms", true, "plural-forms",
           "Plural-Forms does not compile (" + rule.error().message + "); glibc would use n != 1", text);
    return;
  }
  const std::optional<cldr_divergence> d = compare_with_cldr(*rule, locale);
  if (!d) return;
  const plural_comparison& c = d->comparison;
  std::string message = "Plural-Forms differs from CLDR " + std::string(cldr_version()) + "'s rule for '" +
                        std::string(d->cldr->locale) + "', '" + std::string(d->cldr->plural_forms) +
                        "' (forms " + std::string(d->cldr->categories) + "): ";
  if (c.forms_differ)
    message += "for n = " + std::to_string(c.n) + " the catalog uses form " + std::to_string(c.form_a) +
               ", CLDR form " + std::to_string(c.form_b);
  else
    message +=
        "the catalog has " + std::to_string(c.nplurals_a) + " forms, CLDR " + std::to_string(c.nplurals_b);
  message += "; the catalog's rule is the one used";
  report(header, "Plural-Forms", false, "plural-cldr", std::move(message), text);
}

std::string as_text(const diagnostic& d) {
  std::string s = d.file;
  if (d.line != 0) s += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
  s += d.is_error ? ": error: " : ": warning: ";
  return s + d.message + " [" + d.check + "]";
}

}  // namespace

void add_lint_command(CLI::App& app, int& exit_code) {
  struct options {
    std::vector<std::string> files;
    std::string format = "text";
    bool werror = false;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("lint", "Check catalogs for problems the GNU tools do not report");
  cmd->add_option("files", opts->files, "PO files")->required();
  cmd->add_option("--format", opts->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  cmd->add_flag("--werror", opts->werror, "Treat warnings as errors");
  cmd->callback([opts, &exit_code] {
    std::vector<diagnostic> found;
    for (const std::string& f : opts->files) lint_file(f, found);
    bool failed = false;
    for (const diagnostic& d : found) failed = failed || d.is_error || opts->werror;
    if (opts->format == "json") {
      nlohmann::json all = nlohmann::json::array();
      for (const diagnostic& d : found)
        all.push_back({{"file", d.file},
                       {"line", d.line},
                       {"column", d.column},
                       {"severity", d.is_error ? "error" : "warning"},
                       {"check", d.check},
                       {"message", d.message}});
      std::cout << all.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    } else {
      for (const diagnostic& d : found) std::cerr << as_text(d) << '\n';
    }
    exit_code = failed ? 1 : 0;
  });
}

}  // namespace erli18n::cli
