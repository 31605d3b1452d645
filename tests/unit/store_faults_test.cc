// Transactional writes of the catalog store, proven by failing them: a fault injected at every
// step of every kind of write (read, parse, validate, build, publish; an exception and an
// allocation failure), a real allocation failure at every allocation a write makes, and
// malformed or oversized input. After each failure every catalog must read exactly as before
// (every key of every catalog, in every lookup form), the store's observable state must be
// unchanged, and the same write must then succeed.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iosfwd>
#include <map>
#include <new>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "fault_injection.h"
#include "test_support.h"

// ---------------------------------------------------------------------------------------
// Global operator new that can be armed to fail. It counts only the arming thread's
// allocations, so that nothing outside the write under test is affected.
namespace {
thread_local long t_countdown = 0;  // > 0: the allocation that brings it to 0 fails
thread_local bool t_keep_failing = false;
thread_local bool t_fired = false;

void* allocate(std::size_t size) {
  if (t_countdown > 0 && --t_countdown == 0) {
    t_fired = true;
    if (t_keep_failing) t_countdown = 1;  // so that the next one fails too
    throw std::bad_alloc();
  }
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}

// Fails the `n`th allocation of this thread from now on (and with `keep_failing`, every
// later one too), until `disarm`.
void arm(long n, bool keep_failing) {
  t_fired = false;
  t_keep_failing = keep_failing;
  t_countdown = n;
}
// Whether the armed failure happened.
bool disarm() {
  t_countdown = 0;
  t_keep_failing = false;
  return t_fired;
}
}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace {

namespace fs = std::filesystem;
using erli18n::catalog_store;
using erli18n::errc;
using erli18n::load_options;
using erli18n::locale_fallback;
using erli18n::detail::write_step;

// ---------------------------------------------------------------------------------------
// Fixtures: small catalogs with contexts, plural forms and distinct plural rules.

const char* const fr_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Hello"
msgstr "Bonjour"

msgctxt "menu"
msgid "Open"
msgstr "Ouvrir"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d fichier"
msgstr[1] "%d fichiers"
)po";

// fr, second version: a changed translation, a new key, a removed key, another rule (and
// not GNU's default one, which a reader falls back to when a rule cannot be compiled).
const char* const fr_v2_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "Hello"
msgstr "Salut"

msgid "Bye"
msgstr "Au revoir"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d fichier (v2)"
msgstr[1] "%d fichiers (v2)"
)po";

const char* const pt_br_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "Hello"
msgstr "Olá"

msgctxt "menu"
msgid "Open"
msgstr "Abrir"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d arquivo"
msgstr[1] "%d arquivos"
)po";

const char* const pt_br_v2_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "Hello"
msgstr "Oi"

msgctxt "menu"
msgid "Open"
msgstr "Abrir"

msgid "Bye"
msgstr "Tchau"

msgid "%d day"
msgid_plural "%d days"
msgstr[0] "%d dia"
msgstr[1] "%d dias"
)po";

const char* const de_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Hello"
msgstr "Hallo"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d Datei"
msgstr[1] "%d Dateien"
)po";

const char* const ja_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=1; plural=0;\n"

msgid "Hello"
msgstr "こんにちは"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d ファイル"
)po";

// Three forms, so that a plural lookup tells the rule apart from the others.
const char* const other_fr_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\n"

msgid "Quit"
msgstr "Quitter"

msgctxt "game"
msgid "%d life"
msgid_plural "%d lives"
msgstr[0] "%d vie"
msgstr[1] "%d vies (deux)"
msgstr[2] "%d vies"
)po";

// The second versions of these two differ in one translation.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  return text.replace(text.find(from), from.size(), to);
}
const std::string ja_v2_text = replaced(ja_po, "こんにちは", "やあ");
const char* const ja_v2_po = ja_v2_text.c_str();
const std::string other_fr_v2_text = replaced(other_fr_po, "Quitter", "Sortir");
const char* const other_fr_v2_po = other_fr_v2_text.c_str();

// Compiled once per fixture: the fault matrix builds hundreds of stores.
const std::string& compile(const char* po_text) {
  static std::map<const char*, std::string> cache;
  auto [it, inserted] = cache.try_emplace(po_text);
  if (inserted) it->second = erli18n::test_support::mo_from_po(po_text, "fixture.po");
  return it->second;
}

using erli18n::test_support::temp_dir;

// Every file a test may load, written afresh by `reset`.
struct fixture_files {
  temp_dir dir;
  std::string fr, fr_v2, fr_v2_mo, pt_br_mo, pt_br_v2_mo, de, de_mo;
  std::string ja_mo_bytes = compile(ja_po);
  std::string ja_v2_mo_bytes = compile(ja_v2_po);

