"""Matador (RULES.md §2.7): tiles join where the touching halves add up to seven.

With a double-six set the halves that touch must sum to 7 (10 with double-nine, 13 with
double-twelve: ``match_rule=sum``); a double is one number for matching and full pips in hand; a
blank end takes no ordinary tile. The **matadors** (0-0 and every tile whose halves make the sum)
are wild: they go on any end, blanks included, and their holder chooses which half stays exposed (a
play's ``open``) or, with ``matador_placement=crosswise_both_open``, lays them across the end with
both halves open.

>>> from boneyard.core.layout import Layout
>>> from boneyard.core.tiles import parse_tile as T, format_tiles
>>> rules = MatadorGame().configure()
>>> format_tiles(rules.matadors)
['0-0', '4-3', '5-2', '6-1']
>>> lay = Layout.lead(T("5-3"), left=5)
>>> ordinary = rules.tiles.all_mask & ~rules.matadors
>>> sorted(str(p) for p in rules.plays_for(ordinary, lay) if p.end == "L")  # a 2 on the 5
['2-0 at L', '2-1 at L', '2-2 at L', '3-2 at L', '4-2 at L', '6-2 at L']
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import DRAW, PASS, Action, Play, play
from ...core.game import BRITANNICA, HOYLE_MATADORE, WIKIPEDIA_MATADOR, Game, RuleSet
from ...core.i18n import N_, _
from ...core.layout import Layout
from ...core.options import OptionError, OptionSpec, choices_of, pick, without
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, NAMES, tiles_of
from ...core.words import Voice
from ..block import LINE_DEFAULTS, LINE_OPTIONS
from ..line.options import LINE_SPECS, DrawPolicy
from ..line.presenter import LinePresenter
from ..line.rules import LineRules
from .players import MatadorAgent

if TYPE_CHECKING:
    from ...core.options import Options
    from ..line.state import LineState

__all__ = ["MatadorGame", "MatadorPresenter", "MatadorRules"]

# An end where a crosswise matador a-b (a > b) shows both halves has the code BOTH + 16*a + b.
BOTH = 100


class MatadorPlacement(StrEnum):
    """How a matador is laid (``matador_placement``)."""

    CHOOSE_EXPOSED_HALF = "choose_exposed_half"
    CROSSWISE_BOTH_OPEN = "crosswise_both_open"


# Matador's own options (RULES.md §3 rows 36-38).
MATCH_RULE = OptionSpec(
    "match_rule",
    "choice",
    "how a tile matches an end: equal numbers, or touching halves that sum to the set's "
    "n+1 (sum: 7 with double-six, 10 with double-nine, 13 with double-twelve) or to a "
    "given number",
    ("equal", "sum"),
    ("sum:<n>",),
)

MATADOR_OPTIONAL = OptionSpec(
    "matador_optional",
    "bool",
    "a player whose only plays are matadors may draw instead (while the stock is above the "
    "reserve); once no drawing is possible a held matador must be played",
)

MATADOR_PLACEMENT = OptionSpec(
    "matador_placement",
    "choice",
    "a matador's holder chooses which half stays exposed (choose_exposed_half), or lays it "
    "crosswise with both halves open (crosswise_both_open)",
    choices_of(MatadorPlacement),
)

MATADOR_SPECS: tuple[OptionSpec, ...] = (
    MATCH_RULE,
    MATADOR_OPTIONAL,
    MATADOR_PLACEMENT,
)

MATADOR_OPTIONS: tuple[str, ...] = (
    # No spinners, no bonus play and no rounding of the points (RULES.md §3 rows 13-16, 22).
    *without(
        LINE_OPTIONS,
        "spinner",
        "spinner_sides_first",
        "spinner_fill_first",
        "double_bonus_play",
        "round_scope",
    ),
    "match_rule",
    "matador_optional",
    "matador_placement",
)

MATADOR_DEFAULTS: dict[str, Any] = {
    **LINE_DEFAULTS,
    "draw_policy": "until_playable",
    "stock_reserve": 2,
    "doubles_crosswise": False,
    "match_rule": "sum",
    "matador_optional": True,
    "matador_placement": "choose_exposed_half",
}


class MatadorRules(LineRules):
    """Line play where touching halves make a sum, with wild matadors."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        n = self.tiles.max_pip
        rule = MATCH_RULE.text(options)
        if rule == "equal":
            self.match_sum = -1
        else:
            self.match_sum = n + 1 if rule == "sum" else int(rule.split(":")[1])
            if not 1 <= self.match_sum <= 2 * n:
                raise OptionError(
                    _("{option}: no two halves of this set make that sum").format(
                        option=f"match_rule={rule}"
                    )
                )
        self.matador_optional = MATADOR_OPTIONAL.flag(options)
        placement = MATADOR_PLACEMENT.choice(options, MatadorPlacement)
        self.crosswise = placement is MatadorPlacement.CROSSWISE_BOTH_OPEN
        size = self.tiles.size
        matadors = BIT[0]
        if self.match_sum >= 0:
            for t in range(size):
                if HIGH[t] + LOW[t] == self.match_sum:
                    matadors |= BIT[t]
        self.matadors = matadors
        self.wild_tiles = matadors
        self.draw_keeps_wild = self.matador_optional
        # end_mask[p]: the tiles that may go on an end showing p (or both halves of a crosswise
        # matador, coded BOTH + 16*a + b): a tile with the complement of p, or any matador.
        masks = [self._complement_mask(p) | matadors for p in range(n + 1)]
        masks += [matadors] * (BOTH - len(masks))
        for code in range(BOTH, BOTH + 16 * (n + 1)):
            a, b = divmod(code - BOTH, 16)
            masks.append(self._complement_mask(a) | self._complement_mask(b) | matadors)
        self.end_mask = tuple(masks)

    def _complement_mask(self, p: int) -> int:
        """The tiles with a half that touches ``p`` (makes the sum with it)."""
        if p >= BOTH:
            return 0
        if self.match_sum < 0:
            return self.tiles.suit_mask[p] if p <= self.tiles.max_pip else 0
        need = self.match_sum - p
        return self.tiles.suit_mask[need] if 0 <= need <= self.tiles.max_pip else 0

    def is_matador(self, t: int) -> bool:
        return bool(self.matadors & BIT[t])

    def end_label(self, pip: int) -> str:
        """How an end shows: its pip, or both halves of a crosswise matador (``5|2``)."""
        if pip >= BOTH:
            a, b = divmod(pip - BOTH, 16)
            return f"{a}|{b}"
        return str(pip)

    # ----------------------------------------------------------------- moves
    def _touching(self, t: int, p: int) -> list[int]:
        """The pips ``t`` may leave exposed joining an end showing ``p`` as an ordinary tile."""
        halves = [p] if p < BOTH else list(divmod(p - BOTH, 16))
        out = []
        for h in halves:
            for touch, other in ((HIGH[t], LOW[t]), (LOW[t], HIGH[t])):
                joins = touch == h if self.match_sum < 0 else touch + h == self.match_sum
                if joins and other not in out:
                    out.append(other)
        return out

    def _exposures(self, t: int, p: int) -> list[int | None]:
        """The ``open`` values of the legal plays of ``t`` on an end showing ``p`` (``None``
        where the rules leave no choice)."""
        if self.is_matador(t):
            if self.crosswise:
                return [None]
            return [None] if DOUBLE[t] else [HIGH[t], LOW[t]]
        shown = self._touching(t, p)
        return [None] if len(shown) == 1 else list(shown)

    def plays_for(self, hand: int, layout: Layout) -> list[Action]:
        out: list[Action] = []
        names, pips, end_mask = layout.names, layout.pips, self.end_mask
        for i, p in enumerate(pips):
            if p < 0:
                continue
            for t in tiles_of(hand & end_mask[p]):
                for shown in self._exposures(t, p):
                    out.append(play(t, names[i], shown))
        return out

    def legal_actions(self, state: LineState) -> list[Action]:
        layout = state.layout
        if layout is None or state.finding_lead:
            return super().legal_actions(state)
        hand = state.hands[state.turn]
        plays = self.plays_for(hand, layout)
        can_draw = self.can_draw and state.stock_pos + self.reserve < len(state.stock)
        if self.draw_policy is DrawPolicy.ONE_THEN_PASS and state.drew:
            can_draw = False
        if not plays:
            return [DRAW] if can_draw else [PASS]
        only_matadors = all(self.is_matador(a.tile) for a in plays if isinstance(a, Play))
        if can_draw and (self.voluntary_draw or (self.matador_optional and only_matadors)):
            return [*plays, DRAW]
        return plays

    def lay(self, layout: Layout, action: Play) -> Layout:
        assert action.end is not None
        i = layout.names.index(action.end)
        t = action.tile
        if action.open is not None:
            exposed = action.open
        elif self.is_matador(t):
            # Crosswise, both halves stay open; a double matador shows its number.
            crosswise = self.crosswise and not DOUBLE[t]
            exposed = BOTH + 16 * HIGH[t] + LOW[t] if crosswise else HIGH[t]
        else:
            exposed = self._touching(t, layout.pips[i])[0]
        return layout.attach(i, t, exposed)

    def exposed_pip(self, layout: Layout, tile: int, end: str) -> int | None:
        if end not in layout.names:
            return None
        p = layout.pips[layout.names.index(end)]
        if p < 0 or not self.end_mask[p] & BIT[tile] or self.is_matador(tile):
            return None
        shown = self._touching(tile, p)
        return shown[0] if len(shown) == 1 else None

    def canonical_open(self, layout: Layout, tile: int, end: str, open_pip: int) -> int | None:
        # A matador's exposed half is the player's choice: the ``open`` is part of the play
        # (a double matador shows its number, so there is nothing to choose).
        if self.is_matador(tile) and not self.crosswise and not DOUBLE[tile]:
            return open_pip
        if self.is_matador(tile) and DOUBLE[tile]:
            return None if open_pip == HIGH[tile] else open_pip
        return super().canonical_open(layout, tile, end, open_pip)

    def kernel_fields(self) -> dict[str, Any]:
        return {
            **super().kernel_fields(),
            "table": "matador",
            "matadors": self.matadors,
            "matador_optional": self.matador_optional,
            "matador_crosswise": self.crosswise,
            "match_sum": self.match_sum,
        }

    def describe_tile(self, t: int) -> str:
        return f"{NAMES[t]} (matador)" if self.is_matador(t) else NAMES[t]


