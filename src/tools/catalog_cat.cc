// msgcat's and msguniq's concatenation (include/erli18n/tools/cat.h). What it does was found by
// running GNU msgcat and msguniq 0.21 on crafted inputs (tests/data/cat, tests/parity/msgcat_gnu.sh).
#include "erli18n/tools/cat.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "catalog_layout.h"
#include "charset.h"
#include "merge_header.h"

namespace erli18n {
namespace {

char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

bool iequal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (upper(a[i]) != upper(b[i])) return false;
  return true;
}

bool is_ascii(std::string_view s) {
  return std::ranges::all_of(s, [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// The portable name `name` spells (any case, ISO_8859-N for ISO-8859-N), as msgcat writes it, or
// empty for a name that is not portable.
std::string_view canonical_charset(const std::string& name) {
  // Found by trying names on msgcat 0.21: "latin1", "utf8", "CHARSET" and "ISO-8859-10" are
  // refused; case does not matter, and ISO_8859-N spellings are accepted.
  static constexpr std::array<std::string_view, 46> names = {
      "UTF-8",       "ASCII",       "ANSI_X3.4-1968", "US-ASCII",   "ISO-8859-1", "ISO-8859-2", "ISO-8859-3",
      "ISO-8859-4",  "ISO-8859-5",  "ISO-8859-6",     "ISO-8859-7", "ISO-8859-8", "ISO-8859-9", "ISO-8859-13",
      "ISO-8859-14", "ISO-8859-15", "KOI8-R",         "KOI8-U",     "KOI8-T",     "CP850",      "CP866",
      "CP874",       "CP932",       "CP949",          "CP950",      "CP1250",     "CP1251",     "CP1252",
      "CP1253",      "CP1254",      "CP1255",         "CP1256",     "CP1257",     "GB2312",     "EUC-JP",
      "EUC-KR",      "EUC-TW",      "BIG5",           "BIG5-HKSCS", "GBK",        "GB18030",    "SHIFT_JIS",
      "JOHAB",       "TIS-620",     "VISCII",         "GEORGIAN-PS"};
  std::string spelled = name;
  if (spelled.size() > 8 && iequal(std::string_view(spelled).substr(0, 9), "ISO_8859-")) spelled[3] = '-';
  for (std::string_view n : names)
    if (iequal(spelled, n)) return n;
  return {};
}

// The charset an input's header names, or empty when it has no header or names none: such an
// input takes whatever the output is, as msgcat lets it.
std::string declared_charset(const po_file& po) {
  const po_message* header = po.header();
  if (header == nullptr || header->msgstr.empty()) return {};
  return std::string(charset::header_charset(header->msgstr[0]));
}

// msgcat counts an instance of a message as translated when it is not fuzzy and its first form
// is not empty; when any instance is, the others (fuzzy, untranslated) do not count.
bool has_translation(const po_message& m) { return !m.msgstr.empty() && !m.msgstr[0].empty(); }
bool is_translated(const po_message& m) { return !m.fuzzy && has_translation(m); }

struct message_key {
  const std::string* msgctxt;  // nullptr: no context
  std::string_view msgid;
  friend bool operator==(const message_key& a, const message_key& b) {
    if ((a.msgctxt == nullptr) != (b.msgctxt == nullptr)) return false;
    if (a.msgctxt != nullptr && *a.msgctxt != *b.msgctxt) return false;
    return a.msgid == b.msgid;
  }
};

struct key_hash {
  std::size_t operator()(const message_key& k) const noexcept {
    const std::size_t h = std::hash<std::string_view>{}(k.msgid);
    return k.msgctxt != nullptr ? h ^ (std::hash<std::string_view>{}(*k.msgctxt) * 31 + 1) : h;
  }
};

constexpr std::uint32_t none = UINT32_MAX;

// Each instance of a message: where it is, and the next instance of the same message.
struct instance {
  std::uint32_t input;
  std::uint32_t index;
  std::uint32_t next = none;
};

struct entry {
  std::uint32_t first;
  std::uint32_t last;
};

// The flags of several instances as msgcat combines them: a format is `X-format` when one
// instance says so, else `no-X-format` when one says that (the `possible-` and `impossible-`
// guesses are dropped); `no-wrap` wins over `wrap`; a range spans all ranges when every instance
// has one; any other flag is kept once.
std::vector<std::string> combined_flags(const std::vector<const po_message*>& parts) {
  std::vector<std::string> yes, no, other;
  bool no_wrap = false;
  bool wrap = false;
  bool all_ranged = true;
  unsigned long lo = ULONG_MAX, hi = 0;
  auto add_once = [](std::vector<std::string>& to, std::string_view flag) {
    if (std::ranges::find(to, flag) == to.end()) to.emplace_back(flag);
  };
  for (const po_message* m : parts) {
    bool ranged = false;
    for (const std::string& flag : m->flags) {
      std::string_view f = flag;
      if (f == "wrap") {
        wrap = true;
      } else if (f == "no-wrap") {
        no_wrap = true;
      } else if (auto range = detail::flag_range(f)) {
        ranged = true;
        lo = std::min(lo, range->first);
        hi = std::max(hi, range->second);
      } else if (f.ends_with("-format") && (f.starts_with("possible-") || f.starts_with("impossible-"))) {
        continue;
      } else if (f.ends_with("-format") && f.starts_with("no-")) {
        add_once(no, f.substr(3));
      } else if (f.ends_with("-format")) {
        add_once(yes, f);
      } else {
        add_once(other, f);
      }
    }
    all_ranged = all_ranged && ranged;
  }
  std::vector<std::string> flags = yes;
  for (const std::string& language : no)
    if (std::ranges::find(yes, language) == yes.end()) flags.push_back("no-" + language);
  if (all_ranged && !parts.empty())
    flags.push_back("range: " + std::to_string(lo) + ".." + std::to_string(hi));
  if (no_wrap) {
    flags.emplace_back("no-wrap");
  } else if (wrap) {
    flags.emplace_back("wrap");
  }
  for (std::string& f : other) flags.push_back(std::move(f));
  return flags;
}

// Comments of several instances: the first's when all are equal, else each instance's that has
// some, under the line naming its input.
std::vector<std::string> combined_comments(const std::vector<const po_message*>& parts,
                                           const std::vector<const std::string*>& labels,
                                           std::vector<std::string> po_message::*field) {
  const std::vector<std::string>& first = parts.front()->*field;
  const bool all_equal = std::ranges::all_of(parts, [&](const po_message* m) { return m->*field == first; });
  if (all_equal) return first;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::vector<std::string>& comments = parts[i]->*field;
    if (comments.empty()) continue;
    out.push_back(" " + *labels[i]);
    out.insert(out.end(), comments.begin(), comments.end());
  }
  return out;
}

po_message combined(const std::vector<const po_message*>& parts,
                    const std::vector<const std::string*>& labels) {
  const po_message& first = *parts.front();
  po_message m;
  m.msgctxt = first.msgctxt;
  m.msgid = first.msgid;
  m.line = first.line;
  m.column = first.column;
  m.msgid_plural = first.msgid_plural;
  m.translator_comments = combined_comments(parts, labels, &po_message::translator_comments);
  m.extracted_comments = combined_comments(parts, labels, &po_message::extracted_comments);
  for (const po_message* p : parts)
    for (const po_reference& r : p->references)
      if (std::ranges::find(m.references, r) == m.references.end()) m.references.push_back(r);
  m.flags = combined_flags(parts);
  m.obsolete = std::ranges::all_of(parts, [](const po_message* p) { return p->obsolete; });
  m.fuzzy = std::ranges::any_of(parts, [](const po_message* p) { return p->fuzzy; });
  const bool same =
      std::ranges::all_of(parts, [&](const po_message* p) { return p->msgstr == first.msgstr; });
  if (same) {
    m.msgstr = first.msgstr;
    return m;
  }
  // Each form holds every instance's, each under the line naming its input.
  std::size_t forms = 1;
  if (first.msgid_plural)
    for (const po_message* p : parts) forms = std::max(forms, p->msgstr.size());
  m.msgstr.assign(forms, std::string());
  for (std::size_t form = 0; form < forms; ++form) {
    std::string& out = m.msgstr[form];
    std::size_t last = 0;  // the last instance with this form
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (form < parts[i]->msgstr.size()) last = i;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      // An instance without this form (fewer plural forms) adds nothing, not even its line.
      if (form >= parts[i]->msgstr.size()) continue;
      out += *labels[i];
      out += '\n';
      const std::string& text = parts[i]->msgstr[form];
      out += text;
      if (i < last && !text.empty() && text.back() != '\n') out += '\n';
    }
  }
  m.fuzzy = true;
  return m;
}

// --lang: the first Language line takes the value; without one, a line goes before the first of
// the fields that follow Language in a header's usual order, else at the end (as msgcat 0.21).
std::string with_language(std::string_view header, std::string_view lang) {
  const std::string line = "Language: " + std::string(lang) + "\n";
  static constexpr std::array<std::string_view, 4> later = {
      "MIME-Version:", "Content-Type:", "Content-Transfer-Encoding:", "Plural-Forms:"};
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos < header.size();) {
    std::size_t end = header.find('\n', pos);
    end = end == std::string_view::npos ? header.size() : end + 1;
    lines.push_back(header.substr(pos, end - pos));
    pos = end;
  }
  std::string out;
  auto replace = std::ranges::find_if(lines, [](std::string_view l) { return l.starts_with("Language:"); });
  auto before = lines.end();
  if (replace == lines.end())
    before = std::ranges::find_if(lines, [](std::string_view l) {
      return std::ranges::any_of(later, [l](std::string_view f) { return l.starts_with(f); });
    });
  for (auto it = lines.begin(); it != lines.end(); ++it) {
    if (it == replace) {
      out += line;
      continue;
    }
    if (it == before) out += line;
    out += *it;
  }
  if (replace == lines.end() && before == lines.end()) {
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += line;
  }
  return out;
}

result<void> check_no_duplicates(const po_file& po) {
  std::unordered_map<message_key, std::uint32_t, key_hash> seen;
  seen.reserve(po.messages.size());
  for (const po_message& m : po.messages)
    if (!seen.emplace(message_key{m.msgctxt ? &*m.msgctxt : nullptr, m.msgid}, 0).second)
      return error{errc::syntax, "duplicate message definition", po.file_name, m.line, m.column};
  return {};
}

// msgcat refuses an input whose header names a charset that is not portable (a template may
// leave it unfilled), and a --to-code that is not.
result<void> check_charsets(const std::vector<cat_input>& inputs, const cat_options& options) {
  for (const cat_input& in : inputs) {
    const std::string named = declared_charset(in.catalog);
    if (named.empty() || (named == "CHARSET" && std::string_view(in.catalog.file_name).ends_with(".pot")))
      continue;
    if (!is_portable_charset(named))
      return error{errc::charset, "present charset \"" + named + "\" is not a portable encoding name",
                   in.catalog.file_name, 0, 0};
  }
  if (!options.to_code.empty() && !is_portable_charset(options.to_code))
    return error{errc::charset,
                 "target charset \"" + options.to_code + "\" is not a portable encoding name",
                 {},
                 0,
                 0};
  return {};
}

// The output charset: --to-code, else the common one of the inputs the output takes messages
// from (an input whose messages are all left out has no say), else UTF-8.
std::string output_charset(const std::vector<cat_input>& inputs, const std::vector<bool>& used,
                           const cat_options& options, std::vector<std::string>& warnings) {
  if (!options.to_code.empty()) return std::string(canonical_charset(options.to_code));
  std::string common;
  std::string other;
  bool unfilled = false;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (!used[i]) continue;
    const std::string named = declared_charset(inputs[i].catalog);
    unfilled = unfilled || named == "CHARSET";
    if (named.empty() || named == "CHARSET") continue;
    if (common.empty()) {
      common = named;
    } else if (!iequal(common, named) && other.empty()) {
      other = named;
    }
  }
  // Templates alone keep their unfilled charset.
  if (other.empty())
    return !common.empty() ? common : unfilled ? std::string("CHARSET") : std::string("UTF-8");
  if (charset::is_utf8(common) || charset::is_utf8(other)) {
    warnings.emplace_back(
        "warning: Input files contain messages in different encodings, UTF-8 among others.");
  } else {
    warnings.push_back("warning: Input files contain messages in different encodings, " + common + " and " +
                       other + " among others.");
  }
  return "UTF-8";
}

