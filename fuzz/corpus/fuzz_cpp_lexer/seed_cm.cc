int a;
/* X1 */ gettext("a1");

/* X2 */ gettext("a2");
int b;
/* X3 */ int q; gettext("a3");
int c;
// Y4
/* X4 */ gettext("a4");
int d;
/* X5 */ int q;
gettext("a5");
int e;
/* X6 */ f(gettext("a6"));
