// `msgfmt` as GNU gettext 0.21 documents it (`msgfmt --help`), PO to MO: the same compiler as
// `erli18n compile` (compile_mo) and, for -c and --check-*, the checks of `erli18n lint` that
// msgfmt makes, printed in msgfmt's words (lint_diagnostic::msgfmt_text). Several inputs are
// merged into one catalog per domain; `domain "NAME"` directives send what follows to NAME.mo.
// The options of msgfmt's other modes (Java, C#, Tcl, Qt, desktop, XML) and input syntaxes
// are recognised, so that abbreviations resolve as GNU's do, and refused as not supported.
// What msgfmt does, where its documentation is silent, was found by running msgfmt 0.21.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "commands.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "erli18n/tools/lint.h"
#include "file_io.h"
#include "gnu_command_support.h"
#include "gnu_commands.h"
#include "gnu_options.h"

namespace erli18n::gnu {

namespace {

enum : int {
  opt_check_accelerators = 256,
  opt_check_domain,
  opt_check_format,
  opt_check_header,
  opt_csharp,
  opt_csharp_resources,
  opt_desktop,
  opt_endianness,
  opt_java2,
  opt_keyword,
  opt_no_hash,
  opt_qt,
  opt_source,
  opt_statistics,
  opt_strict,
  opt_stringtable_input,
  opt_tcl,
  opt_template,
  opt_use_untranslated,
};

// Every long option of GNU msgfmt 0.21, so that a prefix means what it means there.
constexpr long_option msgfmt_options[] = {
    {"alignment", takes::required, 'a'},
    {"check", takes::none, 'c'},
    {"check-accelerators", takes::optional, opt_check_accelerators},
    {"check-compatibility", takes::none, 'C'},
    {"check-domain", takes::none, opt_check_domain},
    {"check-format", takes::none, opt_check_format},
    {"check-header", takes::none, opt_check_header},
    {"csharp", takes::none, opt_csharp},
    {"csharp-resources", takes::none, opt_csharp_resources},
    {"desktop", takes::none, opt_desktop},
    {"directory", takes::required, 'D'},
    {"endianness", takes::required, opt_endianness},
    {"help", takes::none, 'h'},
    {"java", takes::none, 'j'},
    {"java2", takes::none, opt_java2},
    {"keyword", takes::required, opt_keyword},
    {"language", takes::required, 'L'},
    {"locale", takes::required, 'l'},
    {"no-hash", takes::none, opt_no_hash},
    {"output-file", takes::required, 'o'},
    {"properties-input", takes::none, 'P'},
    {"qt", takes::none, opt_qt},
    {"resource", takes::required, 'r'},
    {"source", takes::none, opt_source},
    {"statistics", takes::none, opt_statistics},
    {"strict", takes::none, opt_strict},
    {"stringtable-input", takes::none, opt_stringtable_input},
    {"tcl", takes::none, opt_tcl},
    {"template", takes::required, opt_template},
    {"use-fuzzy", takes::none, 'f'},
    {"use-untranslated", takes::none, opt_use_untranslated},
    {"verbose", takes::none, 'v'},
    {"version", takes::none, 'V'},
    {"xml", takes::none, 'x'},
};
constexpr std::string_view msgfmt_short_options = "a:cCd:D:fhjl:L:o:Pr:vVx";
// The largest -a taken: a string area padded to more would soon not fit the MO file's
// 32-bit offsets.
constexpr unsigned long long max_alignment = 65536;

struct settings {
  std::string output;  // -o; empty: DOMAIN.mo per domain
  std::vector<std::string> directories;
  mo_compile_options compile;
  bool check_format = false, check_header = false, check_domain = false;
  bool check_compatibility = false;
  char accelerator_mark = 0;  // --check-accelerators: the mark, 0 when not checked
  bool statistics = false, strict = false;
  int verbose = 0;
};

struct domain_catalog {
  std::string name;
  po_file po;
};

// Where msgfmt looks for an input: the name itself, then NAME.po, in the current folder and
// then each -D folder (relative names only).
std::string find_input(const settings& s, const std::string& name) {
  if (name == "-") return name;
  std::vector<std::string> folders{""};
  if (!name.starts_with('/'))
    for (const std::string& d : s.directories) folders.push_back(d + "/");
  for (const std::string& folder : folders)
    for (const std::string& candidate : {folder + name, folder + name + ".po"})
      if (std::error_code ec; std::filesystem::is_regular_file(candidate, ec)) return candidate;
  return name;
}

// Counts and prints what msgfmt prints for --statistics and -v.
void print_statistics(const settings& s, const std::vector<std::string>& names,
                      const std::vector<domain_catalog>& domains) {
  std::size_t translated = 0, fuzzy = 0, untranslated = 0;
  for (const domain_catalog& d : domains)
    for (const po_message& m : d.po.messages) {
      // A header with an empty msgstr is none for msgfmt: an untranslated message.
      const bool empty = m.msgstr.empty() || m.msgstr[0].empty();
      if (m.obsolete || (m.is_header() && !empty)) continue;
      if (empty)
        ++untranslated;
      else if (m.fuzzy)
        ++fuzzy;
      else
        ++translated;
    }
  std::string line;
  // --statistics counts as one -v: at two, the files are named.
  if (s.verbose + (s.statistics ? 1 : 0) > 1) {
    for (std::size_t i = 0; i < names.size(); ++i) line += (i == 0 ? "" : ", ") + names[i];
    line += ": ";
  }
  auto count = [](std::size_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
  };
  line += count(translated, "translated message", "translated messages");
  if (fuzzy != 0) line += ", " + count(fuzzy, "fuzzy translation", "fuzzy translations");
  if (untranslated != 0) line += ", " + count(untranslated, "untranslated message", "untranslated messages");
  std::cerr << line << ".\n";
}

// The 1-based line of the first msgstr keyword of `m` in `text`, where msgfmt reports an
// entry (the msgid's when there is none).
std::size_t msgstr_line(std::string_view text, const po_message& m) {
  std::size_t at = 0;
  for (std::size_t line = 1; line < m.line && at != std::string_view::npos; ++line) {
    at = text.find('\n', at);
    if (at != std::string_view::npos) ++at;
  }
  for (std::size_t line = m.line; at != std::string_view::npos && at < text.size(); ++line) {
    std::size_t first = text.find_first_not_of(" \t", at);
    if (m.obsolete && first != std::string_view::npos && text.substr(first, 2) == "#~")
      first = text.find_first_not_of(" \t", first + 2);
    if (first != std::string_view::npos && text.substr(first, 6) == "msgstr") return line;
    at = text.find('\n', at);
    if (at != std::string_view::npos) ++at;
  }
  return m.line;
}

// msgfmt's last line when it found errors; the exit status.
int found_errors(const std::string& name, std::size_t fatal) {
  std::cerr << name << ": found " << fatal << " fatal error" << (fatal == 1 ? "" : "s") << '\n';
  return 1;
}

// Long (about 150 lines) on purpose: msgfmt's phases in its order, each feeding the next —
// options, reading and merging the inputs (duplicates and missing headers are reported
// here), then stopping on errors, the checks, the statistics and the output files.
int msgfmt_main(std::string_view program, std::span<const char* const> args) {
  const parsed_args parsed = parse_gnu_options(program, args, msgfmt_short_options, msgfmt_options);
  if (const option_event* error = parsed.first_error()) {
    std::cerr << error->diagnostic << try_help_line(program);
    return 1;
  }
  const std::string name = std::string(base_name(program));
  settings s;
  for (const option_event& event : parsed.events) {
    switch (event.code) {
      case 'o':
        s.output = std::string(*event.value);
        break;
      case 'D':
        s.directories.emplace_back(*event.value);
        break;
      case 'c':
        s.check_format = s.check_header = s.check_domain = true;
        break;
      case opt_check_format:
        s.check_format = true;
        break;
      case opt_check_header:
        s.check_header = true;
        break;
      case opt_check_domain:
        s.check_domain = true;
        break;
      case 'C':
        s.check_compatibility = true;
        break;
      case opt_check_accelerators: {
        // One punctuation character, '&' when none is given.
        const std::string_view mark = event.value.value_or("&");
        if (mark.size() != 1 || !std::ispunct(static_cast<unsigned char>(mark[0]))) {
          std::cerr << name
                    << ": the argument to --check-accelerators should be a single punctuation character\n";
          return 1;
        }
        s.accelerator_mark = mark[0];
        break;
      }
      case 'f':
        s.compile.use_fuzzy = true;
        break;
      case opt_no_hash:
        s.compile.no_hash = true;
        break;
      case opt_endianness:
        if (*event.value != "big" && *event.value != "little") {
          std::cerr << base_name(program) << ": invalid endianness: " << *event.value << '\n';
          return 1;
        }
        s.compile.big_endian = *event.value == "big";
        break;
      case 'a': {
        // Read as strtoul reads it (0x10 and 010 too); without a number msgfmt keeps 1.
        const std::string text(*event.value);
        char* end = nullptr;
        errno = 0;
        const unsigned long long value = std::strtoull(text.c_str(), &end, 0);
        if (end == text.c_str()) break;
        // 0, a negative or a huge alignment crashes msgfmt 0.21 (SIGFPE, SIGSEGV): refused.
        const bool negative =
            text.substr(0, static_cast<std::size_t>(end - text.c_str())).find('-') != std::string::npos;
        if (value == 0 || negative || errno == ERANGE || value > max_alignment)
          return refuse_option(program, msgfmt_options, event.code);
        s.compile.alignment = static_cast<std::size_t>(value);
        break;
      }
      case opt_statistics:
        s.statistics = true;
        break;
      case opt_strict:
        s.strict = true;
        break;
      case 'v':
        ++s.verbose;
        break;
      case 'h':
        return print_help(base_name(program), "[OPTION] filename.po ...", msgfmt_options);
      case 'V':
        return print_version(base_name(program));
      default:
        return refuse_option(program, msgfmt_options, event.code);
    }
  }
  if (parsed.operands.empty()) {
    std::cerr << name << ": no input file given\n" << try_help_line(program);
    return 1;
  }

  std::size_t fatal = 0;
  // Each part read, kept whole until all are: the keys below view their strings.
  struct read_part {
    std::string domain, shown, text;
    po_file po;
  };
  std::deque<read_part> parts;
  // Per domain, its parts so far (as catalogs, and their indexes in `parts`), among which a
  // message may repeat an earlier one's key.
  struct domain_parts {
    std::vector<const po_file*> catalogs;
    std::vector<std::size_t> indexes;
  };
  std::unordered_map<std::string, domain_parts> by_domain;
  std::vector<std::pair<std::size_t, lint_diagnostic>> checks;  // (part, finding)
  std::vector<std::string> names;
  for (std::string_view operand : parsed.operands) {
    const std::string path = find_input(s, std::string(operand));
    const std::string shown = path == "-" ? "<stdin>" : path;
    names.emplace_back(operand);
    if (parsed.operands.size() == 1 && path != "-") cli::prepare_heap_for(path);
    std::string text;
    if (result<void> read = path == "-" ? read_to_end(0, shown, no_size_limit, text)
                                        : read_whole_file(path, text, no_size_limit);
        !read) {
      // glibc's words for the commonest failure; erli18n's for the others.
      std::error_code ec;
      const bool missing = !std::filesystem::exists(path, ec);
      std::cerr << name << ": error while opening \"" << path << "\" for reading: "
                << (missing ? std::string("No such file or directory") : read.error().message) << '\n';
      return 1;
    }
    bool has_header = false, warned_fuzzy = false;
    for (po_domain_section& p : split_po_domains(std::move(text))) {
      result<po_file> po = read_po(p.text, shown);
      if (!po) {
        std::cerr << po.error().to_string() << '\n';
        ++fatal;
        continue;
      }
      // With -o every part goes to that file; msgfmt reports the directives only under
      // --check-domain.
      std::string domain = s.output.empty() ? p.domain : std::string();
      if (!s.output.empty() && p.directive_line != 0 && s.check_domain) {
        std::cerr << shown << ':' << p.directive_line << ": 'domain " << p.domain << "' directive ignored\n";
        ++fatal;
      }
      if (const po_message* header = po->header(); header != nullptr && !header->msgstr.empty()) {
        // An unfilled or missing charset: msgfmt warns as it reads the header.
        const std::string lead = shown + ": ";
        const std::string indent(lead.size() + 9, ' ');
        if (header->msgstr[0].find("charset=") == std::string::npos)
          std::cerr << lead << "warning: Charset missing in header.\n"
                    << indent << "Message conversion to user's charset will not work.\n";
        else if (po->charset == "CHARSET")
          std::cerr << lead << "warning: Charset \"CHARSET\" is not a portable encoding name.\n"
                    << indent << "Message conversion to user's charset might not work.\n";
      }
      read_part& r = parts.emplace_back(read_part{domain, shown, std::move(p.text), std::move(*po)});
      // The part's repeats, of its own messages or of the domain's earlier parts: one sort
      // of the keys (again over the earlier parts for each later one: inputs are few).
      domain_parts& same_domain = by_domain[domain];
      same_domain.catalogs.push_back(&r.po);
      same_domain.indexes.push_back(parts.size() - 1);
      const std::vector<po_repeat> repeats = find_repeated_messages(same_domain.catalogs);
      auto repeat =
          std::ranges::lower_bound(repeats, same_domain.catalogs.size() - 1, {}, &po_repeat::catalog);
      for (std::size_t i = 0; i < r.po.messages.size(); ++i) {
        const po_message& m = r.po.messages[i];
        // -C: X/Open's msgfmt ignores what GNU's leaves out of the MO file. The file's fuzzy
        // warning comes first, then the duplicate check, whose finding is the entry's only one.
        // The header is kept whatever its state unless its msgstr is empty, but a fuzzy one
        // draws the fuzzy warning all the same (msgfmt 0.21).
        const bool compat = s.check_compatibility && !m.obsolete;
        const bool empty = m.msgstr.empty() || m.msgstr[0].empty();
        const bool fuzzy_unused = compat && m.fuzzy && !s.compile.use_fuzzy;
        const bool ignored_fuzzy = fuzzy_unused && !m.is_header();
        if (fuzzy_unused && !warned_fuzzy) {
          std::cerr << name << ": " << shown << ": warning: source file contains fuzzy translation\n";
          ++fatal;
          warned_fuzzy = true;
        }
        if (repeat != repeats.end() && repeat->index == i) {
          const read_part& f = parts[same_domain.indexes[repeat->first_catalog]];
          std::cerr << shown << ':' << m.line << ": duplicate message definition...\n"
                    << f.shown << ':' << msgstr_line(f.text, f.po.messages[repeat->first_index])
                    << ": ...this is the location of the first definition\n";
          ++fatal;
          ++repeat;
          continue;
        }
        if (compat && (empty || ignored_fuzzy)) {
          std::cerr << shown << ':' << msgstr_line(r.text, m) << ": " << (empty ? "empty" : "fuzzy")
                    << " 'msgstr' entry ignored\n";
          ++fatal;
        }
        // A header whose msgstr is empty is none for msgfmt (--check-header).
        has_header = has_header || (m.is_header() && !empty);
      }
      lint_options lint;
      lint.use_fuzzy = s.compile.use_fuzzy;
      lint.msgfmt_checks_only = true;
      lint.c_format = s.check_format;
      lint.header = s.check_header;
      lint.accelerator_mark = s.accelerator_mark;
      for (const po_message& m : r.po.messages) {
        if (!s.check_compatibility || !m.is_plural() || !lint_checks_entry(m, lint)) continue;
        // Column 0: before the entry's other findings, which the same line sorts it with.
        const std::size_t line = msgstr_line(r.text, m);
        checks.emplace_back(
            parts.size() - 1,
            lint_diagnostic{
                shown, line, 0, lint_severity::error, "compatibility", "plural forms are not X/Open's",
                shown + ":" + std::to_string(line) + ": plural handling is a GNU gettext extension\n", 1,
                m.line});
      }
      for (lint_diagnostic& d : lint_parsed_po(r.po, r.text, shown, lint)) {
        if (d.msgfmt_text.empty()) continue;
        const bool wanted = d.check == "newlines" || d.check == "accelerators" ||
                            (d.check == "c-format" && s.check_format) ||
                            ((d.check == "header" || d.check == "plural-forms") && s.check_header);
        if (wanted && !(d.check == "header" && d.line == 0))
          checks.emplace_back(parts.size() - 1, std::move(d));
      }
    }
    // msgfmt checks each file for its header as it ends (--check-header), the rest after all.
    if (s.check_header && !has_header) {
      const std::string lead = name + ": " + shown + ": ";
      std::cerr << lead << "warning: PO file header missing or invalid\n"
                << std::string(lead.size(), ' ') << "warning: charset conversion will not work\n";
      ++fatal;
    }
  }
  by_domain.clear();
  // One catalog per domain, in the order the domains first appear: the first part's, with
  // the later parts' messages after its own.
  std::vector<domain_catalog> domains;
  for (read_part& r : parts) {
    auto at = std::ranges::find(domains, r.domain, &domain_catalog::name);
    if (at == domains.end()) {
      domains.push_back({r.domain, std::move(r.po)});
      continue;
    }
    if (r.po.header() != nullptr && r.po.charset != at->po.charset) {
      std::cerr << r.shown << ": catalogs in different charsets (" << at->po.charset << ", " << r.po.charset
                << ") are not supported by erli18n\n";
      return 1;
    }
    std::ranges::move(r.po.messages, std::back_inserter(at->po.messages));
  }
  // Errors found while reading end the run before the checks.
  if (fatal != 0) return found_errors(name, fatal);
  // msgfmt's order: the header's plural rule, its fields, then the entries in file order,
  // each entry's findings in the order of its checks, of which it prints only the first.
  auto order = [](const std::pair<std::size_t, lint_diagnostic>& c) {
    const lint_diagnostic& d = c.second;
    const int rank = d.check == "plural-forms" ? 0 : d.check == "header" ? 1 : 2;
    if (rank != 2) return std::tuple(rank, std::size_t{0}, std::size_t{0}, 0);
    const int within = d.check == "newlines"        ? 0
                       : d.check == "compatibility" ? 1
                       : d.check == "c-format"      ? 2
                                                    : 3;
    return std::tuple(rank, c.first, d.msgfmt_entry, within);
  };
  std::ranges::stable_sort(checks, {}, order);
  // (part, msgid line) of the entries a plural-forms finding named, and of those with a
  // finding of their own: after its first finding an entry's others are only counted, and
  // after a plural-forms finding naming it, all but its c-format one (msgfmt 0.21).
  std::set<std::pair<std::size_t, std::size_t>> named, printed;
  for (const auto& [part_index, d] : checks) {
    fatal += d.msgfmt_errors;
    if (d.msgfmt_entry != 0) {
      const std::pair<std::size_t, std::size_t> entry(part_index, d.msgfmt_entry);
      if (d.check == "plural-forms") {
        if (!named.insert(entry).second) continue;
      } else if (!printed.insert(entry).second || (named.contains(entry) && d.check != "c-format")) {
        continue;
      }
    }
    std::cerr << d.msgfmt_text;
  }
  // The texts were kept for the positions of findings, all printed now: freed, the heap
  // gives their pages to the MO images instead of touching new ones (as `erli18n compile`).
  checks.clear();
  for (read_part& r : parts) std::string().swap(r.text);
  // What the checks find is reported, yet the files are written (msgfmt's way); the exit
  // status says it.
  s.compile.refuse_newline_mismatch = false;
  for (const domain_catalog& d : domains) {
    result<std::string> bytes = compile_mo(d.po, s.compile);
    if (int exit_code = 0; !cli::succeeded(bytes, exit_code)) return exit_code;
    if (bytes->empty()) continue;  // nothing translated: msgfmt writes no file
    std::string out = s.output.empty() ? (d.name.empty() ? "messages" : d.name) + ".mo" : s.output;
    if (s.strict && out != "-" && !out.ends_with(".mo")) out += ".mo";
    if (!cli::write_output(out, *bytes)) return 1;
  }
  if (fatal != 0) found_errors(name, fatal);
  if (s.statistics || s.verbose > 0) print_statistics(s, names, domains);
  // As `erli18n compile`: no destructors run for the catalogs (commands.h).
  cli::exit_now(fatal != 0 ? 1 : 0);
}

}  // namespace

command_main msgfmt_command() { return msgfmt_main; }

}  // namespace erli18n::gnu
