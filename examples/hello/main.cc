// hello — the erli18n demo (`make demo`).
//
// Reads every bundled catalog, CATALOGS/<lang>/LC_MESSAGES/hello.po, and prints a greeting,
// a word whose translation depends on its context (msgctxt), and a plural message for a few
// counts, each in every language. The plural form is chosen by the catalog's own
// `Plural-Forms` rule, which is how one program handles French (2 forms), Russian (3),
// Arabic (6) and Japanese (1) without knowing anything about those languages.
//
// It uses the format layer directly (read_po_file, header_field, plural_rule) so that each
// step is visible; a real program would load catalogs into the catalog store and call the
// gettext-style lookups instead.
//
// Usage: hello [CATALOG_DIR]   (default: the example's own locale/ folder)
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "erli18n/plural.h"
#include "erli18n/po.h"

namespace {

// A catalog reduced to what lookups need.
struct catalog {
  erli18n::po_file po;
  // Translatable entries by key. GNU joins context and msgid with an EOT byte (0x04) in
  // .mo files; doing the same keeps "Open" (command) and "Open" (state) apart.
  std::unordered_map<std::string, std::size_t> index;
  // GNU's default `n != 1` when the header declares no rule.
  erli18n::plural_rule plural;
};

std::string make_key(std::optional<std::string_view> context, std::string_view msgid) {
  std::string key;
  if (context) {
    key.append(*context);
    key.push_back('\x04');
  }
  key.append(msgid);
  return key;
}

erli18n::result<catalog> load(const std::string& path) {
  erli18n::result<erli18n::po_file> po = erli18n::read_po_file(path);
  if (!po) return std::move(po).error();
  catalog cat;
  cat.po = std::move(*po);
  if (std::optional<std::string> forms = cat.po.header_field("Plural-Forms")) {
    erli18n::result<erli18n::plural_rule> rule = erli18n::plural_rule::parse(*forms);
    if (!rule) {
      erli18n::error err = std::move(rule).error();
      err.file = path;  // the rule came from this file's header
      return err;
    }
    cat.plural = std::move(*rule);
  }
  for (std::size_t i = 0; i < cat.po.messages.size(); ++i) {
    const erli18n::po_message& m = cat.po.messages[i];
    // msgfmt leaves out fuzzy, obsolete and untranslated entries; so do we, so that they
    // fall back to English instead of showing a doubtful or empty translation.
    bool untranslated =
        std::any_of(m.msgstr.begin(), m.msgstr.end(), [](const std::string& s) { return s.empty(); });
    if (m.is_header() || m.obsolete || m.fuzzy || untranslated) continue;
    cat.index.emplace(make_key(m.msgctxt, m.msgid), i);
  }
  return cat;
}

// On a miss, GNU returns the English text it was given; the program stays usable.
std::string_view pgettext(const catalog& cat, std::optional<std::string_view> context,
                          std::string_view msgid) {
  auto it = cat.index.find(make_key(context, msgid));
  return it == cat.index.end() ? msgid : std::string_view(cat.po.messages[it->second].msgstr[0]);
}

std::string_view ngettext(const catalog& cat, std::string_view msgid, std::string_view msgid_plural,
                          unsigned long n) {
  auto it = cat.index.find(make_key(std::nullopt, msgid));
  if (it != cat.index.end()) {
    const erli18n::po_message& m = cat.po.messages[it->second];
    unsigned long form = cat.plural.form(n);
    if (form < m.msgstr.size()) return m.msgstr[form];
  }
  return n == 1 ? msgid : msgid_plural;
}

// Substitutes the count for "%d". Translated text is never used as a printf format: a typo
// in a catalog would then be undefined behaviour instead of a wrong-looking string.
std::string with_count(std::string_view text, unsigned long n) {
  std::string out(text);
  if (std::size_t at = out.find("%d"); at != std::string::npos) out.replace(at, 2, std::to_string(n));
  return out;
}

void show(const std::string& lang, const catalog& cat) {
  std::string team = cat.po.header_field("Language-Team").value_or("?");
  std::cout << "=== " << lang << ": " << team << " ===\n";
  std::cout << "  Plural-Forms: " << cat.po.header_field("Plural-Forms").value_or("(none: n != 1)") << '\n';
  std::cout << "  Hello, world!     " << pgettext(cat, std::nullopt, "Hello, world!") << '\n';
  std::cout << "  Open (command)    " << pgettext(cat, "command", "Open") << '\n';
  std::cout << "  Open (state)      " << pgettext(cat, "state", "Open") << '\n';
  // Counts picked to hit every form of the bundled languages: 0 is its own form in Arabic,
  // 11 differs from 1 in Russian, 21 is "one" again in Russian but not in Polish, 101 wraps
  // around in Arabic.
  for (unsigned long n : {0UL, 1UL, 2UL, 5UL, 11UL, 21UL, 101UL}) {
    std::string label = "n=" + std::to_string(n);
    label.resize(std::max<std::size_t>(label.size() + 1, 6), ' ');
    std::cout << "  " << label << with_count(ngettext(cat, "%d file", "%d files", n), n) << '\n';
  }
  std::cout << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  fs::path root = argc > 1 ? fs::path(argv[1]) : fs::path(ERLI18N_HELLO_CATALOGS);

  // One folder per language, as in /usr/share/locale; sorted so the output is stable.
  std::vector<std::string> langs;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(root, ec))
    if (fs::exists(entry.path() / "LC_MESSAGES" / "hello.po"))
      langs.push_back(entry.path().filename().string());
  if (ec || langs.empty()) {
    std::cerr << "hello: error: no catalogs found in " << root.string() << "/<lang>/LC_MESSAGES/hello.po\n";
    return 1;
  }
  std::sort(langs.begin(), langs.end());

  int status = 0;
  for (const std::string& lang : langs) {
    erli18n::result<catalog> cat = load((root / lang / "LC_MESSAGES" / "hello.po").string());
    if (!cat) {
      std::cerr << cat.error().to_string() << '\n';
      status = 1;
      continue;
    }
    show(lang, *cat);
  }
  return status;
}
