// The printf directive parser (src/tools/c_format.cc) and the checks of erli18n/tools/lint.h that
// msgfmt does not make (placeholders, language, duplicates) plus the plural relaxation.
// msgfmt parity of the other checks is tests/parity/lint_msgfmt.sh.
#include "erli18n/tools/lint.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "c_format.h"
#include "erli18n/interpolate.h"

namespace erli18n {
namespace {

using c_format::arg_type;
using c_format::base;
using c_format::parse_c_format;
using c_format::size;

std::vector<std::string> described(std::string_view text) {
  std::vector<std::string> out;
  const c_format::parsed p = parse_c_format(text);
  if (!p.valid) return {"invalid: " + p.reason};
  for (const arg_type& t : p.args) out.push_back(c_format::describe(t));
  return out;
}

TEST(CFormat, ConversionsAndSizes) {
  EXPECT_THAT(
      described("%d %i %u %x %hhd %hu %ld %lld %Ld %qd %jd %zu %td"),
      testing::ElementsAre("int", "int", "unsigned int", "unsigned int", "char", "unsigned short", "long",
                           "long long", "long long", "long long", "intmax_t", "size_t", "ptrdiff_t"));
  EXPECT_THAT(
      described("%f %Lf %llf %hf %c %lc %C %s %ls %S %p %lp %n %hhn"),
      testing::ElementsAre("double", "long double", "long double", "double", "char", "wint_t", "wint_t",
                           "char*", "wchar_t*", "wchar_t*", "void*", "void*", "int* (%n)", "char* (%n)"));
  EXPECT_THAT(described("%<PRId64> %<PRIuMAX> %<PRIxPTR> %<PRIdLEAST8> %<PRIoFAST32>"),
              testing::ElementsAre("int64_t", "uintmax_t", "uintptr_t", "int_least8_t", "uint_fast32_t"));
}

TEST(CFormat, FlagsWidthPrecisionAndNoArgumentConversions) {
  EXPECT_THAT(described("%-+ #0'I12.5d"), testing::ElementsAre("int"));
  EXPECT_THAT(described("%*.*f"), testing::ElementsAre("int", "int", "double"));
  EXPECT_THAT(described("100%% %m %5% %*%"), testing::ElementsAre("int"));  // `*` reads even for `%`
  EXPECT_THAT(described("no directive"), testing::IsEmpty());
}

TEST(CFormat, PositionalArguments) {
  EXPECT_THAT(described("%2$s %1$d"), testing::ElementsAre("int", "char*"));
  EXPECT_THAT(described("%1$*2$d %2$d"), testing::ElementsAre("int", "int"));
  EXPECT_THAT(described("%1$d %1$d"), testing::ElementsAre("int"));
  EXPECT_EQ(described("%2$d")[0], "invalid: argument 1 is never used, but a later one is");
  EXPECT_EQ(described("%1$d %s")[0], "invalid: numbered and unnumbered arguments are mixed");
  EXPECT_EQ(described("%*1$d")[0], "invalid: numbered and unnumbered arguments are mixed");
  EXPECT_EQ(described("%1$s %1$d")[0], "invalid: argument 1 is read both as char* and as int");
  EXPECT_EQ(described("%0$d")[0], "invalid: directive 1: argument number 0");
  EXPECT_EQ(described("%99999999999999999999$d")[0], "invalid: directive 1: argument number above 1024");
}

TEST(CFormat, InvalidDirectives) {
  const c_format::parsed p = parse_c_format("ok %d then %y");
  EXPECT_FALSE(p.valid);
  EXPECT_EQ(p.reason, "directive 2: 'y' is not a conversion");
  EXPECT_EQ(p.offset, 11u);
  EXPECT_EQ(described("%")[0], "invalid: directive 1: the string ends inside it");
  EXPECT_EQ(described("%<PRId64")[0], "invalid: directive 1: '<' without a closing '>'");
  EXPECT_EQ(described("%<PRIs>")[0], "invalid: directive 1: '<PRIs>' is not an <inttypes.h> PRI macro");
  // msgfmt -c: "the character '<' is not a valid conversion specifier" after a size letter.
  EXPECT_EQ(described("%l<PRId64>")[0], "invalid: directive 1: '<' is not a conversion");
  EXPECT_EQ(described("%*Id")[0], "invalid: directive 1: 'I' is not a conversion");  // flags come first
  EXPECT_EQ(described("%b")[0], "invalid: directive 1: 'b' is not a conversion");
}

TEST(Placeholders, ReadAsInterpolateReadsThem) {
  std::vector<std::string> names;
  for (const placeholder& p : placeholders("%{a} %%{b} %{1x} %{c %{d}%{a}")) names.emplace_back(p.name);
  EXPECT_THAT(names, testing::ElementsAre("a", "d", "a"));
  EXPECT_EQ(placeholders("x %{name}")[0].offset, 2u);
}

std::string header(std::string_view language, std::string_view plural_forms) {
  return "msgid \"\"\nmsgstr \"\"\n\"Project-Id-Version: p 1\\n\"\n\"PO-Revision-Date: 2026-01-01 "
         "00:00+0000\\n\"\n"
         "\"Last-Translator: T <t@example.org>\\n\"\n\"Language-Team: L <l@example.org>\\n\"\n"
         "\"Language: " +
         std::string(language) +
         "\\n\"\n\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
         "\"Content-Transfer-Encoding: 8bit\\n\"\n\"Plural-Forms: " +
         std::string(plural_forms) + "\\n\"\n";  // 11 lines
}

std::vector<std::string> lint(const std::string& text, lint_options options = {}) {
  std::vector<std::string> out;
  for (const lint_diagnostic& d : lint_po(text, "t.po", options)) out.push_back(to_string(d));
  return out;
}

constexpr std::string_view german = "nplurals=2; plural=(n != 1);";

TEST(Lint, CleanCatalogHasNothingToSay) {
  EXPECT_THAT(
      lint(header("de", german) + "\n#, c-format\nmsgid \"%d of %{total}\"\nmsgstr \"%d von %{total}\"\n"),
      testing::IsEmpty());
}

TEST(Lint, PlaceholdersMissingAndExtra) {
  EXPECT_THAT(lint(header("de", german) + "\nmsgid \"%{a} and %{b}\"\nmsgstr \"%{a} und %{c}\"\n"),
              testing::ElementsAre("t.po:14:1: error: the msgstr lacks %{b} of the msgid [placeholders]",
                                   "t.po:14:1: error: the msgstr has %{c}, which the msgid does not have "
                                   "[placeholders]"));
}

TEST(Lint, PluralFormsForFewNMayOmitPlaceholdersAndArguments) {
  // German form 0 is n = 1 only: "eine Datei" may omit the count; form 1 may not.
  const std::string po =
      header("de", german) +
      "\n#, c-format\nmsgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"eine Datei\"\n"
      "msgstr[1] \"Dateien\"\n\nmsgid \"%{n} dir\"\nmsgid_plural \"%{n} dirs\"\n"
      "msgstr[0] \"ein Ordner\"\nmsgstr[1] \"Ordner\"\n";
  EXPECT_THAT(lint(po),
              testing::ElementsAre("t.po:17:1: error: the msgid_plural reads 1 argument, the msgstr[1] 0 "
                                   "[c-format]",
                                   "t.po:22:1: error: the msgstr[1] lacks %{n} of the msgid "
                                   "[placeholders]"));
}

TEST(Lint, EmptyPluralFormIsCalledEmpty) {
  // Polish form 2 is "many": left empty, it is empty (not "lacks %{count}"), said once, also
  // in a c-format entry; msgfmt's own check still counts it as a format mismatch.
  constexpr std::string_view polish =
      "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);";
  const std::string po =
      header("pl", polish) +
      "\nmsgid \"%{count} file\"\nmsgid_plural \"%{count} files\"\nmsgstr[0] \"%{count} plik\"\n"
      "msgstr[1] \"%{count} pliki\"\nmsgstr[2] \"\"\n"
      "\n#, c-format\nmsgid \"%d dir\"\nmsgid_plural \"%d dirs\"\nmsgstr[0] \"%d katalog\"\n"
      "msgstr[1] \"\"\nmsgstr[2] \"%d katalogów\"\n";
  EXPECT_THAT(lint(po),
              testing::ElementsAre(
                  "t.po:17:1: error: the msgstr[2] is empty (the entry's other forms are translated) "
                  "[empty-forms]",
                  "t.po:23:1: error: the msgstr[1] is empty (the entry's other forms are translated) "
                  "[empty-forms]"));
  lint_options msgfmt;
  msgfmt.msgfmt_checks_only = true;
  msgfmt.c_format = true;
  std::vector<lint_diagnostic> found = lint_po(po, "t.po", msgfmt);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].check, "c-format");
}

