"""2500: the Québec rummy of sets with a wild rank, la frime (SPEC §4). (A package name cannot start with a digit.)"""
