// The CLI's progress bar (tools/erli18n/progress.h): silent when its output is not a terminal
// or the run is short; on a terminal (a pseudo-terminal here) drawn after the delay, at most
// once per interval, and cleared at the end.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include "progress.h"

namespace erli18n::cli {
namespace {

using namespace std::chrono_literals;

// Everything readable from `fd` now, without blocking.
std::string drain(int fd) {
  std::string out;
  char buffer[4096];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0 || (p.revents & POLLIN) == 0) break;
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got <= 0) break;
    out.append(buffer, static_cast<std::size_t>(got));
  }
  return out;
}

// Two descriptors closed at the end: `reader` reads what the bar writes to `writer`.
struct channel {
  int reader = -1;
  int writer = -1;
  channel() = default;
  channel(const channel&) = delete;
  channel& operator=(const channel&) = delete;
  ~channel() {
    ::close(reader);
    ::close(writer);
  }
};

// A pipe: not a terminal.
void open_pipe(channel& c) {
  int fds[2];
  ASSERT_EQ(::pipe2(fds, O_CLOEXEC | O_NONBLOCK), 0);
  c.reader = fds[0];
  c.writer = fds[1];
}

// A pseudo-terminal: the bar writes to its terminal side, the test reads the master side.
void open_pty(channel& c) {
  c.reader = ::posix_openpt(O_RDWR | O_NOCTTY);
  ASSERT_GE(c.reader, 0);
  ASSERT_EQ(::grantpt(c.reader), 0);
  ASSERT_EQ(::unlockpt(c.reader), 0);
  c.writer = ::open(::ptsname(c.reader), O_RDWR | O_NOCTTY);
  ASSERT_GE(c.writer, 0);
}

// Options that draw on a new pseudo-terminal `pty`, with TERM set to `term`.
void draw_on_terminal(channel& pty, progress_bar::options& opts, const char* term) {
  open_pty(pty);
  ::setenv("TERM", term, 1);
  opts.fd = pty.writer;
}

TEST(ProgressBar, NothingWhenNotATerminal) {
  channel pipe;
  open_pipe(pipe);
  progress_bar::options opts;
  opts.fd = pipe.writer;
  opts.delay = 0s;
  opts.interval = 0s;
  {
    progress_bar bar("extracting", 3, opts);
    EXPECT_FALSE(bar.enabled());
    for (std::size_t i = 1; i <= 3; ++i) bar.update(i);
    bar.finish();
  }
  EXPECT_EQ(drain(pipe.reader), "");
}

// Puts `fd` in the place of stderr (descriptor 2) until the end of the scope, whatever
// the test's own stderr is (a terminal when run by hand, a pipe or a file under ctest).
class stderr_replaced {
 public:
  explicit stderr_replaced(int fd) : saved_(::dup(2)) {
    EXPECT_GE(saved_, 0);
    EXPECT_EQ(::dup2(fd, 2), 2);
  }
  ~stderr_replaced() {
    ::dup2(saved_, 2);
    ::close(saved_);
  }
  stderr_replaced(const stderr_replaced&) = delete;
  stderr_replaced& operator=(const stderr_replaced&) = delete;

 private:
  int saved_;
};

// What bars on the default output do with `c` as stderr: whether a default one and one
// with no delay (silence is then the terminal check's alone) can draw, and what the second
// drew on update(1).
struct on_stderr {
  bool default_enabled, quick_enabled;
  std::string drawn;
};
on_stderr bars_on_stderr(const channel& c) {
  progress_bar::options no_delay;
  no_delay.delay = 0s;
  stderr_replaced replaced(c.writer);
  progress_bar bar("extracting", 2);
  progress_bar quick("extracting", 2, no_delay);
  quick.update(1);
  return {bar.enabled(), quick.enabled(), drain(c.reader)};
}

// The default output is stderr: drawn there when it is a terminal, silent when it is not.
TEST(ProgressBar, DefaultsToStderrAndDrawsOnlyWhenItIsATerminal) {
  channel pipe;
  open_pipe(pipe);
  const on_stderr piped = bars_on_stderr(pipe);
  EXPECT_FALSE(piped.default_enabled);
  EXPECT_FALSE(piped.quick_enabled);
  EXPECT_EQ(piped.drawn + drain(pipe.reader), "");

  channel pty;
  open_pty(pty);
  ::setenv("TERM", "xterm", 1);
  const on_stderr terminal = bars_on_stderr(pty);
  EXPECT_TRUE(terminal.default_enabled);
  EXPECT_TRUE(terminal.quick_enabled);
  EXPECT_NE(terminal.drawn.find("] 1/2\x1b[K"), std::string::npos) << terminal.drawn;
}

TEST(ProgressBar, NothingOnATerminalBeforeTheDelay) {
  channel pty;
  progress_bar::options opts;
  draw_on_terminal(pty, opts, "xterm");
  opts.delay = 1h;
  {
    progress_bar bar("extracting", 10, opts);
    EXPECT_TRUE(bar.enabled());
    for (std::size_t i = 1; i <= 10; ++i) bar.update(i);
  }
  EXPECT_EQ(drain(pty.reader), "");
}

TEST(ProgressBar, DrawsOnATerminalAfterTheDelayAndClears) {
  channel pty;
  progress_bar::options opts;
  draw_on_terminal(pty, opts, "xterm");
  opts.delay = 0s;
  opts.interval = 1h;  // one draw only
  {
    progress_bar bar("extracting", 4, opts);
    bar.update(2);
    bar.update(3);  // within the interval: not drawn
    std::string drawn = drain(pty.reader);
    EXPECT_EQ(drawn.rfind("\rextracting [", 0), 0u) << drawn;
    EXPECT_NE(drawn.find("] 2/4\x1b[K"), std::string::npos) << drawn;
    EXPECT_EQ(drawn.find("3/4"), std::string::npos) << drawn;
  }
  EXPECT_EQ(drain(pty.reader), "\r\x1b[K");
}

TEST(ProgressBar, DumbTerminalGetsNothing) {
  channel pty;
  progress_bar::options opts;
  draw_on_terminal(pty, opts, "dumb");
  opts.delay = 0s;
  {
    progress_bar bar("extracting", 1, opts);
    EXPECT_FALSE(bar.enabled());
    bar.update(1);
  }
  ::setenv("TERM", "xterm", 1);
  EXPECT_EQ(drain(pty.reader), "");
}

}  // namespace
}  // namespace erli18n::cli