TEST(Lint, LanguageInvalidIsAnErrorNotCanonicalAWarning) {
  std::vector<std::string> bad = lint(header("not a locale", german) + "\nmsgid \"a\"\nmsgstr \"b\"\n");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_THAT(bad[0], testing::StartsWith("t.po:7:2: error: Language 'not a locale' is not a locale name: "));
  EXPECT_THAT(
      lint(header("de-AT", german) + "\nmsgid \"a\"\nmsgstr \"b\"\n"),
      testing::ElementsAre("t.po:7:2: warning: Language 'de-AT' is not in canonical form; write 'de_AT' "
                           "[language]"));
}

TEST(Lint, DuplicatesOnlyOnRequestAndOnlyForDifferentMsgids) {
  const std::string po =
      header("de", german) +
      "\nmsgid \"Open\"\nmsgstr \"Offen\"\n\nmsgctxt \"verb\"\nmsgid \"Open\"\nmsgstr \"Offen\"\n"
      "\nmsgid \"Close\"\nmsgstr \"Offen\"\n";
  EXPECT_THAT(lint(po), testing::IsEmpty());
  lint_options options;
  options.check_duplicates = true;
  EXPECT_THAT(lint(po, options),
              testing::ElementsAre("t.po:21:1: warning: the translation 'Offen' of 'Close' is also "
                                   "the translation of 'Open' at line 14 [duplicates]"));
}

