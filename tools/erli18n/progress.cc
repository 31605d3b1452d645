#include "progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

namespace erli18n::cli {
namespace {

bool is_terminal(int fd) {
  if (::isatty(fd) != 1) return false;
  const char* term = std::getenv("TERM");
  return term == nullptr || std::string_view(term) != "dumb";
}

std::size_t terminal_width(int fd) {
  winsize ws{};
  if (::ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

void write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t put = ::write(fd, bytes.data(), bytes.size());
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return;  // a progress bar is not worth an error
    bytes.remove_prefix(static_cast<std::size_t>(put));
  }
}

}  // namespace

progress_bar::progress_bar(std::string label, std::size_t total)
    : progress_bar(std::move(label), total, options{}) {}

progress_bar::progress_bar(std::string label, std::size_t total, const options& opts)
    : label_(std::move(label)),
      total_(total),
      opts_(opts),
      enabled_(is_terminal(opts.fd)),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

progress_bar::~progress_bar() { finish(); }

void progress_bar::update(std::size_t done) {
  if (!enabled_ || finished_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - start_ < opts_.delay) return;
  if (drawn_ && now - last_draw_ < opts_.interval) return;
  last_draw_ = now;
  draw(done);
}

void progress_bar::draw(std::size_t done) {
  done = std::min(done, total_);
  const std::string count = ' ' + std::to_string(done) + '/' + std::to_string(total_);
  const std::size_t width = std::min<std::size_t>(terminal_width(opts_.fd), 100) - 1;
  std::string line = "\r" + label_ + " [";
  // Room for the bar: the width less the label, the brackets and the count.
  const std::size_t used = label_.size() + 3 + count.size();
  const std::size_t bar = width > used + 10 ? width - used : 10;
  const std::size_t filled = total_ == 0 ? bar : bar * done / total_;
  line.append(filled, '#');
  line.append(bar - filled, '.');
  line += ']';
  line += count;
  line += "\x1b[K";  // erase what a longer previous line left
  write_all(opts_.fd, line);
  drawn_ = true;
}

void progress_bar::finish() {
  if (finished_) return;
  finished_ = true;
  if (drawn_) write_all(opts_.fd, "\r\x1b[K");
}

}  // namespace erli18n::cli
