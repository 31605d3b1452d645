#!/usr/bin/perl
# real_catalogs_kinds.pl PICKED < CANDIDATES: prints the catalogs of PICKED (one .mo a line),
# then as few candidates as it can find that hold every kind of real catalog some candidate has
# and none of PICKED has (greedily: the candidate with the most kinds still missing, the first of
# them in CANDIDATES' order), so that a sample of any size meets every kind the machine's
# catalogs hold. Kinds (of the header entry and of the file's header): the class of the charset
# ("charset:utf-8", "charset:ascii", "charset:none" when the header names none,
# "charset:8-bit" for ISO-8859-*, KOI8-* and the like, "charset:multibyte" for EUC-*, Big5,
# GBK, Shift_JIS and the like), the number of plural forms ("nplurals:1", 2, 3, "4+", "none"
# without a Plural-Forms), and "sysdep" (a revision 1 file with system-dependent segments).
use strict;
use warnings;

sub charset_class {
  my ($charset) = @_;
  return 'none' unless defined $charset;
  $charset = lc $charset;
  return 'utf-8' if $charset =~ /^utf-?8$/;
  return 'ascii' if $charset =~ /^(us-)?ascii$|^ansi_x3\.4-1968$/;
  return 'multibyte' if $charset =~ /^(euc-|big5|gbk|gb2312|gb18030|shift_jis|sjis|johab)/;
  return '8-bit';
}

sub plural_class {
  my ($nplurals) = @_;
  return 'none' unless defined $nplurals;
  return $nplurals >= 4 ? '4+' : $nplurals;
}

sub kinds_of {
  my ($name) = @_;
  open(my $fh, '<:raw', $name) or return ();
  local $/;
  my $data = <$fh>;
  close $fh;
  return () if length($data) < 28;
  my $order;
  if (unpack('V', $data) == 0x950412de) { $order = 'V' }
  elsif (unpack('N', $data) == 0x950412de) { $order = 'N' }
  else { return () }
  my ($revision, $count, $originals, $translations) = unpack("x4 $order$order$order$order", $data);
  my $header = '';
  for my $i (0 .. $count - 1) {
    last if $originals + 8 * $i + 8 > length($data);
    my ($length) = unpack('x' . ($originals + 8 * $i) . " $order", $data);
    next if $length != 0;
    my ($header_length, $offset) = unpack('x' . ($translations + 8 * $i) . " $order$order", $data);
    $header = substr($data, $offset, $header_length) // '';
    last;
  }
  my ($charset) = $header =~ /charset=([^\s;]+)/;
  my ($nplurals) = $header =~ /nplurals\s*=\s*(\d+)/;
  my @kinds = ('charset:' . charset_class($charset), 'nplurals:' . plural_class($nplurals));
  if ($revision == 1 && length($data) >= 32) {
    my ($segments) = unpack("x28 $order", $data);
    push @kinds, 'sysdep' if $segments > 0;
  }
  return @kinds;
}

my %held;
open(my $picked, '<', $ARGV[0]) or die "real_catalogs_kinds.pl: cannot open $ARGV[0]: $!\n";
while (my $name = <$picked>) {
  chomp $name;
  print "$name\n";
  $held{$_} = 1 for kinds_of($name);
}
close $picked;
my @candidates;
while (my $name = <STDIN>) {
  chomp $name;
  my @kinds = grep { !$held{$_} } kinds_of($name);
  push @candidates, [$name, @kinds] if @kinds;
}
while (1) {
  my ($best, $best_count) = (undef, 0);
  for my $candidate (@candidates) {
    my $count = grep { !$held{$_} } @{$candidate}[1 .. $#$candidate];
    ($best, $best_count) = ($candidate, $count) if $count > $best_count;
  }
  last unless $best;
  print "$best->[0]\n";
  $held{$_} = 1 for @{$best}[1 .. $#$best];
}
