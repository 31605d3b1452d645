#include "erli18n/interpolate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "out_of_memory.h"

namespace erli18n {
namespace {

bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }
bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The longest prefix of `s` of at most `limit` bytes that does not end inside a UTF-8
// sequence. A sequence has at most 3 continuation bytes, so backing off further would only
// eat invalid input.
std::size_t utf8_prefix(std::string_view s, std::size_t limit) {
  if (s.size() <= limit) return s.size();
  std::size_t cut = limit;
  for (int steps = 0; steps < 3 && cut > 0 && is_continuation(s[cut]); ++steps) --cut;
  return cut;
}

// Appends to `out`, at most `room` bytes in all; the first append that does not fit is cut
// and closes the writer.
class bounded_writer {
 public:
  bounded_writer(std::string& out, std::size_t room) : out_(out), room_(room) {}

  bool full() const { return full_; }

  void append(std::string_view s) {
    if (full_) return;
    if (s.size() <= room_) {
      out_.append(s);
      room_ -= s.size();
      return;
    }
    out_.append(s.substr(0, utf8_prefix(s, room_)));
    room_ = 0;
    full_ = true;
  }

 private:
  std::string& out_;
  std::size_t room_;
  bool full_ = false;
};

// Shortest round-trip form, always with a '.' or an exponent, exponents without '+' or
// leading zeros: 100.0, 0.1, 1.0e300, 1.5e-10, -0.0.
std::string_view render_double(double d, char (&buf)[64]) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  char digits[32];
  const std::to_chars_result r = std::to_chars(digits, digits + sizeof digits, d);
  const std::string_view shortest(digits, static_cast<std::size_t>(r.ptr - digits));
  const std::size_t e = shortest.find('e');
  const std::string_view mantissa = shortest.substr(0, e);
  std::size_t n = 0;
  auto put = [&](std::string_view part) {
    std::memcpy(buf + n, part.data(), part.size());
    n += part.size();
  };
  put(mantissa);
  if (mantissa.find('.') == std::string_view::npos) put(".0");
  if (e != std::string_view::npos) {
    std::string_view exponent = shortest.substr(e + 1);
    put("e");
    if (exponent.front() == '-') put("-");
    if (exponent.front() == '-' || exponent.front() == '+') exponent.remove_prefix(1);
    while (exponent.size() > 1 && exponent.front() == '0') exponent.remove_prefix(1);
    put(exponent);
  }
  return {buf, n};
}

void append_value(bounded_writer& w, const arg_value& v) {
  char buf[64];
  switch (v.type()) {
    case arg_value::kind::string: {
      const std::string_view s = v.as_string();
      w.append(s.substr(0, utf8_prefix(s, max_interpolated_value)));
      return;
    }
    case arg_value::kind::signed_integer: {
      const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v.as_signed());
      w.append({buf, static_cast<std::size_t>(r.ptr - buf)});
      return;
    }
    case arg_value::kind::unsigned_integer: {
      const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v.as_unsigned());
      w.append({buf, static_cast<std::size_t>(r.ptr - buf)});
      return;
    }
    case arg_value::kind::floating:
      w.append(render_double(v.as_double(), buf));
      return;
    case arg_value::kind::boolean:
      w.append(v.as_bool() ? "true" : "false");
      return;
  }
}

// The length of the placeholder name that starts at `start` (just after a `%{`) and is
// closed at once by `}`, or 0 when the `%{` does not start a placeholder.
std::size_t name_length_at(std::string_view text, std::size_t start) {
  std::size_t end = start;
  if (end < text.size() && is_name_start(text[end])) {
    while (end < text.size() && end - start <= max_placeholder_name && is_name_char(text[end])) ++end;
  }
  const std::size_t length = end - start;
  if (length == 0 || length > max_placeholder_name || end >= text.size() || text[end] != '}') return 0;
  return length;
}

const arg* find_binding(std::string_view name, arg_list args, const arg* fallback) {
  for (const arg& a : args)
    if (a.name == name) return &a;
  if (fallback && fallback->name == name) return fallback;
  return nullptr;
}

