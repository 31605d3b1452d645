// Fuzzes what `erli18n check` compares: `diff_templates` (both modes) and its account,
// `same_template_text` and `missing_messages`, on two PO texts separated by a NUL byte (the
// committed template, then the fresh one). No input may crash, hang or read out of bounds, and
// the comparison must be consistent: a template equals itself (unless it repeats a key, which
// counts as a difference), swapping the two swaps added and removed and keeps the rest, ignoring
// line numbers never finds more, and the account has one line per difference.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "erli18n/po.h"
#include "erli18n/tools/template_diff.h"

namespace {

using erli18n::template_change_kind;

bool has_duplicates(const erli18n::po_file& po) {
  std::set<std::pair<std::optional<std::string>, std::string>> seen;
  for (const erli18n::po_message& m : po.messages)
    if (!m.obsolete && !m.is_header() && !seen.emplace(m.msgctxt, m.msgid).second) return true;
  return false;
}

// The account of `d`: "NAME: up to date\n" when empty, else a summary line and one line per
// change, per header change and for the order.
void check_account(const erli18n::template_diff& d) {
  const std::string text = erli18n::format_template_diff(d, "t.pot");
  if (d.empty()) {
    if (text != "t.pot: up to date\n") std::abort();
    return;
  }
  if (text.compare(0, 7, "t.pot: ") != 0 || text.back() != '\n') std::abort();
  const std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  if (lines != 1 + d.changes.size() + d.header_changes.size() + (d.order_changed ? 1 : 0)) std::abort();
}

void check_swap(const erli18n::template_diff& d, const erli18n::template_diff& r) {
  if (d.count(template_change_kind::added) != r.count(template_change_kind::removed) ||
      d.count(template_change_kind::removed) != r.count(template_change_kind::added) ||
      d.count(template_change_kind::changed) != r.count(template_change_kind::changed) ||
      d.header_changes.size() != r.header_changes.size() || d.order_changed != r.order_changed)
    std::abort();
}

void check_missing(const erli18n::po_file& catalog, const erli18n::po_file& templ,
                   const erli18n::template_diff& d) {
  const std::vector<std::size_t> missing = erli18n::missing_messages(catalog, templ);
  for (std::size_t k = 0; k < missing.size(); ++k) {
    if (missing[k] >= templ.messages.size() || (k > 0 && missing[k] <= missing[k - 1])) std::abort();
    const erli18n::po_message& m = templ.messages[missing[k]];
    if (m.obsolete || m.is_header()) std::abort();
  }
  // Each missing message is one the diff adds; the diff also adds a template's repeats.
  const std::size_t added = d.count(template_change_kind::added);
  if (missing.size() > added || (!has_duplicates(templ) && missing.size() != added)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t split = std::min(text.find('\0'), text.size());
  const std::string_view committed_text = text.substr(0, split);
  const std::string_view fresh_text = text.substr(split == text.size() ? split : split + 1);

  if (!erli18n::same_template_text(committed_text, committed_text)) std::abort();
  if (erli18n::same_template_text(committed_text, fresh_text) !=
      erli18n::same_template_text(fresh_text, committed_text))
    std::abort();

  erli18n::po_read_options limits;
  limits.max_bytes = 1 << 16;
  limits.max_entries = 2000;
  const erli18n::result<erli18n::po_file> committed =
      erli18n::read_po(committed_text, "committed.pot", limits);
  const erli18n::result<erli18n::po_file> fresh = erli18n::read_po(fresh_text, "fresh.pot", limits);
  if (!committed || !fresh) return 0;

  erli18n::template_diff_options names_only;
  names_only.names_only = true;
  for (const erli18n::po_file* po : {&*committed, &*fresh}) {
    const erli18n::template_diff self = erli18n::diff_templates(*po, *po);
    if (self.empty() == has_duplicates(*po)) std::abort();
    if (!self.header_changes.empty() || self.order_changed || self.count(template_change_kind::changed) != 0)
      std::abort();
    if (!erli18n::missing_messages(*po, *po).empty()) std::abort();
  }

  const erli18n::template_diff d = erli18n::diff_templates(*committed, *fresh);
  const erli18n::template_diff r = erli18n::diff_templates(*fresh, *committed);
  const erli18n::template_diff dn = erli18n::diff_templates(*committed, *fresh, names_only);
  const erli18n::template_diff rn = erli18n::diff_templates(*fresh, *committed, names_only);
  check_swap(d, r);
  check_swap(dn, rn);
  // Ignoring line numbers and order changes what counts as changed, never what is there.
  if (dn.order_changed || dn.count(template_change_kind::added) != d.count(template_change_kind::added) ||
      dn.count(template_change_kind::removed) != d.count(template_change_kind::removed) ||
      dn.count(template_change_kind::changed) > d.count(template_change_kind::changed) ||
      dn.header_changes != d.header_changes)
    std::abort();
  for (const erli18n::template_diff* x : {&d, &r, &dn, &rn}) {
    check_account(*x);
    for (const erli18n::template_change& c : x->changes)
      if ((c.kind == template_change_kind::changed) == c.details.empty()) std::abort();
  }
  check_missing(*committed, *fresh, d);
  check_missing(*fresh, *committed, r);
  return 0;
}
