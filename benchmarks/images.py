"""Memory of `cardtools images`: faces are rendered and written one at a time, so the peak memory
of an export should not grow with the number of faces (a 300-dpi poker face with bleed is
825 × 1125 px, 2.7 MB decoded: holding 1,000 of them would take 2.7 GB).

Each export runs in a fresh process (the Age of Civilization deck with cloned civilizations, each
clone its own face, The Game Crafter profile at 300 dpi) and reports its peak resident memory.
Run: python benchmarks/images.py [FACES ...]   (default: 100 1000)
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from render import synthetic_workspace


def export(faces: int) -> None:
    """Child: export ``faces`` fronts and print seconds, files and peak memory (MiB)."""
    from cardtools.core.loader import load_deck
    from cardtools.core.workspace import Workspace
    from cardtools.render.raster import export_images
    from cardtools.render.units import CARD_SIZES

    root, _ = synthetic_workspace(faces)
    out = Path(tempfile.mkdtemp(prefix="cardtools-images-bench-"))
    try:
        deck = load_deck("aoc", workspace=Workspace(root))
        start = time.perf_counter()
        written = export_images(deck, Workspace(root), out, CARD_SIZES["poker"], 300, "tgc").images
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{len(written)} {seconds:.1f} {peak:.0f}")
    finally:
        shutil.rmtree(root)
        shutil.rmtree(out)


def main(counts: list[int]) -> None:
    print(f"cardtools images: peak memory by number of faces (python {sys.version.split()[0]}, tgc profile, 300 dpi)")
    for count in counts:
        done = subprocess.run([sys.executable, __file__, "--child", str(count)], capture_output=True, text=True,
                              check=True)
        files, seconds, peak = done.stdout.split()
        print(f"  {int(files):5d} images   {float(seconds):6.1f} s ({float(seconds) / int(files) * 1000:4.0f} ms each)"
              f"   peak {int(peak):4d} MiB")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        export(int(sys.argv[2]))
    else:
        main([int(a) for a in sys.argv[1:]] or [100, 1000])
