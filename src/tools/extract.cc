// Extraction of messages from C and C++ sources (extract.h): the entry points, the walk of
// the source folders, and the worker threads that read and scan files in parallel while
// this thread records their findings in file order. The scanning of one file is in
// extract_scan.cc, the recording into templates in extract_collect.cc, keyword specs in
// extract_keywords.cc, the rendering in extract_render.cc.
#include "erli18n/tools/extract.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <set>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "extract_scan.h"
#include "file_io.h"
#include "out_of_memory.h"

namespace erli18n {

using extract_detail::collector;
using extract_detail::file_findings;
using extract_detail::file_scanner;
using extract_detail::keyword_table;

namespace {

// ANSI C's nine trigraphs replaced by the characters they stand for, in place (each is
// three bytes on one line becoming one, so lines keep their numbers).
void replace_trigraphs(std::string& text) {
  static constexpr std::string_view from = "=(/)'<!>-", to = "#[\\]^{|}~";
  std::size_t out = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '?' && i + 2 < text.size() && text[i + 1] == '?') {
      if (const std::size_t k = from.find(text[i + 2]); k != std::string_view::npos) {
        text[out++] = to[k];
        i += 2;
        continue;
      }
    }
    text[out++] = text[i];
  }
  text.resize(out);
}

// Reads the source file named `file` into `text`: from standard input for `-` when
// `standard_input`, else from the first of `directories` that holds a relative name.
result<void> read_source(const std::string& file, const extract_options& options, std::string& text) {
  result<void> read = [&]() -> result<void> {
    if (options.standard_input && file == "-") {
      text.clear();  // read_to_end appends
      return read_to_end(0, "standard input", no_size_limit, text);
    }
    if (options.directories.empty() || (!file.empty() && file.front() == '/'))
      return read_whole_file(file, text);
    for (const std::string& dir : options.directories) {
      const std::string path = dir == "." ? file : dir + '/' + file;
      std::error_code ec;
      if (std::filesystem::exists(path, ec)) return read_whole_file(path, text);
    }
    return io_error(file, "cannot open", ENOENT);
  }();
  if (read && options.trigraphs) replace_trigraphs(text);
  return read;
}

// The name references give `file`.
std::string_view reference_name(const std::string& file, const extract_options& options) {
  return options.standard_input && file == "-" ? std::string_view("standard input") : std::string_view(file);
}

}  // namespace

result<extract_result> extract_text(std::string_view source, std::string_view file_name,
                                    const extract_options& options) {
  const keyword_table keywords(options.keywords);
  file_scanner scanner(options, keywords);
  collector c(options);
  std::string replaced;
  if (options.trigraphs) {
    replaced.assign(source);
    replace_trigraphs(replaced);
    source = replaced;
  }
  file_findings found = scanner.scan(source, file_name);
  if (found.failed) return std::move(*found.failed);
  c.add(std::move(found));
  return c.finish();
}

namespace {

// extract_sources with no worker thread: each file read, scanned and recorded in turn.
result<extract_result> extract_on_this_thread(const std::vector<std::string>& files,
                                              const extract_options& options, const keyword_table& keywords,
                                              collector& c) {
  file_scanner scanner(options, keywords);
  std::string text;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string& file = files[i];
    result<void> read = read_source(file, options, text);
    if (!read) return std::move(read).error();
    file_findings found = scanner.scan(text, reference_name(file, options));
    if (found.failed) return std::move(*found.failed);
    c.add(std::move(found));
    if (options.on_file_done) options.on_file_done(i + 1, files.size());
  }
  return c.finish();
}

}  // namespace

