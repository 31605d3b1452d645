// The C++ lexer, keyword specs and the extractor (extract.h, cpp_lexer.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "cpp_lexer.h"
#include "erli18n/tools/extract.h"
#include "extract_scan.h"
#include "temp_dir.h"

namespace erli18n {
namespace {

using detail::cpp_lexer;
using detail::cpp_token;
using detail::cpp_token_kind;

// The string literals of `source`, decoded, with their lines.
std::vector<std::pair<std::string, std::size_t>> strings_of(std::string_view source) {
  cpp_lexer lexer(source);
  cpp_token t;
  std::vector<std::pair<std::string, std::size_t>> out;
  while (lexer.next(t))
    if (t.kind == cpp_token_kind::string)
      out.emplace_back(t.problem.empty() ? t.value : "!" + t.problem, t.line);
  return out;
}

std::vector<std::string> identifiers_of(std::string_view source) {
  cpp_lexer lexer(source);
  cpp_token t;
  std::vector<std::string> out;
  while (lexer.next(t))
    if (t.kind == cpp_token_kind::identifier) out.emplace_back(t.text);
  return out;
}

using strings = std::vector<std::pair<std::string, std::size_t>>;

TEST(CppLexer, PlainStringsAndEscapes) {
  EXPECT_EQ(strings_of(R"("a\tb\n\\\"\'\?")"), (strings{{"a\tb\n\\\"'?", 1}}));
  EXPECT_EQ(strings_of(R"("\101\x41\x4a\0101")"), (strings{{"AAJ\b1", 1}}));
  EXPECT_EQ(strings_of(R"("\a\b\f\v\r")"), (strings{{"\a\b\f\v\r", 1}}));
  EXPECT_EQ(strings_of(R"("\u00e9\U0001F600")"), (strings{{"\xc3\xa9\xf0\x9f\x98\x80", 1}}));
  EXPECT_EQ(strings_of(R"("unknown \e escape")"), (strings{{"unknown e escape", 1}}));
  EXPECT_EQ(strings_of(R"("nul\0 ends it")"), (strings{{"nul", 1}}));
  // A backslash before a NUL byte is an unknown escape standing for the NUL, which ends the C
  // string as xgettext reads it (found by fuzz_cpp_lexer: the NUL used to stay in the msgid).
  static constexpr char escaped_nul[] = "\"ab\\\0x\"";
  EXPECT_EQ(strings_of(std::string(escaped_nul, sizeof escaped_nul - 1)), (strings{{"ab", 1}}));
}

TEST(CppLexer, BadEscapesAreProblems) {
  EXPECT_EQ(strings_of(R"("\x")"), (strings{{"!\\x used with no following hex digits", 1}}));
  EXPECT_EQ(strings_of(R"("\x100")"), (strings{{"!escape sequence out of range", 1}}));
  EXPECT_EQ(strings_of(R"(L"\x100")"), (strings{{"\xc4\x80", 1}}));
  EXPECT_EQ(strings_of(R"("\u12")"), (strings{{"!invalid universal character name", 1}}));
  EXPECT_EQ(strings_of(R"("\ud800")"), (strings{{"!invalid universal character name", 1}}));
  EXPECT_EQ(strings_of(R"("\U00110000")"), (strings{{"!invalid universal character name", 1}}));
  EXPECT_EQ(strings_of("\"open\nx"), (strings{{"!unterminated string literal", 1}}));
  EXPECT_EQ(strings_of(R"("\xFFFFFFFFFFFF")"), (strings{{"!escape sequence out of range", 1}}));
}

TEST(CppLexer, Prefixes) {
  EXPECT_EQ(strings_of(R"(u8"a" L"b" u"c" U"d")"), (strings{{"a", 1}, {"b", 1}, {"c", 1}, {"d", 1}}));
  EXPECT_EQ(strings_of(R"(x"a")"), (strings{{"a", 1}}));  // x is an identifier, then a string
  EXPECT_EQ(identifiers_of(R"(x"a" u8 L)"), (std::vector<std::string>{"x", "u8", "L"}));
  EXPECT_EQ(strings_of(R"("abc"sv "d"_x)"), (strings{{"abc", 1}, {"d", 1}}));  // user-defined suffixes
}

