// Store lookups against glibc on real catalogs. Usage:
//   store_lookup_parity MANIFEST GLIBC_DIR
// MANIFEST has one catalog per line: `locale<TAB>file.mo<TAB>file.po` (the .po being what
// msgunfmt prints for the .mo). For each catalog, one `catalog_store` loads the .mo and
// another the .po under (domain D, locale), and glibc is pointed at the same .mo through
// GLIBC_DIR/locale/LC_MESSAGES/D.mo with LANGUAGE=locale. Every key of the catalog, near
// misses of every key, keys under contexts the catalog lacks, and the header key are then
// asked of glibc (`dcgettext`, `dcngettext`, contexts as `msgctxt "\004" msgid`, which is
// what gettext.h's pgettext expands to) and of both stores (and of a `translator` over
// the .mo store); plural lookups for n = 0..200 and a few large n. Every answer must be
// the same text. Prints each mismatch and one line per catalog; exits 1 on any mismatch.
#include <libintl.h>

#include <cerrno>
#include <climits>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/gettext.h"
#include "erli18n/mo.h"
#include "mo_format.h"

namespace {

// One question asked of glibc and of the stores.
struct query {
  bool has_context = false;
  std::string context;
  std::string msgid;
  bool plural = false;  // asked through the n-gettext forms
  std::string msgid_plural;
  unsigned long n = 0;
  bool system_dependent = false;  // derived from a system-dependent entry (shown in reports)
};

// The plural counts every plural key is asked with: all of 0..200 (every rule on the
// machine distinguishes its forms below 200), then the boundaries of 32- and 64-bit n.
std::vector<unsigned long> plural_counts() {
  std::vector<unsigned long> counts;
  for (unsigned long n = 0; n <= 200; ++n) counts.push_back(n);
  for (unsigned long n : {1000UL, 1001UL, 1000000UL, 4294967295UL, 4294967296UL, ULONG_MAX - 1, ULONG_MAX})
    counts.push_back(n);
  return counts;
}

// Fewer counts for the keys that are not the focus of the plural comparison (singular
// messages asked through ngettext, plural misses under a missing context): one of the main
// classes the rules on the machine tell apart, and the extreme.
const std::vector<unsigned long> few_counts = {0, 1, 2, 3, 5, 11, 21, 102, ULONG_MAX};

// What a program calling gettext.h's pgettext/npgettext (or plain dcgettext/dcngettext
// without a context) gets from glibc. With a context the key is `context \004 msgid`, and
// glibc returns the very key pointer (or msgid_plural) on a miss, which the macros turn
// into msgid or msgid_plural.
std::string ask_glibc(const char* domain, const query& q) {
  std::string key = q.has_context ? q.context + '\004' + q.msgid : q.msgid;
  if (!q.plural) {
    const char* r = dcgettext(domain, key.c_str(), LC_MESSAGES);
    if (q.has_context && r == key.c_str()) return q.msgid;
    return r;
  }
  const char* r = dcngettext(domain, key.c_str(), q.msgid_plural.c_str(), q.n, LC_MESSAGES);
  if (q.has_context && (r == key.c_str() || r == q.msgid_plural.c_str()))
    return q.n == 1 ? q.msgid : q.msgid_plural;
  return r;
}

std::string_view ask_store(const erli18n::catalog_store& store, std::string_view domain,
                           std::string_view locale, const query& q) {
  if (q.plural)
    return q.has_context ? store.dlnpgettext(domain, locale, q.context, q.msgid, q.msgid_plural, q.n)
                         : store.dlngettext(domain, locale, q.msgid, q.msgid_plural, q.n);
  return q.has_context ? store.dlpgettext(domain, locale, q.context, q.msgid)
                       : store.dlgettext(domain, locale, q.msgid);
}

std::string_view ask_translator(const erli18n::translator& t, const query& q) {
  if (q.plural)
    return q.has_context ? t.npgettext(q.context, q.msgid, q.msgid_plural, q.n)
                         : t.ngettext(q.msgid, q.msgid_plural, q.n);
  return q.has_context ? t.pgettext(q.context, q.msgid) : t.gettext(q.msgid);
}

// Control bytes (the plural separator, the context separator, newlines) made visible.
std::string shown(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + '"';
}

// A system-dependent string is shown as `%<PRIu64>` (or `%15<PRIuMAX>`); glibc is asked
// with it expanded for this platform, as a program compiled here would ask. (The `I` flag
// reads `I` here, so its bare display is already the expanded text.) Only the strings of
// system-dependent entries go through this, where a known `<NAME>` is a macro segment.
std::string expand(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '<' && i > 0) {
      std::size_t close = text.find('>', i);
      if (close != std::string_view::npos) {
        if (auto v = erli18n::mo_format::expand_segment(text.substr(i + 1, close - i - 1))) {
          out += *v;
          i = close;
          continue;
        }
      }
    }
    out += text[i];
  }
  return out;
}

