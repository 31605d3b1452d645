// erli18n: the command-line tool. Each subcommand lives in its own <name>_command.cc.
#include <fcntl.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <span>
#include <string>
#include <vector>

#include "commands.h"
#include "extract_cli_options.h"
#include "file_io.h"
#include "gnu/gnu_commands.h"

namespace erli18n::cli {

bool write_output(const std::string& path, std::string_view bytes) {
  if (path.empty() || path == "-") {
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "erli18n: error: cannot write to standard output\n";
      return false;
    }
    return true;
  }
  // One write() of the whole buffer: no stream buffer to allocate and copy through.
  auto fail = [&path](int err) {
    std::cerr << io_error(path, "cannot write", err).to_string() << '\n';
    return false;
  };
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return fail(errno);
  while (!bytes.empty()) {
    ssize_t put = ::write(fd, bytes.data(), bytes.size());
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) {
      int err = put < 0 ? errno : EIO;
      ::close(fd);
      return fail(err);
    }
    bytes.remove_prefix(static_cast<std::size_t>(put));
  }
  if (::close(fd) != 0) return fail(errno);
  return true;
}

void prepare_heap_for(const std::string& input_path) {
  struct stat st {};
  if (::stat(input_path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
  prepare_heap_for_size(static_cast<std::size_t>(st.st_size));
}

void prepare_heap_for_size(std::size_t size) {
  // A small input touches few pages; a huge page would cost more to clear than it saves.
  if (size < (std::size_t{256} << 10)) return;
  // A parsed catalog takes up to about ten times its file size (a po_message is a few
  // hundred bytes); reserve that much address space in one growth of the heap.
  constexpr std::size_t huge_page = std::size_t{2} << 20;
  const std::size_t pad = std::min(size * 12 + huge_page * 2, std::size_t{256} << 20);
  // Big buffers (the message array, the output) come from the same heap rather than from
  // mappings of their own, and freed memory stays mapped for the next allocation.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
  mallopt(M_TOP_PAD, static_cast<int>(pad));
  auto* before = static_cast<char*>(::sbrk(0));
  // A block larger than all the free memory of the heap (`fordblks`, the free space at its
  // top included) cannot be served from a free chunk left by earlier work, so malloc grows
  // the heap now, by `pad` more. Nothing but chunk headers is written: the block's own, and
  // that of the free space after it, just past the old end of the heap.
  const std::size_t request = mallinfo2().fordblks + 64;
  void* grow = std::malloc(request);
  auto* after = static_cast<char*>(::sbrk(0));
  if (grow == nullptr || before == reinterpret_cast<char*>(-1) || after <= before) {
    std::free(grow);
    return;
  }
  // Only whole, aligned 2 MB blocks can be huge pages, and a block that was touched before
  // the advice stays in small pages. The heap hands out its lowest addresses first, so the
  // block is then grown to end where the first whole untouched 2 MB begins, and kept (it is
  // never touched, so it costs address space only): the data that follows lands in huge
  // pages. glibc grows a block in place when the top of the heap follows it. Layout details
  // of malloc only change how many small pages come first, never correctness.
  const auto at = reinterpret_cast<std::uintptr_t>(grow);
  const std::uintptr_t touched_end = at + request + 64;  // past the free space's header
  const std::uintptr_t start = (touched_end + huge_page - 1) & ~(huge_page - 1);
  const auto end = reinterpret_cast<std::uintptr_t>(after);
  if (end <= start + huge_page) {
    std::free(grow);
    return;
  }
  // With THP in "madvise" or "always" mode each 2 MB of the heap is then one fault instead
  // of 512 (see docs/performance.md for the measurements). Failure only loses the speed-up.
  ::madvise(reinterpret_cast<void*>(start), end - start, MADV_HUGEPAGE);
  // glibc puts the next block's header 8 bytes before the end of this block's usable bytes:
  // asking for (start - at + 8) bytes makes the free space begin exactly at `start`.
  void* kept = std::realloc(grow, start - at + 8);
  (void)kept;
}

// Under AddressSanitizer the process ends through exit() instead: LeakSanitizer checks the
// heap at exit, and _Exit would skip that check, so the ASan test run would prove nothing
// about the leaks of the commands that end here. What the callers' frames still hold stays
// reachable from the stack, so only memory nothing points to any more is reported.
#if defined(__SANITIZE_ADDRESS__)
#define ERLI18N_CLI_EXIT_CHECKS_LEAKS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ERLI18N_CLI_EXIT_CHECKS_LEAKS 1
#endif
#endif

void exit_now(int exit_code) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
#ifdef ERLI18N_CLI_EXIT_CHECKS_LEAKS
  std::exit(exit_code);
#else
  std::_Exit(exit_code);
#endif
}

}  // namespace erli18n::cli

int main(int argc, char** argv) {
  // Started as `msgfmt` (a link of that name) or as `erli18n msgfmt`: GNU's command line.
  const std::span<const char* const> all(argv, static_cast<std::size_t>(argc));
  if (argc > 0)
    if (auto command = erli18n::gnu::find_command(erli18n::gnu::base_name(argv[0])))
      return command(argv[0], all.subspan(1));
  if (argc > 1)
    if (auto command = erli18n::gnu::find_command(argv[1])) return command(argv[1], all.subspan(2));
  CLI::App app{"erli18n: GNU gettext-compatible catalog tools"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "erli18n 0.1.0");
  int exit_code = 0;
  erli18n::cli::add_normalize_command(app, exit_code);
  erli18n::cli::add_plural_command(app, exit_code);
  erli18n::cli::add_compile_command(app, exit_code);
  erli18n::cli::add_decompile_command(app, exit_code);
  erli18n::cli::add_lookup_command(app, exit_code);
  erli18n::cli::add_negotiate_command(app, exit_code);
  erli18n::cli::add_lint_command(app, exit_code);
  erli18n::cli::add_check_command(app, exit_code);
  erli18n::cli::add_extract_command(app, exit_code);
  erli18n::cli::add_report_command(app, exit_code);
  erli18n::cli::add_merge_command(app, exit_code);
  erli18n::cli::add_init_command(app, exit_code);
  erli18n::cli::add_update_command(app, exit_code);
  erli18n::cli::add_pseudo_command(app, exit_code);
  // xgettext's attached-only `-kSPEC`/`-cTAG`, spelled so that CLI11 reads them as xgettext does.
  const std::vector<std::string> args =
      erli18n::cli::spell_out_attached_values(app, std::vector<std::string>(argv + 1, argv + argc));
  std::vector<const char*> spelled{argv[0]};
  for (const std::string& arg : args) spelled.push_back(arg.c_str());
  try {
    app.parse(static_cast<int>(spelled.size()), spelled.data());
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;  // usage errors exit 2, as the GNU tools do
  } catch (const std::bad_alloc&) {
    // A library call that returns a plain value lets std::bad_alloc out (HACKING.md "Errors").
    std::cerr << "erli18n: error: out of memory\n";
    return 1;
  }
  return exit_code;
}
