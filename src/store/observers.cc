#include "erli18n/observers.h"

#include <charconv>
#include <cstdio>
#include <mutex>
#include <ostream>

namespace erli18n {
namespace {

void append_number(std::string& out, double value) {
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);  // locale-independent
  out.append(buffer, ec == std::errc() ? end : buffer);
}

void append_field(std::string& out, const char* name, std::string_view value) {
  if (value.empty()) return;
  out += ' ';
  out += name;
  out += '=';
  out += value;
}

void append_field(std::string& out, const char* name, std::uint64_t value) {
  out += ' ';
  out += name;
  out += '=';
  out += std::to_string(value);
}

}  // namespace

std::string describe(const store_event& e) {
  std::string line = "erli18n: ";
  line += to_string(e.kind);
  append_field(line, "domain", e.domain);
  append_field(line, "locale", e.locale);
  append_field(line, "source", e.source);
  switch (e.kind) {
    case event_kind::load_stop:
    case event_kind::reload:
      append_field(line, "messages", e.messages);
      append_field(line, "bytes", e.bytes);
      [[fallthrough]];
    case event_kind::load_failure:
      line += " ms=";
      append_number(line, static_cast<double>(e.duration.count()) / 1e6);
      if (e.failure) line += " error=\"" + e.failure->to_string() + '"';
      break;
    case event_kind::fuzzy_skipped:
      append_field(line, "count", e.count);
      break;
    case event_kind::memory_warning:
      append_field(line, "bytes", e.bytes);
      break;
    case event_kind::plural_divergence:
      line += " catalog_rule=\"" + std::string(e.catalog_rule) + "\" cldr_rule=\"" +
              std::string(e.cldr_rule) + '"';
      if (e.forms_differ) {
        append_field(line, "n", e.n);
        append_field(line, "catalog_form", e.catalog_form);
        append_field(line, "cldr_form", e.cldr_form);
      }
      break;
    case event_kind::lookup_miss:
    case event_kind::fallback_used:
      append_field(line, "context", e.context);
      line += " msgid=\"" + std::string(e.msgid.substr(0, 80)) + '"';
      append_field(line, "fallback_locale", e.fallback_locale);
      break;
    case event_kind::catalog_shadowed:
    case event_kind::duplicate_locale_folder:
      append_field(line, "ignored", e.ignored);
      break;
    case event_kind::load_start:
    case event_kind::unload:
      break;
  }
  return line;
}

namespace {

// One lock for all loggers: lines from lookups on several threads never mix. constinit: no
// static initialiser.
constinit std::mutex logger_lock;

// An observer that writes each event's line whole with `write(data, size)`.
template <class Write>
observer line_logger(Write write) {
  return [write](const store_event& e) {
    std::string line = describe(e);
    line += '\n';
    std::lock_guard guard(logger_lock);
    write(line.data(), line.size());
  };
}

}  // namespace

observer stream_logger(std::ostream& out) {
  return line_logger([&out](const char* data, std::size_t size) {
    out.write(data, static_cast<std::streamsize>(size));
    out.flush();
  });
}

// C's stderr, not std::cerr: naming std::cerr means including <iostream>, whose static
// initialiser builds the C++ standard streams and locale in every process that loads the
// library, liberli18n_intl.so's short-lived gettext programs too. std::cerr writes through
// to C's stderr (unbuffered, synchronised with stdio by default), so the bytes are the same.
observer stderr_logger() {
  return line_logger([](const char* data, std::size_t size) {
    (void)std::fwrite(data, 1, size, stderr);
    (void)std::fflush(stderr);
  });
}

observer prometheus_counters::as_observer() {
  return [this](const store_event& e) { count(e); };
}

void prometheus_counters::count(const store_event& e) noexcept {
  events_[static_cast<std::size_t>(e.kind)].fetch_add(1, std::memory_order_relaxed);
  switch (e.kind) {
    case event_kind::load_stop:
    case event_kind::reload:
      load_nanoseconds_.fetch_add(static_cast<std::uint64_t>(e.duration.count()), std::memory_order_relaxed);
      break;
    case event_kind::fuzzy_skipped:
      fuzzy_skipped_.fetch_add(e.count, std::memory_order_relaxed);
      break;
    case event_kind::memory_warning:
      retained_bytes_.store(e.bytes, std::memory_order_relaxed);
      break;
    default:
      break;
  }
}

std::uint64_t prometheus_counters::events(event_kind kind) const noexcept {
  return events_[static_cast<std::size_t>(kind)].load(std::memory_order_relaxed);
}

std::string prometheus_counters::text() const {
  std::string out;
  out += "# HELP erli18n_events_total Events raised by the erli18n catalog store, by kind.\n";
  out += "# TYPE erli18n_events_total counter\n";
  for (std::size_t i = 0; i < kinds; ++i) {
    out += "erli18n_events_total{kind=\"";
    out += to_string(static_cast<event_kind>(i));
    out += "\"} ";
    out += std::to_string(events_[i].load(std::memory_order_relaxed));
    out += '\n';
  }
  out += "# HELP erli18n_load_seconds_total Time spent in successful catalog loads and reloads.\n";
  out += "# TYPE erli18n_load_seconds_total counter\n";
  out += "erli18n_load_seconds_total ";
  append_number(out, static_cast<double>(load_nanoseconds_.load(std::memory_order_relaxed)) / 1e9);
  out += '\n';
  out += "# HELP erli18n_fuzzy_entries_skipped_total Fuzzy entries left out of loaded catalogs.\n";
  out += "# TYPE erli18n_fuzzy_entries_skipped_total counter\n";
  out += "erli18n_fuzzy_entries_skipped_total " +
         std::to_string(fuzzy_skipped_.load(std::memory_order_relaxed)) + '\n';
  out += "# HELP erli18n_retained_bytes Text and mappings the store retained at its last memory warning.\n";
  out += "# TYPE erli18n_retained_bytes gauge\n";
  out += "erli18n_retained_bytes " + std::to_string(retained_bytes_.load(std::memory_order_relaxed)) + '\n';
  return out;
}

}  // namespace erli18n
