// `erli18n report --format html`: one self-contained page, domains down, locales across.
//
// Each cell shows the percentage complete, a bar, and "translated/total" (plus the fuzzy count
// when there are fuzzy messages); its tooltip has every count. The last column and the last
// row are the totals. Clicking a column header sorts the domains by that column (again: the
// other way); `#sort=KEY` or `#sort=-KEY` in the address applies the same clicks on load, so a
// sorted view can be linked to (KEY is a locale, "domain" or "(all)").
//
// Nothing is fetched: styles and script are inline and a Content-Security-Policy forbids any
// other source. On a narrow screen the table scrolls sideways with the domain column pinned.
// Every name from the file system is escaped. The page carries no date, so the same catalogs
// give the same bytes.
#include <cstddef>
#include <string>
#include <string_view>

#include "report_model.h"

namespace erli18n::cli {
namespace {

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string percent_text(std::size_t permille) {
  return std::to_string(permille / 10) + "." + std::to_string(permille % 10);
}

std::string counts_title(const message_counts& c) {
  std::string t = std::to_string(c.translated) + " translated, " + std::to_string(c.fuzzy) + " fuzzy, " +
                  std::to_string(c.untranslated) + " untranslated, " + std::to_string(c.obsolete) +
                  " obsolete";
  if (c.partial_plurals > 0)
    t += " (" + std::to_string(c.partial_plurals) +
         " plural messages partly translated, counted as untranslated)";
  return t;
}

// A cell of counts: percentage, bar coloured from red (0%) to green (100%), and n/total.
std::string counts_cell(const message_counts& c) {
  const std::size_t p = c.permille_complete();
  const std::string pct = percent_text(p);
  std::string cell = "<td data-sort=\"" + pct + "\" title=\"" + counts_title(c) + "\"><span class=\"pct\">" +
                     pct + "%</span><span class=\"bar\"><span style=\"width:" + pct + "%;background:hsl(" +
                     std::to_string(p * 120 / 1000) + " 60% 42%)\"></span></span>" + "<span class=\"n\">" +
                     std::to_string(c.translated) + "/" + std::to_string(c.total());
  if (c.fuzzy > 0) cell += " · " + std::to_string(c.fuzzy) + " fuzzy";
  return cell + "</span></td>";
}

// A total over no catalog: nothing to show a percentage of.
std::string total_cell(const report_total& t) {
  if (!t.counted()) return "<td data-sort=\"-1\" class=\"missing\">no catalog</td>";
  return counts_cell(t.counts);
}

constexpr std::string_view head = R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>Translation report</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 1rem; line-height: 1.4; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: .9rem; }
th, td { padding: .35rem .5rem; border-bottom: 1px solid #8884; text-align: left; vertical-align: top;
         white-space: nowrap; }
th[scope=row] { position: sticky; left: 0; background: Canvas; max-width: 12rem; overflow: hidden;
                text-overflow: ellipsis; }
th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; color: inherit;
            cursor: pointer; }
th[aria-sort=ascending] button::after { content: " \25B2"; }
th[aria-sort=descending] button::after { content: " \25BC"; }
td { min-width: 5.5rem; }
.pct { font-weight: 600; }
.bar { display: block; height: .4rem; background: #8883; border-radius: .2rem; margin: .15rem 0; }
.bar span { display: block; height: 100%; border-radius: .2rem; }
.n { display: block; font-size: .8rem; opacity: .8; }
.missing { color: #888; font-style: italic; }
.error { color: #c00; font-style: italic; }
tfoot th, tfoot td { font-weight: 600; border-top: 2px solid #8888; }
</style>
</head>
<body>
<h1>Translation report</h1>
)";

// Sorts tbody rows by the clicked column's data-sort values (numbers, or text for the domain
// column); ties keep domain order. Written without `//` comments: the page must not contain
// anything that looks like an address.
constexpr std::string_view script = R"(<script>
(function () {
  var table = document.getElementById('report');
  var body = table.tBodies[0];
  var heads = table.tHead.rows[0].cells;
  function value(row, col, text) {
    var v = row.cells[col].getAttribute('data-sort');
    return text ? v : parseFloat(v);
  }
  function compare(x, y) { return x < y ? -1 : x > y ? 1 : 0; }
  function sortBy(col) {
    var th = heads[col];
    var text = th.getAttribute('data-type') === 'text';
    var ascending = th.getAttribute('aria-sort') !== 'ascending';
    for (var i = 0; i < heads.length; i++) heads[i].removeAttribute('aria-sort');
    th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var d = compare(value(a, col, text), value(b, col, text));
      if (!ascending) d = -d;
      return d !== 0 ? d : compare(value(a, 0, true), value(b, 0, true));
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  Array.prototype.forEach.call(heads, function (th, col) {
    th.querySelector('button').addEventListener('click', function () { sortBy(col); });
  });
  var wanted = /^#sort=(-?)(.+)$/.exec(location.hash);
  if (wanted) {
    var key = decodeURIComponent(wanted[2]);
    Array.prototype.forEach.call(heads, function (th) {
      if (th.getAttribute('data-key') !== key) return;
      th.querySelector('button').click();
      if (wanted[1]) th.querySelector('button').click();
    });
  }
})();
</script>
)";

}  // namespace

std::string render_report_html(const report_model& model) {
  std::string out(head);
  const message_counts total = model.total().counts;
  out += "<p class=\"summary\">" + std::to_string(total.translated) + " of " + std::to_string(total.total()) +
         " messages translated (" + percent_text(total.permille_complete()) + "%), " +
         std::to_string(total.fuzzy) + " fuzzy, " + std::to_string(total.obsolete) + " obsolete; " +
         std::to_string(model.domains.size()) + " domains, " + std::to_string(model.locales.size()) +
         " locales.</p>\n";

  out +=
      "<div class=\"scroll\">\n<table id=\"report\">\n<thead><tr>"
      "<th scope=\"col\" data-key=\"domain\" data-type=\"text\"><button type=\"button\">Domain</button></th>";
  for (const std::string& locale : model.locales)
    out += "<th scope=\"col\" data-key=\"" + escape(locale) + "\"><button type=\"button\">" + escape(locale) +
           "</button></th>";
  out +=
      "<th scope=\"col\" data-key=\"(all)\"><button type=\"button\">All "
      "locales</button></th></tr></thead>\n<tbody>\n";

  for (const std::string& domain : model.domains) {
    out += "<tr><th scope=\"row\" data-sort=\"" + escape(domain) + "\">" + escape(domain) + "</th>";
    for (const std::string& locale : model.locales) {
      const report_catalog* c = model.find(domain, locale);
      // Missing and unreadable catalogs sort below every real percentage.
      if (c == nullptr)
        out += "<td data-sort=\"-1\" class=\"missing\">no catalog</td>";
      else if (!c->counts)
        out += "<td data-sort=\"-2\" class=\"error\" title=\"" + escape(c->error) + "\">unreadable</td>";
      else
        out += counts_cell(*c->counts);
    }
    out += total_cell(model.domain_total(domain)) + "</tr>\n";
  }
  out += "</tbody>\n<tfoot><tr><th scope=\"row\">All domains</th>";
  for (const std::string& locale : model.locales) out += total_cell(model.locale_total(locale));
  out += total_cell(model.total()) + "</tr></tfoot>\n</table>\n</div>\n";
  out += script;
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace erli18n::cli