  fixture_files() { reset(); }
  void reset() {
    fr = dir.write("fr.po", fr_po);
    fr_v2 = dir.write("fr_v2.po", fr_v2_po);
    fr_v2_mo = dir.write("fr_v2.mo", compile(fr_v2_po));
    pt_br_mo = dir.write("pt_BR.mo", compile(pt_br_po));
    pt_br_v2_mo = dir.write("pt_BR_v2.mo", compile(pt_br_v2_po));
    de = dir.write("de.po", de_po);
    de_mo = dir.write("de.mo", compile(de_po));
  }
};

// A store holding several catalogs, from every kind of source: a `.po` file, a `.mo` file,
// `.po` bytes and `.mo` bytes.
void fill(catalog_store& store, const fixture_files& files) {
  ASSERT_TRUE(store.load("app", "fr", files.fr));
  ASSERT_TRUE(store.load("app", "pt_BR", files.pt_br_mo));
  ASSERT_TRUE(store.load_buffer("other", "fr", other_fr_po, "other-fr.po"));
  ASSERT_TRUE(store.load_buffer("app", "ja", files.ja_mo_bytes, "ja.mo"));
  ASSERT_EQ(store.catalogs().size(), 4u);
}

// ---------------------------------------------------------------------------------------
// What a reader can observe of the store, to compare before and after a write.

struct probe_key {
  bool has_context;
  std::string context;
  std::string msgid;
};

// Every key of every fixture (and one no catalog has), so that a key a failed write would
// have added is probed too.
std::vector<probe_key> fixture_keys() {
  std::vector<probe_key> keys{{false, "", "absent"}};
  for (const char* text : {fr_po, fr_v2_po, pt_br_po, pt_br_v2_po, de_po, ja_po, other_fr_po}) {
    erli18n::result<erli18n::po_file> po = erli18n::read_po(text, "fixture.po");
    for (const erli18n::po_message& m : po->messages) {
      probe_key k{m.msgctxt.has_value(), m.msgctxt.value_or(""), m.msgid};
      if (std::none_of(keys.begin(), keys.end(), [&](const probe_key& o) {
            return o.has_context == k.has_context && o.context == k.context && o.msgid == k.msgid;
          }))
        keys.push_back(std::move(k));
    }
  }
  return keys;
}

// Every catalog loaded or that a write may load, and a locale that only fallback reaches.
const std::vector<std::pair<std::string, std::string>> probed_catalogs = {
    {"app", "fr"}, {"app", "fr_CA"}, {"app", "pt_BR"}, {"app", "pt"},     {"app", "de"},
    {"app", "ja"}, {"other", "fr"},  {"other", "de"},  {"other", "fr_CA"}};

// Counts that tell apart every plural rule of the fixtures.
const unsigned long probed_counts[] = {0, 1, 2, 3, 5, 1000000};

struct snapshot {
  std::vector<std::string> catalogs;         // every field of catalogs()
  std::map<std::string, std::string> reads;  // "domain/locale ctx|msgid n" -> result
  erli18n::store_memory memory;
};

std::string describe(const erli18n::catalog_info& c) {
  return c.domain + "/" + c.locale + " source=" + c.source + " mo=" + (c.from_mo ? "1" : "0") +
         " messages=" + std::to_string(c.messages);
}

void read_key(const catalog_store& store, const std::string& domain, const std::string& locale,
              const probe_key& k, std::map<std::string, std::string>& out) {
  const std::string name = domain + "/" + locale + " " + (k.has_context ? k.context + "|" : "") + k.msgid;
  if (k.has_context) {
    out[name] = std::string(store.dlpgettext(domain, locale, k.context, k.msgid));
    for (unsigned long n : probed_counts)
      out[name + " n=" + std::to_string(n)] =
          std::string(store.dlnpgettext(domain, locale, k.context, k.msgid, "<plural>", n));
  } else {
    out[name] = std::string(store.dlgettext(domain, locale, k.msgid));
    for (unsigned long n : probed_counts)
      out[name + " n=" + std::to_string(n)] =
          std::string(store.dlngettext(domain, locale, k.msgid, "<plural>", n));
  }
}

snapshot take_snapshot(const catalog_store& store) {
  snapshot s;
  for (const erli18n::catalog_info& c : store.catalogs()) {
    s.catalogs.push_back(describe(c));
    // The keys the store lists, in its order, and what each reads.
    erli18n::result<std::vector<erli18n::catalog_key>> keys = store.keys(c.domain, c.locale);
    EXPECT_TRUE(keys);
    if (!keys) continue;
    std::string listing = "keys " + c.domain + "/" + c.locale + ":";
    for (const erli18n::catalog_key& k : *keys) {
      listing += " [" + (k.has_context ? k.context + "|" : "") + k.msgid + "]";
      read_key(store, c.domain, c.locale, {k.has_context, k.context, k.msgid}, s.reads);
    }
    s.catalogs.push_back(listing);
  }
  static const std::vector<probe_key> keys = fixture_keys();
  for (const auto& [domain, locale] : probed_catalogs)
    for (const probe_key& k : keys) read_key(store, domain, locale, k, s.reads);
  s.memory = store.memory();
  return s;
}

