// The GNU-compatible commands' option parser (tools/erli18n/gnu/gnu_options.h) against its
// oracle, glibc's own getopt_long: both are run over the same argv arrays, generated from a
// pool of tricky arguments, and must give the same options, values, operands (in order) and
// diagnostics, byte for byte.
#include <getopt.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "gnu_options.h"

namespace erli18n::gnu {
namespace {

// Options shaped like GNU gettext's: prefixes shared by several options, two names of one
// option (color/colour), optional and required arguments, long-only codes above 255.
constexpr long_option table[] = {
    {"add-comments", takes::optional, 'c'}, {"add-location", takes::optional, 'n'},
    {"output-file", takes::required, 'o'},  {"output-dir", takes::required, 'p'},
    {"sort-output", takes::none, 's'},      {"sort-by-file", takes::none, 'F'},
    {"strict", takes::none, 'S'},           {"statistics", takes::none, 300},
    {"verbose", takes::none, 'v'},          {"version", takes::none, 'V'},
    {"color", takes::optional, 301},        {"colour", takes::optional, 301},
    {"directory", takes::required, 'D'},    {"default-domain", takes::required, 'd'},
};
constexpr const char* short_letters = "c::n::o:p:sFSvVD:d:";

struct run {
  std::vector<option_event> events;  // values copied into `values` so both sides compare
  std::vector<std::string> values;
  std::vector<std::string> operands;
};

std::string describe(const std::vector<std::string>& args, const std::string& shorts, bool posix) {
  std::string out = "shorts=\"" + shorts + "\"" + (posix ? " POSIXLY_CORRECT" : "") + " argv:";
  for (const std::string& arg : args) out += " [" + arg + "]";
  return out;
}

// Everything written to file descriptor 2 while `body` runs.
template <class F>
std::string capture_stderr(F body) {
  std::fflush(stderr);
  const int saved = ::dup(2);
  const int sink = ::memfd_create("stderr", 0);
  ::dup2(sink, 2);
  body();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::string text;
  char buffer[1024];
  ::lseek(sink, 0, SEEK_SET);
  for (ssize_t got; (got = ::read(sink, buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(got));
  ::close(sink);
  return text;
}

run with_glibc(const std::vector<std::string>& args, const std::string& shorts, bool posix) {
  std::vector<std::string> storage{"prog"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : storage) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::vector<option> longs;
  std::vector<std::string> names;
  names.reserve(std::size(table));
  for (const long_option& o : table) {
    names.emplace_back(o.name);
    longs.push_back({names.back().c_str(),
                     o.argument == takes::none       ? no_argument
                     : o.argument == takes::required ? required_argument
                                                     : optional_argument,
                     nullptr, o.code});
  }
  longs.push_back({nullptr, 0, nullptr, 0});
  if (posix)
    ::setenv("POSIXLY_CORRECT", "1", 1);
  else
    ::unsetenv("POSIXLY_CORRECT");
  run out;
  optind = 0;  // a full reinitialisation, POSIXLY_CORRECT read again
  opterr = 1;
  for (;;) {
    int code = 0;
    std::string diagnostic = capture_stderr([&] {
      code = ::getopt_long(static_cast<int>(argv.size() - 1), argv.data(), shorts.c_str(), longs.data(),
                           nullptr);
    });
    if (code == -1) break;
    out.events.push_back({code, std::nullopt, diagnostic});
    out.values.push_back(optarg != nullptr ? "=" + std::string(optarg) : "(none)");
  }
  ::unsetenv("POSIXLY_CORRECT");
  for (int i = optind; i < static_cast<int>(argv.size() - 1); ++i) out.operands.emplace_back(argv[i]);
  return out;
}

run with_ours(const std::vector<std::string>& args, const std::string& shorts, bool posix) {
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  parsed_args parsed = parse_gnu_options("prog", argv, shorts, table, posix);
  run out;
  for (const option_event& event : parsed.events) {
    out.events.push_back({event.code, std::nullopt, event.diagnostic});
    out.values.push_back(event.value ? "=" + std::string(*event.value) : "(none)");
  }
  for (std::string_view operand : parsed.operands) out.operands.emplace_back(operand);
  return out;
}

// Both parsers on `args`; a fatal failure at the first difference, naming the case.
void expect_same(const std::vector<std::string>& args, const std::string& shorts, bool posix) {
  const run theirs = with_glibc(args, shorts, posix);
  const run ours = with_ours(args, shorts, posix);
  const std::string where = describe(args, shorts, posix);
  ASSERT_EQ(ours.events.size(), theirs.events.size()) << where;
  for (std::size_t i = 0; i < ours.events.size(); ++i) {
    ASSERT_EQ(ours.events[i].code, theirs.events[i].code) << where << " event " << i;
    ASSERT_EQ(ours.values[i], theirs.values[i]) << where << " event " << i;
    ASSERT_EQ(ours.events[i].diagnostic, theirs.events[i].diagnostic) << where << " event " << i;
  }
  ASSERT_EQ(ours.operands, theirs.operands) << where;
}

// Arguments chosen for the rules they exercise: prefixes (unique, ambiguous, of two names of
// one option, empty), `=` values (given, empty, refused), optional and required arguments
// (attached, separate, missing at the end), bundles, unknown letters, `--`, `-`, operands.
const std::vector<std::string> pool = {"--output-d",
                                       "--output-d=x",
                                       "--output",
                                       "--out=x",
                                       "--output-file=",
                                       "--s",
                                       "--sort",
                                       "--strict=1",
                                       "--add-comments",
                                       "--add-comments=TAG",
                                       "--add",
                                       "--colo",
                                       "--colo=w",
                                       "--foo",
                                       "--foo=bar",
                                       "--=x",
                                       "--v",
                                       "--verb",
                                       "--",
                                       "-",
                                       "-sFo",
                                       "-ovalue",
                                       "-o",
                                       "-cTAG",
                                       "-c",
                                       "-Z",
                                       "-sZF",
                                       "-s:",
                                       "file1",
                                       "file2",
                                       "--directory",
                                       "-D",
                                       "--d",
                                       "--de",
                                       "-nX",
                                       "-n",
                                       "",
                                       "--colour"};

const std::vector<std::string> option_strings = {short_letters, std::string("+") + short_letters,
                                                 std::string("-") + short_letters,
                                                 std::string(":") + short_letters};

TEST(GnuOptions, EveryPairOfArgumentsAsGlibc) {
  int cases = 0;
  for (const std::string& shorts : option_strings)
    for (bool posix : {false, true})
      for (const std::string& a : pool) {
        expect_same({a}, shorts, posix);
        ++cases;
        for (const std::string& b : pool) {
          expect_same({a, b}, shorts, posix);
          ++cases;
          if (::testing::Test::HasFatalFailure()) return;
        }
      }
  EXPECT_GT(cases, 10000);
}

TEST(GnuOptions, EveryTripleAsGlibc) {
  // Triples under the default ordering and POSIXLY_CORRECT: the permutation of operands
  // around options, `--` and option values.
  for (bool posix : {false, true})
    for (const std::string& a : pool)
      for (const std::string& b : pool)
        for (const std::string& c : pool) {
          expect_same({a, b, c}, short_letters, posix);
          if (::testing::Test::HasFatalFailure()) return;
        }
}

TEST(GnuOptions, LongRandomCommandLinesAsGlibc) {
  std::mt19937 random(22);  // fixed: a failure reproduces
  for (int i = 0; i < 3000; ++i) {
    std::vector<std::string> args(4 + random() % 6);
    for (std::string& arg : args) arg = pool[random() % pool.size()];
    expect_same(args, option_strings[random() % option_strings.size()], random() % 2 == 0);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(GnuOptions, StopsAtTheFirstErrorWithGnusWords) {
  std::vector<const char*> argv{"in.po", "--foo", "-Z"};
  parsed_args parsed = parse_gnu_options("msgfmt", argv, short_letters, table, false);
  const option_event* error = parsed.first_error();
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(error->diagnostic, "msgfmt: unrecognized option '--foo'\n");
  EXPECT_EQ(try_help_line("msgfmt"), "Try 'msgfmt --help' for more information.\n");
  argv = {"-sFo", "out", "in.po"};
  parsed = parse_gnu_options("msgfmt", argv, short_letters, table, false);
  EXPECT_EQ(parsed.first_error(), nullptr);
  ASSERT_EQ(parsed.events.size(), 3U);
  EXPECT_EQ(parsed.events[2].code, 'o');
  EXPECT_EQ(parsed.events[2].value, "out");
  EXPECT_EQ(parsed.operands, std::vector<std::string_view>{"in.po"});
}

}  // namespace
}  // namespace erli18n::gnu
