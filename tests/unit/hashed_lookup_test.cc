// erli18n/hashed.h: a key hashed while compiling is the key a lookup hashes at run time, and
// the hashed lookups (free functions, translator) answer exactly as the plain ones, on a
// generated catalog and on real ones.
//
// Needs the French catalogs of coreutils, gettext's libc (libc-l10n) and GLib
// (libglib2.0-data) in /usr/share/locale/fr/LC_MESSAGES, which scripts/install-deps.sh
// installs.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/gettext.h"
#include "erli18n/hashed.h"
#include "erli18n/mo.h"
#include "text_hash.h"

namespace {

using erli18n::catalog_store;
using erli18n::hashed_msgid;
using erli18n::hashed_nmsgid;
using erli18n::hashed_npmsgid;
using erli18n::hashed_pmsgid;
using erli18n::translator;

// Text of every length 0..100 in a few byte patterns: ASCII, bytes >= 0x80 (a sign-extension
// slip would show), NULs and every byte value.
constexpr std::size_t longest = 100;
constexpr int patterns = 4;

constexpr char pattern_byte(int pattern, std::size_t i) {
  switch (pattern) {
    case 0:
      return static_cast<char>('a' + i % 26);
    case 1:
      return static_cast<char>(0x80 + (i * 7) % 0x80);
    case 2:
      return static_cast<char>(i % 3 == 0 ? 0 : 'x');
    default:
      return static_cast<char>((i * 37 + 11) & 0xff);
  }
}

constexpr std::uint64_t seeds[] = {0, erli18n::detail::hash_k3, 0x9e3779b97f4a7c15ULL};

// Every (pattern, seed, length) hashed while compiling.
struct hash_table {
  std::uint64_t value[patterns][std::size(seeds)][longest + 1];
};

constexpr hash_table compile_time_hashes() {
  hash_table t{};
  for (int p = 0; p < patterns; ++p) {
    char text[longest] = {};
    for (std::size_t i = 0; i < longest; ++i) text[i] = pattern_byte(p, i);
    for (std::size_t s = 0; s < std::size(seeds); ++s)
      for (std::size_t n = 0; n <= longest; ++n)
        t.value[p][s][n] = erli18n::detail::hash_text(std::string_view(text, n), seeds[s]);
  }
  return t;
}

constexpr hash_table compiled = compile_time_hashes();

TEST(HashedLookup, CompileTimeHashIsTheRunTimeHashForEveryLength) {
  for (int p = 0; p < patterns; ++p) {
    // At every alignment: the run-time hash loads words, which must not depend on it.
    for (std::size_t offset = 0; offset < 8; ++offset) {
      std::string buffer(offset, '-');
      for (std::size_t i = 0; i < longest; ++i) buffer += pattern_byte(p, i);
      for (std::size_t s = 0; s < std::size(seeds); ++s)
        for (std::size_t n = 0; n <= longest; ++n)
          ASSERT_EQ(erli18n::detail::hash_text(std::string_view(buffer.data() + offset, n), seeds[s]),
                    compiled.value[p][s][n])
              << "pattern " << p << ", seed " << s << ", length " << n << ", offset " << offset;
    }
  }
}

TEST(HashedLookup, HashValuesAreTheOnesLookupsAlwaysUsed) {
  // Computed with the run-time-only hash_text before it became constexpr: the values did not
  // change, so nothing that kept a hash sees a different one.
  struct golden {
    std::string_view text;
    std::uint64_t hash;
  };
  static constexpr golden values[] = {
      {"", 0x6ebbecfd2fb7f54fULL},
      {"a", 0x30fdf0a89d4f6235ULL},
      {"ab", 0x99847eda154801feULL},
      {"abc", 0x694142e791664512ULL},
      {"Save", 0xf6639d941e0f8736ULL},
      {"Hello, world", 0x1b8524706d9f8c33ULL},
      {"exactly16bytes!!", 0x78d22e209aabd0a4ULL},
      {"seventeen bytes!!", 0xb6dd7353d9bb8e06ULL},
      {"%d file\xc3\xa9s in a folder that is long", 0x07bebf8d8ffb9d8bULL},
  };
  for (const golden& g : values) EXPECT_EQ(erli18n::detail::hash_text(g.text), g.hash) << g.text;
  static_assert(erli18n::detail::hash_text("Save") == 0xf6639d941e0f8736ULL);
  static_assert(ERLI18N_MSG("Save").hash() == 0xf6639d941e0f8736ULL);
  static_assert(ERLI18N_PMSG("menu", "Open").hash() == 0x6ded77420074c93eULL);
  const std::string_view menu = "menu";
  EXPECT_EQ(erli18n::detail::hash_key(&menu, "Open"), 0x6ded77420074c93eULL);
}

TEST(HashedLookup, MacrosKeepTheLiteralsAndTheirLookupHash) {
  constexpr hashed_msgid save = ERLI18N_MSG("Save");
  static_assert(save.msgid() == "Save");
  static_assert(save.hash() == erli18n::msgid_hash("Save"));
  static_assert(save.hash() == hashed_msgid(std::string_view("Save")).hash());
  constexpr hashed_pmsgid open = ERLI18N_PMSG("menu", "Open");
  static_assert(open.context() == "menu" && open.msgid() == "Open");
  static_assert(open.hash() == erli18n::msgid_hash("menu", "Open"));
  static_assert(open.hash() != erli18n::msgid_hash("Open"));  // a context changes the key
  constexpr hashed_nmsgid files = ERLI18N_NMSG("%d file", "%d files");
  static_assert(files.singular().msgid() == "%d file" && files.msgid_plural() == "%d files");
  static_assert(files.singular().hash() == erli18n::msgid_hash("%d file"));
  constexpr hashed_npmsgid disk = ERLI18N_NPMSG("disk", "%d file", "%d files");
  static_assert(disk.singular().hash() == erli18n::msgid_hash("disk", "%d file"));
  // The literal's size, not strlen: an embedded NUL is part of the key.
  static_assert(ERLI18N_MSG("a\0b").msgid().size() == 3);
  EXPECT_EQ(save.hash(), erli18n::detail::hash_key(nullptr, std::string("Save")));
}

const char* const de_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Save"
msgstr "Speichern"

msgctxt "menu"
msgid "Open"
msgstr "Öffnen"

msgid "Open"
msgstr "Offen"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d Datei"
msgstr[1] "%d Dateien"

msgctxt "disk"
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d Datei auf der Platte"
msgstr[1] "%d Dateien auf der Platte"
)po";

