// The lookup facade: free functions on the default store with the thread's locale and the
// default domain, locale_scope, translator, locale fallback, and the read-path contracts
// that can be observed from one thread (no allocation, views that outlive their catalog).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "erli18n/gettext.h"

// Counts every allocation of the process, so a test can prove a code path makes none. GCC
// sees the replaced operator delete free memory from operator new and warns; they match.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
namespace {
std::atomic<long> allocations{0};
}
void* operator new(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using erli18n::catalog_store;
using erli18n::translator;

const char* const de_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Hello"
msgstr "Hallo"

msgid "Bye"
msgstr "Tschüss"

msgctxt "door"
msgid "Open"
msgstr "Öffnen"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d Datei"
msgstr[1] "%d Dateien"
)po";

const char* const pt_po = R"po(msgid "Hello"
msgstr "Olá"

msgid "Color"
msgstr "Cor"
)po";

const char* const pt_br_po = R"po(msgid "Hello"
msgstr "Oi"
)po";

const char* const en_po = R"po(msgid "Cancel"
msgstr "Cancel (en)"
)po";

// The default store is process-wide: every test loads under its own domain.
catalog_store& store() { return catalog_store::default_store(); }

TEST(Gettext, FreeFunctionsUseTheThreadLocaleAndDefaultDomain) {
  ASSERT_TRUE(store().load_buffer("free", "de", de_po, "de.po"));
  ASSERT_TRUE(erli18n::textdomain("free"));
  EXPECT_EQ(erli18n::textdomain(), "free");
  ASSERT_TRUE(erli18n::setlocale("de-DE"));
  EXPECT_EQ(erli18n::which_locale(), "de_DE");
  EXPECT_EQ(erli18n::gettext("Hello"), "Hello");  // de_DE has no catalog, and no fallback
  ASSERT_TRUE(erli18n::setlocale("de.UTF-8"));
  EXPECT_EQ(erli18n::which_locale(), "de");
  EXPECT_EQ(erli18n::gettext("Hello"), "Hallo");
  EXPECT_EQ(erli18n::ngettext("%d file", "%d files", 1), "%d Datei");
  EXPECT_EQ(erli18n::ngettext("%d file", "%d files", 2), "%d Dateien");
  EXPECT_EQ(erli18n::pgettext("door", "Open"), "Öffnen");
  EXPECT_EQ(erli18n::npgettext("door", "%d file", "%d files", 2), "%d files");
  EXPECT_EQ(erli18n::dgettext("free", "Bye"), "Tschüss");
  EXPECT_EQ(erli18n::dgettext("nope", "Bye"), "Bye");
  EXPECT_EQ(erli18n::dngettext("free", "%d file", "%d files", 5), "%d Dateien");
  EXPECT_EQ(erli18n::dpgettext("free", "door", "Open"), "Öffnen");
  EXPECT_EQ(erli18n::dnpgettext("free", "door", "%d file", "%d files", 1), "%d file");
  EXPECT_EQ(erli18n::dlgettext("free", "de_AT", "Hello"), "Hello");
  EXPECT_EQ(erli18n::dlgettext("free", "DE", "Hello"), "Hallo");
  EXPECT_EQ(erli18n::dlngettext("free", "de", "%d file", "%d files", 3), "%d Dateien");
  EXPECT_EQ(erli18n::dlpgettext("free", "de", "door", "Open"), "Öffnen");
  // A singular entry asked for a plural: glibc answers with its one form.
  EXPECT_EQ(erli18n::dlnpgettext("free", "de", "door", "Open", "Opens", 3), "Öffnen");
  ASSERT_TRUE(erli18n::setlocale(""));
  EXPECT_EQ(erli18n::which_locale(), erli18n::default_locale());
  ASSERT_TRUE(erli18n::textdomain("messages"));
}

