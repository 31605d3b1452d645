// A program's catalogs and locale in three lines: locale_from_environment (GNU's reading of
// LANGUAGE, LC_ALL, LC_MESSAGES and LANG), use_environment_locale (the locale and its fallback
// chain set), catalog_store::load_domain / bind_domain (a domain's installed catalogs), and
// glibc's own dgettext on the same folders and environments as the oracle.
#include <gtest/gtest.h>

#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "erli18n/events.h"
#include "erli18n/gettext.h"
#include "test_support.h"

namespace {

using erli18n::catalog_store;
using erli18n::environment_locale;
using erli18n::locale_from_environment;
using erli18n::test_support::mo_from_po;
using erli18n::test_support::temp_dir;
using env_map = std::map<std::string, std::string>;
using strings = std::vector<std::string>;

// An environment lookup over a map, as `getenv` reads the process's.
erli18n::environment_lookup lookup_in(const env_map& env) {
  return [&env](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
}

environment_locale read_env(const env_map& env) { return locale_from_environment(lookup_in(env)); }

std::string po(const std::vector<std::pair<std::string, std::string>>& messages) {
  std::string text = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n";
  for (const auto& [id, str] : messages) text += "\nmsgid \"" + id + "\"\nmsgstr \"" + str + "\"\n";
  return text;
}

// ---- locale_from_environment ----

TEST(LocaleFromEnvironment, EverySpellingOfALocaleIsCanonicalized) {
  for (const char* spelling :
       {"pt_BR", "pt_BR.UTF-8", "pt_BR.utf8", "pt-br", "pt_br", "PT-BR", "pt_BR.UTF-8@euro"}) {
    environment_locale e = read_env({{"LANG", spelling}});
    EXPECT_EQ(e.locale, "pt_BR") << spelling;
    EXPECT_EQ(e.fallbacks, strings{"pt"}) << spelling;  // glibc tries pt after pt_BR
    EXPECT_EQ(e.variable, "LANG") << spelling;
    EXPECT_TRUE(e.ignored.empty()) << spelling;
  }
}

TEST(LocaleFromEnvironment, LcAllThenLcMessagesThenLangAndEmptyMeansUnset) {
  EXPECT_EQ(read_env({{"LC_ALL", "fr_FR.UTF-8"}, {"LC_MESSAGES", "de_DE"}, {"LANG", "es"}}).locale, "fr_FR");
  environment_locale m = read_env({{"LC_ALL", ""}, {"LC_MESSAGES", "de_DE"}, {"LANG", "es"}});
  EXPECT_EQ(m.locale, "de_DE");
  EXPECT_EQ(m.variable, "LC_MESSAGES");
  EXPECT_EQ(read_env({{"LC_MESSAGES", ""}, {"LANG", "es"}}).locale, "es");
  environment_locale none = read_env({});
  EXPECT_EQ(none.locale, "C");
  EXPECT_TRUE(none.fallbacks.empty());
  EXPECT_EQ(none.variable, "");
}

TEST(LocaleFromEnvironment, LanguageIsAPriorityListWithEachEntrysParents) {
  environment_locale e = read_env({{"LANG", "fr_FR.UTF-8"}, {"LANGUAGE", "pt_BR:de_AT:pt:de"}});
  EXPECT_EQ(e.locale, "pt_BR");
  EXPECT_EQ(e.variable, "LANGUAGE");
  // LANGUAGE replaces LANG: fr is not tried (glibc does not either); each locale once.
  EXPECT_EQ(e.fallbacks, (strings{"pt", "de_AT", "de"}));
}

TEST(LocaleFromEnvironment, LanguageSkipsEmptyAndMalformedEntriesAndStopsAtC) {
  environment_locale e = read_env({{"LANG", "C.UTF-8"}, {"LANGUAGE", "::en US:pt-br.UTF-8::fr:C:de"}});
  EXPECT_EQ(e.locale, "pt_BR");
  EXPECT_EQ(e.fallbacks, (strings{"pt", "fr"}));  // "C" ends the list: glibc then returns the msgid
  EXPECT_EQ(e.ignored, strings{"LANGUAGE: en US"});
  environment_locale c_first = read_env({{"LANG", "de_DE"}, {"LANGUAGE", "C:de"}});
  EXPECT_EQ(c_first.locale, "C");
  EXPECT_TRUE(c_first.fallbacks.empty());
}

TEST(LocaleFromEnvironment, TheCLocaleIgnoresLanguage) {
  for (const env_map& env : {env_map{{"LANGUAGE", "de"}}, env_map{{"LANG", "C"}, {"LANGUAGE", "de"}},
                             env_map{{"LANG", "POSIX"}, {"LANGUAGE", "de"}},
                             env_map{{"LC_ALL", "C"}, {"LANG", "fr_FR"}, {"LANGUAGE", "de"}},
                             env_map{{"LC_MESSAGES", "POSIX"}, {"LANG", "fr_FR"}, {"LANGUAGE", "de"}}}) {
    environment_locale e = read_env(env);
    EXPECT_EQ(e.locale, "C");
    EXPECT_TRUE(e.fallbacks.empty());
  }
  // C.UTF-8 is not "C" to glibc: LANGUAGE applies (checked against glibc below).
  EXPECT_EQ(read_env({{"LANG", "C.UTF-8"}, {"LANGUAGE", "de"}}).locale, "de");
  EXPECT_EQ(read_env({{"LANG", "C.UTF-8"}}).locale, "C");
}

TEST(LocaleFromEnvironment, AMalformedLocaleIsReportedAndIgnoresLanguage) {
  environment_locale e = read_env({{"LANG", "en US"}, {"LANGUAGE", "de"}});
  EXPECT_EQ(e.locale, "C");  // glibc's setlocale refuses it and stays in C
  EXPECT_EQ(e.ignored, strings{"LANG: en US"});
  EXPECT_EQ(e.variable, "");
}

TEST(LocaleFromEnvironment, AModifierIsKeptBeforeItIsDropped) {
  environment_locale e = read_env({{"LANG", "sr_RS.UTF-8@latin"}});
  EXPECT_EQ(e.locale, "sr_RS@latin");
  EXPECT_EQ(e.fallbacks, (strings{"sr@latin", "sr_RS", "sr"}));
}

// ---- catalog_store::load_domain ----

TEST(LoadDomain, LoadsEveryLocaleFolderUnderItsCanonicalName) {
  temp_dir dir;
  dir.write("pt_BR.UTF-8/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Olá"}})));
  dir.write("de/LC_MESSAGES/hello.po", po({{"Hello", "Hallo"}}));
  dir.write("fr-ca/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Allô"}})));
  dir.write("es/LC_MESSAGES/other.mo", mo_from_po(po({{"Hello", "Hola"}})));  // another domain
  dir.write("not a locale/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "?"}})));
  catalog_store store;
  erli18n::result<erli18n::domain_load> r = store.load_domain("hello", dir.root());
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->domain, "hello");
  EXPECT_EQ(r->root, dir.root());
  ASSERT_EQ(r->catalogs.size(), 3u);
  EXPECT_EQ(r->catalogs[0].locale, "de");
  EXPECT_EQ(r->catalogs[0].path, dir.path("de/LC_MESSAGES/hello.po"));
  EXPECT_EQ(r->catalogs[0].messages, 2u);
  EXPECT_EQ(r->catalogs[1].locale, "fr_CA");
  EXPECT_EQ(r->catalogs[2].locale, "pt_BR");
  EXPECT_EQ(r->catalogs[2].path, dir.path("pt_BR.UTF-8/LC_MESSAGES/hello.mo"));
  EXPECT_EQ(store.locales(), (strings{"de", "fr_CA", "pt_BR"}));
  EXPECT_EQ(store.dlgettext("hello", "pt-BR", "Hello"), "Olá");
  EXPECT_EQ(store.dlgettext("hello", "de_DE.UTF-8", "Hello"), "Hello");  // no fallback set
  EXPECT_EQ(store.dlgettext("hello", "fr_CA", "Hello"), "Allô");
}

