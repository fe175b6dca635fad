"""Event sources: turn one step's observations into raw inputs and match values."""
