// Rendering an extracted template (extract.h): the header xgettext writes, then the
// messages as msgcat lays them out.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <string_view>

#include "erli18n/tools/extract.h"
#include "extract_scan.h"

namespace erli18n {

namespace {

bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string creation_date(const extract_options& options) {
  std::time_t t =
      options.creation_time ? static_cast<std::time_t>(*options.creation_time) : std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm);
  const long off = tm.tm_gmtoff / 60;
  const int minutes = static_cast<int>((off < 0 ? -off : off) % (100 * 60));
  char zone[32];
  std::snprintf(zone, sizeof zone, "%c%02d%02d", off < 0 ? '-' : '+', minutes / 60, minutes % 60);
  return std::string(date) + zone;
}

// The header entry xgettext writes: its comments, fuzzy, and the fields a translator fills
// in (Plural-Forms only when a message has a plural).
po_message header_entry(const extract_options& options, const std::string& charset, bool plural) {
  po_message h;
  h.translator_comments.push_back(" SOME DESCRIPTIVE TITLE.");
  if (options.public_domain) {
    h.translator_comments.push_back(" This file is put in the public domain.");
  } else {
    h.translator_comments.push_back(" Copyright (C) YEAR " +
                                    (options.copyright_holder.empty()
                                         ? std::string("THE PACKAGE'S COPYRIGHT HOLDER")
                                         : options.copyright_holder));
    const std::string package = options.package_name.empty() ? "PACKAGE" : options.package_name;
    h.translator_comments.push_back(" This file is distributed under the same license as the " + package +
                                    " package.");
  }
  h.translator_comments.push_back(" FIRST AUTHOR <EMAIL@ADDRESS>, YEAR.");
  h.translator_comments.push_back("");
  h.fuzzy = true;
  std::string text = "Project-Id-Version: ";
  if (options.package_name.empty()) {
    text += "PACKAGE VERSION";
  } else {
    text += options.package_name;
    if (!options.package_version.empty()) text += ' ' + options.package_version;
  }
  text += "\nReport-Msgid-Bugs-To: " + options.msgid_bugs_address + '\n';
  text += "POT-Creation-Date: " + creation_date(options) + '\n';
  text += "PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\n";
  text += "Last-Translator: FULL NAME <EMAIL@ADDRESS>\n";
  text += "Language-Team: LANGUAGE <LL@li.org>\n";
  text += "Language: \n";
  text += "MIME-Version: 1.0\n";
  text += "Content-Type: text/plain; charset=" + charset + '\n';
  text += "Content-Transfer-Encoding: 8bit\n";
  if (plural) text += "Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\n";
  h.msgstr.push_back(std::move(text));
  return h;
}

// Renames the `renamed` stand-ins of the `#,` lines of `s` back to `flag_name`, in place: the
// stand-ins are found front to back, then the text is moved back to front into the grown
// string (no second copy of it).
void restore_flag_name(std::string& s, std::size_t renamed, std::string_view stand_in,
                       std::string_view flag_name) {
  std::vector<std::size_t> found;
  found.reserve(renamed);
  for (std::size_t pos = 0; pos < s.size();) {
    std::size_t end = s.find('\n', pos);
    end = end == std::string::npos ? s.size() : end + 1;
    const std::string_view line(s.data() + pos, end - pos);
    if (line.substr(0, 3) == "#, ") {
      // The stand-in as a whole flag, not the tail of `no-LANG-format`.
      for (std::size_t at = line.find(stand_in); at != std::string_view::npos;
           at = line.find(stand_in, at + 1)) {
        if (line[at - 1] == ' ' && line[at - 2] == ',') {
          found.push_back(pos + at);
          break;
        }
      }
    }
    pos = end;
  }
  std::size_t from_end = s.size();
  s.resize(s.size() + found.size() * (flag_name.size() - stand_in.size()));
  std::size_t to_end = s.size();
  for (std::size_t i = found.size(); i-- > 0;) {
    const std::size_t tail = found[i] + stand_in.size();
    const std::size_t length = from_end - tail;
    std::memmove(s.data() + to_end - length, s.data() + tail, length);
    to_end -= length + flag_name.size();
    std::memcpy(s.data() + to_end, flag_name.data(), flag_name.size());
    from_end = found[i];
  }
}

}  // namespace

