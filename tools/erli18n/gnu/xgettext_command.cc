// `xgettext` as GNU gettext 0.21 documents it (`xgettext --help`, the manual), for C and C++
// sources: the same extractor as `erli18n extract`, with xgettext's defaults (its keywords,
// ASCII input, messages.po, no erli18n-format flag). Every long option of xgettext 0.21 is in
// the table, so that abbreviations resolve as GNU's do; those erli18n does not support (other
// languages, other output formats) are refused, never ignored. docs/cli.md lists which are
// which.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "commands.h"
#include "erli18n/po.h"
#include "erli18n/tools/extract.h"
#include "extract_cli_options.h"
#include "gnu_command_support.h"
#include "gnu_commands.h"
#include "gnu_options.h"

namespace erli18n::gnu {

namespace {

enum : int {
  opt_boost = 256,
  opt_check,
  opt_color,
  opt_copyright_holder,
  opt_debug,
  opt_flag,
  opt_foreign_user,
  opt_from_code,
  opt_its,
  opt_itstool,
  opt_kde,
  opt_msgid_bugs_address,
  opt_omit_header,
  opt_package_name,
  opt_package_version,
  opt_properties_output,
  opt_qt,
  opt_sentence_end,
  opt_stringtable_output,
  opt_style,
};

// Every long option of GNU xgettext 0.21 (`--help`, and --string-limit, which it takes
// without listing it), so that a prefix means what it means there.
constexpr long_option xgettext_options[] = {
    {"add-comments", takes::optional, 'c'},
    po_row_add_location,
    {"boost", takes::none, opt_boost},
    {"c++", takes::none, 'C'},
    {"check", takes::required, opt_check},
    {"color", takes::optional, opt_color},
    {"copyright-holder", takes::required, opt_copyright_holder},
    {"debug", takes::none, opt_debug},
    {"default-domain", takes::required, 'd'},
    {"directory", takes::required, 'D'},
    po_row_escape,
    {"exclude-file", takes::required, 'x'},
    {"extract-all", takes::none, 'a'},
    {"files-from", takes::required, 'f'},
    {"flag", takes::required, opt_flag},
    po_row_force_po,
    {"foreign-user", takes::none, opt_foreign_user},
    {"from-code", takes::required, opt_from_code},
    {"help", takes::none, 'h'},
    po_row_indent,
    {"its", takes::required, opt_its},
    {"itstool", takes::none, opt_itstool},
    {"join-existing", takes::none, 'j'},
    {"kde", takes::none, opt_kde},
    {"keyword", takes::optional, 'k'},
    {"language", takes::required, 'L'},
    {"msgid-bugs-address", takes::required, opt_msgid_bugs_address},
    {"msgstr-prefix", takes::optional, 'm'},
    {"msgstr-suffix", takes::optional, 'M'},
    po_row_no_escape,
    po_row_no_location,
    po_row_no_wrap,
    {"omit-header", takes::none, opt_omit_header},
    {"output", takes::required, 'o'},
    {"output-dir", takes::required, 'p'},
    {"package-name", takes::required, opt_package_name},
    {"package-version", takes::required, opt_package_version},
    {"properties-output", takes::none, opt_properties_output},
    {"qt", takes::none, opt_qt},
    {"sentence-end", takes::required, opt_sentence_end},
    po_row_sort_by_file,
    po_row_sort_output,
    po_row_strict,
    {"string-limit", takes::required, 'l'},
    {"stringtable-output", takes::none, opt_stringtable_output},
    {"style", takes::required, opt_style},
    {"trigraphs", takes::none, 'T'},
    {"verbose", takes::none, 'v'},
    {"version", takes::none, 'V'},
    po_row_width,
};
// As xgettext 0.21's (measured: -l and -W take a value, though --help names neither).
constexpr std::string_view xgettext_short_options = "ac::Cd:D:eEf:Fhijk::l:L:m::M::no:p:sTvVw:W:x:";

// xgettext's keywords for C and C++ (x-c.c's defaults, measured: `_` and `N_` are not
// among them).
constexpr std::string_view gnu_c_keywords[] = {
    "gettext",          "dgettext:2",        "dcgettext:2",        "ngettext:1,2",   "dngettext:2,3",
    "dcngettext:2,3",   "gettext_noop",      "pgettext:1c,2",      "dpgettext:2c,3", "dcpgettext:2c,3",
    "npgettext:1c,2,3", "dnpgettext:2c,3,4", "dcnpgettext:2c,3,4",
};

// The language xgettext would guess from a file name's extension: C and C++ (erli18n reads
// both with one lexer), another language, or none (xgettext then warns and tries C).
enum class guessed { c, other, unknown };

guessed language_of(std::string_view file) {
  const std::string_view name = base_name(file);
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return guessed::unknown;
  const std::string_view ext = name.substr(dot + 1);
  static constexpr std::string_view c_family[] = {"c",   "h",   "C",  "c++", "cc",
                                                  "cxx", "cpp", "hh", "hxx", "hpp"};
  // xgettext's extensions of its other languages (its manual's list).
  static constexpr std::string_view others[] = {
      "m",      "po",   "pot",        "sh",   "bash", "py",      "lisp",    "el",  "jl",  "scm",
      "st",     "java", "properties", "cs",   "awk",  "ycp",     "tcl",     "pl",  "PL",  "pm",
      "perl",   "cgi",  "php",        "php3", "php4", "rb",      "strings", "rst", "rsj", "glade",
      "glade2", "ui",   "lua",        "js",   "vala", "desktop", "xml"};
  for (std::string_view e : c_family)
    if (ext == e) return guessed::c;
  for (std::string_view e : others)
    if (ext == e) return guessed::other;
  return guessed::unknown;
}

// What the options ask beyond the library's own options.
struct command_line {
  extract_options extract;
  std::vector<std::string> files;       // INPUTFILE… then the --files-from lists' names
  std::vector<std::string> lists;       // --files-from
  std::vector<std::string> exclude;     // --exclude-file
  std::optional<std::string> language;  // -L, -C: C or C++
  std::string output;                   // -o
  std::string output_dir;               // -p
  std::string domain = "messages";      // -d
  bool join = false;                    // -j
  bool no_default_keywords = false;     // -k alone
  std::vector<std::string> keywords;    // -kSPEC
};

// -L NAME: C and C++ (any case, as xgettext compares them); another language is refused.
bool take_language(std::string_view program, std::string_view name, command_line& cl) {
  std::string upper;
  for (char c : name) upper += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  if (upper == "C" || upper == "C++") {
    cl.language = upper;
    return true;
  }
  std::cerr << program << ": language '" << name << "' is not supported by erli18n (C and C++ are)\n";
  return false;
}

// --exclude-file: the (msgctxt, msgid) of each message of each file.
bool read_excluded(command_line& cl) {
  for (const std::string& file : cl.exclude) {
    result<po_file> po = read_po_file(file);
    if (!po) {
      std::cerr << po.error().to_string() << '\n';
      return false;
    }
    for (const po_message& m : po->messages)
      if (!m.is_header()) cl.extract.exclude.emplace(m.msgctxt, m.msgid);
  }
  return true;
}

// The output file xgettext writes: -o (in -p when relative), else DOMAIN.po in -p.
std::string output_path(const command_line& cl) {
  const std::string name = !cl.output.empty() ? cl.output : cl.domain + ".po";
  if (name == "-" || cl.output_dir.empty() || name.front() == '/') return name;
  return cl.output_dir + '/' + name;
}

int xgettext_main(std::string_view program, std::span<const char* const> args) {
  const parsed_args parsed = parse_gnu_options(program, args, xgettext_short_options, xgettext_options);
  if (const option_event* error = parsed.first_error()) {
    std::cerr << error->diagnostic << try_help_line(program);
    return 1;
  }
  command_line cl;
  extract_options& eo = cl.extract;
  eo.from_code = "ASCII";  // xgettext's default: non-ASCII input is an error
  eo.erli18n_format = false;
  eo.warn_skipped_calls = false;  // xgettext skips a non-literal argument silently
  eo.standard_input = true;
  eo.per_domain = false;
  eo.jobs = 0;
  po_output_options output_options;
  output_options.layout = eo.layout;
  for (const option_event& event : parsed.events) {
    const option_use use = apply_po_output_option(program, xgettext_options, event, output_options);
    if (use == option_use::failed) return 1;
    if (use == option_use::taken) continue;
    const std::string value = event.value ? std::string(*event.value) : std::string();
    switch (event.code) {
      case 'a':
        eo.extract_all = true;
        break;
      case 'c':
        eo.comment_tag = value;
        break;
      case 'C':
        cl.language = "C++";
        break;
      case 'L':
        if (!take_language(program, value, cl)) return 1;
        break;
      case opt_copyright_holder:
        eo.copyright_holder = value;
        if (value.empty()) eo.public_domain = true;
        break;
      case opt_foreign_user:
        eo.public_domain = true;
        break;
      case 'd':
        cl.domain = value;
        break;
      case 'D':
        eo.directories.push_back(value);
        break;
      case 'x':
        cl.exclude.push_back(value);
        break;
      case 'f':
        cl.lists.push_back(value);
        break;
      case opt_flag: {
        // WORD:ARG:FLAG, for C's format strings.
        const std::size_t first = value.find(':'), second = value.find(':', first + 1);
        format_flag rule;
        unsigned argument = 0;
        const std::string digits =
            second == std::string::npos ? std::string() : value.substr(first + 1, second - first - 1);
        const bool numeric = !digits.empty() && digits.size() < 5 &&
                             digits.find_first_not_of("0123456789") == std::string::npos;
        if (numeric) argument = static_cast<unsigned>(std::stoul(digits));
        if (first == 0 || !numeric || argument == 0) {
          std::cerr << program << ": --flag=" << value << ": expected WORD:ARG:FLAG\n";
          return 1;
        }
        rule.function = value.substr(0, first);
        rule.argument = argument;
        rule.flag = value.substr(second + 1);
        if (rule.flag != "c-format" && rule.flag != "possible-c-format" && rule.flag != "no-c-format" &&
            rule.flag != "pass-c-format") {
          std::cerr << program << ": --flag=" << value << ": " << rule.flag
                    << " is not supported by erli18n (c-format, possible-c-format, no-c-format and "
                       "pass-c-format are)\n";
          return 1;
        }
        eo.format_flags.push_back(std::move(rule));
        break;
      }
      case opt_from_code:
        eo.from_code = value;
        break;
      case 'j':
        cl.join = true;
        break;
      case 'k':
        if (event.value && !value.empty()) {
          cl.keywords.push_back(value);
        } else {
          cl.no_default_keywords = true;
        }
        break;
      case opt_msgid_bugs_address:
        eo.msgid_bugs_address = value;
        break;
      case 'm':
        eo.msgstr_prefix = value;
        break;
      case 'M':
        eo.msgstr_suffix = value;
        break;
      case opt_omit_header:
        eo.omit_header = true;
        break;
      case 'o':
        cl.output = value;
        break;
      case 'p':
        cl.output_dir = value;
        break;
      case opt_package_name:
        eo.package_name = value;
        break;
      case opt_package_version:
        eo.package_version = value;
        break;
      case opt_qt:
        eo.qt = true;
        break;
      case opt_kde:
        eo.kde = true;
        break;
      case opt_boost:
        eo.boost = true;
        break;
      case 'T':
        eo.trigraphs = true;
        break;
      case opt_check:
        if (const std::optional<syntax_check> check = parse_syntax_check(value)) {
          eo.checks.insert(*check);
        } else {
          std::cerr << program << ": syntax check '" << value << "' unknown\n";
          return 1;
        }
        break;
      case opt_sentence_end:
        if (const std::optional<sentence_end> type = parse_sentence_end(value)) {
          eo.sentence_end_type = *type;
        } else {
          std::cerr << program << ": sentence end type '" << value << "' unknown\n";
          return 1;
        }
        break;
      case 'v':
        break;  // xgettext prints nothing more for C sources
      case 'h':
        return print_help(base_name(program), "[OPTION] [INPUTFILE]...", xgettext_options);
      case 'V':
        return print_version(base_name(program));
      default:
        return refuse_option(program, xgettext_options, event.code);
    }
  }
  if (eo.qt && eo.kde) {
    std::cerr << program << ": --qt and --kde are mutually exclusive\n";
    return 1;
  }
  if (cl.language) eo.cxx = *cl.language == "C++";  // else each file's extension decides
  if ((eo.qt || eo.kde) && eo.boost) {
    std::cerr << program << ": " << (eo.qt ? "--qt" : "--kde") << " and --boost are mutually exclusive\n";
    return 1;
  }
  eo.layout = output_options.layout;
  eo.add_location = output_options.add_location == merge_location::file    ? extract_options::locations::file
                    : output_options.add_location == merge_location::never ? extract_options::locations::never
                                                                           : extract_options::locations::full;
  if (output_options.sort_output && output_options.sort_by_file) {
    std::cerr << program << ": --sort-output and --sort-by-file are mutually exclusive\n";
    return 1;
  }
  eo.sort_output = output_options.sort_output;
  eo.sort_by_file = output_options.sort_by_file;
  // The keywords: xgettext's unless -k alone, then each -kSPEC.
  std::vector<std::string> specs;
  if (!cl.no_default_keywords) specs.assign(std::begin(gnu_c_keywords), std::end(gnu_c_keywords));
  specs.insert(specs.end(), cl.keywords.begin(), cl.keywords.end());
  eo.keywords.clear();
  for (const std::string& spec : specs) {
    result<keyword_spec> parsed_spec = parse_keyword_spec(spec);
    if (!parsed_spec) {
      std::cerr << program << ": --keyword=" << spec << ": " << parsed_spec.error().message << '\n';
      return 1;
    }
    eo.keywords.push_back(std::move(*parsed_spec));
  }
  if (eo.keywords.empty()) {
    std::cerr << program << ": xgettext cannot work without keywords to look for\n" << try_help_line(program);
    return 1;
  }
  if (result<std::optional<long long>> epoch = cli::source_date_epoch(); epoch) {
    eo.creation_time = *epoch;
  } else {
    std::cerr << program << ": " << epoch.error().message << '\n';
    return 1;
  }
  for (std::string_view operand : parsed.operands) cl.files.emplace_back(operand);
  for (const std::string& list : cl.lists) {
    result<void> read = cli::read_file_list(list, cl.files);
    if (!read) {
      std::cerr << read.error().to_string() << '\n';
      return 1;
    }
  }
  if (cl.files.empty()) {
    std::cerr << program << ": no input file given\n" << try_help_line(program);
    return 1;
  }
  if (!cl.language) {
    for (const std::string& file : cl.files) {
      switch (language_of(file)) {
        case guessed::c:
          break;
        case guessed::other:
          std::cerr << program << ": " << file
                    << ": this file's language is not supported by erli18n (C and C++ are; give -L C to read "
                       "it as C)\n";
          return 1;
        case guessed::unknown: {
          const std::string_view name = base_name(file);
          const std::size_t dot = name.rfind('.');
          std::cerr << program << ": warning: file '" << file << "' extension '"
                    << (dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1))
                    << "' is unknown; will try C\n";
          break;
        }
      }
    }
  }
  if (!read_excluded(cl)) return 1;
  eo.default_domain = cl.domain;
  const std::string out = output_path(cl);
  result<extract_result> extracted = extract_sources(cl.files, eo);
  int exit_code = 0;
  if (!cli::succeeded(extracted, exit_code)) return exit_code;
  for (const extract_warning& w : extracted->warnings) std::cerr << to_string(w) << '\n';
  // What the syntax checks found is fatal: reported, counted, and nothing written.
  if (const std::size_t errors = extracted->syntax_errors.size(); errors > 0) {
    for (const extract_warning& e : extracted->syntax_errors)
      std::cerr << e.file << ':' << e.line << ": " << e.message << '\n';
    std::cerr << program << ": found " << errors << " fatal error" << (errors == 1 ? "" : "s") << '\n';
    return 1;
  }
  po_file pot = std::move(extracted->all);
  // -j joins the messages of the output file as it is; to standard output there is nothing
  // to join (xgettext writes the new messages alone).
  if (cl.join && out != "-") {
    result<po_file> existing = read_po_file(out);
    if (!existing) {
      std::cerr << existing.error().to_string() << '\n';
      return 1;
    }
    // The joined file's charset name stays (the messages being ASCII), as xgettext keeps it.
    const auto header = std::find_if(existing->messages.begin(), existing->messages.end(),
                                     [](const po_message& m) { return m.is_header(); });
    if (header != existing->messages.end() && !header->msgstr.empty() &&
        header->msgstr.front().find("charset=") != std::string::npos)
      eo.ascii_charset = existing->charset;
    pot = join_existing(std::move(*existing), pot, eo);
  }
  result<std::string> text = render_template(std::move(pot), eo);
  if (!cli::succeeded(text, exit_code)) return exit_code;
  // Nothing extracted: no output (no file either) unless --force-po, as xgettext.
  if (text->empty() && !eo.layout.force_po) return 0;
  return cli::write_output(out, *text) ? 0 : 1;
}

}  // namespace

command_main xgettext_command() { return xgettext_main; }

}  // namespace erli18n::gnu
