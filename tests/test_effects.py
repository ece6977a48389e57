"""The effect language: registry completeness, schema/text/runtime agreement, never a traceback."""

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtools.core.loader import load_deck
from cardtools.core.schemas import SchemaFile, SchemaStore
from cardtools.core.workspace import Workspace
from cardtools.core.yamlfile import load_yaml
from cardtools.effects.compile import CompileError, Compiler
from cardtools.effects.registry import SchemaParts, all_verbs, verbs
from cardtools.effects.runtime import Ctx, Pending, settle
from cardtools.effects.text import TextRenderer, load_templates
from cardtools.effects.vocabulary import require_vocabulary
from cardtools.core.plugins import plugin, plugins

REPO = Path(__file__).parent.parent
WS = Workspace(REPO)
GAMES = [g for g in WS.games() if (REPO / "templates" / "text" / g / "vocabulary.yaml").is_file()]


@pytest.fixture(scope="module")
def aoc():
    return load_deck("aoc", workspace=WS)


@pytest.fixture(scope="module")
def vocab():
    return require_vocabulary(WS, "aoc")


# -- the registry ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_verb_has_schema_and_text_and_runtime_where_an_engine_exists(game):
    vocab = require_vocabulary(WS, game)
    templates = load_templates(vocab)
    for kind, table in verbs(vocab).items():
        for name, verb in table.items():
            schema = verb.schema(SchemaParts(vocab))
            assert schema is None and kind == "target" or isinstance(schema, dict), f"{kind} {name}: no schema"
            assert name in templates.get(kind, {}), f"{game}: {kind} '{name}' has no text template"
            # an engine grows one verb at a time (docs/engines.md): the verbs it lists in `runs` run
            engine = plugin(game)
            if verb.game is None or (engine is not None and engine.rules is not None and name in engine.runs):
                assert verb.runtime is not None, f"{kind} '{name}' has no runtime"


def test_game_verbs_belong_to_known_games():
    assert {v.game for v in all_verbs()} <= {None, *(p.game for p in plugins())}


# -- schema, compile, text and run agree, for any well-formed tree ------------------------------------

RESOURCES = ["coins", "score", "workers"]
values = st.integers(0, 5) | st.builds(lambda n, per, mx: {"count": {"of": n, "per": per, "max": mx}},
                                       st.sampled_from(["technologies", "wonders", "civilizations", "workers"]),
                                       st.integers(1, 3), st.integers(0, 9)) \
    | st.builds(lambda s, t: {"stat": {"of": s, "times": t}}, st.just("military"), st.integers(-2, 2))
conditions = st.recursive(
    st.builds(lambda s: {"most": s}, st.just("military")) | st.builds(lambda s: {"least": s}, st.just("military"))
    | st.builds(lambda c: {"none": c}, st.sampled_from(["technologies", "wonders"]))
    | st.builds(lambda a, b: {"at_least": [a, b]}, values, values)
    | st.builds(lambda c: {"has": c}, st.sampled_from(["writing", "egypt", "pyramids"])),
    lambda inner: st.builds(lambda cs: {"all": cs}, st.lists(inner, min_size=2, max_size=3))
    | st.builds(lambda c: {"not": c}, inner), max_leaves=4)
targets = st.sampled_from(["you", "others", "all", "opponent", {"least": "military"}])
leaf_effects = (
    st.builds(lambda r, v, w: {"gain": {r: v, "who": w}}, st.sampled_from(RESOURCES), values, targets)
    | st.builds(lambda r, v: {"lose": {r: v}}, st.sampled_from(RESOURCES), values)
    | st.builds(lambda v: {"pay": {"coins": v}}, values)
    | st.builds(lambda v: {"score": v}, values)
    | st.builds(lambda v, w: {"sacrifice": {"workers": v, "who": w}}, values, targets)
    | st.builds(lambda w: {"transfer": {"coins": 1, "from": w}}, st.sampled_from(["others", "opponent"]))
    | st.just({"gain": {"technology": 1}}) | st.just({"gain": {"wonder": 1}})
    | st.just({"perform": {"action": "culture", "without": ["workers"]}}))
effects = st.recursive(leaf_effects, lambda inner: (
    st.lists(inner, min_size=1, max_size=3)
    | st.builds(lambda c, t, e: {"if": c, "then": t, "else": e}, conditions, inner, inner)
    | st.builds(lambda os: {"choose": os}, st.lists(inner, min_size=2, max_size=3))
    | st.builds(lambda e: {"may": e}, inner)
    | st.builds(lambda n, e: {"repeat": {"times": n, "do": e}}, st.integers(0, 3), inner)), max_leaves=6)