TEST(CppLexer, RawStrings) {
  EXPECT_EQ(strings_of(R"--(R"(a\nb "q")")--"), (strings{{"a\\nb \"q\"", 1}}));
  EXPECT_EQ(strings_of(R"--(R"x(a)"b)x")--"), (strings{{"a)\"b", 1}}));
  EXPECT_EQ(strings_of("R\"(line\\\nnext)\""), (strings{{"line\\\nnext", 1}}));  // splice kept
  EXPECT_EQ(strings_of("u8R\"(a)\" LR\"(b)\" uR\"(c)\" UR\"(d)\""),
            (strings{{"a", 1}, {"b", 1}, {"c", 1}, {"d", 1}}));
  EXPECT_EQ(strings_of("R\"(two\nlines)\" \"next\""), (strings{{"two\nlines", 1}, {"next", 2}}));
  EXPECT_EQ(strings_of(R"--(R"(// /* */)")--"), (strings{{"// /* */", 1}}));
  EXPECT_EQ(strings_of(R"(R"(unterminated)"), (strings{{"!unterminated raw string literal", 1}}));
  EXPECT_EQ(strings_of(R"(R"abcdefghijklmnopq(x)abcdefghijklmnopq")").front().first,
            "!invalid raw string delimiter");
  EXPECT_EQ(strings_of(R"--(R"a b(x)a b")--").front().first, "!invalid raw string delimiter");
}

TEST(CppLexer, CommentsAndCharacterLiterals) {
  EXPECT_TRUE(strings_of(R"(// "no"
/* "no" */ 'a' '"' '\'' u8'"' L'\\')")
                  .empty());
  EXPECT_EQ(strings_of("'\"' \"yes\""), (strings{{"yes", 1}}));
  EXPECT_EQ(strings_of("// comment \\\n \"still comment\"\n\"code\""), (strings{{"code", 3}}));
  EXPECT_EQ(strings_of("/* a\n b */ \"x\""), (strings{{"x", 2}}));
  EXPECT_TRUE(strings_of("/* unterminated \"x\"").empty());
}

TEST(CppLexer, NumbersWithDigitSeparators) {
  EXPECT_EQ(strings_of("int a = 1'000'000; \"s\" 0x1'F 1e+5'' \"t\""), (strings{{"s", 1}, {"t", 1}}));
  EXPECT_EQ(identifiers_of("1'a b"), (std::vector<std::string>{"b"}));
}

TEST(CppLexer, SplicesEverywhereButRawStrings) {
  EXPECT_EQ(identifiers_of("get\\\ntext"), (std::vector<std::string>{"gettext"}));
  EXPECT_EQ(strings_of("\"a\\\nb\""), (strings{{"ab", 1}}));
  EXPECT_EQ(strings_of("\"a\\\r\nb\""), (strings{{"ab", 1}}));
}

// Every token of `source` as one line of text: kind, position, text, value, problem.
std::vector<std::string> tokens_of(std::string_view source, bool keep_comments, std::size_t skip_lines = 0) {
  cpp_lexer lexer(source, keep_comments);
  cpp_token t;
  std::vector<std::string> out;
  while (lexer.next(t))
    out.push_back(std::to_string(static_cast<int>(t.kind)) + ' ' + std::to_string(t.line - skip_lines) + ':' +
                  std::to_string(t.column) + ' ' + std::string(t.text) + '|' + t.value + '|' + t.problem +
                  '|' + std::to_string(t.comments.count));
  return out;
}

// A source without any backslash-newline is lexed on a fast path (memchr over comments and
// literal runs); one splice anywhere, even in a trailing comment, switches to the byte-by-byte
// path. Both must give the same tokens, positions included. The splice is put first (it
// joins line 1 to line 2 and moves no column), so it cannot change how the source ends.
TEST(CppLexer, FastPathWithoutSplicesMatchesTheSplicePath) {
  static constexpr char nul_source[] = "nul \"a\0b\" byte";  // a NUL byte inside a literal
  std::vector<std::string> sources = {
      "int a; // one\n/* two\n lines */ f(\"x\\ty\", 'c', \"a\" \"b\");\n",
      "x /* unterminated \"x\"",
      "\"unterminated\n x \"ok\"\n",
      "s = \"nul\\0after\" u8\"\\u00e9t\\xe9\" L\"w\" R\"d(raw \\ \n)d\";",
      "#define M(a) g(\"in macro\") // c\n#include <x> /* y\n z */\nh(\"after\");",
      "x /*/ still */ y //\n\"z\"",
      std::string(nul_source, sizeof nul_source - 1),
  };
  for (const char* name : {"api.cpp", "comments.cpp", "lexer.cpp", "utf8.cpp"}) {
    std::ifstream in(std::string(ERLI18N_TEST_DATA) + "/extract/parity/" + name, std::ios::binary);
    ASSERT_TRUE(in) << name;
    sources.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  for (const std::string& source : sources) {
    for (bool keep : {false, true}) {
      const std::vector<std::string> fast = tokens_of(source, keep);
      const std::vector<std::string> spliced = tokens_of("\\\n" + source, keep, 1);
      ASSERT_FALSE(fast.empty()) << source;
      const std::size_t same = static_cast<std::size_t>(
          std::mismatch(fast.begin(), fast.end(), spliced.begin(), spliced.end()).first - fast.begin());
      EXPECT_TRUE(same == fast.size() && same == spliced.size())
          << "first difference at token " << same << ": " << (same < fast.size() ? fast[same] : "(end)")
          << " vs " << (same < spliced.size() ? spliced[same] : "(end)") << "\nin:\n"
          << source;
    }
  }
}

TEST(CppLexer, Directives) {
  EXPECT_TRUE(strings_of("#include \"gettext(\\\"x\\\")\"\n#pragma x \"y\"\n#error don't \"z\"").empty());
  EXPECT_EQ(strings_of("#define M \"in macro\"\n\"after\""), (strings{{"in macro", 1}, {"after", 2}}));
  EXPECT_EQ(strings_of("#if 0\n\"x\"\n#endif"), (strings{{"x", 2}}));
  EXPECT_TRUE(strings_of("#include /* \"a\"\n \"b\" */ <x>\n").empty());
  EXPECT_EQ(identifiers_of("#define F(a, b) g(a)\nh"), (std::vector<std::string>{"g", "a", "h"}));
  EXPECT_EQ(identifiers_of("x # y"), (std::vector<std::string>{"x", "y"}));  // not at line start
}

TEST(CppLexer, CFormat) {
  using detail::is_c_format;
  for (const char* yes :
       {"%d", "%%", "%5.2f", "%-*d", "%lld", "%zu", "%ls", "%p", "%n", "%'d", "%1$s %2$s", "%2$s %1$s",
        "%1$*2$d", "%<PRId64>", "%<PRIxLEAST8>", "%<PRIuMAX>", "%m", "% d", "%.d", "x%%y", "%hhx", "%Lf",
        "%Zd", "%qd", "%C", "%S",
        // xgettext 0.21 marks these too: any sequence of size letters; `%m` reads no argument.
        "%lhd", "%hhhd", "%Lld", "%1$s %m", "%m %1$s", "%d %1$m", "%2$m %1$d"})
    EXPECT_TRUE(is_c_format(yes)) << yes;
  for (const char* no :
       {"", "text", "50%", "% ", "%ll", "%z", "%5%", "%-%", "%y", "%I64d", "%2$s", "%1$s %s", "%1$d %3$d",
        "%0$d", "%*1$d", "%<SCNd32>", "%<PRId7>", "%{name}", "%s %", "%1$*d", "%1$%", "%Id", "%l<PRId64>",
        // as msgfmt -c refuses them: one argument read as two types, number 0, over 1024
        "%1$d %1$s", "%1$d %1$ld", "%0$m", "%1025$d"})
    EXPECT_FALSE(is_c_format(no)) << no;
  EXPECT_TRUE(is_c_format("plain", false));
  EXPECT_FALSE(is_c_format("50%", false));
}

TEST(CppLexer, Placeholders) {
  using detail::has_erli18n_placeholder;
  EXPECT_TRUE(has_erli18n_placeholder("Hi %{name}!"));
  EXPECT_TRUE(has_erli18n_placeholder("%{_x1}"));
  EXPECT_FALSE(has_erli18n_placeholder("%%{name}"));
  EXPECT_FALSE(has_erli18n_placeholder("%{}"));
  EXPECT_FALSE(has_erli18n_placeholder("%{1x}"));
  EXPECT_FALSE(has_erli18n_placeholder("%{a b}"));
  EXPECT_FALSE(has_erli18n_placeholder("%{open"));
}

TEST(KeywordSpec, Parses) {
  auto p = [](std::string_view s) { return parse_keyword_spec(s); };
  EXPECT_EQ(*p("foo"), (keyword_spec{"foo", 1, 0, 0, 0, 0}));
  EXPECT_EQ(*p("foo:2"), (keyword_spec{"foo", 2, 0, 0, 0, 0}));
  EXPECT_EQ(*p("foo:1,2"), (keyword_spec{"foo", 1, 2, 0, 0, 0}));
  EXPECT_EQ(*p("foo:1c,2"), (keyword_spec{"foo", 2, 0, 1, 0, 0}));
  EXPECT_EQ(*p("foo:2,3t"), (keyword_spec{"foo", 2, 0, 0, 3, 0}));
  EXPECT_EQ(*p("foo:1d,2c,3,4,5t"), (keyword_spec{"foo", 3, 4, 2, 5, 1}));
  EXPECT_EQ(*p("foo:1,\"a, comment\""), (keyword_spec{"foo", 1, 0, 0, 0, 0, {"a, comment"}}));
  EXPECT_EQ(*p("foo:2,\"x\",\"y\""), (keyword_spec{"foo", 2, 0, 0, 0, 0, {"x", "y"}}));
  EXPECT_EQ(to_string(*p("foo:2,\"x\",\"y\"")), "foo:2,\"x\",\"y\"");
  EXPECT_EQ(*p("foo:3t"), (keyword_spec{"foo", 1, 0, 0, 3, 0}));
  EXPECT_EQ(*p("_"), (keyword_spec{"_", 1, 0, 0, 0, 0}));
  // xgettext's `g`: the argument holds `msgctxt|msgid` (glib's Q_).
  EXPECT_EQ(*p("Q_:1g"), (keyword_spec{"Q_", 1, 0, 0, 0, 0, {}, 1}));
  EXPECT_EQ(*p("R_:1,2g"), (keyword_spec{"R_", 1, 2, 0, 0, 0, {}, 2}));
  EXPECT_EQ(to_string(*p("R_:1,2g")), "R_:1,2g");
  EXPECT_FALSE(p("Q_:1g,2g"));
}

TEST(KeywordSpec, RejectsMalformed) {
  for (const char* bad : {"",          ":1",          "1foo",       "a-b",       "foo:",      "foo:,1",
                          "foo:1,",    "foo:x",       "foo:0",      "foo:1001",  "foo:1,2,3", "foo:1c,2c,3",
                          "foo:1t,2t", "foo:1d,2d,3", "foo:1q",     "foo:1,1",   "foo:1c,1",  "foo:1,3,2t",
                          "foo:1c",    "foo:2d",      "foo:\"open", "foo:\"x\"y"}) {
    result<keyword_spec> r = parse_keyword_spec(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().code, errc::invalid_argument);
    EXPECT_NE(r.error().message.find("invalid keyword spec"), std::string::npos);
  }
}

TEST(KeywordSpec, RoundTripsAndDefaults) {
  for (const keyword_spec& k : default_keywords()) {
    result<keyword_spec> again = parse_keyword_spec(to_string(k));
    ASSERT_TRUE(again) << to_string(k);
    EXPECT_EQ(*again, k);
  }
  std::vector<std::string> x = default_keywords_for_xgettext();
  EXPECT_EQ(x.size(), default_keywords().size());
  for (const std::string& s : x) EXPECT_EQ(s.find('d', s.find(':')), std::string::npos) << s;
  EXPECT_EQ(to_string(*parse_keyword_spec("dpgettext:1d,2c,3")), "dpgettext:1d,2c,3");
}

// Extraction of one text with the default keywords; messages of every domain, in order.
po_file extract(std::string_view text, extract_options opts = {}) {
  result<extract_result> r = extract_text(text, "t.cc", opts);
  EXPECT_TRUE(r);
  return merge_templates(*r, opts);
}

std::vector<std::string> msgids(const po_file& po) {
  std::vector<std::string> out;
  for (const po_message& m : po.messages) out.push_back((m.msgctxt ? *m.msgctxt + "|" : "") + m.msgid);
  return out;
}

TEST(Extract, CallFormsAndOverloads) {
  po_file po = extract(R"(
    format(gettext("a %{x}"), {{"x", 1}});
    format(tr.gettext("b"), {});
    format(ngettext("c", "cs", n), {});
    format(tr.ngettext("d", "ds", n), args);
    format(tr.pgettext("ctx", "e"), args);
    tr.gettext("f"); p->ngettext("g", "gs", 2); ns::pgettext("h", "i");
    gettextf("the removed interpolating names are no keywords", {});
    dlgettext("dom", "fr", "j");
  )");
  EXPECT_EQ(msgids(po), (std::vector<std::string>{"a %{x}", "b", "c", "d", "ctx|e", "f", "g", "h|i", "j"}));
  EXPECT_EQ(po.messages[2].msgid_plural, "cs");
  EXPECT_EQ(po.messages[0].flags, (std::vector<std::string>{"erli18n-format"}));
  // Overloads told apart by their argument count (`t`), a leading argument or not.
  extract_options o;
  o.keywords = {*parse_keyword_spec("log:1,2t"), *parse_keyword_spec("log:2,3t")};
  EXPECT_EQ(msgids(extract(R"(log("a", {{"x", 1}}); log(ch, "b", {}); log(x, "not matched", a, b);)", o)),
            (std::vector<std::string>{"a", "b"}));
}

TEST(Extract, CheckedMacrosByDefault) {
  // erli18n/checked.h's macros, each with its argument positions (and the bindings of the f
  // forms skipped as the other arguments are).
  po_file po = extract(R"(
    ERLI18N_GETTEXT("a"); ERLI18N_MSGID("b"); ERLI18N_PGETTEXT("c", "d");
    ERLI18N_NGETTEXT("e", "es", n); ERLI18N_NPGETTEXT("f", "g", "gs", n);
    ERLI18N_GETTEXTF("h %{x}", {"x", 1}); ERLI18N_PGETTEXTF("i", "j %{x}", {"x", 1});
    ERLI18N_NGETTEXTF("%{count} k", "%{count} ks", n, {"y", 2});
  )");
  EXPECT_EQ(msgids(po),
            (std::vector<std::string>{"a", "b", "c|d", "e", "f|g", "h %{x}", "i|j %{x}", "%{count} k"}));
  EXPECT_EQ(po.messages[3].msgid_plural, "es");
  EXPECT_EQ(po.messages[4].msgid_plural, "gs");
  EXPECT_EQ(po.messages[7].msgid_plural, "%{count} ks");
}

TEST(Extract, HashedKeyMacrosByDefault) {
  // erli18n/hashed.h's macros, inside the lookups that take them: each message once, with
  // its context and plural, and no warning about the lookup's non-literal argument.
  result<extract_result> r = extract_text(R"(
    erli18n::gettext(ERLI18N_MSG("a")); fr.pgettext(ERLI18N_PMSG("b", "c"));
    erli18n::ngettext(ERLI18N_NMSG("d", "ds"), n); fr.npgettext(ERLI18N_NPMSG("e", "f", "fs"), n);
  )",
                                          "hashed.cc", {});
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(msgids(r->all), (std::vector<std::string>{"a", "b|c", "d", "e|f"}));
  EXPECT_EQ(r->all.messages[2].msgid_plural, "ds");
  EXPECT_EQ(r->all.messages[3].msgid_plural, "fs");
  EXPECT_TRUE(r->warnings.empty()) << to_string(r->warnings[0]);
}

TEST(Extract, TotalFirstThenAny) {
  extract_options o;
  o.keywords = {*parse_keyword_spec("f:2"), *parse_keyword_spec("f:1,1t")};
  EXPECT_EQ(msgids(extract(R"(f("one"); f(x, "two"); f("a", "b", "c");)", o)),
            (std::vector<std::string>{"one", "two", "b"}));
}

TEST(Extract, NonLiteralArgumentsWarnAndSkip) {
  result<extract_result> r = extract_text(R"(
gettext(name);
gettext("a" + b);
ngettext("x", plural, n);
pgettext(ctx, "y");
gettext(c ? "p" : "q");
gettext("\x100");
dgettext(domain, "kept in the default domain");
gettext();
)",
                                          "w.cc", {});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->warnings.size(), 6u);
  EXPECT_EQ(to_string(r->warnings[0]),
            "w.cc:2: warning: msgid argument 1 of 'gettext' is not a string literal; call skipped");
  EXPECT_EQ(r->warnings[2].message, "plural argument 2 of 'ngettext' is not a string literal; call skipped");
  EXPECT_EQ(r->warnings[3].message, "context argument 1 of 'pgettext' is not a string literal; call skipped");
  EXPECT_EQ(r->warnings[5].message, "escape sequence out of range in argument 1 of 'gettext'; call skipped");
  // xgettext skips the non-literal ones silently: warn_skipped_calls = false leaves only the
  // escape problem, and the same messages.
  extract_options quiet;
  quiet.warn_skipped_calls = false;
  result<extract_result> q =
      extract_text("gettext(name);\ngettext(\"\\x100\");\ngettext(\"z\");\n", "w.cc", quiet);
  ASSERT_TRUE(q);
  ASSERT_EQ(q->warnings.size(), 1u);
  EXPECT_EQ(q->warnings[0].message, "escape sequence out of range in argument 1 of 'gettext'; call skipped");
  ASSERT_EQ(r->templates.size(), 1u);
  EXPECT_EQ(msgids(r->templates.at("messages")), (std::vector<std::string>{"kept in the default domain"}));
}

TEST(Extract, UnrepresentableMessages) {
  using namespace std::string_literals;
  result<extract_result> r =
      extract_text("gettext(\"ctx\\004sep\"); gettext(\"raw\0nul\"); gettext(\"\");"s, "u.cc", {});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->warnings.size(), 2u);
  EXPECT_EQ(r->warnings[0].message, "context separator <EOT> within string; call skipped");
  EXPECT_EQ(r->warnings[1].message.substr(0, 11), "empty msgid");
  EXPECT_EQ(msgids(r->all), (std::vector<std::string>{"raw", ""}));
  extract_options o;
  o.creation_time = 0;
  result<std::string> pot = render_template(r->all, o);
  ASSERT_TRUE(pot);
  EXPECT_NE(pot->find("#: u.cc:1\n#, fuzzy\nmsgid \"\""), std::string::npos);  // the header takes it
}

TEST(Extract, DomainsSplitAndMerge) {
  extract_options o;
  o.default_domain = "app";
  result<extract_result> r = extract_text(R"(
gettext("one");
dgettext("errors", "two");
dngettext("errors", "three", "threes", n);
dpgettext("ui", "menu", "four");
dlgettext("errors", "fr", "one");
)",
                                          "d.cc", o);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->templates.size(), 3u);
  EXPECT_EQ(msgids(r->templates.at("app")), (std::vector<std::string>{"one"}));
  EXPECT_EQ(msgids(r->templates.at("errors")), (std::vector<std::string>{"two", "three", "one"}));
  EXPECT_EQ(msgids(r->templates.at("ui")), (std::vector<std::string>{"menu|four"}));
  po_file all = merge_templates(*r, o);
  EXPECT_EQ(msgids(all), (std::vector<std::string>{"one", "two", "three", "menu|four"}));
  ASSERT_EQ(all.messages[0].references.size(), 2u);
  EXPECT_EQ(all.messages[0].references[1].line, 6u);
}

