"""Adapters: the Discord bot, the console front end, command lines and the store."""
