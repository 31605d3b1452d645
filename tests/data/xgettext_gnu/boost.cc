// Fixture of tests/parity/xgettext_gnu.sh: Boost.Format directives (--boost).
void boost(int n) {
  gettext("%1% files");
  gettext("%d files");
  gettext("plain");
  gettext("%1$s and %2$d");
  gettext("%|1$5d| wide");
  gettext("100%%");
  gettext("%1% and %d");
  gettext("%s then %1%");
  gettext("%|5| width only");
  gettext("%|-10s| left");
  gettext("%1%%2%");
  gettext("%2% only");
  gettext("%0% zero");
  gettext("%10% ten");
  gettext("%1");
  gettext("%1% %|2$x| %3$s");
  gettext("%% alone %%");
  gettext("%|1$5d");
  gettext("%5.2f%%");
  gettext("%1$");
  gettext("50% off");
  ngettext("one", "%1% files", n);
  ngettext("%1% file", "%1% files", n);
  ngettext("%d file", "%1% files", n);
  pgettext("ctx", "%1% in context");
  npgettext("ctx", "%1% item", "%1% items", n);
  dgettext("dom", "%1% domain");
  printf(gettext("%1% printf"));
  printf(gettext("%s printf"));
  _("%1% underscore");
  N_("%|1$-5s| noop");
  /* xgettext:no-boost-format */
  gettext("%1% not boost");
  /* xgettext:boost-format */
  gettext("forced boost");
  /* xgettext:c-format */
  gettext("%1% forced c");
  /* xgettext:no-c-format */
  gettext("%1% no c");
  gettext("%1% files");
  gettext("%|1|");
  gettext("%||");
  gettext("%|1$5d| %|2$s|");
  gettext("%|1$d| %s");
  gettext("%|s| %d");
  gettext("%1$s %2%");
  gettext("%1$s %d");
  gettext("%*d");
  gettext("%1$*2$d");
  gettext("%|*.*d|");
  gettext("%qd");
  gettext("%Zd");
  gettext("%_d");
  gettext("%=5d");
  gettext("%I d");
  gettext("%a");
  gettext("%F");
  gettext("%01%");
  gettext("%5%");
  gettext("%1$s %1$d");
  gettext("%1$d %1$f");
  gettext("%1$c %1$d");
  gettext("%1$C %1$d");
  gettext("%1$p %1$d");
  gettext("%1$n %1$p");
  gettext("%1$*1$f");
  gettext("%*2$d");
  gettext("%1$*d");
  gettext("%1%d");
  gettext("%1%|");
  gettext("%|1%|");
  gettext("%|%|");
  gettext("%|5.2|");
  gettext("%|x|");
  gettext("%hhhd");
  gettext("%lll");
  gettext("%tn");
  gettext("%1$1$d");
  gettext("% %");
  gettext("%s%1%");
  /* xgettext:boost-format */
  gettext("%d forced boost");
  /* xgettext:no-boost-format */
  gettext("%d not boost");
  /* xgettext:possible-boost-format */
  gettext("%1% possible");
}
