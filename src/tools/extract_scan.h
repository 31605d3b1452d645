// The extractor's private parts, shared by its files: what a scan of one file finds
// (found_message, file_findings), the keyword table the scanners share, the per-file
// scanner (extract_scan.cc) and the collector that records findings into templates
// (extract_collect.cc). extract.cc drives them: the entry points, the file walk and the
// worker threads.
#ifndef ERLI18N_SRC_TOOLS_EXTRACT_SCAN_H
#define ERLI18N_SRC_TOOLS_EXTRACT_SCAN_H

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "cpp_lexer.h"
#include "erli18n/tools/extract.h"

namespace erli18n::extract_detail {

// A syntax check an `xgettext:` comment turns on (`NAME-check`) or off (`no-NAME-check`).
struct check_flag {
  syntax_check check;
  bool on;
};

// A message found in one file: everything recording it needs, owned.
struct found_message {
  std::string domain;
  std::optional<std::string> context;
  std::string msgid;
  std::optional<std::string> plural;
  std::string file;  // for the reference: made by the scanning thread, moved into the template
  std::size_t line = 0;
  detail::comment_block comments;
  bool format_position = false;    // the call is the format argument of a printf-like call
  std::vector<std::string> flags;  // from `xgettext:` comments in effect, in source order
  std::vector<check_flag> checks;  // the syntax checks those comments turn on or off, in order
  const std::vector<std::string>* keyword_comments = nullptr;  // the spec's `"text"` parts
  std::uint64_t key_hash = 0;  // of (context, msgid), computed by the scanner's thread
};

// Which message of a template has a given (msgctxt, msgid): open addressing over the key
// hashes, the keys themselves compared in the messages, so no key is stored twice and a
// lookup touches one flat array before the message it finds.
class message_table {
 public:
  /// The index of the message with `found`'s key; failing that, `fresh`, now remembered.
  std::size_t find_or_add(const std::vector<po_message>& messages, const found_message& found,
                          std::size_t fresh) {
    if ((used_ + 1) * 2 > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = found.key_hash & mask;; i = (i + 1) & mask) {
      slot& s = slots_[i];
      if (s.index == 0) {
        s = {found.key_hash, fresh + 1};
        ++used_;
        return fresh;
      }
      if (s.hash == found.key_hash) {
        const po_message& m = messages[s.index - 1];
        if (m.msgid == found.msgid && m.msgctxt == found.context) return s.index - 1;
      }
    }
  }

 private:
  struct slot {
    std::uint64_t hash = 0;
    std::size_t index = 0;  // message index + 1; 0 = empty
  };
  void grow() {
    std::vector<slot> old = std::move(slots_);
    slots_.assign(std::max<std::size_t>(64, old.size() * 2), slot{});
    const std::size_t mask = slots_.size() - 1;
    for (const slot& s : old) {
      if (s.index == 0) continue;
      std::size_t i = s.hash & mask;
      while (slots_[i].index != 0) i = (i + 1) & mask;
      slots_[i] = s;
    }
  }
  std::vector<slot> slots_;
  std::size_t used_ = 0;
};

// What one file yields, in source order.
struct file_findings {
  std::vector<found_message> messages;
  std::vector<extract_warning> warnings;
  std::optional<error> failed;  // a fatal finding (--from-code): the file's findings are void
};

// The keywords by function name, looked up by the lexer's view of each identifier without
// copying it. Read-only once built, so scanners on several threads share one.
class keyword_table {
 public:
  explicit keyword_table(const std::vector<keyword_spec>& keywords) {
    for (std::size_t i = 0; i < keywords.size(); ++i) by_name_[keywords[i].name].push_back(i);
  }
  const std::vector<std::size_t>* find(std::string_view name) const {
    auto it = by_name_.find(name);
    return it == by_name_.end() ? nullptr : &it->second;
  }

 private:
  struct name_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, std::vector<std::size_t>, name_hash, std::equal_to<>> by_name_;
};

// The format languages of xgettext 0.21, which a flag comment may name.
inline constexpr std::string_view format_languages[] = {
    "c",          "objc",   "python",       "python-brace",  "java",      "csharp",
    "javascript", "scheme", "lisp",         "elisp",         "librep",    "ruby",
    "sh",         "awk",    "lua",          "object-pascal", "smalltalk", "qt",
    "qt-plural",  "kde",    "kde-kuit",     "boost",         "tcl",       "perl",
    "perl-brace", "php",    "gcc-internal", "gfc-internal",  "ycp"};

// The flags an `xgettext:` comment line names (the text after its first `xgettext:`: tokens
// separated by white space or commas: `[no-|possible-|impossible-]LANG-format` for the
// format languages xgettext 0.21 knows, `wrap`, `no-wrap`, `range: MIN..MAX`), appended to
// `flags` when it is not null; `[no-]NAME-check` for the syntax checks, appended to `checks`
// when it is not null; true when it names at least one, and then the line is not an
// extracted comment (xgettext's rule, measured).
bool parse_flag_comment(std::string_view line, std::vector<std::string>* flags,
                        std::vector<check_flag>* checks = nullptr);

// Whether the flags (later ones win) decide that xgettext's c-format guess is not made: a
// c-format flag of any kind, or a yes/possible flag for a format that excludes c-format
// (objc, qt, qt-plural, kde, kde-kuit, boost).
bool c_format_decided(const std::vector<std::string>& flags);

// What `extract_options::from_code` asks of each file.
enum class source_charset : unsigned char { as_is, ascii, utf8, convert };

// The mode for `from_code`. xgettext knows a fixed list of charset names (any case); another
// name is ASCII, with a warning (`known` false).
source_charset source_charset_of(const std::optional<std::string>& from_code, bool& known);

// Finds the keyword calls of one file. A file's findings do not depend on any other file,
// which is what lets `extract_sources` scan files on several threads.
class file_scanner {
 public:
  file_scanner(const extract_options& options, const keyword_table& keywords);

