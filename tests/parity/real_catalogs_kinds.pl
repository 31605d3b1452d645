#!/usr/bin/perl
# real_catalogs_kinds.pl PICKED < CANDIDATES: prints the catalogs of PICKED (one .mo a line),
# then, for each kind of real catalog that some candidate has and none of PICKED has, the first
# candidate of that kind: a sample of any size still holds every charset, every number of plural
# forms and system-dependent strings that the machine's catalogs hold. Kinds (of the header
# entry and the file's header): "charset:NAME" (lower case), "nplurals:N" ("none" without a
# Plural-Forms), "sysdep" (a revision 1 file with system-dependent segments).
use strict;
use warnings;

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
  my @kinds = ('charset:' . lc($charset // 'none'), 'nplurals:' . ($nplurals // 'none'));
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
while (my $name = <STDIN>) {
  chomp $name;
  my @missing = grep { !$held{$_} } kinds_of($name);
  next unless @missing;
  print "$name\n";
  $held{$_} = 1 for kinds_of($name);
}
