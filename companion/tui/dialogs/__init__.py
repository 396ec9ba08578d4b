"""Modal dialogs."""