TEST(Extract, ReferencesAndLocations) {
  const char* text = "gettext(\n  \"a\");\ngettext(\"a\"); gettext(\"a\");\n";
  po_file po = extract(text);
  ASSERT_EQ(po.messages.size(), 1u);
  EXPECT_EQ(po.messages[0].references, (std::vector<po_reference>{{"t.cc", 2}, {"t.cc", 3}}));
  extract_options o;
  o.add_location = extract_options::locations::file;
  EXPECT_EQ(extract(text, o).messages[0].references, (std::vector<po_reference>{{"t.cc", std::nullopt}}));
  o.add_location = extract_options::locations::never;
  EXPECT_TRUE(extract(text, o).messages[0].references.empty());
}

TEST(Extract, CommentsFollowXgettextRules) {
  extract_options o;
  o.comment_tag = "TRANSLATORS:";
  po_file po = extract(R"(// TRANSLATORS: one
// two
gettext("a");
gettext("b");
// x TRANSLATORS: tail
gettext("c");
// TRANSLATORS: gone
int x;
gettext("d");
)",
                       o);
  ASSERT_EQ(po.messages.size(), 4u);
  EXPECT_EQ(po.messages[0].extracted_comments, (std::vector<std::string>{" TRANSLATORS: one", " two"}));
  EXPECT_TRUE(po.messages[1].extracted_comments.empty());
  EXPECT_EQ(po.messages[2].extracted_comments, (std::vector<std::string>{" TRANSLATORS: tail"}));
  EXPECT_TRUE(po.messages[3].extracted_comments.empty());
  o.comment_tag.reset();
  EXPECT_TRUE(extract("// c\ngettext(\"a\");", o).messages[0].extracted_comments.empty());
}

