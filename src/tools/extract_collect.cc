// The extractor's collector: records each file's findings, in file order, into the template
// of their domain and the one of every domain (references, extracted comments, c-format and
// erli18n-format flags), sorts them as asked, and merges per-domain templates into one
// (merge_templates).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "cpp_lexer.h"
#include "extract_scan.h"
#include "extract_syntax_check.h"

namespace erli18n::extract_detail {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Qt's QString::arg markers, as xgettext --qt recognises them (measured on 0.21): `%` with an
// optional `L`, then a digit is an argument (`%0`…`%99`: qt-format); `n` instead is the plural
// count (qt-plural-format). Each is set in `argument` or `count` when found.
void find_qt_markers(std::string_view text, bool& argument, bool& count) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') continue;
    std::size_t k = i + 1;
    if (k < text.size() && text[k] == 'L') ++k;
    if (k < text.size() && is_digit(text[k])) argument = true;
    if (k < text.size() && text[k] == 'n') count = true;
  }
}

// KDE's i18n markers, as xgettext --kde recognises them (measured on 0.21): `%` then a number
// from 1 (all its digits); valid when at most one number up to the highest is missing.
bool is_kde_format(std::string_view text) {
  std::vector<bool> seen;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%' || i + 1 == text.size() || text[i + 1] < '1' || text[i + 1] > '9') continue;
    std::size_t number = 0, k = i + 1;
    for (; k < text.size() && is_digit(text[k]); ++k) {
      number = number * 10 + static_cast<std::size_t>(text[k] - '0');
      if (number > 1000) return false;  // far past any real argument count
    }
    if (seen.size() < number) seen.resize(number, false);
    seen[number - 1] = true;
    i = k - 1;
  }
  return !seen.empty() && std::count(seen.begin(), seen.end(), false) <= 1;
}

// Boost.Format's directives, as xgettext --boost recognises them (measured on 0.21): `%%`;
// `%N%` (N from 1); printf's `%[N$][flags][width][.precision][size]conversion`; and the same
// between bars, `%|…|`, where the conversion may be left out. Flags are printf's and `_`, `=`;
// a width or precision may be `*` or `*N$`; sizes are any run of h, l, L, t; conversions
// d i o u x X e E f g G c C s S p n. Numbered and unnumbered arguments do not mix; one number
// may be used again with a compatible type (s, S, n, `%N%` and a bare `%|…|` take any), and
// numbers may be skipped. True when valid with at least one directive (`%%` counts).
bool is_boost_format(std::string_view s) {
  enum class kind : std::uint8_t { any, integer, floating, character, pointer };
  std::vector<std::pair<std::size_t, kind>> numbered;  // (number, type) of each use
  bool unnumbered = false;
  std::size_t directives = 0;
  const std::size_t n = s.size();
  // The number from 1 at `i` (capped far past any argument count), `end` after it; 0: none.
  auto number_at = [&](std::size_t i, std::size_t& end) {
    std::size_t value = 0;
    end = i;
    if (i >= n || s[i] < '1' || s[i] > '9') return value;
    for (; end < n && is_digit(s[end]); ++end)
      value = std::min<std::size_t>(value * 10 + static_cast<std::size_t>(s[end] - '0'), 1U << 20);
    return value;
  };
  // `N$` at `i`: taken (its value in `number`), else nothing moves.
  auto read_position = [&](std::size_t& i, std::size_t& number) {
    std::size_t end = 0;
    const std::size_t value = number_at(i, end);
    if (value == 0 || end >= n || s[end] != '$') return false;
    number = value;
    i = end + 1;
    return true;
  };
  // `*` or `*N$` (an integer argument).
  auto read_star = [&](std::size_t& i) {
    if (i >= n || s[i] != '*') {
      while (i < n && is_digit(s[i])) ++i;
      return;
    }
    ++i;
    std::size_t number = 0;
    if (read_position(i, number)) {
      numbered.emplace_back(number, kind::integer);
    } else {
      unnumbered = true;
    }
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (s[i] != '%') continue;
    ++directives;
    if (++i >= n) return false;
    if (s[i] == '%') continue;
    const bool bars = s[i] == '|';
    if (bars) ++i;
    if (!bars) {  // `%N%`
      std::size_t end = 0;
      const std::size_t value = number_at(i, end);
      if (value != 0 && end < n && s[end] == '%') {
        numbered.emplace_back(value, kind::any);
        i = end;
        continue;
      }
    }
    std::size_t number = 0;
    const bool has_number = read_position(i, number);
    while (i < n && std::string_view("-+ #0'_=").find(s[i]) != std::string_view::npos) ++i;
    read_star(i);
    if (i < n && s[i] == '.') {
      ++i;
      read_star(i);
    }
    while (i < n && (s[i] == 'h' || s[i] == 'l' || s[i] == 'L' || s[i] == 't')) ++i;
    kind type = kind::any;
    bool converted = i < n;
    const char c = converted ? s[i] : '\0';
    if (std::string_view("diouxX").find(c) != std::string_view::npos) {
      type = kind::integer;
    } else if (std::string_view("eEfgG").find(c) != std::string_view::npos) {
      type = kind::floating;
    } else if (c == 'c' || c == 'C') {
      type = kind::character;
    } else if (c == 'p') {
      type = kind::pointer;
    } else if (c != 's' && c != 'S' && c != 'n') {
      converted = false;
    }
    if (bars) {  // the closing bar, which the loop steps over
      if (converted) ++i;
      if (i >= n || s[i] != '|') return false;
    } else if (!converted) {
      return false;
    }
    if (has_number) {
      numbered.emplace_back(number, type);
    } else {
      unnumbered = true;
    }
  }
  if (unnumbered && !numbered.empty()) return false;
  std::sort(numbered.begin(), numbered.end());
  for (std::size_t k = 1; k < numbered.size(); ++k) {
    if (numbered[k].first != numbered[k - 1].first) continue;
    // Sorted by type too: any comes first, so a clash is two different non-any types.
    if (numbered[k - 1].second != kind::any && numbered[k - 1].second != numbered[k].second) return false;
  }
  return directives != 0;
}