result<extract_result> extract_sources(const std::vector<std::string>& files,
                                       const extract_options& options) {
  const keyword_table keywords(options.keywords);
  collector c(options);
  std::size_t jobs = options.jobs != 0 ? options.jobs : std::max(1U, std::thread::hardware_concurrency());
  jobs = std::min(jobs, files.size());

  // Reading and scanning a file depends on that file alone, so workers do it for the files
  // they claim, in any order; this thread records each file's findings in file order, as
  // soon as they are ready, which makes the result that of one thread reading file by file.
  struct slot {
    bool ready = false;
    std::optional<error> failed;
    file_findings findings;
  };
  std::vector<slot> slots(jobs > 1 ? files.size() : 0);
  std::mutex mutex;
  std::condition_variable filled;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  auto work = [&]() {
    file_scanner scanner(options, keywords);
    std::string text;
    for (std::size_t i = 0;
         !stop.load(std::memory_order_relaxed) && (i = next.fetch_add(1)) < files.size();) {
      slot out;
      try {
        result<void> read = read_source(files[i], options, text);
        if (read) {
          out.findings = scanner.scan(text, reference_name(files[i], options));
          if (out.findings.failed) out.failed = std::move(out.findings.failed);
        } else {
          out.failed = std::move(read).error();
        }
      } catch (const std::bad_alloc&) {
        out.failed = out_of_memory("extracting messages", files[i]);
      }
      {
        std::lock_guard<std::mutex> lock(mutex);
        slots[i] = std::move(out);
        slots[i].ready = true;
      }
      filled.notify_all();
    }
  };
  std::vector<std::jthread> workers;
  // Leaving early (an error) stops the workers at their next file; either way they are
  // joined before anything they use goes away.
  struct join_on_exit {
    std::atomic<bool>& stop;
    std::vector<std::jthread>& workers;
    ~join_on_exit() {
      stop = true;
      workers.clear();
    }
  } joiner{stop, workers};
  if (jobs > 1) {
    try {
      for (std::size_t j = 0; j < jobs; ++j) workers.emplace_back(work);
    } catch (const std::system_error&) {
      // No more threads to be had: those started do the work.
    }
  }
  if (workers.empty()) return extract_on_this_thread(files, options, keywords, c);
  for (std::size_t i = 0; i < files.size(); ++i) {
    slot done;
    {
      std::unique_lock<std::mutex> lock(mutex);
      filled.wait(lock, [&] { return slots[i].ready; });
      done = std::move(slots[i]);
    }
    if (done.failed) return std::move(*done.failed);
    c.add(std::move(done.findings));
    if (options.on_file_done) options.on_file_done(i + 1, files.size());
  }
  return c.finish();
}

namespace {

bool has_source_extension(const std::filesystem::path& p) {
  static constexpr std::string_view exts[] = {".c",  ".h",   ".cc",  ".cp",  ".cpp", ".cxx", ".c++",
                                              ".hh", ".hp",  ".hpp", ".hxx", ".h++", ".C",   ".H",
                                              ".CC", ".CPP", ".ipp", ".tpp", ".inl", ".ixx", ".cppm"};
  const std::string ext = p.extension().string();
  return std::find(std::begin(exts), std::end(exts), ext) != std::end(exts);
}

}  // namespace

result<std::vector<std::string>> collect_source_files(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const std::string& path : paths) {
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) return io_error(path, "cannot open", ec ? ec.value() : ENOENT);
    if (!fs::is_directory(st)) {
      if (seen.insert(path).second) out.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    fs::recursive_directory_iterator it(path, fs::directory_options::none, ec), end;
    if (ec) return io_error(path, "cannot read directory", ec.value());
    for (; it != end; it.increment(ec)) {
      if (ec) return io_error(path, "cannot read directory", ec.value());
      const fs::path& p = it->path();
      const std::string name = p.filename().string();
      if (!name.empty() && name[0] == '.') {
        if (it->is_directory(ec)) it.disable_recursion_pending();
        continue;
      }
      if (it->is_symlink(ec) && it->is_directory(ec)) {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec) && has_source_extension(p)) found.push_back(p.string());
    }
    std::sort(found.begin(), found.end());
    for (std::string& f : found)
      if (seen.insert(f).second) out.push_back(std::move(f));
  }
  return out;
}

}  // namespace erli18n
