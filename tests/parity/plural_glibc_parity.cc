// Parity of plural_rule with glibc's own dcngettext.
//
// Collects every distinct `Plural-Forms` value from the headers of the .mo catalogs under a
// locale tree (default /usr/share/locale), adds hand-written edge cases, and for each one
// builds a tiny catalog with msgfmt whose plural message has the translations "form0",
// "form1", ..., then asks glibc which form it picks for n = 0..1000 and for large values up
// to ULONG_MAX, and compares with plural_rule::form. When erli18n rejects a value, glibc
// must be falling back to its default rule (`n != 1`), which is what callers of
// plural_rule::parse are told to do.
//
// glibc runs in a child process per value: its lookups then start with a cold cache, and a
// SIGFPE (glibc traps on a zero divisor) kills only the child. The parent resumes after the
// trapping n and counts the trap; erli18n's defined result there is covered by the unit
// tests. Every child first checks that glibc really translates a plain message, so the test
// cannot pass without comparing anything.
//
// Usage: plural_glibc_parity [LOCALE_DIR]. Exit 0 on full parity, 1 on any mismatch.
#include <fcntl.h>
#include <libintl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <clocale>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "erli18n/plural.h"

namespace fs = std::filesystem;

namespace {

constexpr const char* fake_language = "xx";

struct hand_case {
  std::string value;
  bool erli18n_accepts;  // whether plural_rule::parse is expected to succeed
};

// Edge cases the real catalogs do not exercise. Those erli18n rejects must be ones glibc
// rejects too (it then uses `n != 1`): a rule erli18n refuses deliberately while glibc
// accepts it (nplurals=0, a constant zero divisor) is covered by the unit tests instead.
const hand_case hand_cases[] = {
    {"nplurals=1; plural=0;", true},
    {"nplurals=1; plural=n;", true},  // every n > 0 is out of range: form 0
    {"nplurals=3; plural=n", true},   // no trailing ';'
    {"plural=n%3; nplurals=3;", true},
    {"nplurals=3x, plural=n%4", true},
    {"nplurals=\t2;plural=\t n > 1 \t;", true},
    {"nplurals=2; plural=n; garbage after", true},
    {"nplurals=4; plural=n-1;", true},                                          // n=0 wraps to ULONG_MAX
    {"nplurals=5; plural=18446744073709551617*n+18446744073709551616;", true},  // constants wrap
    {"nplurals=5; plural=99999999999999999999999 % 5 + n % 2;", true},
    {"nplurals=3; plural=n*n % 3;", true},  // n*n wraps for large n
    {"nplurals=4; plural=(n+1)/(n/2+1);", true},
    {"nplurals=3; plural=10/(n-5) % 3;", true},  // glibc traps at n=5 only
    {"nplurals=4; plural=n%(n-7);", true},       // glibc traps at n=7 only
    {"nplurals=6; plural=1<2<3 ? n%6 : 0;", true},
    {"nplurals=3; plural=n ? 2 : 1 ? 0 : 1;", true},
    {"nplurals=3; plural=!n + !!n + !(n%7);", true},
    {"nplurals=4; plural=n>=18446744073709551615 ? 3 : n>18446744073709551614 ? 2 : n<=1;", true},
    {"nplurals=3; plural=n==n==1 && n!=3 || n>900;", true},
    {"nplurals=2; plural=010 - 9;", true},
    {"nplurals=100; plural=n;", true},
    // 70 nested parentheses (glibc reads up to about 9,995; erli18n up to plural_limits::max_depth).
    {"nplurals=3; plural=" + std::string(70, '(') + "n%3" + std::string(70, ')') + ";", true},
    {"nplurals=3; plural=n garbage;", false},
    {"nplurals=3; plural=-n;", false},
    {"nplurals=3; plural=~n;", false},
    {"nplurals=3; plural=n & 1;", false},
    {"nplurals=3; plural=n = 1;", false},
    {"nplurals = 3; plural = n;", false},
    {"nplurals=3; plural = n;", false},
    {"nplurals=3; plural=(n;", false},
    {"nplurals=3; plural=n);", false},
    {"nplurals=3; plural=n ? 1;", false},
    {"nplurals=3; plural=0x1 + n;", false},
    {"nplurals=3; plural=;", false},
    {"nplurals=3;", false},
    {"plural=n;", false},
    {"nplurals=+3; plural=n;", false},
};

std::vector<unsigned long> sample_numbers() {
  std::set<unsigned long> s;
  for (unsigned long n = 0; n <= 1000; ++n) s.insert(n);
  for (int k = 0; k < 64; ++k) {
    const unsigned long p = 1UL << k;
    s.insert(p - 1);
    s.insert(p);
    s.insert(p + 1);
  }
  for (unsigned long p = 10; p <= ULONG_MAX / 10; p *= 10) {
    for (unsigned long d = 0; d <= 21; ++d) {
      s.insert(p + d);
      s.insert(p - d);
      s.insert(p * 10 - 1 - d);
    }
    s.insert(p * 10);
  }
  for (unsigned long d = 0; d <= 100; ++d) s.insert(ULONG_MAX - d);
  s.insert(ULONG_MAX / 2);
  s.insert(ULONG_MAX / 2 + 1);
  s.insert(ULONG_MAX / 3);
  s.insert(4294967295UL);
  s.insert(4294967296UL);
  return {s.begin(), s.end()};
}

std::uint32_t read_u32(const std::string& b, std::size_t at, bool swap) {
  if (at + 4 > b.size()) return 0;
  std::uint32_t v;
  std::memcpy(&v, b.data() + at, 4);
  return swap ? __builtin_bswap32(v) : v;
}

// The header (translation of the empty msgid) of a .mo file, read directly.
std::optional<std::string> mo_header(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string b((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (b.size() < 28) return std::nullopt;
  const std::uint32_t magic = read_u32(b, 0, false);
  bool swap;
  if (magic == 0x950412deU) {
    swap = false;
  } else if (magic == 0xde120495U) {
    swap = true;
  } else {
    return std::nullopt;
  }
  const std::uint32_t count = read_u32(b, 8, swap);
  const std::uint32_t originals = read_u32(b, 12, swap);
  const std::uint32_t translations = read_u32(b, 16, swap);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::size_t entry = originals + std::size_t{8} * i;
    if (entry + 8 > b.size()) return std::nullopt;
    if (read_u32(b, entry, swap) != 0) continue;
    const std::size_t t = translations + std::size_t{8} * i;
    const std::size_t len = read_u32(b, t, swap);
    const std::size_t off = read_u32(b, t + 4, swap);
    if (off > b.size() || len > b.size() - off) return std::nullopt;
    return b.substr(off, len);
  }
  return std::nullopt;
}

std::optional<std::string> plural_forms_value(const std::string& header) {
  constexpr std::string_view key = "Plural-Forms:";
  std::size_t at = 0;
  while (at < header.size()) {
    std::size_t eol = header.find('\n', at);
    if (eol == std::string::npos) eol = header.size();
    std::string_view line(header.data() + at, eol - at);
    if (line.substr(0, key.size()) == key) {
      line.remove_prefix(key.size());
      while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
      return std::string(line);
    }
    at = eol + 1;
  }
  return std::nullopt;
}

std::string po_quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

bool run(const std::string& command) {
  const int rc = std::system(command.c_str());
  return rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 0;
}

// Builds <dir>/xx/LC_MESSAGES/<domain>.mo with msgfmt.
bool build_catalog(const fs::path& dir, const std::string& domain, const std::string& value,
                   unsigned long forms) {
  const fs::path po = dir / (domain + ".po");
  {
    std::ofstream out(po, std::ios::binary);
    out << "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        << "\"Plural-Forms: \"" << po_quote(value) << "\"\\n\"\n\n"
        << "msgid \"hello\"\nmsgstr \"bonjour\"\n\n"
        << "msgid \"one\"\nmsgid_plural \"many\"\n";
    for (unsigned long i = 0; i < forms; ++i) out << "msgstr[" << i << "] \"form" << i << "\"\n";
  }
  const fs::path mo = dir / fake_language / "LC_MESSAGES" / (domain + ".mo");
  return run("msgfmt -o '" + mo.string() + "' '" + po.string() + "'");
}

// Child side: glibc's form for numbers[from..], written to `fd` as they are found.
[[noreturn]] void glibc_child(int fd, const std::string& domain, const std::vector<unsigned long>& numbers,
                              std::size_t from) {
  // A sanitizer's handler would turn glibc's SIGFPE into an ordinary exit; the parent
  // recognizes a trap by the signal.
  std::signal(SIGFPE, SIG_DFL);
  if (std::strcmp(dcgettext(domain.c_str(), "hello", LC_MESSAGES), "bonjour") != 0) _exit(3);
  for (std::size_t i = from; i < numbers.size(); ++i) {
    const char* text = dcngettext(domain.c_str(), "one", "many", numbers[i], LC_MESSAGES);
    if (std::strncmp(text, "form", 4) != 0) _exit(4);
    const unsigned long index = std::strtoul(text + 4, nullptr, 10);
    if (write(fd, &index, sizeof index) != static_cast<ssize_t>(sizeof index)) _exit(5);
  }
  _exit(0);
}

struct glibc_answer {
  std::map<std::size_t, unsigned long> forms;  // index into numbers -> form
  std::set<std::size_t> traps;                 // indexes where glibc died of SIGFPE
  std::string failure;                         // non-empty when glibc could not be queried
};

glibc_answer ask_glibc(const std::string& domain, const std::vector<unsigned long>& numbers) {
  glibc_answer answer;
  std::size_t from = 0;
  while (from < numbers.size()) {
    int fds[2];
    if (pipe(fds) != 0) {
      answer.failure = "pipe failed";
      return answer;
    }
    std::cout.flush();
    const pid_t pid = fork();
    if (pid < 0) {
      answer.failure = "fork failed";
      return answer;
    }
    if (pid == 0) {
      close(fds[0]);
      glibc_child(fds[1], domain, numbers, from);
    }
    close(fds[1]);
    std::size_t i = from;
    unsigned long index;
    std::size_t got = 0;
    char* buf = reinterpret_cast<char*>(&index);
    for (;;) {
      const ssize_t r = read(fds[0], buf + got, sizeof index - got);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) break;
      got += static_cast<std::size_t>(r);
      if (got == sizeof index) {
        answer.forms[i++] = index;
        got = 0;
      }
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGFPE) {
      answer.traps.insert(i);
      from = i + 1;
      continue;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      answer.failure = code == 3   ? "glibc does not translate the test catalog"
                       : code == 4 ? "glibc returned an untranslated plural"
                                   : "glibc child failed (status " + std::to_string(status) + ")";
      return answer;
    }
    break;
  }
  return answer;
}

}  // namespace