TEST(Extract, FlagsAndFormatPositions) {
  po_file po = extract(R"(gettext("%d"); printf(gettext("plain")); printf(format(gettext("f"), {}));
fprintf(f, _("x")); fprintf(_("y")); gettext("%{a} %d"); printf(gettext("50%"));)");
  ASSERT_EQ(po.messages.size(), 7u);
  EXPECT_EQ(po.messages[0].flags, (std::vector<std::string>{"c-format"}));
  EXPECT_EQ(po.messages[1].flags, (std::vector<std::string>{"c-format"}));
  EXPECT_TRUE(po.messages[2].flags.empty());
  EXPECT_EQ(po.messages[3].flags, (std::vector<std::string>{"c-format"}));
  EXPECT_TRUE(po.messages[4].flags.empty());
  EXPECT_EQ(po.messages[5].flags, (std::vector<std::string>{"erli18n-format"}));
  EXPECT_TRUE(po.messages[6].flags.empty());
}

TEST(Extract, SortOptions) {
  extract_options o;
  o.sort_output = true;
  EXPECT_EQ(msgids(extract(R"(gettext("b"); pgettext("z", "a"); gettext("a");)", o)),
            (std::vector<std::string>{"a", "z|a", "b"}));
}

TEST(Extract, RenderTemplateHeader) {
  extract_options o;
  o.creation_time = 0;
  o.package_name = "demo";
  o.package_version = "1.0";
  result<extract_result> r =
      extract_text("ngettext(\"%d x\", \"%d xs\", n); gettext(\"caf\\u00e9\");", "r.cc", o);
  ASSERT_TRUE(r);
  result<std::string> pot = render_template(merge_templates(*r, o), o);
  ASSERT_TRUE(pot);
  EXPECT_EQ(pot->substr(0, 30), "# SOME DESCRIPTIVE TITLE.\n# Co");
  EXPECT_NE(pot->find("\"Project-Id-Version: demo 1.0\\n\"\n"), std::string::npos);
  EXPECT_NE(pot->find("\"Content-Type: text/plain; charset=UTF-8\\n\"\n"), std::string::npos);
  EXPECT_NE(pot->find("\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"\n"), std::string::npos);
  EXPECT_NE(pot->find("#, fuzzy\nmsgid \"\"\n"), std::string::npos);
  o.omit_header = true;
  result<std::string> bare = render_template(merge_templates(*r, o), o);
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->substr(0, 17), "#: r.cc:1\n#, c-fo");
}

TEST(Extract, ErrorsAndFiles) {
  result<extract_result> r = extract_sources({"/nonexistent/x.cc"});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, errc::io);
  EXPECT_EQ(r.error().file, "/nonexistent/x.cc");
  test_support::temp_dir dir;
  for (const char* f : {"b.cc", "a.h", "sub/c.cpp", "notes.txt", ".hidden/d.cc", "sub/e.C"})
    dir.write(f, "gettext(\"x\");\n");
  result<std::vector<std::string>> files = collect_source_files({dir.root(), dir.path("notes.txt")});
  ASSERT_TRUE(files);
  EXPECT_EQ(*files, (std::vector<std::string>{dir.path("a.h"), dir.path("b.cc"), dir.path("sub/c.cpp"),
                                              dir.path("sub/e.C"), dir.path("notes.txt")}));
  EXPECT_FALSE(collect_source_files({dir.path("missing")}));
  result<extract_result> dir_as_file = extract_sources({dir.root()});
  EXPECT_FALSE(dir_as_file);
}

