"""The shared vocabulary: cards and decks, the two languages, errors, typed input, QR codes."""
