// Store events: what each write and (opt-in) lookup reports to observers, registration,
// contained observer failures, re-entrance, and the ready-made observers of observers.h.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/cldr_plurals.h"
#include "erli18n/observers.h"
#include "temp_dir.h"

namespace erli18n {
// gtest prints event kinds by name.
void PrintTo(event_kind kind, std::ostream* os) { *os << to_string(kind); }
}  // namespace erli18n

namespace {

using erli18n::catalog_store;
using erli18n::errc;
using erli18n::event_kind;
using erli18n::store_event;

const char* const fr_po = R"(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "Hello"
msgstr "Bonjour"

#, fuzzy
msgid "Fuzzy one"
msgstr "Flou un"

#, fuzzy
msgctxt "menu"
msgid "Fuzzy two"
msgstr "Flou deux"
)";

const char* const pt_po = R"(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "Bye"
msgstr "Tchau"
)";

// An event with its views copied, so a test can look at it after the call.
struct recorded {
  event_kind kind;
  std::string domain, locale, source, msgid, context, fallback_locale;
  std::size_t messages, bytes, count;
  std::chrono::nanoseconds duration;
  bool has_failure;
  errc failure_code;
};

struct recorder {
  std::vector<recorded> events;
  erli18n::observer observer() {
    return [this](const store_event& e) {
      events.push_back({e.kind, std::string(e.domain), std::string(e.locale), std::string(e.source),
                        std::string(e.msgid), std::string(e.context), std::string(e.fallback_locale),
                        e.messages, e.bytes, e.count, e.duration, e.failure != nullptr,
                        e.failure ? e.failure->code : errc::syntax});
    };
  }
  std::vector<event_kind> kinds() const {
    std::vector<event_kind> out;
    for (const recorded& r : events) out.push_back(r.kind);
    return out;
  }
};

TEST(Events, LoadRaisesStartThenStopWithWhatWasLoaded) {
  erli18n::test_support::temp_dir dir;
  const std::string path = dir.write("fr.po", fr_po);
  catalog_store store;
  recorder rec;
  ASSERT_TRUE(store.add_observer(rec.observer()));
  ASSERT_TRUE(store.load("app", "fr-fr", path, {}));

  // fr_po's `(n > 1)` also differs from CLDR's French rule.
  ASSERT_EQ(rec.kinds(), (std::vector{event_kind::load_start, event_kind::load_stop,
                                      event_kind::fuzzy_skipped, event_kind::plural_divergence}));
  for (const recorded& r : rec.events) {
    EXPECT_EQ(r.domain, "app");
    EXPECT_EQ(r.locale, "fr_FR");  // canonical
    EXPECT_EQ(r.source, path);
  }
  const recorded& stop = rec.events[1];
  EXPECT_EQ(stop.messages, 2u);  // the header and "Hello"; the fuzzy entries are left out
  EXPECT_EQ(stop.bytes, std::string(fr_po).size());
  EXPECT_GT(stop.duration.count(), 0);
  EXPECT_EQ(rec.events[2].count, 2u);
}

TEST(Events, FuzzyEntriesKeptRaiseNoFuzzySkipped) {
  catalog_store store;
  recorder rec;
  ASSERT_TRUE(store.add_observer(rec.observer()));
  erli18n::load_options options;
  options.include_fuzzy = true;
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po, "fr.po", options));
  EXPECT_EQ(rec.kinds(),
            (std::vector{event_kind::load_start, event_kind::load_stop, event_kind::plural_divergence}));
  EXPECT_EQ(rec.events[1].source, "fr.po");
  EXPECT_EQ(rec.events[1].messages, 4u);
}

TEST(Events, FailedLoadsRaiseLoadFailureWithTheError) {
  erli18n::test_support::temp_dir dir;
  catalog_store store;
  recorder rec;
  ASSERT_TRUE(store.add_observer(rec.observer()));

  // A missing file: reading began, then failed.
  EXPECT_FALSE(store.load("app", "fr", dir.path("missing.po")));
  ASSERT_EQ(rec.kinds(), (std::vector{event_kind::load_start, event_kind::load_failure}));
  EXPECT_TRUE(rec.events[1].has_failure);
  EXPECT_EQ(rec.events[1].failure_code, errc::io);

  // Arguments rejected before reading: the failure alone, with the locale as spelled.
  rec.events.clear();
  EXPECT_FALSE(store.load_buffer("app", "not a locale!", pt_po));
  ASSERT_EQ(rec.kinds(), (std::vector{event_kind::load_failure}));
  EXPECT_EQ(rec.events[0].locale, "not a locale!");
  EXPECT_EQ(rec.events[0].failure_code, errc::invalid_argument);

  // Malformed input.
  rec.events.clear();
  EXPECT_FALSE(store.load_buffer("app", "pt", "msgid \"unterminated\n"));
  ASSERT_EQ(rec.kinds(), (std::vector{event_kind::load_start, event_kind::load_failure}));
  EXPECT_EQ(rec.events[1].failure_code, errc::syntax);
}