// `#line N "file"` renumbers what follows (xgettext 0.21's reading, measured); the lexer
// reports the numbered line and file, and references follow them.
TEST(Extract, LineDirectives) {
  cpp_lexer lexer("a\n#line 10 \"x.c\"\nb\n#line 20\nc\n# 30 \"y\\\"z.c\" 1\nd\n#line 0x5 \"h.c\"\ne\n");
  cpp_token t;
  std::vector<std::string> seen;
  while (lexer.next(t))
    seen.push_back(std::string(t.text) + "@" + (t.file ? *t.file : "-") + ":" + std::to_string(t.line));
  EXPECT_EQ(seen, (std::vector<std::string>{"a@-:1", "b@x.c:10", "c@x.c:12", "d@y\"z.c:30", "e@h.c:0"}));
  po_file po = extract("gettext(\"a\");\n#line 7 \"b.c\"\ngettext(\"a\");\ngettext(\n\"c\");\n");
  ASSERT_EQ(po.messages.size(), 2U);
  EXPECT_EQ(po.messages[0].references, (std::vector<po_reference>{{"t.cc", 1}, {"b.c", 7}}));
  EXPECT_EQ(po.messages[1].references, (std::vector<po_reference>{{"b.c", 9}}));
  // With --sort-by-file the header lent the references of gettext("") stays where they sort
  // (xgettext 0.21), which #line can put before other files.
  extract_options by_file;
  by_file.sort_by_file = true;
  const std::string text =
      render_template(extract("gettext(\"z\");\n#line 1 \"a.c\"\ngettext(\"\");", by_file), by_file).value();
  EXPECT_LT(text.find("#: a.c:1\n"), text.find("#: t.cc:1\nmsgid \"z\""));
}

// `xgettext:` flag comments (xgettext 0.21's grammar, measured): tokens after the marker,
// split at white space and commas; unknown tokens ignored; a line naming none is a comment.
TEST(Extract, FlagCommentGrammar) {
  using extract_detail::parse_flag_comment;
  auto flags = [](std::string_view line) {
    std::vector<std::string> out;
    const bool named = parse_flag_comment(line, &out);
    EXPECT_EQ(named, !out.empty()) << line;
    return out;
  };
  using list = std::vector<std::string>;
  EXPECT_EQ(flags("xgettext:no-c-format"), (list{"no-c-format"}));
  EXPECT_EQ(flags("hello xgettext: c-format,no-wrap  possible-boost-format"),
            (list{"c-format", "no-wrap", "possible-boost-format"}));
  EXPECT_EQ(flags("xgettext:range: 0..10 range:  2..3"), (list{"range: 0..10", "range: 2..3"}));
  EXPECT_EQ(flags("xgettext:no-c-format range: x..3 wrap"), (list{"no-c-format", "wrap"}));
  for (std::string_view none :
       {"xgettext:range:1..5", "xgettext:range: 3..1", "xgettext:range: -1..3", "xgettext:range: 0 .. 10",
        "xgettext:c++-format", "xgettext:bogus-format", "XGETTEXT:no-c-format", "no-c-format", "xgettext:"})
    EXPECT_EQ(flags(none), list{}) << none;
  EXPECT_TRUE(extract_detail::c_format_decided({"no-c-format"}));
  EXPECT_TRUE(extract_detail::c_format_decided({"possible-qt-format"}));
  EXPECT_FALSE(extract_detail::c_format_decided({"python-format", "no-boost-format"}));
  EXPECT_FALSE(extract_detail::c_format_decided({"objc-format", "no-objc-format"}));
}

TEST(Extract, FlagCommentsApplyToTheNextMessage) {
  extract_options opts;
  opts.omit_header = true;
  auto render = [&](std::string_view text) { return render_template(extract(text, opts), opts).value(); };
  // The flag replaces xgettext's c-format guess; a later occurrence without one keeps it, a
  // later flag wins over an earlier guess.
  EXPECT_EQ(render("// xgettext:no-c-format\ngettext(\"%d a\");\ngettext(\"%d a\");\n"
                   "gettext(\"%d b\");\n// xgettext:no-c-format\ngettext(\"%d b\");\n"),
            "#: t.cc:2 t.cc:3\n#, no-c-format\nmsgid \"%d a\"\nmsgstr \"\"\n\n"
            "#: t.cc:4 t.cc:6\n#, no-c-format\nmsgid \"%d b\"\nmsgstr \"\"\n");
  // A code line between the comment and the call forgets it.
  EXPECT_EQ(render("// xgettext:no-c-format\nint y;\ngettext(\"%d\");\n"),
            "#: t.cc:3\n#, c-format\nmsgid \"%d\"\nmsgstr \"\"\n");
  // no-wrap leaves the long line alone; range goes between the formats and no-wrap.
  const std::string long_id(90, 'x');
  EXPECT_EQ(render("/* xgettext:no-wrap range: 1..3 */ ngettext(\"%d " + long_id + "\", \"p\", n);"),
            "#: t.cc:1\n#, c-format, range: 1..3, no-wrap\nmsgid \"%d " + long_id +
                "\"\nmsgid_plural \"p\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n");
  // boost-format excludes the c-format guess; python-format does not.
  EXPECT_EQ(
      render("// xgettext:boost-format\ngettext(\"%d x\");\n// xgettext:python-format\ngettext(\"%d y\");"),
      "#: t.cc:2\n#, boost-format\nmsgid \"%d x\"\nmsgstr \"\"\n\n"
      "#: t.cc:4\n#, c-format, python-format\nmsgid \"%d y\"\nmsgstr \"\"\n");
  // The flag lines are not extracted comments; the others are.
  opts.comment_tag = "";
  EXPECT_EQ(render("// keep\n// xgettext:no-wrap\n// also\ngettext(\"m\");"),
            "#. keep\n#. also\n#: t.cc:4\n#, no-wrap\nmsgid \"m\"\nmsgstr \"\"\n");
  // erli18n-format still shows beside a flag comment naming ycp-format (its stand-in).
  opts.comment_tag.reset();
  EXPECT_EQ(render("// xgettext:no-ycp-format\ngettext(\"%{n} a\");"),
            "#: t.cc:2\n#, erli18n-format, no-ycp-format\nmsgid \"%{n} a\"\nmsgstr \"\"\n");
}

