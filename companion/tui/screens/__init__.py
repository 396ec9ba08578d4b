"""Full screens."""
