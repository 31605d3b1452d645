// erli18n merge DEF.po REF.pot [-o OUT.po | -U [--backup=CONTROL] [--suffix=S]] [--previous]
//   [--no-fuzzy-matching] [--for-msgfmt] [--no-location | --add-location[=full|file|never]]
//   [-s | -F] [--lang=LL] [-w N] [-q] [--no-wrap] [-C COMPENDIUM.po]...
// erli18n merge --for-each-locale DIR [--previous] [--no-fuzzy-matching] [--no-wrap]
// Updates translated catalogs from a template as `msgmerge` does (see erli18n/tools/merge.h).
// With -U (and --for-each-locale, which updates every DIR/LOCALE/LC_MESSAGES/DOMAIN.po from
// DIR/DOMAIN.pot) a catalog is rewritten only when its bytes change by more than the template's
// POT-Creation-Date, as msgmerge -U, which backs it up first (def.po~ unless --backup=none).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "commands.h"
#include "erli18n/po.h"
#include "erli18n/tools/merge.h"
#include "file_io.h"
#include "merge_command.h"

namespace erli18n::cli {

namespace fs = std::filesystem;

namespace {

// The file's bytes, or nothing when it cannot be read (a missing file reads as nothing).
std::optional<std::string> file_bytes(const std::string& path) {
  result<std::string> bytes = read_whole_file(path);
  if (!bytes) return std::nullopt;
  return std::move(*bytes);
}

// A --backup CONTROL msgmerge knows.
bool valid_backup_control(std::string_view control) {
  for (std::string_view known : {"none", "off", "numbered", "t", "existing", "nil", "simple", "never"})
    if (control == known) return true;
  return false;
}

// The backup msgmerge -U makes before rewriting (always, unless the kind says none); the kind from
// --backup's CONTROL, else $VERSION_CONTROL, else "existing" (numbered when the file has numbered
// backups, else simple); the simple suffix from --suffix, else $SIMPLE_BACKUP_SUFFIX, else "~".
// The file is renamed, so the backup keeps its bytes and mtime.
bool make_backup(const std::string& path, const merge_cli_options& opts) {
  std::string control = opts.backup;
  if (control.empty())
    if (const char* env = std::getenv("VERSION_CONTROL")) control = env;
  if (control.empty()) control = "existing";
  if (control == "none" || control == "off") return true;
  const fs::path file(path);
  const std::string prefix = file.filename().string() + ".~";
  auto numbered_index = [&prefix](const fs::path& candidate) -> std::size_t {
    const std::string name = candidate.filename().string();
    if (name.size() <= prefix.size() + 1 || name.compare(0, prefix.size(), prefix) != 0 || name.back() != '~')
      return 0;
    std::size_t n = 0;
    for (std::size_t i = prefix.size(); i + 1 < name.size(); ++i) {
      if (name[i] < '0' || name[i] > '9') return 0;
      n = n * 10 + static_cast<std::size_t>(name[i] - '0');
    }
    return n;
  };
  std::size_t highest = 0;
  std::error_code ec;
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    highest = std::max(highest, numbered_index(it->path()));
  bool numbered = false;
  if (control == "numbered" || control == "t") {
    numbered = true;
  } else if (control == "existing" || control == "nil") {
    numbered = highest > 0;
  } else if (!valid_backup_control(control)) {
    if (opts.program.empty()) {
      std::cerr << "erli18n merge: error: invalid --backup argument: " << control << '\n';
    } else {
      std::cerr << opts.program << ": invalid argument '" << control << "' for 'backup type'\n"
                << "Valid arguments are:\n  - 'none', 'off'\n  - 'simple', 'never'\n  - 'existing', 'nil'\n"
                << "  - 'numbered', 't'\n";
    }
    return false;
  }
  std::string suffix = opts.suffix;
  if (suffix.empty())
    if (const char* env = std::getenv("SIMPLE_BACKUP_SUFFIX")) suffix = env;
  if (suffix.empty()) suffix = "~";
  const std::string backup = numbered ? path + ".~" + std::to_string(highest + 1) + "~" : path + suffix;
  fs::rename(path, backup, ec);
  if (ec) {
    std::cerr << io_error(backup, "cannot make the backup", ec.value()).to_string() << '\n';
    return false;
  }
  return true;
}

// What msgmerge counts of a merge, summed over the domains of the catalog.
struct merge_counts {
  std::size_t domains = 0;           // of the catalog, merged or not
  std::size_t template_entries = 0;  // per domain merged with the template, its messages and header
  std::size_t merged = 0, fuzzied = 0, missing = 0, obsolete = 0;
};

// Adds one domain's merge to `counts`; `with_template` false for a domain that met no template
// (msgmerge without -m: every domain but the default one), all of whose entries go obsolete.
void count_merge(const po_file& def, const po_file& ref, const merge_result& merged,
                 const merge_cli_options& opts, bool with_template, merge_counts& counts) {
  if (!with_template) {
    if (!opts.for_msgfmt) counts.obsolete += merged.decisions.size() + (def.header() != nullptr ? 1 : 0);
    return;
  }
  std::size_t template_messages = 0;
  for (const po_message& r : ref.messages)
    if (r.msgctxt || !r.msgid.empty()) ++template_messages;
  counts.template_entries += template_messages + 1;
  // msgmerge counts the header, the catalog's or a compendium's.
  if (merged.catalog.header() != nullptr) ++counts.merged;
  for (std::size_t i = 0; i < merged.decisions.size(); ++i) {
    const merge_decision& d = merged.decisions[i];
    if (i >= template_messages) break;
    const bool by_similarity =
        d.kind == merge_decision_kind::fuzzy || d.source_msgctxt || !d.source_msgid.empty();
    if (by_similarity && opts.for_msgfmt) {
      ++counts.missing;  // --for-msgfmt drops what similarity would seed: msgmerge counts it missing
    } else if (by_similarity) {
      ++counts.fuzzied;
    } else if (d.kind == merge_decision_kind::added) {
      ++counts.missing;
    } else {
      ++counts.merged;
    }
  }
  // --for-msgfmt keeps no obsolete entries: msgmerge counts none.
  if (merged.decisions.size() > template_messages && !opts.for_msgfmt)
    counts.obsolete += merged.decisions.size() - template_messages;
}

// msgmerge's account of a merge on stderr: a dot per ten template entries (the header
// included, over every domain merged with the template) begun and per message seeded by
// similarity, then " done." (-v: a newline and the counts instead); none under --for-msgfmt,
// which msgmerge runs without fuzzy matching.
void print_progress(const merge_counts& counts, const merge_cli_options& opts) {
  if (opts.progress && !opts.for_msgfmt) {
    std::cerr << std::string((counts.template_entries + 9) / 10 + counts.fuzzied, '.')
              << (opts.verbose ? "\n" : " done.\n");
  }
  if (opts.verbose)
    std::cerr << "Read " << counts.domains << " old + 1 reference, merged " << counts.merged << ", fuzzied "
              << counts.fuzzied << ", missing " << counts.missing << ", obsolete " << counts.obsolete
              << ".\n";
}

// The catalog's text: the file's, or standard input's for `-`.
result<std::string> catalog_text(const std::string& path) {
  if (path != "-") return read_whole_file(path, po_read_options{}.max_bytes);
  std::string text;
  if (result<void> read = read_to_end(0, "<stdin>", no_size_limit, text); !read) return read.error();
  return text;
}

// The catalog's domains, in the order they first appear, "messages" (the default one) first,
// the sections of a domain named twice joined; one when the text has no `domain` directive.
result<std::vector<po_domain>> read_domains(std::string text, const std::string& name) {
  const bool directives = text.starts_with("domain") || text.find("\ndomain") != std::string::npos;
  std::vector<po_domain> domains;
  if (!directives) {
    result<po_file> po = read_po(text, name);
    if (!po) return std::move(po).error();
    domains.push_back({"messages", std::move(*po)});
    return domains;
  }
  for (po_domain_section& section : split_po_domains(std::move(text))) {
    result<po_file> po = read_po(section.text, name);
    if (!po) return std::move(po).error();
    const std::string domain = section.domain.empty() ? "messages" : section.domain;
    auto same =
        std::find_if(domains.begin(), domains.end(), [&](const po_domain& d) { return d.name == domain; });
    if (same == domains.end()) {
      domains.push_back({domain, std::move(*po)});
    } else {
      std::move(po->messages.begin(), po->messages.end(), std::back_inserter(same->po.messages));
    }
  }
  return domains;
}

}  // namespace

result<po_file> read_catalog(const std::string& path) {
  if (path != "-") return read_po_file(path);
  std::string text;
  if (result<void> read = read_to_end(0, "<stdin>", no_size_limit, text); !read) return read.error();
  return read_po(text, "<stdin>");
}

result<std::vector<po_domain>> read_catalog_domains(const std::string& path) {
  result<std::string> text = catalog_text(path);
  if (!text) return std::move(text).error();
  return read_domains(std::move(*text), path == "-" ? "<stdin>" : path);
}

bool merge_one(const std::string& def_path, const po_file& ref, const merge_cli_options& opts,
               const std::string& output, bool in_place) {
  result<std::vector<po_domain>> defs = read_catalog_domains(def_path);
  if (!defs) {
    std::cerr << defs.error().to_string() << '\n';
    return false;
  }
  merge_options options;
  options.keep_previous = opts.previous;
  options.fuzzy_matching = !opts.no_fuzzy_matching;
  options.for_msgfmt = opts.for_msgfmt;
  options.sort_output = opts.sort_output;
  options.sort_by_file = opts.sort_by_file;
  options.lang = opts.lang;
  options.compendia = opts.compendia;
  if (opts.add_location == "file") options.add_location = merge_location::file;
  if (opts.add_location == "never" || opts.no_location) options.add_location = merge_location::never;
  // msgmerge merges the template into the default domain, and with -m into every other one
  // too (skipping empty ones); without -m the other domains meet an empty template, so every
  // entry of theirs, header included, goes obsolete (msgmerge 0.21, found by running it).
  const po_file no_template;
  // A domain that meets no template is not merged: no compendium gives it anything, not even a
  // header.
  merge_options unmerged = options;
  unmerged.compendia.clear();
  std::vector<po_domain> merged_domains;
  merge_counts counts;
  counts.domains = defs->size();  // msgmerge counts the empty ones -m skips
  for (std::size_t i = 0; i < defs->size(); ++i) {
    const po_file& def = (*defs)[i].po;
    const bool with_template = i == 0 || opts.multi_domain;
    if (opts.multi_domain && def.messages.empty() && defs->size() > 1) continue;
    // --for-msgfmt keeps no obsolete entries: msgmerge writes only the default domain then.
    if (!with_template && opts.for_msgfmt) continue;
    merge_result merged =
        with_template ? merge_catalogs(def, ref, options) : merge_catalogs(def, no_template, unmerged);
    count_merge(def, ref, merged, opts, with_template, counts);
    if (!with_template && def.header() != nullptr)
      for (po_message& m : merged.catalog.messages)
        if (m.is_header()) {
          m = *def.header();
          m.obsolete = true;
        }
    merged_domains.push_back({(*defs)[i].name, std::move(merged.catalog)});
  }
  if (opts.progress || opts.verbose) print_progress(counts, opts);
  po_write_options write_options;
  write_options.wrap = !opts.no_wrap;
  write_options.width = opts.width;
  write_options.indent = opts.indent;
  write_options.escape = opts.escape;
  write_options.strict = opts.strict;
  write_options.force_po = true;  // msgmerge writes a header with no message after it
  result<std::string> bytes = write_po_domains(merged_domains, write_options);
  if (!bytes) {
    std::cerr << bytes.error().to_string() << '\n';
    return false;
  }
  if (!in_place) return write_output(output, *bytes);
  // Unchanged, or changed only in the template's POT-Creation-Date: msgmerge -U leaves the file
  // (and its mtime) alone and makes no backup.
  const std::optional<std::string> current = file_bytes(def_path);
  if (current == *bytes) return true;
  if (current) {
    std::vector<po_domain> dated;
    for (po_domain& d : merged_domains) {
      auto def =
          std::find_if(defs->begin(), defs->end(), [&](const po_domain& e) { return e.name == d.name; });
      dated.push_back({d.name, with_pot_creation_date_of(d.po, def->po)});
    }
    result<std::string> same_date = write_po_domains(dated, write_options);
    if (same_date && *same_date == *current) return true;
  }
  // --for-each-locale (no msgmerge option) updates catalogs under version control: no backups.
  if (opts.for_each_locale.empty() && !make_backup(def_path, opts)) return false;
  return write_output(def_path, *bytes);
}

namespace {

// Every DIR/DOMAIN.pot against every DIR/LOCALE/LC_MESSAGES/DOMAIN.po, in name order.
bool merge_tree(const merge_cli_options& opts) {
  std::error_code ec;
  std::vector<fs::path> templates;
  std::vector<fs::path> locales;
  for (fs::directory_iterator it(opts.for_each_locale, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".pot" && it->is_regular_file(ec)) templates.push_back(it->path());
    if (it->is_directory(ec)) locales.push_back(it->path());
  }
  if (ec) {
    std::cerr << io_error(opts.for_each_locale, "cannot list directory", ec.value()).to_string() << '\n';
    return false;
  }
  if (templates.empty()) {
    std::cerr << opts.for_each_locale << ": error: no .pot template in this directory\n";
    return false;
  }
  std::sort(templates.begin(), templates.end());
  std::sort(locales.begin(), locales.end());
  bool ok = true;
  for (const fs::path& pot : templates) {
    result<po_file> ref = read_po_file(pot.string());
    if (!ref) {
      std::cerr << ref.error().to_string() << '\n';
      ok = false;
      continue;
    }
    const fs::path catalog_name = pot.stem().string() + ".po";
    for (const fs::path& locale : locales) {
      const fs::path catalog = locale / "LC_MESSAGES" / catalog_name;
      if (!fs::is_regular_file(catalog, ec)) continue;
      if (!merge_one(catalog.string(), *ref, opts, "", true)) ok = false;
    }
  }
  return ok;
}

}  // namespace

void add_merge_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<merge_cli_options>();
  CLI::App* cmd = app.add_subcommand("merge", "Update translated catalogs from a template, as msgmerge does");
  cmd->add_option("def", opts->def, "Translated catalog (def.po)");
  cmd->add_option("ref", opts->ref, "Template (ref.pot)");
  CLI::Option* output =
      cmd->add_option("-o,--output", opts->output, "Output file (default: standard output)");
  CLI::Option* update = cmd->add_flag("-U,--update", opts->update, "Update def.po in place (backup def.po~)");
  cmd->add_flag("--backup{}", opts->backup,
                "With -U, back def.po up first: none, simple, numbered or existing");
  cmd->add_option("--suffix", opts->suffix, "With -U, the simple backup's suffix (~)");
  CLI::Option* each = cmd->add_option("--for-each-locale", opts->for_each_locale,
                                      "Update every DIR/LOCALE/LC_MESSAGES/DOMAIN.po from DIR/DOMAIN.pot");
  cmd->add_flag("--previous", opts->previous, "Keep the previous msgid of fuzzy entries (#|)");
  cmd->add_flag("-N,--no-fuzzy-matching", opts->no_fuzzy_matching,
                "Do not seed new messages from similar ones");
  cmd->add_flag(
      "--for-msgfmt", opts->for_msgfmt,
      "Write only what msgfmt compiles: no fuzzy or untranslated messages, no comments for translators");
  cmd->add_flag("--no-location", opts->no_location, "Write no #: reference lines");
  cmd->add_flag("--add-location{full}", opts->add_location,
                "Write #: reference lines: full (file:line, the default), file (names only) or never")
      ->check(CLI::IsMember({"full", "file", "never"}));
  CLI::Option* sort_output =
      cmd->add_flag("-s,--sort-output", opts->sort_output, "Sort the messages by msgid");
  cmd->add_flag("-F,--sort-by-file", opts->sort_by_file, "Sort the messages by their references")
      ->excludes(sort_output);  // msgmerge refuses the two together
  auto lang = std::make_shared<std::string>();
  CLI::Option* lang_option = cmd->add_option("--lang", *lang, "Set the header's Language field");
  cmd->add_option("-w,--width", opts->width, "Output page width")->check(CLI::Range(1, 100000));
  cmd->add_flag("-q,--quiet,--silent", opts->quiet, "Print no progress (merge prints none anyway)");
  cmd->add_flag("--no-wrap", opts->no_wrap, "Do not break long message lines");
  auto compendium_paths = std::make_shared<std::vector<std::string>>();
  cmd->add_option("-C,--compendium", *compendium_paths,
                  "Take missing translations from this catalog too (several: the first wins)")
      ->allow_extra_args(false);  // one file per -C, as msgmerge: the operands stay operands
  update->excludes(output);
  each->excludes(output)->excludes(update);
  cmd->callback([opts, compendium_paths, lang, lang_option, &exit_code] {
    if (lang_option->count() > 0) opts->lang = *lang;
    std::vector<po_file> compendia;
    compendia.reserve(compendium_paths->size());
    for (const std::string& path : *compendium_paths) {
      result<po_file> compendium = read_po_file(path);
      if (!succeeded(compendium, exit_code)) return;
      compendia.push_back(std::move(*compendium));
    }
    for (const po_file& compendium : compendia) opts->compendia.push_back(&compendium);
    if (!opts->for_each_locale.empty()) {
      if (!opts->def.empty()) {
        std::cerr << "erli18n merge: error: --for-each-locale takes no catalog arguments\n";
        exit_code = 2;
        return;
      }
      exit_code = merge_tree(*opts) ? 0 : 1;
      return;
    }
    if (opts->def.empty() || opts->ref.empty()) {
      std::cerr << "erli18n merge: error: expected DEF.po REF.pot (or --for-each-locale DIR)\n";
      exit_code = 2;
      return;
    }
    // The catalog, the template and the merged copy: about twice the catalog's size.
    std::error_code ec;
    const std::uintmax_t def_size = fs::file_size(opts->def, ec);
    if (!ec) prepare_heap_for_size(static_cast<std::size_t>(def_size) * 2);
    result<po_file> ref = read_po_file(opts->ref);
    if (!succeeded(ref, exit_code)) return;
    if (!merge_one(opts->def, *ref, *opts, opts->output, opts->update)) {
      exit_code = 1;
      return;
    }
    exit_now(exit_code);
  });
}

}  // namespace erli18n::cli
