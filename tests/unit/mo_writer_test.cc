// MO writer: msgfmt's hash table size and hash function, byte-identical output against
// golden files msgfmt wrote (tests/data/mo/*.mo from tests/data/mo/po/*.po), the
// entries it keeps and drops, and the checks msgfmt makes without --check.
#include <gtest/gtest.h>
#include <algorithm>
#include <cinttypes>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "erli18n/mo.h"
#include "mo_format.h"

namespace {

using erli18n::compile_mo;
using erli18n::find_repeated_messages;
using erli18n::mo_compile_options;
using erli18n::po_file;
using erli18n::po_message;
using erli18n::po_repeat;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

po_message msg(std::string id, std::string str, std::size_t line = 1) {
  po_message m;
  m.msgid = std::move(id);
  m.msgstr.push_back(std::move(str));
  m.line = line;
  m.column = 1;
  return m;
}

// tests/data/mo/po/basic.po as a model, so these tests do not depend on the PO reader.
po_file basic_po() {
  po_file po;
  po.file_name = "basic.po";
  po.messages.push_back(msg("",
                            "Content-Type: text/plain; charset=UTF-8\n"
                            "Plural-Forms: nplurals=2; plural=n != 1;\n"));
  po.messages.push_back(msg("b", "B"));
  po_message ctx = msg("a", "A");
  ctx.msgctxt = "ctx";
  po.messages.push_back(ctx);
  po_message plural;
  plural.msgid = "one";
  plural.msgid_plural = "many";
  plural.msgstr = {"un", "des"};
  po.messages.push_back(plural);
  po_message fuzzy = msg("fz", "FZ");
  fuzzy.fuzzy = true;
  po.messages.push_back(fuzzy);
  po.messages.push_back(msg("untr", ""));
  return po;
}

TEST(MoWriter, HashTableSizeIsMsgfmts) {
  // Measured with msgfmt 0.21 on catalogs of 1..1001 strings.
  const std::pair<std::uint32_t, std::uint32_t> cases[] = {
      {1, 3},  {2, 5},  {3, 5},   {4, 5},   {5, 7},   {6, 11},    {7, 11},
      {8, 11}, {9, 13}, {10, 13}, {11, 17}, {21, 29}, {101, 137}, {1001, 1361}};
  for (auto [count, size] : cases) EXPECT_EQ(erli18n::mo_format::hash_table_size(count), size) << count;
}

TEST(MoWriter, HashIsHashpjw) {
  using erli18n::mo_format::hash_string;
  EXPECT_EQ(hash_string(""), 0u);
  EXPECT_EQ(hash_string("a"), 97u);
  EXPECT_EQ(hash_string("ab"), 97u * 16 + 98);
  EXPECT_EQ(hash_string(std::string_view("ab\0cd", 5)), hash_string("ab"));  // stops at NUL
  // Long enough for the top nibble to fold back: a reference computed by hand.
  std::uint32_t h = 0;
  for (unsigned char c : std::string("a fairly long message id \xc3\xa9")) {
    h = (h << 4) + c;
    if (std::uint32_t g = h & 0xf0000000U) h ^= (g >> 24) ^ g;
  }
  EXPECT_EQ(hash_string("a fairly long message id \xc3\xa9"), h);
  EXPECT_LT(hash_string("a fairly long message id \xc3\xa9"), 0x10000000u);
}

// The reader hashes keys four bytes a step (hashpjw::add): every length and every tail,
// with bytes past ASCII, against the manual's definition one byte at a time.
TEST(MoWriter, HashOfEveryLengthIsHashpjw) {
  std::string text;
  for (int i = 0; i < 70; ++i) text += static_cast<char>(i % 3 == 0 ? 0xe9 - i : 'a' + (i * 7) % 26);
  for (std::size_t n = 0; n <= text.size(); ++n) {
    std::uint32_t h = 0;
    for (unsigned char c : text.substr(0, n)) {
      h = (h << 4) + c;
      if (std::uint32_t g = h & 0xf0000000U) h ^= (g >> 24) ^ g;
    }
    erli18n::mo_format::hashpjw pjw;
    pjw.add(std::string_view(text).substr(0, n));
    EXPECT_EQ(pjw.value, h) << n;
    EXPECT_EQ(erli18n::mo_format::hash_string(text.substr(0, n)), h) << n;
    // In two parts, as a context and its msgid are hashed.
    erli18n::mo_format::hashpjw parts;
    parts.add(std::string_view(text).substr(0, n / 3));
    parts.add(std::string_view(text).substr(n / 3, n - n / 3));
    EXPECT_EQ(parts.value, h) << n;
  }
}

// Every <inttypes.h> macro glibc expands in a system-dependent string has this platform's
// value; a name that is none of them has none, however close.
TEST(MoWriter, ExpandsEveryPriMacroAndNothingElse) {
  using erli18n::mo_format::expand_segment;
  struct macro {
    const char* name;
    const char* value;
  };
#define PRI_ROW(w)                                                                        \
  {"PRId" #w, PRId##w}, {"PRIi" #w, PRIi##w}, {"PRIo" #w, PRIo##w}, {"PRIu" #w, PRIu##w}, \
      {"PRIx" #w, PRIx##w}, {                                                             \
    "PRIX" #w, PRIX##w                                                                    \
  }
  const macro macros[] = {PRI_ROW(8),      PRI_ROW(16),      PRI_ROW(32),      PRI_ROW(64),
                          PRI_ROW(LEAST8), PRI_ROW(LEAST16), PRI_ROW(LEAST32), PRI_ROW(LEAST64),
                          PRI_ROW(FAST8),  PRI_ROW(FAST16),  PRI_ROW(FAST32),  PRI_ROW(FAST64),
                          PRI_ROW(MAX),    PRI_ROW(PTR)};
#undef PRI_ROW
  EXPECT_EQ(std::size(macros), 84u);
  for (const macro& m : macros) {
    std::optional<std::string_view> v = expand_segment(m.name);
    ASSERT_TRUE(v) << m.name;
    EXPECT_EQ(*v, m.value) << m.name;
  }
  EXPECT_EQ(expand_segment("I"), std::optional<std::string_view>("I"));
  for (const char* other : {"",
                            "P",
                            "PRI",
                            "PRId",
                            "PRIdX",
                            "PRId7",
                            "PRId128",
                            "PRId6",
                            "PRId640",
                            "PRIq64",
                            "PRIdLEAST",
                            "PRIdLEAST128",
                            "PRIdFAST",
                            "PRIdFAST8x",
                            "PRIdMA",
                            "PRIdMAXX",
                            "PRIdPT",
                            "PRIdLEASTMAX",
                            "PRIdFASTPTR",
                            "PRId 8",
                            "pRId8",
                            "SCNd8",
                            "PRIu8 ",
                            "II",
                            "i"})
    EXPECT_FALSE(expand_segment(other)) << other;
  EXPECT_FALSE(expand_segment(std::string_view("PRId8\0", 6)));
}

TEST(MoWriter, MatchesMsgfmtGoldenFiles) {
  const std::string dir = std::string(ERLI18N_TEST_DATA) + "/mo/";
  auto bytes = compile_mo(basic_po());
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  EXPECT_EQ(*bytes, read_file(dir + "basic.mo"));
  mo_compile_options big;
  big.big_endian = true;
  EXPECT_EQ(*compile_mo(basic_po(), big), read_file(dir + "basic_be.mo"));
  mo_compile_options no_hash;
  no_hash.no_hash = true;
  EXPECT_EQ(*compile_mo(basic_po(), no_hash), read_file(dir + "basic_nohash.mo"));
}

TEST(MoWriter, MatchesMsgfmtOnSystemDependentStrings) {
  po_file po;
  po.file_name = "sysdep_i_flag.po";
  po.messages.push_back(msg("", "Content-Type: text/plain; charset=UTF-8\n"));
  po_message size = msg("size %<PRIu64> of %s", "taille %<PRIu64> de %s");
  size.flags = {"c-format"};
  po.messages.push_back(size);
  po.messages.push_back(msg("plain", "simple"));
  po_message plural;
  plural.msgid = "x %<PRId32>";
  plural.msgid_plural = "xs %<PRId32>";
  plural.msgstr = {"y %<PRId32>", "ys %<PRIx32> %<PRId32>"};
  plural.flags = {"c-format"};
  po.messages.push_back(plural);
  po_message i_flag = msg("I flag %Id", "I %Id");
  i_flag.flags = {"c-format"};
  po.messages.push_back(i_flag);
  auto bytes = compile_mo(po);
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  EXPECT_EQ(*bytes, read_file(std::string(ERLI18N_TEST_DATA) + "/mo/sysdep_i_flag.mo"));
}

// A string is system-dependent only when it is a valid C format as msgfmt -c reads it
// (measured with msgfmt 0.21: revision 1 is a system-dependent string, 0 a plain one): `%m`
// uses no argument, so it is neither numbered nor unnumbered; `%*1$d` mixes the two; a `%`
// conversion after a width or a position is valid; number 0, a gap, a number above 1024 and
// one argument read as two types are not.
TEST(MoWriter, NumbersArgumentUsesAsMsgfmtDoes) {
  auto revision = [](const char* text) {
    po_file po;
    po.messages.push_back(msg("", "Content-Type: text/plain; charset=UTF-8\n"));
    po_message m = msg(text, text);
    m.flags = {"c-format"};
    po.messages.push_back(m);
    auto bytes = compile_mo(po);
    EXPECT_TRUE(bytes);
    return bytes && bytes->size() > 8 ? static_cast<int>(static_cast<unsigned char>((*bytes)[4])) : -1;
  };
  const std::pair<const char*, int> cases[] = {
      {"%1$<PRId64> %m", 1},
      {"%<PRId64> %1$m", 1},
      {"%*1$<PRId64>", 0},
      {"%1$<PRId64> %2$s", 1},
      {"%5% %<PRId64>", 1},
      {"%1$% %1$<PRId64>", 1},
      {"%1$<PRId64> %1$<PRIi64>", 1},
      {"%0$<PRId64>", 0},
      {"%<PRId64> %0$m", 0},
      {"%2$<PRId64>", 0},
      {"%1025$<PRId64>", 0},
      {"%1$<PRId64> %1$s", 0},
  };
  for (const auto& [text, expected] : cases) EXPECT_EQ(revision(text), expected) << text;
}

TEST(MoWriter, KeepsAndDropsWhatMsgfmtDoes) {
  auto mo_bytes = compile_mo(basic_po());
  ASSERT_TRUE(mo_bytes);
  auto mo = erli18n::mo_catalog::from_memory(mo_bytes->data(), mo_bytes->size());
  ASSERT_TRUE(mo);
  EXPECT_EQ(mo->size(), 4u);
  EXPECT_FALSE(mo->lookup("fz"));
  EXPECT_FALSE(mo->lookup("untr"));

  mo_compile_options fuzzy;
  fuzzy.use_fuzzy = true;
  auto with_fuzzy = compile_mo(basic_po(), fuzzy);
  auto mo2 = erli18n::mo_catalog::from_memory(with_fuzzy->data(), with_fuzzy->size());
  ASSERT_TRUE(mo2);
  EXPECT_EQ(mo2->lookup("fz").value_or("?"), "FZ");

  // A fuzzy header is kept even without --use-fuzzy; its POT-Creation-Date line is not.
  po_file po = basic_po();
  po.messages[0].fuzzy = true;
  po.messages[0].msgstr[0] = "POT-Creation-Date: 2020\nContent-Type: text/plain; charset=UTF-8\n";
  auto header_bytes = compile_mo(po);
  auto mo3 = erli18n::mo_catalog::from_memory(header_bytes->data(), header_bytes->size());
  ASSERT_TRUE(mo3);
  EXPECT_EQ(mo3->header(), "Content-Type: text/plain; charset=UTF-8\n");

  // A plural entry whose first form is empty counts as untranslated.
  po_file plural_po = basic_po();
  plural_po.messages[3].msgstr = {"", "des"};
  auto plural_bytes = compile_mo(plural_po);
  auto mo4 = erli18n::mo_catalog::from_memory(plural_bytes->data(), plural_bytes->size());
  ASSERT_TRUE(mo4);
  EXPECT_FALSE(mo4->lookup("one"));

  // Obsolete entries never reach the catalog; nothing translated means no file.
  po_file nothing;
  nothing.messages.push_back(msg("x", ""));
  po_message obsolete = msg("y", "Y");
  obsolete.obsolete = true;
  nothing.messages.push_back(obsolete);
  auto empty = compile_mo(nothing);
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->empty());
}

TEST(MoWriter, RejectsDuplicates) {
  for (bool fuzzy_second : {false, true}) {
    po_file po;
    po.file_name = "dup.po";
    po.messages.push_back(msg("a", "A", 4));
    po_message again = msg("a", fuzzy_second ? "" : "B", 7);
    again.fuzzy = fuzzy_second;
    po.messages.push_back(again);
    auto bytes = compile_mo(po);
    ASSERT_FALSE(bytes);
    EXPECT_EQ(bytes.error().to_string(),
              "dup.po:7:1: error: duplicate message definition (first defined at line 4)");
  }
  po_file ctx;
  ctx.file_name = "ctx.po";
  po_message a = msg("a", "A", 1);
  a.msgctxt = "x";
  po_message b = msg("a", "B", 5);
  b.msgctxt = "y";
  ctx.messages = {a, b, msg("a", "C", 9)};
  EXPECT_TRUE(compile_mo(ctx));  // different contexts are different messages
  ctx.messages.push_back(b);
  EXPECT_FALSE(compile_mo(ctx));
  po_message obsolete = msg("a", "D", 12);
  obsolete.obsolete = true;
  ctx.messages.pop_back();
  ctx.messages.push_back(obsolete);
  // msgfmt 0.21 refuses an obsolete twin too, before or after the live entry, and two
  // obsolete twins ("#~ msgid" lines count).
  auto twin = compile_mo(ctx);
  ASSERT_FALSE(twin);
  EXPECT_EQ(twin.error().to_string(),
            "ctx.po:12:1: error: duplicate message definition (first defined at line 9)");
  std::rotate(ctx.messages.begin(), ctx.messages.end() - 1, ctx.messages.end());
  ASSERT_FALSE(compile_mo(ctx));
  ctx.messages.erase(ctx.messages.begin() + 3);  // the live "a"
  po_message obsolete_twin = obsolete;
  obsolete_twin.line = 20;
  ctx.messages.push_back(obsolete_twin);
  twin = compile_mo(ctx);
  ASSERT_FALSE(twin);
  EXPECT_EQ(twin.error().to_string(),
            "ctx.po:20:1: error: duplicate message definition (first defined at line 12)");
}

TEST(MoWriter, FindRepeatedMessagesListsEveryRepeatAcrossCatalogs) {
  po_file one;
  po_message a = msg("a", "A", 1);
  po_message ctx_a = msg("a", "X", 4);
  ctx_a.msgctxt = "c";
  po_message obsolete = msg("a", "", 7);
  obsolete.obsolete = true;
  // A context-less msgid holding <EOT> is the same key as context "c" and msgid "a".
  po_message eot =
      msg("c\x04"
          "a",
          "Y", 10);
  po_message other_ctx = msg("a", "Z", 13);
  other_ctx.msgctxt = "c\x04";  // key "c<EOT><EOT>a": another one
  one.messages = {a, ctx_a, obsolete, eot, other_ctx, msg("b", "B", 16)};
  po_file two;
  two.messages = {msg("b", "", 1), msg("new", "N", 4), ctx_a};
  const std::vector<po_repeat> repeats = find_repeated_messages({&one, &two});
  auto view = [](const po_repeat& r) {
    return std::to_string(r.catalog) + ":" + std::to_string(r.index) + " of " +
           std::to_string(r.first_catalog) + ":" + std::to_string(r.first_index);
  };
  std::vector<std::string> seen;
  std::ranges::transform(repeats, std::back_inserter(seen), view);
  EXPECT_EQ(seen, (std::vector<std::string>{"0:2 of 0:0", "0:3 of 0:1", "1:0 of 0:5", "1:2 of 0:1"}));
  EXPECT_TRUE(find_repeated_messages({&two}).empty());
  EXPECT_TRUE(find_repeated_messages({}).empty());
}

TEST(MoWriter, AlignmentStartsEachStringAtAMultiple) {
  // msgfmt -a N: zeros before each string up to a multiple of N, none after the last.
  const po_file po = basic_po();
  const auto packed = compile_mo(po);
  ASSERT_TRUE(packed);
  auto u32_at = [](const std::string& b, std::size_t at) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(b[at])) |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 1])) << 8 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 2])) << 16 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 3])) << 24;
  };
  for (const std::size_t alignment : {std::size_t{2}, std::size_t{3}, std::size_t{8}}) {
    mo_compile_options options;
    options.alignment = alignment;
    const auto bytes = compile_mo(po, options);
    ASSERT_TRUE(bytes);
    const std::uint32_t n = u32_at(*bytes, 8);
    std::uint32_t last_end = 0;
    for (const std::size_t table : {std::size_t{u32_at(*bytes, 12)}, std::size_t{u32_at(*bytes, 16)}}) {
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t length = u32_at(*bytes, table + 8 * i),
                            offset = u32_at(*bytes, table + 8 * i + 4);
        EXPECT_EQ(offset % alignment, 0u) << alignment;
        EXPECT_EQ(bytes->substr(offset, length + 1),
                  packed->substr(u32_at(*packed, table + 8 * i + 4), length + 1));
        last_end = std::max(last_end, offset + length + 1);
      }
    }
    EXPECT_EQ(bytes->size(), last_end) << alignment;
    auto mo = erli18n::mo_catalog::from_memory(bytes->data(), bytes->size());
    ASSERT_TRUE(mo);
    EXPECT_EQ(mo->lookup("ctx", "a"), std::optional<std::string_view>("A"));
  }
  mo_compile_options one;
  one.alignment = 1;
  const auto again = compile_mo(po, one);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *packed);
}

