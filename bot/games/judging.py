"""Judge tools, undo for players and export, on top of the service core.

Judges (per server: user ids or role ids, as data) read the full log, roll a game back to
action N (exact, by replay), play an adjustment for a seat and record rulings with their rule.
Players undo for free back to the last die roll or revealed card; further back every other
seat still playing must ask for the same undo (consent). Everything is logged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.core import ServiceCore, replay_state
from bot.games.errors import (
    GameMovedOnError,
    NotJudgeError,
    NotSeatedError,
    NotWaitingError,
    UndoError,
    one_sentence,
)
from bot.games.history import ACTION_KINDS, CUT_KINDS, action_data, reveals
from bot.games.limited import Pool, record_meta
from bot.games.model import EntryKind, GameTransition, JudgeLogLine, Ruling, Status, User
from bot.games.store import VersionConflictError
from engine.actions import Action, action_from_dict
from engine.errors import EngineError
from engine.game import apply
from engine.record import GameRecord, replay

MAX_NOTE = 1000


@dataclass(frozen=True)
class UndoRequest:
    """An undo that waits for consent: who asked, who still has to."""

    game_id: int
    to_action: int
    version: int
    asked: frozenset[str]
    waiting_for: frozenset[str]


class Judging(ServiceCore):
    # -- judges -------------------------------------------------------------------------------
    def set_judges(self, guild: str, users: Sequence[str] = (), roles: Sequence[str] = ()) -> None:
        """Who judges on `guild` (the front end checks the caller may change it)."""
        self.store.set_judges(guild, list(users), list(roles))

    def judges(self, guild: str) -> tuple[frozenset[str], frozenset[str]]:
        return self.store.judges(guild)

    def is_judge(self, guild: str, user: User) -> bool:
        users, roles = self.store.judges(guild)
        return user.id in users or bool(roles & user.roles)

    def _judge_only(self, game_id: int, user: User) -> None:
        if not self.is_judge(self.store.game(game_id)["guild"], user):
            raise NotJudgeError("Only a judge of this server may do that.")

    def judge_log(self, game_id: int, judge: User) -> list[JudgeLogLine]:
        """Every entry with who and when, and the events (rolls included) each caused."""
        self._judge_only(game_id, judge)
        live = self.load(game_id)
        entries = self.store.log(game_id)
        in_force = set(live.folded.action_entries)
        start = live.base.begin()
        states = [start.state]
        lines: list[JudgeLogLine] = []
        for entry in entries:
            events: tuple[Any, ...] = ()
            if entry.kind in ACTION_KINDS:
                t = apply(states[-1], action_from_dict(dict(entry.data["action"])))
                states.append(t.state)
                events = t.events
            elif entry.kind in CUT_KINDS:
                del states[int(entry.data["to"]) + 1 :]
            lines.append(JudgeLogLine(entry, events, entry.n in in_force or entry.kind not in
                                      ACTION_KINDS))  # fmt: skip
        return lines

    def rollback(
        self, game_id: int, judge: User, to_action: int, reason: str, expected_version: int
    ) -> GameTransition:
        """Take the game back to just after action `to_action` (0: the start), exactly."""
        self._judge_only(game_id, judge)
        if not reason.strip():
            raise UndoError("A rollback needs a reason, which is logged and announced.")
        with self.locked(game_id):
            live = self._running(game_id)  # type: ignore[attr-defined]
            self._at_version(live, expected_version)
            if not 0 <= to_action < len(live.folded.actions):
                raise UndoError(
                    f"Game {game_id} has {len(live.folded.actions)} actions; roll back to a "
                    f"number from 0 to {len(live.folded.actions) - 1}."
                )
            state = replay_state(live.base, live.folded.actions[:to_action], game_id)
            data = {"to": to_action, "reason": reason.strip()[:MAX_NOTE]}
            entry = self.entry(live, 0, EntryKind.ROLLBACK, None, judge.id, data)
            note = f"{judge.label} rolled the game back to action {to_action}: {data['reason']}"
            return self.commit(live, [entry], state, [], note=note)

    def adjust(
        self, game_id: int, judge: User, action: Action | Mapping[str, Any], expected_version: int
    ) -> GameTransition:
        """A judge plays an action (e.g. a manual adjustment) for the seat it names."""
        from bot.games.service import _action, _apply

        self._judge_only(game_id, judge)
        with self.locked(game_id):
            live = self._running(game_id)  # type: ignore[attr-defined]
            self._at_version(live, expected_version)
            act = _action(action)
            t = _apply(live.state, act)
            data = action_data(act)
            entry = self.entry(live, 0, EntryKind.ADJUSTMENT, act.seat, judge.id, data)
            note = f"{judge.label} (judge) acted for seat {act.seat}"
            return self.commit(live, [entry], t.state, list(t.events), note=note)

    def rule(self, game_id: int, judge: User, rule: str, text: str) -> Ruling:
        """Record a ruling with its rule citation in the game's rulings log."""
        self._judge_only(game_id, judge)
        if not text.strip():
            raise UndoError("A ruling needs its text.")
        version = self.store.game(game_id)["version"]
        rid = self.store.add_ruling(
            game_id, self.now(), judge.id, rule.strip()[:40], text.strip()[:MAX_NOTE], version
        )
        return next(r for r in self.store.rulings(game_id) if r.id == rid)

    def rulings(self, game_id: int) -> list[Ruling]:
        self.store.game(game_id)
        return self.store.rulings(game_id)

    # -- undo for players ----------------------------------------------------------------------
    def undo(
        self, game_id: int, user: User, expected_version: int, to_action: int | None = None
    ) -> GameTransition | UndoRequest:
        """Take back moves to just after action `to_action` (default: the user's last move).
        Free when only the user's own moves go and none rolled a die or revealed a card;
        otherwise an UndoRequest until every other seat still playing asks the same."""
        with self.locked(game_id):
            live = self._running(game_id)  # type: ignore[attr-defined]
            self._at_version(live, expected_version)
            seats = set(self.seats_of(game_id, user))
            if not seats:
                raise NotSeatedError(f"You have no seat in game {game_id}.")
            actions = live.folded.actions
            target = len(actions) - 1 if to_action is None else to_action
            if not actions or not 0 <= target < len(actions):
                raise UndoError("There is no move to undo there.")
            record = _with(live.base, actions[:target])
            states = [replay(record).state]
            free = True
            for action in actions[target:]:
                after = apply(states[-1], action).state
                if action.seat not in seats or reveals(states[-1], after):
                    free = False
                states.append(after)
            if free:
                entry = self.entry(
                    live, 0, EntryKind.UNDO, None, user.id, {"to": target, "consent": [user.id]}
                )
                note = f"{user.label} took back their move"
                return self.commit(live, [entry], states[0], [], note=note)
            return self._ask_undo(live, user, target, states[0])

    def undo_request(self, game_id: int) -> UndoRequest | None:
        """The undo waiting for consent in the game, if any (kept in the bot database, so a
        restart loses none; any entry in the game's log lets it lapse)."""
        with self.locked(game_id):
            row = self.store.undo_request(game_id)
            if row is None or row["version"] != self.store.game(game_id)["version"]:
                return None
            players = self._players(game_id, self.load(game_id))
            waiting = frozenset(players - row["asked"])
            return UndoRequest(game_id, row["to_action"], row["version"], row["asked"], waiting)

    def _players(self, game_id: int, live: Any) -> set[str]:
        return {
            s["user_id"] for s in self.store.seats(game_id)
            if s["user_id"] and s["seat"] not in live.folded.out
        }  # fmt: skip

    def _ask_undo(
        self, live: Any, user: User, target: int, state: Any
    ) -> GameTransition | UndoRequest:
        players = self._players(live.game_id, live)
        old = self.store.undo_request(live.game_id)
        asked = {user.id}
        if old and old["version"] == live.version and old["to_action"] == target:
            asked |= old["asked"]
        waiting = frozenset(players - asked)
        if waiting:
            try:
                self.store.put_undo_request(
                    live.game_id, target, live.version, sorted(asked), self.now()
                )
            except VersionConflictError as exc:
                self._live.pop(live.game_id, None)
                raise GameMovedOnError(
                    live.game_id, exc.version, self.load(live.game_id).state
                ) from exc
            return UndoRequest(live.game_id, target, live.version, frozenset(asked), waiting)
        data = {"to": target, "consent": sorted(asked)}
        entry = self.entry(live, 0, EntryKind.UNDO, None, user.id, data)
        note = f"the players agreed to take the game back to action {target}"
        return self.commit(live, [entry], state, [], note=note)

    # -- export -------------------------------------------------------------------------------
    def export_record(self, game_id: int, user: User) -> str:
        """The record file (engine/record.py) that `warlord-judge game replay` plays: for any
        seat once the game is over (it holds the seed), for a judge at any time."""
        info = self.info(game_id)
        judge = self.is_judge(info.guild, user)
        if not judge and not any(s.user_id == user.id for s in info.seats):
            raise NotSeatedError(f"Only a player or a judge of game {game_id} may export it.")
        if info.status is Status.OPEN:
            raise UndoError(f"Game {game_id} has not started yet.")
        if info.status is Status.RUNNING and not judge:
            raise UndoError(
                "The record holds the dice seed, so players get it when the game has ended."
            )
        live = self.load(game_id)
        meta = {**dict(live.base.meta), "game": game_id, "seed_sha256": info.seed_hash}
        if info.options.seed is not None:
            meta["seed_fixed"] = True  # chosen at the table, not drawn in secret
        pools = [Pool.from_json(row["pool"]) for row in self.store.seats(game_id)]
        if any(pools):
            meta["limited"] = record_meta(
                pools, sealed=info.options.sealed, fixed_warlord=info.options.fixed_warlord
            )
        record = _with(live.base, live.folded.actions, meta)
        return record.to_json(live.state if live.state.is_over else None)

    def _at_version(self, live: Any, expected_version: int) -> None:
        if expected_version != live.version:
            raise GameMovedOnError(live.game_id, live.version, live.state)


def _with(base: GameRecord, actions: Sequence[Action], meta: Any = None) -> GameRecord:
    return GameRecord(
        base.config, base.seed, base.decks, base.cards, tuple(actions),
        base.meta if meta is None else meta, base.position,
    )  # fmt: skip


__all__ = ["EngineError", "Judging", "NotWaitingError", "UndoRequest", "one_sentence"]