TEST(LoadDomain, TwoFoldersNamingOneLocaleLoadOneCatalog) {
  temp_dir dir;
  dir.write("pt-br/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Olá (pt-br)"}})));
  dir.write("pt_BR.UTF-8/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Olá (pt_BR.UTF-8)"}})));
  catalog_store store;
  auto r = store.load_domain("hello", dir.root());
  ASSERT_TRUE(r) << r.error().to_string();
  ASSERT_EQ(r->catalogs.size(), 1u);
  EXPECT_EQ(r->catalogs[0].locale, "pt_BR");
  // The watcher's rule (watch.h): the first folder in byte order, `-` before `_`.
  EXPECT_EQ(r->catalogs[0].path, dir.path("pt-br/LC_MESSAGES/hello.mo"));
  EXPECT_EQ(store.dlgettext("hello", "pt_BR", "Hello"), "Olá (pt-br)");
  ASSERT_EQ(store.catalogs().size(), 1u);
  EXPECT_EQ(store.catalogs()[0].source, r->catalogs[0].path);
}

// What load_domain leaves unread is an event, as the watcher's (no silent choice): the second
// folder naming a locale, and a .po beside the .mo that is read.
TEST(LoadDomain, WhatItLeavesUnreadIsAnEvent) {
  temp_dir dir;
  dir.write("pt-br/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Olá"}})));
  dir.write("pt_BR.UTF-8/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Olá (2)"}})));
  dir.write("de/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Hallo"}})));
  dir.write("de/LC_MESSAGES/hello.po", po({{"Hello", "Hallo (po)"}}));
  dir.write("fr/LC_MESSAGES/other.mo", mo_from_po(po({{"Hello", "Bonjour"}})));
  dir.write("fr_FR.UTF-8/LC_MESSAGES/other.mo", mo_from_po(po({{"Hello", "Bonjour"}})));
  catalog_store store;
  struct unread_file {  // an event's views live only during the call: kept as strings
    erli18n::event_kind kind;
    std::string domain, locale, source, ignored;
  };
  std::vector<unread_file> unread;
  ASSERT_TRUE(store.add_observer([&](const erli18n::store_event& e) {
    if (e.kind == erli18n::event_kind::duplicate_locale_folder ||
        e.kind == erli18n::event_kind::catalog_shadowed)
      unread.push_back({e.kind, std::string(e.domain), std::string(e.locale), std::string(e.source),
                        std::string(e.ignored)});
  }));
  auto r = store.load_domain("hello", dir.root());
  ASSERT_TRUE(r) << r.error().to_string();
  ASSERT_EQ(unread.size(), 2u);  // fr's folders hold another domain: not this load's business
  EXPECT_EQ(unread[0].kind, erli18n::event_kind::duplicate_locale_folder);
  EXPECT_EQ(unread[0].locale, "pt_BR");
  EXPECT_EQ(unread[0].source, dir.path("pt-br"));
  EXPECT_EQ(unread[0].ignored, dir.path("pt_BR.UTF-8"));
  EXPECT_EQ(unread[1].kind, erli18n::event_kind::catalog_shadowed);
  EXPECT_EQ(unread[1].domain, "hello");
  EXPECT_EQ(unread[1].locale, "de");
  EXPECT_EQ(unread[1].source, dir.path("de/LC_MESSAGES/hello.mo"));
  EXPECT_EQ(unread[1].ignored, dir.path("de/LC_MESSAGES/hello.po"));
  EXPECT_EQ(store.dlgettext("hello", "de", "Hello"), "Hallo");
}