// The extensions xgettext 0.21 reads as C++ (`.h` is C).
bool is_cxx_name(std::string_view file) {
  const std::size_t dot = file.rfind('.');
  if (dot == std::string_view::npos || file.find('/', dot) != std::string_view::npos) return false;
  const std::string_view ext = file.substr(dot + 1);
  return ext == "C" || ext == "c++" || ext == "cc" || ext == "cxx" || ext == "cpp" || ext == "hh" ||
         ext == "hxx" || ext == "hpp";
}

std::vector<std::string> extracted_comments(const detail::comment_block& block,
                                            const std::optional<std::string>& tag) {
  std::vector<std::string> out;
  if (block.empty() || !tag) return out;
  const std::vector<std::string>& lines = *block.lines;
  std::size_t first = 0;
  std::size_t offset = 0;
  // A line holding an `xgettext:` flag comment is not an extracted comment.
  auto is_flags = [](const std::string& line) { return parse_flag_comment(line, nullptr); };
  if (!tag->empty()) {
    while (first < block.count &&
           (is_flags(lines[first]) || (offset = lines[first].find(*tag)) == std::string::npos))
      ++first;
    if (first == block.count) return out;
  }
  for (std::size_t i = first; i < block.count; ++i) {
    if (is_flags(lines[i])) continue;
    std::string_view line = lines[i];
    if (i == first) line.remove_prefix(offset);
    out.push_back(line.empty() ? std::string() : ' ' + std::string(line));
  }
  return out;
}

}  // namespace

collector::collector(const extract_options& options) : options_(options) {
  bool known = true;
  source_charset_of(options.from_code, known);
  if (!known)
    result_.warnings.push_back(
        extract_warning{"--from-code", 0, 0,
                        "'" + *options.from_code + "' is not a valid encoding name; using ASCII instead"});
}

void collector::add(file_findings&& findings) {
  for (extract_warning& w : findings.warnings) result_.warnings.push_back(std::move(w));
  for (found_message& found : findings.messages) add(found);
}

