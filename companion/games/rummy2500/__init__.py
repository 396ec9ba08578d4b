"""2500: the Québec rummy of sets with a wild rank, la frime (SPEC §4)."""

COMMAND = "2500"  # its command line's name (a package name cannot start with a digit); an alias of the game too
