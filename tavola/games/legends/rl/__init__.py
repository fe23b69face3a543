"""Legends of AZ's encodings for learning agents (its `RlEncoding` capability): the slots
an agent names cards by (`slots`), the action encoding (`actions`), the observation
(`observation`, with card definitions as vectors in `cards`), and both together (`codec`).
NumPy is imported with these modules only, never by `import tavola`."""