// --from-code (xgettext 0.21's behaviour, measured): ASCII refuses a message whose strings
// (escapes included) or comments in effect are not ASCII, at that string's line; UTF-8
// validates the strings; another charset converts the file.
TEST(Extract, FromCode) {
  auto run = [](std::string_view text, std::string code, bool comments = false) {
    extract_options o;
    o.from_code = std::move(code);
    if (comments) o.comment_tag = "";
    return extract_text(text, "t.cc", o);
  };
  auto fails_at = [&](std::string_view text, std::string code, std::size_t line, std::string_view what) {
    result<extract_result> r = run(text, code);
    ASSERT_FALSE(r) << text;
    EXPECT_EQ(r.error().code, errc::charset);
    EXPECT_EQ(r.error().file, "t.cc");
    EXPECT_EQ(r.error().line, line) << text;
    EXPECT_NE(r.error().message.find(what), std::string::npos) << r.error().message;
  };
  fails_at("gettext(\n\"a\"\n\"caf\xc3\xa9\");", "ASCII", 2, "non-ASCII string");
  fails_at("gettext(\"\\xe9\");", "US-ASCII", 1, "non-ASCII string");
  fails_at("ngettext(\"a\",\n\"\xc3\xa9\", n);", "ascii", 2, "non-ASCII string");
  fails_at("// caf\xc3\xa9\n// b\n\ngettext(\"x\");", "ASCII", 4, "non-ASCII comment at or before");
  fails_at("gettext(\"\xe9\");", "UTF-8", 1, "invalid UTF-8");
  // Strings that are not extracted and comments forgotten before the message do not count.
  EXPECT_TRUE(run("puts(\"caf\xc3\xa9\"); gettext(\"x\");\n// \xc3\xa9\nint y;\ngettext(\"y\");", "ASCII"));
  result<extract_result> utf8 = run("// caf\xc3\xa9\ngettext(\"caf\xc3\xa9\");", "UTF-8", true);
  ASSERT_TRUE(utf8);
  EXPECT_EQ(utf8->all.messages.at(0).msgid, "caf\xc3\xa9");
  // Converted before scanning: the msgid and the comment are UTF-8.
  result<extract_result> latin1 = run("// caf\xe9\ngettext(\"caf\xe9\");", "ISO-8859-1", true);
  ASSERT_TRUE(latin1);
  EXPECT_EQ(latin1->all.messages.at(0).msgid, "caf\xc3\xa9");
  EXPECT_EQ(latin1->all.messages.at(0).extracted_comments, (std::vector<std::string>{" caf\xc3\xa9"}));
  // A name xgettext does not know (even one iconv knows) is ASCII, with a warning.
  result<extract_result> unknown = run("gettext(\"x\");", "latin1");
  ASSERT_TRUE(unknown);
  ASSERT_EQ(unknown->warnings.size(), 1U);
  EXPECT_EQ(to_string(unknown->warnings[0]),
            "--from-code: warning: 'latin1' is not a valid encoding name; using ASCII instead");
  fails_at("gettext(\"\xe9\");", "latin1", 1, "non-ASCII string");
  // Bytes invalid in the charset: an error at their line.
  fails_at("gettext(\"x\");\ngettext(\"\x81\");", "SHIFT_JIS", 2, "invalid bytes for the charset SHIFT_JIS");
  // Unset: bytes as they are, as before the option existed.
  EXPECT_TRUE(extract_text("gettext(\"\xe9\");", "t.cc"));
  // Every thread count reports the first failing file.
  test_support::temp_dir dir;
  std::vector<std::string> files;
  for (int i = 0; i < 20; ++i)
    files.push_back(dir.write("f" + std::to_string(i) + ".cc",
                              i == 7 || i == 12 ? "gettext(\"\xc3\xa9\");" : "gettext(\"x\");"));
  for (unsigned jobs : {1U, 2U, 4U}) {
    extract_options o;
    o.from_code = "ASCII";
    o.jobs = jobs;
    result<extract_result> r = extract_sources(files, o);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().file, files[7]) << jobs;
  }
}

// Files are read and scanned on several threads and recorded in order: any number of jobs
// gives what one thread gives, messages, references, comments, flags, domains and warnings.
TEST(Extract, JobsDoNotChangeTheResult) {
  test_support::temp_dir dir;
  std::vector<std::string> files;
  for (const char* name : {"api.cpp", "comments.cpp", "lexer.cpp", "utf8.cpp"})
    files.push_back(std::string(ERLI18N_TEST_DATA) + "/extract/parity/" + name);
  // Many small files sharing messages, so that references interleave across files.
  for (int i = 0; i < 60; ++i) {
    const std::string n = std::to_string(i);
    files.push_back(dir.write("f" + n + ".cc", "// TRANSLATORS: file " + n +
                                                   "\nvoid f() { gettext(\"shared\"); _(\"only " + n +
                                                   "\");\n dgettext(\"d" + std::to_string(i % 3) +
                                                   "\", \"%d in domain\");\n gettext(x); }\n"));
  }
  for (bool sort : {false, true}) {
    extract_options base;
    base.comment_tag = "";
    base.sort_output = sort;
    base.jobs = 1;
    result<extract_result> one = extract_sources(files, base);
    ASSERT_TRUE(one);
    ASSERT_GT(one->all.messages.size(), 60U);
    ASSERT_GE(one->warnings.size(), 60U);
    for (unsigned jobs : {2U, 3U, 8U, 0U}) {
      extract_options o = base;
      o.jobs = jobs;
      result<extract_result> many = extract_sources(files, o);
      ASSERT_TRUE(many);
      EXPECT_EQ(render_template(many->all, o).value(), render_template(one->all, base).value()) << jobs;
      ASSERT_EQ(many->templates.size(), one->templates.size());
      for (const auto& [domain, pot] : one->templates)
        EXPECT_EQ(render_template(many->templates.at(domain), o).value(), render_template(pot, base).value());
      EXPECT_EQ(many->first_seen, one->first_seen);
      ASSERT_EQ(many->warnings.size(), one->warnings.size());
      for (std::size_t i = 0; i < one->warnings.size(); ++i)
        EXPECT_EQ(to_string(many->warnings[i]), to_string(one->warnings[i]));
    }
  }
  // The first unreadable file in the given order is the error, whichever thread met it.
  std::vector<std::string> broken = files;
  broken.insert(broken.begin() + 30, dir.path("missing-a.cc"));
  broken.insert(broken.begin() + 50, dir.path("missing-b.cc"));
  for (unsigned jobs : {1U, 2U, 4U}) {
    extract_options o;
    o.jobs = jobs;
    result<extract_result> r = extract_sources(broken, o);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, errc::io);
    EXPECT_EQ(r.error().file, dir.path("missing-a.cc")) << jobs;
  }
}

TEST(Extract, OnFileDoneAfterEachFileInOrder) {
  test_support::temp_dir dir;
  for (const char* f : {"a.cc", "b.cc", "c.cc"}) dir.write(f, "gettext(\"" + std::string(f) + "\");\n");
  const std::string a = dir.path("a.cc"), b = dir.path("b.cc"), c = dir.path("c.cc");
  std::vector<std::pair<std::size_t, std::size_t>> calls;
  extract_options options;
  options.on_file_done = [&calls](std::size_t done, std::size_t total) { calls.emplace_back(done, total); };
  result<extract_result> r = extract_sources({a, b, c}, options);
  ASSERT_TRUE(r);
  EXPECT_EQ(calls, (std::vector<std::pair<std::size_t, std::size_t>>{{1, 3}, {2, 3}, {3, 3}}));
  EXPECT_EQ(r->all.messages.size(), 3u);
  // A file that cannot be read ends the run: no call for it or after it.
  calls.clear();
  EXPECT_FALSE(extract_sources({a, dir.path("missing.cc"), c}, options));
  EXPECT_EQ(calls, (std::vector<std::pair<std::size_t, std::size_t>>{{1, 3}}));
}

