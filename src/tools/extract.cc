// Extraction of messages from C and C++ sources (extract.h).
//
// The parser above the lexer tracks brackets with an explicit, bounded stack. A keyword
// identifier followed by `(` opens a call frame that records, per top-level argument, whether
// the argument is nothing but string literals (then their concatenation) — so commas inside
// nested (), [], {} never split arguments, unlike xgettext, which only counts parentheses.
#include "erli18n/tools/extract.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <set>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "cpp_lexer.h"
#include "text_hash.h"

namespace erli18n {
namespace {

using detail::cpp_token;
using detail::cpp_token_kind;

// A message found in one file: everything recording it needs, owned.
struct found_message {
  std::string domain;
  std::optional<std::string> context;
  std::string msgid;
  std::optional<std::string> plural;
  std::string file;  // for the reference: made by the scanning thread, moved into the template
  std::size_t line = 0;
  detail::comment_block comments;
  bool format_position = false;  // the call is the format argument of a printf-like call
  std::uint64_t key_hash = 0;    // of (context, msgid), computed by the scanner's thread
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

// Finds the keyword calls of one file. A file's findings do not depend on any other file,
// which is what lets `extract_sources` scan files on several threads.
class file_scanner {
 public:
  file_scanner(const extract_options& options, const keyword_table& keywords)
      : options_(options), keywords_(keywords) {}

  file_findings scan(std::string_view source, std::string_view file_name);

 private:
  struct argument {
    bool empty = true;
    bool literal = true;  // nothing but string literals so far
    std::string value;
    std::size_t line = 0;
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
    std::size_t commas = 0;   // top-level commas so far
  };

  bool close_call(frame& f, std::string_view file_name, bool format_position);
  void warn(std::string_view file, std::size_t line, std::size_t column, std::string message) {
    findings_.warnings.push_back(extract_warning{std::string(file), line, column, std::move(message)});
  }

  const extract_options& options_;
  const keyword_table& keywords_;
  file_findings findings_;
};

// Records the findings of each file, in file order, into the templates.
class collector {
 public:
  explicit collector(const extract_options& options) : options_(options) {}

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
  };

  void add(found_message& found);
  // `take`: the message's strings may be moved out of `found` (its last recording).
  std::size_t record(po_file& pot, template_index& index, found_message& found, bool take);

