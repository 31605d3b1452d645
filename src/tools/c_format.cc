#include "c_format.h"

#include <optional>

namespace erli18n::c_format {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The size and signedness of an `<inttypes.h>` macro name such as "PRId64", or nothing.
std::optional<arg_type> macro_type(std::string_view name) {
  if (name.size() < 4 || name.substr(0, 3) != "PRI") return std::nullopt;
  const char conversion = name[3];
  base kind;
  if (conversion == 'd' || conversion == 'i')
    kind = base::signed_int;
  else if (conversion == 'o' || conversion == 'u' || conversion == 'x' || conversion == 'X')
    kind = base::unsigned_int;
  else
    return std::nullopt;
  std::string_view rest = name.substr(4);
  if (rest == "MAX") return arg_type{kind, size::intmax};
  if (rest == "PTR") return arg_type{kind, size::intptr};
  // Exact, LEAST and FAST widths are three families of four.
  int family = 0;
  if (rest.substr(0, 5) == "LEAST") {
    family = 1;
    rest.remove_prefix(5);
  } else if (rest.substr(0, 4) == "FAST") {
    family = 2;
    rest.remove_prefix(4);
  }
  int bits;
  if (rest == "8")
    bits = 0;
  else if (rest == "16")
    bits = 1;
  else if (rest == "32")
    bits = 2;
  else if (rest == "64")
    bits = 3;
  else
    return std::nullopt;
  return arg_type{kind, static_cast<size>(static_cast<int>(size::exact8) + family * 4 + bits)};
}

// The walk over one string: directive count, argument uses, and the first problem.
class reader {
 public:
  explicit reader(std::string_view text) : text_(text) {}

  parsed run() {
    while (out_.valid && i_ < text_.size()) {
      if (text_[i_] != '%') {
        ++i_;
        continue;
      }
      directive_start_ = i_++;
      ++directive_;
      directive();
    }
    if (out_.valid) resolve_numbered();
    return std::move(out_);
  }

 private:
  void fail(std::string reason) {
    if (!out_.valid) return;
    out_.valid = false;
    out_.reason = std::move(reason);
    out_.offset = directive_start_;
    out_.args.clear();
  }
  void fail_here(const std::string& what) { fail("directive " + std::to_string(directive_) + ": " + what); }

  bool at_end() const { return i_ >= text_.size(); }

  // Reads `digits$` at the cursor: the argument number, 0 when there is none (the cursor
  // then stays), or nullopt after a failure.
  std::optional<std::size_t> position() {
    std::size_t j = i_, n = 0;
    while (j < text_.size() && is_digit(text_[j])) {
      n = n * 10 + static_cast<std::size_t>(text_[j] - '0');
      if (n > max_c_format_args) n = max_c_format_args + 1;  // saturate: the check below refuses it
      ++j;
    }
    if (j == i_ || j >= text_.size() || text_[j] != '$') return 0;
    if (n == 0) {
      fail_here("argument number 0");
      return std::nullopt;
    }
    if (n > max_c_format_args) {
      fail_here("argument number above " + std::to_string(max_c_format_args));
      return std::nullopt;
    }
    i_ = j + 1;
    return n;
  }

  // Records that the directive reads an argument (`number` 0: the next unnumbered one).
  void use(std::size_t number, arg_type type) {
    if (number == 0) {
      if (numbered_) return fail("numbered and unnumbered arguments are mixed");
      unnumbered_ = true;
      out_.args.push_back(type);
      return;
    }
    if (unnumbered_) return fail("numbered and unnumbered arguments are mixed");
    numbered_ = true;
    if (numbered_types_.size() < number) numbered_types_.resize(number);
    std::optional<arg_type>& slot = numbered_types_[number - 1];
    if (slot && *slot != type)
      return fail("argument " + std::to_string(number) + " is read both as " + describe(*slot) + " and as " +
                  describe(type));
    slot = type;
  }

  // `*` or `*N$` for a width or precision; the cursor is on the `*`.
  void star() {
    ++i_;
    std::optional<std::size_t> n = position();
    if (n) use(*n, arg_type{base::signed_int, size::plain});
  }