// Names each difference, rather than printing two large maps.
void expect_same(const snapshot& before, const snapshot& after) {
  EXPECT_EQ(before.catalogs, after.catalogs);
  for (const auto& [key, value] : before.reads) {
    auto it = after.reads.find(key);
    if (it == after.reads.end())
      ADD_FAILURE() << "no longer read: " << key;
    else
      EXPECT_EQ(value, it->second) << "lookup " << key;
  }
  EXPECT_EQ(before.reads.size(), after.reads.size());
  EXPECT_EQ(before.memory.text_bytes, after.memory.text_bytes);
  EXPECT_EQ(before.memory.mapped_bytes, after.memory.mapped_bytes);
  EXPECT_EQ(before.memory.index_bytes, after.memory.index_bytes);
}

// ---------------------------------------------------------------------------------------
// The kinds of write, each with the steps it passes through and what it changes.

using outcome = std::optional<erli18n::error>;  // nullopt: success

template <class T>
outcome outcome_of(const erli18n::result<T>& r) {
  if (r) return std::nullopt;
  return r.error();
}

struct write_kind {
  const char* name;
  std::vector<write_step> steps;
  std::function<void(fixture_files&)> prepare;  // before the snapshot: files the write reads
  std::function<outcome(catalog_store&, const fixture_files&)> run;
  std::function<void(const catalog_store&)> check_done;  // what a successful write shows
};

const std::vector<write_step> all_steps = {write_step::read, write_step::parse, write_step::validate,
                                           write_step::build, write_step::publish};

void nothing(fixture_files&) {}

// Built before main, so that only the store's own allocations are made to fail.
const locale_fallback explicit_chain = [] {
  locale_fallback f;
  f.kind = locale_fallback::mode::explicit_chain;
  f.chains["de"] = {"ja", "fr"};
  return f;
}();

