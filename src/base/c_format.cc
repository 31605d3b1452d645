#include "c_format.h"

#include <optional>

#include "printf_directive.h"

namespace erli18n::c_format {
namespace {

// The size and signedness of an `<inttypes.h>` macro name such as "PRId64", or nothing.
std::optional<arg_type> macro_type(std::string_view name) {
  const std::optional<pri_macro> m = read_pri_macro(name);
  if (!m) return std::nullopt;
  const base kind = m->conversion == 'd' || m->conversion == 'i' ? base::signed_int : base::unsigned_int;
  if (m->kind == pri_macro::family::max) return arg_type{kind, size::intmax};
  if (m->kind == pri_macro::family::ptr) return arg_type{kind, size::intptr};
  // Exact, LEAST and FAST widths are three families of four.
  const int family = m->kind == pri_macro::family::least ? 1 : m->kind == pri_macro::family::fast ? 2 : 0;
  const int bits = m->bits == 8 ? 0 : m->bits == 16 ? 1 : m->bits == 32 ? 2 : 3;
  return arg_type{kind, static_cast<size>(static_cast<int>(size::exact8) + family * 4 + bits)};
}

// The size the size letters give, in order: `h` after `h` is hh, `l` after `l` is ll.
size size_of(std::string_view letters) {
  size width = size::plain;
  for (const char c : letters) {
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
  }
  return width;
}

// The walk over one string: directive count, argument uses, and the first problem.
class reader {
 public:
  explicit reader(std::string_view text) : text_(text) {}

  parsed run() {
    for (std::size_t i = 0; out_.valid && i < text_.size();) {
      if (text_[i] != '%') {
        ++i;
        continue;
      }
      directive_start_ = i;
      ++directive_;
      const printf_directive d = read_printf_directive(text_, i);
      i = d.end;
      directive(d);
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

  // An argument number of `%N$` or `*N$` (0 when there is none), or nullopt after a failure.
  std::optional<std::size_t> position(std::optional<std::size_t> n) {
    if (!n) return 0;
    if (*n == 0) {
      fail_here("argument number 0");
      return std::nullopt;
    }
    if (*n > max_c_format_args) {
      fail_here("argument number above " + std::to_string(max_c_format_args));
      return std::nullopt;
    }
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

  // A `*` or `*N$` width or precision reads an int.
  void star(const printf_amount& a) {
    if (a.form != printf_amount::kind::star) return;
    if (std::optional<std::size_t> n = position(a.number)) use(*n, arg_type{base::signed_int, size::plain});
  }

  // One directive's arguments, checked in the grammar's order (position, width, precision,
  // conversion), so that the first problem in reading order is the one reported.
  void directive(const printf_directive& d) {
    const std::optional<std::size_t> number = position(d.number);
    if (!number) return;
    star(d.width);
    if (!out_.valid) return;
    star(d.precision);
    if (!out_.valid) return;
    switch (d.problem) {
      case printf_problem::none:
        break;
      case printf_problem::ends_inside:
        return fail_here("the string ends inside it");
      case printf_problem::unclosed_macro:
        return fail_here("'<' without a closing '>'");
      case printf_problem::bad_conversion: {
        const unsigned char u = static_cast<unsigned char>(d.conversion);
        const std::string shown =
            (u >= 0x20 && u < 0x7f) ? std::string(1, d.conversion) : "\\x" + std::to_string(u);
        return fail_here("'" + shown + "' is not a conversion");
      }
    }
    const size width = size_of(d.sizes);
    const bool longish = width == size::long_ || width == size::long_long;
    switch (d.conversion) {
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
        // msgfmt reads a macro only where a size letter could start, not after one.
        if (!d.sizes.empty()) return fail_here("'<' is not a conversion");
        std::optional<arg_type> t = macro_type(d.macro);
        if (!t) return fail_here("'<" + std::string(d.macro) + ">' is not an <inttypes.h> PRI macro");
        return use(*number, *t);
      }
      default:  // e E f F g G a A
        return use(*number, {base::floating, width == size::long_long ? size::long_double : size::plain});
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