MATADOR_HELP = N_("""\
In Matador a matador is played one of two ways, each a move of its own: 5-2 R 5 plays the matador
5-2 at R leaving its 5 exposed (the next tile there needs a 2), 5-2 R 2 leaves the 2 exposed.
The open ends say what each needs; a matador (starred * in your hand) goes on any end.""")


class MatadorPresenter(LinePresenter[MatadorRules]):
    """Matador told: what each end needs, the matadors starred, the half a play leaves
    exposed."""

    default_opponent = "matador"

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        n, total = rules.tiles.max_pip, rules.match_sum
        matadors = ", ".join(NAMES[t] for t in sorted(tiles_of(rules.matadors)))
        if total < 0:
            join = _("Tiles join where the touching halves are equal")
        else:
            pairs = ", ".join(
                _("{a} with {b}").format(a=a, b=total - a)
                for a in range(n, -1, -1)
                if a > total - a >= 0 and a <= n
            )
            join = _(
                "Tiles join where the touching halves add up to {total} ({pairs}); a double "
                "counts as one number (a double {n} on an end needs a {need})"
            ).format(total=total, pairs=pairs, n=n, need=total - n)
        if rules.crosswise:
            matador_words = _(
                "The matadors {matadors} (starred * in your hand) go on any end, blanks "
                "included, laid crosswise so that both halves stay open."
            )
        else:
            matador_words = _(
                "The matadors {matadors} (starred * in your hand) go on any end, blanks "
                "included; you choose which half stays exposed (each way is a move of its own; "
                "type e.g. 5-2 R 5 to leave the 5 showing)."
            )
        return [
            join + ". " + _("A blank end takes no ordinary tile: only a matador."),
            matador_words.format(matadors=matadors),
            self.drawing_text(),
        ]

    def draw_also(self) -> str:
        if self.rules.matador_optional:
            return _("; you may draw rather than spend a matador")
        return ""

    def help_lines(self) -> list[str]:
        return [_(MATADOR_HELP)]

    def marked(self) -> int:
        return self.rules.matadors

    def marks_legend(self) -> str:
        return _("* = matador: goes on any end")

    def mark_name(self) -> str:
        return _("a matador")

    def end_needs(self, pip: int) -> str | None:
        """What an end showing ``pip`` takes, in words: ``needs a 2 or a matador``, or ``closed:
        only a matador`` for a blank.

        >>> from boneyard.games import get_game
        >>> presenter = get_game("matador").configure().presenter
        >>> presenter.end_needs(5), presenter.end_needs(0)
        ('needs a 2 or a matador', 'closed: only a matador')
        """
        rules = self.rules
        halves = list(divmod(pip - BOTH, 16)) if pip >= BOTH else [pip]
        needs: list[int] = []
        for h in halves:
            need = h if rules.match_sum < 0 else rules.match_sum - h
            if 0 <= need <= rules.tiles.max_pip and need not in needs:
                needs.append(need)
        if not needs:
            return _("closed: only a matador")
        return _("needs {pips} or a matador").format(
            pips=_(" or ").join(_("a {n}").format(n=n) for n in needs)
        )

    def play_detail(self, layout: Layout | None, action: Play) -> str:
        """What a play leaves exposed at its end: ``exposing 5``, or for a crosswise matador
        ``laid crosswise: 5 and 2 open``."""
        if layout is None or action.end not in layout.names:
            return ""
        try:
            after = self.rules.lay(layout, action)
        except (ValueError, IndexError):
            return ""
        pip = after.pips[layout.names.index(action.end)]
        if pip >= BOTH:
            a, b = divmod(pip - BOTH, 16)
            return _("laid crosswise: {a} and {b} open").format(a=a, b=b)
        return _("exposing {pip}").format(pip=pip)


