// erli18n lookup CATALOG_FILE: loads one catalog (.po or .mo) into a store and answers
// lookups read as JSON lines from stdin, one JSON string per line on stdout.
//
// A request is `{"msgid": "...", "context": "...", "plural": "...", "n": 5}` (read by
// lookup_request.cc: `context` is optional, `plural` and `n` come together). It goes
// through the same store and lookup functions as any program (catalog_store, dlnpgettext
// and friends).
//
// Exit status: 0 when every request was answered, 1 when the catalog does not load or some
// request line is malformed (it is reported as `<stdin>:LINE:COL: error: ...`, answered
// with `null` so that answers stay line-aligned with requests, and the rest go on), 2 on a
// usage error.
#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.h"
#include "erli18n/catalog_store.h"
#include "lookup_request.h"

namespace erli18n::cli {
namespace {

// Defaults from the standard layout ROOT/LOCALE/LC_MESSAGES/DOMAIN.mo: the file's stem is
// the domain and the directory above LC_MESSAGES the locale.
void default_names(const std::string& path, std::string& domain, std::string& locale) {
  std::filesystem::path p(path);
  if (domain.empty()) domain = p.stem().string();
  if (locale.empty()) {
    std::filesystem::path dir = p.parent_path();
    locale = dir.filename() == "LC_MESSAGES" ? dir.parent_path().filename().string() : "C";
  }
}

}  // namespace

void add_lookup_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string file;
    std::string domain;
    std::string locale;
    bool include_fuzzy = false;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("lookup", "Look strings up in a catalog (JSON lines on stdin)");
  cmd->add_option("catalog", opts->file, "A .po or .mo file")->required();
  cmd->add_option("--domain", opts->domain,
                  "Domain to load it under (default: the file name without extension)");
  cmd->add_option("--locale", opts->locale,
                  "Locale to load it under (default: LOCALE of LOCALE/LC_MESSAGES/FILE, else C)");
  cmd->add_flag("--use-fuzzy", opts->include_fuzzy, "Include fuzzy entries of a .po");
  cmd->callback([opts, &exit_code] {
    default_names(opts->file, opts->domain, opts->locale);
    warn_if_shadowed(opts->file);
    catalog_store store;
    load_options lo;
    lo.include_fuzzy = opts->include_fuzzy;
    lo.verify_all = true;  // a command inspecting one file reports a damaged message, not a miss
    if (!succeeded(store.load(opts->domain, opts->locale, opts->file, lo), exit_code)) return;
    std::string line;
    for (std::size_t number = 1; std::getline(std::cin, line); ++number) {
      result<lookup_request> r = parse_lookup_request(line, number);
      if (!r) {
        std::cerr << r.error().to_string() << '\n';
        exit_code = 1;
        std::cout << "null" << std::endl;
        continue;
      }
      std::string_view answer;
      if (r->context && r->plural)
        answer = store.dlnpgettext(opts->domain, opts->locale, *r->context, r->msgid, *r->plural, r->n);
      else if (r->context)
        answer = store.dlpgettext(opts->domain, opts->locale, *r->context, r->msgid);
      else if (r->plural)
        answer = store.dlngettext(opts->domain, opts->locale, r->msgid, *r->plural, r->n);
      else
        answer = store.dlgettext(opts->domain, opts->locale, r->msgid);
      // One line per answer, flushed: a program driving this through a pipe waits for it.
      std::cout << nlohmann::json(std::string(answer))
                       .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                << std::endl;
    }
    if (!std::cout) {
      std::cerr << "erli18n: error: cannot write to standard output\n";
      exit_code = 1;
    }
  });
}

}  // namespace erli18n::cli