triggers = st.sampled_from(["turn_end", "game_end", "gained", {"performed": "farm"}, "used"])
modifiers = (st.builds(lambda v: {"cost": {"of": "research", "add": {"coins": v}}}, values)
             | st.builds(lambda v: {"stat": {"military": v}}, values)
             | st.just({"forbid": "trade"}) | st.just({"immune": "war"}) | st.just({"slot": "hunt"})
             | st.just({"workers": {"of": "wonder", "add": 1}}) | st.just({"allow": "upcoming_actions"}))
abilities = st.lists(
    st.builds(lambda t, e: {"when": t, "do": e}, triggers, effects)
    | st.builds(lambda t, e, c: {"when": t, "do": e, "if": c}, triggers, effects, conditions)
    | st.builds(lambda m, w: {"modify": m, "who": w}, modifiers, st.sampled_from(["you", "others", "all"])),
    min_size=1, max_size=3)


class FakeHost:
    """Just enough of a game for effects to run: resources per player, a military stat."""

    def __init__(self, players=3):
        self.res = [{"coins": 3, "score": 0, "workers": 3, "technology": 0, "wonder": 0} for _ in range(players)]
        self.steps = 0

    def players(self): return range(len(self.res))
    def holders(self, name): return self.players()
    def holding(self, p, r): return self.res[p][r]
    def gain(self, ctx, p, r, n):
        self.steps += 1
        if r in ("technology", "wonder") and n:  # a choice, like the real engine
            return Pending(p, f"which {r}?", ())
        self.res[p][r] += max(0, n)
        return None
    def lose(self, ctx, p, r, n): self.res[p][r] -= min(max(0, n), self.res[p][r])
    def pay(self, ctx, p, r, n): self.res[p][r] -= n; return True
    def take_from(self, ctx, giver, taker, r, n):
        n = min(n, self.res[giver][r])
        self.lose(ctx, giver, r, n)
        return self.gain(ctx, taker, r, n)
    def count(self, ctx, p, name): return {"workers": self.res[p]["workers"]}.get(name, p)
    def stat(self, ctx, p, name): return p
    def rivals(self, ctx, p, name): return [q for q in self.players() if q != p]
    def has(self, ctx, p, card): return False
    def perform(self, ctx, p, action, without): return None
    def sacrifice(self, ctx, p, n): self.res[p]["workers"] -= min(max(0, n), self.res[p]["workers"])
    def param(self, name): return 1


def drive(state, pending, budget=200):
    """Answer every decision with its first option, as an agent would through legal_actions."""
    while pending is not None and budget:
        budget -= 1
        pending = settle(pending.options[0].resume(state)) if pending.options else None


@given(abilities)
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_well_formed_trees_validate_compile_render_and_run(tree):
    doc, found = load_yaml(Path("card.yaml"), yaml.safe_dump({"effects": tree}))
    assert not _schema_errors(doc), _schema_errors(doc)
    compiler = _compiler()
    compiled = [compiler.ability(node, ("effects", i), "test", "effects") for i, node in enumerate(tree)]
    text = _renderer().abilities(tree)
    assert text and "{{" not in text and "None" not in text
    host = FakeHost()
    for ability in compiled:
        if hasattr(ability, "effect"):
            drive(host, settle(ability.effect(host, Ctx(0, "test"))))
    assert all(v >= 0 for r in host.res for v in r.values())


junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(
    ["gain", "gian", "coins", "coin", "turn_end", "others", "military", "farm", "x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(
        ["when", "do", "if", "then", "modify", "gain", "coins", "gian", "who", "of", "per", "count", "choose"]),
        inner, max_size=3), max_leaves=10)


@given(junk)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_malformed_trees_give_positioned_diagnostics_never_a_traceback(tree):
    text = yaml.safe_dump({"effects": tree if isinstance(tree, list) else [tree]})
    doc, _ = load_yaml(Path("card.yaml"), text)
    problems = _schema_errors(doc)
    lines = text.count("\n") + 1
    for d in problems:
        assert 1 <= d.location.line <= lines and d.location.col >= 1
    if problems:
        return
    compiler = _compiler()
    for i, node in enumerate(doc.data["effects"]):
        try:
            compiler.ability(node, ("effects", i), "test", "effects")
        except CompileError as exc:
            assert doc.position("/" + "/".join(map(str, exc.path))).line >= 1


# -- positions and suggestions through real validation ------------------------------------------------