TEST(LoadDomain, NoCatalogOfTheDomainIsAnErrorNamingFolderAndDomain) {
  temp_dir dir;
  dir.write("de/LC_MESSAGES/other.mo", mo_from_po(po({{"Hello", "Hallo"}})));
  catalog_store store;
  auto r = store.load_domain("hello", dir.root());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, erli18n::errc::not_found);
  EXPECT_EQ(r.error().file, dir.root());
  EXPECT_EQ(r.error().to_string(),
            dir.root() + ": error: no catalog of domain 'hello' (LOCALE/LC_MESSAGES/hello.mo or .po)");
  EXPECT_TRUE(store.catalogs().empty());

  temp_dir empty;
  EXPECT_EQ(store.load_domain("hello", empty.root()).error().code, erli18n::errc::not_found);
}

TEST(LoadDomain, ARootThatIsNoFolderOrABadDomainIsAnError) {
  temp_dir dir;
  catalog_store store;
  auto missing = store.load_domain("hello", dir.path("nowhere"));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, erli18n::errc::io);
  EXPECT_EQ(missing.error().to_string(),
            dir.path("nowhere") + ": error: cannot read catalogs: no such file or directory");
  const std::string file = dir.write("file", "x");
  auto not_dir = store.load_domain("hello", file);
  ASSERT_FALSE(not_dir);
  EXPECT_EQ(not_dir.error().to_string(), file + ": error: cannot read catalogs: not a folder");
  for (const char* bad : {"", "../x", "a/b"})
    EXPECT_EQ(store.load_domain(bad, dir.root()).error().code, erli18n::errc::invalid_argument) << bad;
}

