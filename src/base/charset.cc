#include "charset.h"

#include <iconv.h>

#include <bit>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "utf8_blocks.h"

namespace erli18n::charset {
namespace {

char ascii_lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

// Owns one iconv descriptor; closes it on every path out.
class iconv_handle {
 public:
  iconv_handle(const std::string& to, const std::string& from) : cd_(iconv_open(to.c_str(), from.c_str())) {}
  ~iconv_handle() {
    if (valid()) iconv_close(cd_);
  }
  iconv_handle(const iconv_handle&) = delete;
  iconv_handle& operator=(const iconv_handle&) = delete;
  bool valid() const noexcept { return cd_ != reinterpret_cast<iconv_t>(-1); }
  iconv_t get() const noexcept { return cd_; }

 private:
  iconv_t cd_;
};

// Converts `input` over `cd`, which starts in (and is left in) the initial shift state.
conversion convert(const iconv_handle& cd, std::string_view input) {
  conversion out;
  if (!cd.valid()) return out;
  std::string result;
  result.resize(input.size() * 2 + 16);
  // iconv's interface takes non-const pointers but does not write through the input one.
  char* in = const_cast<char*>(input.data());
  std::size_t in_left = input.size();
  std::size_t produced = 0;
  while (true) {
    char* dst = result.data() + produced;
    std::size_t dst_left = result.size() - produced;
    std::size_t rc = in_left == 0 ? iconv(cd.get(), nullptr, nullptr, &dst, &dst_left)
                                  : iconv(cd.get(), &in, &in_left, &dst, &dst_left);
    produced = result.size() - dst_left;
    if (rc != static_cast<std::size_t>(-1)) {
      if (in_left == 0) {
        // Flush any shift state (stateful encodings such as ISO-2022-JP).
        if (iconv(cd.get(), nullptr, nullptr, &dst, &dst_left) == static_cast<std::size_t>(-1) &&
            errno == E2BIG) {
          result.resize(result.size() * 2);
          continue;
        }
        produced = result.size() - dst_left;
        break;
      }
      continue;
    }
    if (errno == E2BIG) {
      result.resize(result.size() * 2);
      continue;
    }
    // EILSEQ or EINVAL: an invalid or truncated sequence at `in`.
    out.error_offset = static_cast<std::size_t>(in - input.data());
    iconv(cd.get(), nullptr, nullptr, nullptr, nullptr);  // back to the initial state
    return out;
  }
  result.resize(produced);
  out.ok = true;
  out.text = std::move(result);
  return out;
}

conversion convert(std::string_view input, const std::string& to, const std::string& from) {
  iconv_handle cd(to, from);
  return convert(cd, input);
}

}  // namespace

std::string_view header_charset(std::string_view header) noexcept {
  const std::size_t at = header.find("charset=");
  if (at == std::string_view::npos) return {};
  const std::string_view rest = header.substr(at + 8);
  return rest.substr(0, rest.find_first_of(" \t\r\f\v\n;"));
}

bool is_utf8(std::string_view name) noexcept { return iequals(name, "UTF-8") || iequals(name, "UTF8"); }

bool is_ascii(std::string_view name) noexcept {
  return iequals(name, "ASCII") || iequals(name, "US-ASCII") || iequals(name, "ANSI_X3.4-1968");
}

bool is_supported(std::string_view name) {
  if (is_utf8(name)) return true;
  iconv_handle cd("UTF-8", std::string(name));
  return cd.valid();
}

std::size_t find_invalid_utf8(std::string_view s) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  // Longer strings are checked whole, 32 bytes at a time, where the CPU can (utf8_blocks.h):
  // nearly every string is valid, and the reader below then runs only to say where one is
  // not.
  if (n >= 32 && detail::avx2_usable() && detail::utf8_valid_avx2(p, n)) return std::string_view::npos;
  std::size_t i = 0;
  while (i < n) {
    // ASCII, most of most catalogs, eight bytes at a time; a word with a byte past ASCII
    // goes straight to that byte (text in French or German has one every few words, and
    // walking the ASCII bytes before it one by one cost more than the word's test).
    while (n - i >= 8) {
      std::uint64_t word;
      std::memcpy(&word, p + i, 8);
      const std::uint64_t high = word & 0x8080808080808080ULL;
      if (high != 0) {
        if constexpr (std::endian::native == std::endian::little)
          i += static_cast<std::size_t>(std::countr_zero(high)) / 8;
        break;
      }
      i += 8;
    }
    if (i == n) break;
    unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    // Two bytes (Latin, Greek, Cyrillic...), the most common sequence, first.
    if (c >= 0xC2 && c <= 0xDF) {
      if (n - i < 2 || (p[i + 1] & 0xC0) != 0x80) return i;
      i += 2;
      continue;
    }
    // Three bytes with no limit on the second (CJK, most of the BMP): both continuations at once.
    if (c >= 0xE1 && c <= 0xEF && c != 0xED) {
      if (n - i < 3 || ((p[i + 1] | (p[i + 2] << 8)) & 0xC0C0) != 0x8080) return i;
      i += 3;
      continue;
    }
    std::size_t len;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;  // no overlong forms
      if (c == 0xED) hi = 0x9F;  // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
    } else {
      return i;
    }
    if (i + len > n) return i;
    if (p[i + 1] < lo || p[i + 1] > hi) return i;
    for (std::size_t k = 2; k < len; ++k)
      if ((p[i + k] & 0xC0) != 0x80) return i;
    i += len;
  }
  return std::string_view::npos;
}

conversion to_utf8(std::string_view input, std::string_view from) {
  if (is_utf8(from)) {
    conversion out;
    std::size_t bad = find_invalid_utf8(input);
    if (bad != std::string_view::npos) {
      out.error_offset = bad;
      return out;
    }
    out.ok = true;
    out.text.assign(input);
    return out;
  }
  return convert(input, "UTF-8", std::string(from));
}

conversion from_utf8(std::string_view input, std::string_view to) {
  if (is_utf8(to)) return to_utf8(input, to);
  const iconv_handle cd(std::string(to), "UTF-8");
  conversion whole = convert(cd, input);
  if (whole.ok || whole.error_offset >= input.size()) return whole;
  const char stuck = input[whole.error_offset];
  if (stuck != '\\' && stuck != '~') return whole;
  // JOHAB gives byte 0x5C to the won sign, so iconv has no byte for the backslash (Shift_JIS,
  // which reads 0x5C as the yen sign, still writes the backslash there): the PO syntax needs
  // the ASCII byte, so ASCII backslashes and tildes are copied and only the text between
  // them is converted.
  conversion out;
  std::size_t begin = 0;
  while (true) {
    const std::size_t end = input.find_first_of("\\~", begin);
    const std::string_view part = input.substr(begin, end == std::string_view::npos ? end : end - begin);
    if (!part.empty()) {
      conversion c = convert(cd, part);
      if (!c.ok) {
        out.error_offset = begin + c.error_offset;
        out.text.clear();
        return out;
      }
      out.text += c.text;
    }
    if (end == std::string_view::npos) break;
    out.text += input[end];
    begin = end + 1;
  }
  out.ok = true;
  return out;
}

}  // namespace erli18n::charset