TEST(Events, AlreadyLoadedCatalogRaisesNothing) {
  erli18n::test_support::temp_dir dir;
  const std::string path = dir.write("pt.po", pt_po);
  catalog_store store;
  ASSERT_TRUE(store.ensure_loaded("app", "pt", path));
  recorder rec;
  ASSERT_TRUE(store.add_observer(rec.observer()));
  auto again = store.ensure_loaded("app", "pt", path);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->already_loaded);
  EXPECT_TRUE(rec.events.empty());
}

TEST(Events, ReloadAndUnload) {
  erli18n::test_support::temp_dir dir;
  const std::string path = dir.write("pt.po", pt_po);
  catalog_store store;
  ASSERT_TRUE(store.load("app", "pt", path));
  recorder rec;
  ASSERT_TRUE(store.add_observer(rec.observer()));

  ASSERT_TRUE(store.reload("app", "pt"));
  ASSERT_EQ(rec.kinds(), (std::vector{event_kind::load_start, event_kind::reload}));
  EXPECT_EQ(rec.events[1].messages, 2u);

  // The file turned bad: the failure is reported and the catalog stays.
  rec.events.clear();
  dir.write("pt.po", "msgid \"broken");
  EXPECT_FALSE(store.reload("app", "pt"));
  ASSERT_EQ(rec.kinds(), (std::vector{event_kind::load_start, event_kind::load_failure}));
  EXPECT_EQ(store.dlgettext("app", "pt", "Bye"), "Tchau");

  rec.events.clear();
  ASSERT_TRUE(store.unload("app", "pt"));
  ASSERT_EQ(rec.kinds(), (std::vector{event_kind::unload}));
  EXPECT_EQ(rec.events[0].source, path);
  EXPECT_EQ(rec.events[0].locale, "pt");
}

// A catalog whose Plural-Forms is `header`, for `locale`.
std::string catalog_with_rule(const std::string& header) {
  std::string po = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n";
  if (!header.empty()) po += "\"Plural-Forms: " + header + "\\n\"\n";
  po += "\nmsgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"A\"\nmsgstr[1] \"B\"\n";
  return po;
}

struct divergence {
  std::string catalog_rule, cldr_rule;
  bool forms_differ;
  unsigned long n, catalog_form, cldr_form;
};

std::vector<divergence> divergences_of(const std::string& locale, const std::string& header) {
  catalog_store store;
  std::vector<divergence> out;
  EXPECT_TRUE(store.add_observer([&](const store_event& e) {
    if (e.kind == event_kind::plural_divergence)
      out.push_back({std::string(e.catalog_rule), std::string(e.cldr_rule), e.forms_differ, e.n,
                     e.catalog_form, e.cldr_form});
  }));
  auto loaded = store.load_buffer("app", locale, catalog_with_rule(header));
  EXPECT_TRUE(loaded) << loaded.error().to_string();
  return out;
}