std::vector<write_kind> write_kinds() {
  std::vector<write_kind> kinds;
  kinds.push_back(
      {"LoadNewKeyFromPo", all_steps, nothing,
       [](catalog_store& s, const fixture_files& f) { return outcome_of(s.load("app", "de", f.de)); },
       [](const catalog_store& s) {
         EXPECT_EQ(s.dlgettext("app", "de", "Hello"), "Hallo");
         EXPECT_EQ(s.dlngettext("app", "de", "%d file", "%d files", 2), "%d Dateien");
         EXPECT_EQ(s.catalogs().size(), 5u);
       }});
  kinds.push_back(
      {"LoadNewKeyFromMo", all_steps, nothing,
       [](catalog_store& s, const fixture_files& f) { return outcome_of(s.load("app", "de", f.de_mo)); },
       [](const catalog_store& s) {
         EXPECT_EQ(s.dlgettext("app", "de", "Hello"), "Hallo");
         EXPECT_EQ(s.dlngettext("app", "de", "%d file", "%d files", 0), "%d Dateien");
       }});
  kinds.push_back({"EnsureLoadedNewKey", all_steps, nothing,
                   [](catalog_store& s, const fixture_files& f) {
                     return outcome_of(s.ensure_loaded("app", "de", f.de));
                   },
                   [](const catalog_store& s) { EXPECT_EQ(s.dlgettext("app", "de", "Hello"), "Hallo"); }});
  kinds.push_back(
      {"ReplacePoWithPo", all_steps, nothing,
       [](catalog_store& s, const fixture_files& f) { return outcome_of(s.load("app", "fr", f.fr_v2)); },
       [](const catalog_store& s) {
         EXPECT_EQ(s.dlgettext("app", "fr", "Hello"), "Salut");
         EXPECT_EQ(s.dlgettext("app", "fr", "Bye"), "Au revoir");
         EXPECT_EQ(s.dlpgettext("app", "fr", "menu", "Open"), "Open");
         // The new rule (n > 1): 0 is singular now.
         EXPECT_EQ(s.dlngettext("app", "fr", "%d file", "%d files", 0), "%d fichier (v2)");
       }});
  kinds.push_back(
      {"ReplacePoWithMo", all_steps, nothing,
       [](catalog_store& s, const fixture_files& f) { return outcome_of(s.load("app", "fr", f.fr_v2_mo)); },
       [](const catalog_store& s) {
         EXPECT_EQ(s.dlgettext("app", "fr", "Hello"), "Salut");
         EXPECT_EQ(s.dlngettext("app", "fr", "%d file", "%d files", 0), "%d fichier (v2)");
         EXPECT_TRUE(s.catalogs()[0].from_mo);
       }});
  kinds.push_back({"ReplaceMoWithMo", all_steps, nothing,
                   [](catalog_store& s, const fixture_files& f) {
                     return outcome_of(s.load("app", "pt_BR", f.pt_br_v2_mo));
                   },
                   [](const catalog_store& s) {
                     EXPECT_EQ(s.dlgettext("app", "pt_BR", "Hello"), "Oi");
                     EXPECT_EQ(s.dlgettext("app", "pt_BR", "Bye"), "Tchau");
                     EXPECT_EQ(s.dlngettext("app", "pt_BR", "%d file", "%d files", 2), "%d files");
                     EXPECT_EQ(s.dlngettext("app", "pt_BR", "%d day", "%d days", 0), "%d dia");
                   }});
  kinds.push_back({"LoadBufferNewKeyFromPo", all_steps, nothing,
                   [](catalog_store& s, const fixture_files&) {
                     return outcome_of(s.load_buffer("other", "de", de_po, "de.po"));
                   },
                   [](const catalog_store& s) { EXPECT_EQ(s.dlgettext("other", "de", "Hello"), "Hallo"); }});
  kinds.push_back({"LoadBufferReplacePo", all_steps, nothing,
                   [](catalog_store& s, const fixture_files&) {
                     return outcome_of(s.load_buffer("other", "fr", other_fr_v2_po, "other-fr-v2.po"));
                   },
                   [](const catalog_store& s) {
                     EXPECT_EQ(s.dlgettext("other", "fr", "Quit"), "Sortir");
                     EXPECT_EQ(s.dlnpgettext("other", "fr", "game", "%d life", "%d lives", 2),
                               "%d vies (deux)");
                   }});
  kinds.push_back({"LoadBufferReplaceMo", all_steps, nothing,
                   [](catalog_store& s, const fixture_files& f) {
                     return outcome_of(s.load_buffer("app", "ja", f.ja_v2_mo_bytes, "ja-v2.mo"));
                   },
                   [](const catalog_store& s) {
                     EXPECT_EQ(s.dlgettext("app", "ja", "Hello"), "やあ");
                     EXPECT_EQ(s.dlngettext("app", "ja", "%d file", "%d files", 5), "%d ファイル");
                   }});
  kinds.push_back({"ReloadPo", all_steps, [](fixture_files& f) { f.dir.write("fr.po", fr_v2_po); },
                   [](catalog_store& s, const fixture_files&) { return outcome_of(s.reload("app", "fr")); },
                   [](const catalog_store& s) {
                     EXPECT_EQ(s.dlgettext("app", "fr", "Hello"), "Salut");
                     EXPECT_EQ(s.dlpgettext("app", "fr", "menu", "Open"), "Open");
                     EXPECT_EQ(s.dlngettext("app", "fr", "%d file", "%d files", 0), "%d fichier (v2)");
                   }});
  kinds.push_back(
      {"ReloadMo", all_steps, [](fixture_files& f) { f.dir.write("pt_BR.mo", compile(pt_br_v2_po)); },
       [](catalog_store& s, const fixture_files&) { return outcome_of(s.reload("app", "pt-br")); },
       [](const catalog_store& s) {
         EXPECT_EQ(s.dlgettext("app", "pt_BR", "Hello"), "Oi");
         EXPECT_EQ(s.dlngettext("app", "pt_BR", "%d day", "%d days", 0), "%d dia");
       }});
  kinds.push_back({"Unload",
                   {write_step::publish},
                   nothing,
                   [](catalog_store& s, const fixture_files&) { return outcome_of(s.unload("other", "fr")); },
                   [](const catalog_store& s) {
                     EXPECT_EQ(s.dlgettext("other", "fr", "Quit"), "Quit");
                     EXPECT_EQ(s.catalogs().size(), 3u);
                     EXPECT_FALSE(s.keys("other", "fr"));
                   }});
  kinds.push_back({"SetFallback",
                   {write_step::publish},
                   nothing,
                   [](catalog_store& s, const fixture_files&) {
                     locale_fallback fb;
                     fb.kind = locale_fallback::mode::base_language;
                     return outcome_of(s.set_fallback(fb));
                   },
                   [](const catalog_store& s) {
                     EXPECT_EQ(s.dlgettext("app", "fr_CA", "Hello"), "Bonjour");
                     EXPECT_EQ(s.dlpgettext("other", "fr_CA", "game", "%d life"), "%d vie");
                   }});
  kinds.push_back(
      {"SetExplicitChain",
       {write_step::publish},
       nothing,
       [](catalog_store& s, const fixture_files&) { return outcome_of(s.set_fallback(explicit_chain)); },
       [](const catalog_store& s) {
         EXPECT_EQ(s.dlgettext("app", "de", "Hello"), "こんにちは");
         EXPECT_EQ(s.dlgettext("other", "de", "Quit"), "Quitter");
       }});
  return kinds;
}

