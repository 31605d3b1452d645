// glibc's getopt_long, as its documentation and observed behaviour define it (see
// gnu_options.h); tests/unit/gnu_options_test.cc holds the two side by side.
#include "gnu_options.h"

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <string>

namespace erli18n::gnu {

namespace {

std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view part : parts) out += part;
  return out;
}
template <class... Parts>
std::string cat(const Parts&... parts) {
  return cat({std::string_view(parts)...});
}

enum class ordering { permute, require_order, return_in_order };

bool is_operand(std::string_view arg) { return arg.size() < 2 || arg[0] != '-'; }

class parser {
 public:
  parser(std::string_view program, std::span<const char* const> args, std::string_view short_options,
         std::span<const long_option> long_options, bool posixly_correct)
      : program_(program), args_(args), long_options_(long_options) {
    if (short_options.starts_with('-')) {
      order_ = ordering::return_in_order;
      short_options.remove_prefix(1);
    } else if (short_options.starts_with('+')) {
      order_ = ordering::require_order;
      short_options.remove_prefix(1);
    } else if (posixly_correct) {
      order_ = ordering::require_order;
    }
    // A leading ':' silences the diagnostics and tells a missing argument (':') from an
    // unknown option ('?'), as getopt does.
    quiet_ = short_options.starts_with(':');
    short_options_ = short_options;
  }

  parsed_args run() {
    while (next_ < args_.size()) {
      std::string_view arg = args_[next_];
      if (arg == "--") {  // the rest are operands, even those that look like options
        for (++next_; next_ < args_.size(); ++next_) out_.operands.emplace_back(args_[next_]);
        break;
      }
      if (is_operand(arg)) {
        if (order_ == ordering::require_order) break;
        ++next_;
        if (order_ == ordering::return_in_order)
          out_.events.push_back({1, arg, {}});
        else
          out_.operands.push_back(arg);
        continue;
      }
      if (arg[1] == '-')
        long_option_at(arg.substr(2));
      else
        short_options_at(arg.substr(1));
    }
    for (; next_ < args_.size(); ++next_) out_.operands.emplace_back(args_[next_]);
    return std::move(out_);
  }

 private:
  void error(int code, std::string message) {
    out_.events.push_back({code, std::nullopt, quiet_ ? std::string{} : std::move(message)});
  }

  // `body` is the element without its "--". The element is consumed whatever happens.
  void long_option_at(std::string_view body) {
    ++next_;
    const std::size_t equals = body.find('=');
    const std::string_view name = body.substr(0, equals);
    const long_option* found = nullptr;
    for (const long_option& option : long_options_)
      if (option.name == name) {
        found = &option;
        break;
      }
    if (found == nullptr) {
      // A unique prefix names its option; prefixes of several options are ambiguous unless
      // all of those are the same option under other names (same argument and code).
      std::vector<const long_option*> differing;
      for (const long_option& option : long_options_) {
        if (!option.name.starts_with(name)) continue;
        if (found == nullptr)
          found = &option;
        else if (option.argument != found->argument || option.code != found->code)
          differing.push_back(&option);
      }
      if (!differing.empty()) {
        std::string message = cat(program_, ": option '--", body, "' is ambiguous; possibilities:");
        for (const long_option& option : long_options_)
          if (&option == found || std::ranges::find(differing, &option) != differing.end())
            message += cat(" '--", option.name, "'");
        message += '\n';
        error('?', std::move(message));
        return;
      }
    }
    if (found == nullptr) {
      error('?', cat(program_, ": unrecognized option '--", body, "'\n"));
      return;
    }
    if (equals != std::string_view::npos) {
      if (found->argument == takes::none) {
        error('?', cat(program_, ": option '--", found->name, "' doesn't allow an argument\n"));
        return;
      }
      out_.events.push_back({found->code, body.substr(equals + 1), {}});
      return;
    }
    if (found->argument == takes::required) {
      if (next_ == args_.size()) {
        error(quiet_ ? ':' : '?', cat(program_, ": option '--", found->name, "' requires an argument\n"));
        return;
      }
      out_.events.push_back({found->code, std::string_view{args_[next_++]}, {}});
      return;
    }
    out_.events.push_back({found->code, std::nullopt, {}});
  }

  // `letters` is the element without its '-': one or more bundled short options.
  void short_options_at(std::string_view letters) {
    ++next_;
    for (std::size_t i = 0; i < letters.size(); ++i) {
      const char letter = letters[i];
      const std::size_t at =
          letter == ':' || letter == ';' ? std::string_view::npos : short_options_.find(letter);
      if (at == std::string_view::npos) {
        error('?', cat(program_, ": invalid option -- '", std::string_view(&letter, 1), "'\n"));
        continue;
      }
      const std::string_view spec = short_options_.substr(at + 1);
      if (!spec.starts_with(':')) {
        out_.events.push_back({static_cast<unsigned char>(letter), std::nullopt, {}});
        continue;
      }
      const std::string_view rest = letters.substr(i + 1);
      if (spec.starts_with("::")) {  // optional: only attached
        out_.events.push_back(
            {static_cast<unsigned char>(letter), rest.empty() ? std::nullopt : std::optional(rest), {}});
      } else if (!rest.empty()) {
        out_.events.push_back({static_cast<unsigned char>(letter), rest, {}});
      } else if (next_ == args_.size()) {
        error(quiet_ ? ':' : '?',
              cat(program_, ": option requires an argument -- '", std::string_view(&letter, 1), "'\n"));
      } else {
        out_.events.push_back({static_cast<unsigned char>(letter), std::string_view{args_[next_++]}, {}});
      }
      return;  // the argument, if any, took the rest of the element
    }
  }

  std::string_view program_;
  std::span<const char* const> args_;
  std::span<const long_option> long_options_;
  std::string_view short_options_;
  ordering order_ = ordering::permute;
  bool quiet_ = false;
  std::size_t next_ = 0;
  parsed_args out_;
};

}  // namespace

const option_event* parsed_args::first_error() const {
  for (const option_event& event : events)
    if (event.code == '?' || event.code == ':') return &event;
  return nullptr;
}

parsed_args parse_gnu_options(std::string_view program, std::span<const char* const> args,
                              std::string_view short_options, std::span<const long_option> long_options,
                              bool posixly_correct) {
  return parser(program, args, short_options, long_options, posixly_correct).run();
}

parsed_args parse_gnu_options(std::string_view program, std::span<const char* const> args,
                              std::string_view short_options, std::span<const long_option> long_options) {
  return parse_gnu_options(program, args, short_options, long_options,
                           std::getenv("POSIXLY_CORRECT") != nullptr);
}

std::string try_help_line(std::string_view program) {
  return cat("Try '", program, " --help' for more information.\n");
}

}  // namespace erli18n::gnu
