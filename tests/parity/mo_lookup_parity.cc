// For each .mo named on the command line: every entry the reader iterates (which the
// decompile parity proves equal to what msgunfmt shows) is found again by lookup, with the
// same forms, through the mmap reader and the buffer reader alike; plural lookups pick the
// form the catalog's rule selects. Prints one line per file; exits 1 on any mismatch.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "erli18n/mo.h"
#include "mo_format.h"

namespace {

// A system-dependent entry is shown as `%<PRIu64>`; programs look it up expanded.
std::string expand(std::string_view shown) {
  std::string out;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (shown[i] == '<' && i > 0) {
      std::size_t close = shown.find('>', i);
      if (close != std::string_view::npos) {
        if (auto v = erli18n::mo_format::expand_segment(shown.substr(i + 1, close - i - 1))) {
          out += *v;
          i = close;
          continue;
        }
      }
    }
    out += shown[i];
  }
  return out;
}

bool check(const erli18n::mo_catalog& mo, const std::string& label, std::size_t& checked) {
  bool ok = true;
  auto fail = [&](std::size_t i, const char* what) {
    std::cerr << label << ": entry " << i << ": " << what << '\n';
    ok = false;
  };
  for (std::size_t i = 0; i < mo.size(); ++i) {
    erli18n::result<erli18n::mo_entry> e = mo.entry(i);
    if (!e) {
      fail(i, "entry() failed");
      continue;
    }
    std::string msgid(e->msgid), context(e->context), translation(e->translation);
    if (e->system_dependent) {
      // msgunfmt shows the `I` flag bare, so only `<...>` segments can be re-expanded; and
      // a `<PRIu64>` outside a valid directive is literal text, so either reading may hold.
      msgid = expand(msgid);
      context = expand(context);
      std::optional<std::string_view> forms =
          e->has_context ? mo.lookup_forms(context, msgid) : mo.lookup_forms(msgid);
      if (forms && *forms != expand(translation) && *forms == translation)
        translation = std::string(*forms);
      else
        translation = expand(translation);
    }
    std::optional<std::string_view> forms =
        e->has_context ? mo.lookup_forms(context, msgid) : mo.lookup_forms(msgid);
    if (!forms) {
      fail(i, "lookup missed");
      continue;
    }
    if (e->system_dependent && (mo.revision() >> 16) == 1) {
      ++checked;
      continue;  // an `I` flag could not be re-expanded from the shown text
    }
    if (*forms != translation) fail(i, "lookup returned other forms");
    std::optional<std::string_view> first = e->has_context ? mo.lookup(context, msgid) : mo.lookup(msgid);
    if (!first || *first != std::string_view(translation).substr(0, translation.find('\0')))
      fail(i, "singular lookup differs");
    if (e->has_plural) {
      erli18n::mo_entry shown;
      shown.translation = translation;
      for (unsigned long n : {0UL, 1UL, 2UL, 3UL, 5UL, 11UL, 21UL, 101UL, 1000000UL}) {
        unsigned long form = mo.plural().form(n);
        std::optional<std::string_view> got =
            e->has_context ? mo.lookup_plural(context, msgid, n) : mo.lookup_plural(msgid, n);
        // A form the entry lacks reads as its first form, as glibc answers.
        std::string_view expected = shown.form(form < shown.form_count() ? form : 0);
        if (!got || *got != expected) fail(i, "plural lookup differs");
      }
    }
    ++checked;
  }
  if (mo.lookup("erli18n: a message no catalog has")) {
    std::cerr << label << ": a miss was found\n";
    ok = false;
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    std::string path = argv[i];
    std::size_t checked = 0;
    erli18n::result<erli18n::mo_catalog> mapped = erli18n::mo_catalog::open(path);
    if (!mapped) {
      std::cerr << mapped.error().to_string() << '\n';
      status = 1;
      continue;
    }
    std::ifstream in(path, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    erli18n::result<erli18n::mo_catalog> buffered =
        erli18n::mo_catalog::from_memory(bytes.data(), bytes.size(), path);
    if (!buffered) {
      std::cerr << buffered.error().to_string() << '\n';
      status = 1;
      continue;
    }
    bool ok = check(*mapped, path + " (mmap)", checked);
    ok = check(*buffered, path + " (buffer)", checked) && ok;
    if (!mapped->validate()) ok = false;
    std::cout << path << ": " << checked << " lookups " << (ok ? "ok" : "FAILED") << '\n';
    if (!ok) status = 1;
  }
  return status;
}
