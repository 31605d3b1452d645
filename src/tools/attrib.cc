// msgattrib's selection and changes (erli18n/tools/attrib.h), as found by running GNU
// msgattrib 0.21 over tests/data/attrib's catalogs with each option and their combinations.
#include "erli18n/tools/attrib.h"

#include <set>
#include <string>
#include <utility>

#include "catalog_layout.h"

namespace erli18n {
namespace {

using message_key = std::pair<std::optional<std::string>, std::string>;

std::set<message_key> keys_of(const po_file& po) {
  std::set<message_key> keys;
  for (const po_message& m : po.messages) keys.emplace(m.msgctxt, m.msgid);
  return keys;
}

bool is_translated(const po_message& m) { return !m.msgstr.empty() && !m.msgstr.front().empty(); }

// Every selection holds for `m`; the header is never removed.
bool selected(const po_message& m, const attrib_options& o) {
  if (m.is_header()) return true;
  const bool translated = is_translated(m);
  if (o.translated && !translated) return false;
  if (o.untranslated && translated) return false;
  if (o.no_fuzzy && m.fuzzy) return false;
  if (o.only_fuzzy && !m.fuzzy) return false;
  if (o.no_obsolete && m.obsolete) return false;
  if (o.only_obsolete && !m.obsolete) return false;
  return true;
}

void change(po_message& m, const attrib_options& o) {
  if (o.set_fuzzy) {
    if (o.keep_previous && !m.fuzzy && is_translated(m) && !m.is_header()) {
      m.previous_msgctxt = m.msgctxt;
      m.previous_msgid = m.msgid;
      m.previous_msgid_plural = m.msgid_plural;
    }
    m.fuzzy = true;
  }
  if (o.clear_fuzzy && m.fuzzy) {
    m.fuzzy = false;
    // An obsolete entry keeps its translation: msgattrib empties only live messages.
    if (o.empty && !m.obsolete)
      for (std::string& form : m.msgstr) form.clear();
  }
  if (o.set_obsolete && !m.is_header()) m.obsolete = true;
  if (o.clear_obsolete) m.obsolete = false;
  if (o.clear_previous) {
    m.previous_msgctxt.reset();
    m.previous_msgid.reset();
    m.previous_msgid_plural.reset();
  }
}

}  // namespace

po_file attrib_catalog(const po_file& po, const attrib_options& options) {
  po_file out;
  out.file_name = po.file_name;
  out.charset = po.charset;
  std::set<message_key> only;
  std::set<message_key> ignored;
  if (options.only_file) only = keys_of(*options.only_file);
  if (options.ignore_file) ignored = keys_of(*options.ignore_file);
  for (const po_message& m : po.messages) {
    if (!selected(m, options)) continue;
    po_message& kept = out.messages.emplace_back(m);
    const message_key key{m.msgctxt, m.msgid};
    if (options.only_file && !only.contains(key)) continue;
    if (options.ignore_file && ignored.contains(key)) continue;
    change(kept, options);
  }
  if (options.sort_output || options.sort_by_file) detail::sort_catalog(out, options.sort_by_file);
  detail::keep_locations(out, options.add_location);
  return out;
}

}  // namespace erli18n