struct totals {
  std::size_t catalogs = 0, entries = 0, plural_entries = 0, context_entries = 0, sysdep_entries = 0;
  std::size_t queries = 0, comparisons = 0, glibc_hits = 0, mismatches = 0, load_failures = 0;
};

// Mismatches print in full up to this many per catalog (STORE_PARITY_MAX_PRINTED in the
// environment), then are only counted: one broken rule would otherwise print 200 lines per
// plural key.
std::size_t max_printed = 200;

class catalog_check {
 public:
  // A store that could not load its source (reported by the caller) is left out.
  catalog_check(std::string label, std::string domain, std::string locale,
                const erli18n::catalog_store* mo_store, const erli18n::catalog_store* po_store, totals& t)
      : label_(std::move(label)),
        domain_(std::move(domain)),
        locale_(std::move(locale)),
        mo_store_(mo_store),
        po_store_(po_store),
        translator_(mo_store ? *mo_store : *po_store, domain_, locale_),
        totals_(t) {}

  void ask(const query& q) {
    std::string expected = ask_glibc(domain_.c_str(), q);
    bool miss = expected == (q.plural && q.n != 1 ? q.msgid_plural : q.msgid);
    if (!miss) ++totals_.glibc_hits;
    ++totals_.queries;
    if (mo_store_) compare(q, expected, ask_store(*mo_store_, domain_, locale_, q), ".mo store");
    if (po_store_) compare(q, expected, ask_store(*po_store_, domain_, locale_, q), ".po store");
    compare(q, expected, ask_translator(translator_, q), mo_store_ ? ".mo translator" : ".po translator");
  }

  void ask_plural(query q, const std::vector<unsigned long>& counts) {
    q.plural = true;
    for (unsigned long n : counts) {
      q.n = n;
      ask(q);
    }
  }

  std::size_t mismatches() const { return mismatches_; }

 private:
  void compare(const query& q, const std::string& expected, std::string_view got, const char* source) {
    ++totals_.comparisons;
    if (got == expected) return;
    ++mismatches_;
    ++totals_.mismatches;
    if (mismatches_ > max_printed) return;
    std::ostringstream line;
    line << "MISMATCH " << label_ << " [" << source << "] ";
    if (q.has_context) line << "msgctxt " << shown(q.context) << ' ';
    line << "msgid " << shown(q.msgid);
    if (q.plural) line << " msgid_plural " << shown(q.msgid_plural) << " n=" << q.n;
    if (q.system_dependent) line << " (system-dependent entry)";
    line << ": glibc " << shown(expected) << ", erli18n " << shown(got);
    std::cout << line.str() << '\n';
  }

  std::string label_, domain_, locale_;
  const erli18n::catalog_store* mo_store_;
  const erli18n::catalog_store* po_store_;
  erli18n::translator translator_;
  totals& totals_;
  std::size_t mismatches_ = 0;
};

// A context no catalog on the machine uses, and suffixes no msgid ends with.
constexpr const char* no_context = "erli18n parity: no such context";
constexpr const char* miss_suffix = " (erli18n parity: not a key)";

