// erli18n normalize IN.po [-o OUT.po] [--no-wrap] [--width=N]: rewrite a PO file exactly as
// `msgcat` would.
#include <CLI/CLI.hpp>

#include <array>
#include <iostream>
#include <string_view>

#include "commands.h"
#include "erli18n/po.h"

namespace erli18n::cli {
namespace {

bool iequal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto up = [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; };
    if (up(a[i]) != up(b[i])) return false;
  }
  return true;
}

// msgcat refuses to write a catalog whose header names a charset outside the portable set
// (found by trying names on msgcat 0.21: "latin1", "utf8", "CHARSET" and "ISO-8859-10" are
// refused; case does not matter, and ISO_8859-N spellings are accepted).
bool is_portable_charset(std::string_view name) {
  static constexpr std::array<std::string_view, 44> names = {
      "UTF-8",       "ASCII",       "ANSI_X3.4-1968", "US-ASCII",   "ISO-8859-1", "ISO-8859-2", "ISO-8859-3",
      "ISO-8859-4",  "ISO-8859-5",  "ISO-8859-6",     "ISO-8859-7", "ISO-8859-8", "ISO-8859-9", "ISO-8859-13",
      "ISO-8859-14", "ISO-8859-15", "KOI8-R",         "KOI8-U",     "KOI8-T",     "CP850",      "CP866",
      "CP874",       "CP932",       "CP949",          "CP950",      "CP1250",     "CP1251",     "CP1252",
      "CP1253",      "CP1254",      "CP1255",         "CP1256",     "CP1257",     "GB2312",     "EUC-JP",
      "EUC-KR",      "EUC-TW",      "BIG5",           "BIG5-HKSCS", "GBK",        "GB18030",    "SHIFT_JIS",
      "JOHAB",       "TIS-620"};
  static constexpr std::array<std::string_view, 2> more = {"VISCII", "GEORGIAN-PS"};
  std::string spelled(name);
  // ISO_8859-N is an accepted spelling of ISO-8859-N.
  if (spelled.size() > 8 && iequal(std::string_view(spelled).substr(0, 9), "ISO_8859-")) spelled[3] = '-';
  for (std::string_view n : names)
    if (iequal(spelled, n)) return true;
  for (std::string_view n : more)
    if (iequal(spelled, n)) return true;
  return false;
}

}  // namespace

void add_normalize_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string input;
    std::string output;
    bool no_wrap = false;
    std::size_t width = 79;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("normalize", "Rewrite a PO file as msgcat writes it");
  cmd->add_option("input", opts->input, "PO file to read")->required();
  cmd->add_option("-o,--output", opts->output, "Output file (default: standard output)");
  cmd->add_flag("--no-wrap", opts->no_wrap, "Do not break long message lines");
  cmd->add_option("-w,--width", opts->width, "Output page width")->check(CLI::Range(1, 100000));
  cmd->callback([opts, &exit_code] {
    prepare_heap_for(opts->input);
    result<po_file> po = read_po_file(opts->input);
    if (!succeeded(po, exit_code)) return;
    if (po->header_field("Content-Type") && !is_portable_charset(po->charset)) {
      std::cerr << opts->input << ": error: present charset \"" << po->charset
                << "\" is not a portable encoding name\n";
      exit_code = 1;
      return;
    }
    po_write_options write_options;
    write_options.width = opts->width;
    write_options.wrap = !opts->no_wrap;
    result<std::string> bytes = write_po(*po, write_options);
    if (!succeeded(bytes, exit_code)) return;
    if (!write_output(opts->output, *bytes)) exit_code = 1;
    exit_now(exit_code);
  });
}

}  // namespace erli18n::cli
