// Fixture of tests/parity/xgettext_gnu.sh: C++, keyword specs of every form.
#include <string>

namespace ui {
std::string tr(const char* context, const char* text);
void log(const char* text, int level);
void log(const char* channel, const char* text, int level);
}  // namespace ui

void widgets(int n) {
  // TRANSLATORS: a button label
  ui::tr("button", "Save");
  ui::tr("menu", "Save");
  ui::log("Started", 1);
  ui::log("net", "Connected", 2);
  _("Plain underscore");
  N_("Marked only");
  Q_("verb|Open");
  Q_("No context here");
  C_("noun", "Open");
  ngettext("%d widget", "%d widgets", n);
  report("Reported", n);
  /* xgettext: range: 1..10 */
  _("Between %d and ten");
  gettext("Nested call: %s", gettext("inner"));
  _(u8"UTF-8 literal"
    "continued");
}