  const extract_options& options_;
  std::map<std::string, template_index> index_;  // by domain
  template_index all_index_;                     // for result_.all
  extract_result result_;
};

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

// Bracket nesting deeper than this is still matched, but calls inside are not tracked.
constexpr std::size_t max_depth = 512;
// A message longer than this is cut (a bound on memory; no real message comes close).
constexpr std::size_t max_message_bytes = std::size_t{1} << 20;

file_findings file_scanner::scan(std::string_view source, std::string_view file_name) {
  findings_ = {};
  detail::cpp_lexer lexer(source, options_.comment_tag.has_value());
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
  while (lexer.next(tok)) {
    const std::vector<std::size_t>* keyword = pending;
    pending = nullptr;
    const bool identifier_before = after_identifier;
    after_identifier = tok.kind == cpp_token_kind::identifier;
    switch (tok.kind) {
      case cpp_token_kind::identifier: {
        taint();
        pending_name = tok.text;
        pending = keywords_.find(pending_name);
        if (pending != nullptr) pending_line = tok.line;
        break;
      }
      case cpp_token_kind::string: {
        if (stack.empty() || stack.back().specs == nullptr) break;
        argument& a = stack.back().args.back();
        if (a.empty) {
          a.line = tok.line;
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
          const bool format_position = !stack.empty() && stack.back().format_arg != 0 &&
                                       stack.back().commas + 1 == stack.back().format_arg;
          if (close_call(f, file_name, format_position)) lexer.clear_comments();
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
  return std::move(findings_);
}

bool file_scanner::close_call(frame& f, std::string_view file_name, bool format_position) {
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
  if (plural) found.plural = std::move(f.args[spec->msgid_plural - 1].value);
  found.file = std::string(file_name);
  found.line = msgid->line;
  found.comments = msgid->comments;
  found.format_position = format_position && passes_c_format(f.name);
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

std::vector<std::string> extracted_comments(const detail::comment_block& block,
                                            const std::optional<std::string>& tag) {
  std::vector<std::string> out;
  if (block.empty() || !tag) return out;
  const std::vector<std::string>& lines = *block.lines;
  std::size_t first = 0;
  std::size_t offset = 0;
  if (!tag->empty()) {
    while (first < block.count && (offset = lines[first].find(*tag)) == std::string::npos) ++first;
    if (first == block.count) return out;
  }
  for (std::size_t i = first; i < block.count; ++i) {
    std::string_view line = lines[i];
    if (i == first) line.remove_prefix(offset);
    out.push_back(line.empty() ? std::string() : ' ' + std::string(line));
  }
  return out;
}

void collector::add(file_findings&& findings) {
  for (extract_warning& w : findings.warnings) result_.warnings.push_back(std::move(w));
  for (found_message& found : findings.messages) add(found);
}

void collector::add(found_message& found) {
  if (!options_.per_domain) {
    record(result_.all, all_index_, found, true);
    return;
  }
  po_file& pot = result_.templates[found.domain];
  const std::size_t before = pot.messages.size();
  const std::size_t at = record(pot, index_[found.domain], found, false);
  if (pot.messages.size() != before) result_.first_seen.emplace_back(found.domain, at);
  // The same message in the one template of every domain, references in occurrence order.
  record(result_.all, all_index_, found, true);
}

std::size_t collector::record(po_file& pot, template_index& index, found_message& o, bool take) {
  const std::size_t at = index.by_key.find_or_add(pot.messages, o, pot.messages.size());
  const bool inserted = at == pot.messages.size();
  bool changed = inserted;
  if (inserted) {
    po_message m;
    if (take) {
      m.msgctxt = std::move(o.context);
      m.msgid = std::move(o.msgid);
      m.msgid_plural = std::move(o.plural);
    } else {
      m.msgctxt = o.context;
      m.msgid = o.msgid;
      m.msgid_plural = o.plural;
    }
    m.msgstr.assign(m.msgid_plural ? 2 : 1, std::string());
    pot.messages.push_back(std::move(m));
    index.c_format.emplace_back();
  }
  po_message& m = pot.messages[at];
  if (!m.msgid_plural && o.plural) {
    m.msgid_plural = take ? std::move(*o.plural) : *o.plural;
    m.msgstr.assign(2, std::string());
    changed = true;
  }
  const std::size_t line = o.line;
  switch (options_.add_location) {
    // A repeated reference can only follow its twin (lines grow within a file), so comparing
    // with the last one is enough, and keeps a message seen N times O(N).
    case extract_options::locations::full:
      if (m.references.empty() || m.references.back().file != o.file || m.references.back().line != line)
        m.references.push_back(po_reference{take ? std::move(o.file) : o.file, line});
      break;
    case extract_options::locations::file:
      if (m.references.empty() || m.references.back().file != o.file || m.references.back().line)
        m.references.push_back(po_reference{take ? std::move(o.file) : o.file, std::nullopt});
      break;
    case extract_options::locations::never:
      break;
  }
  for (std::string& c : extracted_comments(o.comments, options_.comment_tag)) {
    std::string seen_key = std::to_string(at) + '\0' + c;
    if (index.seen_comments.insert(std::move(seen_key)).second) m.extracted_comments.push_back(std::move(c));
  }
  auto flag = [&m](const char* name) {
    if (std::find(m.flags.begin(), m.flags.end(), name) == m.flags.end()) m.flags.emplace_back(name);
  };
  std::pair<bool, bool>& c_format = index.c_format[at];
  if (changed) {
    auto is_format = [&m](bool directive_needed) {
      return detail::is_c_format(m.msgid, directive_needed) ||
             (m.msgid_plural && detail::is_c_format(*m.msgid_plural, directive_needed));
    };
    c_format = {is_format(true), is_format(false)};
    if (detail::has_erli18n_placeholder(m.msgid) ||
        (m.msgid_plural && detail::has_erli18n_placeholder(*m.msgid_plural)))
      flag("erli18n-format");
  }
  if (o.format_position ? c_format.second : c_format.first) flag("c-format");
  // Flags are kept in a fixed order: c-format first.
  if (m.flags.size() == 2 && m.flags[0] != "c-format") std::swap(m.flags[0], m.flags[1]);
  return at;
}

void sort_messages(std::vector<po_message>& messages, const extract_options& options) {
  if (options.sort_output) {
    std::stable_sort(messages.begin(), messages.end(), [](const po_message& a, const po_message& b) {
      if (a.msgid != b.msgid) return a.msgid < b.msgid;
      return a.msgctxt.value_or("") < b.msgctxt.value_or("");
    });
  } else if (options.sort_by_file) {
    // xgettext orders each message's references first, then the messages by their first.
    for (po_message& m : messages)
      std::stable_sort(m.references.begin(), m.references.end(),
                       [](const po_reference& x, const po_reference& y) {
                         if (x.file != y.file) return x.file < y.file;
                         return x.line.value_or(0) < y.line.value_or(0);
                       });
    std::stable_sort(messages.begin(), messages.end(), [](const po_message& a, const po_message& b) {
      if (a.references.empty() || b.references.empty()) return a.references.empty() && !b.references.empty();
      const po_reference& x = a.references.front();
      const po_reference& y = b.references.front();
      if (x.file != y.file) return x.file < y.file;
      return x.line.value_or(0) < y.line.value_or(0);
    });
  }
}

extract_result collector::finish() {
  if (options_.sort_output || options_.sort_by_file) {
    for (auto& [domain, pot] : result_.templates) sort_messages(pot.messages, options_);
    sort_messages(result_.all.messages, options_);
    result_.first_seen.clear();  // the order is the sorted one now
  }
  for (auto& [domain, pot] : result_.templates) pot.file_name = domain + ".pot";
  result_.all.file_name = options_.default_domain + ".pot";
  return std::move(result_);
}

}  // namespace

}  // namespace erli18n

namespace erli18n {

result<extract_result> extract_text(std::string_view source, std::string_view file_name,
                                    const extract_options& options) {
  const keyword_table keywords(options.keywords);
  file_scanner scanner(options, keywords);
  collector c(options);
  c.add(scanner.scan(source, file_name));
  return c.finish();
}

namespace {

// Reads `path` into `bytes` (reused across files: one buffer, grown to the largest file):
// one read of the whole file when it tells its size; a pipe is read to its end.
result<bool> read_file(const std::string& path, std::string& bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return error{errc::io, std::string("cannot open: ") + std::strerror(errno), path, 0, 0};
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    return error{errc::io, "cannot read: is a directory", path, 0, 0};
  }
  std::size_t want = S_ISREG(st.st_mode) && st.st_size > 0 ? static_cast<std::size_t>(st.st_size) + 1 : 65536;
  std::size_t have = 0;
  if (bytes.size() < want) bytes.resize(want);
  while (true) {
    if (have == bytes.size()) bytes.resize(bytes.size() * 2);
    const ssize_t got = ::read(fd, bytes.data() + have, bytes.size() - have);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      ::close(fd);
      return error{errc::io, "read error", path, 0, 0};
    }
    if (got == 0) break;
    have += static_cast<std::size_t>(got);
  }
  ::close(fd);
  bytes.resize(have);
  return true;
}

}  // namespace

result<extract_result> extract_sources(const std::vector<std::string>& files,
                                       const extract_options& options) {
  const keyword_table keywords(options.keywords);
  collector c(options);
  std::size_t jobs = options.jobs != 0 ? options.jobs : std::max(1U, std::thread::hardware_concurrency());
  jobs = std::min(jobs, files.size());

  // Reading and scanning a file depends on that file alone, so workers do it for the files
  // they claim, in any order; this thread records each file's findings in file order, as
  // soon as they are ready, which makes the result that of one thread reading file by file.
  struct slot {
    bool ready = false;
    std::optional<error> failed;
    file_findings findings;
  };
  std::vector<slot> slots(jobs > 1 ? files.size() : 0);
  std::mutex mutex;
  std::condition_variable filled;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  auto work = [&]() {
    file_scanner scanner(options, keywords);
    std::string text;
    for (std::size_t i = 0;
         !stop.load(std::memory_order_relaxed) && (i = next.fetch_add(1)) < files.size();) {
      slot out;
      try {
        result<bool> read = read_file(files[i], text);
        if (read) {
          out.findings = scanner.scan(text, files[i]);
        } else {
          out.failed = std::move(read).error();
        }
      } catch (const std::bad_alloc&) {
        out.failed = error{errc::out_of_memory, "out of memory", files[i], 0, 0};
      }
      {
        std::lock_guard<std::mutex> lock(mutex);
        slots[i] = std::move(out);
        slots[i].ready = true;
      }
      filled.notify_all();
    }
  };
  std::vector<std::jthread> workers;
  // Leaving early (an error) stops the workers at their next file; either way they are
  // joined before anything they use goes away.
  struct join_on_exit {
    std::atomic<bool>& stop;
    std::vector<std::jthread>& workers;
    ~join_on_exit() {
      stop = true;
      workers.clear();
    }
  } joiner{stop, workers};
  if (jobs > 1) {
    try {
      for (std::size_t j = 0; j < jobs; ++j) workers.emplace_back(work);
    } catch (const std::system_error&) {
      // No more threads to be had: those started do the work.
    }
  }
  if (workers.empty()) {
    file_scanner scanner(options, keywords);
    std::string text;
    for (std::size_t i = 0; i < files.size(); ++i) {
      const std::string& file = files[i];
      result<bool> read = read_file(file, text);
      if (!read) return std::move(read).error();
      c.add(scanner.scan(text, file));
      if (options.on_file_done) options.on_file_done(i + 1, files.size());
    }
    return c.finish();
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    slot done;
    {
      std::unique_lock<std::mutex> lock(mutex);
      filled.wait(lock, [&] { return slots[i].ready; });
      done = std::move(slots[i]);
    }
    if (done.failed) return std::move(*done.failed);
    c.add(std::move(done.findings));
    if (options.on_file_done) options.on_file_done(i + 1, files.size());
  }
  return c.finish();
}

po_file merge_templates(const extract_result& extracted, const extract_options& options) {
  if (!extracted.all.messages.empty() || extracted.templates.empty()) {
    po_file out = extracted.all;
    out.file_name = options.default_domain + ".pot";
    return out;
  }
  // A result built by hand, without `all`: merge the domains.
  po_file out;
  out.file_name = options.default_domain + ".pot";
  std::unordered_map<std::string, std::size_t> index;
  std::unordered_set<std::string> merged_seen;
  std::vector<bool> indexed;
  auto take = [&](const po_message& m) {
    std::string key;
    if (m.msgctxt) {
      key += '\1';
      key += *m.msgctxt;
    }
    key += '\0';
    key += m.msgid;
    auto [it, inserted] = index.emplace(std::move(key), out.messages.size());
    if (inserted) {
      out.messages.push_back(m);
      indexed.push_back(false);
      return;
    }
    po_message& into = out.messages[it->second];
    if (!into.msgid_plural && m.msgid_plural) {
      into.msgid_plural = m.msgid_plural;
      into.msgstr.assign(2, std::string());
    }
    // Sets, so that merging stays linear however many references a message has.
    const std::string id = std::to_string(it->second) + '\0';
    auto seen = [&](const std::string& what) { return !merged_seen.insert(id + what).second; };
    if (into.references.size() + into.extracted_comments.size() > 0 && !indexed[it->second]) {
      indexed[it->second] = true;
      for (const po_reference& r : into.references)
        seen('r' + r.file + '\0' + std::to_string(r.line.value_or(0)));
      for (const std::string& c : into.extracted_comments) seen('c' + c);
    }
    for (const po_reference& r : m.references)
      if (!seen('r' + r.file + '\0' + std::to_string(r.line.value_or(0)))) into.references.push_back(r);
    for (const std::string& c : m.extracted_comments)
      if (!seen('c' + c)) into.extracted_comments.push_back(c);
    for (const std::string& f : m.flags)
      if (std::find(into.flags.begin(), into.flags.end(), f) == into.flags.end()) into.flags.push_back(f);
    if (into.flags.size() == 2 && into.flags[0] != "c-format") std::swap(into.flags[0], into.flags[1]);
  };
  if (!extracted.first_seen.empty()) {
    for (const auto& [domain, i] : extracted.first_seen) {
      auto it = extracted.templates.find(domain);
      if (it != extracted.templates.end() && i < it->second.messages.size()) take(it->second.messages[i]);
    }
  } else {
    for (const auto& [domain, pot] : extracted.templates)
      for (const po_message& m : pot.messages) take(m);
  }
  sort_messages(out.messages, options);
  return out;
}

namespace {

bool has_source_extension(const std::filesystem::path& p) {
  static constexpr std::string_view exts[] = {".c",  ".h",   ".cc",  ".cp",  ".cpp", ".cxx", ".c++",
                                              ".hh", ".hp",  ".hpp", ".hxx", ".h++", ".C",   ".H",
                                              ".CC", ".CPP", ".ipp", ".tpp", ".inl", ".ixx", ".cppm"};
  const std::string ext = p.extension().string();
  return std::find(std::begin(exts), std::end(exts), ext) != std::end(exts);
}

}  // namespace

result<std::vector<std::string>> collect_source_files(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const std::string& path : paths) {
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) return error{errc::io, "no such file or directory", path, 0, 0};
    if (!fs::is_directory(st)) {
      if (seen.insert(path).second) out.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    fs::recursive_directory_iterator it(path, fs::directory_options::none, ec), end;
    if (ec) return error{errc::io, "cannot read directory: " + ec.message(), path, 0, 0};
    for (; it != end; it.increment(ec)) {
      if (ec) return error{errc::io, "cannot read directory: " + ec.message(), path, 0, 0};
      const fs::path& p = it->path();
      const std::string name = p.filename().string();
      if (!name.empty() && name[0] == '.') {
        if (it->is_directory(ec)) it.disable_recursion_pending();
        continue;
      }
      if (it->is_symlink(ec) && it->is_directory(ec)) {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec) && has_source_extension(p)) found.push_back(p.string());
    }
    std::sort(found.begin(), found.end());
    for (std::string& f : found)
      if (seen.insert(f).second) out.push_back(std::move(f));
  }
  return out;
}

}  // namespace erli18n
