// merge_catalogs: msgmerge's update of a catalog from a template. The rules below were found by
// running msgmerge 0.21 on small crafted pairs (tests/data/merge holds them); each one names
// what it reproduces.
#include "erli18n/tools/merge.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "catalog_layout.h"
#include "charset.h"
#include "merge_c_format.h"
#include "merge_fuzzy.h"
#include "merge_header.h"

namespace erli18n {
namespace {

using detail::fuzzy_index;

bool untranslated(const po_message& m) { return m.msgstr.empty() || m.msgstr[0].empty(); }

// (context, msgid) as one lookup key; the leading byte tells "no context" from an empty one.
std::string key_of(const std::optional<std::string>& msgctxt, const std::string& msgid) {
  std::string key = msgctxt ? "\2" + *msgctxt + "\4" : "\1";
  return key + msgid;
}

// A catalog that declared `no-c-format` for a message the template now calls `c-format` was
// translated without the format in mind: msgmerge asks for a review (the entry goes fuzzy).
bool format_now_required(const po_message& def, const po_message& ref) {
  for (const std::string& flag : ref.flags) {
    if (flag.size() <= 7 || flag.compare(flag.size() - 7, 7, "-format") != 0 || flag.rfind("no-", 0) == 0)
      continue;
    for (const std::string& old : def.flags)
      if (old == "no-" + flag) return true;
  }
  return false;
}

// The `range: MIN..MAX` flag of a message (flag_range), or nothing when it has none.
std::optional<std::pair<unsigned long, unsigned long>> range_of(const po_message& m) {
  for (const std::string& flag : m.flags)
    if (flag.starts_with("range:")) return detail::flag_range(flag);
  return std::nullopt;
}

// A translation made for a numeric range may not suit another one: msgmerge asks for a review
// when the catalog entry had a range and the template's differs or has none (a range that only
// the template has asks nothing).
bool range_changed(const po_message& def, const po_message& ref) {
  const auto old_range = range_of(def);
  return old_range && old_range != range_of(ref);
}

// A translation carried to a message that became c-format must take the msgid's arguments, or
// it needs review; one the catalog already called c-format is not checked again (msgmerge 0.21
// leaves that to msgfmt). Plural forms are checked against msgid_plural and may omit arguments.
bool c_format_fits(const po_message& m, const po_message& def) {
  if (std::find(m.flags.begin(), m.flags.end(), "c-format") == m.flags.end()) return true;
  if (std::find(def.flags.begin(), def.flags.end(), "c-format") != def.flags.end()) return true;
  if (!m.is_plural()) return detail::c_format_translation_fits(m.msgid, m.msgstr[0], false);
  for (const std::string& form : m.msgstr)
    if (!detail::c_format_translation_fits(*m.msgid_plural, form, true)) return false;
  return true;
}

// The catalog entry `def` carried to the template's message `ref`.
po_message merge_entry(const po_message& def, const po_message& ref, bool fuzzy_match, std::size_t nplurals,
                       const merge_options& options) {
  po_message m;
  m.translator_comments = def.translator_comments;  // the translator's, kept
  m.extracted_comments = ref.extracted_comments;    // the sources', refreshed
  m.references = ref.references;
  m.flags = ref.flags;  // format, range and wrap flags describe the msgid: the template's
  m.msgctxt = ref.msgctxt;
  m.msgid = ref.msgid;
  m.msgid_plural = ref.msgid_plural;
  m.line = ref.line;
  m.column = ref.column;

  // A change between singular and plural keeps the translation for review: a singular one is
  // copied into every form, a plural one gives its first form.
  bool shape_changed = false;
  if (ref.is_plural() && !def.is_plural()) {
    m.msgstr.assign(nplurals, def.msgstr.empty() ? std::string() : def.msgstr[0]);
    shape_changed = true;
  } else if (!ref.is_plural() && def.is_plural()) {
    m.msgstr.assign(1, def.msgstr.empty() ? std::string() : def.msgstr[0]);
    shape_changed = true;
  } else {
    m.msgstr = def.msgstr;
    shape_changed = ref.msgid_plural != def.msgid_plural;
  }

  // An untranslated entry is never fuzzy: there is nothing to review.
  m.fuzzy = !untranslated(m) && (def.fuzzy || fuzzy_match || shape_changed || format_now_required(def, ref) ||
                                 range_changed(def, ref) || !c_format_fits(m, def));
  if (m.fuzzy && options.keep_previous) {
    // The translation was made for the entry's previous msgid when it was already fuzzy,
    // else for the entry's own msgid.
    if (def.fuzzy) {
      m.previous_msgctxt = def.previous_msgctxt;
      m.previous_msgid = def.previous_msgid;
      m.previous_msgid_plural = def.previous_msgid_plural;
    } else {
      m.previous_msgctxt = def.msgctxt;
      m.previous_msgid = def.msgid;
      m.previous_msgid_plural = def.msgid_plural;
    }
  }
  return m;
}

// The template's message with no translation to carry: msgmerge copies it whole, a translation
// the template itself has (all of its parts) included; only an untranslated one gets as many
// empty forms as the catalog's plural forms, and no fuzzy mark or previous msgid.
po_message new_entry(const po_message& ref, std::size_t nplurals) {
  po_message m = ref;
  m.obsolete = false;
  if (std::ranges::any_of(ref.msgstr, [](const std::string& form) { return !form.empty(); })) return m;
  m.fuzzy = false;
  m.previous_msgctxt.reset();
  m.previous_msgid.reset();
  m.previous_msgid_plural.reset();
  m.msgstr.assign(ref.is_plural() ? nplurals : 1, std::string());
  return m;
}

// An unused translated entry, kept as `#~`: the translator's parts stay, the sources' go.
po_message obsolete_entry(const po_message& def) {
  po_message m = def;
  m.obsolete = true;
  m.extracted_comments.clear();
  m.references.clear();
  return m;
}

// `--for-msgfmt`: only what msgfmt compiles. Fuzzy and untranslated messages go; what is left
// loses the translator's comments, references and previous msgids, keeping its extracted
// comments and flags (msgmerge 0.21 writes those). The header stays, fuzzy or not.
void strip_for_msgfmt(po_file& catalog) {
  std::erase_if(catalog.messages,
                [](const po_message& m) { return !m.is_header() && (m.fuzzy || untranslated(m)); });
  for (po_message& m : catalog.messages) {
    m.translator_comments.clear();
    m.references.clear();
    m.previous_msgctxt.reset();
    m.previous_msgid.reset();
    m.previous_msgid_plural.reset();
  }
}

// Context order of msgmerge's sorts: no context first, then the contexts as bytes.
// msgmerge converts to UTF-8 only for a template whose header says `charset=UTF-8` (any case;
// not "utf8"). `po_file::charset` is no witness: it reads "UTF-8" for a template without a
// header or a charset, and such a template leaves the catalog's charset and its spelling alone.
bool is_utf8(std::string_view charset) {
  if (charset.size() != 5) return false;
  for (std::size_t i = 0; i < 5; ++i) {
    char c = charset[i] >= 'a' && charset[i] <= 'z' ? static_cast<char>(charset[i] - 'a' + 'A') : charset[i];
    if (c != "UTF-8"[i]) return false;
  }
  return true;
}

// The catalog's header (or the compendium's that stands in for it), merged as msgmerge 0.21
// merges it: as a message carried to the template's header (an empty one when the template has
// none), so the translator's comments and the fuzzy mark stay, the extracted comments,
// references and flags are the template's, never a previous msgid; and its text rewritten:
// standard fields in standard order, POT-Creation-Date and Report-Msgid-Bugs-To from the
// template when it has them.
po_message merged_header(const po_message& source, const po_file& ref, bool to_utf8, std::size_t nplurals,
                         const merge_options& options) {
  const po_message* ref_header = ref.header();
  po_message header =
      merge_entry(source, ref_header != nullptr ? *ref_header : po_message{}, false, nplurals, options);
  header.previous_msgctxt.reset();
  header.previous_msgid.reset();
  header.previous_msgid_plural.reset();
  if (header.msgstr.empty()) return header;
  std::optional<std::string> date;
  std::optional<std::string> bugs;
  if (ref_header != nullptr && !ref_header->msgstr.empty()) {
    date = detail::header_value(ref_header->msgstr[0], "POT-Creation-Date");
    bugs = detail::header_value(ref_header->msgstr[0], "Report-Msgid-Bugs-To");
  }
  std::vector<detail::header_override> overrides;
  if (date) overrides.push_back({"POT-Creation-Date", *date});
  if (bugs) overrides.push_back({"Report-Msgid-Bugs-To", *bugs});
  // --lang: the value as a header line holds it, after the colon's blank.
  const std::string lang = " " + options.lang.value_or("");
  if (options.lang) overrides.push_back({"Language", lang});
  header.msgstr[0] = detail::rebuilt_header(header.msgstr[0], overrides);
  // A UTF-8 template makes the result UTF-8, the charset's name spelled canonically.
  if (to_utf8) header.msgstr[0] = detail::header_with_charset(header.msgstr[0], "UTF-8");
  return header;
}

}  // namespace

double merge_similarity(std::string_view a, std::string_view b) {
  if (a.empty() && b.empty()) return 1.0;
  return static_cast<double>(2 * detail::lcs_length(a, b)) / static_cast<double>(a.size() + b.size());
}

std::optional<std::size_t> plural_forms_count(std::string_view plural_forms) {
  std::size_t at = plural_forms.find("nplurals");
  if (at == std::string_view::npos) return std::nullopt;
  at += 8;
  while (at < plural_forms.size() && (plural_forms[at] == ' ' || plural_forms[at] == '\t')) ++at;
  if (at >= plural_forms.size() || plural_forms[at] != '=') return std::nullopt;
  ++at;
  while (at < plural_forms.size() && (plural_forms[at] == ' ' || plural_forms[at] == '\t')) ++at;
  std::size_t n = 0;
  std::size_t digits = 0;
  for (; at < plural_forms.size() && plural_forms[at] >= '0' && plural_forms[at] <= '9' && digits < 6;
       ++at, ++digits)
    n = n * 10 + static_cast<std::size_t>(plural_forms[at] - '0');
  if (digits == 0 || n == 0) return std::nullopt;
  return n;
}

merge_result merge_catalogs(const po_file& def, const po_file& ref, const merge_options& options) {
  merge_result out;
  out.catalog.file_name = def.file_name;
  // A catalog merged with a UTF-8 template is written in UTF-8 (msgmerge converts it).
  const po_message* ref_header = ref.header();
  const bool to_utf8 = ref_header != nullptr && !ref_header->msgstr.empty() &&
                       is_utf8(charset::header_charset(ref_header->msgstr[0]));
  out.catalog.charset = to_utf8 ? std::string("UTF-8") : def.charset;

  std::size_t nplurals = 2;  // msgmerge's default when the catalog does not say
  if (auto forms = def.header_field("Plural-Forms"))
    if (auto n = plural_forms_count(*forms)) nplurals = *n;

  // Where a translation is looked for: the catalog, then each compendium (msgmerge's -C) in
  // order. Exact lookup over every entry, obsolete ones included (a message that returns revives
  // its old translation); the first of duplicate entries wins, and the earliest source that
  // translates the message.
  struct source {
    const po_file* catalog;
    std::unordered_map<std::string, std::size_t> by_key;
    std::optional<fuzzy_index> index;  // built on the first miss: most merges never need it
  };
  std::vector<source> sources(1 + options.compendia.size());
  for (std::size_t s = 0; s < sources.size(); ++s) {
    const po_file& catalog = s == 0 ? def : *options.compendia[s - 1];
    sources[s].catalog = &catalog;
    sources[s].by_key.reserve(catalog.messages.size());
    for (std::size_t i = 0; i < catalog.messages.size(); ++i)
      if (!catalog.messages[i].is_header())
        sources[s].by_key.emplace(key_of(catalog.messages[i].msgctxt, catalog.messages[i].msgid), i);
  }

  // A catalog without a header takes the first compendium's that has one (msgmerge 0.21),
  // in UTF-8 as the rest of the output when the compendium was in another charset. A
  // translation carried to a plural message then gets as many forms as that header says; a
  // new untranslated one still as many as the catalog's.
  const po_message* header = def.header();
  bool header_to_utf8 = to_utf8;
  std::size_t carried_nplurals = nplurals;
  for (const po_file* compendium : options.compendia) {
    if (header != nullptr) break;
    header = compendium->header();
    header_to_utf8 = to_utf8 || !charset::is_utf8(compendium->charset);
    if (auto forms = compendium->header_field("Plural-Forms"))
      if (auto n = plural_forms_count(*forms)) carried_nplurals = *n;
  }
  if (header != nullptr)
    out.catalog.messages.push_back(merged_header(*header, ref, header_to_utf8, carried_nplurals, options));

  std::vector<bool> used(def.messages.size(), false);
  std::vector<po_message> obsolete_from_template;
  for (const po_message& r : ref.messages) {
    // The template's header is not a message. Its obsolete entries are merged too: one with
    // a translation stays obsolete, one without becomes a live untranslated message (msgmerge
    // 0.21 does both).
    if (!r.msgctxt && r.msgid.empty()) continue;
    merge_decision decision;
    decision.msgctxt = r.msgctxt;
    decision.msgid = r.msgid;
    std::optional<std::size_t> from;
    std::size_t from_source = 0;
    const std::string key = key_of(r.msgctxt, r.msgid);
    // The first source translating it (fuzzy or not), else the first one holding it at all.
    for (std::size_t s = 0; s < sources.size(); ++s) {
      auto found = sources[s].by_key.find(key);
      if (found == sources[s].by_key.end()) continue;
      if (!from) {
        from = found->second;
        from_source = s;
        decision.kind = merge_decision_kind::kept;
      }
      if (!untranslated(sources[s].catalog->messages[found->second])) {
        from = found->second;
        from_source = s;
        break;
      }
    }
    if (!from && options.fuzzy_matching) {
      // The best proposal of each source; a later source wins only with a greater weight.
      double best_weight = 0;
      for (std::size_t s = 0; s < sources.size(); ++s) {
        if (!sources[s].index) sources[s].index.emplace(sources[s].catalog->messages);
        double weight = 0;
        const std::optional<std::size_t> match = sources[s].index->best_match(r.msgctxt, r.msgid, &weight);
        if (match && (!from || weight > best_weight)) {
          from = match;
          from_source = s;
          best_weight = weight;
        }
      }
      if (from) {
        const po_message& source_entry = sources[from_source].catalog->messages[*from];
        decision.kind = merge_decision_kind::fuzzy;
        decision.source_msgctxt = source_entry.msgctxt;
        decision.source_msgid = source_entry.msgid;
      }
    }
    if (from && from_source > 0) decision.compendium = from_source - 1;
    const po_message* source_entry = from ? &sources[from_source].catalog->messages[*from] : nullptr;
    // Only the catalog's own entries are used up: a compendium's never become obsolete entries.
    if (from && from_source == 0) used[*from] = true;
    if (from && r.obsolete) {
      // A message the template itself keeps as obsolete: msgmerge carries the translation
      // (and the template's comments) into an obsolete entry, written with the others after
      // the live messages, and drops it when there is no translation to keep.
      po_message m = merge_entry(*source_entry, r, decision.kind == merge_decision_kind::fuzzy,
                                 carried_nplurals, options);
      if (untranslated(m)) {
        decision.kind = merge_decision_kind::dropped;
      } else {
        decision.kind = merge_decision_kind::obsolete;
        m.obsolete = true;
        obsolete_from_template.push_back(std::move(m));
      }
    } else if (from) {
      out.catalog.messages.push_back(merge_entry(
          *source_entry, r, decision.kind == merge_decision_kind::fuzzy, carried_nplurals, options));
    } else {
      decision.kind = merge_decision_kind::added;
      out.catalog.messages.push_back(new_entry(r, nplurals));
    }
    out.decisions.push_back(std::move(decision));
  }

  for (po_message& m : obsolete_from_template) out.catalog.messages.push_back(std::move(m));
  // What the template no longer has: translations are kept as obsolete entries, in catalog
  // order, after the messages; untranslated entries have nothing worth keeping.
  for (std::size_t i = 0; i < def.messages.size(); ++i) {
    const po_message& d = def.messages[i];
    if (used[i] || d.is_header()) continue;
    merge_decision decision;
    decision.msgctxt = d.msgctxt;
    decision.msgid = d.msgid;
    if (untranslated(d) || options.for_msgfmt) {
      decision.kind = merge_decision_kind::dropped;
    } else {
      decision.kind = merge_decision_kind::obsolete;
      out.catalog.messages.push_back(obsolete_entry(d));
    }
    out.decisions.push_back(std::move(decision));
  }
  if (options.for_msgfmt) strip_for_msgfmt(out.catalog);
  if (options.sort_output || options.sort_by_file) detail::sort_catalog(out.catalog, options.sort_by_file);
  detail::keep_locations(out.catalog, options.add_location);
  return out;
}

po_file with_pot_creation_date_of(const po_file& merged, const po_file& def) {
  po_file out = merged;
  const po_message* old_header = def.header();
  if (old_header == nullptr || old_header->msgstr.empty()) return out;
  const std::optional<std::string> old_date =
      detail::header_value(old_header->msgstr[0], "POT-Creation-Date");
  for (po_message& m : out.messages) {
    if (!m.is_header() || m.msgstr.empty()) continue;
    if (old_date && detail::header_value(m.msgstr[0], "POT-Creation-Date"))
      // The value as the header has it (its leading blank included), as merged_header puts it.
      m.msgstr[0] = detail::rebuilt_header(m.msgstr[0], {{"POT-Creation-Date", *old_date}});
    break;
  }
  return out;
}

po_file init_catalog(const po_file& pot, std::string_view locale, std::string_view plural_forms) {
  po_file out;
  out.file_name = pot.file_name;
  out.charset = "UTF-8";
  const std::size_t nplurals = plural_forms_count(plural_forms).value_or(2);
  po_message header;
  if (const po_message* h = pot.header()) header = *h;
  if (header.msgstr.empty()) header.msgstr.emplace_back();
  std::string text = header.msgstr[0];
  text = detail::header_with_field(text, "Language", locale, "MIME-Version");
  text = detail::header_with_field(text, "Plural-Forms", plural_forms, "");
  if (auto type = detail::header_value(text, "Content-Type");
      !type || type->find("charset=") == std::string::npos ||
      type->find("charset=CHARSET") != std::string::npos)
    text = detail::header_with_field(text, "Content-Type", "text/plain; charset=UTF-8",
                                     "Content-Transfer-Encoding");
  header.msgstr.assign(1, text);
  header.fuzzy = false;  // the template's "fill me in" mark: the header is now filled in
  out.messages.push_back(std::move(header));
  for (const po_message& m : pot.messages) {
    if (m.is_header() || m.obsolete) continue;
    po_message fresh = m;
    fresh.msgstr.assign(m.is_plural() ? nplurals : 1, std::string());
    out.messages.push_back(std::move(fresh));
  }
  return out;
}

}  // namespace erli18n