// Checks one catalog; false on any mismatch or setup failure (reported on stderr).
bool check_catalog(std::size_t index, const std::string& locale, const std::string& mo_path,
                   const std::string& po_path, const std::filesystem::path& glibc_dir, totals& t) {
  std::string label = mo_path + " (" + locale + ")";
  // A fresh domain per catalog: glibc keeps every domain it has opened for the process.
  std::string domain = "erli18n-parity-" + std::to_string(index);

  std::filesystem::path dir = glibc_dir / locale / "LC_MESSAGES";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  std::filesystem::create_symlink(std::filesystem::absolute(mo_path), dir / (domain + ".mo"), ec);
  if (ec) {
    std::cerr << label << ": cannot link it into " << dir << ": " << ec.message() << '\n';
    return false;
  }
  if (!bindtextdomain(domain.c_str(), glibc_dir.c_str()) ||
      !bind_textdomain_codeset(domain.c_str(), "UTF-8") || setenv("LANGUAGE", locale.c_str(), 1) != 0) {
    std::cerr << label << ": cannot bind the domain for glibc: " << std::strerror(errno) << '\n';
    return false;
  }

  erli18n::catalog_store mo_store, po_store;
  auto mo_loaded = mo_store.load(domain, locale, mo_path);
  auto po_loaded = po_store.load(domain, locale, po_path);
  // glibc serves this catalog, so a load that fails is a mismatch in itself; the other
  // source is still compared.
  if (!mo_loaded)
    std::cout << "MISMATCH " << label << ": store cannot load the .mo: " << mo_loaded.error().to_string()
              << '\n';
  if (!po_loaded)
    std::cout << "MISMATCH " << label << ": store cannot load the .po: " << po_loaded.error().to_string()
              << '\n';
  if (!mo_loaded && !po_loaded) return false;
  auto mo = erli18n::mo_catalog::open(mo_path);
  if (!mo) {
    std::cerr << label << ": " << mo.error().to_string() << '\n';
    return false;
  }

  // glibc gives the header for the empty key once it has found the catalog: without it,
  // every comparison below would be against a glibc that sees no catalog at all.
  if (std::strlen(dcgettext(domain.c_str(), "", LC_MESSAGES)) == 0) {
    std::cerr << label << ": glibc does not see the catalog (setlocale C.UTF-8 and LANGUAGE=" << locale
              << ")\n";
    return false;
  }

  catalog_check check(label, domain, locale, mo_loaded ? &mo_store : nullptr, po_loaded ? &po_store : nullptr,
                      t);
  static const std::vector<unsigned long> counts = plural_counts();
  std::size_t entries = 0, plurals = 0, contexts = 0, sysdeps = 0;
  std::string first_plural_msgid;
  for (std::size_t i = 0; i < mo->size(); ++i) {
    auto e = mo->entry(i);
    if (!e) {
      std::cerr << label << ": entry " << i << ": " << e.error().to_string() << '\n';
      return false;
    }
    ++entries;
    query q;
    q.has_context = e->has_context;
    q.context = e->system_dependent ? expand(e->context) : std::string(e->context);
    q.msgid = e->system_dependent ? expand(e->msgid) : std::string(e->msgid);
    q.system_dependent = e->system_dependent;
    if (e->system_dependent) ++sysdeps;
    if (e->has_context) ++contexts;

    check.ask(q);  // the key itself
    if (e->has_plural) {
      ++plurals;
      q.msgid_plural = e->system_dependent ? expand(e->msgid_plural) : std::string(e->msgid_plural);
      if (first_plural_msgid.empty()) first_plural_msgid = q.msgid;
      check.ask_plural(q, counts);
    } else {
      // ngettext on a message translated without plural forms: the rule may pick a form
      // the translation does not have.
      q.msgid_plural = q.msgid + " (plural)";
      check.ask_plural(q, few_counts);
    }

    // Near misses: the key with a suffix, the msgid under a context the catalog lacks, and
    // the msgid without its context (or, for a key without one, under the empty context).
    query miss = q;
    miss.msgid += miss_suffix;
    check.ask(miss);
    query other = q;
    other.has_context = true;
    other.context = no_context;
    check.ask(other);
    if (e->has_plural) check.ask_plural(other, few_counts);
    query swapped = q;
    swapped.has_context = !q.has_context;
    swapped.context.clear();
    check.ask(swapped);
    if (e->has_plural) {
      // The plural msgid is not a key of its own.
      query by_plural = q;
      by_plural.msgid = q.msgid_plural;
      check.ask(by_plural);
    }
  }

  // Misses through ngettext for every n, with and without a context, and the header key.
  query absent;
  absent.msgid = "erli18n parity: no such message";
  absent.msgid_plural = "erli18n parity: no such messages";
  check.ask_plural(absent, counts);
  absent.has_context = true;
  absent.context = no_context;
  check.ask_plural(absent, counts);
  if (!first_plural_msgid.empty()) {
    query wrong_context = absent;
    wrong_context.msgid = first_plural_msgid;
    check.ask_plural(wrong_context, counts);
  }
  query header;
  check.ask(header);
  header.msgid_plural = "erli18n parity: headers";
  check.ask_plural(header, few_counts);
  header.has_context = true;  // `"" \004 ""`: the empty context is still a context
  check.ask(header);

  ++t.catalogs;
  t.entries += entries;
  t.plural_entries += plurals;
  t.context_entries += contexts;
  t.sysdep_entries += sysdeps;
  std::cout << label << ": " << entries << " entries (" << plurals << " plural, " << contexts
            << " with context, " << sysdeps << " system-dependent), " << check.mismatches()
            << " mismatches\n";
  if (check.mismatches() > max_printed)
    std::cout << "  (" << check.mismatches() - max_printed << " more mismatches not printed)\n";
  if (!mo_loaded || !po_loaded) ++t.load_failures;
  return check.mismatches() == 0 && mo_loaded && po_loaded;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: store_lookup_parity MANIFEST GLIBC_DIR\n";
    return 2;
  }
  // LANGUAGE is ignored under the "C" locale; C.UTF-8 honours it and makes glibc convert
  // every translation to UTF-8, the charset the store returns.
  if (!std::setlocale(LC_ALL, "C.UTF-8")) {
    std::cerr << "store_lookup_parity: the C.UTF-8 locale is not available\n";
    return 2;
  }
  if (const char* cap = std::getenv("STORE_PARITY_MAX_PRINTED")) max_printed = std::strtoul(cap, nullptr, 10);
  std::ifstream manifest(argv[1]);
  if (!manifest) {
    std::cerr << "store_lookup_parity: cannot read " << argv[1] << '\n';
    return 2;
  }
  std::filesystem::path glibc_dir = std::filesystem::absolute(argv[2]);
  totals t;
  std::size_t failed = 0, index = 0;
  std::string line;
  while (std::getline(manifest, line)) {
    if (line.empty()) continue;
    std::size_t tab1 = line.find('\t');
    std::size_t tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
    if (tab2 == std::string::npos) {
      std::cerr << argv[1] << ": malformed line: " << line << '\n';
      return 2;
    }
    if (!check_catalog(index++, line.substr(0, tab1), line.substr(tab1 + 1, tab2 - tab1 - 1),
                       line.substr(tab2 + 1), glibc_dir, t))
      ++failed;
  }
  std::cout << "store_lookup_parity: " << t.catalogs << " catalogs checked, " << failed << " failed; "
            << t.entries << " entries (" << t.plural_entries << " plural, " << t.context_entries
            << " with context, " << t.sysdep_entries << " system-dependent); " << t.queries
            << " glibc lookups (" << t.glibc_hits << " hits), " << t.comparisons << " comparisons, "
            << t.mismatches << " mismatches, " << t.load_failures << " catalogs a store could not load\n";
  return failed == 0 && index > 0 ? 0 : 1;
}