def test_unknown_verb_and_resource_have_positions_and_suggestions(tmp_path, capsys, monkeypatch):
    import shutil

    from cardtools.cli import main

    root = tmp_path / "ws"
    shutil.copytree(REPO / "decks" / "aoc", root / "decks" / "aoc")
    shutil.copytree(REPO / "schemas", root / "schemas")
    shutil.copytree(REPO / "templates", root / "templates")
    path = root / "decks" / "aoc" / "actions.yaml"
    text = path.read_text()
    text = text.replace("do: {gain: {coins: 2}}", "do: {gian: {coins: 2}}", 1)
    text = text.replace("do: {gain: {coins: 3}}", "do: {gain: {coin: 3}}", 1)
    path.write_text(text)
    monkeypatch.chdir(root)  # paths print relative to the working directory
    assert main(["validate", "aoc"]) == 1
    err = capsys.readouterr().err.splitlines()
    lines = path.read_text().splitlines()
    gian = next(i for i, l in enumerate(lines) if "gian" in l)
    coin = next(i for i, l in enumerate(lines) if "{coin: 3}" in l)
    assert f"decks/aoc/actions.yaml:{gian + 1}:{lines[gian].index('gian') + 1}: error[unknown-key]: " \
           "actions[2].effects[0].do: unknown effect 'gian'; did you mean 'gain'?" in err
    assert f"decks/aoc/actions.yaml:{coin + 1}:{lines[coin].index('coin:') + 1}: error[unknown-key]: " \
           "actions[9].effects[0].do.gain: unknown key 'coin'; did you mean 'coins'?" in err


def test_event_words_must_come_from_the_trigger(vocab, aoc):
    with pytest.raises(CompileError) as exc:
        Compiler(vocab, aoc).ability({"when": "turn_end", "do": {"gain": {"coins": {"event": "workers"}}}},
                                     ("main", 0), "x", "main")
    assert exc.value.path == ("main", 0, "do", "gain", "coins", "event")
    assert "not one of this ability's trigger" in exc.value.message


# -- every card has text -----------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_card_with_abilities_has_generated_text(game, capsys):
    from cardtools.cli import main

    assert main(["--root", str(REPO), "text", game, "--format", "json"]) == 0
    texts = json.loads(capsys.readouterr().out)
    deck = load_deck(game, workspace=WS)
    for card in deck.cards:
        for field in deck.manifest.card_types[card.type].effect_fields:
            if card.get(field):
                assert texts[card.id][field], f"{card.id}.{field} has effects but no text"


# helpers ----------------------------------------------------------------------------------------------

_cache: dict = {}


def _vocab():
    if "vocab" not in _cache:
        _cache["vocab"] = require_vocabulary(WS, "aoc")
    return _cache["vocab"]


def _deck():
    if "deck" not in _cache:
        _cache["deck"] = load_deck("aoc", workspace=WS)
    return _cache["deck"]


def _compiler():
    if "compiler" not in _cache:
        _cache["compiler"] = Compiler(_vocab(), _deck())
    return _cache["compiler"]


def _renderer():
    if "renderer" not in _cache:
        _cache["renderer"] = TextRenderer(_vocab(), _deck(), "print")
    return _cache["renderer"]


def _schema_errors(doc):
    store = _cache.get("store")
    if store is None:
        store = _cache["store"] = SchemaStore([REPO / "schemas"])
        # a card with only an effect field, validated against the generated AoC effect schema
        store.files["aoc/_probe.schema.json"] = SchemaFile(
            Path("_probe"), "aoc/_probe.schema.json",
            {"type": "object",
             "properties": {"effects": {"$ref": "effects.schema.json#/$defs/abilities"}}})
    return store.validate("aoc/_probe.schema.json", doc.data, doc)



@pytest.mark.parametrize("game", GAMES)
def test_docs_document_every_verb(game):
    docs = (REPO / "docs" / "effects.md").read_text()
    vocab = require_vocabulary(WS, game)
    section = docs.split(f"### {game}\n", 1)
    assert len(section) == 2, f"docs/effects.md has no verb reference for {game} (cardtools verbs {game} --format markdown)"
    for kind, table in verbs(vocab).items():
        for name in table:
            assert f"**`{name}`**" in section[1], f"docs/effects.md does not document {kind} '{name}' for {game}"


def test_a_misspelt_template_kind_is_reported_at_its_line(tmp_path, capsys, monkeypatch):
    import shutil

    from cardtools.cli import main

    for folder in ("decks/aoc", "schemas", "templates"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    path = tmp_path / "templates/text/aoc/verbs.yaml"
    path.write_text(path.read_text().replace("\neffect:\n", "\nefect:\n"))
    line = path.read_text().splitlines().index("efect:") + 1
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "aoc"]) == 1
    assert f"templates/text/aoc/verbs.yaml:{line}:1: error[template]: unknown kind 'efect'; did you mean 'effect'?" \
        in capsys.readouterr().err