// The features of xgettext 0.21 the GNU-compatible command needs (measured on it).
TEST(Extract, GlibContextArguments) {
  extract_options opts;
  opts.keywords = {*parse_keyword_spec("Q_:1g"), *parse_keyword_spec("R_:1g,2")};
  result<extract_result> r =
      extract_text("Q_(\"a|b|c\");\nQ_(\"none\");\nR_(\"x|one\", \"many\", n);\n", "t.cc", opts);
  ASSERT_TRUE(r);
  po_file po = merge_templates(*r, opts);
  EXPECT_EQ(msgids(po), (std::vector<std::string>{"a|b|c", "none", "x|one"}));
  EXPECT_EQ(po.messages[0].msgid, "b|c");
  EXPECT_FALSE(po.messages[1].msgctxt);
  EXPECT_EQ(po.messages[2].msgid_plural, "many");
  ASSERT_EQ(r->warnings.size(), 1U);
  EXPECT_EQ(to_string(r->warnings[0]), "t.cc:2: warning: missing context for keyword 'Q_'");
}

TEST(Extract, InttypesMacrosInConcatenations) {
  po_file po =
      extract("printf(gettext(\"%\" PRId64 \" of %\" PRIuLEAST8 PRIxMAX \"!\"));\ngettext(\"a\" SCNd8);\n");
  ASSERT_EQ(po.messages.size(), 1U);
  EXPECT_EQ(po.messages[0].msgid, "%<PRId64> of %<PRIuLEAST8><PRIxMAX>!");
  EXPECT_EQ(po.messages[0].flags, (std::vector<std::string>{"c-format"}));
}

TEST(Extract, CallsNestedDeep) {
  std::string deep;
  for (int i = 0; i < 999; ++i) deep += "f(";
  deep += "gettext(\"deep\")";
  deep += std::string(999, ')');
  EXPECT_EQ(msgids(extract(deep)), (std::vector<std::string>{"deep"}));
}

TEST(Extract, ExtractAll) {
  extract_options opts;
  opts.extract_all = true;
  opts.comment_tag = "";
  po_file po = extract(
      "#include \"x.h\"\n#define M \"macro\"\n// c\nf(\"a\" \"b\", ngettext(\"s\", \"p\", n));\n", opts);
  EXPECT_EQ(msgids(po), (std::vector<std::string>{"macro", "ab", "s", "p"}));
  EXPECT_EQ(po.messages[1].extracted_comments, (std::vector<std::string>{" c"}));
  EXPECT_FALSE(po.messages[2].msgid_plural);
}

TEST(Extract, SortByFileOrdersOneLineByMsgid) {
  extract_options opts;
  opts.sort_by_file = true;
  EXPECT_EQ(msgids(extract("gettext(\"b\"); pgettext(\"x\", \"a\"); gettext(\"a\");\ngettext(\"0\");", opts)),
            (std::vector<std::string>{"a", "x|a", "b", "0"}));
}

TEST(Extract, ExcludeTrigraphsAndNoErli18nFormat) {
  extract_options opts;
  opts.exclude = {{std::nullopt, "b"}, {"c", "a"}};
  EXPECT_EQ(msgids(extract("gettext(\"a\"); gettext(\"b\"); pgettext(\"c\", \"a\"); pgettext(\"c\", \"b\");",
                           opts)),
            (std::vector<std::string>{"a", "c|b"}));
  extract_options trigraphs;
  trigraphs.trigraphs = true;
  EXPECT_EQ(msgids(extract("gettext(\"?\?! ?\?( ?\?) ?\?< ?\?> ?\?= ?\?' ?\?- ?\?/?\? ?\");", trigraphs)),
            (std::vector<std::string>{"| [ ] { } # ^ ~ ?? ?"}));
  EXPECT_EQ(msgids(extract("gettext(\"?\?!\");")), (std::vector<std::string>{"?\?!"}));
  extract_options plain;
  plain.erli18n_format = false;
  EXPECT_TRUE(extract("gettext(\"%{name}\");", plain).messages[0].flags.empty());
  EXPECT_EQ(extract("gettext(\"%{name}\");").messages[0].flags, (std::vector<std::string>{"erli18n-format"}));
}

TEST(Extract, DirectoriesAndStandardInput) {
  test_support::temp_dir dir;
  dir.write("one/a.c", "gettext(\"one\");\n");
  dir.write("two/a.c", "gettext(\"two\");\n");
  dir.write("two/b.c", "gettext(\"b\");\n");
  extract_options opts;
  opts.directories = {dir.path("two"), dir.path("one")};
  result<extract_result> r = extract_sources({"a.c", "b.c"}, opts);
  ASSERT_TRUE(r);
  EXPECT_EQ(msgids(r->all), (std::vector<std::string>{"two", "b"}));
  EXPECT_EQ(r->all.messages[0].references, (std::vector<po_reference>{{"a.c", 1}}));
  opts.directories = {dir.path("one")};
  EXPECT_FALSE(extract_sources({"b.c"}, opts));
}

TEST(Extract, RenderingForXgettext) {
  extract_options opts;
  opts.public_domain = true;
  opts.copyright_holder = "ignored";
  opts.msgstr_prefix = "<";
  opts.msgstr_suffix = ">";
  std::string text = render_template(extract("ngettext(\"s\", \"p\", n); gettext(\"x\");"), opts).value();
  EXPECT_NE(text.find("# SOME DESCRIPTIVE TITLE.\n# This file is put in the public domain.\n# FIRST AUTHOR"),
            std::string::npos);
  EXPECT_NE(text.find("msgstr[0] \"<s>\"\nmsgstr[1] \"<p>\"\n"), std::string::npos);
  EXPECT_NE(text.find("msgid \"x\"\nmsgstr \"<x>\"\n"), std::string::npos);
  EXPECT_NE(text.find("msgstr \"\"\n\"Project-Id-Version"), std::string::npos);  // the header's own
  // Nothing extracted: nothing rendered, unless force_po.
  extract_options empty;
  EXPECT_EQ(render_template(po_file{}, empty).value(), "");
  empty.layout.force_po = true;
  EXPECT_NE(render_template(po_file{}, empty).value().find("msgid \"\""), std::string::npos);
  empty.layout = {};
  empty.layout.wrap = false;
  const std::string long_id(200, 'x');
  text = render_template(extract("gettext(\"" + long_id + " " + long_id + "\");"), empty).value();
  EXPECT_NE(text.find("msgid \"" + long_id + " " + long_id + "\"\n"), std::string::npos);
}

TEST(Extract, JoinExisting) {
  po_file existing = read_po(
                         "msgid \"\"\nmsgstr \"X: y\\n\"\n\n#: old.c:1\nmsgid \"b\"\nmsgstr \"B\"\n\n"
                         "#, fuzzy\nmsgid \"gone\"\nmsgstr \"G\"\n")
                         .value();
  po_file joined = join_existing(existing, extract("gettext(\"a\"); gettext(\"b\");"));
  EXPECT_EQ(msgids(joined), (std::vector<std::string>{"b", "gone", "a"}));
  EXPECT_EQ(joined.messages[0].msgstr, (std::vector<std::string>{"B"}));
  EXPECT_EQ(joined.messages[0].references, (std::vector<po_reference>{{"old.c", 1}, {"t.cc", 1}}));
  EXPECT_TRUE(joined.messages[1].fuzzy);
  extract_options sorted;
  sorted.sort_output = true;
  EXPECT_EQ(msgids(join_existing(existing, extract("gettext(\"a\");"), sorted)),
            (std::vector<std::string>{"a", "b", "gone"}));
}