int main(int argc, char** argv) {
  const fs::path locale_dir = argc > 1 ? fs::path(argv[1]) : fs::path("/usr/share/locale");

  // Distinct values, each with the catalog it was first seen in (for the report).
  std::map<std::string, std::string> values;
  std::size_t catalogs = 0;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(locale_dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file() || it->path().extension() != ".mo") continue;
    const std::optional<std::string> header = mo_header(it->path());
    if (!header) continue;
    ++catalogs;
    if (std::optional<std::string> value = plural_forms_value(*header))
      values.emplace(*value, it->path().string());
  }
  if (catalogs < 100 || values.size() < 10) {
    // The check needs real rules to compare, not a vacuous pass on a machine without them.
    std::cerr << "FAIL: plural_glibc_parity: found only " << catalogs << " catalogs and " << values.size()
              << " Plural-Forms values under " << locale_dir
              << ", the test needs at least 100 and 10; install the packages that ship real catalogs"
                 " with scripts/install-deps.sh (its catalog_packages)\n";
    return 1;
  }
  const std::size_t real_values = values.size();
  std::map<std::string, bool> expected_accept;
  for (const hand_case& c : hand_cases) {
    values.emplace(c.value, "(hand-written)");
    expected_accept[c.value] = c.erli18n_accepts;
  }

  char tmpl[] = "/tmp/erli18n-plural-parity-XXXXXX";
  if (mkdtemp(tmpl) == nullptr) {
    std::perror("mkdtemp");
    return 1;
  }
  const fs::path dir = tmpl;
  fs::create_directories(dir / fake_language / "LC_MESSAGES");

  // glibc ignores LANGUAGE in the C locale; C.UTF-8 is not C for that purpose.
  setenv("LANGUAGE", fake_language, 1);
  if (std::setlocale(LC_ALL, "C.UTF-8") == nullptr) {
    std::cerr << "plural parity: locale C.UTF-8 is not available\n";
    return 1;
  }

  const std::vector<unsigned long> numbers = sample_numbers();
  const erli18n::plural_rule glibc_default;
  std::size_t comparisons = 0, mismatches = 0, rejected = 0, traps = 0, failures = 0, index = 0;
  for (const auto& [value, origin] : values) {
    const std::string domain = "erli18n-parity-" + std::to_string(index++);
    const erli18n::result<erli18n::plural_rule> parsed = erli18n::plural_rule::parse(value);
    auto expectation = expected_accept.find(value);
    if (expectation != expected_accept.end() && expectation->second != parsed.has_value()) {
      std::cout << "FAIL " << origin << ": erli18n " << (parsed ? "accepts" : "rejects") << " '" << value
                << "', expected the opposite\n";
      ++failures;
    }
    if (!parsed) ++rejected;
    const erli18n::plural_rule& rule = parsed ? *parsed : glibc_default;
    // Enough translations for every index the rule can pick, plus one for glibc's default.
    const unsigned long forms = std::max(rule.nplurals(), 2UL);
    if (!build_catalog(dir, domain, value, forms)) {
      std::cout << "FAIL " << origin << ": msgfmt could not compile '" << value << "'\n";
      ++failures;
      continue;
    }
    if (bindtextdomain(domain.c_str(), dir.c_str()) == nullptr) {
      std::cout << "FAIL bindtextdomain\n";
      ++failures;
      continue;
    }
    const glibc_answer answer = ask_glibc(domain, numbers);
    if (!answer.failure.empty()) {
      std::cout << "FAIL " << origin << ": '" << value << "': " << answer.failure << '\n';
      ++failures;
      continue;
    }
    traps += answer.traps.size();
    std::size_t shown = 0;
    for (const auto& [i, glibc_form] : answer.forms) {
      ++comparisons;
      const unsigned long ours = rule.form(numbers[i]);
      if (ours == glibc_form) continue;
      ++mismatches;
      if (shown++ < 5) {
        std::cout << "MISMATCH " << origin << ": '" << value << "' n=" << numbers[i] << ": glibc "
                  << glibc_form << ", erli18n " << ours
                  << (parsed ? "" : " (erli18n rejects it: default rule)") << '\n';
      }
    }
  }
  fs::remove_all(dir, ec);

  std::cout << "plural parity: " << catalogs << " catalogs, " << real_values
            << " distinct Plural-Forms values + " << std::size(hand_cases) << " hand-written (" << rejected
            << " rejected by erli18n), " << numbers.size() << " values of n each: " << comparisons
            << " comparisons with glibc, " << mismatches << " mismatches, " << traps
            << " glibc SIGFPE traps skipped, " << failures << " other failures\n";
  return mismatches == 0 && failures == 0 && comparisons > 0 ? 0 : 1;
}