  // Long (about 85 lines) on purpose: one printf directive, read in the grammar's order (flags,
  // width, precision, size, conversion), each part a few lines on the reader's position.
  void directive() {
    std::optional<std::size_t> number = position();
    if (!number) return;
    while (!at_end() && std::string_view("-+ #0'I").find(text_[i_]) != std::string_view::npos) ++i_;
    if (!at_end() && text_[i_] == '*') {
      star();
    } else {
      while (!at_end() && is_digit(text_[i_])) ++i_;
    }
    if (!out_.valid) return;
    if (!at_end() && text_[i_] == '.') {
      ++i_;
      if (!at_end() && text_[i_] == '*')
        star();
      else
        while (!at_end() && is_digit(text_[i_])) ++i_;
    }
    if (!out_.valid) return;
    size width = size::plain;
    for (; !at_end(); ++i_) {
      const char c = text_[i_];
      if (c == 'h')
        width = (width == size::short_ || width == size::char_) ? size::char_ : size::short_;
      else if (c == 'l')
        width = (width == size::long_ || width == size::long_long) ? size::long_long : size::long_;
      else if (c == 'L' || c == 'q')
        width = size::long_long;
      else if (c == 'j')
        width = size::intmax;
      else if (c == 'z' || c == 'Z')
        width = size::size_t_;
      else if (c == 't')
        width = size::ptrdiff;
      else
        break;
    }
    if (at_end()) return fail_here("the string ends inside it");
    const char c = text_[i_++];
    const bool longish = width == size::long_ || width == size::long_long;
    switch (c) {
      case '%':
      case 'm':
        return;  // no argument
      case 'd':
      case 'i':
        return use(*number, {base::signed_int, width});
      case 'o':
      case 'u':
      case 'x':
      case 'X':
        return use(*number, {base::unsigned_int, width});
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G':
      case 'a':
      case 'A':
        return use(*number, {base::floating, width == size::long_long ? size::long_double : size::plain});
      case 'c':
        return use(*number, {base::character, longish ? size::wide : size::plain});
      case 'C':
        return use(*number, {base::character, size::wide});
      case 's':
        return use(*number, {base::string, longish ? size::wide : size::plain});
      case 'S':
        return use(*number, {base::string, size::wide});
      case 'p':
        return use(*number, {base::pointer, size::plain});
      case 'n':
        return use(*number, {base::count, width});
      case '<': {
        const std::size_t close = text_.find('>', i_);
        if (close == std::string_view::npos) return fail_here("'<' without a closing '>'");
        const std::string_view name = text_.substr(i_, close - i_);
        i_ = close + 1;
        std::optional<arg_type> t = macro_type(name);
        if (!t) return fail_here("'<" + std::string(name) + ">' is not an <inttypes.h> PRI macro");
        return use(*number, *t);
      }
      default: {
        const unsigned char u = static_cast<unsigned char>(c);
        std::string shown = (u >= 0x20 && u < 0x7f) ? std::string(1, c) : "\\x" + std::to_string(u);
        return fail_here("'" + shown + "' is not a conversion");
      }
    }
  }

  // Numbered arguments become the argument list; a number never used is a gap printf
  // cannot skip.
  void resolve_numbered() {
    if (!numbered_) return;
    for (std::size_t k = 0; k < numbered_types_.size(); ++k) {
      if (!numbered_types_[k]) {
        directive_start_ = 0;
        return fail("argument " + std::to_string(k + 1) + " is never used, but a later one is");
      }
      out_.args.push_back(*numbered_types_[k]);
    }
  }

  std::string_view text_;
  std::size_t i_ = 0;
  std::size_t directive_ = 0;
  std::size_t directive_start_ = 0;
  bool numbered_ = false;
  bool unnumbered_ = false;
  std::vector<std::optional<arg_type>> numbered_types_;
  parsed out_;
};

}  // namespace

std::string describe(arg_type t) {
  static constexpr const char* integer_sizes[] = {
      "int",          "char",         "short",         "long",          "long long",     "intmax_t",
      "size_t",       "ptrdiff_t",    "intptr_t",      "int8_t",        "int16_t",       "int32_t",
      "int64_t",      "int_least8_t", "int_least16_t", "int_least32_t", "int_least64_t", "int_fast8_t",
      "int_fast16_t", "int_fast32_t", "int_fast64_t"};
  const auto index = static_cast<std::size_t>(t.width);
  const std::string integer = index < std::size(integer_sizes) ? integer_sizes[index] : "int";
  switch (t.kind) {
    case base::signed_int:
      return integer;
    case base::unsigned_int:
      // The unsigned twins of the typedef'd types are named without "unsigned".
      if (t.width == size::size_t_) return "size_t";
      if (t.width >= size::intmax && t.width <= size::fast64) return "u" + integer;
      return "unsigned " + integer;
    case base::floating:
      return t.width == size::long_double ? "long double" : "double";
    case base::character:
      return t.width == size::wide ? "wint_t" : "char";
    case base::string:
      return t.width == size::wide ? "wchar_t*" : "char*";
    case base::pointer:
      return "void*";
    case base::count:
      return integer + "* (%n)";
  }
  return "?";
}

parsed parse_c_format(std::string_view text) { return reader(text).run(); }

}  // namespace erli18n::c_format
