"""Discord cogs: thin adapters from interactions and messages to the command layer."""