TEST(Events, PluralDivergenceComparesTheHeaderWithCldrByBehaviour) {
  // French: gettext's two forms against CLDR 41's one/many/other. Form 1 of the catalog is
  // "other" for every n > 1, but CLDR's form 1 is "many" (1000000...), so they part at 2.
  auto fr = divergences_of("fr_FR", "nplurals=2; plural=(n > 1);");
  ASSERT_EQ(fr.size(), 1u);
  EXPECT_EQ(fr[0].catalog_rule, "nplurals=2; plural=(n > 1);");
  EXPECT_EQ(fr[0].cldr_rule, erli18n::cldr_plural_forms("fr").value());
  EXPECT_TRUE(fr[0].forms_differ);
  EXPECT_EQ(fr[0].n, 2u);
  EXPECT_EQ(fr[0].catalog_form, 1u);
  EXPECT_EQ(fr[0].cldr_form, 2u);

  // The same behaviour written differently is no divergence (German, Russian, Japanese).
  EXPECT_TRUE(divergences_of("de", "nplurals=2; plural=n != 1;").empty());
  EXPECT_TRUE(divergences_of("ru",
                             "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                             "(n%100<10 || n%100>=20) ? 1 : 2);")
                  .empty());
  EXPECT_TRUE(divergences_of("ja", "nplurals=1; plural=0;").empty());
  // Japanese with the default two forms: only the number of forms differs... and n = 1.
  auto ja = divergences_of("ja", "nplurals=2; plural=(n != 1);");
  ASSERT_EQ(ja.size(), 1u);
  EXPECT_TRUE(ja[0].forms_differ);
  EXPECT_EQ(ja[0].n, 0u);

  // No Plural-Forms header, or a locale CLDR does not know: nothing to compare.
  EXPECT_TRUE(divergences_of("fr", "").empty());
  EXPECT_TRUE(divergences_of("qq", "nplurals=2; plural=(n > 1);").empty());
}

TEST(Events, TheHeaderRuleWinsOverCldr) {
  catalog_store store;
  ASSERT_TRUE(store.add_observer([](const store_event&) {}));
  ASSERT_TRUE(store.load_buffer("app", "fr", catalog_with_rule("nplurals=2; plural=(n > 1);")));
  EXPECT_EQ(store.dlngettext("app", "fr", "%d file", "%d files", 1000000), "B");  // CLDR: many
  EXPECT_EQ(store.dlngettext("app", "fr", "%d file", "%d files", 1), "A");
}

TEST(Events, MemoryWarningPassesTheThresholdAtMostOncePerInterval) {
  catalog_store store;
  recorder rec;
  ASSERT_TRUE(store.add_observer(rec.observer()));
  auto warnings = [&] {
    std::size_t n = 0;
    for (const recorded& r : rec.events) n += r.kind == event_kind::memory_warning;
    return n;
  };
  ASSERT_TRUE(store.set_memory_warning(1, std::chrono::hours(1)));
  ASSERT_TRUE(store.load_buffer("app", "pt", pt_po));
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po));
  EXPECT_EQ(warnings(), 1u);
  const auto& m = store.memory();
  for (const recorded& r : rec.events)
    if (r.kind == event_kind::memory_warning) {
      EXPECT_GT(r.bytes, 0u);
      EXPECT_LE(r.bytes, m.text_bytes + m.mapped_bytes);
    }

  ASSERT_TRUE(store.set_memory_warning(1, std::chrono::milliseconds(0)));
  ASSERT_TRUE(store.load_buffer("app", "de", pt_po));
  ASSERT_TRUE(store.load_buffer("app", "es", pt_po));
  EXPECT_EQ(warnings(), 3u);

  // Below the threshold, or turned off: none.
  ASSERT_TRUE(store.set_memory_warning(std::size_t{1} << 40, std::chrono::milliseconds(0)));
  ASSERT_TRUE(store.load_buffer("app", "it", pt_po));
  ASSERT_TRUE(store.set_memory_warning(0));
  ASSERT_TRUE(store.load_buffer("app", "nl", pt_po));
  EXPECT_EQ(warnings(), 3u);
  EXPECT_FALSE(store.set_memory_warning(1, std::chrono::milliseconds(-1)));
}

TEST(Events, LookupEventsAreOptIn) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po));
  recorder writes, lookups;
  ASSERT_TRUE(store.add_observer(writes.observer()));
  erli18n::observer_options options;
  options.lookup_events = true;
  ASSERT_TRUE(store.add_observer(lookups.observer(), options));

  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Bonjour");  // a hit: no event
  EXPECT_EQ(store.dlpgettext("app", "fr", "menu", "Missing"), "Missing");
  EXPECT_EQ(store.dlngettext("app", "de", "file", "files", 2), "files");
  EXPECT_TRUE(writes.events.empty());
  ASSERT_EQ(lookups.kinds(), (std::vector{event_kind::lookup_miss, event_kind::lookup_miss}));
  EXPECT_EQ(lookups.events[0].context, "menu");
  EXPECT_EQ(lookups.events[0].msgid, "Missing");
  EXPECT_EQ(lookups.events[0].locale, "fr");
  EXPECT_EQ(lookups.events[1].locale, "de");
  EXPECT_EQ(lookups.events[1].msgid, "file");
}

