"""What is read from the store for the players: the roster, statistics, evenings, export and share."""