TEST(MoWriter, RejectsNewlineMismatches) {
  struct bad_case {
    std::string msgid;
    std::optional<std::string> plural;
    std::vector<std::string> msgstr;
    std::string expected;
  };
  const bad_case cases[] = {
      {"a\n", std::nullopt, {"A"}, "'msgid' and 'msgstr' entries do not both end with '\\n'"},
      {"\na", std::nullopt, {"A"}, "'msgid' and 'msgstr' entries do not both begin with '\\n'"},
      {"c\n", "cs", {"C\n", "D\n"}, "'msgid' and 'msgid_plural' entries do not both end with '\\n'"},
      {"e", "es", {"\nC", "D"}, "'msgid' and 'msgstr[0]' entries do not both begin with '\\n'"},
      {"f", "fs", {"C", "D\n"}, "'msgid' and 'msgstr[1]' entries do not both end with '\\n'"},
  };
  for (const bad_case& c : cases) {
    po_file po;
    po.file_name = "nl.po";
    po_message m;
    m.msgid = c.msgid;
    m.msgid_plural = c.plural;
    m.msgstr = c.msgstr;
    m.line = 3;
    m.column = 1;
    po.messages.push_back(m);
    auto bytes = compile_mo(po);
    ASSERT_FALSE(bytes) << c.msgid;
    EXPECT_EQ(bytes.error().to_string(), "nl.po:3:1: error: " + c.expected);
    // Untranslated or (without --use-fuzzy) fuzzy entries are not checked, as msgfmt.
    po.messages[0].fuzzy = true;
    EXPECT_TRUE(compile_mo(po));
  }
  po_file fine;
  fine.messages.push_back(msg("a\n", "A\n"));
  fine.messages.push_back(msg("", "Project-Id-Version: x\n"));  // the header is exempt
  EXPECT_TRUE(compile_mo(fine));
}