// Puts each input in the output charset: its header names it, and a msgid it would change is an
// error (msgcat refuses to convert msgids and contexts that are not ASCII).
// A --to-code rewrites every header that spells the charset otherwise; without it, a header
// that names the output charset in another case is left alone.
result<void> convert_input(cat_input& in, const std::string& target, bool to_code) {
  const std::string named = declared_charset(in.catalog);
  in.catalog.charset = target;
  if (named.empty() || named == target) return {};
  if (iequal(named, target)) {
    if (to_code)
      for (po_message& m : in.catalog.messages)
        if (m.is_header() && !m.msgstr.empty())
          m.msgstr[0] = detail::header_with_charset(m.msgstr[0], target);
    return {};
  }
  for (po_message& m : in.catalog.messages) {
    if (m.is_header()) {
      if (!m.msgstr.empty()) m.msgstr[0] = detail::header_with_charset(m.msgstr[0], target);
      continue;
    }
    if (named != "CHARSET" && (!is_ascii(m.msgid) || (m.msgctxt && !is_ascii(*m.msgctxt))))
      return error{errc::charset,
                   "conversion from " + named + " to " + target + " would change the msgids or msgctxts",
                   in.catalog.file_name, m.line, m.column};
  }
  return {};
}

}  // namespace

bool is_portable_charset(const std::string& name) { return !canonical_charset(name).empty(); }

