// UAX #14 line-break opportunities and display widths for the PO writer.
#include "po_writer_unicode.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <vector>

namespace erli18n::po_unicode {
namespace {

constexpr std::uint32_t table[] = {
#include "po_writer_unicode_table.inc"
};

using detail::decode;

// The Basic Multilingual Plane, where nearly all catalog text lives, by direct lookup. Built
// by the compiler: filling it at run time cost more than normalizing a small catalog, and a
// read-only table only pages in the blocks a catalog uses.
constexpr auto bmp_table = [] {
  std::array<std::uint16_t, 0x10000> t{};
  for (std::size_t row = 0; row < std::size(table); ++row) {
    const std::uint32_t first = table[row] >> 11;
    if (first >= 0x10000) break;
    const std::uint32_t last =
        row + 1 < std::size(table) ? std::min<std::uint32_t>(table[row + 1] >> 11, 0x10000) : 0x10000;
    for (std::uint32_t cp = first; cp < last; ++cp) t[cp] = static_cast<std::uint16_t>(table[row] & 0x7ff);
  }
  return t;
}();

bool ascii_iequal(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 'a' + 'A');
    if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 'a' + 'A');
    if (x != y) return false;
  }
  return true;
}

// LB1: classes the algorithm does not use directly.
lb resolve(lb c, bool cjk) noexcept {
  switch (c) {
    case lb::AI:
      return cjk ? lb::ID : lb::AL;
    case lb::SG:
    case lb::XX:
    case lb::SA:  // no dictionary: South East Asian scripts break like letters, as msgcat's do
      return lb::AL;
    case lb::CJ:
      return lb::NS;
    default:
      return c;
  }
}

// Class sets as bit masks: the breaker tests several per character.
template <class... Classes>
constexpr std::uint64_t set_of(Classes... cs) noexcept {
  return ((std::uint64_t{1} << static_cast<unsigned>(cs)) | ...);
}
constexpr bool in(lb c, std::uint64_t set) noexcept { return (set >> static_cast<unsigned>(c)) & 1; }

}  // namespace

const std::array<std::uint16_t, 0x10000> detail::bmp_rows = bmp_table;

std::uint16_t detail::row_beyond_bmp(char32_t c) noexcept {
  const std::uint32_t key = (static_cast<std::uint32_t>(c) << 11) | 0x7ff;
  const std::uint32_t* it = std::upper_bound(std::begin(table), std::end(table), key);
  return static_cast<std::uint16_t>(*(it - 1) & 0x7ff);
}

bool is_cjk_charset(std::string_view charset) noexcept {
  for (std::string_view name : {"EUC-JP", "EUC-KR", "EUC-TW", "GB2312", "GBK", "BIG5", "CP949", "JOHAB"})
    if (ascii_iequal(charset, name)) return true;
  return false;
}