// ---------------------------------------------------------------------------------------
// The injected fault: a hook (a plain function, so the parameters live in globals).

enum class fault_kind { exception, bad_alloc };

write_step g_fail_at = write_step::read;
fault_kind g_fault = fault_kind::exception;
int g_fired = 0;
std::vector<write_step> g_seen;

void failing_hook(write_step step) {
  if (step != g_fail_at) return;
  ++g_fired;
  if (g_fault == fault_kind::bad_alloc) throw std::bad_alloc();
  throw std::runtime_error("injected fault");
}

void recording_hook(write_step step) { g_seen.push_back(step); }

// Removes the hook even when an assertion returns early.
struct hook_guard {
  explicit hook_guard(erli18n::detail::fault_hook h) { erli18n::detail::set_fault_hook(h); }
  ~hook_guard() { erli18n::detail::set_fault_hook(nullptr); }
  hook_guard(const hook_guard&) = delete;
  hook_guard& operator=(const hook_guard&) = delete;
};

const char* step_name(write_step s) {
  switch (s) {
    case write_step::read:
      return "read";
    case write_step::parse:
      return "parse";
    case write_step::validate:
      return "validate";
    case write_step::build:
      return "build";
    case write_step::publish:
      return "publish";
  }
  return "?";
}

// gtest prints a failing parameter; the name is what identifies it.
void PrintTo(const write_kind& kind, std::ostream* os) { *os << kind.name; }

class StoreFaults : public testing::TestWithParam<write_kind> {};

// The matrix below is only meaningful if each write really passes through the steps it is
// failed at, in order.
TEST_P(StoreFaults, WritePassesThroughItsSteps) {
  const write_kind& kind = GetParam();
  fixture_files files;
  catalog_store store;
  fill(store, files);
  kind.prepare(files);
  g_seen.clear();
  outcome r;
  {
    hook_guard hook(recording_hook);
    r = kind.run(store, files);
  }
  ASSERT_FALSE(r) << r->to_string();
  EXPECT_EQ(g_seen, kind.steps);
  kind.check_done(store);
}

TEST_P(StoreFaults, FaultAtEveryStepChangesNothing) {
  const write_kind& kind = GetParam();
  fixture_files files;
  std::optional<snapshot> before;  // every iteration starts from the same store
  for (write_step step : kind.steps) {
    for (fault_kind fault : {fault_kind::exception, fault_kind::bad_alloc}) {
      SCOPED_TRACE(std::string("step ") + step_name(step) +
                   (fault == fault_kind::exception ? ", runtime_error" : ", bad_alloc"));
      files.reset();
      catalog_store store;
      fill(store, files);
      kind.prepare(files);
      if (!before) before = take_snapshot(store);

      g_fail_at = step;
      g_fault = fault;
      g_fired = 0;
      outcome failed;
      {
        hook_guard hook(failing_hook);
        failed = kind.run(store, files);
      }
      EXPECT_EQ(g_fired, 1);
      ASSERT_TRUE(failed) << "the write succeeded despite the fault";
      EXPECT_EQ(failed->code, fault == fault_kind::exception ? errc::internal : errc::out_of_memory)
          << failed->to_string();
      EXPECT_NE(failed->message.find("nothing was changed"), std::string::npos) << failed->message;
      expect_same(*before, take_snapshot(store));

      // The store is usable: the same write now succeeds and is seen.
      const outcome retried = kind.run(store, files);
      ASSERT_FALSE(retried) << retried->to_string();
      kind.check_done(store);
    }
  }
}

// Observers that throw on every event (a runtime_error, or bad_alloc as if they ran out of
// memory) change nothing either: each write, failed at every step or left to succeed, ends
// as it would without them, and every throw is counted.
TEST_P(StoreFaults, ThrowingObserversChangeNothing) {
  const write_kind& kind = GetParam();
  fixture_files files;
  std::optional<snapshot> before;
  for (fault_kind thrown : {fault_kind::exception, fault_kind::bad_alloc}) {
    for (write_step step : kind.steps) {
      SCOPED_TRACE(std::string("fault at ") + step_name(step));
      files.reset();
      catalog_store store;
      fill(store, files);
      kind.prepare(files);
      if (!before) before = take_snapshot(store);
      int calls = 0;
      auto id = store.add_observer([&](const erli18n::store_event&) {
        ++calls;
        if (thrown == fault_kind::bad_alloc) throw std::bad_alloc();
        throw std::runtime_error("observer failure");
      });
      ASSERT_TRUE(id);

      g_fail_at = step;
      g_fault = fault_kind::exception;
      outcome failed;
      {
        hook_guard hook(failing_hook);
        failed = kind.run(store, files);
      }
      ASSERT_TRUE(failed) << "the write succeeded despite the fault";
      EXPECT_EQ(failed->code, errc::internal) << failed->to_string();
      expect_same(*before, take_snapshot(store));

      const outcome retried = kind.run(store, files);
      ASSERT_FALSE(retried) << retried->to_string();
      kind.check_done(store);
      EXPECT_EQ(store.observer_failures(), static_cast<std::uint64_t>(calls));
    }
  }
}