TEST(Gettext, FreeFunctionsFollowEveryChangeOfDomainLocaleAndCatalog) {
  // The free functions remember the slot of the thread's (domain, locale); each change of
  // either, and each write to the catalog, must still be seen by the next lookup.
  std::string fr_po = de_po;
  fr_po.replace(fr_po.find("Hallo"), 5, "Bonjour");
  std::string other_po = de_po;
  other_po.replace(other_po.find("Hallo"), 5, "Moin");
  ASSERT_TRUE(store().load_buffer("cache", "de", de_po, "de.po"));
  ASSERT_TRUE(store().load_buffer("cache", "fr", fr_po, "fr.po"));
  ASSERT_TRUE(store().load_buffer("cache2", "de", other_po, "de2.po"));
  ASSERT_TRUE(erli18n::textdomain("cache"));
  ASSERT_TRUE(erli18n::setlocale("de"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Hallo");
  EXPECT_EQ(erli18n::gettext("Hello"), "Hallo");  // now through the remembered slot
  ASSERT_TRUE(erli18n::setlocale("fr"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Bonjour");
  ASSERT_TRUE(erli18n::textdomain("cache2"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Hello");  // no cache2/fr
  ASSERT_TRUE(erli18n::setlocale("de"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Moin");
  ASSERT_TRUE(erli18n::textdomain("cache"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Hallo");
  ASSERT_TRUE(store().unload("cache", "de"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Hello");
  ASSERT_TRUE(store().load_buffer("cache", "de", other_po, "de.po"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Moin");
  // A thread without its own locale follows the process default as it changes.
  ASSERT_TRUE(erli18n::setlocale(""));
  ASSERT_TRUE(erli18n::set_default_locale("fr"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Bonjour");
  ASSERT_TRUE(erli18n::set_default_locale("de"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Moin");
  ASSERT_TRUE(erli18n::set_default_locale("C"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Hello");
  ASSERT_TRUE(erli18n::textdomain("messages"));
}

TEST(Gettext, FreeFunctionsSeeDomainAndDefaultLocaleSetByAnotherThread) {
  // Each thread keeps its resolved (domain, locale) key; textdomain and set_default_locale
  // called on another thread must make it stale at once.
  std::string fr_po = de_po;
  fr_po.replace(fr_po.find("Hallo"), 5, "Bonjour");
  ASSERT_TRUE(store().load_buffer("other-thread", "de", de_po, "de.po"));
  ASSERT_TRUE(store().load_buffer("other-thread", "fr", fr_po, "fr.po"));
  ASSERT_TRUE(store().load_buffer("other-thread2", "fr", pt_po, "pt.po"));
  ASSERT_TRUE(erli18n::textdomain("other-thread"));
  ASSERT_TRUE(erli18n::set_default_locale("de"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Hallo");
  EXPECT_EQ(erli18n::gettext(ERLI18N_MSG("Hello")), "Hallo");  // resolved and remembered
  std::thread([] { ASSERT_TRUE(erli18n::set_default_locale("fr")); }).join();
  EXPECT_EQ(erli18n::gettext("Hello"), "Bonjour");
  std::thread([] { ASSERT_TRUE(erli18n::textdomain("other-thread2")); }).join();
  EXPECT_EQ(erli18n::gettext(ERLI18N_MSG("Hello")), "Olá");
  EXPECT_EQ(erli18n::gettext("Color"), "Cor");
  ASSERT_TRUE(erli18n::set_default_locale("C"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Hello");
  ASSERT_TRUE(erli18n::textdomain("messages"));
}

TEST(Gettext, FreeFunctionsFindACatalogLoadedAfterTheirFirstLookup) {
  // The thread's key is resolved by a lookup that finds no catalog; the catalog loaded
  // afterwards is found by the next lookup, and its unload is seen too.
  ASSERT_TRUE(erli18n::textdomain("late"));
  erli18n::locale_scope scope("de");
  EXPECT_EQ(erli18n::gettext("Hello"), "Hello");
  EXPECT_EQ(erli18n::pgettext(ERLI18N_PMSG("door", "Open")), "Open");
  ASSERT_TRUE(store().load_buffer("late", "de", de_po, "de.po"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Hallo");
  EXPECT_EQ(erli18n::pgettext(ERLI18N_PMSG("door", "Open")), "Öffnen");
  ASSERT_TRUE(store().unload("late", "de"));
  EXPECT_EQ(erli18n::gettext("Hello"), "Hello");
  ASSERT_TRUE(erli18n::textdomain("messages"));
}

TEST(Gettext, DomainFormsFollowDomainLocaleAndCatalogChanges) {
  // The d forms remember the thread's last domain other than the default one, with its slot;
  // switching domains, changing the locale, a catalog loaded after the first lookup and a
  // domain too long to remember must all answer as without it.
  std::string fr_po = de_po;
  fr_po.replace(fr_po.find("Hallo"), 5, "Bonjour");
  const std::string long_domain(100, 'd');
  ASSERT_TRUE(store().load_buffer("dcache-a", "de", de_po, "de.po"));
  ASSERT_TRUE(store().load_buffer("dcache-b", "de", pt_po, "pt.po"));
  ASSERT_TRUE(store().load_buffer("dcache-b", "fr", fr_po, "fr.po"));
  ASSERT_TRUE(store().load_buffer(long_domain, "de", pt_br_po, "pt_BR.po"));
  ASSERT_TRUE(erli18n::textdomain("dcache-a"));
  erli18n::locale_scope scope("de");
  EXPECT_EQ(erli18n::dgettext("dcache-b", "Hello"), "Olá");
  EXPECT_EQ(erli18n::dgettext("dcache-a", "Hello"), "Hallo");  // the default domain
  EXPECT_EQ(erli18n::dgettext("dcache-c", "Hello"), "Hello");  // not loaded yet
  EXPECT_EQ(erli18n::dgettext("dcache-b", "Color"), "Cor");
  EXPECT_EQ(erli18n::dgettext(long_domain, "Hello"), "Oi");
  EXPECT_EQ(erli18n::dgettext("dcache-b", ERLI18N_MSG("Hello")), "Olá");
  EXPECT_EQ(erli18n::dgettext("dcache-c", "Hello"), "Hello");
  ASSERT_TRUE(store().load_buffer("dcache-c", "de", en_po, "en.po"));
  EXPECT_EQ(erli18n::dgettext("dcache-c", "Cancel"), "Cancel (en)");
  ASSERT_TRUE(erli18n::setlocale("fr"));
  EXPECT_EQ(erli18n::dgettext("dcache-c", "Cancel"), "Cancel");
  EXPECT_EQ(erli18n::dgettext("dcache-b", "Hello"), "Bonjour");
  EXPECT_EQ(erli18n::dpgettext("dcache-b", "door", "Open"), "Öffnen");
  ASSERT_TRUE(erli18n::setlocale(""));
  ASSERT_TRUE(erli18n::set_default_locale("de"));
  EXPECT_EQ(erli18n::dgettext("dcache-b", "Hello"), "Olá");
  std::thread([] { ASSERT_TRUE(erli18n::set_default_locale("fr")); }).join();
  EXPECT_EQ(erli18n::dgettext("dcache-b", "Hello"), "Bonjour");
  ASSERT_TRUE(store().unload("dcache-b", "fr"));
  EXPECT_EQ(erli18n::dgettext("dcache-b", "Hello"), "Hello");
  ASSERT_TRUE(erli18n::set_default_locale("C"));
  ASSERT_TRUE(erli18n::textdomain("messages"));
}

TEST(Gettext, BadNamesAreRefusedAndChangeNothing) {
  ASSERT_TRUE(erli18n::setlocale("fr"));
  EXPECT_FALSE(erli18n::setlocale("fr/../../etc"));
  EXPECT_FALSE(erli18n::setlocale(std::string(100, 'a')));
  EXPECT_EQ(erli18n::which_locale(), "fr");
  EXPECT_FALSE(erli18n::textdomain(""));
  EXPECT_EQ(erli18n::textdomain(), "messages");
  EXPECT_FALSE(erli18n::set_default_locale("-"));
  ASSERT_TRUE(erli18n::setlocale(""));
}

TEST(Gettext, DefaultLocaleIsProcessWideAndThreadLocaleWins) {
  ASSERT_TRUE(store().load_buffer("deflt", "de", de_po, "de.po"));
  ASSERT_TRUE(erli18n::set_default_locale("de_DE.UTF-8"));
  EXPECT_EQ(erli18n::default_locale(), "de_DE");
  ASSERT_TRUE(erli18n::set_default_locale("de"));
  std::string seen;
  std::thread([&] { seen = erli18n::dgettext("deflt", "Hello"); }).join();
  EXPECT_EQ(seen, "Hallo");
  {
    erli18n::locale_scope scope("fr");
    ASSERT_TRUE(scope.ok());
    EXPECT_EQ(erli18n::dgettext("deflt", "Hello"), "Hello");
  }
  EXPECT_EQ(erli18n::dgettext("deflt", "Hello"), "Hallo");
  ASSERT_TRUE(erli18n::set_default_locale("C"));
}

TEST(Gettext, LocaleScopeRestoresThePreviousLocaleEvenWhenNested) {
  ASSERT_TRUE(erli18n::setlocale("pt_BR"));
  {
    erli18n::locale_scope outer("de");
    EXPECT_EQ(erli18n::which_locale(), "de");
    {
      erli18n::locale_scope inner("ja_JP.UTF-8");
      EXPECT_EQ(erli18n::which_locale(), "ja_JP");
    }
    EXPECT_EQ(erli18n::which_locale(), "de");
    erli18n::locale_scope bad("not a locale");
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(erli18n::which_locale(), "de");
  }
  EXPECT_EQ(erli18n::which_locale(), "pt_BR");
  ASSERT_TRUE(erli18n::setlocale(""));
  { erli18n::locale_scope task("de"); }
  // A thread with no locale of its own gets none back: the next task sees the default.
  EXPECT_EQ(erli18n::which_locale(), erli18n::default_locale());
}

TEST(Gettext, TranslatorIsBoundAndSeesReloads) {
  catalog_store own;
  translator t(own, "app", "de-de");
  EXPECT_EQ(t.locale(), "de_DE");
  EXPECT_EQ(t.domain(), "app");
  EXPECT_EQ(t.gettext("Hello"), "Hello");  // nothing loaded yet
  ASSERT_TRUE(own.load_buffer("app", "de_DE", de_po, "de.po"));
  EXPECT_EQ(t.gettext("Hello"), "Hallo");
  translator copy = t;
  ASSERT_TRUE(erli18n::setlocale("fr"));  // the thread's locale does not matter
  EXPECT_EQ(copy.ngettext("%d file", "%d files", 7), "%d Dateien");
  EXPECT_EQ(copy.pgettext("door", "Open"), "Öffnen");
  EXPECT_EQ(copy.npgettext("door", "%d file", "%d files", 1), "%d file");
  ASSERT_TRUE(own.unload("app", "de_DE"));
  EXPECT_EQ(copy.gettext("Hello"), "Hello");
  ASSERT_TRUE(erli18n::setlocale(""));
  translator bad(own, "app", "???");
  EXPECT_EQ(bad.gettext("Hello"), "Hello");
}

TEST(Gettext, TranslatorBoundAfterTheFirstLoadFollowsReloadsAndUnloads) {
  catalog_store own;
  ASSERT_TRUE(own.load_buffer("app", "de", de_po, "de.po"));
  translator t(own, "app", "de");
  EXPECT_EQ(t.gettext("Hello"), "Hallo");
  std::string changed = de_po;
  changed.replace(changed.find("Hallo"), 5, "Servus");
  ASSERT_TRUE(own.load_buffer("app", "de", changed, "de.po"));
  EXPECT_EQ(t.gettext("Hello"), "Servus");
  ASSERT_TRUE(own.unload("app", "de"));
  EXPECT_EQ(t.gettext("Hello"), "Hello");
  erli18n::locale_fallback f;
  f.kind = erli18n::locale_fallback::mode::explicit_chain;
  f.chains["de"] = {"de_AT"};
  ASSERT_TRUE(own.set_fallback(f));
  ASSERT_TRUE(own.load_buffer("app", "de_AT", de_po, "de_AT.po"));
  EXPECT_EQ(t.gettext("Hello"), "Hallo");  // unloaded key: the fallback chain answers
  ASSERT_TRUE(own.load_buffer("app", "de", changed, "de.po"));
  EXPECT_EQ(t.gettext("Hello"), "Servus");
}

TEST(Gettext, BaseLanguageFallback) {
  catalog_store own;
  ASSERT_TRUE(own.load_buffer("app", "pt", pt_po, "pt.po"));
  ASSERT_TRUE(own.load_buffer("app", "pt_BR", pt_br_po, "pt_BR.po"));
  ASSERT_TRUE(own.load_buffer("app", "en", en_po, "en.po"));
  ASSERT_TRUE(erli18n::set_default_locale("en"));
  translator t(own, "app", "pt-BR");
  EXPECT_EQ(t.gettext("Color"), "Color");  // off by default
  erli18n::locale_fallback f;
  f.kind = erli18n::locale_fallback::mode::base_language;
  ASSERT_TRUE(own.set_fallback(f));
  EXPECT_EQ(t.gettext("Hello"), "Oi");            // an exact hit
  EXPECT_EQ(t.gettext("Color"), "Cor");           // pt_BR -> pt
  EXPECT_EQ(t.gettext("Cancel"), "Cancel (en)");  // -> the default locale
  EXPECT_EQ(t.gettext("Nothing"), "Nothing");
  translator no_catalog(own, "app", "pt_PT");
  EXPECT_EQ(no_catalog.gettext("Hello"), "Olá");
  ASSERT_TRUE(erli18n::set_default_locale("C"));
}

TEST(Gettext, BaseLanguageFallbackFollowsCldrParents) {
  catalog_store own;
  const char* es_419 = "msgid \"Hello\"\nmsgstr \"Hola (419)\"\n";
  const char* es = "msgid \"Hello\"\nmsgstr \"Hola\"\nmsgid \"Bye\"\nmsgstr \"Adios\"\n";
  const char* zh = "msgid \"Hello\"\nmsgstr \"Simplified\"\n";
  const char* zh_hant = "msgid \"Bye\"\nmsgstr \"Traditional\"\n";
  ASSERT_TRUE(own.load_buffer("app", "es_419", es_419, "es_419.po"));
  ASSERT_TRUE(own.load_buffer("app", "es", es, "es.po"));
  ASSERT_TRUE(own.load_buffer("app", "zh", zh, "zh.po"));
  ASSERT_TRUE(own.load_buffer("app", "zh_Hant", zh_hant, "zh_Hant.po"));
  erli18n::locale_fallback f;
  f.kind = erli18n::locale_fallback::mode::base_language;
  ASSERT_TRUE(own.set_fallback(f));
  translator mx(own, "app", "es_MX");
  EXPECT_EQ(mx.gettext("Hello"), "Hola (419)");  // es_MX -> es_419
  EXPECT_EQ(mx.gettext("Bye"), "Adios");         // -> es
  translator tw(own, "app", "zh_TW");
  EXPECT_EQ(tw.gettext("Bye"), "Traditional");  // zh_TW -> zh_Hant
  EXPECT_EQ(tw.gettext("Hello"), "Hello");      // never the Simplified zh catalog
  translator hk(own, "app", "zh_Hant_HK");
  EXPECT_EQ(hk.gettext("Hello"), "Hello");
  translator cn(own, "app", "zh_CN");
  EXPECT_EQ(cn.gettext("Hello"), "Simplified");
}

TEST(Gettext, ExplicitChainFallback) {
  catalog_store own;
  ASSERT_TRUE(own.load_buffer("app", "pt", pt_po, "pt.po"));
  ASSERT_TRUE(own.load_buffer("app", "en", en_po, "en.po"));
  erli18n::locale_fallback f;
  f.kind = erli18n::locale_fallback::mode::explicit_chain;
  f.chains["gl-ES"] = {"pt", "en"};
  ASSERT_TRUE(own.set_fallback(f));
  translator gl(own, "app", "gl_ES");
  EXPECT_EQ(gl.gettext("Hello"), "Olá");
  EXPECT_EQ(gl.gettext("Cancel"), "Cancel (en)");
  translator es(own, "app", "es");
  EXPECT_EQ(es.gettext("Hello"), "Hello");  // no chain for es
  f.chains["x"] = {"not/valid"};
  EXPECT_FALSE(own.set_fallback(f));
  EXPECT_EQ(gl.gettext("Hello"), "Olá");  // the refused change changed nothing
}

TEST(Gettext, LookupsAllocateNothing) {
  catalog_store own;
  ASSERT_TRUE(own.load_buffer("app", "de", de_po, "de.po"));
  ASSERT_TRUE(store().load_buffer("alloc", "de", de_po, "de.po"));
  ASSERT_TRUE(erli18n::textdomain("alloc"));
  translator t(own, "app", "de");
  erli18n::locale_fallback f;
  f.kind = erli18n::locale_fallback::mode::base_language;
  ASSERT_TRUE(own.set_fallback(f));
  translator fallback(own, "app", "de_CH");
  erli18n::locale_scope scope("de");
  (void)erli18n::gettext("Hello");  // the thread's first lookup claims its reader slot
  const long before = allocations.load();
  std::size_t total = 0;
  for (int i = 0; i < 1000; ++i) {
    total +=
        t.gettext("Hello").size() + t.ngettext("%d file", "%d files", static_cast<unsigned long>(i)).size() +
        t.pgettext("door", "Open").size() + t.gettext("a miss").size() + fallback.gettext("Bye").size() +
        erli18n::gettext("Hello").size() + erli18n::dngettext("alloc", "%d file", "%d files", 2).size() +
        erli18n::dlpgettext("alloc", "DE", "door", "Open").size() + own.dlgettext("app", "de", "x").size() +
        erli18n::gettext(ERLI18N_MSG("Hello")).size() + t.pgettext(ERLI18N_PMSG("door", "Open")).size() +
        erli18n::ngettext(ERLI18N_NMSG("%d file", "%d files"), 3).size();
  }
  EXPECT_EQ(allocations.load(), before);
  EXPECT_GT(total, 0u);
  ASSERT_TRUE(erli18n::textdomain("messages"));
}

TEST(Gettext, ViewsOutliveReloadsAndUnloads) {
  // Run under ASan in make test: reading a freed view would be reported.
  catalog_store own;
  std::string po = de_po;
  std::vector<std::string_view> views;
  for (int i = 0; i < 100; ++i) {
    std::string changed = po;
    changed.replace(changed.find("Hallo"), 5, "Hallo " + std::to_string(i));
    ASSERT_TRUE(own.load_buffer("app", "de", changed, "de.po"));
    views.push_back(own.dlgettext("app", "de", "Hello"));
    views.push_back(own.dlgettext("app", "de", "Bye"));
    if (i % 10 == 9) {
      ASSERT_TRUE(own.unload("app", "de"));
    }
  }
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(views[2 * i], "Hallo " + std::to_string(i));
    EXPECT_EQ(views[2 * i].data()[views[2 * i].size()], '\0');
    EXPECT_EQ(views[2 * i + 1], "Tschüss");
  }
}

}  // namespace