  file_findings scan(std::string_view source, std::string_view file_name);

 private:
  struct argument {
    bool empty = true;
    bool literal = true;  // nothing but string literals so far
    // Begins with a keyword's name (`gettext(ERLI18N_MSG("a"))`): that inner call's message
    // is extracted, so the outer call is skipped without a warning.
    bool keyword_call = false;
    std::string value;
    std::size_t line = 0;
    const std::string* file = nullptr;  // named by `#line` (null: the scanned file)
    std::string problem;
    detail::comment_block comments;
  };
  struct frame {
    char open = '(';
    const std::vector<std::size_t>* specs = nullptr;  // keyword call frame when set
    std::string name;
    std::size_t line = 0;
    std::vector<argument> args;
    unsigned format_arg = 0;  // a printf-family call: the 1-based position of its format
    const std::vector<const format_flag*>* flag_rules = nullptr;  // --flag rules of its name
    std::size_t commas = 0;                                       // top-level commas so far
  };

  // What the argument being read of the innermost call makes of a message in it.
  enum class format_context : unsigned char { none, c_format, no_c_format };
  static format_context context_of(const std::vector<frame>& stack);
  bool close_call(frame& f, std::string_view file_name, format_context around);
  // --extract-all: records a run of literals as a message (false, and nothing recorded, when
  // --from-code refuses it or it cannot be one).
  bool record_literal(argument& run, std::string_view file_name);
  // The --from-code check of a message about to be recorded: false (and findings_.failed
  // set) when its strings or comments break it.
  bool check_charset(const frame& f, const keyword_spec& spec, std::string_view file_name);
  void warn(std::string_view file, std::size_t line, std::size_t column, std::string message) {
    findings_.warnings.push_back(extract_warning{std::string(file), line, column, std::move(message)});
  }

  const extract_options& options_;
  const keyword_table& keywords_;
  // The --flag rules by function name.
  std::unordered_map<std::string, std::vector<const format_flag*>> flag_rules_;
  file_findings findings_;
  source_charset charset_ = source_charset::as_is;
  std::string converted_;  // the file converted to UTF-8 (source_charset::convert)
};

// Records the findings of each file, in file order, into the templates.
class collector {
 public:
  explicit collector(const extract_options& options);

  void add(file_findings&& findings);
  extract_result finish();

 private:
  // What a template knows of its messages besides the messages themselves.
  struct template_index {
    message_table by_key;                           // (msgctxt, msgid) -> message
    std::unordered_set<std::string> seen_comments;  // (message, extracted comment)
    // Per message, whether it is a C format string (as a plain argument; as printf's format
    // argument), computed when its msgid or plural changes rather than at every occurrence.
    std::vector<std::pair<bool, bool>> c_format;
    std::vector<bool> explicit_flags;  // per message: some `xgettext:` flag comment applied
    // Per message: its Qt, KDE or Boost format was looked for, at an occurrence in C++.
    std::vector<bool> cxx_formats;
  };

  void add(found_message& found);
  // `take`: the message's strings may be moved out of `found` (its last recording).
  std::size_t record(po_file& pot, template_index& index, found_message& found, bool take);

  // The syntax checks of result_.all's messages, now in `order` (old index of each).
  void run_syntax_checks(const std::vector<std::size_t>& order);

  // Per message of result_.all: where it first occurs (even when references are not kept)
  // and what its comments decided of each syntax check (0 nothing, 1 on, -1 off).
  struct check_state {
    std::size_t file = 0;  // in check_files_
    std::size_t line = 0;
    std::array<signed char, 4> decided{};
  };

  const extract_options& options_;
  std::map<std::string, template_index> index_;  // by domain
  template_index all_index_;                     // for result_.all
  std::vector<check_state> check_states_;
  std::vector<std::string> check_files_;
  extract_result result_;
};

// Sorts a template's messages as the options ask (by msgid, or by file), else leaves them;
// `order`, when not null, gets the former index of each message in its new place.
void sort_messages(std::vector<po_message>& messages, const extract_options& options,
                   std::vector<std::size_t>* order = nullptr);

}  // namespace erli18n::extract_detail

#endif  // ERLI18N_SRC_TOOLS_EXTRACT_SCAN_H