TEST(Events, FallbackUsedNamesTheLocaleThatAnswered) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po));
  erli18n::locale_fallback fallback;
  fallback.kind = erli18n::locale_fallback::mode::base_language;
  ASSERT_TRUE(store.set_fallback(fallback));
  recorder rec;
  erli18n::observer_options options;
  options.lookup_events = true;
  ASSERT_TRUE(store.add_observer(rec.observer(), options));

  EXPECT_EQ(store.dlgettext("app", "fr_CA", "Hello"), "Bonjour");
  ASSERT_EQ(rec.kinds(), (std::vector{event_kind::fallback_used}));
  EXPECT_EQ(rec.events[0].locale, "fr_CA");
  EXPECT_EQ(rec.events[0].fallback_locale, "fr");
  EXPECT_EQ(rec.events[0].msgid, "Hello");
}

TEST(Events, LookupEventsAreSampled) {
  catalog_store store;
  recorder rec;
  erli18n::observer_options options;
  options.lookup_events = true;
  options.sample_every = 3;
  ASSERT_TRUE(store.add_observer(rec.observer(), options));
  for (int i = 0; i < 9; ++i) EXPECT_EQ(store.dlgettext("app", "fr", "x"), "x");
  EXPECT_EQ(rec.events.size(), 3u);
}

TEST(Events, RegistrationErrors) {
  catalog_store store;
  EXPECT_EQ(store.add_observer(nullptr).error().code, errc::invalid_argument);
  erli18n::observer_options zero;
  zero.sample_every = 0;
  EXPECT_EQ(store.add_observer([](const store_event&) {}, zero).error().code, errc::invalid_argument);
  EXPECT_EQ(store.remove_observer(12345).error().code, errc::not_found);
}

TEST(Events, RemovedObserverIsNotCalledAgain) {
  catalog_store store;
  recorder a, b;
  auto id_a = store.add_observer(a.observer());
  auto id_b = store.add_observer(b.observer());
  ASSERT_TRUE(id_a && id_b);
  EXPECT_NE(*id_a, *id_b);
  ASSERT_TRUE(store.load_buffer("app", "pt", pt_po));
  ASSERT_TRUE(store.remove_observer(*id_a));
  EXPECT_EQ(store.remove_observer(*id_a).error().code, errc::not_found);
  ASSERT_TRUE(store.unload("app", "pt"));
  EXPECT_EQ(a.events.size(), 2u);
  EXPECT_EQ(b.events.size(), 3u);
}

TEST(Events, ThrowingObserversAreContainedAndCounted) {
  catalog_store store;
  recorder after;
  erli18n::observer_options options;
  options.lookup_events = true;
  ASSERT_TRUE(store.add_observer([](const store_event&) { throw std::runtime_error("boom"); }, options));
  ASSERT_TRUE(store.add_observer([](const store_event&) { throw 42; }));
  ASSERT_TRUE(store.add_observer(after.observer()));  // still called after the throws

  auto loaded = store.load_buffer("app", "pt", pt_po);
  ASSERT_TRUE(loaded) << loaded.error().to_string();
  EXPECT_EQ(store.dlgettext("app", "pt", "Bye"), "Tchau");
  EXPECT_EQ(store.dlgettext("app", "pt", "Missing"), "Missing");
  EXPECT_EQ(after.kinds(), (std::vector{event_kind::load_start, event_kind::load_stop}));
  // Two write events to two throwing observers, and one miss to the one that wants it.
  EXPECT_EQ(store.observer_failures(), 5u);
}

