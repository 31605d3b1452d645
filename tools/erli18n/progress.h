// A progress bar for long CLI runs (e.g. `extract` over thousands of files), drawn on one
// line of a terminal and gone at the end. It shows only when its output is a terminal and the
// run has already lasted `delay` (1 s): a short run or a redirected stderr (CI logs, pipes,
// tests) gets nothing at all. It redraws at most every `interval` (100 ms, 10 times a
// second), so calling `update` after every file costs a clock read.
//
//   progress_bar bar("extracting", files.size());
//   for (std::size_t i = 0; i < files.size(); ++i) { work(files[i]); bar.update(i + 1); }
//   bar.finish();  // or let the destructor clear the line
//
// `erli18n extract` and `erli18n check` draw one while extracting, updated from
// `extract_options::on_file_done`, and finish it before printing warnings or results.
#ifndef ERLI18N_TOOLS_PROGRESS_H
#define ERLI18N_TOOLS_PROGRESS_H

#include <chrono>
#include <cstddef>
#include <string>

namespace erli18n::cli {

class progress_bar {
 public:
  struct options {
    int fd = 2;  ///< where to draw (stderr); nothing is drawn unless it is a terminal
    std::chrono::steady_clock::duration delay = std::chrono::seconds(1);
    std::chrono::steady_clock::duration interval = std::chrono::milliseconds(100);
  };

  /// `label` starts the line ("extracting"); `total` is the number of units (files).
  progress_bar(std::string label, std::size_t total);
  progress_bar(std::string label, std::size_t total, const options& opts);
  ~progress_bar();
  progress_bar(const progress_bar&) = delete;
  progress_bar& operator=(const progress_bar&) = delete;

  /// `done` units of `total` are finished.
  void update(std::size_t done);
  /// Clears the line if anything was drawn; later updates draw nothing.
  void finish();

  /// Whether the bar can draw at all (its output is a terminal).
  bool enabled() const noexcept { return enabled_; }

 private:
  void draw(std::size_t done);

  std::string label_;
  std::size_t total_;
  options opts_;
  bool enabled_;
  bool drawn_ = false;
  bool finished_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_PROGRESS_H
