// Fuzzes %{name} interpolation, whose template comes from catalogs (untrusted PO/MO text)
// and whose values come from requests. The input is split at the first NUL byte into the
// template and a value (with no NUL, the whole input is the template and the value is
// empty). The result is compared with a direct, unbounded reading of the grammar (the
// model below) cut to the documented output bound; it is total in lenient mode and fails
// in strict mode exactly when the model meets an unbound placeholder first; the output never
// exceeds the bound; appending agrees with returning. The first 8 bytes also make a double
// and two integers whose rendering is checked (shortest round trip for the double).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "erli18n/interpolate.h"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The documented cut: at most `limit` bytes, giving back up to 3 bytes so that the first
// byte dropped is not a UTF-8 continuation byte.
std::string_view cut(std::string_view s, std::size_t limit) {
  if (s.size() <= limit) return s;
  std::size_t n = limit;
  for (int back = 0; back < 3 && n > 0 && is_continuation(s[n]); ++back) --n;
  return s.substr(0, n);
}

// The first 8 bytes as a double and as integers: each renders as documented, and a double
// reads back as itself (sign of zero included).
void check_numbers(const std::uint8_t* data, std::size_t size) {
  if (size < 8) return;
  double d;
  long long i;
  unsigned long long u;
  std::memcpy(&d, data, 8);
  std::memcpy(&i, data, 8);
  std::memcpy(&u, data, 8);
  const erli18n::result<std::string> r =
      erli18n::interpolate("%{d}|%{i}|%{u}", {{"d", d}, {"i", i}, {"u", u}});
  check(r.has_value());
  const std::string expected_integers = "|" + std::to_string(i) + "|" + std::to_string(u);
  check(r->size() > expected_integers.size());
  const std::size_t bar = r->size() - expected_integers.size();
  check(r->compare(bar, std::string::npos, expected_integers) == 0);
  const std::string rendered = r->substr(0, bar);
  if (std::isnan(d)) {
    check(rendered == "nan");
  } else if (std::isinf(d)) {
    check(rendered == (d < 0 ? "-inf" : "inf"));
  } else {
    check(rendered.find_first_of(".e") != std::string::npos);
    check(rendered.find_first_not_of("0123456789.e-") == std::string::npos);
    const double back = std::strtod(rendered.c_str(), nullptr);
    check(std::memcmp(&back, &d, sizeof d) == 0);
  }
}

bool name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9'); }

struct model_result {
  std::string text;        // the full output, had there been no output bound
  std::string first_miss;  // the first placeholder with no binding
  std::size_t output_at_first_miss = 0;
};

// Bindings: a (string value), n (an integer), f (a double), b (a bool), and `a` again
// (second binding of a name: never used). Every other name is unbound.
model_result model(std::string_view t, std::string_view value) {
  model_result m;
  std::size_t substitutions = 0;
  // Past the output bound nothing more is observable: stop early, keeping a few bytes to check the cut.
  for (std::size_t i = 0; i < t.size() && m.text.size() <= erli18n::max_interpolated_output + 4;) {
    if (t[i] != '%') {
      m.text += t[i++];
      continue;
    }
    if (i + 1 < t.size() && t[i + 1] == '%') {
      m.text += '%';
      i += 2;
      continue;
    }
    if (i + 1 >= t.size() || t[i + 1] != '{') {
      m.text += '%';
      ++i;
      continue;
    }
    std::size_t j = i + 2;
    while (j < t.size() && name_char(t[j])) ++j;
    const std::string_view name = t.substr(i + 2, j - (i + 2));
    if (name.empty() || !name_start(name[0]) || name.size() > erli18n::max_placeholder_name ||
        j >= t.size() || t[j] != '}') {
      m.text += "%{";
      i += 2;
      continue;
    }
    std::string replacement;
    if (name == "a") {
      replacement = std::string(cut(value, erli18n::max_interpolated_value));
    } else if (name == "n") {
      replacement = "-42";
    } else if (name == "f") {
      replacement = "0.25";
    } else if (name == "b") {
      replacement = "true";
    } else {
      if (m.first_miss.empty()) {
        m.first_miss = std::string(name);
        m.output_at_first_miss = m.text.size();
      }
      m.text.append(t.substr(i, j + 1 - i));
      i = j + 1;
      continue;
    }
    if (substitutions++ < erli18n::max_substitutions)
      m.text += replacement;
    else
      m.text.append(t.substr(i, j + 1 - i));
    i = j + 1;
  }
  return m;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_numbers(data, size);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t nul = input.find('\0');
  const std::string_view text = input.substr(0, nul);
  const std::string_view value = nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1);
  const erli18n::arg args[] = {{"a", value},      {"n", -42},    {"f", 0.25},    {"b", true},
                               {"a", "shadowed"}, {"", "never"}, {"1x", "never"}};

  erli18n::result<std::string> lenient = erli18n::interpolate(text, args);
  check(lenient.has_value());
  const std::string& out = *lenient;
  check(out.size() <= erli18n::max_interpolated_output);

  const model_result m = model(text, value);
  if (m.text.size() <= erli18n::max_interpolated_output) {
    check(out == m.text);
  } else {
    // Cut to the bound, giving back only continuation bytes (at most 3; fewer when the
    // piece being appended starts closer to the bound, which the model does not track).
    const std::size_t max = erli18n::max_interpolated_output;
    check(m.text.compare(0, out.size(), out) == 0);
    check(out.size() + 3 >= max && out.size() >= cut(m.text, max).size());
    for (std::size_t k = out.size() + 1; k <= max; ++k) check(is_continuation(m.text[k]));
  }

  std::string appended = "x";
  check(erli18n::interpolate_to(appended, text, args).has_value());
  check(appended.size() == out.size() + 1 && appended.compare(1, std::string::npos, out) == 0);

  erli18n::result<std::string> strict = erli18n::interpolate(text, args, erli18n::interpolation_mode::strict);
  // A strict call stops at the first unbound placeholder unless the output was cut before it.
  const bool miss_reached =
      !m.first_miss.empty() && m.output_at_first_miss <= erli18n::max_interpolated_output;
  check(strict.has_value() == !miss_reached);
  if (strict) {
    check(*strict == out);
  } else {
    check(strict.error().code == erli18n::errc::not_found);
    check(strict.error().message == "missing binding '" + m.first_miss + "'");
    std::string untouched = "keep";
    check(!erli18n::interpolate_to(untouched, text, args, erli18n::interpolation_mode::strict));
    check(untouched == "keep");
  }
  return 0;
}
