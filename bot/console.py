"""`warlord-judge console`: the bot's commands in a terminal, no Discord token needed.

Each input line is what a user would type in a channel; the console prints what the bot would
post. Interactive on a terminal (prompt, `help`, `quit`); with piped input it prints exactly one
reply block per input line, separated by blank lines, and exits 0 at end of input or at a `quit`
(or `exit`) line. The console plays one server whose `/settings` persist in the data folder.

It hosts games too (bot.commands.games over the game service in the same database): `as NAME`
switches who types (`as NAME /move 2` types one line as NAME), so one terminal plays every
seat. Public messages are printed as the channel shows them; each private message (a seat's
hand and moves, pings, reminders) under `@NAME (private):`. `/tick HOURS` moves the console's
clock forward (and every game line runs the deadline scheduler), so reminders and timeouts
show without waiting.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TextIO

from bot.commands import Judge, is_ref_query
from bot.commands.games import CHANNEL, GameCommands, Out, UsageError
from bot.commands.text import inline_refs
from bot.games import GameService, User
from bot.render_text import render_reply
from bot.replies import Reply, notice
from bot.store import GuildSettings

CONSOLE_GUILD = 1  # the console plays one pretend server whose user is a moderator
PROMPT = "judge> "
NO_REPLY = "(no reply: the bot answers /commands and [[references]] in messages)"
INLINE_OFF = (
    "(no reply: [[references]] are off on this server; "
    "a moderator turns them on with /settings inline on)"
)
_DOC_OPTION = re.compile(r"(?:^|\s)(?:doc|document):(\S+)\s*$", re.IGNORECASE)
QUIT_WORDS = ("quit", "exit", "/quit", "/exit")
GAME_COMMANDS = ("/game", "/deck", "/move", "/pass", "/undo", "/vacation", "/judge", "/tick")
DEFAULT_USER = "you"
MAX_TICK_HOURS = 24 * 365

HELP = """\
Type what you would type in a Discord channel:
  /rule 104.2            a rule; also ranges (104.2-104.4), lists (602.5, 603.9) or a question
  /define planar         a glossary term, keyword, feat or trait
  /search ranged strike  ranked results (add doc:NAME to pick a document)
  /card kabyrr           a card: stats, text, errata, engine status, the rules it uses
  /settings              this server's settings; /settings document|visibility|inline VALUE
  text with [[509.5]]    inline references ([[planar]], [[card name]]), answered in one reply
  /press 2               press button 2 of the last reply
  /game help             hosted games: /game new, /game join, /deck submit, /move 3, /pass ...
  as NAME [LINE]         type as NAME from now on (or type just LINE as NAME)
  /tick [HOURS]          move the clock forward, then send the reminders and timeouts due
  help, quit (or exit)"""


class ConsoleClock:
    """The real clock (or `start`), plus the hours `/tick` moved it forward."""

    def __init__(self, start: datetime | None = None) -> None:
        self.start = start
        self.offset = timedelta()

    def __call__(self) -> datetime:
        return (self.start or datetime.now(UTC)) + self.offset


@dataclass
class Console:
    """Feeds typed lines to the judge and remembers the last reply's buttons for /press."""

    judge: Judge
    guild_id: int = CONSOLE_GUILD
    last: Reply | None = field(default=None)
    games: GameCommands | None = None
    clock: ConsoleClock = field(default_factory=ConsoleClock)
    user: User = field(default_factory=lambda: User(DEFAULT_USER, DEFAULT_USER))

    def game_commands(self) -> GameCommands:
        """The console's game commands, over the game service in the judge's database."""
        if self.games is None:
            service = GameService(self.judge.store.db, clock=self.clock)
            self.games = GameCommands(service, guild=str(self.guild_id))
        return self.games

    def game_lines(self, line: str) -> list[Out]:
        """The messages of a game line (`as NAME ...` included), and the deadlines now due."""
        text = line.strip()
        if text.lower().startswith("as ") or text.lower() == "as":
            _, _, rest = text.partition(" ")
            name, _, text = rest.strip().partition(" ")
            if not name or not name.replace("-", "").replace("_", "").isalnum() or len(name) > 32:
                return [Out(self.user.id, "error: Type as NAME, a name of letters and digits.")]
            user = User(name.lower(), name)
            if not text.strip():
                self.user = user
                return [Out(user.id, f"You are {name} now.")]
            return self._game_line(user, text.strip())
        return self._game_line(self.user, text)

    def _game_line(self, user: User, text: str) -> list[Out]:
        games = self.game_commands()
        word, _, rest = text.partition(" ")
        if word.lower() == "/tick":
            try:
                hours = float(rest) if rest.strip() else 0.0
                if not 0 <= hours <= MAX_TICK_HOURS:
                    raise ValueError
            except ValueError:
                return [Out(user.id, f"error: Type /tick and hours from 0 to {MAX_TICK_HOURS}.")]
            self.clock.offset += timedelta(hours=hours)
            out = [Out(user.id, f"The clock is now {self.clock():%Y-%m-%d %H:%M} UTC.")]
            return out + games.tick()
        if word.lower() not in GAME_COMMANDS:
            err = UsageError("Game lines start with /game, /deck, /move, /pass or /judge.")
            return [Out(user.id, f"error: {err}")]
        return games.handle(user, text) + games.tick()

    def answer(self, line: str) -> Reply | None:
        """The reply to one typed line, None when the bot would stay silent."""
        text = line.strip()
        if not text.startswith("/"):
            return self.judge.inline(text, self.guild_id)
        name, _, rest = text[1:].partition(" ")
        name = name.lower()
        rest, doc = _split_doc(rest)
        if name == "card":  # a card name is never a document option
            rest, doc = text[1:].partition(" ")[2].strip(), None
        elif doc is None and name in ("rule", "search"):
            rest, doc = self._trailing_doc(rest)
        reply: Reply | None
        if name == "rule":
            reply = self.judge.rule(rest, doc=doc, guild_id=self.guild_id)
        elif name == "define":
            reply = self.judge.define(rest, doc=doc, guild_id=self.guild_id)
        elif name == "search":
            reply = self.judge.search(rest, doc=doc, guild_id=self.guild_id)
        elif name == "card":
            reply = self.judge.card(rest, guild_id=self.guild_id)
        elif name == "settings":
            reply = self._settings(rest)
        elif name == "press":
            reply = self._press(rest)
        else:
            reply = notice(
                f"There is no command /{name[:30]}; "
                "try /rule, /define, /search, /card or /settings.",
                error=True,
            )
        return reply

    def _trailing_doc(self, rest: str) -> tuple[str, str | None]:
        """`104.2 4e-fr` means document 4e-fr, like `104.2 doc:4e-fr`, when the last word is
        exactly a document's name and the words before it are rule numbers; a question is left
        whole."""
        head, _, last = rest.rpartition(" ")
        if not head.strip() or not is_ref_query(head):
            return rest, None
        try:
            names = {d.name for d in self.judge.index.documents()}
        except Exception:  # the judge reports index trouble when it answers
            return rest, None
        return (head.strip(), last) if last in names else (rest, None)

    def _settings(self, rest: str) -> Reply:
        key, _, value = rest.strip().partition(" ")
        key = key.lower()
        if key in ("", "show"):
            return self.judge.show_settings(self.guild_id)
        if key not in ("document", "visibility", "inline"):
            return notice("Use /settings show, or /settings document|visibility|inline VALUE.")
        return self.judge.change_settings(self.guild_id, can_manage=True, **{key: value})

    def _inline_off(self) -> bool:
        try:
            return not self.judge.settings(self.guild_id).inline_refs
        except Exception:  # the judge reports database trouble when it answers
            return False

    def _press(self, rest: str) -> Reply:
        buttons = self.last.buttons if self.last else ()
        if not buttons:
            return notice("The last reply has no buttons to press.", error=True)
        if not rest.strip().isdigit() or not 1 <= int(rest) <= len(buttons):
            return notice(f"Press a button by its number, 1 to {len(buttons)}.", error=True)
        button = buttons[int(rest) - 1]
        if button.disabled:
            return notice("That button is disabled.", error=True)
        return self.judge.press(button.action.to_custom_id(), self.guild_id)

    def is_game_line(self, line: str) -> bool:
        word = line.strip().split(" ", 1)[0].lower()
        return word in GAME_COMMANDS or word == "as"

    def block(self, line: str) -> str:
        """The text printed for one input line (never empty)."""
        if self.is_game_line(line):
            return render_outs(self.game_lines(line), self.user.id)
        reply = self.answer(line)
        if reply is None:
            return INLINE_OFF if inline_refs(line) and self._inline_off() else NO_REPLY
        if reply.buttons or not line.strip().lower().startswith("/press"):
            self.last = reply
        return render_reply(reply)