// A real allocation failure (not a throwing hook) at each allocation the write makes, in
// turn, until the write makes fewer allocations than the one armed to fail.
struct allocation_checks {
  bool code = false;            // a failed write says out_of_memory
  bool keep_failing = false;    // every allocation after the first failure fails too
  bool silent_success = false;  // a write that succeeded despite the failure is complete
};

void fail_every_allocation(const write_kind& kind, allocation_checks checks) {
  long failures = 0;
  fixture_files files;
  std::optional<snapshot> before;  // every iteration starts from the same store
  for (long n = 1;; ++n) {
    ASSERT_LT(n, 100000) << "the write never completed without an allocation failure";
    SCOPED_TRACE("allocation " + std::to_string(n));
    files.reset();
    catalog_store store;
    fill(store, files);
    kind.prepare(files);
    if (!before) before = take_snapshot(store);

    outcome r;
    bool escaped = false;
    arm(n, checks.keep_failing);
    try {
      r = kind.run(store, files);
    } catch (const std::bad_alloc&) {
      escaped = true;
    }
    const bool fired = disarm();
    ASSERT_FALSE(escaped) << "std::bad_alloc crossed the public API";
    if (!fired) {
      // Past the last allocation: the write ran untouched.
      ASSERT_FALSE(r) << r->to_string();
      kind.check_done(store);
      break;
    }
    if (r) {
      ++failures;
      if (checks.code) {
        EXPECT_EQ(r->code, errc::out_of_memory) << r->to_string();
      }
      expect_same(*before, take_snapshot(store));
      const outcome retried = kind.run(store, files);
      ASSERT_FALSE(retried) << retried->to_string();
      kind.check_done(store);
    } else if (checks.silent_success) {
      // Some allocations may fail harmlessly (a sort falls back to a slower one); the write
      // must then be complete and correct.
      kind.check_done(store);
    }
    if (testing::Test::HasFailure()) break;  // one allocation's report is enough
  }
  // An unload only clears the key's slot (the published map keeps the key): it allocates
  // nothing, so it cannot run out of memory.
  if (std::string_view(kind.name) == "Unload")
    EXPECT_EQ(failures, 0);
  else
    EXPECT_GT(failures, 0);
}

std::string kind_name(const testing::TestParamInfo<write_kind>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(EveryWrite, StoreFaults, testing::ValuesIn(write_kinds()), kind_name);

// Every write of the matrix above, each allocation it makes failed in turn. set_fallback
// canonicalizes its chains inside its guarded section, so SetExplicitChain is a write like
// the others here.
class StoreAllocationFaults : public testing::TestWithParam<write_kind> {};

TEST_P(StoreAllocationFaults, FailureAtEveryAllocationChangesNothing) {
  fail_every_allocation(GetParam(), {});
}

// An allocation failure while a catalog's Plural-Forms is compiled must fail the write with
// out_of_memory, not pass for an invalid header (which would load the catalog with glibc's
// default rule, n != 1, and pick wrong plural forms).
TEST_P(StoreAllocationFaults, FailureIsReportedAsOutOfMemoryAndNeverYieldsAWrongCatalog) {
  allocation_checks checks;
  checks.code = true;
  checks.silent_success = true;
  fail_every_allocation(GetParam(), checks);
}

// When memory stays exhausted, even the write's own error message cannot be allocated: the
// error then carries its code alone, and no std::bad_alloc escapes the store's API.
TEST_P(StoreAllocationFaults, ExhaustedMemoryIsAnErrorNotAnException) {
  allocation_checks checks;
  checks.keep_failing = true;
  fail_every_allocation(GetParam(), checks);
}

INSTANTIATE_TEST_SUITE_P(EveryWrite, StoreAllocationFaults, testing::ValuesIn(write_kinds()), kind_name);

// The matrices take their writes from write_kinds() alone, by value, never by name: a kind
// renamed still runs. One removed must be a decision: the count says how many there are.
TEST(StoreFaultsMatrix, CoversEveryKindOfWrite) {
  const std::vector<write_kind> kinds = write_kinds();
  EXPECT_EQ(kinds.size(), 14u);
  std::set<std::string> names;
  for (const write_kind& k : kinds) {
    EXPECT_TRUE(names.insert(k.name).second) << "two kinds named " << k.name;
    EXPECT_FALSE(k.steps.empty()) << k.name;
  }
}

// ---------------------------------------------------------------------------------------
// Malformed and oversized input: the right code and position, and nothing changed, whether
// the input would have added a catalog or replaced one.

struct bad_input {
  const char* name;
  std::string bytes;
  bool is_mo;
  load_options options;
  errc code;
  std::size_t line;  // 0: no position
  std::size_t column;
  const char* message_part;
};

const char* const syntax_error_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "Hello"
msgstr Bonjour
)po";

