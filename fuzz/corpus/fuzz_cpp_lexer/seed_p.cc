printf(gettext("plain"));
printf(gettext("pct 50%"));
fprintf(stderr, gettext("err plain"));
std::printf(gettext("std plain"));
snprintf(buf, n, gettext("sn plain"));
foo(gettext("foo plain"));
printf("%s", gettext("arg2 plain"));
auto s = gettext("a"); auto t = gettext("b");
// A
int x;
gettext("after int");
// B
gettext("first");
gettext("second");
