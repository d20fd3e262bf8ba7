"""The Discord side of hosted games (issue 8): what the games cog needs besides discord.py.

`links` keeps which Discord thread and messages belong to which game (so messages are edited
in place, also after a restart); `render` turns the service's values into message text within
Discord's limits; `items` are the persistent buttons and selects (`discord.ui.DynamicItem`)
whose `custom_id` carries the game, the seat and the game's version. No game rule lives here:
every decision is the game service's (bot.games) and its notification planner's.
"""
