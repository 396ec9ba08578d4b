"""The Textual user interface: screens, widgets and dialogs. Rules live in companion.games."""