TEST(Events, ObserversMayLookUpButNotChangeTheirStore) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "pt", pt_po));
  std::vector<std::string> seen;
  std::vector<errc> refused;
  erli18n::observer_options options;
  options.lookup_events = true;
  ASSERT_TRUE(store.add_observer(
      [&](const store_event& e) {
        // A lookup from inside a lookup event (a hit: it raises no event of its own).
        if (e.kind == event_kind::lookup_miss && e.msgid == "outer")
          seen.emplace_back(store.dlgettext("app", "pt", "Bye"));
        if (e.kind == event_kind::load_stop) {
          refused.push_back(store.load_buffer("app", "de", pt_po).error().code);
          refused.push_back(store.unload("app", "pt").error().code);
          refused.push_back(store.reload("app", "pt").error().code);
          refused.push_back(store.set_fallback({}).error().code);
          refused.push_back(store.add_observer([](const store_event&) {}).error().code);
          refused.push_back(store.remove_observer(1).error().code);
          refused.push_back(store.set_memory_warning(1).error().code);
        }
      },
      options));
  EXPECT_EQ(store.dlgettext("app", "pt", "outer"), "outer");
  EXPECT_EQ(seen, std::vector<std::string>{"Tchau"});
  ASSERT_TRUE(store.load_buffer("app", "es", pt_po));
  EXPECT_EQ(refused, std::vector<errc>(7, errc::invalid_argument));
  EXPECT_EQ(store.locales(), (std::vector<std::string>{"es", "pt"}));
  // Another store may be changed from an observer.
  catalog_store other;
  ASSERT_TRUE(other.add_observer([&](const store_event& e) {
    if (e.kind == event_kind::load_stop) {
      EXPECT_TRUE(store.load_buffer("app", "it", pt_po));
    }
  }));
  ASSERT_TRUE(other.load_buffer("app", "pt", pt_po));
  EXPECT_EQ(store.dlgettext("app", "it", "Bye"), "Tchau");
}

