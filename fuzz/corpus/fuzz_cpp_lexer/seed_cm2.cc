int a;
/* B1 */ auto b = ngettext("x1", "y1", n);
int a;
/* B2 */ auto b = gettext("x2");
// C
auto a = gettext("x3");
/* B3 */ auto b = gettext("x4");
auto a = gettext("x5");
/* B4 */ gettext("x6");