result<cat_result> cat_catalogs(std::vector<cat_input> inputs, const cat_options& options) {
  cat_result out;
  if (result<void> checked = check_charsets(inputs, options); !checked) return checked.error();
  if (!options.merge_duplicates)
    for (const cat_input& in : inputs)
      if (result<void> unique = check_no_duplicates(in.catalog); !unique) return unique.error();

  // Every message's instances, messages in first-seen order.
  std::size_t total = 0;
  for (const cat_input& in : inputs) total += in.catalog.messages.size();
  std::vector<instance> instances;
  instances.reserve(total);
  std::vector<entry> entries;
  entries.reserve(total);
  {
    std::unordered_map<message_key, std::uint32_t, key_hash> index;
    index.reserve(total);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      const std::vector<po_message>& messages = inputs[i].catalog.messages;
      for (std::size_t j = 0; j < messages.size(); ++j) {
        const po_message& m = messages[j];
        const auto id = static_cast<std::uint32_t>(instances.size());
        instances.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j)});
        auto [it, fresh] = index.emplace(message_key{m.msgctxt ? &*m.msgctxt : nullptr, m.msgid},
                                         static_cast<std::uint32_t>(entries.size()));
        if (fresh) {
          entries.push_back({id, id});
        } else {
          entry& e = entries[it->second];
          instances[e.last].next = id;
          e.last = id;
        }
      }
    }
  }
  auto message_of = [&inputs, &instances](std::uint32_t id) -> po_message& {
    return inputs[instances[id].input].catalog.messages[instances[id].index];
  };

  // The instances each kept message is made of (`chosen`, from `starts[k]` to `starts[k + 1]`).
  std::vector<std::uint32_t> chosen;
  chosen.reserve(total);
  std::vector<std::size_t> starts;
  starts.reserve(entries.size() + 1);
  std::vector<bool> used(inputs.size(), false);
  std::vector<std::uint32_t> firsts;  // the first instance of each kept message
  firsts.reserve(entries.size());
  for (const entry& e : entries) {
    const std::size_t start = chosen.size();
    const bool header = message_of(e.first).is_header();
    const bool plural = message_of(e.first).is_plural();
    for (std::uint32_t id = instances[e.first].next; id != none; id = instances[id].next)
      if (message_of(id).is_plural() != plural) {
        out.problems.push_back("msgid '" + message_of(id).msgid +
                               "' is used without plural and with plural.");
        break;
      }
    // The header is combined from every input; a message from the inputs that translate it, if any.
    bool any_translated = false;
    if (!header)
      for (std::uint32_t id = e.first; id != none && !any_translated; id = instances[id].next)
        any_translated = is_translated(message_of(id));
    for (std::uint32_t id = e.first; id != none; id = instances[id].next)
      if (!any_translated || is_translated(message_of(id))) chosen.push_back(id);
    const std::size_t n = chosen.size() - start;
    if (!header && (n <= options.more_than || n >= options.less_than)) {
      chosen.resize(start);
      continue;
    }
    if (options.use_first) chosen.resize(start + 1);
    for (std::size_t k = start; k < chosen.size(); ++k) used[instances[chosen[k]].input] = true;
    starts.push_back(start);
    firsts.push_back(e.first);
  }
  starts.push_back(chosen.size());

  const std::string target = output_charset(inputs, used, options, out.warnings);
  for (std::size_t i = 0; i < inputs.size(); ++i)
    if (used[i])
      if (result<void> converted = convert_input(inputs[i], target, !options.to_code.empty()); !converted)
        return converted.error();
  // The line naming each input in combined comments and translations.
  std::vector<std::string> labels;
  labels.reserve(inputs.size());
  for (const cat_input& in : inputs) {
    std::string label = "#-#-#-#-#  " + in.name;
    if (std::optional<std::string> project = in.catalog.header_field("Project-Id-Version"))
      label += " (" + *project + ")";
    labels.push_back(label + "  #-#-#-#-#");
  }

  po_file& catalog = out.catalog;
  catalog.file_name = inputs.empty() ? std::string() : inputs.front().catalog.file_name;
  catalog.charset = target;
  catalog.messages.reserve(starts.size() - 1);
  std::vector<const po_message*> parts;
  std::vector<const std::string*> part_labels;
  for (std::size_t k = 0; k + 1 < starts.size(); ++k) {
    // The first instance seen says whether the message is plural, even when it does not count.
    if (firsts[k] != chosen[starts[k]])
      message_of(chosen[starts[k]]).msgid_plural = message_of(firsts[k]).msgid_plural;
    if (starts[k + 1] - starts[k] == 1) {
      catalog.messages.push_back(std::move(message_of(chosen[starts[k]])));
      continue;
    }
    parts.clear();
    part_labels.clear();
    for (std::size_t c = starts[k]; c < starts[k + 1]; ++c) {
      parts.push_back(&message_of(chosen[c]));
      part_labels.push_back(&labels[instances[chosen[c]].input]);
    }
    catalog.messages.push_back(combined(parts, part_labels));
  }
  // --lang first: a header it fills keeps its fuzzy mark.
  if (options.lang)
    for (po_message& m : catalog.messages)
      if (m.is_header() && !m.msgstr.empty()) m.msgstr[0] = with_language(m.msgstr[0], *options.lang);
  // msgcat drops an obsolete message without a translation (its first form empty) and the fuzzy
  // mark of any other such message, the header's too: checked after counting and combining.
  std::erase_if(catalog.messages, [](const po_message& m) { return m.obsolete && !has_translation(m); });
  for (po_message& m : catalog.messages)
    if (!has_translation(m)) m.fuzzy = false;
  // The obsolete messages last, as msgcat writes them (the header stays where it was first seen:
  // after the messages of inputs without one).
  std::ranges::stable_partition(catalog.messages, [](const po_message& m) { return !m.obsolete; });
  if (options.sort_output || options.sort_by_file) detail::sort_catalog(catalog, options.sort_by_file);
  detail::keep_locations(catalog, options.add_location);
  return out;
}

}  // namespace erli18n
