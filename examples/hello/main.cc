// hello — the erli18n demo (`make demo`).
//
// Loads every bundled catalog, CATALOGS/<lang>/LC_MESSAGES/hello.po, into the process-wide
// catalog store and prints a greeting, a word whose translation depends on its context
// (msgctxt), and a plural message for a few counts, each in every language. The plural
// form is chosen by the catalog's own `Plural-Forms` rule, which is how one program handles
// French (2 forms), Russian (3), Arabic (6) and Japanese (1) without knowing anything about
// those languages.
//
// Each language is rendered on its own thread with the thread's locale set by a
// `locale_scope`, as a server does per request; the free functions (`gettext`, `pgettext`,
// `ngettext`) then answer in that thread's language. A last section uses a `translator`
// for a locale with no catalog of its own (fr_CA) and the base-language fallback (fr_CA ->
// fr).
//
// Usage: hello [CATALOG_DIR]   (default: the example's own locale/ folder)
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/gettext.h"

namespace {

// Substitutes the count for "%d". Translated text is never used as a printf format: a typo
// in a catalog would then be undefined behaviour instead of a wrong-looking string.
std::string with_count(std::string_view text, unsigned long n) {
  std::string out(text);
  if (std::size_t at = out.find("%d"); at != std::string::npos) out.replace(at, 2, std::to_string(n));
  return out;
}

// A field of the catalog header, which gettext("") returns as GNU does.
std::string header_field(std::string_view header, std::string_view name) {
  std::istringstream lines{std::string(header)};
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(std::string(name) + ": ", 0) == 0) return line.substr(name.size() + 2);
  return "?";
}

// The lookups a screen of the program makes, through any of the API's entry points.
template <class Gettext, class Pgettext, class Ngettext>
std::string render(const std::string& title, Gettext gettext, Pgettext pgettext, Ngettext ngettext) {
  std::ostringstream out;
  std::string_view header = gettext("");
  out << "=== " << title << ": " << header_field(header, "Language-Team") << " ===\n";
  out << "  Plural-Forms: " << header_field(header, "Plural-Forms") << '\n';
  out << "  Hello, world!     " << gettext("Hello, world!") << '\n';
  out << "  Open (command)    " << pgettext("command", "Open") << '\n';
  out << "  Open (state)      " << pgettext("state", "Open") << '\n';
  // Counts picked to hit every form of the bundled languages: 0 is its own form in Arabic,
  // 11 differs from 1 in Russian, 21 is "one" again in Russian but not in Polish, 101 wraps
  // around in Arabic.
  for (unsigned long n : {0UL, 1UL, 2UL, 5UL, 11UL, 21UL, 101UL}) {
    std::string label = "n=" + std::to_string(n);
    label.resize(std::max<std::size_t>(label.size() + 1, 6), ' ');
    out << "  " << label << with_count(ngettext("%d file", "%d files", n), n) << '\n';
  }
  out << '\n';
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  fs::path root = argc > 1 ? fs::path(argv[1]) : fs::path(ERLI18N_HELLO_CATALOGS);
  erli18n::catalog_store& store = erli18n::catalog_store::default_store();

  // One folder per language, as in /usr/share/locale: every one of them loaded at once.
  int status = 0;
  std::vector<std::string> loaded;
  if (auto r = store.load_domain("hello", root.string()); r) {
    for (const erli18n::domain_catalog& c : r->catalogs) loaded.push_back(c.locale);  // sorted
  } else {
    std::cerr << r.error().to_string() << '\n';  // the others are loaded all the same
    status = 1;
    loaded = store.locales();
  }
  if (loaded.empty()) return 1;
  if (!erli18n::textdomain("hello")) return 1;

  // One thread per language, each with its own locale; the output is printed in order.
  std::vector<std::string> screens(loaded.size());
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < loaded.size(); ++i) {
    threads.emplace_back([&, i] {
      erli18n::locale_scope scope(loaded[i]);
      screens[i] = render(
          loaded[i], [](std::string_view id) { return erli18n::gettext(id); },
          [](std::string_view ctx, std::string_view id) { return erli18n::pgettext(ctx, id); },
          [](std::string_view id, std::string_view plural, unsigned long n) {
            return erli18n::ngettext(id, plural, n);
          });
    });
  }
  for (std::thread& t : threads) t.join();
  for (const std::string& screen : screens) std::cout << screen;

  // Canadian French has no catalog: with base-language fallback it gets French.
  erli18n::locale_fallback fallback;
  fallback.kind = erli18n::locale_fallback::mode::base_language;
  if (!store.set_fallback(fallback)) return 1;
  erli18n::translator fr_ca(store, "hello", "fr-CA");
  std::cout << "(fr_CA has no catalog: a translator with base-language fallback to fr)\n";
  std::cout << render(
      "fr_CA", [&](std::string_view id) { return fr_ca.gettext(id); },
      [&](std::string_view ctx, std::string_view id) { return fr_ca.pgettext(ctx, id); },
      [&](std::string_view id, std::string_view plural, unsigned long n) {
        return fr_ca.ngettext(id, plural, n);
      });
  return status;
}
