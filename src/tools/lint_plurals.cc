// [plural-forms]: what `msgfmt --check` finds wrong with the header's plural rule and the
// plural entries (established by experiment with msgfmt 0.21), and the plural usage the
// c-format and placeholder checks need. [plural-cldr]: the rule compared with CLDR's.
//
// Like msgfmt, `nplurals=` and `plural=` are looked for anywhere in the header entry, and
// the rule is evaluated for n = 0..1000. Where msgfmt prints a two-part message (the
// header, then an entry) the diagnostic is at the first part's position.
#include <algorithm>
#include <climits>
#include <optional>

#include "erli18n/cldr_plurals.h"
#include "erli18n/plural.h"
#include "lint_context.h"

namespace erli18n::lint_detail {
namespace {

// msgfmt's threshold for "this form is used for infinitely many n": 5 of 0..1000.
constexpr unsigned often_threshold = 5;
constexpr unsigned long last_n_tried = 1000;

bool nplurals_is_a_number(std::string_view header) {
  std::size_t at = header.find("nplurals=");
  if (at == std::string_view::npos) return false;
  at += 9;
  while (at < header.size() && std::string_view(" \t\n\r\v\f").find(header[at]) != std::string_view::npos)
    ++at;
  return at < header.size() && header[at] >= '0' && header[at] <= '9';
}

}  // namespace

// Long (about 85 lines) on purpose: msgfmt's Plural-Forms checks in the order it reports them
// (the fields present, nplurals, the expression, the entries' form counts against nplurals),
// all reading the entries with the fewest and most forms found first.
void check_plurals(context& c) {
  // The plural entries msgfmt counts, and those with the fewest and most forms.
  const po_message* first = nullptr;
  const po_message* fewest = nullptr;
  const po_message* most = nullptr;
  for (const po_message& m : c.po.messages) {
    if (!m.is_plural() || m.is_header() || !c.checked(m)) continue;
    if (!first) first = fewest = most = &m;
    if (m.msgstr.size() < fewest->msgstr.size()) fewest = &m;
    if (m.msgstr.size() > most->msgstr.size()) most = &m;
  }
  const po_message* header = c.po.header();
  if (header == nullptr || header->msgstr.empty()) return;  // check_header reported it
  const std::string_view text = header->msgstr[0];
  const bool has_plural = text.find("plural=") != std::string_view::npos;
  const bool has_nplurals = text.find("nplurals=") != std::string_view::npos;
  const std::string at_header = c.msgfmt_at(c.msgfmt_line(*header));
  if (!has_plural || !has_nplurals) {
    // msgfmt names the entry once, then each missing attribute (plural= first): an error each.
    const std::string entry = first ? c.msgfmt_at(c.msgfmt_line(*first)) : std::string();
    const std::string lacks = at_header + "...but header entry lacks a ";
    if (first)
      c.report(c.msgstr_position(*first, 0), lint_severity::error, "plural-forms",
               std::string("this entry has plural forms, but the header has no ") +
                   (has_nplurals ? "plural=EXPRESSION" : "nplurals=COUNT") + " (a Plural-Forms field)",
               entry + "message catalog has plural form translations...\n" + lacks +
                   (has_plural ? "\"nplurals=INTEGER\"" : "\"plural=EXPRESSION\"") + " attribute\n",
               1, first);
    // msgfmt names the entry again before the second attribute unless it printed a rule
    // for the catalog's language in between (not without a Language or Language-Team).
    const bool no_hint = !c.po.header_field("Language") && !c.po.header_field("Language-Team");
    if (first && !has_plural && !has_nplurals)
      c.report(c.msgstr_position(*first, 0), lint_severity::error, "plural-forms",
               "this entry has plural forms, but the header has no plural=EXPRESSION either",
               (no_hint ? entry + "message catalog has plural form translations...\n" : std::string()) +
                   lacks + "\"nplurals=INTEGER\" attribute\n");
    return;
  }

  const auto at = c.field_position("Plural-Forms");
  bool failed = false;
  if (!nplurals_is_a_number(text)) {
    c.report(at, lint_severity::error, "plural-forms", "nplurals= is not followed by a number",
             at_header + "invalid nplurals value\n");
    failed = true;
  }
  plural_limits limits;
  limits.max_bytes = std::max(limits.max_bytes, text.size());
  result<plural_rule> rule = plural_rule::parse(text, limits);
  if (!rule) {
    // glibc reads a rule over our limits, so the store refuses the catalog rather than use
    // n != 1 (plural_rule::parse_for_catalog); a rule neither can read gets glibc's default.
    if (failed) return;
    // A divisor that is zero for every n is a compile error here; msgfmt finds it evaluating.
    const bool by_zero = rule.error().message.find("by zero") != std::string::npos;
    const std::string msgfmt_text = at_header + (by_zero ? "plural expression can produce division by zero\n"
                                                         : "invalid plural expression\n");
    if (rule.error().code == errc::limit_exceeded)
      c.report(
          at, lint_severity::error, "plural-forms",
          "Plural-Forms is over erli18n's limits (" + rule.error().message + "); the catalog will not load");
    else
      c.report(at, lint_severity::error, "plural-forms",
               "Plural-Forms does not compile (" + rule.error().message + "); glibc would use n != 1",
               msgfmt_text);
    return;
  }
  if (failed) return;

  const unsigned long nplurals = rule->nplurals();
  std::vector<unsigned> uses(nplurals, 0);
  // msgfmt evaluates n = 0, 1, ... and stops at the first n that divides by zero or gives a
  // negative value or one >= nplurals, which it names (not the largest one).
  for (unsigned long n = 0; n <= last_n_tried; ++n) {
    const std::optional<unsigned long> value = rule->evaluate_checked(n);
    if (!value) {
      c.report(at, lint_severity::error, "plural-forms",
               "the plural expression divides by zero for n = " + std::to_string(n),
               at_header + "plural expression can produce division by zero\n");
      return;
    }
    const unsigned long form = *value;
    if (form > static_cast<unsigned long>(LONG_MAX)) {
      c.report(at, lint_severity::error, "plural-forms",
               "the plural expression is negative for n = " + std::to_string(n),
               at_header + "plural expression can produce negative values\n");
      return;
    }
    if (form >= nplurals) {
      c.report(at, lint_severity::error, "plural-forms",
               "nplurals is " + std::to_string(nplurals) + ", but the plural expression yields " +
                   std::to_string(form) + " for n = " + std::to_string(n),
               at_header + "nplurals = " + std::to_string(nplurals) +
                   " but plural expression can produce values as large as " + std::to_string(form) + "\n");
      return;
    }
    ++uses[form];
  }
  if (fewest && fewest->msgstr.size() < nplurals) {
    const auto entry = c.msgstr_position(*fewest, 0);
    c.report(at, lint_severity::error, "plural-forms",
             "nplurals is " + std::to_string(nplurals) + ", but the entry at line " +
                 std::to_string(entry.first) + " has " + std::to_string(fewest->msgstr.size()) +
                 " plural form" + (fewest->msgstr.size() == 1 ? "" : "s"),
             at_header + "nplurals = " + std::to_string(nplurals) + "...\n" + c.msgfmt_at(entry.first) +
                 "...but some messages have only " + std::to_string(fewest->msgstr.size()) + " plural form" +
                 (fewest->msgstr.size() == 1 ? "" : "s") + "\n",
             1, fewest);  // msgfmt 0.21 prints nothing more for that entry (unlike too many)
    return;
  }
  if (most && most->msgstr.size() > nplurals) {
    const auto entry = c.msgstr_position(*most, 0);
    c.report(at, lint_severity::error, "plural-forms",
             "nplurals is " + std::to_string(nplurals) + ", but the entry at line " +
                 std::to_string(entry.first) + " has " + std::to_string(most->msgstr.size()) +
                 " plural forms",
             at_header + "nplurals = " + std::to_string(nplurals) + "...\n" + c.msgfmt_at(entry.first) +
                 "...but some messages have " + std::to_string(most->msgstr.size()) + " plural forms\n");
    return;
  }
  c.plurals.often.resize(nplurals);
  for (unsigned long form = 0; form < nplurals; ++form) c.plurals.often[form] = uses[form] >= often_threshold;
}

void check_plural_cldr(context& c) {
  std::optional<std::string> forms = c.po.header_field("Plural-Forms");
  if (!forms) return;
  result<plural_rule> rule = plural_rule::parse(*forms);
  if (!rule) return;  // check_plurals reported it
  const std::optional<cldr_divergence> d = compare_with_cldr(*rule, c.locale);
  if (!d) return;
  const plural_comparison& p = d->comparison;
  std::string message = "Plural-Forms differs from CLDR " + std::string(cldr_version()) + "'s rule for '" +
                        std::string(d->cldr->locale) + "', '" + std::string(d->cldr->plural_forms) +
                        "' (forms " + std::string(d->cldr->categories) + "): ";
  if (p.forms_differ)
    message += "for n = " + std::to_string(p.n) + " the catalog uses form " + std::to_string(p.form_a) +
               ", CLDR form " + std::to_string(p.form_b);
  else
    message +=
        "the catalog has " + std::to_string(p.nplurals_a) + " forms, CLDR " + std::to_string(p.nplurals_b);
  message += "; the catalog's rule is the one used";
  c.report(c.field_position("Plural-Forms"), lint_severity::warning, "plural-cldr", std::move(message));
}

}  // namespace erli18n::lint_detail