TEST(LoadDomain, ABrokenCatalogIsTheErrorAndTheOthersAreLoaded) {
  temp_dir dir;
  dir.write("de/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Hallo"}})));
  const std::string broken = dir.write("fr/LC_MESSAGES/hello.po", "msgid \"Hello\"\nmsgstr \"Bonjour\n");
  catalog_store store;
  auto r = store.load_domain("hello", dir.root());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().file, broken);
  EXPECT_EQ(r.error().line, 2u);
  EXPECT_EQ(store.dlgettext("hello", "de", "Hello"), "Hallo");
}

TEST(LoadDomain, CallingItAgainReadsTheFilesAgain) {
  temp_dir dir;
  dir.write("de/LC_MESSAGES/hello.po", po({{"Hello", "Hallo"}}));
  catalog_store store;
  ASSERT_TRUE(store.load_domain("hello", dir.root()));
  dir.write("de/LC_MESSAGES/hello.po", po({{"Hello", "Guten Tag"}}));
  ASSERT_TRUE(store.load_domain("hello", dir.root()));
  EXPECT_EQ(store.dlgettext("hello", "de", "Hello"), "Guten Tag");
}

// ---- use_environment_locale ----

TEST(UseEnvironmentLocale, SetsTheLocaleAndTheChainLanguageGives) {
  temp_dir dir;
  dir.write("pt_BR/LC_MESSAGES/app.mo", mo_from_po(po({{"Hello", "Olá"}})));
  dir.write("pt/LC_MESSAGES/app.mo", mo_from_po(po({{"Thanks", "Obrigado"}})));
  dir.write("de/LC_MESSAGES/app.mo", mo_from_po(po({{"Hello", "Hallo"}, {"Bye", "Tschüss"}})));
  catalog_store store;
  ASSERT_TRUE(store.load_domain("app", dir.root()));
  const env_map env{{"LANG", "C.UTF-8"}, {"LANGUAGE", "pt_BR:de"}};
  auto r = erli18n::use_environment_locale(store, lookup_in(env), erli18n::locale_target::thread);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->locale, "pt_BR");
  EXPECT_EQ(erli18n::which_locale(), "pt_BR");
  EXPECT_EQ(store.fallback().kind, erli18n::locale_fallback::mode::explicit_chain);
  EXPECT_EQ(store.fallback().chains.at("pt_BR"), (strings{"pt", "de"}));
  EXPECT_EQ(store.dlgettext("app", "pt_BR", "Hello"), "Olá");
  EXPECT_EQ(store.dlgettext("app", "pt_BR", "Thanks"), "Obrigado");
  EXPECT_EQ(store.dlgettext("app", "pt_BR", "Bye"), "Tschüss");
  EXPECT_EQ(store.dlgettext("app", "pt_BR", "Unknown"), "Unknown");
  erli18n::translator t(store, "app", erli18n::which_locale());
  EXPECT_EQ(t.gettext("Bye"), "Tschüss");

  // Other chains stay; a later environment without fallbacks drops this locale's chain.
  erli18n::locale_fallback with_other = store.fallback();
  with_other.chains["fr"] = {"de"};
  ASSERT_TRUE(store.set_fallback(with_other));
  ASSERT_TRUE(erli18n::use_environment_locale(store, lookup_in({{"LC_ALL", "de_AT"}, {"LANGUAGE", "de"}}),
                                              erli18n::locale_target::thread));
  EXPECT_EQ(store.fallback().chains.at("pt_BR"), (strings{"pt", "de"}));
  EXPECT_EQ(store.fallback().chains.at("fr"), strings{"de"});
  ASSERT_TRUE(
      erli18n::use_environment_locale(store, lookup_in({{"LANG", "pt_BR"}}), erli18n::locale_target::thread));
  EXPECT_EQ(store.fallback().chains.at("pt_BR"), strings{"pt"});
  ASSERT_TRUE(
      erli18n::use_environment_locale(store, lookup_in({{"LANG", "C"}}), erli18n::locale_target::thread));
  EXPECT_EQ(erli18n::which_locale(), "C");
  EXPECT_EQ(store.fallback().chains.count("pt_BR"), 1u);  // "C" names no chain: the others stay
  ASSERT_TRUE(erli18n::setlocale(""));
}

