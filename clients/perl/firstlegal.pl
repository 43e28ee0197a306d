#!/usr/bin/perl
# firstlegal.pl: a Block Dominoes bot speaking DBP 1, in Perl 5 with core modules only.
#
# Written from docs/protocol.md and docs/rules.md ("Notation") alone, as a stranger to the project
# would write it, without looking at the project's Python helper: it shows that the protocol text is
# enough to join a tournament. It plays the first move listed in `legal`.
#
# Run:   perl clients/perl/firstlegal.pl
# Join:  build/bin/dominoes run --bot 'perlbot=perl clients/perl/firstlegal.pl' --player perlbot ...
use strict;
use warnings;

$| = 1;    # every answer must reach the runner at once, not when a buffer fills

# Returns the key=value fields of a `go` line as a hash reference (the order is fixed by the
# protocol, but a hash does not need it).
sub go_fields {
    my ($rest) = @_;
    my %field;
    for my $pair (split / /, $rest) {
        my ($key, $value) = split /=/, $pair, 2;
        $field{$key} = $value if defined $value;
    }
    return \%field;
}

# Returns the move to play for the observation in `$field`: the first listed legal move.
sub choose {
    my ($field) = @_;
    my @legal = split /,/, ($field->{legal} // '-');
    return $legal[0];
}

while (my $line = <STDIN>) {
    $line =~ s/\r?\n\z//;    # the runner ends lines with \n; accept \r\n too
    next if $line eq '';
    my ($command, $rest) = split / /, $line, 2;
    $rest //= '';
    if ($command eq 'dbp') {
        print STDERR "firstlegal.pl: runner speaks dbp $rest, this bot speaks dbp 1\n" if $rest ne '1';
        print "id name firstlegal.pl\n";
        print "id author written from docs/protocol.md alone\n";
        print "dbpok\n";
    } elsif ($command eq 'isready') {
        print "readyok\n";
    } elsif ($command eq 'go') {
        my $move = choose(go_fields($rest));
        if (!defined $move || $move eq '-') {
            print STDERR "firstlegal.pl: go without legal moves: $line\n";
            next;
        }
        print "move $move\n";
    } elsif ($command eq 'quit') {
        last;
    } elsif ($command eq 'newgame' || $command eq 'hand' || $command eq 'event'
             || $command eq 'gameover') {
        # A first-legal player needs no memory: every `go` carries the whole observation.
    } else {
        print STDERR "firstlegal.pl: ignoring unknown message: $line\n";
    }
}
exit 0;
