// Fixture of tests/parity/xgettext_gnu.sh: Qt's and KDE's format markers (--qt, --kde).
void qt(int n) {
  tr("%1 files");
  tr("%d files");
  tr("plain");
  tr("%1 and %d");
  tr("%L1 percent %%");
  tr("%n item(s)");
  printf(tr("%s printf"));
  printf(tr("%1 printf"));
  tr("%1 %2 %3 %99 %100");
  tr("%1d");
  tr("%0 zero");
  tr("%Ln items");
  tr("%1 %3");
  tr("%10 ten");
  tr("100%");
  tr("%2 only");
  tr("%1 %1 twice");
  tr("%1 of %n");
  trn("one", "%n many", n);
  trn("%1 file", "%1 files", n);
}