const char* const duplicate_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "Hello"
msgstr "Bonjour"

msgctxt "menu"
msgid "Hello"
msgstr "Salut (menu)"

msgid "Hello"
msgstr "Salut"
)po";

const char* const bad_charset_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=NO-SUCH-CHARSET\n"

msgid "Hello"
msgstr "Bonjour"
)po";

// A valid `.mo` whose first original string's offset points past the end of the file.
std::string corrupt_mo() {
  std::string mo = compile(de_po);
  const std::uint32_t past_end = static_cast<std::uint32_t>(mo.size() + 100);
  std::uint32_t table = 0;
  std::memcpy(&table, mo.data() + 12, 4);            // offset of the originals table (little-endian host)
  std::memcpy(mo.data() + table + 4, &past_end, 4);  // the first string's offset
  return mo;
}

std::vector<bad_input> bad_inputs() {
  // Just below the size of the file that is loaded.
  load_options small_po;
  small_po.max_bytes = std::strlen(de_po) - 1;
  load_options small_mo;
  small_mo.max_bytes = compile(de_po).size() - 1;
  load_options few;
  few.max_entries = 2;
  return {
      {"PoSyntaxError", syntax_error_po, false, {}, errc::syntax, 6, 8, ""},
      {"PoDuplicateMessage", duplicate_po, false, {}, errc::syntax, 12, 1, "duplicate"},
      {"PoUnknownCharset", bad_charset_po, false, {}, errc::charset, 0, 0, ""},
      {"CorruptMo", corrupt_mo(), true, {}, errc::syntax, 0, 0, ""},
      {"PoOverMaxBytes", de_po, false, small_po, errc::limit_exceeded, 0, 0, ""},
      {"MoOverMaxBytes", compile(de_po), true, small_mo, errc::limit_exceeded, 0, 0, ""},
      {"PoOverMaxEntries", de_po, false, few, errc::limit_exceeded, 0, 0, ""},
      {"MoOverMaxEntries", compile(de_po), true, few, errc::limit_exceeded, 0, 0, ""},
  };
}

void PrintTo(const bad_input& in, std::ostream* os) { *os << in.name; }

class StoreBadInput : public testing::TestWithParam<bad_input> {};

void expect_error(const erli18n::error& e, const bad_input& in, const std::string& file) {
  EXPECT_EQ(e.code, in.code) << e.to_string();
  EXPECT_EQ(e.file, file) << e.to_string();
  if (in.line != 0) {
    EXPECT_EQ(e.line, in.line) << e.to_string();
    EXPECT_EQ(e.column, in.column) << e.to_string();
    EXPECT_EQ(e.to_string().rfind(
                  file + ":" + std::to_string(in.line) + ":" + std::to_string(in.column) + ": error: ", 0),
              0u)
        << e.to_string();
  }
  EXPECT_NE(e.message.find(in.message_part), std::string::npos) << e.to_string();
}

TEST_P(StoreBadInput, FromAFileChangesNothing) {
  const bad_input& in = GetParam();
  for (const char* locale : {"de", "fr"}) {  // a new catalog, then one replacing app/fr
    SCOPED_TRACE(locale);
    fixture_files files;
    catalog_store store;
    fill(store, files);
    const std::string path = files.dir.write(in.is_mo ? "bad.mo" : "bad.po", in.bytes);
    const snapshot before = take_snapshot(store);
    erli18n::result<erli18n::load_outcome> r = store.load("app", locale, path, in.options);
    ASSERT_FALSE(r);
    expect_error(r.error(), in, path);
    expect_same(before, take_snapshot(store));
    erli18n::result<erli18n::load_outcome> good = store.load("app", locale, files.fr_v2);
    ASSERT_TRUE(good) << good.error().to_string();
    EXPECT_EQ(store.dlgettext("app", locale, "Hello"), "Salut");
  }
}