TEST(HashedLookup, LiteralFormsAnswerAsThePlainCalls) {
  catalog_store& store = catalog_store::default_store();
  ASSERT_TRUE(store.load_buffer("hashed", "de", de_po, "de.po"));
  ASSERT_TRUE(erli18n::textdomain("hashed"));
  erli18n::locale_scope scope("de");
  translator de(store, "hashed", "de");

  EXPECT_EQ(erli18n::gettext(ERLI18N_MSG("Save")), "Speichern");
  EXPECT_EQ(erli18n::gettext(ERLI18N_MSG("Open")), "Offen");
  EXPECT_EQ(erli18n::pgettext(ERLI18N_PMSG("menu", "Open")), "Öffnen");
  EXPECT_EQ(erli18n::ngettext(ERLI18N_NMSG("%d file", "%d files"), 1), "%d Datei");
  EXPECT_EQ(erli18n::ngettext(ERLI18N_NMSG("%d file", "%d files"), 2), "%d Dateien");
  EXPECT_EQ(erli18n::ngettext(ERLI18N_NMSG("%d file", "%d files"), 2).n(), 2u);
  EXPECT_EQ(erli18n::npgettext(ERLI18N_NPMSG("disk", "%d file", "%d files"), 3), "%d Dateien auf der Platte");
  EXPECT_EQ(erli18n::dgettext("hashed", ERLI18N_MSG("Save")), "Speichern");
  EXPECT_EQ(erli18n::dpgettext("hashed", ERLI18N_PMSG("menu", "Open")), "Öffnen");
  EXPECT_EQ(erli18n::dngettext("hashed", ERLI18N_NMSG("%d file", "%d files"), 1), "%d Datei");
  EXPECT_EQ(erli18n::dnpgettext("hashed", ERLI18N_NPMSG("disk", "%d file", "%d files"), 1),
            "%d Datei auf der Platte");
  EXPECT_EQ(de.gettext(ERLI18N_MSG("Save")), "Speichern");
  EXPECT_EQ(de.pgettext(ERLI18N_PMSG("menu", "Open")), "Öffnen");
  EXPECT_EQ(de.ngettext(ERLI18N_NMSG("%d file", "%d files"), 5), "%d Dateien");
  EXPECT_EQ(de.npgettext(ERLI18N_NPMSG("disk", "%d file", "%d files"), 1), "%d Datei auf der Platte");

  // Misses follow the miss rule, as the plain calls do.
  EXPECT_EQ(erli18n::gettext(ERLI18N_MSG("Quit")), "Quit");
  EXPECT_EQ(de.pgettext(ERLI18N_PMSG("file", "Open")), "Open");
  EXPECT_EQ(erli18n::ngettext(ERLI18N_NMSG("%d dir", "%d dirs"), 1), "%d dir");
  EXPECT_EQ(de.npgettext(ERLI18N_NPMSG("x", "%d dir", "%d dirs"), 4), "%d dirs");
  EXPECT_EQ(erli18n::dgettext("nowhere", ERLI18N_MSG("Save")), "Save");

  // A hash that is not the key's finds nothing: the key's text is still compared.
  EXPECT_EQ(de.gettext(hashed_msgid("Save", erli18n::msgid_hash("Open"))), "Save");
  EXPECT_EQ(de.gettext(hashed_msgid("Save", erli18n::msgid_hash("Save"))), "Speichern");
  ASSERT_TRUE(erli18n::textdomain("messages"));
}

