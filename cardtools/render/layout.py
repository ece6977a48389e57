"""Layouts as data: ``templates/layouts/<game>/<card type>.yaml``, merged along ``extends``.

A layout names regions (boxes in millimetres from the card's top-left trim corner) for a card's
front and back, with colours and fonts (after Squib's YAML layouts, DESIGN.md §6). A child
layout overrides its parent's regions by name, key by key; ``null`` removes one; a region may
``extends`` another region of the same face. Layouts are validated against
``schemas/layout.schema.json`` so every mistake is reported at its line.

Which layout a card uses: ``<game>/<type>.yaml``, else ``<game>/card.yaml``, else
``default/card.yaml`` — so any game prints before it has layouts of its own.

Every size from one layout: numbers are millimetres on the layout's ``design_size`` card (poker
unless it says otherwise), and ``face.Frame`` maps them onto the card being printed — the bleed
and the safe-zone margin keep their size, what lies between them stretches, text scales with the
card (never below 6 pt). Where that is not enough, ``sizes:`` restyles regions for one named size
(``mini:``), applied after everything else.

``values:`` names expressions evaluated once per card, in order, before its regions (a later value
and every region may use an earlier one): a quantity several regions share, such as how many lines
a card's glory takes, is written once.

Two settings change how many faces a card type has: ``back_shows`` lists the card fields its back
may show (a Through the Ages back shows its deck and age, which every player can see), and
``per_copy`` lets the front differ between copies of one card (a player-count marking printed on
only some copies).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from cardtools.core.diagnostics import Diagnostic, DiagnosticError, Location, did_you_mean, error, excerpt
from cardtools.core.workspace import Workspace
from cardtools.core.yamlfile import YamlDocument, load_yaml, pointer_from_path
from cardtools.render.fonts import BUILTIN as BUILTIN_FONTS, FontError, register
from cardtools.render.units import CARD_SIZES, Size, card_size

FOLDER = "templates/layouts"
SCHEMA = "layout.schema.json"
DEFAULT = "default/card"
FACES = ("front", "back")
#: Keys a region of each kind must have (after merging).
REQUIRED = {
    "rect": ("x", "y", "width", "height"),
    "line": ("x", "y", "width", "height"),
    "text": ("x", "y", "width", "height", "text"),
    "icon": ("x", "y", "width", "height", "icon"),
    "icons": ("x", "y", "width", "height", "icon", "count"),
    "each": ("x", "y", "width", "height", "items", "regions"),
    "image": ("x", "y", "width", "height", "src"),
}


@dataclass(frozen=True)
class Region:
    name: str
    props: Mapping[str, Any]
    where: Mapping[str, Location]  # the file position of each key's value (where it was last set)
    location: Location  # where the region is named
    children: tuple["Region", ...] = ()  # an ``each`` region's cell regions

    @property
    def kind(self) -> str:
        return self.props.get("kind", "rect")

    def at(self, key: str) -> Location:
        return self.where.get(key, self.location)


@dataclass(frozen=True)
class Layout:
    name: str  # e.g. "aoc/civilization"
    path: Path
    colors: Mapping[str, str]
    fonts: Mapping[str, Path]
    front: tuple[Region, ...]
    back: tuple[Region, ...]
    back_shows: tuple[str, ...] = ()  # card fields the back may show; none: one back per card type
    per_copy: bool = False  # the front sees ``copy`` and ``copies``; each copy is planned on its own
    design_size: Size = CARD_SIZES["poker"]  # the card the numbers are written for
    values: Mapping[str, tuple[Any, Location]] = field(default_factory=dict)  # name -> (expression, where)


# A face while merging: region name -> (props, where, location); insertion order is drawing order.
_Face = dict[str, tuple[dict, dict, Location]]


class LayoutLibrary:
    """Finds, loads and merges layouts from the workspace's templates, then the built-in ones."""

    def __init__(self, workspace: Workspace):
        self.workspace = workspace
        self.folders = workspace.search_path(FOLDER)
        self._merged: dict[str, tuple[dict, list[Diagnostic]]] = {}

    def find(self, name: str) -> Path | None:
        for folder in self.folders:
            path = folder / f"{name}.yaml"
            if path.is_file():
                return path
        return None

    def name_for(self, game: str, card_type: str) -> str:
        for name in (f"{game}/{card_type}", f"{game}/card"):
            if self.find(name):
                return name
        return DEFAULT

    def for_type(self, game: str, card_type: str, size: str = "") -> Layout:
        """The merged layout a card type uses at a named card size (its ``sizes:`` overrides);
        raises ``DiagnosticError`` on any layout mistake."""
        return self.load(self.name_for(game, card_type), size)

    def load(self, name: str, size: str = "") -> Layout:
        merged, problems = self._merge(name, ())
        if problems:
            raise DiagnosticError(problems)
        sized = {face: merged[face] for face in FACES}
        fonts = dict(merged["fonts"])
        values = dict(merged["values"])
        for size_name, spec, doc in merged["sizes"]:
            if size_name == size:
                sized = {face: _merge_face(sized[face], spec.get(face) or {}, doc, f"/sizes/{size_name}/{face}")
                         for face in FACES}
                fonts |= _font_files(spec.get("fonts", {}), doc.path)
                values |= _values(spec.get("values", {}), doc, f"/sizes/{size_name}/values")
        faces = {face: tuple(_regions(sized[face])) for face in FACES}
        problems = [p for face in faces.values() for p in _check(face)]
        if problems:
            raise DiagnosticError(problems)
        return Layout(name, merged["path"], MappingProxyType(merged["colors"]), MappingProxyType(fonts),
                      faces["front"], faces["back"], tuple(merged["back_shows"]), merged["per_copy"],
                      merged["design_size"], MappingProxyType(values))

    def _merge(self, name: str, chain: tuple[str, ...]) -> tuple[dict, list[Diagnostic]]:
        if name in self._merged:
            return self._merged[name]
        path = self.find(name)
        if path is None:
            raise DiagnosticError([error(Path(self.folders[0]) / f"{name}.yaml", 1, 1, "layout",
                                         f"no layout '{name}'{did_you_mean(name, self.available())}")])
        doc, problems = load_yaml(path)
        if doc is None:
            return {}, problems
        if not isinstance(doc.data, dict):
            return {}, [error(path, 1, 1, "layout", "a layout is a mapping with front: and back: regions")]
        problems += self.workspace.schemas.validate(SCHEMA, doc.data, doc, label="layout")
        if problems:
            return {}, problems
        data = doc.data
        parent_name = data.get("extends")
        if parent_name in chain + (name,):
            pos = doc.position("/extends")
            return {}, [error(path, pos.line, pos.col, "layout", f"layouts extend each other in a circle: "
                                                                 f"{' → '.join(chain + (name, parent_name))}")]
        if parent_name:
            if self.find(parent_name) is None:
                pos = doc.position("/extends")
                return {}, [error(path, pos.line, pos.col, "layout",
                                  f"no layout '{parent_name}' to extend{did_you_mean(parent_name, self.available())}")]
            base, problems = self._merge(parent_name, chain + (name,))
            if problems:
                return {}, problems
        else:
            base = {"colors": {}, "fonts": {}, "values": {}, "front": {}, "back": {}, "back_shows": (),
                    "per_copy": False, "design_size": CARD_SIZES["poker"], "sizes": ()}
        merged = {
            "path": path,
            "back_shows": data.get("back_shows", base["back_shows"]),
            "per_copy": data.get("per_copy", base["per_copy"]),
            "design_size": base["design_size"],
            "sizes": base["sizes"] + tuple((name, spec, doc) for name, spec in data.get("sizes", {}).items()),
            "colors": {**base["colors"], **data.get("colors", {})},
            "fonts": {**base["fonts"], **_font_files(data.get("fonts", {}), path)},
            "values": {**base["values"], **_values(data.get("values", {}), doc, "/values")},
        }
        if "design_size" in data:
            try:
                merged["design_size"] = card_size(data["design_size"])
            except ValueError as exc:
                pos = doc.position("/design_size")
                problems.append(error(path, pos.line, pos.col, "layout", str(exc)))
        for face in FACES:
            merged[face] = _merge_face(base[face], data.get(face) or {}, doc, f"/{face}")
        problems += _font_problems(data.get("fonts", {}), doc, ("fonts",))
        for size_name, spec in data.get("sizes", {}).items():
            problems += _font_problems(spec.get("fonts", {}), doc, ("sizes", size_name, "fonts"))
        self._merged[name] = (merged, problems)
        return merged, problems

    def available(self) -> list[str]:
        return sorted({f"{p.parent.name}/{p.stem}" for folder in self.folders for p in folder.glob("*/*.yaml")})