result<std::string> render_template(const po_file& pot, const extract_options& options) {
  return render_template(po_file(pot), options);
}

result<std::string> render_template(po_file&& pot, const extract_options& options) {
  // The template is rendered in place: its message array is the big allocation of an
  // extraction, and a second one would be touched (and paid for) page by page.
  po_file& out = pot;
  bool ascii = true;
  bool plural = false;
  for (const po_message& m : pot.messages) {
    // xgettext writes charset=UTF-8 as soon as any text it keeps, comments included, is not ASCII.
    ascii = ascii && is_ascii(m.msgid) && is_ascii(m.msgid_plural.value_or("")) &&
            is_ascii(m.msgctxt.value_or(""));
    for (const std::string& c : m.extracted_comments) ascii = ascii && is_ascii(c);
    plural = plural || m.msgid_plural.has_value();
  }
  out.charset = ascii ? options.ascii_charset : "UTF-8";
  if (options.msgstr_prefix || options.msgstr_suffix) {
    const std::string prefix = options.msgstr_prefix.value_or(""),
                      suffix = options.msgstr_suffix.value_or("");
    for (po_message& m : out.messages) {
      if (m.is_header()) continue;
      m.msgstr.front() = prefix + m.msgid + suffix;
      if (m.msgid_plural && m.msgstr.size() > 1) m.msgstr[1] = prefix + *m.msgid_plural + suffix;
    }
  }
  if (!options.omit_header) {
    po_message h = header_entry(options, out.charset, plural);
    // xgettext gives the header the comments and references of `gettext("")` calls; that
    // message (there is at most one) is replaced by the header, which goes first.
    auto empty = std::find_if(out.messages.begin(), out.messages.end(),
                              [](const po_message& m) { return m.is_header(); });
    if (empty != out.messages.end()) {
      h.extracted_comments = std::move(empty->extracted_comments);
      h.references = std::move(empty->references);
      if (options.sort_by_file) {
        *empty = std::move(h);  // xgettext --sort-by-file leaves it where its references sort
      } else {
        std::move_backward(out.messages.begin(), empty, std::next(empty));
        out.messages.front() = std::move(h);
      }
    } else {
      out.messages.insert(out.messages.begin(), std::move(h));
    }
  }
  // write_po prints the format flags msgcat knows and drops the others; erli18n-format goes
  // through as a stand-in known flag that no extracted message carries, renamed below.
  // The stand-in is a format that no message names in an `xgettext:` flag comment (any of
  // LANG-format, no-LANG-format, possible-LANG-format would print or hide it); in a template
  // whose flag comments name every format, erli18n-format is left out.
  // static: the nested lambdas below use it without capturing it (clang refuses a local).
  static constexpr std::string_view flag_name = "erli18n-format";
  std::string stand_in;
  auto named = [&out](std::string_view candidate) {
    return std::any_of(out.messages.begin(), out.messages.end(), [&](const po_message& m) {
      return std::any_of(m.flags.begin(), m.flags.end(), [&](const std::string& f) {
        return f != flag_name && f.find(candidate) != std::string::npos;
      });
    });
  };
  for (std::size_t i = std::size(extract_detail::format_languages); i-- > 0 && stand_in.empty();) {
    std::string candidate = std::string(extract_detail::format_languages[i]) + "-format";
    // restore_flag_name only grows the text.
    if (candidate.size() <= flag_name.size() && !named(candidate)) stand_in = std::move(candidate);
  }
  std::size_t renamed = 0;
  for (po_message& m : out.messages) {
    if (stand_in.empty()) {
      std::erase(m.flags, std::string(flag_name));
      continue;
    }
    for (std::string& f : m.flags) {
      if (f == flag_name) {
        f = stand_in;
        ++renamed;
      }
    }
  }
  result<std::string> bytes = write_po(out, options.layout);
  if (!bytes || !renamed) return bytes;
  restore_flag_name(*bytes, renamed, stand_in, flag_name);
  return bytes;
}

}  // namespace erli18n