TEST(Lint, FuzzyEntriesOnlyWithUseFuzzy) {
  const std::string po = header("de", german) + "\n#, fuzzy, c-format\nmsgid \"%d\"\nmsgstr \"%s\"\n";
  EXPECT_THAT(lint(po), testing::IsEmpty());
  lint_options options;
  options.use_fuzzy = true;
  EXPECT_THAT(lint(po, options),
              testing::ElementsAre("t.po:15:1: error: argument 1 is int in the msgid but char* in the msgstr "
                                   "[c-format]"));
}

TEST(Lint, UnreadableAndMalformedFiles) {
  std::vector<lint_diagnostic> missing = lint_po_file("/nonexistent/x.po");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(to_string(missing[0]), "/nonexistent/x.po: error: cannot open: no such file or directory [read]");
  std::vector<std::string> broken = lint("msgid \"x\n");
  ASSERT_EQ(broken.size(), 1u);
  EXPECT_THAT(broken[0], testing::MatchesRegex("t\\.po:1:[0-9]+: error: .* \\[syntax\\]"));
}

// What `msgfmt -c` prints for each finding (lint_diagnostic::msgfmt_text), and how many errors
// it counts (tests/parity/msgfmt_gnu.sh compares them with msgfmt 0.21's).
std::vector<std::string> msgfmt_view(const std::string& text, lint_options options = {}) {
  options.msgfmt_checks_only = true;
  std::vector<std::string> out;
  for (const lint_diagnostic& d : lint_po(text, "t.po", options))
    out.push_back(std::to_string(d.msgfmt_errors) + " " + d.msgfmt_text);
  return out;
}

TEST(LintMsgfmt, EntryFindingsAtTheFirstMsgstrCountingEveryForm) {
  // Both forms lose the msgid's final newline: one line, two errors, as msgfmt reports.
  const std::string po = header("de", german) +
                         "\nmsgid \"file\\n\"\nmsgid_plural \"files\\n\"\nmsgstr[0] \"Datei\"\n"
                         "msgstr[1] \"Dateien\"\n\n#, c-format\nmsgid \"%d\"\nmsgstr \"%s\"\n";
  EXPECT_THAT(msgfmt_view(po),
              testing::ElementsAre("2 t.po:15: 'msgid' and 'msgstr[0]' entries do not both end with '\\n'\n",
                                   "1 t.po:20: format specifications in 'msgid' and 'msgstr' for argument 1 "
                                   "are not the same\n"));
  lint_options no_format;
  no_format.c_format = false;
  EXPECT_THAT(msgfmt_view(po, no_format), testing::SizeIs(1));
}

