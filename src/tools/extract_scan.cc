// The extractor's per-file scanning: file_scanner, which runs the C++ lexer over one file and
// tracks brackets and keyword calls to find each call's message arguments, with xgettext's
// c-format rules for calls written as printf's format argument.
//
// The parser above the lexer tracks brackets with an explicit, bounded stack. A keyword
// identifier followed by `(` opens a call frame that records, per top-level argument, whether
// the argument is nothing but string literals (then their concatenation) — so commas inside
// nested (), [], {} never split arguments, unlike xgettext, which only counts parentheses.
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "charset.h"
#include "cpp_lexer.h"
#include "extract_scan.h"
#include "text_hash.h"

namespace erli18n::extract_detail {

using detail::cpp_token;
using detail::cpp_token_kind;

namespace {

// xgettext's default format positions: a gettext call written as the format argument of
// these functions is marked c-format (measured on xgettext 0.21; dprintf, asprintf, error,
// syslog and the wide forms are not in its table).
unsigned printf_format_position(std::string_view name) {
  if (name == "printf" || name == "vprintf") return 1;
  if (name == "fprintf" || name == "sprintf" || name == "vfprintf" || name == "vsprintf") return 2;
  if (name == "snprintf" || name == "vsnprintf") return 3;
  return 0;
}

// The keywords whose result xgettext treats as the format argument they sit in: GNU's own
// names, not erli18n's additions.
bool passes_c_format(std::string_view name) {
  static constexpr std::string_view names[] = {"gettext",    "dgettext",   "dcgettext",   "ngettext",
                                               "dngettext",  "dcngettext", "pgettext",    "dpgettext",
                                               "dcpgettext", "npgettext",  "dnpgettext",  "dcnpgettext",
                                               "_",          "N_",         "gettext_noop"};
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// Bracket nesting deeper than this is still matched, but calls inside are not tracked: far
// past what xgettext 0.21 is seen to handle (a call 5000 levels deep), a bound on memory.
constexpr std::size_t max_depth = 1U << 16;
// A message longer than this is cut (a bound on memory; no real message comes close).
constexpr std::size_t max_message_bytes = std::size_t{1} << 20;

bool has_non_ascii(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

bool is_flag_separator(char c) {
  return c == ' ' || c == '\t' || c == ',' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// The language of a `[no-|possible-|impossible-]LANG-format` token, or empty.
std::string_view format_language(std::string_view token) {
  constexpr std::string_view suffix = "-format";
  if (!token.ends_with(suffix)) return {};
  token.remove_suffix(suffix.size());
  for (std::string_view prefix : {"no-", "possible-", "impossible-"}) {
    if (token.starts_with(prefix)) {
      token.remove_prefix(prefix.size());
      break;
    }
  }
  return std::find(std::begin(format_languages), std::end(format_languages), token) !=
                 std::end(format_languages)
             ? token
             : std::string_view{};
}

// `MIN..MAX`, decimal, MIN <= MAX.
bool is_range(std::string_view text) {
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos || dots == 0 || dots + 2 == text.size()) return false;
  const std::string_view lo = text.substr(0, dots), hi = text.substr(dots + 2);
  auto digits = [](std::string_view d) {
    return std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!digits(lo) || !digits(hi) || lo.size() > 9 || hi.size() > 9) return false;
  return std::stoul(std::string(lo)) <= std::stoul(std::string(hi));
}

// Whether `name` is one of <inttypes.h>'s printf macros (PRId64, PRIxMAX, PRIuLEAST8...),
// which xgettext reads inside a string concatenation as the text `<NAME>` (measured on
// xgettext 0.21: PRI, a conversion of d i o u x X, then 8 16 32 64 with an optional LEAST or
// FAST before them, or MAX, or PTR; the SCN macros are not read so).
bool is_inttypes_macro(std::string_view name) {
  if (!name.starts_with("PRI") || name.size() < 5) return false;
  if (std::string_view("diouxX").find(name[3]) == std::string_view::npos) return false;
  std::string_view rest = name.substr(4);
  if (rest == "MAX" || rest == "PTR") return true;
  if (rest.starts_with("LEAST")) {
    rest.remove_prefix(5);
  } else if (rest.starts_with("FAST")) {
    rest.remove_prefix(4);
  }
  return rest == "8" || rest == "16" || rest == "32" || rest == "64";
}

// The 1-based line of byte `offset` of `text`.
std::size_t line_of(std::string_view text, std::size_t offset) {
  return 1 + static_cast<std::size_t>(
                 std::count(text.begin(), text.begin() + std::min(offset, text.size()), '\n'));
}

// The syntax check a `[no-]NAME-check` token turns on or off.
std::optional<check_flag> check_flag_of(std::string_view token) {
  constexpr std::string_view suffix = "-check";
  if (!token.ends_with(suffix)) return std::nullopt;
  token.remove_suffix(suffix.size());
  const bool on = !token.starts_with("no-");
  if (!on) token.remove_prefix(3);
  const std::optional<syntax_check> check = parse_syntax_check(token);
  if (!check) return std::nullopt;
  return check_flag{*check, on};
}

}  // namespace

bool parse_flag_comment(std::string_view line, std::vector<std::string>* flags,
                        std::vector<check_flag>* checks) {
  constexpr std::string_view marker = "xgettext:";
  const std::size_t at = line.find(marker);
  if (at == std::string_view::npos) return false;
  line.remove_prefix(at + marker.size());
  bool named = false;
  auto next_token = [&line]() {
    while (!line.empty() && is_flag_separator(line.front())) line.remove_prefix(1);
    std::size_t end = 0;
    while (end < line.size() && !is_flag_separator(line[end])) ++end;
    std::string_view token = line.substr(0, end);
    line.remove_prefix(end);
    return token;
  };
  for (std::string_view token = next_token(); !token.empty(); token = next_token()) {
    std::string flag;
    if (token == "range:") {
      const std::string_view value = next_token();
      if (!is_range(value)) continue;
      flag = "range: " + std::string(value);
    } else if (token == "wrap" || token == "no-wrap" || !format_language(token).empty()) {
      flag = token;
    } else if (const std::optional<check_flag> check = check_flag_of(token)) {
      // `[no-]NAME-check` turns a syntax check on or off; it is no flag of the output.
      named = true;
      if (checks != nullptr) checks->push_back(*check);
      continue;
    } else {
      continue;
    }
    named = true;
    if (flags != nullptr) flags->push_back(std::move(flag));
  }
  return named;
}

bool c_format_decided(const std::vector<std::string>& flags) {
  bool c = false;
  bool excluded = false;
  for (const std::string& f : flags) {
    const std::string_view lang = format_language(f);
    if (lang == "c") {
      c = true;
    } else if (lang == "objc" || lang == "qt" || lang == "qt-plural" || lang == "kde" || lang == "kde-kuit" ||
               lang == "boost") {
      excluded = !f.starts_with("no-") && !f.starts_with("impossible-");
    }
  }
  return c || excluded;
}

source_charset source_charset_of(const std::optional<std::string>& from_code, bool& known) {
  known = true;
  if (!from_code) return source_charset::as_is;
  std::string name;
  for (char c : *from_code) name += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  if (name == "ASCII" || name == "US-ASCII" || name == "ANSI_X3.4-1968") return source_charset::ascii;
  if (name == "UTF-8") return source_charset::utf8;
  // The names xgettext 0.21 accepts (measured with --from-code=NAME; e.g. LATIN1, UTF8,
  // CP1258 and ISO-8859-16 are refused), ISO-8859-N spelled with '-' or '_'.
  static constexpr std::string_view names[] = {
      "ISO-8859-1", "ISO-8859-2", "ISO-8859-3",  "ISO-8859-4",  "ISO-8859-5",  "ISO-8859-6", "ISO-8859-7",
      "ISO-8859-8", "ISO-8859-9", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "KOI8-R",     "KOI8-U",
      "KOI8-T",     "CP850",      "CP866",       "CP874",       "CP932",       "CP949",      "CP950",
      "CP1250",     "CP1251",     "CP1252",      "CP1253",      "CP1254",      "CP1255",     "CP1256",
      "CP1257",     "GB2312",     "EUC-JP",      "EUC-KR",      "EUC-TW",      "BIG5",       "BIG5-HKSCS",
      "GBK",        "GB18030",    "SHIFT_JIS",   "JOHAB",       "TIS-620",     "VISCII",     "GEORGIAN-PS"};
  if (name.starts_with("ISO_8859-")) name[3] = '-';
  if (std::find(std::begin(names), std::end(names), name) != std::end(names)) return source_charset::convert;
  known = false;
  return source_charset::ascii;
}

file_scanner::file_scanner(const extract_options& options, const keyword_table& keywords)
    : options_(options), keywords_(keywords) {
  for (const format_flag& rule : options.format_flags) flag_rules_[rule.function].push_back(&rule);
  bool known = true;
  charset_ = source_charset_of(options.from_code, known);
}

// Long (about 120 lines) on purpose: one loop over the tokens with one case per token kind,
// all sharing the bracket stack, the pending keyword and the untracked depth; split, each case
// would take all of that state.
file_findings file_scanner::scan(std::string_view source, std::string_view file_name) {
  findings_ = {};
  bool keep_comments = options_.comment_tag.has_value();
  if (charset_ == source_charset::convert) {
    charset::conversion c = charset::to_utf8(source, *options_.from_code);
    if (!c.ok) {
      findings_.failed =
          error{errc::charset, "invalid bytes for the charset " + *options_.from_code + " (--from-code)",
                std::string(file_name), line_of(source, c.error_offset), 0};
      return std::move(findings_);
    }
    converted_ = std::move(c.text);
    source = converted_;
  } else if (charset_ == source_charset::ascii && has_non_ascii(source)) {
    // The comments in effect are checked too, so they are collected (only in such a file).
    keep_comments = true;
  }
  // `xgettext:` flag comments apply whether or not comments are extracted: a file that holds
  // one has its comments collected (most files hold none, and cost one search).
  if (!keep_comments && source.find("xgettext:") != std::string_view::npos) keep_comments = true;
  detail::cpp_lexer lexer(source, keep_comments);
  std::vector<frame> stack;
  std::size_t untracked = 0;  // brackets opened past max_depth
  cpp_token tok;
  const std::vector<std::size_t>* pending = nullptr;  // keyword just seen, waiting for `(`
  // The last identifier: a view into the lexer, valid until the next identifier, which is
  // all the use it has (the `(` right after it).
  std::string_view pending_name;
  std::size_t pending_line = 0;
  auto taint = [&stack]() {
    if (stack.empty() || stack.back().specs == nullptr) return;
    argument& a = stack.back().args.back();
    a.empty = false;
    a.literal = false;
  };
  bool after_identifier = false;
  // --extract-all: the run of adjacent literals being read (one message), and whether the
  // line is an #include, whose file name is no message.
  argument run;
  bool include_line = false;
  bool directive_start = false;
  auto end_run = [&]() {
    if (run.empty) return;
    if (run.problem.empty() && record_literal(run, file_name)) lexer.clear_comments();
    run = argument{};
  };
  while (!findings_.failed && lexer.next(tok)) {
    const std::vector<std::size_t>* keyword = pending;
    pending = nullptr;
    const bool identifier_before = after_identifier;
    after_identifier = tok.kind == cpp_token_kind::identifier;
    const bool first_of_directive = directive_start;
    directive_start = tok.kind == cpp_token_kind::directive_begin;
    // An <inttypes.h> printf macro is text in a concatenation, as xgettext reads it.
    if (tok.kind == cpp_token_kind::identifier && is_inttypes_macro(tok.text)) {
      tok.value = '<' + std::string(tok.text) + '>';
      tok.kind = cpp_token_kind::string;
      tok.problem.clear();
    }
    if (options_.extract_all) {
      if (tok.kind != cpp_token_kind::string) end_run();
      if (tok.kind == cpp_token_kind::identifier && first_of_directive)
        include_line = tok.text == "include" || tok.text == "include_next" || tok.text == "import";
      if (tok.kind == cpp_token_kind::directive_end) include_line = false;
      if (tok.kind == cpp_token_kind::string && !include_line) {
        if (run.empty) {
          run.line = tok.line;
          run.file = tok.file;
          run.comments = tok.comments;
          run.empty = false;
        }
        if (run.value.size() + tok.value.size() <= max_message_bytes) run.value += tok.value;
        if (run.problem.empty()) run.problem = tok.problem;
      }
    }
    switch (tok.kind) {
      case cpp_token_kind::identifier: {
        const bool starts_argument =
            !stack.empty() && stack.back().specs != nullptr && stack.back().args.back().empty;
        taint();
        pending_name = tok.text;
        // --extract-all reads every literal as a message, keyword calls included.
        pending = options_.extract_all ? nullptr : keywords_.find(pending_name);
        if (pending != nullptr) pending_line = tok.line;
        if (pending != nullptr && starts_argument) stack.back().args.back().keyword_call = true;
        break;
      }
      case cpp_token_kind::string: {
        if (stack.empty() || stack.back().specs == nullptr) break;
        argument& a = stack.back().args.back();
        if (a.empty) {
          a.line = tok.line;
          a.file = tok.file;
          a.comments = tok.comments;
        }
        a.empty = false;
        if (a.literal) {
          if (a.value.size() + tok.value.size() <= max_message_bytes) a.value += tok.value;
          if (a.problem.empty()) a.problem = tok.problem;
        }
        break;
      }
      case cpp_token_kind::open: {
        taint();
        if (untracked > 0 || stack.size() >= max_depth) {
          ++untracked;
          break;
        }
        frame f;
        f.open = tok.text[0];
        if (keyword != nullptr && f.open == '(') {
          f.specs = keyword;
          f.name.assign(pending_name);
          f.line = pending_line;
          f.args.emplace_back();
        } else if (f.open == '(' && identifier_before) {
          f.format_arg = printf_format_position(pending_name);
        }
        if (f.open == '(' && identifier_before && !flag_rules_.empty()) {
          auto rules = flag_rules_.find(std::string(pending_name));
          if (rules != flag_rules_.end()) f.flag_rules = &rules->second;
        }
        stack.push_back(std::move(f));
        break;
      }
      case cpp_token_kind::close: {
        if (untracked > 0) {
          --untracked;
          break;
        }
        const char want = tok.text[0] == ')' ? '(' : tok.text[0] == ']' ? '[' : '{';
        // Pop to the matching bracket, not past the start of a #define body; a stray closer
        // is ignored.
        std::size_t i = stack.size();
        while (i > 0 && stack[i - 1].open != want && stack[i - 1].open != '#') --i;
        if (i == 0 || stack[i - 1].open == '#') {
          taint();
          break;
        }
        stack.resize(i);
        frame f = std::move(stack.back());
        stack.pop_back();
        if (f.specs != nullptr) {
          if (close_call(f, file_name, context_of(stack))) lexer.clear_comments();
        }
        taint();  // the bracketed group is part of the enclosing argument
        break;
      }
      case cpp_token_kind::comma: {
        // Bounded: a call with absurdly many arguments stops recording them.
        if (!stack.empty()) {
          ++stack.back().commas;
          if (stack.back().specs != nullptr && stack.back().args.size() < 4096)
            stack.back().args.emplace_back();
        }
        break;
      }
      case cpp_token_kind::other:
        taint();
        break;
      case cpp_token_kind::directive_begin:
        if (untracked == 0 && stack.size() < max_depth) {
          frame f;
          f.open = '#';
          stack.push_back(std::move(f));
        } else {
          ++untracked;
        }
        break;
      case cpp_token_kind::directive_end: {
        if (untracked > 0) {
          untracked = 0;  // brackets left open in a macro body do not outlive it
        }
        std::size_t i = stack.size();
        while (i > 0 && stack[i - 1].open != '#') --i;
        if (i > 0) stack.resize(i - 1);
        break;
      }
    }
  }
  if (!findings_.failed) end_run();
  return std::move(findings_);
}

bool file_scanner::record_literal(argument& run, std::string_view file_name) {
  if (charset_ == source_charset::ascii) {
    bool comment = false;
    for (std::size_t i = 0; i < run.comments.count; ++i)
      comment = comment || has_non_ascii((*run.comments.lines)[i]);
    if (has_non_ascii(run.value) || comment) {
      findings_.failed = error{errc::charset,
                               comment ? "non-ASCII comment at or before this line; specify the source "
                                         "encoding with --from-code"
                                       : "non-ASCII string; specify the source encoding with --from-code",
                               std::string(file_name), run.line, 0};
      return false;
    }
  } else if (charset_ == source_charset::utf8 && charset::find_invalid_utf8(run.value) != std::string::npos) {
    findings_.failed = error{errc::charset, "invalid UTF-8 in a string (--from-code=UTF-8)",
                             std::string(file_name), run.line, 0};
    return false;
  }
  if (run.value.find('\x04') != std::string::npos) {
    warn(file_name, run.line, 0, "context separator <EOT> within string; string skipped");
    return false;
  }
  found_message found;
  found.domain = options_.default_domain;
  found.file = run.file != nullptr ? *run.file : std::string(file_name);
  found.line = run.line;
  found.comments = run.comments;
  for (std::size_t i = 0; i < found.comments.count; ++i)
    parse_flag_comment((*found.comments.lines)[i], &found.flags, &found.checks);
  found.msgid = std::move(run.value);
  found.key_hash = detail::hash_key(nullptr, found.msgid);
  findings_.messages.push_back(std::move(found));
  return true;
}

file_scanner::format_context file_scanner::context_of(const std::vector<frame>& stack) {
  if (stack.empty()) return format_context::none;
  const frame& p = stack.back();
  const std::size_t position = p.commas + 1;
  if (p.format_arg != 0 && p.format_arg == position) return format_context::c_format;
  if (p.flag_rules != nullptr) {
    for (const format_flag* rule : *p.flag_rules) {
      if (rule->argument != position) continue;
      if (rule->flag == "c-format" || rule->flag == "possible-c-format") return format_context::c_format;
      if (rule->flag == "no-c-format") return format_context::no_c_format;
    }
  }
  return format_context::none;
}

bool file_scanner::close_call(frame& f, std::string_view file_name, format_context around) {
  std::size_t count = f.args.size();
  if (count == 1 && f.args[0].empty) count = 0;
  const keyword_spec* spec = nullptr;
  for (std::size_t i : *f.specs) {
    const keyword_spec& k = options_.keywords[i];
    if (k.total != 0 && k.total == count) {
      spec = &k;
      break;
    }
  }
  if (spec == nullptr) {
    for (std::size_t i : *f.specs) {
      if (options_.keywords[i].total == 0) {
        spec = &options_.keywords[i];
        break;
      }
    }
  }
  if (spec == nullptr) return false;
  const unsigned needed = std::max({spec->msgid, spec->msgid_plural, spec->context});
  if (needed > count) return false;  // not this function's layout (e.g. a declaration, no arguments)
  auto literal = [&](unsigned pos, const char* what) -> const argument* {
    const argument& a = f.args[pos - 1];
    if (a.empty || !a.literal) {
      if (options_.warn_skipped_calls && !a.keyword_call)
        warn(file_name, f.line, 0,
             std::string(what) + " argument " + std::to_string(pos) + " of '" + f.name +
                 "' is not a string literal; call skipped");
      return nullptr;
    }
    if (!a.problem.empty()) {
      warn(file_name, a.line, 0,
           a.problem + " in argument " + std::to_string(pos) + " of '" + f.name + "'; call skipped");
      return nullptr;
    }
    return &a;
  };
  const argument* msgid = literal(spec->msgid, "msgid");
  if (msgid == nullptr) return false;
  const argument* plural = nullptr;
  if (spec->msgid_plural != 0 && (plural = literal(spec->msgid_plural, "plural")) == nullptr) return false;
  const argument* context = nullptr;
  if (spec->context != 0 && (context = literal(spec->context, "context")) == nullptr) return false;
  std::string domain = options_.default_domain;
  if (spec->domain != 0 && spec->domain <= count) {
    const argument& d = f.args[spec->domain - 1];
    if (!d.empty && d.literal && d.problem.empty()) domain = d.value;
  }
  if (charset_ != source_charset::as_is && !check_charset(f, *spec, file_name)) return false;
  // PO files cannot hold the context separator (msgcat and msgfmt reject it).
  for (const argument* a : {msgid, plural, context}) {
    if (a != nullptr && a->value.find('\x04') != std::string::npos) {
      warn(file_name, a->line, 0, "context separator <EOT> within string; call skipped");
      return false;
    }
  }
  if (msgid->value.empty() && !context) {
    // Kept, as xgettext keeps it: rendered with a header, it lends the header its references.
    warn(file_name, msgid->line, 0,
         "empty msgid; it is reserved by GNU gettext: gettext(\"\") returns the header entry");
  }
  // The frame is done with: its values move into the finding.
  found_message found;
  found.domain = std::move(domain);
  if (context) found.context = std::move(f.args[spec->context - 1].value);
  if (spec->glib_context != 0) {
    // `msgctxt|text`: the context is the text before the first `|`.
    std::string& text = f.args[spec->glib_context - 1].value;
    if (const std::size_t bar = text.find('|'); bar != std::string::npos) {
      found.context = text.substr(0, bar);
      text.erase(0, bar + 1);
    } else {
      warn(file_name, f.args[spec->glib_context - 1].line, 0, "missing context for keyword '" + f.name + "'");
    }
  }
  if (plural) found.plural = std::move(f.args[spec->msgid_plural - 1].value);
  found.file = msgid->file != nullptr ? *msgid->file : std::string(file_name);
  found.line = msgid->line;
  found.comments = msgid->comments;
  if (!spec->comments.empty()) found.keyword_comments = &spec->comments;
  for (std::size_t i = 0; i < found.comments.count; ++i)
    parse_flag_comment((*found.comments.lines)[i], &found.flags, &found.checks);
  // A keyword passes on the format argument it sits in when GNU's do, or --flag says so; its
  // own --flag rules for its msgid argument apply too.
  bool passes = passes_c_format(f.name);
  format_context own = format_context::none;
  if (f.flag_rules != nullptr) {
    for (const format_flag* rule : *f.flag_rules) {
      if (rule->flag == "pass-c-format") passes = true;
      if (rule->argument != spec->msgid) continue;
      if (rule->flag == "c-format" || rule->flag == "possible-c-format") own = format_context::c_format;
      if (rule->flag == "no-c-format") own = format_context::no_c_format;
    }
  }
  if (own == format_context::none && passes) own = around;
  found.format_position = own == format_context::c_format;
  if (own == format_context::no_c_format) found.flags.emplace_back("no-c-format");
  found.msgid = std::move(f.args[spec->msgid - 1].value);
  if (found.context) {
    const std::string_view context_view = *found.context;
    found.key_hash = detail::hash_key(&context_view, found.msgid);
  } else {
    found.key_hash = detail::hash_key(nullptr, found.msgid);
  }
  findings_.messages.push_back(std::move(found));
  return true;
}

bool file_scanner::check_charset(const frame& f, const keyword_spec& spec, std::string_view file_name) {
  // The msgid, then the plural, then the context, each at its own line, as xgettext reports.
  for (unsigned pos : {spec.msgid, spec.msgid_plural, spec.context}) {
    if (pos == 0) continue;
    const argument& a = f.args[pos - 1];
    if (charset_ == source_charset::ascii && has_non_ascii(a.value)) {
      findings_.failed =
          error{errc::charset, "non-ASCII string; specify the source encoding with --from-code",
                std::string(file_name), a.line, 0};
      return false;
    }
    if (charset_ == source_charset::utf8 && charset::find_invalid_utf8(a.value) != std::string::npos) {
      findings_.failed = error{errc::charset, "invalid UTF-8 in a string (--from-code=UTF-8)",
                               std::string(file_name), a.line, 0};
      return false;
    }
  }
  if (charset_ != source_charset::ascii) return true;
  const argument& msgid = f.args[spec.msgid - 1];
  const detail::comment_block& block = msgid.comments;
  for (std::size_t i = 0; i < block.count; ++i) {
    if (has_non_ascii((*block.lines)[i])) {
      findings_.failed =
          error{errc::charset,
                "non-ASCII comment at or before this line; specify the source encoding with --from-code",
                std::string(file_name), msgid.line, 0};
      return false;
    }
  }
  return true;
}

}  // namespace erli18n::extract_detail