namespace {

// The breaker proper; `prop(i)` gives the properties of the i-th of `n` characters.
// Long (about 130 lines) on purpose: UAX #14's rules, in their order, over one running state
// (the previous classes, the last non-space class, pending ZW and regional indicators); the
// order of the rules is their meaning, so they stay one list.
template <class Props>
void break_text(std::size_t n, Props prop, bool cjk, std::span<brk> out) noexcept {
  if (n == 0) return;
  out[0] = brk::prohibited;
  // `before` is the class of the previous character after LB9/LB10 (a combining mark takes
  // its base's class); `base` the class of the last character that is not a space, for the
  // rules of the form "X SP* ×".
  const char_props first = prop(0);
  lb actual_prev = resolve(first.cls, cjk);
  lb before = actual_prev == lb::CM || actual_prev == lb::ZWJ ? lb::AL : actual_prev;
  bool before_wide = first.east_asian_wide;
  lb actual_prev2 = lb::XX;
  lb base = before;
  bool zw_pending = before == lb::ZW;
  // Spaces that open the text stick to what follows (msgcat never breaks there).
  bool leading = in(before, set_of(lb::SP, lb::BK, lb::CR, lb::LF, lb::NL));
  std::size_t ri_run = before == lb::RI ? 1 : 0;

  for (std::size_t i = 1; i < n; ++i) {
    const char_props p = prop(i);
    lb cur = resolve(p.cls, cjk);
    // Letters after a letter are most of every long string (LB28, and no earlier rule can
    // apply: `before` is AL only when the previous character was a letter or a mark on one).
    if (cur == lb::AL && before == lb::AL) {
      out[i] = brk::prohibited;
      actual_prev2 = actual_prev;
      actual_prev = lb::AL;
      ri_run = 0;
      before_wide = p.east_asian_wide;
      leading = false;
      base = lb::AL;
      zw_pending = false;
      continue;
    }
    brk result = brk::allowed;
    bool absorbed = false;

    // A hard break is reported at the breaking character itself, which then starts the
    // next line; msgcat's line filler restarts its column count there.
    if (in(cur, set_of(lb::BK, lb::CR, lb::LF, lb::NL))) {
      result = brk::mandatory;
    } else if (in(actual_prev, set_of(lb::BK, lb::CR, lb::LF, lb::NL)) || in(cur, set_of(lb::SP, lb::ZW))) {
      result = brk::prohibited;  // LB7 and the line start after a hard break
    } else if (zw_pending) {
      result = brk::allowed;  // LB8
    } else if (actual_prev == lb::ZWJ) {
      result = brk::prohibited;  // LB8a
      if (cur == lb::CM || cur == lb::ZWJ) absorbed = before != lb::SP;
    } else if ((cur == lb::CM || cur == lb::ZWJ) && before == lb::SP) {
      result = leading ? brk::prohibited : brk::allowed;  // LB10 then LB18, as msgcat does
    } else if (cur == lb::CM || cur == lb::ZWJ) {
      result = brk::prohibited;  // LB9
      absorbed = true;
    } else {
      if (cur == lb::CM || cur == lb::ZWJ) cur = lb::AL;  // LB10
      const bool spaces = before == lb::SP;
      if (cur == lb::WJ || before == lb::WJ)
        result = brk::prohibited;  // LB11
      else if (before == lb::GL)
        result = brk::prohibited;  // LB12
      else if (cur == lb::GL && !in(before, set_of(lb::SP, lb::BA, lb::HY)))
        result = brk::prohibited;  // LB12a
      else if (in(cur, set_of(lb::CL, lb::CP, lb::EX, lb::IS, lb::SY)))
        result = brk::prohibited;  // LB13
      else if (base == lb::OP)
        result = brk::prohibited;  // LB14
      else if (base == lb::QU && cur == lb::OP)
        result = brk::prohibited;  // LB15
      else if ((base == lb::CL && cur == lb::NS) || (base == lb::CP && p.cls == lb::NS))
        result = brk::prohibited;  // LB16
      else if (base == lb::B2 && cur == lb::B2)
        result = brk::prohibited;  // LB17
      else if (spaces)
        result = leading ? brk::prohibited : brk::allowed;  // LB18, but not after opening spaces
      else if (cur == lb::QU || before == lb::QU)
        result = brk::prohibited;  // LB19
      else if (cur == lb::CB || before == lb::CB)
        result = brk::allowed;  // LB20
      else if (in(cur, set_of(lb::BA, lb::HY, lb::NS)) || before == lb::BB)
        result = brk::prohibited;  // LB21
      else if (actual_prev2 == lb::HL && in(actual_prev, set_of(lb::HY, lb::BA)))
        result = brk::prohibited;  // LB21a, without looking through combining marks
      else if (before == lb::SY && cur == lb::HL)
        result = brk::prohibited;  // LB21b
      else if (cur == lb::IN)
        result = brk::prohibited;  // LB22
      else if ((in(before, set_of(lb::AL, lb::HL)) && cur == lb::NU) ||
               (before == lb::NU && in(cur, set_of(lb::AL, lb::HL))))
        result = brk::prohibited;  // LB23
      else if ((before == lb::PR && in(cur, set_of(lb::ID, lb::EB, lb::EM))) ||
               (in(before, set_of(lb::ID, lb::EB, lb::EM)) && cur == lb::PO))
        result = brk::prohibited;  // LB23a
      else if ((in(before, set_of(lb::PR, lb::PO)) && in(cur, set_of(lb::AL, lb::HL))) ||
               (in(before, set_of(lb::AL, lb::HL)) && in(cur, set_of(lb::PR, lb::PO))))
        result = brk::prohibited;  // LB24
      else if ((in(before, set_of(lb::CL, lb::CP, lb::NU)) && in(cur, set_of(lb::PO, lb::PR))) ||
               (in(before, set_of(lb::PO, lb::PR)) && in(cur, set_of(lb::OP, lb::NU))) ||
               (in(before, set_of(lb::HY, lb::IS, lb::NU, lb::SY)) && cur == lb::NU))
        result = brk::prohibited;  // LB25
      else if ((before == lb::JL && in(cur, set_of(lb::JL, lb::JV, lb::H2, lb::H3))) ||
               (in(before, set_of(lb::JV, lb::H2)) && in(cur, set_of(lb::JV, lb::JT))) ||
               (in(before, set_of(lb::JT, lb::H3)) && cur == lb::JT))
        result = brk::prohibited;  // LB26
      else if ((in(before, set_of(lb::JL, lb::JV, lb::JT, lb::H2, lb::H3)) && cur == lb::PO) ||
               (before == lb::PR && in(cur, set_of(lb::JL, lb::JV, lb::JT, lb::H2, lb::H3))))
        result = brk::prohibited;  // LB27
      else if (in(before, set_of(lb::AL, lb::HL)) && in(cur, set_of(lb::AL, lb::HL)))
        result = brk::prohibited;  // LB28
      else if ((in(before, set_of(lb::AL, lb::HL, lb::NU)) && cur == lb::OP && !p.east_asian_wide) ||
               (before == lb::CP && !before_wide && in(cur, set_of(lb::AL, lb::HL, lb::NU))))
        result = brk::prohibited;  // LB30
      else if (actual_prev == lb::RI && cur == lb::RI && ri_run % 2 == 1)
        result = brk::prohibited;  // LB30a
      else if (before == lb::EB && cur == lb::EM)
        result = brk::prohibited;  // LB30b
    }
    out[i] = result;

    actual_prev2 = actual_prev;
    actual_prev = resolve(p.cls, cjk);
    // Regional indicators pair up only when adjacent, combining marks break the run.
    ri_run = actual_prev == lb::RI ? ri_run + 1 : 0;
    if (absorbed) continue;
    if (cur == lb::CM || cur == lb::ZWJ) cur = lb::AL;  // LB10
    before = cur;
    before_wide = p.east_asian_wide;
    if (cur != lb::SP) {
      // Like the start of the text, a hard line break makes the next spaces opening ones.
      leading = in(cur, set_of(lb::BK, lb::CR, lb::LF, lb::NL));
      base = cur;
      zw_pending = cur == lb::ZW;
    }
  }
}

}  // namespace

void line_breaks(std::span<const char32_t> text, bool cjk, std::span<brk> out) noexcept {
  break_text(
      text.size(), [text](std::size_t i) { return props(text[i]); }, cjk, out);
}

void line_breaks(std::span<const std::uint16_t> rows, bool cjk, std::span<brk> out) noexcept {
  break_text(
      rows.size(), [rows](std::size_t i) { return decode(rows[i]); }, cjk, out);
}

}  // namespace erli18n::po_unicode