TEST(LintMsgfmt, PluralRuleFindingsAtTheHeader) {
  const std::string entry = "\nmsgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n";
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=n/0;") + entry),
              testing::ElementsAre("1 t.po:2: plural expression can produce division by zero\n"));
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=n%3;") + entry),
              testing::ElementsAre("1 t.po:2: nplurals = 2 but plural expression can produce values as large "
                                   "as 2\n"));
  // A divisor zero for some n of 0..1000, the first problem found going up from 0 (as
  // msgfmt 0.21: 1/(n-1000) is reported, 1/(n-1001) not; n%(n-3) is 2 at n = 2 first).
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=10/(n-5);") + entry),
              testing::ElementsAre("1 t.po:2: plural expression can produce division by zero\n"));
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=1/(n-1000);") + entry),
              testing::ElementsAre("1 t.po:2: plural expression can produce division by zero\n"));
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=1/(n-1001);") + entry), testing::IsEmpty());
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=n!=3 && 1/(n-3);") + entry), testing::IsEmpty());
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=3; plural=n%(n-3);") + entry),
              testing::ElementsAre("1 t.po:2: plural expression can produce division by zero\n"));
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=n%(n-3);") + entry),
              testing::ElementsAre("1 t.po:2: nplurals = 2 but plural expression can produce values as large "
                                   "as 2\n"));
  // The value named is the first one too large, not the largest.
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=n;") + entry),
              testing::ElementsAre("1 t.po:2: nplurals = 2 but plural expression can produce values as large "
                                   "as 2\n"));
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=(n==5?5:n==6?0-1:0);") + entry),
              testing::ElementsAre("1 t.po:2: nplurals = 2 but plural expression can produce values as large "
                                   "as 5\n"));
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=2; plural=(n==5?0-1:n==6?5:0);") + entry),
              testing::ElementsAre("1 t.po:2: plural expression can produce negative values\n"));
  EXPECT_THAT(msgfmt_view(header("de", "nplurals=3; plural=n%3;") + entry),
              testing::ElementsAre("1 t.po:2: nplurals = 3...\nt.po:15: ...but some messages have only 2 "
                                   "plural forms\n"));
}

TEST(LintMsgfmt, HeaderFieldsAreWarnings) {
  EXPECT_THAT(msgfmt_view("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"),
              testing::Contains("0 t.po:2: warning: header field 'Language' missing in header\n"));
  EXPECT_THAT(msgfmt_view("msgid \"a\"\nmsgstr \"b\"\n"),
              testing::ElementsAre("1 msgfmt: t.po: warning: PO file header missing or invalid\n"
                                   "              warning: charset conversion will not work\n"));
}

TEST(LintMsgfmt, AcceleratorsOnlyOnRequest) {
  const std::string po = header("de", german) +
                         "\nmsgid \"&File\"\nmsgstr \"Datei\"\n\nmsgid \"&Edit\"\nmsgstr \"&Be&arbeiten\"\n"
                         "\nmsgid \"&&Lit\"\nmsgstr \"Lit\"\n\nmsgid \"_Open\"\nmsgstr \"Offen\"\n";
  EXPECT_THAT(msgfmt_view(po), testing::IsEmpty());
  lint_options options;
  options.accelerator_mark = '&';
  EXPECT_THAT(msgfmt_view(po, options),
              testing::ElementsAre("1 t.po:14: msgstr lacks the keyboard accelerator mark '&'\n",
                                   "1 t.po:17: msgstr has too many keyboard accelerator marks '&'\n"));
  options.accelerator_mark = '_';
  EXPECT_THAT(msgfmt_view(po, options),
              testing::ElementsAre("1 t.po:23: msgstr lacks the keyboard accelerator mark '_'\n"));
}

}  // namespace
}  // namespace erli18n