void collector::add(found_message& found) {
  if (!options_.exclude.empty() && options_.exclude.contains({found.context, found.msgid})) return;
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
  // Before the file name may be moved into the references.
  const bool cxx = options_.cxx.value_or(is_cxx_name(o.file));
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
    index.explicit_flags.push_back(false);
    index.cxx_formats.push_back(false);
    if (&index == &all_index_) {
      // Before the file name may be moved into the references.
      if (check_files_.empty() || check_files_.back() != o.file) check_files_.push_back(o.file);
      check_states_.push_back(check_state{check_files_.size() - 1, o.line});
    }
  }
  if (&index == &all_index_)
    for (const check_flag& c : o.checks)
      check_states_[at].decided[static_cast<std::size_t>(c.check)] = c.on ? 1 : -1;
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
  std::vector<std::string> comments = extracted_comments(o.comments, options_.comment_tag);
  if (o.keyword_comments != nullptr)  // after the translator comments, as xgettext
    for (const std::string& c : *o.keyword_comments) comments.push_back(' ' + c);
  for (std::string& c : comments) {
    std::string seen_key = std::to_string(at) + '\0' + c;
    if (index.seen_comments.insert(std::move(seen_key)).second) m.extracted_comments.push_back(std::move(c));
  }
  auto flag = [&m](const char* name) {
    if (std::find(m.flags.begin(), m.flags.end(), name) == m.flags.end()) m.flags.emplace_back(name);
  };
  std::pair<bool, bool>& c_format = index.c_format[at];
  // Looked for at the first occurrence in a C++ file, again when the strings change there.
  if ((changed || !index.cxx_formats[at]) && (options_.qt || options_.kde || options_.boost) && cxx) {
    index.cxx_formats[at] = true;
    // Both strings are looked at; a plural replaces a flag the singular alone gave.
    std::erase_if(m.flags, [](const std::string& f) {
      return f == "qt-format" || f == "qt-plural-format" || f == "kde-format" || f == "boost-format";
    });
    const std::string_view plural_text =
        m.msgid_plural ? std::string_view(*m.msgid_plural) : std::string_view();
    if (options_.qt) {
      bool argument = false, count = false;
      find_qt_markers(m.msgid, argument, count);
      find_qt_markers(plural_text, argument, count);
      if (argument) flag("qt-format");
      if (count) flag("qt-plural-format");
    }
    if (options_.kde && (is_kde_format(m.msgid) || (m.msgid_plural && is_kde_format(plural_text))))
      flag("kde-format");
    // Unlike Qt's and KDE's, a Boost format goes with the c-format printf's position gives.
    if (options_.boost && (is_boost_format(m.msgid) || (m.msgid_plural && is_boost_format(plural_text))))
      flag("boost-format");
  }
  if (changed) {
    auto is_format = [&m](bool directive_needed) {
      return detail::is_c_format(m.msgid, directive_needed) ||
             (m.msgid_plural && detail::is_c_format(*m.msgid_plural, directive_needed));
    };
    c_format = {is_format(true), is_format(false)};
    if (options_.erli18n_format && (detail::has_erli18n_placeholder(m.msgid) ||
                                    (m.msgid_plural && detail::has_erli18n_placeholder(*m.msgid_plural))))
      flag("erli18n-format");
  }
  // Flag comments are kept in source order (the writer lets later ones win); xgettext's
  // c-format guess is made unless they decided it, at this occurrence or an earlier one.
  if (!o.flags.empty()) {
    index.explicit_flags[at] = true;
    for (std::string& f : o.flags) m.flags.push_back(take ? std::move(f) : f);
  }
  const bool explicit_flags = index.explicit_flags[at];
  // A Qt or KDE format takes the place of the c-format printf's argument position gives.
  const bool other_format = std::any_of(m.flags.begin(), m.flags.end(), [](const std::string& f) {
    return f == "qt-format" || f == "qt-plural-format" || f == "kde-format";
  });
  if ((o.format_position && !other_format ? c_format.second : c_format.first) &&
      (!explicit_flags || !c_format_decided(m.flags)))
    flag("c-format");
  // Flags are kept in a fixed order: c-format first.
  if (!explicit_flags && m.flags.size() == 2 && m.flags[0] != "c-format") std::swap(m.flags[0], m.flags[1]);
  return at;
}

