#include "erli18n/tools/template_diff.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace erli18n {
namespace {

constexpr std::string_view creation_date_field = "POT-Creation-Date";

// (context, msgid) as one string: an absent context and an empty one give different keys.
std::string message_key(const po_message& m) {
  std::string key;
  if (m.msgctxt) {
    key.reserve(m.msgctxt->size() + m.msgid.size() + 2);
    key += '\1';
    key += *m.msgctxt;
    key += '\4';
  } else {
    key.reserve(m.msgid.size() + 1);
    key += '\0';
  }
  key += m.msgid;
  return key;
}

bool is_message(const po_message& m) { return !m.obsolete && !m.is_header(); }

// First occurrence of each key; later duplicates go to `duplicates` (extraction never writes
// two entries with one key, so a duplicate in a template is a difference).
struct message_index {
  std::unordered_map<std::string, std::size_t> first;
  std::vector<std::size_t> duplicates;
};

message_index index_messages(const po_file& po) {
  message_index index;
  index.first.reserve(po.messages.size());
  for (std::size_t i = 0; i < po.messages.size(); ++i) {
    if (!is_message(po.messages[i])) continue;
    if (!index.first.emplace(message_key(po.messages[i]), i).second) index.duplicates.push_back(i);
  }
  return index;
}

// Text as a C string literal, cut after `limit` bytes (on a UTF-8 character boundary).
std::string quote(std::string_view text, std::size_t limit = 60) {
  bool cut = false;
  if (text.size() > limit) {
    std::size_t end = limit;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    text = text.substr(0, end);
    cut = true;
  }
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f') {
          constexpr std::string_view hex = "0123456789abcdef";
          out += "\\x";
          out += hex[static_cast<unsigned char>(c) >> 4];
          out += hex[static_cast<unsigned char>(c) & 0xF];
        } else {
          out += c;
        }
    }
  }
  out += '"';
  if (cut) out += "...";
  return out;
}

std::string reference_text(const po_reference& r) {
  if (!r.line) return r.file;
  return r.file + ':' + std::to_string(*r.line);
}

// References as compared: all of them, or with `names_only` each file once, sorted.
std::vector<po_reference> comparable_references(const std::vector<po_reference>& refs, bool names_only) {
  if (!names_only) return refs;
  std::vector<po_reference> files;
  files.reserve(refs.size());
  for (const po_reference& r : refs) files.push_back(po_reference{r.file, std::nullopt});
  std::sort(files.begin(), files.end(),
            [](const po_reference& a, const po_reference& b) { return a.file < b.file; });
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

constexpr std::size_t shown_references = 3;

// Up to three references, each after `prefix`, then `and N more`.
std::string reference_list(const std::vector<po_reference>& refs, std::string_view prefix = {}) {
  if (refs.empty()) return "(none)";
  std::string out;
  for (std::size_t i = 0; i < refs.size() && i < shown_references; ++i) {
    if (i > 0) out += ' ';
    out += prefix;
    out += reference_text(refs[i]);
  }
  if (refs.size() > shown_references)
    out += " and " + std::to_string(refs.size() - shown_references) + " more";
  return out;
}

// The references of `a` that `b` lacks, in `a`'s order.
std::vector<po_reference> references_missing_from(const std::vector<po_reference>& a,
                                                  const std::vector<po_reference>& b) {
  std::vector<po_reference> out;
  for (const po_reference& r : a)
    if (std::find(b.begin(), b.end(), r) == b.end()) out.push_back(r);
  return out;
}

// Short lists in full (`references A -> B C`); longer ones as what went and what came
// (`references -A +D +E`), since their first items are often the same.
std::string reference_change(const std::vector<po_reference>& old_refs,
                             const std::vector<po_reference>& new_refs) {
  if (old_refs.size() <= shown_references && new_refs.size() <= shown_references)
    return "references " + reference_list(old_refs) + " -> " + reference_list(new_refs);
  std::vector<po_reference> gone = references_missing_from(old_refs, new_refs);
  std::vector<po_reference> came = references_missing_from(new_refs, old_refs);
  if (gone.empty() && came.empty()) return "references in another order";
  std::string out = "references";
  if (!gone.empty()) out += ' ' + reference_list(gone, "-");
  if (!came.empty()) out += ' ' + reference_list(came, "+");
  return out;
}

// The flags as a template shows them: `fuzzy` first, then the others in order.
std::vector<std::string> all_flags(const po_message& m) {
  std::vector<std::string> flags;
  flags.reserve(m.flags.size() + 1);
  if (m.fuzzy) flags.emplace_back("fuzzy");
  flags.insert(flags.end(), m.flags.begin(), m.flags.end());
  return flags;
}

std::string join(const std::vector<std::string>& items, std::string_view separator, std::string_view none) {
  if (items.empty()) return std::string(none);
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += separator;
    out += items[i];
  }
  return out;
}

