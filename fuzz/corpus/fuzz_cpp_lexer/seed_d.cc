#define MSG gettext("in define")
#define MULTI gettext("multi \
line define")
#include "gettext(\"no\")"
#if 0
gettext("in if0");
#endif
#error gettext("err")
# define X gettext( "spaced" )
int a = 'x' + '\'' + u8'a' + L'\\' + 'ab';
gettext("after chars");
gettext("esc \x41\101\u00e9\U0001F600\a\b\f\v\?\'\e");
gettext("hex\x4142");
gettext("oct\0101");
gettext("nul\0end");
gettext("tri ??= ??/");
gettext(L"\u00e9" u8"x");