void sort_messages(std::vector<po_message>& messages, const extract_options& options,
                   std::vector<std::size_t>* order) {
  std::vector<std::size_t> sorted(messages.size());
  for (std::size_t i = 0; i < sorted.size(); ++i) sorted[i] = i;
  if (options.sort_output) {
    std::stable_sort(sorted.begin(), sorted.end(), [&messages](std::size_t i, std::size_t j) {
      const po_message& a = messages[i];
      const po_message& b = messages[j];
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
    std::stable_sort(sorted.begin(), sorted.end(), [&messages](std::size_t i, std::size_t j) {
      const po_message& a = messages[i];
      const po_message& b = messages[j];
      if (a.references.empty() || b.references.empty()) return a.references.empty() && !b.references.empty();
      const po_reference& x = a.references.front();
      const po_reference& y = b.references.front();
      if (x.file != y.file) return x.file < y.file;
      if (x.line != y.line) return x.line.value_or(0) < y.line.value_or(0);
      // Messages of one line by msgid, then msgctxt (none first), as xgettext 0.21 orders them.
      if (a.msgid != b.msgid) return a.msgid < b.msgid;
      return a.msgctxt.has_value() ? b.msgctxt.has_value() && *a.msgctxt < *b.msgctxt : b.msgctxt.has_value();
    });
  }
  if (options.sort_output || options.sort_by_file) {
    std::vector<po_message> out;
    out.reserve(messages.size());
    for (std::size_t i : sorted) out.push_back(std::move(messages[i]));
    messages = std::move(out);
  }
  if (order != nullptr) *order = std::move(sorted);
}

void collector::run_syntax_checks(const std::vector<std::size_t>& order) {
  std::vector<std::string> problems;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const check_state& state = check_states_[order[k]];
    const po_message& m = result_.all.messages[k];
    problems.clear();
    // Check by check, each on the msgid then the plural, as xgettext reports them.
    for (std::size_t c = 0; c < state.decided.size(); ++c) {
      const auto check = static_cast<syntax_check>(c);
      if (state.decided[c] < 0 || (state.decided[c] == 0 && !options_.checks.contains(check))) continue;
      run_syntax_check(check, m.msgid, options_.sentence_end_type, problems);
      if (m.msgid_plural) run_syntax_check(check, *m.msgid_plural, options_.sentence_end_type, problems);
    }
    for (std::string& p : problems)
      result_.syntax_errors.push_back(extract_warning{check_files_[state.file], state.line, 0, std::move(p)});
  }
}

extract_result collector::finish() {
  std::vector<std::size_t> order;
  if (options_.sort_output || options_.sort_by_file) {
    for (auto& [domain, pot] : result_.templates) sort_messages(pot.messages, options_);
    result_.first_seen.clear();  // the order is the sorted one now
  }
  sort_messages(result_.all.messages, options_, &order);
  run_syntax_checks(order);
  check_states_.clear();
  for (auto& [domain, pot] : result_.templates) pot.file_name = domain + ".pot";
  result_.all.file_name = options_.default_domain + ".pot";
  return std::move(result_);
}

}  // namespace erli18n::extract_detail

namespace erli18n {

using extract_detail::sort_messages;

namespace {

// Merges messages into a template by (msgctxt, msgid): a new key is appended, a known one
// gets the references, extracted comments and flags it lacks (and a plural), each merge
// linear in what it adds.
class template_merger {
 public:
  explicit template_merger(po_file& out) : out_(out) {
    for (std::size_t i = 0; i < out_.messages.size(); ++i) {
      index_.emplace(key_of(out_.messages[i]), i);
      indexed_.push_back(false);
    }
  }

  void take(const po_message& m) {
    auto [it, inserted] = index_.emplace(key_of(m), out_.messages.size());
    if (inserted) {
      out_.messages.push_back(m);
      indexed_.push_back(false);
      return;
    }
    po_message& into = out_.messages[it->second];
    if (!into.msgid_plural && m.msgid_plural) {
      into.msgid_plural = m.msgid_plural;
      into.msgstr.resize(2);
    }
    // Sets, so that merging stays linear however many references a message has.
    const std::string id = std::to_string(it->second) + '\0';
    auto seen = [&](const std::string& what) { return !seen_.insert(id + what).second; };
    if (into.references.size() + into.extracted_comments.size() > 0 && !indexed_[it->second]) {
      indexed_[it->second] = true;
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
  }

 private:
  static std::string key_of(const po_message& m) {
    std::string key;
    if (m.msgctxt) {
      key += '\1';
      key += *m.msgctxt;
    }
    key += '\0';
    key += m.msgid;
    return key;
  }

  po_file& out_;
  std::unordered_map<std::string, std::size_t> index_;
  std::unordered_set<std::string> seen_;
  std::vector<bool> indexed_;
};

}  // namespace

po_file merge_templates(const extract_result& extracted, const extract_options& options) {
  if (!extracted.all.messages.empty() || extracted.templates.empty()) {
    po_file out = extracted.all;
    out.file_name = options.default_domain + ".pot";
    return out;
  }
  // A result built by hand, without `all`: merge the domains.
  po_file out;
  out.file_name = options.default_domain + ".pot";
  template_merger merger(out);
  if (!extracted.first_seen.empty()) {
    for (const auto& [domain, i] : extracted.first_seen) {
      auto it = extracted.templates.find(domain);
      if (it != extracted.templates.end() && i < it->second.messages.size())
        merger.take(it->second.messages[i]);
    }
  } else {
    for (const auto& [domain, pot] : extracted.templates)
      for (const po_message& m : pot.messages) merger.take(m);
  }
  sort_messages(out.messages, options);
  return out;
}

po_file join_existing(po_file existing, const po_file& extracted, const extract_options& options) {
  std::erase_if(existing.messages, [](const po_message& m) { return m.is_header(); });
  template_merger merger(existing);
  for (const po_message& m : extracted.messages) merger.take(m);
  sort_messages(existing.messages, options);
  existing.file_name = extracted.file_name;
  return existing;
}

}  // namespace erli18n