std::string optional_quote(const std::optional<std::string>& text) { return text ? quote(*text) : "(none)"; }

std::vector<std::string> message_details(const po_message& old_m, const po_message& new_m, bool names_only) {
  std::vector<std::string> details;
  if (old_m.msgid_plural != new_m.msgid_plural)
    details.push_back("msgid_plural " + optional_quote(old_m.msgid_plural) + " -> " +
                      optional_quote(new_m.msgid_plural));
  std::vector<po_reference> old_refs = comparable_references(old_m.references, names_only);
  std::vector<po_reference> new_refs = comparable_references(new_m.references, names_only);
  if (old_refs != new_refs) details.push_back(reference_change(old_refs, new_refs));
  if (old_m.extracted_comments != new_m.extracted_comments) {
    std::vector<std::string> old_c, new_c;
    for (const std::string& c : old_m.extracted_comments) old_c.push_back(quote(c));
    for (const std::string& c : new_m.extracted_comments) new_c.push_back(quote(c));
    details.push_back("extracted comments " + join(old_c, " ", "(none)") + " -> " +
                      join(new_c, " ", "(none)"));
  }
  std::vector<std::string> old_flags = all_flags(old_m);
  std::vector<std::string> new_flags = all_flags(new_m);
  if (old_flags != new_flags)
    details.push_back("flags " + join(old_flags, ", ", "(none)") + " -> " + join(new_flags, ", ", "(none)"));
  return details;
}

template_change make_change(template_change_kind kind, const po_message& m) {
  template_change c;
  c.kind = kind;
  c.msgctxt = m.msgctxt;
  c.msgid = m.msgid;
  c.references = m.references;
  return c;
}

// --- header -----------------------------------------------------------------------------------

struct header_field {
  std::string name;
  std::string value;
};

// The header's fields in order, POT-Creation-Date left out. A line without `:` is a field
// named by the whole line with an empty value.
std::vector<header_field> header_fields(const po_message* header) {
  std::vector<header_field> fields;
  if (header == nullptr || header->msgstr.empty()) return fields;
  std::string_view text = header->msgstr.front();
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (line.empty()) continue;
    std::size_t colon = line.find(':');
    header_field f;
    f.name = std::string(line.substr(0, colon));
    if (colon != std::string_view::npos) {
      std::string_view value = line.substr(colon + 1);
      if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      f.value = std::string(value);
    }
    if (f.name == creation_date_field) continue;
    fields.push_back(std::move(f));
  }
  return fields;
}

// Where each field name occurs, in order, and which occurrence of its name each field is: a
// field written twice is compared occurrence by occurrence (the second `X:` of one template
// with the second of the other), so that a repeat that comes or goes is a change seen from
// either side, and a template equals itself.
struct field_index {
  std::unordered_map<std::string_view, std::vector<std::size_t>> at;
  std::vector<std::size_t> nth;
};

field_index index_fields(const std::vector<header_field>& fields) {
  field_index index;
  index.nth.reserve(fields.size());
  for (std::size_t i = 0; i < fields.size(); ++i) {
    std::vector<std::size_t>& at = index.at[fields[i].name];
    index.nth.push_back(at.size());
    at.push_back(i);
  }
  return index;
}

// The field of `fields` with the name of `f` that is its `nth` occurrence, if any.
const header_field* matching_field(const std::vector<header_field>& fields, const field_index& index,
                                   const header_field& f, std::size_t nth) {
  auto found = index.at.find(f.name);
  if (found == index.at.end() || nth >= found->second.size()) return nullptr;
  return &fields[found->second[nth]];
}