def _font_files(fonts: Mapping[str, str], path: Path) -> dict[str, Path]:
    """A layout's ``fonts:``: TrueType files relative to the layout, or built-in faces by name."""
    return {name: BUILTIN_FONTS[v] if v in BUILTIN_FONTS else Path(os.path.realpath(path.parent / v))
            for name, v in fonts.items()}


def _font_problems(fonts: Mapping[str, str], doc: YamlDocument, at: tuple) -> list[Diagnostic]:
    """Every font a layout names must be a TrueType file reportlab can measure and embed."""
    problems = []
    for name, file in _font_files(fonts, doc.path).items():
        try:
            register(file)
        except FontError as exc:
            pos = doc.position(pointer_from_path((*at, name)))
            problems.append(error(doc.path, pos.line, pos.col, "layout", f"font file {excerpt(fonts[name])}: {exc}"))
    return problems


def _values(values: Mapping[str, Any], doc: YamlDocument, pointer: str) -> dict[str, tuple[Any, Location]]:
    out = {}
    for name, source in values.items():
        pos = doc.position(f"{pointer}/{name}")
        out[name] = (source, Location(doc.path, pos.line, pos.col))
    return out


def _merge_face(base: _Face, own: Mapping, doc: YamlDocument, pointer: str) -> _Face:
    face = {name: (dict(props), dict(where), loc) for name, (props, where, loc) in base.items()}
    for name, spec in own.items():
        key_pos = doc.position(f"{pointer}/{name}", key=True)
        location = Location(doc.path, key_pos.line, key_pos.col)
        if spec is None:
            face.pop(name, None)
            continue
        props, where, _ = face.get(name, ({}, {}, location))
        for key, value in spec.items():
            pos = doc.position(f"{pointer}/{name}/{key}")
            if key == "regions":
                value = _merge_face(props.get("regions", {}), value, doc, f"{pointer}/{name}/regions")
            props[key] = value
            where[key] = Location(doc.path, pos.line, pos.col)
        face[name] = (props, where, location)
    return face