// The three lines of a program's main(), on the default store and the process default.
TEST(UseEnvironmentLocale, ThreeLinesMakeGettextAnswerInTheUsersLanguage) {
  temp_dir dir;
  dir.write("pt_BR.UTF-8/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Olá"}})));
  dir.write("de/LC_MESSAGES/hello.mo", mo_from_po(po({{"Hello", "Hallo"}, {"Bye", "Tschüss"}})));
  const env_map env{{"LANG", "fr_FR.UTF-8"}, {"LANGUAGE", "pt-br:de"}};

  ASSERT_TRUE(erli18n::textdomain("hello"));
  ASSERT_TRUE(erli18n::bind_domain("hello", dir.root()));
  ASSERT_TRUE(erli18n::use_environment_locale(catalog_store::default_store(), lookup_in(env)));

  EXPECT_EQ(erli18n::default_locale(), "pt_BR");
  EXPECT_EQ(erli18n::gettext("Hello"), "Olá");
  EXPECT_EQ(erli18n::gettext("Bye"), "Tschüss");
  EXPECT_EQ(erli18n::gettext("Other"), "Other");
}

// ---- glibc as the oracle ----

// What glibc's dgettext answers for each msgid in a fresh process whose environment is
// exactly `env`, after the GNU set-up (setlocale(LC_ALL, ""), bindtextdomain).
strings glibc_answers(const std::string& root, const std::string& domain, const env_map& env,
                      const strings& msgids) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe");
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    ::clearenv();
    for (const auto& [k, v] : env) ::setenv(k.c_str(), v.c_str(), 1);
    ::setlocale(LC_ALL, "");
    ::bindtextdomain(domain.c_str(), root.c_str());
    std::string out;
    for (const std::string& id : msgids) {
      out += ::dgettext(domain.c_str(), id.c_str());
      out += '\0';
    }
    for (std::size_t done = 0; done < out.size();) {
      const ssize_t n = ::write(fds[1], out.data() + done, out.size() - done);
      if (n <= 0) ::_exit(1);
      done += static_cast<std::size_t>(n);
    }
    ::_exit(0);
  }
  ::close(fds[1]);
  std::string bytes;
  char buf[65536];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) bytes.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error("glibc child failed");
  strings answers;
  for (std::size_t start = 0; start < bytes.size();) {
    const std::size_t end = bytes.find('\0', start);
    answers.push_back(bytes.substr(start, end - start));
    start = end + 1;
  }
  return answers;
}

// Our answers for the same environment: the store's catalogs of the domain, the locale and
// chain use_environment_locale sets.
strings our_answers(catalog_store& store, const std::string& domain, const env_map& env,
                    const strings& msgids) {
  auto set = erli18n::use_environment_locale(store, lookup_in(env), erli18n::locale_target::thread);
  if (!set) throw std::runtime_error(set.error().to_string());
  strings answers;
  for (const std::string& id : msgids)
    answers.emplace_back(store.dlgettext(domain, erli18n::which_locale(), id));
  if (!erli18n::setlocale("")) throw std::runtime_error("setlocale");
  return answers;
}

