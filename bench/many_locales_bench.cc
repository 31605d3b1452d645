// Many locales, one server (issue 25's goal 5): 100 locales x 5 domains x 5,000 messages in one
// process, erli18n beside glibc (uselocale per request), Boost.Locale and a hash-map floor on
// the same catalogs, in one run.
//
// At start-up the bench generates the catalogs (each domain's msgids are English phrases of a
// few dozen bytes; every 10th message is a plural, every 8th other one has a msgctxt; each
// locale's translations are its own, with its language's Plural-Forms) and writes them as .mo
// (erli18n::compile_mo) into a temporary tree LOCALE/LC_MESSAGES/DOMAIN.mo. The locales are
// named like real ones (fr_FR, de_DE, ..., ja_SE): glibc finds a catalog under the name of the
// thread's LC_MESSAGES locale, so each name must be a locale glibc can open; one locale is
// compiled with localedef into a temporary LOCPATH and the 100 names are symbolic links to it.
// Then, timed once each (steady_clock) with the growth of the process's RSS (VmRSS, RssAnon,
// RssFile), in this order:
//   erli18n      every catalog loaded into the default store, `load(domain, locale, path)`;
//                then `build_indexes()`, which completes every lookup index
//   glibc        bindtextdomain for the 5 domains, newlocale(LC_MESSAGES_MASK) for each locale,
//                then one dcgettext per (locale, domain) under uselocale: glibc opens a catalog
//                on its first lookup, so that is its load
//   boost        boost::locale::generator with the tree as messages path and the 5 domains,
//                one std::locale generated per locale (it reads every catalog then)
//   floor        absl::flat_hash_map<std::string, std::string> per (locale, domain)
// Lookups: a request picks a locale (uniform, fixed seed), a domain and a message of it and
// looks the message up (ngettext for a plural, pgettext for a msgctxt); each iteration walks
// 65,536 such requests, and ns/lookup is CPU time per request:
//   floor                        the (locale, domain)'s map, found with an absl::string_view
//   erli18n_translator           a translator(store, domain, locale) made per request
//   erli18n_translator_prebound  one translator per (locale, domain) made beforehand
//   erli18n_dlgettext            catalog_store::dlgettext(domain, locale, ...) and its family
//   erli18n_free                 erli18n::setlocale(locale) per request (the thread's locale),
//                                then erli18n::dgettext(domain, ...) and its family
//   glibc                        uselocale(the locale's locale_t, made once) + dcgettext
//   glibc_newlocale              newlocale + uselocale + dcgettext + freelocale per request
//   boost                        boost::locale::dgettext(domain, id, std::locale), std::string
//   boost_facet                  the locale's message_format facet, get(domain id, ...)
// Every implementation's answers are checked against the others' before timing.
//
// Environment: ERLI18N_BENCH_LOCALES (default 100, at most 400), ERLI18N_BENCH_DOMAINS (5),
// ERLI18N_BENCH_MESSAGES (5000), for smaller runs. The tree is removed at exit.
#include <absl/container/flat_hash_map.h>
#include <absl/strings/string_view.h>
#include <benchmark/benchmark.h>
#include <libintl.h>
#include <locale.h>
#include <unistd.h>

#include <algorithm>
#include <boost/locale.hpp>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/gettext.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "generated_catalogs.h"
#include "proc_memory.h"

namespace {

namespace fs = std::filesystem;
using clock_type = std::chrono::steady_clock;

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "many_locales_bench: error: " << message << '\n';
  std::exit(2);
}

std::size_t env_size(const char* name, std::size_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::strtoull(v, nullptr, 10) : fallback;
}

// ---------------------------------------------------------------------------------------
// The generated catalogs.

struct message {
  bool has_context = false;
  std::string context, msgid, msgid_plural;  // msgid_plural empty for a singular message
  std::string glibc_key;                     // "context\004msgid", or msgid
};

