#include "codeset_conversion.h"

#include <iconv.h>

#include <map>
#include <mutex>
#include <string>
#include <utility>

#include <cerrno>
#include <cstring>

namespace erli18n::intl {
namespace {

struct conversions {
  std::mutex lock;
  // (codeset, address of the UTF-8 text) -> converted text. Store text never moves, so
  // its address identifies it. std::map nodes never move: c_str() stays valid.
  std::map<std::pair<std::string, const char*>, std::string> done;
  std::map<std::string, bool> known;  // codeset -> iconv can convert to it
};

conversions& state() {
  static conversions* c = new conversions();  // never destroyed: results live forever
  return *c;
}

bool convert(std::string_view text, const std::string& target, std::string& out) {
  iconv_t cd = iconv_open((target + "//TRANSLIT").c_str(), "UTF-8");
  if (cd == reinterpret_cast<iconv_t>(-1)) return false;
  char* in = const_cast<char*>(text.data());  // iconv's signature; it does not write
  std::size_t in_left = text.size();
  out.clear();
  char buffer[256];
  while (true) {
    char* o = buffer;
    std::size_t o_left = sizeof buffer;
    std::size_t r = iconv(cd, &in, &in_left, &o, &o_left);
    out.append(buffer, sizeof buffer - o_left);
    if (r != static_cast<std::size_t>(-1) || in_left == 0) break;
    if (errno == E2BIG) continue;
    // An invalid or unconvertible sequence even with //TRANSLIT: write '?' and skip a byte.
    out += '?';
    ++in;
    --in_left;
  }
  iconv_close(cd);
  return true;
}

}  // namespace

bool is_utf8(const char* codeset) noexcept {
  if (codeset == nullptr) return false;
  if (std::strcmp(codeset, "UTF-8") == 0) return true;  // nl_langinfo's spelling: the common case
  // "utf8" after normalization; spelled out to stay allocation-free on every lookup.
  std::string_view c(codeset);
  std::size_t seen = 0;
  const char want[] = "utf8";
  for (char ch : c) {
    if (ch == '-' || ch == '_') continue;
    char lower = (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
    if (seen == 4 || lower != want[seen]) return false;
    ++seen;
  }
  return seen == 4;
}

const char* converted(std::string_view text, const char* codeset) {
  conversions& s = state();
  std::lock_guard guard(s.lock);
  auto key = std::make_pair(std::string(codeset), text.data());
  if (auto it = s.done.find(key); it != s.done.end()) return it->second.c_str();
  auto known = s.known.find(key.first);
  if (known != s.known.end() && !known->second) return nullptr;
  std::string out;
  bool ok = convert(text, key.first, out);
  s.known[key.first] = ok;
  if (!ok) return nullptr;
  return s.done.emplace(std::move(key), std::move(out)).first->second.c_str();
}

}  // namespace erli18n::intl
