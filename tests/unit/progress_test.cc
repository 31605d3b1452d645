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

// The default output is stderr: drawn there when it is a terminal, silent when it is not.
TEST(ProgressBar, DefaultsToStderrAndDrawsOnlyWhenItIsATerminal) {
  progress_bar::options opts;  // the default output...
  opts.delay = 0s;             // ...with no delay, so that silence is the terminal check's
  channel pipe;
  open_pipe(pipe);
  {
    stderr_replaced on_stderr(pipe.writer);
    progress_bar bar("extracting", 2);
    EXPECT_FALSE(bar.enabled());
    progress_bar quick("extracting", 2, opts);
    EXPECT_FALSE(quick.enabled());
    quick.update(1);
    quick.update(2);
  }
  EXPECT_EQ(drain(pipe.reader), "");

  channel pty;
  open_pty(pty);
  ::setenv("TERM", "xterm", 1);
  std::string drawn;
  {
    stderr_replaced on_stderr(pty.writer);
    progress_bar bar("extracting", 2);
    EXPECT_TRUE(bar.enabled());
    progress_bar quick("extracting", 2, opts);
    EXPECT_TRUE(quick.enabled());
    quick.update(1);
    drawn = drain(pty.reader);
  }
  EXPECT_NE(drawn.find("] 1/2\x1b[K"), std::string::npos) << drawn;
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