TEST(HashedLookup, HashedKeysFollowFallbacks) {
  catalog_store own;
  ASSERT_TRUE(own.load_buffer("app", "de", de_po, "de.po"));
  erli18n::locale_fallback f;
  f.kind = erli18n::locale_fallback::mode::base_language;
  ASSERT_TRUE(own.set_fallback(f));
  translator de_ch(own, "app", "de_CH");  // no catalog of its own: de answers
  EXPECT_EQ(de_ch.gettext(ERLI18N_MSG("Save")), "Speichern");
  EXPECT_EQ(de_ch.pgettext(ERLI18N_PMSG("menu", "Open")), "Öffnen");
  EXPECT_EQ(de_ch.ngettext(ERLI18N_NMSG("%d file", "%d files"), 2), "%d Dateien");
}

// Every message of the catalog, looked up through the hashed and the plain forms, by a
// translator and by the free functions, and the same keys made to miss.
void expect_same_answers(const std::string& path) {
  SCOPED_TRACE(path);
  erli18n::result<erli18n::mo_catalog> mo = erli18n::mo_catalog::open(path);
  ASSERT_TRUE(mo) << mo.error().to_string();
  catalog_store& store = catalog_store::default_store();
  const std::string domain = "hashed-real-" + std::filesystem::path(path).stem().string();
  ASSERT_TRUE(store.load(domain, "fr", path));
  ASSERT_TRUE(erli18n::textdomain(domain));
  erli18n::locale_scope scope("fr");
  translator fr(store, domain, "fr");
  std::size_t checked = 0, translated = 0;
  for (std::size_t i = 0; i < mo->size(); ++i) {
    erli18n::result<erli18n::mo_entry> e = mo->entry(i);
    ASSERT_TRUE(e) << e.error().to_string();
    if (e->system_dependent) continue;
    const std::string context(e->context), msgid(e->msgid), plural(e->msgid_plural);
    const std::string miss = msgid + " (not in the catalog)";
    for (const std::string* id : {&msgid, &miss}) {
      if (e->has_context) {
        const hashed_pmsgid h(context, *id, erli18n::msgid_hash(context, *id));
        ASSERT_EQ(fr.pgettext(h), fr.pgettext(context, *id)) << *id;
        ASSERT_EQ(erli18n::pgettext(h), erli18n::pgettext(context, *id)) << *id;
        if (id == &msgid && fr.pgettext(h) != *id) ++translated;
        if (e->has_plural)
          for (unsigned long n : {0ul, 1ul, 2ul, 5ul, 21ul}) {
            ASSERT_EQ(fr.npgettext(hashed_npmsgid(h, plural), n), fr.npgettext(context, *id, plural, n));
            ASSERT_EQ(erli18n::npgettext(hashed_npmsgid(h, plural), n),
                      erli18n::npgettext(context, *id, plural, n));
          }
      } else {
        const hashed_msgid h(*id, erli18n::msgid_hash(*id));
        ASSERT_EQ(fr.gettext(h), fr.gettext(*id)) << *id;
        ASSERT_EQ(erli18n::gettext(h), erli18n::gettext(*id)) << *id;
        ASSERT_EQ(erli18n::dgettext(domain, h), erli18n::dgettext(domain, *id)) << *id;
        if (id == &msgid && fr.gettext(h) != *id && !id->empty()) ++translated;
        if (e->has_plural)
          for (unsigned long n : {0ul, 1ul, 2ul, 5ul, 21ul}) {
            ASSERT_EQ(fr.ngettext(hashed_nmsgid(h, plural), n), fr.ngettext(*id, plural, n));
            ASSERT_EQ(erli18n::ngettext(hashed_nmsgid(h, plural), n), erli18n::ngettext(*id, plural, n));
          }
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 100u);
  EXPECT_GT(translated, 50u);  // the comparisons were of translations, not only of misses
  ASSERT_TRUE(erli18n::textdomain("messages"));
}

TEST(HashedLookup, RealCatalogsAnswerTheSame) {
  for (const char* name : {"coreutils", "libc", "glib20"})
    expect_same_answers(std::string("/usr/share/locale/fr/LC_MESSAGES/") + name + ".mo");
}

}  // namespace