def render_outs(outs: list[Out], typing: str) -> str:
    """Public messages as the channel shows them; private ones under `@NAME (private):`."""
    blocks: list[str] = []
    for out in outs:
        if out.to == CHANNEL:
            blocks.append(out.text)
        else:
            body = "\n".join("  " + line for line in out.text.splitlines())
            blocks.append(f"@{out.to} (private):\n{body}")
    return "\n".join(blocks) or "(nothing happened)"


def _split_doc(rest: str) -> tuple[str, str | None]:
    match = _DOC_OPTION.search(rest)
    if match is None:
        return rest.strip(), None
    return rest[: match.start()].strip(), match.group(1)


def prompted_lines(prompt: str = PROMPT) -> Iterator[str]:
    """Lines typed at a terminal, with line editing and history where readline exists."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (enables editing and history for input())
    while True:
        try:
            yield input(prompt)
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C leave quietly
            print()
            return


def settings_line(settings: GuildSettings) -> str | None:
    """One line naming the console's settings that differ from the defaults, else None."""
    changed = []
    if settings.default_doc:
        changed.append(f"document {settings.default_doc}")
    if settings.ephemeral:
        changed.append("replies ephemeral")
    if not settings.inline_refs:
        changed.append("[[references]] off")
    if not changed:
        return None
    return (
        f"Console settings: {', '.join(changed)} "
        "(kept in the data folder; change with /settings document|visibility|inline VALUE)."
    )


def run(judge: Judge, lines: Iterable[str], out: TextIO, *, interactive: bool) -> int:
    """Answer every line; returns the exit code (0). `quit` or `exit` stop early; interactive
    mode also skips empty lines and says which saved settings differ from the defaults."""
    console = Console(judge)
    if interactive:
        out.write("Warlord Judge console: type help for the commands, quit to leave.\n")
        with contextlib.suppress(Exception):  # a broken database shows up on the first answer
            note = settings_line(judge.settings(console.guild_id))
            if note:
                out.write(note + "\n")
    for raw in lines:
        line = raw.rstrip("\n")
        word = line.strip().lower()
        if word in QUIT_WORDS:
            break
        if interactive and not word:
            continue
        if word in ("help", "/help"):
            out.write(HELP + "\n\n")
        else:
            out.write(console.block(line) + "\n\n")
        out.flush()
    return 0
