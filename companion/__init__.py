"""companion: keeps the score and checks the play beside a real card table."""

__version__ = "0.1.0"