// Environments glibc honours on any Debian 12 system (C.UTF-8 is always installed; a locale
// that is not makes glibc's setlocale fail, where erli18n needs only the catalogs).
const std::vector<env_map> oracle_envs = {
    {{"LANG", "C.UTF-8"}, {"LANGUAGE", "pt_BR:de"}},
    {{"LC_ALL", "C.UTF-8"}, {"LANGUAGE", "pt_BR.UTF-8:fr"}},
    {{"LANG", "C.UTF-8"}, {"LANGUAGE", "de_AT:pt_BR"}},
    {{"LANG", "C.UTF-8"}, {"LANGUAGE", "xx:de"}},
    {{"LANG", "C.UTF-8"}, {"LANGUAGE", "pt_BR:C:de"}},
    {{"LANG", "C.UTF-8"}, {"LANGUAGE", "::fr::pt"}},
    {{"LANG", "C"}, {"LANGUAGE", "de"}},
    {{"LANG", "POSIX"}, {"LANGUAGE", "de"}},
    {{"LC_ALL", "C"}, {"LANG", "C.UTF-8"}, {"LANGUAGE", "de"}},
    {{"LANGUAGE", "de"}},
    {{"LANG", "C.UTF-8"}, {"LANGUAGE", "sr_RS@latin:ru"}},
    {{"LANG", "C.UTF-8"}, {"LANGUAGE", "zh_TW:es_MX"}},
};

std::string describe(const env_map& env) {
  std::string s;
  for (const auto& [k, v] : env) s += k + "=" + v + " ";
  return s;
}

TEST(GlibcOracle, LanguageChainsAnswerAsGlibcOnOurOwnCatalogs) {
  temp_dir dir;
  dir.write("pt_BR/LC_MESSAGES/t.mo", mo_from_po(po({{"Hello", "Olá"}})));
  dir.write("pt/LC_MESSAGES/t.mo", mo_from_po(po({{"Thanks", "Obrigado"}})));
  dir.write("de/LC_MESSAGES/t.mo", mo_from_po(po({{"Hello", "Hallo"}, {"Bye", "Tschüss"}})));
  dir.write("fr/LC_MESSAGES/t.mo", mo_from_po(po({{"Bye", "Au revoir"}, {"Thanks", "Merci"}})));
  catalog_store store;
  ASSERT_TRUE(store.load_domain("t", dir.root()));
  const strings msgids{"Hello", "Bye", "Thanks", "Missing"};
  for (const env_map& env : oracle_envs)
    EXPECT_EQ(our_answers(store, "t", env, msgids), glibc_answers(dir.root(), "t", env, msgids))
        << describe(env);
  // Checks that the oracle tells the cases apart: glibc's chain for pt_BR:de.
  EXPECT_EQ(glibc_answers(dir.root(), "t", oracle_envs[0], msgids),
            (strings{"Olá", "Tschüss", "Obrigado", "Missing"}));
}

// A domain the system installs (iso-codes, which scripts/install-deps.sh installs on a fresh
// Debian 12): every msgid of the locales involved, looked up in /usr/share/locale by glibc and
// in the store bind_domain filled from the same folder.
TEST(GlibcOracle, LanguageChainsAnswerAsGlibcOnAnInstalledDomain) {
  const std::string root = "/usr/share/locale", domain = "iso_3166-1";
  ASSERT_TRUE(std::filesystem::exists(root + "/pt_BR/LC_MESSAGES/" + domain + ".mo"))
      << "install Debian's iso-codes (scripts/install-deps.sh)";
  catalog_store store;
  auto loaded = store.load_domain(domain, root);
  ASSERT_TRUE(loaded) << loaded.error().to_string();
  EXPECT_GT(loaded->catalogs.size(), 50u);
  std::set<std::string> ids{"No such country"};
  for (const char* l : {"de", "pt_BR", "fr", "ru", "es"}) {
    auto keys = store.keys(domain, l);
    ASSERT_TRUE(keys) << l;
    for (const erli18n::catalog_key& k : *keys)
      if (!k.has_context && !k.msgid.empty()) ids.insert(k.msgid);
  }
  const strings msgids(ids.begin(), ids.end());
  ASSERT_GT(msgids.size(), 200u);
  for (const env_map& env : oracle_envs)
    EXPECT_EQ(our_answers(store, domain, env, msgids), glibc_answers(root, domain, env, msgids))
        << describe(env);
  // The oracle translates: pt_BR:de answers most names in Portuguese, LANG=C none.
  const strings pt_de = glibc_answers(root, domain, oracle_envs[0], msgids);
  std::size_t translated = 0;
  for (std::size_t i = 0; i < msgids.size(); ++i) translated += pt_de[i] != msgids[i];
  EXPECT_GT(translated, msgids.size() / 2);
  EXPECT_EQ(glibc_answers(root, domain, {{"LANG", "C"}, {"LANGUAGE", "de"}}, msgids), msgids);
}

}  // namespace