TEST_P(StoreBadInput, FromABufferChangesNothing) {
  const bad_input& in = GetParam();
  for (const char* domain : {"new", "other"}) {  // a new catalog, then one replacing other/fr
    SCOPED_TRACE(domain);
    fixture_files files;
    catalog_store store;
    fill(store, files);
    const snapshot before = take_snapshot(store);
    erli18n::result<erli18n::load_outcome> r =
        store.load_buffer(domain, "fr", in.bytes, "bad-buffer", in.options);
    ASSERT_FALSE(r);
    expect_error(r.error(), in, "bad-buffer");
    expect_same(before, take_snapshot(store));
    ASSERT_TRUE(store.load_buffer(domain, "fr", other_fr_v2_po, "good"));
    EXPECT_EQ(store.dlgettext(domain, "fr", "Quit"), "Sortir");
  }
}

// The file a catalog came from turns bad: reload fails and the catalog stays as it was; once
// the file is good again, reload succeeds.
TEST_P(StoreBadInput, ReloadOfAFileTurnedBadChangesNothing) {
  const bad_input& in = GetParam();
  fixture_files files;
  catalog_store store;
  load_options options = in.options;
  options.max_bytes = std::max<std::size_t>(options.max_bytes, 4096);
  options.max_entries = std::max<std::size_t>(options.max_entries, 100);
  // The bounds under test apply to the reload: load with them, from a file within them.
  const bool bound_test = in.code == errc::limit_exceeded;
  const std::string good_source = in.is_mo ? compile(de_po) : std::string(de_po);
  const std::string path = files.dir.write(in.is_mo ? "live.mo" : "live.po", good_source);
  fill(store, files);
  if (bound_test) {
    // A file within the bounds, then grown past them.
    const std::string small_source = in.is_mo ? compile(R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
)po")
                                              : std::string("msgid \"x\"\nmsgstr \"y\"\n");
    files.dir.write(in.is_mo ? "live.mo" : "live.po", small_source);
    ASSERT_TRUE(store.load("app", "de", path, in.options));
    files.dir.write(in.is_mo ? "live.mo" : "live.po", in.bytes);
  } else {
    ASSERT_TRUE(store.load("app", "de", path, options));
    files.dir.write(in.is_mo ? "live.mo" : "live.po", in.bytes);
  }
  const snapshot before = take_snapshot(store);
  erli18n::result<erli18n::load_outcome> r = store.reload("app", "de");
  ASSERT_FALSE(r);
  expect_error(r.error(), in, path);
  expect_same(before, take_snapshot(store));
  if (!bound_test) {
    files.dir.write(in.is_mo ? "live.mo" : "live.po", good_source);
    ASSERT_TRUE(store.reload("app", "de"));
    EXPECT_EQ(store.dlgettext("app", "de", "Hello"), "Hallo");
  }
}

std::string bad_input_name(const testing::TestParamInfo<bad_input>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Malformed, StoreBadInput, testing::ValuesIn(bad_inputs()), bad_input_name);

TEST(StoreFaultsErrors, MissingFileChangesNothing) {
  fixture_files files;
  catalog_store store;
  fill(store, files);
  const snapshot before = take_snapshot(store);
  const std::string missing = files.dir.path("missing.po");
  for (const char* locale : {"de", "fr"}) {
    erli18n::result<erli18n::load_outcome> r = store.load("app", locale, missing);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, errc::io) << r.error().to_string();
    EXPECT_EQ(r.error().file, missing);
    expect_same(before, take_snapshot(store));
  }
  // The file a catalog came from disappears: reload fails, the catalog stays.
  fs::remove(files.fr);
  erli18n::result<erli18n::load_outcome> r = store.reload("app", "fr");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, errc::io) << r.error().to_string();
  EXPECT_EQ(r.error().file, files.fr);
  expect_same(before, take_snapshot(store));
  ASSERT_TRUE(store.load("app", "fr", files.fr_v2));
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Salut");
}

TEST(StoreFaultsErrors, InvalidArgumentsChangeNothing) {
  fixture_files files;
  catalog_store store;
  fill(store, files);
  const snapshot before = take_snapshot(store);
  EXPECT_EQ(store.load("", "fr", files.fr_v2).error().code, errc::invalid_argument);
  EXPECT_FALSE(store.load("app", "../fr", files.fr_v2));
  EXPECT_FALSE(store.load_buffer("app", "fr/x", fr_v2_po));
  EXPECT_EQ(store.reload("app", "de").error().code, errc::not_found);
  EXPECT_EQ(store.unload("app", "de").error().code, errc::not_found);
  EXPECT_EQ(store.reload("other", "fr").error().code, errc::invalid_argument);  // from a buffer
  locale_fallback bad;
  bad.kind = locale_fallback::mode::explicit_chain;
  bad.chains["fr"] = {"de", "../etc"};
  EXPECT_FALSE(store.set_fallback(bad));
  expect_same(before, take_snapshot(store));
}

}  // namespace