std::vector<std::string> header_differences(const po_file& committed, const po_file& fresh) {
  std::vector<std::string> out;
  const po_message* old_h = committed.header();
  const po_message* new_h = fresh.header();
  if ((old_h == nullptr) != (new_h == nullptr)) {
    out.emplace_back(old_h == nullptr ? "no header entry in the committed template"
                                      : "header entry only in the committed template");
    return out;
  }
  if (old_h == nullptr) return out;
  std::vector<header_field> old_f = header_fields(old_h);
  std::vector<header_field> new_f = header_fields(new_h);
  const field_index old_index = index_fields(old_f);
  const field_index new_index = index_fields(new_f);
  bool fields_differ = false;
  for (std::size_t i = 0; i < old_f.size(); ++i) {
    const header_field& f = old_f[i];
    const header_field* n = matching_field(new_f, new_index, f, old_index.nth[i]);
    if (n == nullptr) {
      out.push_back(f.name + ' ' + quote(f.value) + " -> (none)");
      fields_differ = true;
    } else if (n->value != f.value) {
      out.push_back(f.name + ' ' + quote(f.value) + " -> " + quote(n->value));
      fields_differ = true;
    }
  }
  for (std::size_t i = 0; i < new_f.size(); ++i) {
    if (matching_field(old_f, old_index, new_f[i], new_index.nth[i]) == nullptr) {
      out.push_back(new_f[i].name + " (none) -> " + quote(new_f[i].value));
      fields_differ = true;
    }
  }
  if (!fields_differ && old_f.size() == new_f.size()) {
    for (std::size_t i = 0; i < old_f.size(); ++i) {
      if (old_f[i].name != new_f[i].name) {
        out.emplace_back("fields in a different order");
        break;
      }
    }
  }
  if (old_h->translator_comments != new_h->translator_comments ||
      old_h->extracted_comments != new_h->extracted_comments)
    out.emplace_back("comments differ");
  std::vector<std::string> old_flags = all_flags(*old_h);
  std::vector<std::string> new_flags = all_flags(*new_h);
  if (old_flags != new_flags)
    out.push_back("flags " + join(old_flags, ", ", "(none)") + " -> " + join(new_flags, ", ", "(none)"));
  return out;
}

// Text without its POT-Creation-Date header line (the first line that starts with the quoted
// field name; the header comes first in a template).
std::string_view before_date(std::string_view text, std::string_view& after) {
  constexpr std::string_view marker = "\"POT-Creation-Date:";
  std::size_t at = text.find(marker);
  while (at != std::string_view::npos && at != 0 && text[at - 1] != '\n') at = text.find(marker, at + 1);
  if (at == std::string_view::npos) {
    after = {};
    return text;
  }
  std::size_t end = text.find('\n', at);
  after = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  return text.substr(0, at);
}

}  // namespace

std::size_t template_diff::count(template_change_kind kind) const noexcept {
  return static_cast<std::size_t>(std::count_if(changes.begin(), changes.end(),
                                                [kind](const template_change& c) { return c.kind == kind; }));
}

