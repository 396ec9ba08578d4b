"""The store: the SQLite file (schema, migrations, inspection, recovery), a match's session, the settings."""
