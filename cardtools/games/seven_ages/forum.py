"""7 Ages option 16's Forum (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 16) Artefact
pre-requisites and effects › Artefacts › Forum), as a mixin of the state.

An empire with a Forum may turn an action into a pass as it turns its marker over, banking a '+1 go'
marker (``allow: forum_pass``; the ``extra_go`` counter); it may spend one, once a turn, for a second,
different action straight after any action but a pass or a Vote (``allow: forum_go``). Its markers are
lost when the Forum goes (the penalty's ``removed`` window). Both choices are the kit's pending
decisions (``choose act`` / ``choose pass``; ``choose none`` / ``choose <action>``).
"""

from __future__ import annotations

from cardtools.effects.runtime import Option, Pending

#: The actions a '+1 go' may be spent on, less the one just taken *(judgment: an empire in play neither
#: starts itself nor discards itself as a second action)*.
SECOND_ACTIONS = ("production", "trade", "manoeuvre", "destiny", "civilise")


class Forum:
    """The Forum's pass, its '+1 go' markers and the second action they buy."""

    __slots__ = ()

    #: option 16: empire -> the turn it spent a '+1 go' (one a turn)
    went_again: dict[int, int]

    def forum_offered(self, action: str, seat: int, slot: int) -> bool:
        """As the marker is turned over: with a Forum, the empire chooses the action or a pass (the
        action then starts with ``acting``). Whether it was asked."""
        if not self.artefact_allows(slot, "forum_pass"):
            return False

        def act(st):
            st.queue[:0] = [("acting", action, seat, slot)]

        def passed(st):
            st.extra_go[slot] += 1
            st.note(f"  {st.who(slot)} passes (Forum): a '+1 go' marker on its card ({st.extra_go[slot]})")
        self.decide(Pending(slot, "act or pass?", (Option("act", act), Option("pass", passed))))
        return True

    def task_forum_go(self, action: str, seat: int, slot: int) -> None:
        """Straight after an action: a '+1 go' spent for a second action, different from it (once a turn)."""
        if (self.empire[slot] is None or not self.extra_go[slot] or self.went_again.get(slot) == self.turn
                or not self.artefact_allows(slot, "forum_go")):
            return

        def again(second):
            def run(st):
                if second == "none":
                    return
                st.extra_go[slot] -= 1
                st.went_again = {**st.went_again, slot: st.turn}
                st.note(f"  {st.who(slot)} spends a '+1 go' marker (Forum): a second action, {second}")
                st.task_action(second, seat, slot)
            return run
        options = ("none",) + tuple(a for a in SECOND_ACTIONS if a != action)
        self.decide(Pending(slot, "a second action?", tuple(Option(a, again(a)) for a in options)))

    def forums_kept(self) -> None:
        """An empire with '+1 go' markers that no longer has a Forum loses them (its penalty's ``removed``
        window) *(judgment: "if forum is removed" read as the empire has none left, checked as each action
        starts)*."""
        for slot in self.in_play():
            if self.extra_go[slot] and not self.artefact_allows(slot, "forum_pass"):
                for forum, mod in self.game.artefact_book.changes["allow"]:
                    if "forum_pass" in mod.args.values():
                        self.fire_artefacts("removed", slot, only=forum)