template_diff diff_templates(const po_file& committed, const po_file& fresh,
                             const template_diff_options& options) {
  template_diff diff;
  message_index old_index = index_messages(committed);
  message_index new_index = index_messages(fresh);

  for (std::size_t i = 0; i < fresh.messages.size(); ++i) {
    const po_message& m = fresh.messages[i];
    if (!is_message(m)) continue;
    auto found = old_index.first.find(message_key(m));
    bool duplicate =
        std::find(new_index.duplicates.begin(), new_index.duplicates.end(), i) != new_index.duplicates.end();
    if (found == old_index.first.end() || duplicate)
      diff.changes.push_back(make_change(template_change_kind::added, m));
  }
  for (std::size_t i = 0; i < committed.messages.size(); ++i) {
    const po_message& m = committed.messages[i];
    if (!is_message(m)) continue;
    bool duplicate =
        std::find(old_index.duplicates.begin(), old_index.duplicates.end(), i) != old_index.duplicates.end();
    if (duplicate || !new_index.first.contains(message_key(m)))
      diff.changes.push_back(make_change(template_change_kind::removed, m));
  }
  // Messages in both: compared field by field, and their order compared.
  std::vector<std::size_t> common_old_order;
  std::vector<std::size_t> common_new_order;
  for (const auto& [key, new_i] : new_index.first) {
    auto found = old_index.first.find(key);
    if (found == old_index.first.end()) continue;
    common_new_order.push_back(new_i);
    common_old_order.push_back(found->second);
  }
  // Fresh order: sort the pairs by the fresh index.
  std::vector<std::size_t> by_new(common_new_order.size());
  for (std::size_t i = 0; i < by_new.size(); ++i) by_new[i] = i;
  std::sort(by_new.begin(), by_new.end(),
            [&](std::size_t a, std::size_t b) { return common_new_order[a] < common_new_order[b]; });
  std::size_t previous_old = 0;
  bool first = true;
  for (std::size_t k : by_new) {
    const po_message& old_m = committed.messages[common_old_order[k]];
    const po_message& new_m = fresh.messages[common_new_order[k]];
    std::vector<std::string> details = message_details(old_m, new_m, options.names_only);
    if (!details.empty()) {
      template_change c = make_change(template_change_kind::changed, new_m);
      c.details = std::move(details);
      diff.changes.push_back(std::move(c));
    }
    if (!first && common_old_order[k] < previous_old) diff.order_changed = true;
    previous_old = common_old_order[k];
    first = false;
  }
  if (options.names_only) diff.order_changed = false;
  diff.header_changes = header_differences(committed, fresh);
  return diff;
}

std::string format_template_diff(const template_diff& diff, std::string_view name) {
  std::string out(name);
  out += ": ";
  if (diff.empty()) {
    out += "up to date\n";
    return out;
  }
  std::vector<std::string> summary;
  constexpr std::pair<template_change_kind, std::string_view> kinds[] = {
      {template_change_kind::added, "added"},
      {template_change_kind::removed, "removed"},
      {template_change_kind::changed, "changed"}};
  for (const auto& [kind, word] : kinds) {
    std::size_t n = diff.count(kind);
    if (n > 0) summary.push_back(std::to_string(n) + ' ' + std::string(word));
  }
  if (!diff.header_changes.empty()) summary.emplace_back("header changed");
  if (diff.order_changed) summary.emplace_back("order changed");
  out += join(summary, ", ", "");
  out += '\n';
  for (const template_change& c : diff.changes) {
    out += "  ";
    out += c.kind == template_change_kind::added ? '+' : c.kind == template_change_kind::removed ? '-' : '~';
    out += ' ';
    out += describe_message(c.msgctxt, c.msgid, c.references);
    if (!c.details.empty()) {
      out += ": ";
      out += join(c.details, "; ", "");
    }
    out += '\n';
  }
  for (const std::string& h : diff.header_changes) out += "  header: " + h + '\n';
  if (diff.order_changed) out += "  messages are in a different order\n";
  return out;
}

std::string describe_message(const std::optional<std::string>& msgctxt, std::string_view msgid,
                             const std::vector<po_reference>& references) {
  std::string out = quote(msgid);
  if (msgctxt) out += " [context " + quote(*msgctxt) + ']';
  if (!references.empty()) {
    out += " (";
    out += reference_text(references.front());
    if (references.size() > 1) out += " and " + std::to_string(references.size() - 1) + " more";
    out += ')';
  }
  return out;
}

bool same_template_text(std::string_view committed, std::string_view fresh) {
  std::string_view committed_rest, fresh_rest;
  std::string_view committed_head = before_date(committed, committed_rest);
  std::string_view fresh_head = before_date(fresh, fresh_rest);
  return committed_head == fresh_head && committed_rest == fresh_rest;
}

std::vector<std::size_t> missing_messages(const po_file& catalog, const po_file& templ) {
  message_index present = index_messages(catalog);
  std::vector<std::size_t> missing;
  for (std::size_t i = 0; i < templ.messages.size(); ++i) {
    const po_message& m = templ.messages[i];
    if (is_message(m) && !present.first.contains(message_key(m))) missing.push_back(i);
  }
  return missing;
}

}  // namespace erli18n