// One piece of a template, as the grammar (interpolate.h) reads it: a run of text without
// `%`, or what one `%` starts. Both walks over a template, `scan` (interpolation) and
// `placeholders` (what lint and extract list), read it through `next_piece`, so they cannot
// disagree on what a placeholder is (interpolate_test checks them over the fuzz corpus).
struct piece {
  std::size_t at = 0;        // byte offset of the piece in the text
  std::string_view literal;  // text to copy (`%%` gives "%"); empty for a placeholder
  std::string_view name;     // a placeholder's name, empty for literal text
  std::string_view whole;    // the placeholder as written, `%{name}`
};

// The piece at `i` (< text.size()), and `i` moved past it.
piece next_piece(std::string_view text, std::size_t& i) {
  piece p;
  p.at = i;
  if (text[i] != '%') {
    const std::size_t percent = std::min(text.find('%', i), text.size());
    p.literal = text.substr(i, percent - i);
    i = percent;
    return p;
  }
  const std::size_t next = i + 1;
  if (next < text.size() && text[next] == '%') {  // `%%`: one literal `%`
    p.literal = text.substr(i, 1);
    i = next + 1;
    return p;
  }
  if (next >= text.size() || text[next] != '{') {  // a lone `%` is text
    p.literal = text.substr(i, 1);
    i = next;
    return p;
  }
  // "%{": a placeholder if an identifier of 1..max_placeholder_name bytes and '}' follow;
  // otherwise `%{` is text and reading goes on right after the `{`.
  const std::size_t start = next + 1;
  const std::size_t length = name_length_at(text, start);
  if (length == 0) {
    p.literal = text.substr(i, 2);
    i = start;
    return p;
  }
  p.name = text.substr(start, length);
  p.whole = text.substr(p.at, length + 3);
  i = start + length + 1;
  return p;
}

// The one pass. Returns the unbound name that stops a strict call, or an empty view.
// A placeholder after a cut in the text before it (the output is full) is dropped, unchecked.
std::string_view scan(bounded_writer& w, std::string_view text, arg_list args, const arg* fallback,
                      interpolation_mode mode) {
  std::size_t substitutions = 0;
  std::size_t i = 0;
  while (i < text.size() && !w.full()) {
    const piece p = next_piece(text, i);
    if (p.name.empty()) {
      w.append(p.literal);
      continue;
    }
    const arg* binding = find_binding(p.name, args, fallback);
    if (!binding && mode == interpolation_mode::strict) return p.name;
    if (binding && substitutions < max_substitutions) {
      append_value(w, binding->value);
      ++substitutions;
    } else {
      w.append(p.whole);
    }
  }
  return {};
}

}  // namespace

std::vector<placeholder> placeholders(std::string_view text) {
  std::vector<placeholder> found;
  for (std::size_t i = 0; i < text.size();)
    if (const piece p = next_piece(text, i); !p.name.empty()) found.push_back({p.name, p.at});
  return found;
}

namespace detail {

result<void> interpolate_to(std::string& out, std::string_view text, arg_list args, const arg* fallback,
                            interpolation_mode mode) {
  const std::size_t old_size = out.size();
  try {
    bounded_writer w(out, max_interpolated_output);
    const std::string_view missing = scan(w, text, args, fallback, mode);
    if (missing.empty()) return {};
    out.resize(old_size);
    std::string message = "missing binding '";
    message.append(missing);
    message += '\'';
    return error{errc::not_found, std::move(message), "", 0, 0};
  } catch (const std::bad_alloc&) {
    out.resize(old_size);
    return out_of_memory("interpolating");
  } catch (const std::length_error&) {  // `out` was already near max_size()
    out.resize(old_size);
    return error{errc::limit_exceeded, "interpolated string too long", "", 0, 0};
  }
}

}  // namespace detail

result<void> interpolate_to(std::string& out, std::string_view text, arg_list args, interpolation_mode mode) {
  return detail::interpolate_to(out, text, args, nullptr, mode);
}

result<std::string> interpolate(std::string_view text, arg_list args, interpolation_mode mode) {
  try {
    std::string out;
    result<void> r = detail::interpolate_to(out, text, args, nullptr, mode);
    if (!r) return r.error();
    return out;
  } catch (const std::bad_alloc&) {
    return out_of_memory("interpolating");
  }
}

}  // namespace erli18n