TEST(Extract, FormatFlagRules) {
  extract_options opts;
  opts.keywords = {*parse_keyword_spec("_"), *parse_keyword_spec("my_")};
  opts.format_flags = {{"foo", 2, "c-format"}, {"baz", 1, "no-c-format"}, {"my_", 1, "pass-c-format"}};
  po_file po = extract(
      "foo(_(\"a\"), _(\"b\"));\nbaz(_(\"%d c\"));\nprintf(my_(\"d\"));\nfoo(1, g(_(\"e\")));\n", opts);
  ASSERT_EQ(msgids(po), (std::vector<std::string>{"a", "b", "%d c", "d", "e"}));
  EXPECT_TRUE(po.messages[0].flags.empty());
  EXPECT_EQ(po.messages[1].flags, (std::vector<std::string>{"c-format"}));
  EXPECT_EQ(po.messages[2].flags, (std::vector<std::string>{"no-c-format"}));
  EXPECT_EQ(po.messages[3].flags, (std::vector<std::string>{"c-format"}));
  EXPECT_TRUE(po.messages[4].flags.empty());
  opts.format_flags = {{"_", 1, "c-format"}};
  EXPECT_EQ(extract("_(\"plain\");", opts).messages[0].flags, (std::vector<std::string>{"c-format"}));
}

TEST(Extract, QtAndKdeFormats) {
  extract_options qt;
  qt.keywords = {*parse_keyword_spec("tr")};
  qt.qt = true;
  po_file po =
      extract("tr(\"%1 files\"); tr(\"%Ln items\"); tr(\"%1 of %n\"); printf(tr(\"%1 p\")); tr(\"%d\");", qt);
  using flags = std::vector<std::string>;
  ASSERT_EQ(po.messages.size(), 5U);
  EXPECT_EQ(po.messages[0].flags, (flags{"qt-format"}));
  EXPECT_EQ(po.messages[1].flags, (flags{"c-format", "qt-plural-format"}));
  flags both = po.messages[2].flags;  // the writer orders flags: the vector's order is free
  std::sort(both.begin(), both.end());
  EXPECT_EQ(both, (flags{"qt-format", "qt-plural-format"}));
  EXPECT_EQ(po.messages[3].flags, (flags{"qt-format"}));  // not printf's c-format
  EXPECT_EQ(po.messages[4].flags, (flags{"c-format"}));
  extract_options kde = qt;
  kde.qt = false;
  kde.kde = true;
  po = extract("tr(\"%2 only\"); tr(\"%1 %3\"); tr(\"%10 ten\"); tr(\"%L1\"); tr(\"%0 zero\");", kde);
  ASSERT_EQ(po.messages.size(), 5U);
  EXPECT_EQ(po.messages[0].flags, (flags{"kde-format"}));
  EXPECT_EQ(po.messages[1].flags, (flags{"kde-format"}));
  EXPECT_TRUE(po.messages[2].flags.empty());
  EXPECT_TRUE(po.messages[3].flags.empty());
  EXPECT_EQ(po.messages[4].flags, (flags{"c-format"}));
}

// The Boost.Format guess (measured on xgettext 0.21 --boost): directives of each kind, the
// numbering and type rules, c-format kept beside it, C++ files only.
TEST(Extract, BoostFormat) {
  extract_options boost;
  boost.boost = true;
  using flags = std::vector<std::string>;
  const flags b{"boost-format"}, cb{"c-format", "boost-format"}, none{};
  const std::pair<const char*, flags> cases[] = {{"%1% files", b},
                                                 {"%|1$5d| wide", b},
                                                 {"%|5|", b},
                                                 {"%||", b},
                                                 {"100%%", cb},
                                                 {"%d files", cb},
                                                 {"%1$s and %2$d", cb},
                                                 {"%2% only", b},
                                                 {"%1$s %2%", b},
                                                 {"%|s| %d", b},
                                                 {"%1%d", b},
                                                 {"%_d", b},
                                                 {"%hhhd", cb},
                                                 {"%1$d %1$s", b},
                                                 {"plain", none},
                                                 {"%0% zero", none},
                                                 {"%1% and %d", none},
                                                 {"%|1$d| %s", none},
                                                 {"%1$d %1$f", none},
                                                 {"%1$C %1$d", none},
                                                 {"%1$*1$f", none},
                                                 {"%*2$d", none},
                                                 {"%|1%|", none},
                                                 {"%|1$5d", none},
                                                 {"%1", none},
                                                 {"%01%", none},
                                                 {"%qd", flags{"c-format"}},
                                                 {"%1%%", none},
                                                 {"% %", none}};
  for (const auto& [text, expected] : cases) {
    std::string source = "gettext(\"" + std::string(text) + "\");";
    po_file po = extract(source, boost);
    ASSERT_EQ(po.messages.size(), 1U) << text;
    flags got = po.messages[0].flags;
    if (got.size() == 2 && got[0] != "c-format") std::swap(got[0], got[1]);
    EXPECT_EQ(got, expected) << text;
  }
  po_file po = extract("ngettext(\"one\", \"%1% files\", n); printf(gettext(\"%1% p\"));", boost);
  ASSERT_EQ(po.messages.size(), 2U);
  EXPECT_EQ(po.messages[0].flags, b);  // either string
  flags printf_flags = po.messages[1].flags;
  std::sort(printf_flags.begin(), printf_flags.end());
  EXPECT_EQ(printf_flags, (flags{"boost-format", "c-format"}));  // printf's c-format stays
  // A C file (by its name, or every file when told) has no Boost format.
  result<extract_result> c = extract_text("gettext(\"%1%\");", "t.c", boost);
  ASSERT_TRUE(c);
  EXPECT_TRUE(merge_templates(*c, boost).messages[0].flags.empty());
  boost.cxx = false;
  EXPECT_TRUE(extract("gettext(\"%1%\");", boost).messages[0].flags.empty());
  boost.cxx = true;
  c = extract_text("gettext(\"%1%\");", "t.c", boost);
  ASSERT_TRUE(c);
  EXPECT_EQ(merge_templates(*c, boost).messages[0].flags, b);
}

TEST(Extract, BoundedOnHostileInput) {
  std::string deep(100000, '(');
  deep += "gettext(\"deep\")";
  deep += std::string(100000, ')');
  EXPECT_TRUE(extract_text(deep, "deep.cc", {}));
  std::string commas = "gettext(" + std::string(100000, ',') + ")";
  EXPECT_TRUE(extract_text(commas, "commas.cc", {}));
  std::string unclosed = "#define X gettext(\"a\"\ngettext(\"b\");";
  po_file po = extract(unclosed);
  EXPECT_EQ(msgids(po), (std::vector<std::string>{"b"}));
}

}  // namespace
}  // namespace erli18n