TEST(MoWriter, WritesInTheDeclaredCharset) {
  po_file po;
  po.charset = "ISO-8859-1";
  po.messages.push_back(msg("", "Content-Type: text/plain; charset=ISO-8859-1\n"));
  po.messages.push_back(msg("caf\xc3\xa9", "Caf\xc3\xa9 cr\xc3\xa8me"));
  po.messages.push_back(msg("b", "\xc3\xa0 bient\xc3\xb4t"));
  auto bytes = compile_mo(po);
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  EXPECT_EQ(*bytes, read_file(std::string(ERLI18N_TEST_DATA) + "/mo/latin1.mo"));
  po.messages.push_back(msg("euro", "\xe2\x82\xac"));  // not representable in Latin-1
  auto euro = compile_mo(po);
  ASSERT_FALSE(euro);
  EXPECT_EQ(euro.error().code, erli18n::errc::charset);
}

TEST(MoWriter, RoundTripsThroughDecompile) {
  auto bytes = compile_mo(basic_po());
  auto mo = erli18n::mo_catalog::from_memory(bytes->data(), bytes->size(), "basic.mo");
  ASSERT_TRUE(mo);
  auto po = erli18n::decompile_mo(*mo);
  ASSERT_TRUE(po);
  ASSERT_EQ(po->messages.size(), 4u);
  EXPECT_EQ(po->messages[2].msgctxt.value_or("?"), "ctx");
  EXPECT_EQ(po->messages[3].msgid_plural.value_or("?"), "many");
  EXPECT_EQ(po->messages[3].msgstr, (std::vector<std::string>{"un", "des"}));
  auto again = compile_mo(*po);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *bytes);
}

}  // namespace