// A language: its code, a territory to name a locale with, and its plural rule.
struct language {
  const char* code;
  const char* territory;
  int nplurals;
  const char* plural;
};

constexpr language languages[] = {
    {"fr", "FR", 2, "(n > 1)"},
    {"de", "DE", 2, "(n != 1)"},
    {"es", "ES", 2, "(n != 1)"},
    {"it", "IT", 2, "(n != 1)"},
    {"pt", "BR", 2, "(n > 1)"},
    {"nl", "NL", 2, "(n != 1)"},
    {"sv", "SE", 2, "(n != 1)"},
    {"pl", "PL", 3, "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"},
    {"ru", "RU", 3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"},
    {"ja", "JP", 1, "0"},
    {"cs", "CZ", 3, "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"},
    {"da", "DK", 2, "(n != 1)"},
    {"fi", "FI", 2, "(n != 1)"},
    {"hu", "HU", 2, "(n != 1)"},
    {"tr", "TR", 1, "0"},
    {"uk", "UA", 3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"},
    {"ko", "KR", 1, "0"},
    {"el", "GR", 2, "(n != 1)"},
    {"ro", "RO", 3, "(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2)"},
    {"bg", "BG", 2, "(n != 1)"},
};
constexpr std::size_t language_count = std::size(languages);

// Locale i: language i % 20 with territory (i % 20 + i / 20) % 20, so the first 20 are the
// usual pairs (fr_FR, de_DE, ...) and every name up to 400 is distinct.
const language& language_of(std::size_t i) { return languages[i % language_count]; }
std::string locale_name(std::size_t i) {
  return std::string(language_of(i).code) + "_" +
         languages[(i % language_count + i / language_count) % language_count].territory;
}

constexpr const char* words[] = {
    "file",     "folder",  "account", "message", "server",  "settings", "network", "password", "window",
    "document", "printer", "device",  "backup",  "update",  "profile",  "session", "project",  "report",
    "selected", "current", "default", "remote",  "local",   "hidden",   "shared",  "recent",   "invalid",
    "could",    "not",     "open",    "save",    "delete",  "the",      "for",     "with",     "while",
    "reading",  "writing", "changes", "before",  "after",   "connect",  "to",      "from",     "into",
    "please",   "try",     "again",   "later",   "unknown", "error",    "options", "new",      "name"};
constexpr const char* contexts[] = {"menu", "button", "dialog title", "tooltip", "status bar"};

// Domain d's message j: a phrase of 4 to 9 words from a generator seeded with (d, j), made
// unique by its number.
message make_message(std::size_t d, std::size_t j) {
  std::mt19937 rng(static_cast<std::uint32_t>(d * 1'000'003 + j));
  auto phrase = [&rng](std::size_t min_words, std::size_t max_words) {
    const std::size_t n = min_words + rng() % (max_words - min_words + 1);
    std::string s;
    for (std::size_t w = 0; w < n; ++w) {
      if (w != 0) s += ' ';
      s += words[rng() % std::size(words)];
    }
    s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
  };
  message m;
  const std::string number = std::to_string(j);
  if (j % 10 == 9) {
    const std::string p = phrase(3, 6);
    m.msgid = p + " (one item, #" + number + ")";
    m.msgid_plural = p + " (%d items, #" + number + ")";
  } else if (j % 8 == 5) {
    m.has_context = true;
    m.context = contexts[j % std::size(contexts)];
    m.msgid = phrase(1, 3) + " " + number;
  } else {
    m.msgid = phrase(4, 9) + " #" + number;
  }
  m.glibc_key = m.has_context ? m.context + '\004' + m.msgid : m.msgid;
  return m;
}

// The translation of `m` in locale `l`, plural form `form` (-1 for a singular message).
std::string translation(const std::string& locale, const message& m, int form) {
  std::string t = locale + " « " + m.msgid + " »";
  if (form >= 0) t += " [" + std::to_string(form) + "]";
  return t;
}

std::string catalog_mo(std::size_t locale_index, const std::string& locale,
                       const std::vector<message>& messages) {
  const language& lang = language_of(locale_index);
  erli18n::po_file po;
  po.file_name = locale + ".po";
  erli18n::po_message header;
  header.msgstr.push_back(
      "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\nLanguage: " + locale +
      "\nPlural-Forms: nplurals=" + std::to_string(lang.nplurals) + "; plural=" + lang.plural + ";\n");
  po.messages.push_back(std::move(header));
  for (const message& m : messages) {
    erli18n::po_message p;
    if (m.has_context) p.msgctxt = m.context;
    p.msgid = m.msgid;
    if (!m.msgid_plural.empty()) {
      p.msgid_plural = m.msgid_plural;
      for (int f = 0; f < lang.nplurals; ++f) p.msgstr.push_back(translation(locale, m, f));
    } else {
      p.msgstr.push_back(translation(locale, m, -1));
    }
    po.messages.push_back(std::move(p));
  }
  erli18n::result<std::string> bytes = erli18n::compile_mo(po);
  if (!bytes) fail(bytes.error().to_string());
  return std::move(*bytes);
}

// ---------------------------------------------------------------------------------------
// Everything the cases read, built in main() and alive until exit.

struct request {
  std::uint32_t locale, domain;
  const message* m;
  unsigned long n;  // the count, for a plural message
};

struct setup {
  fs::path tree;
  std::size_t locales = 0, domains = 0, messages = 0;
  std::vector<std::string> locale_names, glibc_names, domain_names;
  std::vector<std::vector<message>> catalogs;  // per domain
  std::vector<request> requests;
  std::vector<absl::flat_hash_map<std::string, std::string>> floor;  // [locale * domains + domain]
  std::vector<erli18n::translator> translators;                      // [locale * domains + domain]
  std::vector<locale_t> glibc;
  std::vector<std::locale> boost;
  std::vector<const boost::locale::message_format<char>*> facets;
  std::vector<int> boost_domains;  // [locale * domains + domain]
};

setup* g = nullptr;

std::size_t slot(const request& r) { return std::size_t{r.locale} * g->domains + r.domain; }

// ---------------------------------------------------------------------------------------
// One lookup per implementation.

std::string_view floor_get(const request& r) {
  const auto& map = g->floor[slot(r)];
  auto it = map.find(absl::string_view(r.m->glibc_key.data(), r.m->glibc_key.size()));
  return it == map.end() ? std::string_view(r.m->msgid) : std::string_view(it->second);
}

std::string_view translate(const erli18n::translator& t, const request& r) {
  const message& m = *r.m;
  if (!m.msgid_plural.empty()) return t.ngettext(m.msgid, m.msgid_plural, r.n);
  if (m.has_context) return t.pgettext(m.context, m.msgid);
  return t.gettext(m.msgid);
}

std::string_view translator_per_request(const request& r) {
  const erli18n::translator t(erli18n::catalog_store::default_store(), g->domain_names[r.domain],
                              g->locale_names[r.locale]);
  return translate(t, r);
}

std::string_view translator_prebound(const request& r) { return translate(g->translators[slot(r)], r); }

std::string_view store_get(const request& r) {
  const erli18n::catalog_store& store = erli18n::catalog_store::default_store();
  const message& m = *r.m;
  const std::string& d = g->domain_names[r.domain];
  const std::string& l = g->locale_names[r.locale];
  if (!m.msgid_plural.empty()) return store.dlngettext(d, l, m.msgid, m.msgid_plural, r.n);
  if (m.has_context) return store.dlpgettext(d, l, m.context, m.msgid);
  return store.dlgettext(d, l, m.msgid);
}

std::string_view free_get(const request& r) {
  (void)erli18n::setlocale(g->locale_names[r.locale]);
  const message& m = *r.m;
  const std::string& d = g->domain_names[r.domain];
  if (!m.msgid_plural.empty()) return erli18n::dngettext(d, m.msgid, m.msgid_plural, r.n);
  if (m.has_context) return erli18n::dpgettext(d, m.context, m.msgid);
  return erli18n::dgettext(d, m.msgid);
}

const char* glibc_lookup(const request& r) {
  const message& m = *r.m;
  const char* d = g->domain_names[r.domain].c_str();
  if (!m.msgid_plural.empty())
    return dcngettext(d, m.msgid.c_str(), m.msgid_plural.c_str(), r.n, LC_MESSAGES);
  return dcgettext(d, m.glibc_key.c_str(), LC_MESSAGES);
}

// gettext.h's pgettext macro returns the msgid when the "context\004msgid" key is not found.
std::string_view glibc_text(const request& r, const char* s) {
  return s == r.m->glibc_key.c_str() ? std::string_view(r.m->msgid) : std::string_view(s);
}

std::string_view glibc_get(const request& r) {
  uselocale(g->glibc[r.locale]);
  return glibc_text(r, glibc_lookup(r));
}

std::string_view glibc_newlocale_get(const request& r) {
  locale_t l = newlocale(LC_MESSAGES_MASK, g->glibc_names[r.locale].c_str(), nullptr);
  uselocale(l);
  const std::string_view s = glibc_text(r, glibc_lookup(r));
  uselocale(LC_GLOBAL_LOCALE);
  freelocale(l);
  return s;
}

std::string boost_get(const request& r) {
  const message& m = *r.m;
  const char* d = g->domain_names[r.domain].c_str();
  const std::locale& loc = g->boost[r.locale];
  if (!m.msgid_plural.empty())
    return boost::locale::dngettext(d, m.msgid.c_str(), m.msgid_plural.c_str(), static_cast<int>(r.n), loc);
  if (m.has_context) return boost::locale::dpgettext(d, m.context.c_str(), m.msgid.c_str(), loc);
  return boost::locale::dgettext(d, m.msgid.c_str(), loc);
}

// The facet returns nullptr on a miss; the caller then shows the msgid, as the public API does.
std::string_view facet_get(const request& r) {
  const message& m = *r.m;
  const boost::locale::message_format<char>* facet = g->facets[r.locale];
  const int domain = g->boost_domains[slot(r)];
  const char* s = nullptr;
  if (!m.msgid_plural.empty()) {
    s = facet->get(domain, nullptr, m.msgid.c_str(), static_cast<int>(r.n));
    if (s == nullptr) s = r.n == 1 ? m.msgid.c_str() : m.msgid_plural.c_str();
    return s;
  }
  s = facet->get(domain, m.has_context ? m.context.c_str() : nullptr, m.msgid.c_str());
  return s != nullptr ? s : m.msgid.c_str();
}

// ---------------------------------------------------------------------------------------
// Loads, each timed once with the RSS it adds.

struct load_figure {
  std::string what;
  double seconds = 0, cpu_seconds = 0;  // wall-clock, and the process's CPU (every thread)
  erli18n_bench::rss growth;
};

double cpu_now() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

std::vector<load_figure> figures;

template <class Fn>
void measure(std::string what, Fn&& fn) {
  const erli18n_bench::rss before = erli18n_bench::read_rss();
  const double cpu0 = cpu_now();
  const clock_type::time_point t0 = clock_type::now();
  fn();
  const double s = std::chrono::duration<double>(clock_type::now() - t0).count();
  figures.push_back(
      {std::move(what), s, cpu_now() - cpu0, erli18n_bench::rss_growth(before, erli18n_bench::read_rss())});
}

fs::path catalog_path(std::size_t l, std::size_t d) {
  return g->tree / g->locale_names[l] / "LC_MESSAGES" / (g->domain_names[d] + ".mo");
}

void load_erli18n() {
  erli18n::catalog_store& store = erli18n::catalog_store::default_store();
  measure("erli18n: load every catalog", [&store] {
    for (std::size_t l = 0; l < g->locales; ++l)
      for (std::size_t d = 0; d < g->domains; ++d)
        if (auto r = store.load(g->domain_names[d], g->locale_names[l], catalog_path(l, d).string()); !r)
          fail(r.error().to_string());
  });
  measure("erli18n: then build_indexes()", [&store] { store.build_indexes(); });
  const erli18n::store_memory m = store.memory();
  std::printf(
      "erli18n memory(): text %zu, mapped %zu, index %zu bytes (%.1f bytes a message)\n", m.text_bytes,
      m.mapped_bytes, m.index_bytes,
      static_cast<double>(m.index_bytes) / static_cast<double>(g->locales * g->domains * g->messages));
  for (std::size_t l = 0; l < g->locales; ++l)
    for (std::size_t d = 0; d < g->domains; ++d)
      g->translators.emplace_back(store, g->domain_names[d], g->locale_names[l]);
}

// glibc opens a locale only when the name exists under LOCPATH (or in the locale archive):
// one locale compiled with localedef, and each of our names a symbolic link to it.
void make_glibc_locales() {
  const fs::path locpath = g->tree / "locpath";
  fs::create_directories(locpath);
  const fs::path compiled = locpath / "compiled.UTF-8";
  // localedef warns about some of glibc's own locale sources and exits 1 while still writing
  // a usable locale; success is checked with newlocale below instead.
  const std::string command = "localedef -i en_US -f UTF-8 '" + compiled.string() + "' 2>/dev/null";
  (void)std::system(command.c_str());
  for (const std::string& name : g->glibc_names)
    fs::create_directory_symlink(compiled.filename(), locpath / name);
  setenv("LOCPATH", locpath.c_str(), 1);
  unsetenv("LANGUAGE");  // it would override LC_MESSAGES
}

void load_glibc() {
  make_glibc_locales();
  measure("glibc: bindtextdomain x" + std::to_string(g->domains), [] {
    for (const std::string& d : g->domain_names) {
      bindtextdomain(d.c_str(), g->tree.c_str());
      bind_textdomain_codeset(d.c_str(), "UTF-8");
    }
  });
  measure("glibc: newlocale x" + std::to_string(g->locales), [] {
    for (const std::string& name : g->glibc_names) {
      locale_t l = newlocale(LC_MESSAGES_MASK, name.c_str(), nullptr);
      if (l == nullptr) fail("glibc cannot open the locale " + name + " (localedef failed?)");
      g->glibc.push_back(l);
    }
  });
  measure("glibc: first dcgettext of each catalog", [] {
    for (std::size_t l = 0; l < g->locales; ++l) {
      uselocale(g->glibc[l]);
      for (std::size_t d = 0; d < g->domains; ++d) {
        const message& m = g->catalogs[d].front();
        if (dcgettext(g->domain_names[d].c_str(), m.glibc_key.c_str(), LC_MESSAGES) == m.glibc_key.c_str())
          fail("glibc does not translate in " + g->glibc_names[l] + ", domain " + g->domain_names[d]);
      }
    }
    uselocale(LC_GLOBAL_LOCALE);
  });
}

void load_boost() {
  boost::locale::generator gen;
  measure("boost: generate one std::locale per locale", [&gen] {
    gen.add_messages_path(g->tree.string());
    for (const std::string& d : g->domain_names) gen.add_messages_domain(d);
    for (const std::string& name : g->glibc_names) g->boost.push_back(gen(name));
  });
  for (std::size_t l = 0; l < g->locales; ++l) {
    g->facets.push_back(&std::use_facet<boost::locale::message_format<char>>(g->boost[l]));
    for (const std::string& d : g->domain_names) g->boost_domains.push_back(g->facets[l]->domain(d));
  }
}

void load_floor() {
  measure("floor: one flat_hash_map per catalog", [] {
    g->floor.resize(g->locales * g->domains);
    for (std::size_t l = 0; l < g->locales; ++l)
      for (std::size_t d = 0; d < g->domains; ++d) {
        auto& map = g->floor[l * g->domains + d];
        map.reserve(g->messages);
        for (const message& m : g->catalogs[d])
          map.emplace(m.glibc_key, translation(g->locale_names[l], m, m.msgid_plural.empty() ? -1 : 0));
      }
  });
}

// Every implementation must give the same text for every request (the floor only the first
// form of a plural), or the timings would compare different work.
void check_answers() {
  std::size_t differ = 0, misses = 0;
  for (const request& r : g->requests) {
    const std::string_view ours = translator_prebound(r);
    const bool plural = !r.m->msgid_plural.empty();
    if (ours.data() == r.m->msgid.data() || ours.data() == r.m->msgid_plural.data()) ++misses;
    bool same = ours == translator_per_request(r) && ours == store_get(r) && ours == free_get(r) &&
                ours == glibc_get(r) && ours == glibc_newlocale_get(r) && ours == boost_get(r) &&
                ours == facet_get(r);
    if (!plural) same = same && ours == floor_get(r);
    if (!same && ++differ <= 3) {
      std::printf("check: %s/%s \"%s\": erli18n \"%.*s\", glibc \"%.*s\", boost \"%s\"\n",
                  g->locale_names[r.locale].c_str(), g->domain_names[r.domain].c_str(), r.m->msgid.c_str(),
                  static_cast<int>(ours.size()), ours.data(), static_cast<int>(glibc_get(r).size()),
                  glibc_get(r).data(), boost_get(r).c_str());
    }
  }
  uselocale(LC_GLOBAL_LOCALE);
  (void)erli18n::setlocale("");
  std::printf("check: %zu requests, %zu where the implementations disagree, %zu misses\n", g->requests.size(),
              differ, misses);
  if (differ != 0 || misses != 0) fail("the implementations do not give the same translations");
}

// ---------------------------------------------------------------------------------------
// Timing and the summary.

template <class Lookup>
void walk(benchmark::State& state, Lookup lookup) {
  for (auto _ : state)
    for (const request& r : g->requests) benchmark::DoNotOptimize(lookup(r));
  const auto n = static_cast<double>(state.iterations()) * static_cast<double>(g->requests.size());
  state.counters["ns/lookup"] =
      benchmark::Counter(n * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// Google Benchmark's console output, keeping each case's ns/lookup (the median when there
// are repetitions) for the ratios printed at the end.
class ratio_reporter : public benchmark::ConsoleReporter {
 public:
  ratio_reporter() : ConsoleReporter(isatty(STDOUT_FILENO) != 0 ? OO_Color : OO_None) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      auto it = r.counters.find("ns/lookup");
      if (it == r.counters.end() || r.error_occurred) continue;
      const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
      if (median || r.run_type == Run::RT_Iteration) ns[r.run_name.str()] = it->second.value;
    }
  }
  std::map<std::string, double> ns;
};

constexpr const char* cases[] = {"floor",
                                 "erli18n_translator",
                                 "erli18n_translator_prebound",
                                 "erli18n_dlgettext",
                                 "erli18n_free",
                                 "glibc",
                                 "glibc_newlocale",
                                 "boost",
                                 "boost_facet"};

void print_summary(const ratio_reporter& reporter) {
  const std::size_t total = g->locales * g->domains * g->messages;
  std::printf("\n=== many locales: %zu locales x %zu domains x %zu messages (%zu messages, %zu catalogs)\n",
              g->locales, g->domains, g->messages, total, g->locales * g->domains);
  std::printf("%-44s %8s %8s %11s %11s %11s\n", "load", "wall s", "CPU s", "RSS +kB", "anon +kB", "file +kB");
  for (const load_figure& f : figures)
    std::printf("%-44s %8.3f %8.3f %11ld %11ld %11ld\n", f.what.c_str(), f.seconds, f.cpu_seconds,
                f.growth.total, f.growth.anon, f.growth.file);
  auto floor_it = reporter.ns.find("many_locales/floor");
  std::printf("\n%-48s %10s %12s\n", "lookup (one request: locale, domain, message)", "ns", "x floor");
  for (const char* c : cases) {
    auto it = reporter.ns.find(std::string("many_locales/") + c);
    if (it == reporter.ns.end()) continue;
    const double ratio = floor_it == reporter.ns.end() ? std::nan("") : it->second / floor_it->second;
    std::printf("%-48s %10.1f %12.2f\n", c, it->second, ratio);
  }
}

}  // namespace

int main(int argc, char** argv) {
  static setup s;
  g = &s;
  s.locales = std::min<std::size_t>(env_size("ERLI18N_BENCH_LOCALES", 100), language_count * language_count);
  s.domains = env_size("ERLI18N_BENCH_DOMAINS", 5);
  s.messages = env_size("ERLI18N_BENCH_MESSAGES", 5000);
  if (s.locales == 0 || s.domains == 0 || s.messages == 0)
    fail("locales, domains and messages must be at least 1");

  static const erli18n_bench::temp_folder tree("many_locales_bench");  // removed at exit
  s.tree = tree.path();

  for (std::size_t l = 0; l < s.locales; ++l) {
    s.locale_names.push_back(locale_name(l));
    s.glibc_names.push_back(s.locale_names.back() + ".UTF-8");
  }
  for (std::size_t d = 0; d < s.domains; ++d) {
    s.domain_names.push_back("app" + std::to_string(d));
    std::vector<message>& msgs = s.catalogs.emplace_back();
    for (std::size_t j = 0; j < s.messages; ++j) msgs.push_back(make_message(d, j));
  }
  std::uintmax_t mo_bytes = 0;
  const clock_type::time_point generated = clock_type::now();
  for (std::size_t l = 0; l < s.locales; ++l) {
    for (std::size_t d = 0; d < s.domains; ++d) {
      const fs::path path = catalog_path(l, d);
      fs::create_directories(path.parent_path());
      const std::string bytes = catalog_mo(l, s.locale_names[l], s.catalogs[d]);
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      if (!out) fail("cannot write " + path.string());
      mo_bytes += bytes.size();
    }
  }
  std::printf("generated %zu catalogs, %ju bytes of .mo, in %.1f s, under %s\n", s.locales * s.domains,
              mo_bytes, std::chrono::duration<double>(clock_type::now() - generated).count(), s.tree.c_str());

  // The requests: a fixed seed, so every run asks for the same messages in the same order.
  std::mt19937_64 rng(20261202);
  static constexpr unsigned long counts[] = {0, 1, 2, 3, 5, 11, 21, 101};
  for (std::size_t i = 0; i < 65536; ++i) {
    const auto l = static_cast<std::uint32_t>(rng() % s.locales);
    const auto d = static_cast<std::uint32_t>(rng() % s.domains);
    s.requests.push_back({l, d, &s.catalogs[d][rng() % s.messages], counts[i % std::size(counts)]});
  }

  load_erli18n();
  load_glibc();
  load_boost();
  load_floor();
  check_answers();

  auto reg = [](const char* name, auto lookup) {
    benchmark::RegisterBenchmark((std::string("many_locales/") + name).c_str(),
                                 [lookup](benchmark::State& st) { walk(st, lookup); });
  };
  reg("floor", floor_get);
  reg("erli18n_translator", translator_per_request);
  reg("erli18n_translator_prebound", translator_prebound);
  reg("erli18n_dlgettext", store_get);
  reg("erli18n_free", free_get);
  reg("glibc", glibc_get);
  reg("glibc_newlocale", glibc_newlocale_get);
  reg("boost", boost_get);
  reg("boost_facet", facet_get);

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  ratio_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  uselocale(LC_GLOBAL_LOCALE);
  for (locale_t l : s.glibc) freelocale(l);
  print_summary(reporter);
  return 0;
}