def _regions(face: _Face) -> list[Region]:
    """Regions in drawing order, with region-level ``extends`` applied."""
    out: dict[str, Region] = {}
    for name, (props, where, location) in face.items():
        if "extends" in props:
            other = out.get(props["extends"])
            if other is None:
                raise DiagnosticError([error(where["extends"].path, where["extends"].line, where["extends"].col,
                                             "layout", f"region '{name}' extends '{props['extends']}', which is not "
                                             f"an earlier region of this face{did_you_mean(props['extends'], out)}")])
            props = {**other.props, **{k: v for k, v in props.items() if k != "extends"}}
            where = {**other.where, **where}
        children = tuple(_regions(props["regions"])) if isinstance(props.get("regions"), dict) else ()
        out[name] = Region(name, MappingProxyType(props), MappingProxyType(where), location, children)
    return list(out.values())


def _check(regions: tuple[Region, ...] | list[Region]) -> list[Diagnostic]:
    problems = []
    for region in regions:
        missing = [k for k in REQUIRED[region.kind] if k not in region.props]
        if missing:
            loc = region.location
            problems.append(error(loc.path, loc.line, loc.col, "layout",
                                  f"region '{region.name}' ({region.kind}) needs {', '.join(missing)}"))
        problems += _check(region.children)
    return problems


# -- `cardtools validate` -----------------------------------------------------------------------

def layout_files(workspace: Workspace, game: str) -> list[Path]:
    """The workspace's layouts a game may print with: its own, and the default ones."""
    folder = workspace.root / FOLDER
    return sorted((folder / game).glob("*.yaml")) + sorted((folder / DEFAULT.split("/")[0]).glob("*.yaml"))


def check_layouts(workspace: Workspace, game: str, paths: list[Path], deck) -> list[Diagnostic]:
    """Every mistake in these layouts (and the layouts they extend), at its line."""
    library = LayoutLibrary(workspace)
    problems: list[Diagnostic] = []
    for path in paths:
        try:
            library.load(f"{path.parent.name}/{path.stem}")
        except DiagnosticError as exc:
            problems += exc.diagnostics
    return problems