// The scenarios below used to overflow the stack or deadlock: each runs in a child (a death
// test), under an alarm, so that a regression fails the test instead of killing or hanging
// the test binary. The child exits 0 when everything held, else prints what did not.
void run_in_child(const std::function<std::string()>& scenario) {
  EXPECT_EXIT(
      {
        ::alarm(20);  // a deadlock ends the child with SIGALRM
        const std::string failed = scenario();
        if (!failed.empty()) std::fprintf(stderr, "%s\n", failed.c_str());
        std::fflush(stderr);
        std::_Exit(failed.empty() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

// What `got` lacks to equal `want`, for the child's report.
template <class T>
std::string expect_equal(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
  if (got == want) return {};
  std::string out = std::string(what) + ":";
  for (const T& v : got) {
    out += " ";
    if constexpr (std::is_same_v<T, std::string>)
      out += v;
    else
      out += std::to_string(static_cast<int>(v));
  }
  return out;
}

// Issue 20, finding 4: an observer of lookup events that looks up a missing message itself,
// with the default sample_every = 1, was called again from its own lookup until the stack
// overflowed. Its lookups raise no events now; it sees the program's misses only, and its
// own lookups still answer (hits and misses alike).
TEST(EventsDeathTest, AnObserverThatLooksUpAMissingMessageIsNotCalledFromItsOwnLookup) {
  run_in_child([] {
    catalog_store store;
    if (!store.load_buffer("app", "pt", pt_po)) return std::string("load failed");
    std::vector<std::string> seen, answers;
    erli18n::observer_options options;
    options.lookup_events = true;
    if (!store.add_observer(
            [&](const store_event& e) {
              seen.emplace_back(e.msgid);
              answers.emplace_back(store.dlgettext("app", "pt", "Not translated either"));
              answers.emplace_back(store.dlngettext("app", "pt", "file", "files", 2));
              answers.emplace_back(store.dlgettext("app", "pt", "Bye"));
            },
            options))
      return std::string("add_observer failed");
    std::string failed;
    if (store.dlgettext("app", "pt", "Missing") != "Missing") failed += "wrong answer to Missing; ";
    if (store.dlgettext("app", "pt", "Bye") != "Tchau") failed += "wrong answer to Bye; ";
    if (store.dlgettext("app", "de", "Elsewhere") != "Elsewhere") failed += "wrong answer to Elsewhere; ";
    failed += expect_equal("seen", seen, {"Missing", "Elsewhere"});
    failed +=
        expect_equal("answers", answers,
                     {"Not translated either", "files", "Tchau", "Not translated either", "files", "Tchau"});
    if (store.observer_failures() != 0) failed += " observer failures";
    return failed;
  });
}

// Lookups from inside any observer raise no lookup events in any store: two stores whose
// observers look up in each other (and in themselves) would otherwise call each other
// without end. A write observer's lookups raise none either; the program's own lookups do.
TEST(EventsDeathTest, ObserversOfTwoStoresLookingUpInEachOtherAreCalledOncePerMiss) {
  run_in_child([] {
    catalog_store a, b;
    std::vector<std::string> seen_a, seen_b;
    erli18n::observer_options options;
    options.lookup_events = true;
    auto look_up_everywhere = [&] {
      (void)a.dlgettext("app", "pt", "missing in a");
      (void)b.dlgettext("app", "pt", "missing in b");
    };
    if (!a.add_observer(
            [&](const store_event& e) {
              if (e.kind == event_kind::lookup_miss) seen_a.emplace_back(e.msgid);
              look_up_everywhere();
            },
            options) ||
        !b.add_observer(
            [&](const store_event& e) {
              if (e.kind == event_kind::lookup_miss) seen_b.emplace_back(e.msgid);
              look_up_everywhere();
            },
            options))
      return std::string("add_observer failed");
    if (!a.load_buffer("app", "pt", pt_po)) return std::string("load failed");  // two write events
    std::string failed;
    if (a.dlgettext("app", "pt", "one") != "one") failed += "wrong answer in a; ";
    if (b.dlgettext("app", "pt", "two") != "two") failed += "wrong answer in b; ";
    if (a.dlgettext("app", "pt", "Bye") != "Tchau") failed += "wrong hit in a; ";
    failed += expect_equal("seen by a", seen_a, {"one"});
    failed += expect_equal("seen by b", seen_b, {"two"});
    return failed;
  });
}

// Nested observers: a write observer of `a` loads into `b`, whose observer then tries to load
// into `a` while a's write (and writer lock) is still under way on this thread. Refused, as a
// write from a's own observer is; it used to lock a's writer mutex a second time (deadlock).
TEST(EventsDeathTest, AnObserverCalledFromAnotherStoresObserverMayNotWriteToTheOuterStore) {
  run_in_child([] {
    catalog_store a, b;
    std::vector<errc> refused;
    if (!a.add_observer([&](const store_event& e) {
          if (e.kind == event_kind::load_stop && e.domain == "app") (void)b.load_buffer("app", "pt", pt_po);
        }) ||
        !b.add_observer([&](const store_event& e) {
          if (e.kind != event_kind::load_stop) return;
          auto r = a.load_buffer("other", "pt", pt_po);
          refused.push_back(r ? errc::syntax : r.error().code);  // syntax stands for "loaded"
        }))
      return std::string("add_observer failed");
    if (!a.load_buffer("app", "pt", pt_po)) return std::string("load into a failed");
    std::string failed = expect_equal("refused", refused, {errc::invalid_argument});
    if (b.dlgettext("app", "pt", "Bye") != "Tchau") failed += " b was not loaded";
    if (a.dlgettext("other", "pt", "Bye") != "Bye") failed += " a was written from inside its own write";
    // Outside any observer, the same load is fine.
    if (!a.load_buffer("other", "pt", pt_po)) failed += " a refuses a load made outside observers";
    return failed;
  });
}

// Lookups that miss on several threads while observers come and go: a removed observer's
// state is destroyed as soon as remove_observer returns, so a late call would touch freed
// memory (ASan) or race (TSan).
TEST(Events, ObserversComeAndGoWhileLookupsMiss) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "pt", pt_po));
  std::atomic<bool> stop{false};
  std::vector<std::thread> readers;
  for (int t = 0; t < 3; ++t)
    readers.emplace_back([&] {
      while (!stop.load(std::memory_order_relaxed)) {
        if (store.dlgettext("app", "pt", "Missing") != "Missing") std::abort();
        if (store.dlgettext("app", "pt", "Bye") != "Tchau") std::abort();
      }
    });
  erli18n::observer_options options;
  options.lookup_events = true;
  std::uint64_t delivered = 0;
  for (int round = 0; round < 200; ++round) {
    auto count = std::make_unique<std::atomic<std::uint64_t>>(0);
    auto id = store.add_observer(
        [c = count.get()](const store_event& e) {
          if (e.kind == event_kind::lookup_miss) c->fetch_add(1, std::memory_order_relaxed);
        },
        options);
    ASSERT_TRUE(id);
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    ASSERT_TRUE(store.remove_observer(*id));
    delivered += count->load();
    count.reset();  // a call after remove_observer returned would use freed memory
  }
  stop = true;
  for (std::thread& t : readers) t.join();
  EXPECT_GT(delivered, 0u);
}

TEST(Observers, StreamLoggerWritesOneLinePerEvent) {
  std::ostringstream out;
  catalog_store store;
  ASSERT_TRUE(store.add_observer(erli18n::stream_logger(out)));
  ASSERT_TRUE(store.load_buffer("app", "pt-br", pt_po, "pt.po"));
  EXPECT_FALSE(store.load_buffer("app", "pt", "msgid \"broken", "bad.po"));
  std::istringstream lines(out.str());
  std::vector<std::string> got;
  for (std::string line; std::getline(lines, line);) got.push_back(line);
  ASSERT_EQ(got.size(), 4u) << out.str();
  EXPECT_EQ(got[0], "erli18n: load_start domain=app locale=pt_BR source=pt.po");
  EXPECT_EQ(got[1].rfind("erli18n: load_stop domain=app locale=pt_BR source=pt.po messages=2 bytes=", 0), 0u)
      << got[1];
  EXPECT_NE(got[1].find(" ms="), std::string::npos);
  EXPECT_EQ(got[3].rfind("erli18n: load_failure domain=app locale=pt source=bad.po ms=", 0), 0u) << got[3];
  EXPECT_NE(got[3].find("error=\"bad.po:1:"), std::string::npos) << got[3];
}

TEST(Observers, DescribeNamesTheFileLeftUnread) {
  store_event e;
  e.kind = event_kind::catalog_shadowed;
  e.domain = "web";
  e.locale = "de";
  e.source = "root/de/LC_MESSAGES/web.mo";
  e.ignored = "root/de/LC_MESSAGES/web.po";
  EXPECT_EQ(erli18n::describe(e),
            "erli18n: catalog_shadowed domain=web locale=de source=root/de/LC_MESSAGES/web.mo "
            "ignored=root/de/LC_MESSAGES/web.po");
  store_event d;
  d.kind = event_kind::duplicate_locale_folder;
  d.locale = "pt_BR";
  d.source = "root/pt-br";
  d.ignored = "root/pt_BR.UTF-8";
  EXPECT_EQ(erli18n::describe(d),
            "erli18n: duplicate_locale_folder locale=pt_BR source=root/pt-br ignored=root/pt_BR.UTF-8");
  erli18n::prometheus_counters counters;
  counters.count(d);
  EXPECT_EQ(counters.events(event_kind::duplicate_locale_folder), 1u);
  EXPECT_NE(counters.text().find("erli18n_events_total{kind=\"duplicate_locale_folder\"} 1\n"),
            std::string::npos);
}

TEST(Observers, PrometheusCountersCountEveryKind) {
  erli18n::prometheus_counters counters;
  catalog_store store;
  erli18n::observer_options options;
  options.lookup_events = true;
  ASSERT_TRUE(store.add_observer(counters.as_observer(), options));
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po));
  ASSERT_TRUE(store.load_buffer("app", "pt", pt_po));
  EXPECT_FALSE(store.load_buffer("app", "de", "msgid \"broken"));
  EXPECT_EQ(store.dlgettext("app", "fr", "nope"), "nope");
  EXPECT_EQ(counters.events(event_kind::load_start), 3u);
  EXPECT_EQ(counters.events(event_kind::load_stop), 2u);
  EXPECT_EQ(counters.events(event_kind::load_failure), 1u);
  EXPECT_EQ(counters.events(event_kind::lookup_miss), 1u);

  const std::string text = counters.text();
  EXPECT_NE(text.find("# TYPE erli18n_events_total counter\n"), std::string::npos);
  EXPECT_NE(text.find("erli18n_events_total{kind=\"load_start\"} 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("erli18n_events_total{kind=\"load_failure\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("erli18n_events_total{kind=\"unload\"} 0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("erli18n_fuzzy_entries_skipped_total 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("erli18n_load_seconds_total "), std::string::npos);
  // Every sample line is `name{labels} value` or `name value` with a number.
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("# ", 0) == 0) continue;
    const std::size_t space = line.rfind(' ');
    ASSERT_NE(space, std::string::npos) << line;
    EXPECT_EQ(line.rfind("erli18n_", 0), 0u) << line;
    const std::string value = line.substr(space + 1);
    EXPECT_NO_THROW((void)std::stod(value)) << line;
  }
}

}  // namespace
