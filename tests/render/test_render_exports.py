"""PNG and Tabletop Simulator exports: exact pixel sizes, sheet limits, well-formed JSON."""

import json

import pytest
from PIL import Image

from cardtools.cli import main


@pytest.mark.parametrize("profile, size", [("plain", (750, 1050)), ("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_png_per_card_at_exact_size(demo, profile, size, capsys):
    assert main(["images", "demo", "--profile", profile, "-o", "img"]) == 0
    files = sorted(p.name for p in (demo.root / "img").glob("*.png"))
    # one image per distinct card (count 0 cards are printed elsewhere) and one back per card type
    assert files == ["archer.png", "back-event.png", "back-unit.png", "banner.png", "knight.png", "scout.png"]
    for name in files:
        with Image.open(demo.root / "img" / name) as image:
            assert image.size == size and image.mode == "RGB"


def test_images_manifest_says_how_many_of_each_and_which_back(demo, capsys):
    assert main(["images", "demo", "-o", "img"]) == 0
    assert "copies and backs: img/manifest.csv, img/manifest.json" in capsys.readouterr().out
    assert (demo.root / "img/manifest.csv").read_text().splitlines() == [
        "file,card,name,copies,back",
        "archer.png,archer,Archer,3,back-unit.png",
        "knight.png,knight,Knight,2,back-unit.png",
        "scout.png,scout,Scout,2,back-unit.png",
        "banner.png,banner,Banner,1,back-event.png",
    ]
    manifest = json.loads((demo.root / "img/manifest.json").read_text())
    assert (manifest["game"], manifest["players"], manifest["pixels"]) == ("demo", None, [750, 1050])
    assert all((demo.root / "img" / row["file"]).is_file() and (demo.root / "img" / row["back"]).is_file()
               for row in manifest["files"])


def test_images_for_a_player_count_and_a_selection(demo):
    assert main(["images", "demo", "--players", "2", "--only", "type:unit", "-o", "img"]) == 0
    rows = json.loads((demo.root / "img/manifest.json").read_text())["files"]
    assert [(r["card"], r["copies"]) for r in rows] == [("archer", 3), ("knight", 2), ("scout", 1)]
    assert sorted(p.name for p in (demo.root / "img").glob("*.png")) == [
        "archer.png", "back-unit.png", "knight.png", "scout.png"]


def test_png_dpi_scales_the_pixels(demo):
    assert main(["images", "demo", "--dpi", "150", "-o", "img"]) == 0
    with Image.open(demo.root / "img" / "archer.png") as image:
        assert image.size == (375, 525)


def test_tts_sheets_and_saved_object(demo, capsys):
    assert main(["tts", "demo", "-o", "tts", "--url-prefix", "https://example.org/cards"]) == 0
    save = json.loads((demo.root / "tts" / "demo.json").read_text())
    units, event = save["ObjectStates"]
    assert units["Name"] == "Deck" and units["Nickname"] == "Unit"
    assert units["DeckIDs"] == [100, 100, 100, 101, 101, 102, 102]  # archer × 3, knight × 2, scout × 2
    [(key, custom)] = units["CustomDeck"].items()
    assert key == "1" and (custom["NumWidth"], custom["NumHeight"]) == (4, 1)  # 3 faces + the hidden back
    assert custom["FaceURL"].startswith("https://example.org/cards/demo-unit-")
    assert [c["Nickname"] for c in units["ContainedObjects"]] == ["Archer"] * 3 + ["Knight"] * 2 + ["Scout"] * 2
    assert event["Name"] == "Card" and event["CardID"] == 200  # a single copy is a card, not a deck
    rows = json.loads((demo.root / "tts" / "manifest.json").read_text())["files"]
    assert [(r["card"], r["copies"], r["tts_card_id"]) for r in rows] == [
        ("archer", 3, 100), ("knight", 2, 101), ("scout", 2, 102), ("banner", 1, 200)]
    assert rows[0]["file"] == custom["FaceURL"].rsplit("/", 1)[1]
    assert rows[0]["back"] == custom["BackURL"].rsplit("/", 1)[1]
    sheet = demo.root / "tts" / custom["FaceURL"].rsplit("/", 1)[1]
    with Image.open(sheet) as image:
        assert image.size == (4 * 409, 572) and image.mode == "RGB"
        assert image.width <= 4096 and image.height <= 4096


def test_tts_sheet_names_change_with_content_and_old_ones_go(demo):
    assert main(["tts", "demo", "-o", "tts"]) == 0
    before = {p.name for p in (demo.root / "tts").glob("demo-unit-*.png")}
    demo.replace("decks/demo/cards.yaml", "name: Archer", "name: Bowman")
    assert main(["tts", "demo", "-o", "tts"]) == 0
    after = {p.name for p in (demo.root / "tts").glob("demo-unit-*.png")}
    assert len(after) == 2 and len(before & after) == 1  # new face sheet; the unchanged back keeps its name


def test_a_full_sheet_stays_within_the_simulators_limits():
    from cardtools.render.tts import card_pixels, grid_for
    from cardtools.render.units import CARD_SIZES

    for size in CARD_SIZES.values():
        width, height = card_pixels(size)
        assert width * 10 <= 4096 and height * 7 <= 4096
    assert grid_for(69) == (10, 7) and grid_for(3) == (4, 1) and grid_for(12) == (10, 2)


def test_build_writes_every_games_print_and_play(repo, tmp_path, capsys, monkeypatch):
    import shutil

    root = tmp_path / "ws"
    for folder in ("decks", "schemas"):
        shutil.copytree(repo.root / folder, root / folder)
    monkeypatch.chdir(tmp_path)
    assert main(["--root", str(root), "build"]) == 0
    for game in (p.parent.name for p in (root / "decks").glob("*/game.yaml")):
        for paper in ("a4", "letter"):
            assert (tmp_path / "out" / f"{game}-pnp-{paper}.pdf").read_bytes().startswith(b"%PDF")
            assert (tmp_path / "out" / f"{game}-reference-{paper}.pdf").read_bytes().startswith(b"%PDF")


def test_a_dpi_beyond_what_any_card_needs_is_refused_before_rendering(demo, capsys):
    """`--dpi 5000` ran out of memory with a traceback (MemoryError) after writing nothing useful."""
    assert main(["images", "demo", "--dpi", "5000", "-o", "img"]) == 2
    assert capsys.readouterr().err.strip() == (
        "cardtools images: error: --dpi 5000: 12,500 × 17,500 pixels a card, more than the 40,000,000 any card "
        "needs; at most 2,138 dpi at this card size")
    assert not (demo.root / "img").exists()


def test_an_interrupted_export_leaves_no_manifest_of_the_images_before(demo, capsys, monkeypatch):
    """Ctrl-C half way replaced some images and kept the last export's manifests, which then described
    a mix of old and new files; now an unfinished export has no manifest (they are written last)."""
    from cardtools.render import raster

    assert main(["images", "demo", "-o", "img"]) == 0
    encode, calls = raster.png_bytes, []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return encode(*args, **kwargs)
    monkeypatch.setattr(raster, "png_bytes", interrupted)
    assert main(["images", "demo", "--dpi", "100", "-o", "img"]) == 130
    assert capsys.readouterr().err.strip() == "cardtools: interrupted"
    assert sorted(p.name for p in (demo.root / "img").iterdir() if not p.name.endswith(".png")) == []
