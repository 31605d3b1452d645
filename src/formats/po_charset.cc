// The PO reader's charset handling: UTF-8 validation, the lead bytes of the double-byte
// charsets, which declared charsets can be read at all, and the decoder that converts a
// declared charset to UTF-8 while keeping ASCII as ASCII.
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "po_parser.h"

namespace erli18n::po_detail {
namespace {

char ascii_lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

// Length of the well-formed UTF-8 sequence at p[0] (a non-ASCII byte), or 0 if ill-formed.
std::size_t utf8_sequence_length(const unsigned char* p, std::size_t avail) noexcept {
  unsigned char c = p[0];
  std::size_t len;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (avail < len) return 0;
  if (p[1] < lo || p[1] > hi) return 0;
  for (std::size_t k = 2; k < len; ++k)
    if ((p[k] & 0xC0) != 0x80) return 0;
  return len;
}

// One pass over the whole input; skips ASCII eight bytes at a time and takes the two-byte
// sequences of Latin, Greek, Cyrillic, Hebrew and Arabic text without a call.
utf8_scan scan_utf8(std::string_view s) noexcept {
  utf8_scan out;
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n) {
    if (p[i] < 0x80) {
      ++i;
      while (i + 8 <= n) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        if (w & 0x8080808080808080ull) break;
        i += 8;
      }
      continue;
    }
    if (out.first_non_ascii == npos) out.first_non_ascii = i;
    // Runs of non-ASCII characters are common in translations: stay in this loop for them.
    do {
      unsigned char c = p[i];
      if (c >= 0xC2 && c <= 0xDF && i + 1 < n && (p[i + 1] & 0xC0) == 0x80) {
        i += 2;
        continue;
      }
      std::size_t len = utf8_sequence_length(p + i, n - i);
      if (len == 0) {
        out.first_invalid = i;
        return out;
      }
      i += len;
    } while (i < n && p[i] >= 0x80);
  }
  return out;
}


// The lead bytes of the charsets whose second byte may be an ASCII `\` or `"` (Shift_JIS,
// Big5, GBK, GB18030, JOHAB), or nullopt. The other charsets GNU supports (ISO-8859-*, KOI8-*,
// CP125x, EUC-*, ...) only use bytes >= 0x80 inside multibyte characters.
std::optional<byte_table> double_byte_leads(std::string_view name) {
  std::string n;
  for (char c : name)
    if (c != '-' && c != '_') n.push_back(ascii_lower(c));
  auto range = [](byte_table& t, int lo, int hi) {
    for (int c = lo; c <= hi; ++c) t[static_cast<std::size_t>(c)] = true;
  };
  byte_table t{};
  if (n == "shiftjis" || n == "sjis" || n == "mskanji" || n == "cp932" || n == "windows31j" ||
      n == "shiftjisx0213") {
    range(t, 0x81, 0x9F);  // 0xA1-0xDF are single-byte katakana
    range(t, 0xE0, 0xFC);
  } else if (n == "big5" || n == "big5hkscs" || n == "cp950" || n == "gbk" || n == "cp936" ||
             n == "gb18030") {
    range(t, 0x81, 0xFE);  // GB18030's four-byte forms are two such pairs
  } else if (n == "johab" || n == "cp1361" || n == "mscp1361") {
    range(t, 0x84, 0xD3);
    range(t, 0xD8, 0xDE);
    range(t, 0xE0, 0xF9);
  } else {
    return std::nullopt;
  }
  return t;
}

// Why the declared charset `name` cannot be read, or empty when it can: iconv must know it,
// by a plain name (glibc's iconv ignores punctuation, and an empty name means the locale's
// charset), and it must keep ASCII as ASCII, as the PO syntax needs. msgcat refuses more: any
// name outside GNU's list of portable names (e.g. "latin1"), which msgfmt accepts.
std::string charset_problem(std::string_view name) {
  auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '-' || c == '_' ||
           c == '.' || c == ':' || c == '+';
  };
  const std::string quoted = "\"" + std::string(name) + "\"";
  if (!std::all_of(name.begin(), name.end(), plain) || !charset::is_supported(name))
    return "unknown charset " + quoted;
  std::string n;
  for (char c : name)
    if (is_ident(c)) n.push_back(ascii_lower(c));
  // Stateful 7-bit encodings use `"` and `\` inside their multibyte characters.
  for (std::string_view prefix : {"iso2022", "csiso2022", "utf7", "hz"})
    if (n.starts_with(prefix)) return "charset " + quoted + " is not ASCII-compatible";
  std::string probe;
  // Shift_JIS maps 0x5C and 0x7E to YEN SIGN and OVERLINE; the lexer reads bytes, so that
  // is harmless.
  for (char c = ' '; c < 0x7F; ++c)
    if (c != '\\' && c != '~') probe.push_back(c);
  probe += "\n\t";
  charset::conversion c = charset::to_utf8(probe, name);
  if (!c.ok || c.text != probe) return "charset " + quoted + " is not ASCII-compatible";
  return {};
}

// Converts text of a declared charset to UTF-8, keeping ASCII as ASCII: the lexer took `\`
// as the escape character and `~` as itself, so they are those characters in the model too,
// even in Shift_JIS and JOHAB, where iconv reads bytes 0x5C and 0x7E as the yen and won
// signs and an overline (msgcat copies them as bytes, and glibc matches msgids by bytes).
decoder::decoder(std::string_view charset, const byte_table* leads) : charset_(charset), leads_(leads) {
  charset::conversion c = charset::to_utf8("\\~", charset);
  ascii_exact_ = c.ok && c.text == "\\~";
}

charset::conversion decoder::operator()(std::string_view s) const {
  if (ascii_exact_) return charset::to_utf8(s, charset_);
  charset::conversion out;
  std::size_t begin = 0;
  auto flush = [&](std::size_t end) {
    charset::conversion c = charset::to_utf8(s.substr(begin, end - begin), charset_);
    if (!c.ok) {
      out.error_offset = begin + c.error_offset;
      return false;
    }
    out.text += c.text;
    return true;
  };
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    // The lexer's rule: a lead byte takes the next one along, which may be `\`.
    if (leads_ != nullptr && (*leads_)[c] && i + 1 < s.size() &&
        static_cast<unsigned char>(s[i + 1]) >= 0x30) {
      i += 2;
      continue;
    }
    if (c == '\\' || c == '~') {
      if (!flush(i)) return out;
      out.text += s[i];
      begin = i + 1;
    }
    ++i;
  }
  if (!flush(s.size())) return out;
  out.ok = true;
  return out;
}

// Appends `s` as UTF-8; bytes `decode` cannot decode become '?' (not U+FFFD, which the
// charset may have no way to write back). For comments, which GNU passes through as bytes
// whatever they hold.
void append_converted_lossy(std::string& out, std::string_view s, const decoder& decode) {
  // Each bad byte costs a conversion of the rest: after a few, give up on the rest's
  // non-ASCII bytes rather than go quadratic on a long line of them.
  for (int errors = 0; !s.empty(); ++errors) {
    if (errors == 16) {
      for (char ch : s) {
        out.push_back(static_cast<unsigned char>(ch) < 0x80 ? ch : '?');
      }
      return;
    }
    charset::conversion c = decode(s);
    if (c.ok) {
      out += c.text;
      return;
    }
    charset::conversion head = decode(s.substr(0, c.error_offset));
    if (head.ok) out += head.text;
    out += '?';
    s.remove_prefix(c.error_offset + 1);
  }
}

}  // namespace erli18n::po_detail