class MatadorGame(Game):
    id: ClassVar[str] = "matador"
    order: ClassVar[int] = 70
    title: ClassVar[str] = "Matador"
    summary: ClassVar[str] = (
        "Join tiles so that the touching halves make seven; blanks are closed except to the "
        "matadors (0-0, 6-1, 5-2, 4-3), which go anywhere."
    )
    option_specs = pick(MATADOR_OPTIONS, LINE_SPECS, MATADOR_SPECS)
    defaults: ClassVar[dict[str, Any]] = MATADOR_DEFAULTS
    default_rules = "britannica"
    rules_class = MatadorRules
    presenter_class = MatadorPresenter
    end_names = "L and R (the two ends of the line)"
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "britannica": RuleSet(
            "britannica",
            "The 1910 Encyclopaedia Britannica: 7 tiles each; the highest double begins; a player "
            "who cannot make seven draws until he can, two tiles always left; he may draw rather "
            "than spend his matadors; blocked: the lower hand scores both hands combined; 100 up.",
            {
                "hand_size": 7,
                "blocked_scoring": "combined",
            },
            BRITANNICA,
        ),
        "hoyle": RuleSet(
            "hoyle",
            "A Hoyle-style 'Matadore': 3 tiles each; the lowest draw has the first pose, then the "
            "lead alternates; draw when unable to play, and a player able to play may still draw; "
            "three tiles stay undrawn with two players, none with more; blocked: the lower hand "
            "wins, his own hand not counted; 100 up.",
            {
                "hand_size": 3,
                "first_lead": "draw_lowest",
                "lead_tile": "any",
                "next_lead": "alternate",
                "stock_reserve": "2:3,3:0,4:0",
                "voluntary_draw": True,
                "blocked_scoring": "opponents",
            },
            HOYLE_MATADORE,
        ),
        "modern": RuleSet(
            "modern",
            "The modern game (Wikipedia): 5 tiles each; the highest double leads; a player "
            "who cannot play draws until a tile fits and must play it, knocking once the "
            "boneyard is empty (draw_policy=one_then_pass: draw one, pass if it does not fit); "
            "the player who goes out scores the others' pips; blocked: the lowest hand scores "
            "the others' total minus his own; 100 up.",
            {
                "hand_size": 5,
                "stock_reserve": 0,
                "matador_optional": False,
            },
            WIKIPEDIA_MATADOR,
        ),
    }

    def agents(self) -> dict[str, Callable[[], Any]]:
        """Matador's own player, the ``matador`` heuristic of RULES.md §6 (:mod:`.players`)."""
        return {"matador": MatadorAgent}
